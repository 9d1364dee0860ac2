"""Scale of msprobe statistics trees: compare and ``runs`` of two trees with N tensor entries each.

    python benchmarks/bench_msprobe_scale.py [--entries 1000000] [--dir /tmp/...] [--keep]

Builds two statistics trees (``step0/rank0/dump.json``, two tensors per call, the bench side's statistics a little
off) and measures, each in a child process (time and peak RSS): the baseline, Python's ``json.load`` of both files
plus one pass over their entries; ``ascend-dump compare NPU BENCH`` (human summary); ``ascend-dump runs``
over a folder holding both trees. Targets (issue 25): compare <= 5x the baseline's time, compare's peak RSS <= 4x
the two files' size, runs <= 2x the baseline's time.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINE = """
import json, sys
total = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for name, call in doc["data"].items():
        for key in ("input_args", "output"):
            for leaf in call.get(key, ()):
                total += isinstance(leaf, dict) and leaf.get("Max") is not None
    del doc
print(total)
"""


def write_dump_json(path: Path, calls: int, seed: int) -> None:
    """A statistics dump.json of ``calls`` calls with one input and one output tensor each, streamed."""
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    ops = ("Functional.linear", "Torch.matmul", "Tensor.add", "Functional.gelu", "Torch.softmax")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('{\n "task": "statistics",\n "level": "L1",\n "framework": "pytorch",\n "dump_data_dir": null,\n'
                 ' "data": {\n')
        for i in range(calls):
            def leaf(scale: float) -> str:
                mx, mn = rng.uniform(0, 3) * scale, -rng.uniform(0, 3) * scale
                return (f'{{"type": "torch.Tensor", "dtype": "torch.bfloat16", "shape": [8, 4096], "Max": {mx!r}, '
                        f'"Min": {mn!r}, "Mean": {(mx + mn) / 7!r}, "Norm": {abs(mx) * 91!r}, '
                        f'"requires_grad": false}}')
            sep = ",\n" if i < calls - 1 else "\n"
            fh.write(f'  "{ops[i % 5]}.{i // 5}.forward": {{"input_args": [{leaf(1.0)}], "input_kwargs": {{}}, '
                     f'"output": [{leaf(1.0)}]}}{sep}')
        fh.write(" }\n}\n")


def measure(argv: list[str]) -> tuple[float, float, int]:
    """(seconds, peak RSS in bytes, exit code) of a child process."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        print(f"  {' '.join(argv[2:4])}: exit {code}: {err[-500:]}", file=sys.stderr)
    return elapsed, usage.ru_maxrss * 1024, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000, help="tensor entries per tree (two per call)")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the trees")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="bench-msprobe-scale-"))
    npu, bench = folder / "runs" / "npu" / "step0" / "rank0", folder / "runs" / "bench" / "step0" / "rank0"
    files = [npu / "dump.json", bench / "dump.json"]
    for seed, path in enumerate(files):
        if not path.exists():
            write_dump_json(path, args.entries // 2, seed)
    size = sum(p.stat().st_size for p in files)
    print(f"two trees of {args.entries} tensor entries: {size / 2**20:.0f} MiB of dump.json")
    py = sys.executable
    base_t, base_rss, _ = measure([py, "-c", BASELINE, *map(str, files)])
    print(f"baseline json.load + one pass: {base_t:.1f} s, peak RSS {base_rss / 2**30:.2f} GiB")
    cli = [py, "-m", "ascend_dump_gui.cli"]
    cmp_t, cmp_rss, _ = measure([*cli, "compare", str(folder / "runs" / "npu"), str(folder / "runs" / "bench")])
    print(f"compare: {cmp_t:.1f} s ({cmp_t / base_t:.2f}x baseline, target <= 5x), peak RSS "
          f"{cmp_rss / 2**30:.2f} GiB ({cmp_rss / size:.2f}x the files, target <= 4x)")
    runs_t, runs_rss, _ = measure([*cli, "runs", str(folder / "runs"), "--json"])
    print(f"runs: {runs_t:.1f} s ({runs_t / base_t:.2f}x baseline, target <= 2x), peak RSS {runs_rss / 2**30:.2f} GiB")
    if not args.keep and args.dir is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
