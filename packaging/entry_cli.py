"""PyInstaller entry point for the `ascend-dump` command line."""

from ascend_dump_gui.cli import run

run()
