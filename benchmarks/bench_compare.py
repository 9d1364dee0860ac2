"""Compare speed: our ten msaccucmp metrics vs msaccucmp's own algorithms vs a numpy float32 ``dot``.

    python benchmarks/bench_compare.py [--size-mb 512] [--repeat 3] [--msaccucmp-repeat 1] [--e2e-repeat 5]
                                       [--oracle-python PY] [--oracle-dir DIR]

Two float32 tensors of ``--size-mb`` MiB each. GB/s counts the bytes of both tensors per second for all
three, measured in this one run: the ``dot`` of the same arrays is the memory-streaming baseline. Ours runs
with every worker thread and once more on one thread (what it gets when another process holds the other
cores). msaccucmp (msprobe's ``AlgorithmManager``, all ten algorithms) runs in a subprocess with the
oracle venv's python; it is skipped with a note when that venv is absent. Best and median of the repeats
are printed, with the load average before and after, since other processes may share the cores. The
6-decimal strings of both are compared too. The metrics run the C kernel when it is built
(``ASCEND_DUMP_GUI_NUMPY_METRICS=1`` measures the numpy path, in-process and end to end). End to end: ``ascend-dump compare x.npy y.npy --json`` in a fresh
process (start, imports with the package's bytecode compiled first as pip does at install, reading both files
from the page cache (written to disk before the runs), all ten metrics and msprobe's six columns, the JSON), GB/s of both files.
Targets (issue 35): end to end >= 2 GB/s, ours >= 25x msaccucmp.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median

import numpy as np

from ascend_dump_gui.core.metrics import kernel, pairwise
from ascend_dump_gui.core.metrics.metrics import evaluate
from ascend_dump_gui.core.metrics.pairwise import worker_count

REPO = Path(__file__).resolve().parents[1]
ORACLE_SCRIPT = r"""
import contextlib, io, json, sys, time
import numpy as np
sys.path.insert(0, sys.argv[1])
import msprobe_harness  # noqa: F401
from algorithm_manager.algorithm_manager import AlgorithmManager
from cmp_utils.utils_type import ShapeType
x = np.load(sys.argv[2]); y = np.load(sys.argv[3])
with contextlib.redirect_stdout(io.StringIO()):
    manager = AlgorithmManager("", "all", "")
args = {"my_output_dump_file": "x", "ground_truth_dump_file": "y", "shape_type": ShapeType.Tensor}
seconds, cpus = [], []
for _ in range(int(sys.argv[4])):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        start, cpu = time.perf_counter(), time.process_time()
        texts, _ = manager.compare(x, y, args)
        seconds.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
