"""Benchmark `convert` on a big float16 blocked-format dump against a plain read and numpy's bare transpose.

    python benchmarks/bench_convert.py [--size-mb 1024] [--format NC1HWC0] [--dir /tmp/...]

Prints, from one run: convert time vs reading the file (readinto) and vs ``np.ascontiguousarray`` of the device
array transposed into the original axis order (padding kept), on the same bytes already in memory, and convert's
peak RSS vs the output tensor size. Convert writes the ``.npy`` and syncs it to disk; the transpose writes
nothing. Targets (issue 35, on NC1HWC0): convert within 1.2x of the numpy transpose; peak memory under 2.5x the
output tensor. ``--format`` FRACTAL_NZ, FRACTAL_Z or NDC1HWC0 measure the others (their transposes move
whole 16-element rows, so the disk write weighs more there). Convert and the baselines each run in a fresh
subprocess.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

FORMATS = {  # original shape for n (the leading count), device axes -> original order (view reshape, transpose)
    "NC1HWC0": (lambda n: (n, 250, 128, 128), None, (0, 1, 4, 2, 3)),      # C = 250: the padding gets removed
    "NDC1HWC0": (lambda n: (n, 250, 8, 64, 64), None, (0, 2, 5, 1, 3, 4)),
    "FRACTAL_Z": (lambda n: (16 * n, 250, 8, 8), lambda d: (d[0] // 64, 8, 8) + d[1:], (3, 4, 0, 5, 1, 2)),
    "FRACTAL_NZ": (lambda n: (n, 1000, 4090), None, (0, 2, 3, 1, 4)),
}
"""Each format's original shape (about ``n`` x 8 MiB of float16) and how numpy's bare transpose sees its device array."""


def make_dump(path: Path, size_mb: int, fmt: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A ``fmt`` dump of about ``size_mb``: (original shape, device shape)."""
    from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
    from ascend_dump_gui.core.dump.device_formats import device_shape

    shape_of = FORMATS[fmt][0]
    n = max(1, size_mb * (1 << 20) // (int(np.prod(shape_of(1))) * 2))
    shape = shape_of(n)
    dshape = device_shape(shape, fmt)
    dev = np.arange(int(np.prod(dshape)), dtype=np.uint16).view(np.float16).reshape(dshape)
    write_dump(path, op_name="conv", outputs=[TensorPayload(dev, format=fmt, original_shape=shape)])
    return shape, dshape


CHILD = r"""
import json, resource, sys, time
from pathlib import Path
import numpy as np
mode, src, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
view_shape, perm = json.loads(sys.argv[4])
t = time.perf_counter()
imports = 0.0
if mode == "read":
    buf = np.empty(src.stat().st_size, np.uint8)
    t = time.perf_counter()
    with open(src, "rb", buffering=0) as fh:
        fh.readinto(memoryview(buf))
elif mode == "numpy":
    from ascend_dump_gui.core.dump.reader import read_dump
    t0 = read_dump(src).outputs[0]
    dev = np.array(t0.device_array()).reshape(view_shape)  # the same bytes, in memory
    t = time.perf_counter()
    res = np.ascontiguousarray(dev.transpose(perm))
else:
    from ascend_dump_gui.core.dump.convert import convert_paths
    imports = time.perf_counter() - t     # reported apart: the other modes import numpy before their clock too
    t = time.perf_counter()
    rep = convert_paths([src], out)
    assert rep.written and not (rep.errors or rep.bad_inputs), rep
elapsed = time.perf_counter() - t
print(json.dumps({"seconds": elapsed, "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                  "imports": imports}))
"""


def run(mode: str, src: Path, out: Path, view: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, mode, str(src), str(out), view], capture_output=True,
                          text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size-mb", type=int, default=1024, help="device tensor size (default 1024 = 1 GiB)")
    parser.add_argument("--dir", type=Path, default=None, help="work directory (default: a temporary one)")
    parser.add_argument("--repeat", type=int, default=2, help="runs per measurement; the best is kept")
    parser.add_argument("--format", choices=list(FORMATS), default="NC1HWC0", help="device format (default NC1HWC0)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        work = Path(tmp)
        src = work / "Conv2D.conv.1.1.1700000000000000"
        shape, dshape = make_dump(src, args.size_mb, args.format)
        reshape = FORMATS[args.format][1]
        view = json.dumps([list(reshape(dshape) if reshape else dshape), list(FORMATS[args.format][2])])
        out_bytes = int(np.prod(shape)) * 2
        modes = ("read", "numpy", "convert")
        runs: dict[str, list[dict]] = {mode: [] for mode in modes}
        for i in range(args.repeat):      # interleaved rounds: a load spike from other processes hits each alike
            for mode in modes:
                runs[mode].append(run(mode, src, work / f"out_{mode}_{i}", view))
        results = {}
        for mode in modes:
            results[mode] = min(runs[mode], key=lambda r: r["seconds"])
            results[mode]["peak_rss"] = max(r["peak_rss"] for r in runs[mode])
        produced = np.load(next((work / "out_convert_0").glob("*.npy")), mmap_mode="r", allow_pickle=False)
        assert produced.shape == shape
        conv, read, bare = results["convert"]["seconds"], results["read"]["seconds"], results["numpy"]["seconds"]
        rss = results["convert"]["peak_rss"]
        print(f"dump: {src.stat().st_size / 2**20:.0f} MiB float16 {args.format} -> original {shape}")
        print(f"read (readinto)        : {read:7.3f} s")
        print(f"numpy bare transpose   : {bare:7.3f} s")
        print(f"convert (restore+write): {conv:7.3f} s   (+ {results['convert']['imports']:.3f} s importing its "
              f"modules, not counted)")
        print(f"convert / read         : {conv / read:6.2f}x")
        print(f"convert / numpy        : {conv / bare:6.2f}x   (target <= 1.2x)")
        print(f"convert peak RSS       : {rss / 2**20:7.0f} MiB = {rss / out_bytes:.2f}x the output tensor "
              f"(target < 2.5x)")
        tag = "" if args.format == "NC1HWC0" else f"_{args.format}"
        print(f"RATIO convert{tag}_vs_numpy_transpose {conv / bare:.3f} <= 1.2")
        print(f"RATIO convert{tag}_rss_vs_output {rss / out_bytes:.3f} <= 2.5")


if __name__ == "__main__":
    main()
