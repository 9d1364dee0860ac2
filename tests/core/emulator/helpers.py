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
