"""Many ranks: a 64-rank x 2-step data-parallel tree of about 20 GB, compared rank against rank.

The tree is the multi-rank emulator's (rank 37 drifts from step 0 on, rank 11 overflows at the last step), with
stats CSVs, plus one bulk float32 op dump per run that makes up the size. The bulk dumps are sparse files:
the header is written, then the file is extended with ``truncate`` to its full length, so its tensor (all
zeros) takes no disk blocks; reading it costs the page-cache zero fill, not disk bandwidth. Their stats CSV
is written too, so the statistics-first pass reads no tensor.

Printed, each measured in the same run:
* statistics-first compare (``--mode ranks --stats-first``, in-process) vs ``find DIR -type f`` over the tree;
* full compare throughput (every tensor byte of both sides) in-process vs a ``LocalCluster`` of 2 worker
  processes (1 thread each), as a ratio.

    python benchmarks/bench_ranks.py [--ranks 64] [--steps 2] [--size 20] [--full-ranks N] [--keep DIR]

How it scales: each task reads one run pair where it sits and sends back its rows (kilobytes), so on a
cluster whose workers sit next to shared storage the full compare scales with the number of workers until the
storage's aggregate read bandwidth (or the metric arithmetic per core) is the limit; the statistics-first pass
reads only CSVs and is bound by metadata latency, not bandwidth. On one machine, two worker processes share
the cores the in-process threads already use, so the cluster cannot be faster here: the ratio measures the
cluster's overhead, not its gain.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, encode_dump
from ascend_dump_gui.core.dump.sidefiles import write_stats_csv
from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks
from ascend_dump_gui.core.runs.executor import DaskExecutor, LocalExecutor
from ascend_dump_gui.core.runs.index import index_runs
from ascend_dump_gui.core.runs.tree_compare import compare_tree

BULK_NAME = "MatMulV2.bulk_MatMul.99.2.1704067299999999"


def add_bulk(root: Path, total_bytes: int) -> int:
    """One sparse bulk dump (+ its stats CSV) per run folder; returns the bytes of tensor data added."""
    runs = [r for r in index_runs(root).runs if r.format == "ge"]
    elements = max(1, total_bytes // len(runs) // 4)
    head, payloads = encode_dump(op_name="bulk/MatMul", outputs=[TensorPayload(np.zeros(elements, np.float32))])
    length = len(head) + sum(p.nbytes for p in payloads)
    del payloads
    row = {"Input/Output": "Output", "Index": 0, "Data Size": elements * 4, "Data Type": "DT_FLOAT",
           "Format": "ND", "Shape": (elements,), "Max Value": 0.0, "Min Value": 0.0, "Avg Value": 0.0,
           "Count": elements, "Nan Count": 0, "Negative Inf Count": 0, "Positive Inf Count": 0}
    for run in runs:
        path = Path(root) / run.path / BULK_NAME
        with open(path, "wb") as fh:
            fh.write(head)
            fh.truncate(length)        # a hole: no disk blocks for the zeros
        write_stats_csv(str(path) + ".csv", [row])
    return elements * 4 * len(runs)


def tree_bytes(root: Path) -> tuple[int, int, int]:
    """(files, apparent bytes, allocated bytes) of the tree."""
    files = apparent = allocated = 0
    for folder, _, names in os.walk(root):
        for name in names:
            st = os.stat(os.path.join(folder, name))
            files += 1
            apparent += st.st_size
            allocated += st.st_blocks * 512
    return files, apparent, allocated


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=64)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--size", type=float, default=20.0, help="GB of bulk tensor data (sparse; default 20)")
    parser.add_argument("--keep", metavar="DIR", help="build the tree here and keep it")
    parser.add_argument("--full-ranks", type=int, default=None,
                        help="full compare throughput over ranks 0..N-1 only (default: every rank)")
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench_ranks_"))
    try:
        built, tree = timed(lambda: emulate_ranks(root, ranks=args.ranks, steps=args.steps, stats=True,
                                                  drift=Drift(min(37, args.ranks - 1), 0,
                                                              "dense_1/MatMul"),
                                                  overflow_rank=min(11, args.ranks - 1)))
        bulk = add_bulk(tree.npu_root, int(args.size * 1e9))
        files, apparent, allocated = tree_bytes(tree.npu_root)
        print(f"tree: {args.ranks} ranks x {args.steps} steps, {files} files, {apparent / 1e9:.2f} GB apparent, "
              f"{allocated / 1e6:.1f} MB allocated (bulk tensors are sparse), built in {built:.1f} s")

        t_find, _ = timed(lambda: subprocess.run(["find", str(tree.npu_root), "-type", "f"], check=True,
                                                 stdout=subprocess.DEVNULL))
        t_stats, stats = timed(lambda: compare_tree(tree.npu_root, mode="ranks", stats_first=True))
        d = stats.first_divergence
        print(f"find -type f: {t_find:.3f} s; statistics-first compare: {t_stats:.3f} s "
              f"({t_stats / t_find:.1f}x find), {stats.summary['full_compared_runs']} of {len(stats.runs)} runs "
              f"compared in full; first divergence rank {d['rank']} step {d['step']} {d['tensor']}; overflow "
              f"ranks {stats.summary['overflow_ranks']}")
        print(f"RATIO ranks_stats_first_vs_find {t_stats / t_find:.3f}")

        subset = list(range(args.full_ranks)) if args.full_ranks else None
        t_local, local = timed(lambda: compare_tree(tree.npu_root, mode="ranks", ranks=subset,
                                                    executor=LocalExecutor()))
        pairs = sum(1 for r in local.runs if r["reference_path"])
        compared = 2 * pairs * (apparent // len(stats.runs))
        print(f"full compare in-process ({LocalExecutor().workers} threads): {t_local:.1f} s, "
              f"{compared / t_local / 1e9:.2f} GB/s over {compared / 1e9:.1f} GB read ({pairs} run pairs)")

        from distributed import Client, LocalCluster

        t_start, cluster = timed(lambda: LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                                      dashboard_address=None, silence_logs=50))
        with cluster, Client(cluster, set_as_default=False) as client:
            t_dask, remote = timed(lambda: compare_tree(tree.npu_root, mode="ranks", ranks=subset,
                                                        executor=DaskExecutor(client=client)))
        same = [r["reached"] for r in remote.rows] == [r["reached"] for r in local.rows]
        print(f"full compare on LocalCluster(2 workers x 1 thread): {t_dask:.1f} s (+{t_start:.1f} s cluster "
              f"start), {compared / t_dask / 1e9:.2f} GB/s; in-process / cluster time ratio "
              f"{t_local / t_dask:.2f}; same rows as in-process: {same}")
        all_pairs = sum(1 for r in stats.runs if r["reference_path"])
        t_all = t_local * all_pairs / pairs
        how = "measured" if pairs == all_pairs else f"extrapolated from the {pairs} measured pairs"
        print(f"full compare of all {all_pairs} run pairs in-process: {t_all:.0f} s ({how}); statistics-first "
              f"{t_all / t_stats:.0f}x faster ({bulk / 1e9:.1f} GB of bulk tensors not read)")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
