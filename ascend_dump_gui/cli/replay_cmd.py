"""`ascend-dump replay RUN (--op NAME | --first-divergence GOLDEN | --all) [--graph FILE] [--golden GOLDEN]
[--precision-mode VALUE | --config FILE | --product P] [--json]` (cli.md): recompute ops from their own dumped
inputs (float64) and judge the NPU's outputs against their error budget, at their own dtype and at the lower
precisions the run's precision mode may explain."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ascend_dump_gui.cli.output import print_json, warn
from ascend_dump_gui.core.config.names import PRODUCTS
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import terminal_text


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `replay` verb."""
    parser = sub.add_parser(
        "replay", help="Replay an op from its own dumped inputs and judge it against its dtype's error budget.",
        description="Recompute an op's outputs on the CPU (float64) from its own dumped NPU inputs and judge the "
                    "NPU's outputs: faithful (within the error budget of its dtype and reduction size, or of a lower "
                    "precision the run's precision mode lets it use), reduced_precision (it ran at a lower precision "
                    "than its dtype), kernel (the op itself produced the error) or unsupported (with the reason).")
    parser.add_argument("run", metavar="RUN", help="one GE/acl dump folder (one rank, step and model) or an msprobe "
                                                   "rank folder")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--op", metavar="NAME", help="a GE op (dense/MatMul) or an msprobe call "
                                                   "(Functional.linear.1.forward)")
    what.add_argument("--first-divergence", metavar="GOLDEN",
                      help="replay the op that `compare RUN GOLDEN` names first")
    what.add_argument("--all", action="store_true", help="replay every op in execution order")
    parser.add_argument("--graph", metavar="FILE", help="the GE graph dump (ge_proto*_Build.txt) with the attributes "
                                                        "(default: found beside the dump, as compare finds it)")
    parser.add_argument("--golden", metavar="GOLDEN", help="the golden folder (or bench rank folder) that gives each "
                                                          "op's own dtype (default: the graph's, else the dumped one)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--precision-mode", metavar="VALUE", help="the run's precision_mode or precision_mode_v2 value")
    mode.add_argument("--config", metavar="FILE", help="the config or training script the run used (precision_mode, "
                                                       "modify_mixlist, customize_dtypes, keep_dtype, allow_hf32)")
    mode.add_argument("--product", choices=PRODUCTS, help="take that product's documented default precision mode")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.replay import report
    from ascend_dump_gui.core.replay.runs import open_run, replay_ops

    run = open_run(args.run, args.graph)
    results = replay_ops(run, [args.op] if args.op else None, golden=args.first_divergence or args.golden,
                         first_divergence=bool(args.first_divergence), graph=args.graph,
                         precision_mode=args.precision_mode, config=args.config, product=args.product)
    if args.first_divergence and not results:
        warn(f"no op diverges between {args.run} and {args.first_divergence}: nothing to replay")
    if args.json:
        print_json(report.to_json(results, graph=_graph(run)))
        return 0
    for r in results:
        print(terminal_text(_line(r.to_json())))
    return 0


def _graph(run: Any) -> str | None:
    return None if run.graph_path is None else os.fspath(run.graph_path)


def _line(doc: dict[str, Any]) -> str:
    m = doc["metrics"]
    shown = ", ".join(f"{k} {v:.6g}" for k, v in m.items()
                      if k in ("CosineSimilarity", "MaxAbsoluteError", "MaxRelativeError", "WorstBudgetRatio")
                      and isinstance(v, (int, float)))
    precision = f" at {doc['precision']}" if doc.get("precision") else ""
    return f"{doc['op']} ({doc['op_type']}): {doc['verdict']}{precision}: {doc['reason']}" + \
        (f" [{shown}]" if shown else "")


def divergence_replay(npu: str | os.PathLike, graph: str | os.PathLike | None, op_name: str, *,
                      golden_dtypes: list[str] | None = None, bench: Any = None) -> dict | None:
    """``first_divergence.replay`` of compare for ``op_name`` of the NPU run (None when it cannot be opened):
    judged against the op's own dtype, ``golden_dtypes`` (GE: the compare rows') or the ``bench`` msprobe run's."""
    from ascend_dump_gui.core.errors import DumpError
    from ascend_dump_gui.core.replay.golden import msprobe_golden_dtypes
    from ascend_dump_gui.core.replay.report import divergence_entry
    from ascend_dump_gui.core.replay.runs import open_run, replay_op

    try:
        if bench is not None:
            golden_dtypes = msprobe_golden_dtypes(bench, op_name)
        return divergence_entry(replay_op(open_run(npu, graph), op_name, golden_dtypes=golden_dtypes))
    except (InputError, DumpError) as exc:
        warn(f"replay of {op_name}: {exc}")
        return None
