"""Benchmark `emulate`: 10 steps of the transformer block with full tensor dumps (dump_mode all).

    python benchmarks/bench_emulate.py [--steps 10] [--repeat 3] [--dir /tmp/...]

Prints, from one run: the emulate time, and two baselines measured in the same run on the same model and
inputs: the bare numpy forward passes (no dumps) and ``np.save`` of every tensor the dump holds (the raw
cost of putting those bytes on disk). Target: emulate under 5 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.emulator.compiler import compile_graph
from ascend_dump_gui.core.emulator.graph import execute
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.emulator.precision import policy_from_values

TARGET_S = 5.0
CONFIG = {"enable_dump": True, "dump_path": "out", "dump_mode": "all"}


def _best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(dir=args.dir, prefix="bench_emulate_"))
    try:
        model = MODELS["transformer"]
        feeds = [model.make_inputs(np.random.default_rng([0, s])) for s in range(args.steps)]
        policy, _ = policy_from_values({}, default="allow_fp32_to_fp16", cwd=work)
        device = compile_graph(model.build(), policy, feeds[0])

        def forward_only() -> None:
            for f in feeds:
                execute(device, f)

        def save_tensors() -> None:
            out = work / "npy"
            out.mkdir(exist_ok=True)
            for step, f in enumerate(feeds):
                def save(op, inputs, outputs, memory, step=step):
                    for i, a in enumerate([*inputs, *outputs]):
                        np.save(out / f"{step}.{op.name.replace('/', '_')}.{i}.npy", a)
                execute(device, f, observer=save)
            shutil.rmtree(out)

        def run_emulate() -> int:
            cwd = work / "emu"
            shutil.rmtree(cwd, ignore_errors=True)
            (cwd / "out").mkdir(parents=True)
            result = emulate(ConfigDoc("tf1_session", dict(CONFIG)), model="transformer", steps=args.steps, cwd=cwd)
            return len(result.written)

        files = run_emulate()
        t_emulate = _best(run_emulate, args.repeat)
        t_forward = _best(forward_only, args.repeat)
        t_save = _best(save_tensors, args.repeat)
        print(f"transformer, {args.steps} steps, dump_mode all: {files} dump files")
        print(f"emulate                 {t_emulate:8.3f} s   (target < {TARGET_S:.0f} s: "
              f"{'met' if t_emulate < TARGET_S else 'NOT met'})")
        print(f"baseline forward only   {t_forward:8.3f} s   emulate/forward = {t_emulate / t_forward:6.1f}x")
        print(f"baseline np.save bytes  {t_save:8.3f} s   emulate/np.save = {t_emulate / t_save:6.2f}x")
        print(f"RATIO emulate_{args.steps}_steps_seconds {t_emulate:.3f} <= {TARGET_S:g}")
        print(f"RATIO emulate_vs_np_save {t_emulate / t_save:.3f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
