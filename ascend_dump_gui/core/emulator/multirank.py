"""Emulated data-parallel training over many ranks and steps, for tests, benchmarks and the demo.

Every rank runs the same model on the same inputs (data-parallel ranks whose weights agree after the
all-reduce), so their dumps agree bit for bit, except where a fault is injected:

* a :class:`Drift` adds noise to one op's output on one rank from one step on (the rank drifts from its group);
* an overflow rank writes ``+inf`` into one op's output at the last step.

The tree is torchair's GE dump layout, ``{out}/npu/worldsize{W}_global_rank{R}/{time}/{device}/graph_1/1/{step}/``
(device = rank mod 8), with float32 golden ``.npy`` dumps of the original graph in ``{out}/golden/{step}/``
(the same for every rank).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator.drift import Drift
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, Op, OutputHook, cast_to
from ascend_dump_gui.core.emulator.limits import check_run_numbers
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.emulator.run import emulate
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

DEVICES_PER_HOST = 8
DRIFT_NOISE = 0.25
"""A drifting op's output gets noise of this many of its standard deviations (the same noise every step,
so the drifted rank is steady after the step it starts at): cosine similarity falls below 0.99."""


@dataclass
class MultiRankResult:
    """Where the tree went and what it holds."""

    npu_root: Path
    golden_root: Path | None
    ranks: int
    steps: int
    files: int = 0
    ops: list[str] = field(default_factory=list)
    """The op names of the compiled graph, in execution order."""


def _rank_hook(step: int, feeds: dict[str, np.ndarray], drift: Drift | None, overflow_op: str | None,
               seen: set[str]) -> OutputHook:
    def hook(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray],
             memory: dict[str, np.ndarray]) -> list[np.ndarray]:
        seen.add(op.name)
        if op.type in INPUT_TYPES and op.name in feeds:        # the same batch every step
            return [cast_to(np.asarray(feeds[op.name], dtype=np.float32), op.out_dtype)]
        if drift is not None and op.name == drift.op and step >= drift.step:
            y = outputs[0].astype(np.float32)
            noise = np.random.default_rng([drift.rank, 7]).standard_normal(y.shape).astype(np.float32)
            y = y + DRIFT_NOISE * (float(np.std(y)) + 1e-3) * noise
            return [cast_to(y, op.out_dtype), *outputs[1:]]
        if op.name == overflow_op:
            y = outputs[0].astype(np.float32).copy()
            y.reshape(-1)[::5] = np.inf
            return [cast_to(y, op.out_dtype), *outputs[1:]]
        return outputs

    return hook


def _same_golden_every_step(golden_root: Path, steps: int) -> None:
    """The emulator's golden run feeds each step its own batch; every rank here reruns step 0's batch, so
    each step's golden folder becomes a copy of step 0's."""
    first = sorted((golden_root / "0").iterdir())
    for step in range(1, steps):
        folder = golden_root / str(step)
        for old in folder.iterdir():
            old.unlink()
        for src in first:
            (folder / src.name).write_bytes(src.read_bytes())


def emulate_ranks(out: Path, *, ranks: int, steps: int, model: str = "mlp", drift: Drift | None = None,
                  overflow_rank: int | None = None, golden: bool = True, stats: bool = False, seed: int = 0,
                  progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> MultiRankResult:
    """Write a ``ranks`` x ``steps`` data-parallel dump tree under ``out`` (see the module docstring).

    ``stats=True`` also writes the stats CSV of every op next to its tensor dump (statistics and tensors of
    the same run). Raises :class:`InputError` for counts below 1, a rank outside the world or an op name
    the compiled graph does not have.
    """
    check_run_numbers(steps=steps, seed=seed, ranks=ranks)
    if model not in MODELS:
        raise InputError(None, f"unknown model {model!r}; built-in models: {', '.join(MODELS)}")
    for what, rank in (("drift", drift.rank if drift else None), ("overflow", overflow_rank)):
        if rank is not None and not 0 <= rank < ranks:
            raise InputError(None, f"{what} rank {rank} is outside the world of {ranks} ranks")
    if drift is not None and not 0 <= drift.step < steps:
        raise InputError(None, f"drift step {drift.step} is outside the {steps} steps")
    out = Path(out).resolve()
    npu_root = out / "npu"
    npu_root.mkdir(parents=True, exist_ok=True)
    golden_root = out / "golden" if golden else None
    feeds = MODELS[model].make_inputs(np.random.default_rng([seed, 0]))
    result = MultiRankResult(npu_root, golden_root, ranks, steps)
    contents = ("tensor", "stats") if stats else ("tensor",)
    for rank in range(ranks):
        progress(rank, ranks, msg("rank {rank} of {ranks}", rank=rank, ranks=ranks))
        env = {"WORLD_SIZE": str(ranks), "RANK": str(rank), "ASCEND_DEVICE_ID": str(rank % DEVICES_PER_HOST)}
        rank_drift = drift if drift is not None and drift.rank == rank else None
        seen: set[str] = set()
        for content in contents:
            overflow_op = MODELS[model].fault_op if rank == overflow_rank else None
            doc = ConfigDoc("torchair", {"enable_dump": True, "dump_path": str(npu_root), "dump_data": content},
                            facts={"mode": "max-autotune"})
            last = steps - 1
            run = emulate(doc, env=env, model=model, steps=steps, cwd=out, seed=seed, cancel=cancel, own_folder=False,
                          golden_dir=golden_root if rank == 0 and content == "tensor" else None,
                          step_hook=lambda step, d=rank_drift, o=overflow_op, s=seen, last=last: _rank_hook(
                              step, feeds, d, o if step == last else None, s))
            result.files += len(run.written)
        if rank_drift is not None and rank_drift.op not in seen:
            raise InputError(None, f"drift op {rank_drift.op!r} is not in the compiled graph of {model}; its ops: "
                                   + ", ".join(sorted(seen)))
        if not result.ops:
            result.ops = sorted(seen)
    if golden_root is not None:
        _same_golden_every_step(golden_root, steps)
    progress(ranks, ranks, msg("done"))
    return result
