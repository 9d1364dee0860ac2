"""PyInstaller entry point for the `ascend-dump` command line."""

import sys

from ascend_dump_gui.cli import main

sys.exit(main())
