"""`ascend-dump compare NPU GOLDEN`: msaccucmp's metrics, the first diverging op, overflows, watcher."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ascend_dump_gui.cli import compare_tree_cmd, replay_cmd
from ascend_dump_gui.cli.output import note_replacing, print_json, warn
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import terminal_text
from ascend_dump_gui.core.metrics import early
from ascend_dump_gui.core.metrics.names import METRIC_NAMES, resolve_names

if TYPE_CHECKING:
    from ascend_dump_gui.core.compare.engine import CompareResult


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `compare` verb."""
    parser = sub.add_parser(
        "compare", help="Compare NPU dumps with golden .npy files or another NPU dump tree.",
        description="Compare NPU dumps (a dump file or a step folder) with golden .npy files or NPU dumps, "
                    "with msaccucmp's metrics; report the first diverging op, overflows and watcher findings.")
    parser.add_argument("npu", metavar="NPU", help="NPU dump file, .npy file, or a folder of them")
    parser.add_argument("golden", metavar="GOLDEN", nargs="?",
                        help="golden .npy file, dump file, or a folder of them (not needed with --mode ranks|steps)")
    parser.add_argument("--out", metavar="FILE.csv", help="write msaccucmp's result CSV (all rows) here")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--metrics", metavar="NAMES",
                        help="comma-separated msaccucmp algorithm names or indices 0-9 (default: all ten: "
                             + ",".join(METRIC_NAMES) + ")")
    parser.add_argument("--fail-on-mismatch", action="store_true",
                        help="exit 1 when any tensor misses the accuracy rule or was not compared (a tensor that "
                             "cannot be read always gives exit 1; the others are still compared)")
    parser.add_argument("--graph", metavar="FILE",
                        help="GE graph dump (ge_proto*_Build.txt) for fused-op origins, input producers and "
                             "execution order")
    parser.add_argument("--tolerance", metavar="SPEC",
                        help="thresholds of the accuracy rule, e.g. 'cos_min=0.99,max_abs_max=0.001;"
                             "float16:max_abs_max=0.01' (keys: cos_min, max_abs_max, cos_floor, "
                             "max_abs_ceiling)")
    parser.add_argument("--follow-links", action="store_true",
                        help="also use what links lead to outside the NPU and GOLDEN folders (default: not "
                             "followed)")
    compare_tree_cmd.add_options(parser)
    parser.add_argument("--after", metavar="AFTER",
                        help="a second NPU run of the same model (after a change) compared with the same GOLDEN: "
                             "each row says fixed, improved, unchanged, worse, new or gone")
    parser.add_argument("--msprobe-mode", choices=("all", "summary", "md5"),
                        help="msprobe dumps: compare tensors, statistics or md5 (default: what the dumps hold)")
    parser.set_defaults(func=_run)


def _progress(done: int, total: int, message: str) -> None:
    if total and sys.stderr.isatty():
        print(f"\r{done}/{total} tensors", end="" if done < total else "\n", file=sys.stderr, flush=True)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir

    if compare_tree_cmd.wanted(args):
        return compare_tree_cmd.run(args)
    if args.after is not None:
        from ascend_dump_gui.cli import before_after_cmd

        return before_after_cmd.run(args)
    if args.golden is None:
        raise InputError(None, "GOLDEN is required (or give --mode ranks|steps to compare a tree with itself)")
    if is_msprobe_dir(args.npu) and is_msprobe_dir(args.golden):
        from ascend_dump_gui.cli.msprobe_compare import run_msprobe_compare

        return run_msprobe_compare(args)
    early.begin(args.npu, args.golden)      # a big .npy pair: pass A begins on another CPU while the engine imports
    try:
        return _compare(args)
    finally:
        early.end()


