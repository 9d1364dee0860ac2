"""`ascend-dump compare` (scaffold: replaced by the issue that implements it)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import warn


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `compare` verb."""
    parser = sub.add_parser("compare", help="Compare NPU dumps with golden dumps.")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    warn("`compare` is not available yet")
    return 2
