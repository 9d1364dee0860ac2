"""`ascend-dump scan` (scaffold: replaced by the issue that implements it)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import warn


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `scan` verb."""
    parser = sub.add_parser("scan", help="Index a dump folder of any layout.")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    warn("`scan` is not available yet")
    return 2
