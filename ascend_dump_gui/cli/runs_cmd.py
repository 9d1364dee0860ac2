"""`ascend-dump runs DIR [--json]`: the runs of a dump tree, one per (rank, step, model) folder (cli.md)."""

from __future__ import annotations

import argparse
from collections import Counter

from ascend_dump_gui.cli.output import place, print_json
from ascend_dump_gui.core.inert import terminal_text


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `runs` verb."""
    parser = sub.add_parser("runs", help="List the runs (rank x step x model folders) of a dump tree.",
                            description="Index the runs of a dump tree: one entry per (rank, step, model) folder, "
                                        "with its file count and whether statistics are present (no tensor is "
                                        "read).")
    parser.add_argument("dir", metavar="DIR", help="the dump tree")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.runs.index import index_runs
    from ascend_dump_gui.core.scan.scanner import check_root

    index = index_runs(check_root(args.dir))
    if args.json:
        print_json(index.to_json())
        return 0
    formats = Counter(r.format for r in index.runs)
    print(terminal_text(f"{index.root}: {len(index.runs)} runs ({', '.join(f'{n} {f}' for f, n in sorted(formats.items()))}), "
          f"{len(index.ranks)} ranks, {len(index.steps)} steps, {len(index.problems)} problems"))
    for run in index.runs:
        stats = ", stats" if run.has_stats else ""
        print(terminal_text(f"  {place(run.rank, run.step) or 'no rank or step'} {run.model_name or ''} [{run.format}] {run.files} "
                            f"files{stats}: {run.path or '.'}"))     # folder names: escaped
    if index.problems:       # every folder or file that could not be read, as scan lists them
        print("problems:")
        for problem in index.problems:
            print(terminal_text(f"  {problem.path}: {problem.message}"))
    return 0
