"""Benchmark header listing: read the headers of many dump files (target: 10,000 files in under 2 s).

    python benchmarks/bench_headers.py [--files 10000] [--dir /tmp/...]

Prints the time to `read_dump` every file and list its tensors (dtype, format, shapes, sizes), next to a
baseline measured in the same run: opening each file and reading its first 4 KiB.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, encode_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.reader import read_dump


def make_files(folder: Path, count: int) -> list[Path]:
    """``count`` dumps like a real model's: 2 inputs, 1 NC1HWC0 output, 16-64 KiB of data each."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 20, 16, 16)).astype(np.float16)
    head, payloads = encode_dump(
        op_name="model/layer_0/conv2d", dump_time=1700000000000000,
        inputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape),
                TensorPayload(rng.standard_normal((20, 20, 3, 3)).astype(np.float16))],
        outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)])
    body = head + b"".join(p.tobytes() for p in payloads)
    paths = []
    for i in range(count):
        path = folder / f"Conv2D.layer_{i}.{i}.3.{1700000000000000 + i}"
        path.write_bytes(body)
        paths.append(path)
    return paths


def list_headers(paths: list[Path]) -> int:
    n = 0
    for path in paths:
        dump = read_dump(path)
        for t in dump.tensors():
            n += len((t.dtype, t.format, t.shape, t.original_shape, t.nbytes))
    return n


def read_heads(paths: list[Path]) -> int:
    n = 0
    for path in paths:
        with open(path, "rb") as fh:
            n += len(fh.read(4096))
    return n


def best_of(fn, paths, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(paths)
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=10000)
    parser.add_argument("--dir", type=Path, default=None, help="work directory (default: a temporary one)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        paths = make_files(Path(tmp), args.files)
        os.sync()
        base = best_of(read_heads, paths, args.repeat)
        ours = best_of(list_headers, paths, args.repeat)
        print(f"files                       : {len(paths)}")
        print(f"open + read 4 KiB (baseline): {base:7.3f} s")
        print(f"read_dump + list tensors    : {ours:7.3f} s  ({ours / len(paths) * 1e6:.0f} us/file, target < 2 s "
              f"for 10,000 files)")
        print(f"read_dump / baseline        : {ours / base:6.2f}x")
        print(f"RATIO headers_{len(paths)}_files_seconds {ours:.3f} <= {2 * len(paths) / 10_000:g}")
        print(f"RATIO headers_vs_read_4k {ours / base:.3f}")


if __name__ == "__main__":
    main()
