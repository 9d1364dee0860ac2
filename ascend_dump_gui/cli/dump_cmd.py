"""`ascend-dump show` (scaffold: replaced by the issue that implements it)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import warn


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `show` verb."""
    parser = sub.add_parser("show", help="Show a dump file's header and tensor summaries.")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    warn("`show` is not available yet")
    return 2
