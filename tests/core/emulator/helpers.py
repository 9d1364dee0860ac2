"""Shared helpers for the emulator tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ascend_dump_gui.core.emulator.compiler import compile_graph
from ascend_dump_gui.core.emulator.graph import Graph
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.emulator.precision import PrecisionPolicy, policy_from_values


def policy(mode: str, **extra: object) -> PrecisionPolicy:
    return policy_from_values({"precision_mode": mode, **extra}, default=mode, cwd=Path("."))[0]


def compiled(model: str, mode: str = "force_fp16") -> tuple[Graph, Graph, dict[str, np.ndarray]]:
    m = MODELS[model]
    feeds = m.make_inputs(np.random.default_rng(0))
    original = m.build()
    return original, compile_graph(original, policy(mode), feeds), feeds


def run(tmp_path: Path, config, *, model: str = "mlp", steps: int = 1, **kwargs):
    """``emulate`` in ``tmp_path`` (with an existing ``out`` folder); relative paths are against it."""
    from ascend_dump_gui.core.emulator import emulate

    (tmp_path / "out").mkdir(parents=True, exist_ok=True)
    return emulate(config, model=model, steps=steps, cwd=tmp_path, **kwargs)


def rel(result, tmp_path: Path) -> list[str]:
    """Written files relative to ``tmp_path``, as posix strings."""
    return [p.relative_to(tmp_path).as_posix() for p in result.written]


def dumps(result) -> list[Path]:
    """The binary dump files among the written files."""
    return [p for p in result.written if p.suffix not in (".npy", ".csv", ".txt") and p.name != "mapping.csv"]