def _compare(args: argparse.Namespace) -> int:
    """GE/acl dumps and .npy files (an msprobe compare does without the engine)."""
    from ascend_dump_gui.core.compare.engine import compare
    from ascend_dump_gui.core.compare.report import refuse_replacing_inputs_of, result_to_json, write_csv
    from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerances

    try:
        names = resolve_names([n for n in args.metrics.split(",") if n.strip()]) if args.metrics else None
        tolerances = Tolerances.parse(args.tolerance) if args.tolerance else None
    except ValueError as exc:
        raise InputError(None, str(exc)) from None
    result = compare(args.npu, args.golden, metrics=names, tolerances=tolerances, graph=args.graph,
                     progress=_progress, follow_links=args.follow_links)
    if args.out:
        refuse_replacing_inputs_of(result, args.out)
        note_replacing(args.out)
        write_csv(result, args.out)
    divergence = result.first_divergence
    replay = None
    if divergence:         # imported here: a compare without a divergence does not pay for the replay's modules
        from ascend_dump_gui.core.replay.golden import rows_golden_dtypes

        replay = replay_cmd.divergence_replay(args.npu, args.graph, divergence.op_name,
                                              golden_dtypes=rows_golden_dtypes(result.rows, divergence.op_name))
    if args.json:
        doc = result_to_json(result)
        if replay is not None:
            doc["first_divergence"]["replay"] = replay
        print_json(doc)
    else:
        _print_human(result, args.out)
        if replay is not None:
            _say(f"replay of {divergence.op_name}: {replay['verdict']}: {replay['reason']}")
    for row in result.rows:
        if row.unreadable is not None:
            warn(f"error: {row.fail_reason}")
    for _side, path, why in result.unreadable_files:
        warn(f"error: {path}: {why}")
    failed = any(r.reached is False or r.not_compared for r in result.rows)
    return 1 if (args.fail_on_mismatch and failed) or result.summary["unreadable"] else 0


def _say(text: str) -> None:
    """One line of the human report; names come from dump files, so control characters are escaped."""
    print(terminal_text(text))


def _print_human(result: CompareResult, out: str | None) -> None:
    from ascend_dump_gui.core.compare.matching import reference_word

    s = result.summary
    _say(f"{s['mode'].replace('_', ' ')}: {s['rows']} tensors, {s['compared']} compared, "
         f"{s['reached']} reached, {s['not_reached']} not reached, {s['not_compared']} not compared, "
         f"{s['unmatched_npu']} NPU tensors without "
         f"a counterpart, {s['unmatched_golden']} {reference_word(s['mode'])} files unused")
    sources = {"given": "given with --graph", "in_dump_folder": "found in the dump folder",
               "found_near_dump": "found next to the dump"}
    if s["graph"]:
        _say(f"graph: {s['graph']} ({sources.get(s.get('graph_source') or '', 'used')})")
    else:
        _say("graph: none found near the dump (execution order from dump timestamps); dump with "
             "DUMP_GE_GRAPH=2 or pass --graph ge_proto*_Build.txt for fused-op origins and op names")
    d = result.first_divergence
    if d is None:
        _say("first divergence: none (every compared tensor meets the accuracy rule"
             + (f"; {s['not_compared']} not compared)" if s["not_compared"] else ")"))
    else:
        _say(f"first divergence: {d.tensor} ({d.op_type}), cosine {d.cosine}, max abs error "
             f"{d.max_abs_error}: {d.message}")
    for o in result.overflows[:10]:
        where = f"{o.tensor} [{o.dtype}]" if o.tensor else "overflow record"
        record = " + overflow record" if o.record else ""
        _say(f"overflow: {o.op_name} ({o.op_type}) {o.kind}{record}: {where}")
    if len(result.overflows) > 10:
        _say(f"overflow: ... {len(result.overflows) - 10} more")
    for w in result.watcher_findings:
        culprit = w.culprit or (f"task {w.culprit_task_id}" if w.culprit_task_id is not None else "an unknown op")
        hint = f" ({w.culprit_hint})" if w.culprit_hint else ""
        _say(f"watcher: {w.tensor} changed after {culprit} ran ({w.changed_elements} elements, "
             f"max abs diff {w.max_abs_diff:g}): {culprit} overwrote its memory{hint}")
    if out:
        warn(f"wrote {len(result.rows)} rows to {out}")
