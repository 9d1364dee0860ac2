"""Compare speed: our ten msaccucmp metrics vs msaccucmp's own algorithms vs a numpy float32 ``dot``.

    python benchmarks/bench_compare.py [--size-mb 512] [--repeat 3] [--oracle-python PY] [--oracle-dir DIR]

Two float32 tensors of ``--size-mb`` MiB each. GB/s counts the bytes of both tensors per second for all
three, measured in this one run: the ``dot`` of the same arrays is the memory-streaming baseline. msaccucmp
(msprobe's ``AlgorithmManager``, all ten algorithms) runs in a subprocess with the oracle venv's python;
it is skipped with a note when that venv is absent. The 6-decimal strings of both are compared too.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.compare.metrics import evaluate
from ascend_dump_gui.core.compare.pairwise import worker_count

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
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    start, cpu = time.perf_counter(), time.process_time()
    texts, _ = manager.compare(x, y, args)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"seconds": seconds, "cpu": cpu, "texts": dict(zip(manager.get_result_title(), texts))}))
"""


def best_of(fn, repeat: int) -> tuple[float, float, object]:
    """(best wall seconds, best CPU seconds of this process, last result)."""
    best, best_cpu, value = float("inf"), float("inf"), None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        value = fn()
        best, best_cpu = min(best, time.perf_counter() - start), min(best_cpu, time.process_time() - cpu)
    return best, best_cpu, value


def run_msaccucmp(python: Path, oracle: Path, x: np.ndarray, y: np.ndarray) -> dict | None:
    if not python.exists() or not (oracle / "msprobe_harness.py").exists():
        print(f"msaccucmp: skipped ({python} or {oracle} is absent; see the oracle README to set it up)")
        return None
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        np.save(Path(tmp) / "x.npy", x)
        np.save(Path(tmp) / "y.npy", y)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run([str(python), "-c", ORACLE_SCRIPT, str(oracle), str(Path(tmp) / "x.npy"),
                               str(Path(tmp) / "y.npy")], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        print("msaccucmp: failed:", proc.stderr.strip().splitlines()[-1:] or proc.returncode)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=512.0, help="MiB per tensor (default 512)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is kept")
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
          f"best of {args.repeat}")

    print(f"load average before: {os.getloadavg()[0]:.2f} (other processes share the cores)")
    t_dot, _, _ = best_of(lambda: np.dot(x, y), args.repeat)
    t_ours, cpu_ours, ours = best_of(lambda: evaluate(x, y), args.repeat)
    dot_gbps, ours_gbps = total / t_dot / 1e9, total / t_ours / 1e9
    print(f"numpy float32 dot (baseline): {t_dot:8.3f} s  {dot_gbps:7.2f} GB/s")
    print(f"ours, all ten metrics       : {t_ours:8.3f} s  {ours_gbps:7.2f} GB/s  "
          f"= {100 * ours_gbps / dot_gbps:.1f}% of the baseline; CPU {cpu_ours:.3f} s "
          f"({total / cpu_ours / 1e9:.2f} GB per CPU-second)")
    if args.skip_msprobe:
        return
    theirs = run_msaccucmp(Path(args.oracle_python), Path(args.oracle_dir), x, y)
    if theirs is None:
        return
    ms_gbps = total / theirs["seconds"] / 1e9
    print(f"msaccucmp, all ten algorithms: {theirs['seconds']:8.3f} s  {ms_gbps:7.2f} GB/s; CPU "
          f"{theirs['cpu']:.3f} s ({total / theirs['cpu'] / 1e9:.2f} GB per CPU-second)")
    print(f"ours / msaccucmp: {ours_gbps / ms_gbps:.1f}x wall, {theirs['cpu'] / cpu_ours:.1f}x CPU")
    same = theirs["texts"] == ours.texts
    print("6-decimal strings identical to msaccucmp's:", same)
    if not same:
        for name, text in ours.texts.items():
            if theirs["texts"].get(name) != text:
                print(f"  {name}: ours {text}  msaccucmp {theirs['texts'].get(name)}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