print(json.dumps({"seconds": seconds, "cpu": cpus, "texts": dict(zip(manager.get_result_title(), texts))}))
"""


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


@dataclass
class Timing:
    """Wall and CPU seconds of each repeat."""

    wall: list[float]
    cpu: list[float]

    def gbps(self, total: int, how=min) -> float:
        return total / how(self.wall) / 1e9

    def line(self, label: str, total: int) -> str:
        return (f"{label:34s}: best {min(self.wall):7.3f} s {self.gbps(total):6.2f} GB/s, median "
                f"{median(self.wall):7.3f} s {self.gbps(total, median):6.2f} GB/s; CPU {median(self.cpu):.3f} s")


def timed(fn, repeat: int) -> tuple[Timing, object]:
    """Run ``fn`` ``repeat`` times: the timings and the last result."""
    timing, value = Timing([], []), None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        value = fn()
        timing.wall.append(time.perf_counter() - start)
        timing.cpu.append(time.process_time() - cpu)
    return timing, value


def one_thread(fn):
    """``fn`` with the leaf pool limited to the calling thread."""
    def run():
        saved = pairwise.worker_count
        pairwise.worker_count = lambda: 1
        try:
            return fn()
        finally:
            pairwise.worker_count = saved
    return run


def end_to_end(x: np.ndarray, y: np.ndarray, repeat: int) -> Timing:
    """Wall time of ``ascend-dump compare x.npy y.npy --json`` in fresh processes (files in the page cache)."""
    with tempfile.TemporaryDirectory(prefix="bench-compare-e2e-") as tmp:
        npu, golden = Path(tmp) / "npu" / "t.npy", Path(tmp) / "golden" / "t.npy"
        for path, array in ((npu, x), (golden, y)):
            path.parent.mkdir()
            np.save(path, array)
            with open(path, "rb") as fh:    # on disk now: their writeback is not timed with the runs
                os.fsync(fh.fileno())
        cmd = [sys.executable, "-m", "ascend_dump_gui.cli", "compare", str(npu), str(golden), "--json"]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        # the package's bytecode, as an installed package has it (pip compiles at install; with
        # PYTHONDONTWRITEBYTECODE set, every run would compile the modules it imports from source)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "ascend_dump_gui")], check=True,
                       capture_output=True, env=env)
        subprocess.run(cmd, check=True, capture_output=True, env=env)     # warm the page cache
        return timed(lambda: subprocess.run(cmd, check=True, capture_output=True, env=env), repeat)[0]


def run_msaccucmp(python: Path, oracle: Path, x: np.ndarray, y: np.ndarray, repeat: int) -> dict | None:
    if not python.exists() or not (oracle / "msprobe_harness.py").exists():
        print(f"msaccucmp: skipped ({python} or {oracle} is absent; see the oracle README to set it up)")
        return None
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        np.save(Path(tmp) / "x.npy", x)
        np.save(Path(tmp) / "y.npy", y)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run([str(python), "-c", ORACLE_SCRIPT, str(oracle), str(Path(tmp) / "x.npy"),
                               str(Path(tmp) / "y.npy"), str(repeat)], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        print("msaccucmp: failed:", proc.stderr.strip().splitlines()[-1:] or proc.returncode)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=512.0, help="MiB per tensor (default 512)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of ours and of the baseline")
    parser.add_argument("--msaccucmp-repeat", type=_positive, default=1, help="runs of msaccucmp (slow; at least 1)")
    parser.add_argument("--e2e-repeat", type=_positive, default=5,
                        help="end-to-end runs (a fresh process each, under a second: more runs, a steadier best)")
    parser.add_argument("--oracle-python", default="/work/oracle-venv/bin/python")
    parser.add_argument("--oracle-dir", default=str(REPO.parent / "shared" / "tools" / "msprobe-oracle"))
    parser.add_argument("--skip-msprobe", action="store_true")
    args = parser.parse_args()

    n = int(args.size_mb * (1 << 20)) // 4
    rng = np.random.default_rng(2024)
    x = rng.standard_normal(n, dtype=np.float32)
    y = x + np.float32(1e-3) * rng.standard_normal(n, dtype=np.float32)
    total = x.nbytes + y.nbytes
    print(f"2 x {args.size_mb:g} MiB float32 ({n} elements each), {worker_count()} worker threads, "
          f"{args.repeat} runs each")
    print("metrics: " + (f"C kernel ({kernel.KERNEL.isa()})" if kernel.KERNEL is not None else
                         "numpy path (no C kernel built, or ASCEND_DUMP_GUI_NUMPY_METRICS=1)"))
    print(f"load average before: {os.getloadavg()[0]:.2f} (other processes share the cores)")
    e2e = end_to_end(x, y, args.e2e_repeat)
    dot, _ = timed(lambda: np.dot(x, y), args.repeat)
    ours, result = timed(lambda: evaluate(x, y), args.repeat)
    single, _ = timed(one_thread(lambda: evaluate(x, y)), args.repeat)
    print(dot.line("numpy float32 dot (baseline)", total))
    print(ours.line("ours, all ten metrics", total))
    print(single.line("ours, all ten metrics, one thread", total))
    print(f"ours = {100 * ours.gbps(total) / dot.gbps(total):.1f}% of the baseline (best), "
          f"{100 * ours.gbps(total, median) / dot.gbps(total, median):.1f}% (median)")
    print(e2e.line("ascend-dump compare, end to end", total))
    print(f"RATIO compare_end_to_end_gbps {e2e.gbps(total):.3f} >= 2")
    print(f"RATIO compare_in_memory_vs_dot {ours.gbps(total) / dot.gbps(total):.3f}")
    theirs = None if args.skip_msprobe else run_msaccucmp(Path(args.oracle_python), Path(args.oracle_dir), x, y,
                                                           args.msaccucmp_repeat)
    if theirs is not None:
        ms = Timing(theirs["seconds"], theirs["cpu"])
        print(ms.line("msaccucmp, all ten algorithms", total))
        print(f"ours / msaccucmp: best {ours.gbps(total) / ms.gbps(total):.1f}x, median "
              f"{ours.gbps(total, median) / ms.gbps(total, median):.1f}x wall; one thread "
              f"{single.gbps(total) / ms.gbps(total):.1f}x (best); CPU {median(ms.cpu) / median(ours.cpu):.1f}x")
        print(f"RATIO compare_vs_msaccucmp {ours.gbps(total) / ms.gbps(total):.3f} >= 25")
        same = theirs["texts"] == result.texts
        print("6-decimal strings identical to msaccucmp's:", same)
        if not same:
            for name, text in result.texts.items():
                if theirs["texts"].get(name) != text:
                    print(f"  {name}: ours {text}  msaccucmp {theirs['texts'].get(name)}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
