"""`python -m ascend_dump_gui.cli`."""

import sys

from ascend_dump_gui.cli import main

sys.exit(main())
