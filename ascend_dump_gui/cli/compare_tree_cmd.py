"""`ascend-dump compare NPU [REF] --mode golden|ranks|steps`: whole trees, run by run (cli.md, issue 15)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ascend_dump_gui.cli.output import place, print_json, warn
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import terminal_text
from ascend_dump_gui.core.metrics.names import resolve_names

if TYPE_CHECKING:
    from ascend_dump_gui.core.runs.tree_compare import TreeCompareResult

MODES = ("golden", "ranks", "steps")  # core.runs.tree_compare.MODES, kept in step by a test


def add_options(parser: argparse.ArgumentParser) -> None:
    """The tree options of `compare`."""
    group = parser.add_argument_group("whole trees (many ranks and steps)")
    group.add_argument("--mode", choices=MODES,
                       help="compare every run of the NPU tree: golden (each rank and step against REF), ranks "
                            "(each rank against the lowest rank of its data-parallel group; REF not needed), "
                            "steps (each step against the previous one)")
    group.add_argument("--ranks", metavar="LIST", help="ranks to compare, e.g. 0-3,8")
    group.add_argument("--steps", metavar="LIST", help="steps to compare, e.g. 0,2-4")
    group.add_argument("--groups", metavar="SPEC",
                       help="data-parallel groups for --mode ranks, e.g. '0-3;4-7' (default: all ranks in one)")
    group.add_argument("--stats-first", action="store_true",
                       help="compare statistics first (stats CSV, else computed once per tensor) and full "
                            "tensors only for the runs whose statistics differ")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the per-run work on a Dask distributed scheduler (tcp://host:8786); workers "
                            "read the files where they sit, so paths must be the same on every worker")


def wanted(args: argparse.Namespace) -> bool:
    """Whether any tree option was given."""
    return any((args.mode, args.ranks, args.steps, args.groups, args.stats_first, args.scheduler))


def _progress(done: int, total: int, message: str) -> None:
    if total and sys.stderr.isatty():
        print(f"\r{done}/{total} runs", end="" if done < total else "\n", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.runs.executor import make_executor
    from ascend_dump_gui.core.runs.tree_compare import compare_tree, parse_groups, parse_int_list

    mode = args.mode or "golden"
    if args.out:
        raise InputError(None, "--out writes the CSV of one folder pair; with --mode use --json")
    try:
        names = resolve_names([n for n in args.metrics.split(",") if n.strip()]) if args.metrics else None
    except ValueError as exc:
        raise InputError(None, str(exc)) from None
    executor = make_executor(args.scheduler)
    try:
        result = compare_tree(args.npu, args.golden, mode=mode, ranks=parse_int_list(args.ranks, "--ranks"),
                              steps=parse_int_list(args.steps, "--steps"), groups=parse_groups(args.groups),
                              stats_first=args.stats_first, metrics=names, tolerance=args.tolerance,
                              executor=executor, progress=_progress)
    finally:
        executor.close()
    if args.json:
        print_json(result.to_json())
    else:
        _print_human(result)
    return 1 if args.fail_on_mismatch and (result.summary["failed"] or result.summary["not_compared"]) else 0


def _print_human(result: TreeCompareResult) -> None:
    s = result.summary
    print(f"{s['mode']}: {s['runs']} runs ({len(s['ranks'])} ranks x {len(s['steps'])} steps), {s['rows']} "
          f"tensors, {s['failed']} not reached, {s['not_compared']} not compared, {s['full_compared_runs']} runs "
          f"compared in full, executor "
          f"{s['executor']}")
    d = result.first_divergence
    if d is None:
        print("first divergence: none")
    else:
        print(terminal_text(f"first divergence: {place(d['rank'], d['step'])}: {d['tensor']} "
                            f"({d.get('op_type')}): {d.get('message')}"))   # names from dumps: escaped
    for entry in result.disagreeing:
        print(f"disagrees with its group: rank {entry['rank']} (reference rank {entry['reference_rank']}) at "
              f"steps {', '.join(map(str, entry['steps']))}")
    for run in result.runs:
        if run["overflows"]:
            print(f"overflow: {place(run['rank'], run['step'])}: {run['overflows']} tensors or records")
    for lost in result.lost:
        warn(f"not compared: {place(lost['rank'], lost['step'])} ({lost['npu']}): {lost['reason']}")
    for item in result.unpaired:
        warn(f"not compared: {place(item['rank'], item['step'])} ({item['path']}): {item['reason']}")
