"""`ascend-dump emulate --ranks N`: an emulated data-parallel tree of many ranks and steps (issue 15)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ascend_dump_gui.cli.output import print_json


def add_options(parser: argparse.ArgumentParser) -> None:
    """The multi-rank options of `emulate` (no --config needed: every rank runs torchair's GE dump)."""
    group = parser.add_argument_group("many ranks (data-parallel training, written under --cwd)")
    group.add_argument("--ranks", type=int, metavar="N",
                       help="emulate N (1 to 4096) data-parallel ranks for --steps steps: {cwd}/npu/worldsize{N}_global_rank{R}/"
                            "... and golden .npy dumps in {cwd}/golden/{step}")
    group.add_argument("--drift", metavar="RANK:STEP:OP",
                       help="rank RANK computes op OP differently from step STEP on, e.g. 5:1:dense_1/MatMul")
    group.add_argument("--overflow-rank", type=int, metavar="R", help="rank R overflows (+inf) at the last step")
    group.add_argument("--stats", action="store_true", help="also write the stats CSV of every op dump")


def run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks

    out = args.cwd if args.cwd is not None else Path.cwd()
    result = emulate_ranks(out, ranks=args.ranks, steps=args.steps, model=args.model,
                           drift=Drift.parse(args.drift) if args.drift else None,
                           overflow_rank=args.overflow_rank, stats=args.stats, seed=args.seed,
                           progress=lambda done, total, msg: print(f"  {msg}", file=sys.stderr))
    if args.json:
        print_json({"npu": str(result.npu_root), "golden": str(result.golden_root), "ranks": result.ranks,
                    "steps": result.steps, "files": result.files})
    else:
        print(f"npu: {result.ranks} ranks x {result.steps} steps under {result.npu_root}")
        print(f"golden: {result.golden_root}")
        print(f"{result.files} files written")
    return 0
