"""`python -m ascend_dump_gui.cli`."""

from ascend_dump_gui.cli import run

run()
