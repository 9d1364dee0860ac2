"""PyInstaller entry point for the windowed app."""

import sys

from ascend_dump_gui.__main__ import main

sys.exit(main())
