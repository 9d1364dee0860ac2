"""`ascend-dump config` (scaffold: replaced by the issue that implements it)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import warn


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `config` verb."""
    parser = sub.add_parser("config", help="Check, locate and export dump configs.")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    warn("`config` is not available yet")
    return 2
