"""`ascend-dump graph PATH [--compare REF] [--json]`: the graph the Graph view shows, with compare statuses
(cli.md). PATH is a GE graph file or an msprobe rank folder (or dump path: ``--run`` picks the run)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_dump_gui.cli.output import print_json, warn
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import terminal_text

if TYPE_CHECKING:
    from ascend_dump_gui.core.graph.document import Summary


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `graph` verb."""
    parser = sub.add_parser("graph", help="Print the model graph of a GE graph dump or an msprobe run.",
                            description="The graph the Graph view shows: GE ops with their name scopes, or an "
                                        "msprobe run's modules (construct.json) and calls (dump.json) in both "
                                        "directions; with --compare, each node's compare status.")
    parser.add_argument("path", metavar="PATH", help="a GE graph file (ge_proto*.txt) or an msprobe rank folder")
    parser.add_argument("--compare", metavar="REF",
                        help="the bench msprobe dump, or the golden dump of a GE graph's NPU dump")
    parser.add_argument("--dump", metavar="DIR",
                        help="GE only: the NPU dump compared with REF (default: the graph file's folder)")
    parser.add_argument("--run", metavar="LABEL", help="msprobe only: the run to show, e.g. step0/rank1, or a "
                                                       "step's pipeline stages as one model: pipeline:step0")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.set_defaults(func=_run)


def _msprobe(args: argparse.Namespace) -> dict | Summary:
    """The document (``--json``), else its figures (counted without making the document)."""
    from ascend_dump_gui.core.graph.document import msprobe_run_document, msprobe_run_summary

    made, problems = (msprobe_run_document if args.json else msprobe_run_summary)(args.path, args.run, args.compare)
    for problem in problems:
        warn(problem.message)
    return made


def _ge(args: argparse.Namespace) -> dict:
    from ascend_dump_gui.core.graph.document import ge_document
    from ascend_dump_gui.core.graph.load import load_graphs
    from ascend_dump_gui.core.graph.overlay import compare_overlay

    loaded = load_graphs(args.path)
    overlay = None
    if args.compare:
        from ascend_dump_gui.core.compare.engine import compare

        result = compare(args.dump or str(Path(args.path).parent), args.compare, graph=args.path)
        statuses = ["pass" if r.reached else ("fail" if r.reached is False else "n/a") for r in result.rows]
        first = result.first_divergence.op_name if result.first_divergence is not None else None
        overlay = compare_overlay(loaded.npu, result.rows, statuses, first_divergence=first,
                                  overflow_ops=[o.op_name for o in result.overflows])
    return ge_document(loaded.npu, overlay)


def _run(args: argparse.Namespace) -> int:

    path = Path(args.path)
    if path.is_dir():
        document = _msprobe(args)
    elif path.is_file():
        document = _ge(args)
    else:
        raise InputError(args.path, "no such file or folder")
    if args.json:
        print_json(document)
        return 0
    from ascend_dump_gui.core.graph.document import Summary, summary

    figures = document if isinstance(document, Summary) else summary(document)
    print(terminal_text(f"{args.path}: {', '.join(f'{n} {k}' for k, n in sorted(figures.kinds.items()))} nodes, "
                        f"{figures.edges} edges"))
    if figures.statuses:
        print("statuses: " + ", ".join(f"{n} {s}" for s, n in sorted(figures.statuses.items())))
        print(terminal_text(f"first divergence: {figures.first_divergence or 'none'}"))
    return 0
