"""Benchmark `convert` on a big float16 NC1HWC0 dump against a plain read and numpy's bare transpose.

    python benchmarks/bench_convert.py [--size-mb 1024] [--dir /tmp/...]

Prints, from one run: convert time vs reading the file (readinto) and vs
``np.ascontiguousarray(dev.transpose(0, 1, 4, 2, 3))`` on the same bytes already in memory, and convert's
peak RSS vs the output tensor size. Targets: convert within 1.2x of the numpy transpose (issue 35); peak memory
under 2.5x the output tensor. Convert and the baselines each run in a fresh subprocess.
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
    dev = np.arange(n * C1 * H * W * C0, dtype=np.uint16).view(np.float16).reshape(n, C1, H, W, C0)
    write_dump(path, op_name="conv", outputs=[TensorPayload(dev, format="NC1HWC0", original_shape=(n, C, H, W))])
    return (n, C, H, W)


CHILD = r"""
import json, resource, sys, time
from pathlib import Path
import numpy as np
mode, src, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
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
    dev = np.array(t0.device_array())  # the same bytes, in memory
    t = time.perf_counter()
    res = np.ascontiguousarray(dev.transpose(0, 1, 4, 2, 3))
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


def run(mode: str, src: Path, out: Path) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, mode, str(src), str(out)], capture_output=True,
                          text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size-mb", type=int, default=1024, help="device tensor size (default 1024 = 1 GiB)")
    parser.add_argument("--dir", type=Path, default=None, help="work directory (default: a temporary one)")
    parser.add_argument("--repeat", type=int, default=2, help="runs per measurement; the best is kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        work = Path(tmp)
        src = work / "Conv2D.conv.1.1.1700000000000000"
        shape = make_dump(src, args.size_mb)
        out_bytes = int(np.prod(shape)) * 2
        modes = ("read", "numpy", "convert")
        runs: dict[str, list[dict]] = {mode: [] for mode in modes}
        for i in range(args.repeat):      # interleaved rounds: a load spike from other processes hits each alike
            for mode in modes:
                runs[mode].append(run(mode, src, work / f"out_{mode}_{i}"))
        results = {}
        for mode in modes:
            results[mode] = min(runs[mode], key=lambda r: r["seconds"])
            results[mode]["peak_rss"] = max(r["peak_rss"] for r in runs[mode])
        produced = np.load(next((work / "out_convert_0").glob("*.npy")), mmap_mode="r", allow_pickle=False)
        assert produced.shape == shape
        conv, read, bare = results["convert"]["seconds"], results["read"]["seconds"], results["numpy"]["seconds"]
        rss = results["convert"]["peak_rss"]
        print(f"dump: {src.stat().st_size / 2**20:.0f} MiB float16 NC1HWC0 -> original {shape}")
        print(f"read (readinto)        : {read:7.3f} s")
        print(f"numpy bare transpose   : {bare:7.3f} s")
        print(f"convert (restore+write): {conv:7.3f} s   (+ {results['convert']['imports']:.3f} s importing its "
              f"modules, not counted)")
        print(f"convert / read         : {conv / read:6.2f}x")
        print(f"convert / numpy        : {conv / bare:6.2f}x   (target <= 1.2x)")
        print(f"convert peak RSS       : {rss / 2**20:7.0f} MiB = {rss / out_bytes:.2f}x the output tensor "
              f"(target < 2.5x)")
        print(f"RATIO convert_vs_numpy_transpose {conv / bare:.3f} <= 1.2")
        print(f"RATIO convert_rss_vs_output {rss / out_bytes:.3f} <= 2.5")


if __name__ == "__main__":
    main()
