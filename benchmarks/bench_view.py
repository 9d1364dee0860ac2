"""Benchmark opening a big float16 NC1HWC0 tensor for display against numpy's bare ``min() + max()``.

    python benchmarks/bench_view.py [--size-mb 1024] [--dir /tmp/...]

Writes a dump with the project's dump writer, then in one fresh subprocess: reads and restores the tensor
to its original shape, runs ``prepare_display`` (statistics, min/max pyramid, histogram, NaN/Inf positions:
everything the plots need) and, on the same restored array, numpy's ``arr.min(); arr.max()``.
Targets: time to plot-ready data (read + restore + prepare) at most 3x numpy's min+max; peak memory
allocated by the whole open (tracemalloc, which numpy reports its buffers to; a second run) at most 2x the
restored tensor. Peak RSS is printed too: it also counts the page-cache pages of the memory-mapped dump file
that the restore reads. The ratio is printed on its own line as ``N.NN x numpy``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

C0, H, W, C1, C = 16, 128, 128, 16, 250  # C = 250 is not a multiple of 16: the padding gets removed


def make_dump(path: Path, size_mb: int) -> tuple[int, ...]:
    from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump

    n = max(1, size_mb * (1 << 20) // (C1 * H * W * C0 * 2))
    # every float16 bit pattern in turn: NaN (quiet and signalling), ±Inf, subnormals, the whole range
    dev = np.arange(n * C1 * H * W * C0, dtype=np.uint16).view(np.float16).reshape(n, C1, H, W, C0)
    write_dump(path, op_name="conv", outputs=[TensorPayload(dev, format="NC1HWC0", original_shape=(n, C, H, W))])
    return (n, C, H, W)


CHILD = r"""
import json, resource, sys, time, tracemalloc, warnings
import numpy as np
warnings.simplefilter("error")
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.tensor import prepare_display
src, traced = sys.argv[1], sys.argv[2] == "traced"

def rss():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * resource.getpagesize()

base = rss()
if traced:
    tracemalloc.start()
t = time.perf_counter()
arr = read_dump(src).outputs[0].array()
t_restore = time.perf_counter() - t
display = prepare_display(arr)
t_open = time.perf_counter() - t
peak_alloc = tracemalloc.get_traced_memory()[1] if traced else 0
tracemalloc.stop()
peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base
best = float("inf")
for _ in range(2):
    t = time.perf_counter()
    arr.min(); arr.max()
    best = min(best, time.perf_counter() - t)
print(json.dumps({"restore": t_restore, "open": t_open, "numpy": best, "peak_alloc": peak_alloc,
                  "peak_rss": peak_rss, "bytes": arr.nbytes}))
"""


def run(src: Path, mode: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(src), mode], capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size-mb", type=int, default=1024, help="device tensor size (default 1024 = 1 GiB)")
    parser.add_argument("--dir", type=Path, default=None, help="work directory (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        src = Path(tmp) / "Conv2D.conv.1.1.1700000000000000"
        shape = make_dump(src, args.size_mb)
        r = run(src, "timed")
        traced = run(src, "traced")  # tracemalloc slows allocation: a separate run for memory
    ratio = r["open"] / r["numpy"]
    alloc, size = traced["peak_alloc"], r["bytes"]
    print(f"dump: {args.size_mb} MiB float16 NC1HWC0 -> original {tuple(shape)} ({size / 2**20:.0f} MiB)")
    print(f"read + restore          : {r['restore']:7.3f} s")
    print(f"plot-ready (+ prepare)  : {r['open']:7.3f} s")
    print(f"numpy min() + max()     : {r['numpy']:7.3f} s")
    print(f"{ratio:.2f} x numpy")
    print(f"time target <= 3x       : {'met' if ratio <= 3 else 'MISSED'}")
    print(f"peak allocated (open)   : {alloc / 2**20:7.0f} MiB = {alloc / size:.2f}x the restored tensor "
          f"(target <= 2x: {'met' if alloc <= 2 * size else 'MISSED'})")
    print(f"RATIO view_vs_numpy_minmax {ratio:.3f} <= 3")
    print(f"RATIO view_alloc_vs_tensor {alloc / size:.3f} <= 2")
    print(f"peak RSS (open)         : {r['peak_rss'] / 2**20:7.0f} MiB = {r['peak_rss'] / size:.2f}x "
          "(also counts the dump file's memory-mapped pages read by the restore)")


if __name__ == "__main__":
    main()
