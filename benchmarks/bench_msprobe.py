"""Benchmark msprobe dumps: the torch-free .pt reader and the msprobe-style compare of two trees.

    python benchmarks/bench_msprobe.py [--mib 64] [--dir /tmp/...]

Prints, next to baselines measured in the same run: reading one MIB-sized float32 ``.pt`` with
``read_pt`` vs ``np.load`` of the same array as ``.npy``; comparing two emulator-written tensor trees (all mode)
vs only loading every tensor of both trees.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.pt_file import read_pt, write_pt
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees


def best(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=64)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="bench-msprobe-"))
    side = int((args.mib * 2**20 / 4) ** 0.5)
    array = np.random.default_rng(0).standard_normal((side, side)).astype(np.float32)
    write_pt(folder / "t.pt", array)
    np.save(folder / "t.npy", array)
    pt, npy = best(lambda: read_pt(folder / "t.pt")), best(lambda: np.load(folder / "t.npy"))
    print(f"read_pt {args.mib} MiB float32: {pt * 1e3:.1f} ms; np.load baseline {npy * 1e3:.1f} ms "
          f"(ratio {pt / npy:.2f})")
    print(f"RATIO read_pt_vs_np_load {pt / npy:.3f}")

    spec = {"task": "tensor", "level": "mix", "ranks": (0, 1), "steps": (0,)}
    write_msprobe_tree(folder / "npu", "transformer", MsprobeDumpSpec(**spec, noise=1e-3))
    write_msprobe_tree(folder / "bench", "transformer", MsprobeDumpSpec(**spec))

    def load_all() -> None:
        for root in (folder / "npu", folder / "bench"):
            for run in open_tree(root).runs:
                for leaf in run.iter_leaves():
                    if leaf.data_name:
                        run.load(leaf)

    rows = sum(len(p.result.rows) for p in compare_trees(folder / "npu", folder / "bench").pairs)
    cmp, load = best(lambda: compare_trees(folder / "npu", folder / "bench"), 3), best(load_all, 3)
    print(f"compare_trees (all mode, {rows} rows, 2 ranks): {cmp * 1e3:.0f} ms; loading every tensor of both "
          f"trees baseline {load * 1e3:.0f} ms (ratio {cmp / load:.2f})")
    print(f"RATIO msprobe_compare_trees_vs_loading {cmp / load:.3f}")


if __name__ == "__main__":
    main()
