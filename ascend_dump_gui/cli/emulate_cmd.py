"""`ascend-dump emulate` (scaffold: replaced by the issue that implements it)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import warn


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `emulate` verb."""
    parser = sub.add_parser("emulate", help="Run a built-in model under an emulated Ascend precision mode.")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    warn("`emulate` is not available yet")
    return 2
