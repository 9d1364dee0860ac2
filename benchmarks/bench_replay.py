"""Replay speed: a 4096x4096 float16 MatMul replay (float64 reference, magnitude bound, error budget and the
verdict) against numpy's own float64 matmul of the same arrays, measured in this one run (target <= 1.5x);
then ``replay --all`` of the emulator's transformer model.

    python benchmarks/bench_replay.py [--n 4096] [--repeat 3]

The NPU output is made once, as the device makes it (float32 accumulation, one rounding to float16), and is
not timed. Best and median of the repeats are printed, with the load average, since other processes may share
the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

import numpy as np

from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.result import replay_call
from ascend_dump_gui.core.replay.runs import open_run

TARGET = 1.5


def _times(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def matmul(n: int, repeat: int) -> float:
    rng = np.random.default_rng(0)
    a = rng.normal(0, 1, (n, n)).astype(np.float16)
    b = rng.normal(0, 1, (n, n)).astype(np.float16)
    npu = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    call = OpCall("MatMulV2", [a, b], {}, ["float16"], [npu.shape])
    verdicts = []

    def replay() -> None:
        verdicts.append(replay_call(call, [npu], ["x:output:0"], op="x", index=0, inputs=[], source="").verdict)

    base = _times(lambda: a64 @ b64, repeat)
    ours = _times(replay, repeat)
    ratio = min(ours) / min(base)
    print(f"{n}x{n} float16 MatMul: numpy float64 matmul best {min(base):.3f} s (median {median(base):.3f}); "
          f"replay best {min(ours):.3f} s (median {median(ours):.3f}); ratio {ratio:.2f} (target <= {TARGET}); "
          f"verdict {verdicts[0]}")
    print(f"RATIO replay_matmul_vs_numpy {ratio:.3f} <= {TARGET}")
    return ratio


def transformer(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        for sub in ("dump", "graphs"):
            (base / sub).mkdir()
        config = base / "acl.json"
        config.write_text(json.dumps({"dump": {"dump_path": str(base / "dump"),
                                               "dump_list": [{"model_name": "transformer"}], "dump_mode": "all"}}))
        emulate(config, env={"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": str(base / "graphs")}, model="transformer",
                cwd=base, fault="perturb")
        step = next(p for p in sorted((base / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                    and p.parent.name == "1")
        results: list = []
        times = _times(lambda: results.append(open_run(step).replay_all()), repeat)
        last = results[-1]
        counts = {v: sum(r.verdict == v for r in last) for v in ("faithful", "kernel", "unsupported")}
        print(f"replay --all, emulator transformer ({len(last)} ops, {counts}): best {min(times) * 1e3:.0f} ms "
              f"(median {median(times) * 1e3:.0f} ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()}")
    ratio = matmul(args.n, args.repeat)
    transformer(args.repeat)
    print(f"load average after: {os.getloadavg()}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
