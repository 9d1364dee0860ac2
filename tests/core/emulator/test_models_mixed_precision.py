"""The mixed_precision model: the ops each precision mode reduces; why velocity/MatMul loses its digits."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.emulator.graph import execute
from ascend_dump_gui.core.emulator.models import FRAME_ORIGIN, SAMPLE_PERIOD
from tests.core.emulator.helpers import compiled


@pytest.mark.parametrize("mode,add,matmul,softmax", [
    ("allow_mix_precision", "float32", "float16", "float32"),
    ("allow_mix_precision_bf16", "float32", "bfloat16", "float32"),
    ("force_fp16", "float16", "float16", "float16"),
    ("must_keep_origin_dtype", "float32", "float32", "float32"),
])
def test_compute_dtypes_per_mode(mode, add, matmul, softmax):
    _, device, _ = compiled("mixed_precision", mode)
    dtypes = {op.name: op.in_dtype for op in device.ops}
    chosen = (dtypes["world_frame/Add"], dtypes["velocity/MatMul"], dtypes["prob/Softmax"])
    assert chosen == (add, matmul, softmax)


def test_float32_velocities_are_the_tracks_speeds():
    original, _, feeds = compiled("mixed_precision")
    memory = execute(original, feeds)
    world = memory["world_frame/Add:0"]
    assert world.min() > FRAME_ORIGIN - 25 and world.max() < FRAME_ORIGIN + 25
    speed = np.diff(feeds["local_positions"], axis=1).mean(axis=1) / SAMPLE_PERIOD
    np.testing.assert_allclose(memory["velocity/MatMul:0"].mean(axis=1), speed, atol=1e-3)
    assert np.abs(speed).min() > 0.99 and np.abs(speed).max() < 3.01   # 1-3 m/s plus the noise


def test_float16_velocities_are_multiples_of_the_rounding_step():
    _, device, feeds = compiled("mixed_precision", "allow_mix_precision")
    velocity = execute(device, feeds)["velocity/MatMul:0"].astype(np.float64)
    step = float(np.spacing(np.float16(64.0))) / SAMPLE_PERIOD      # float16 spacing at 64-128 m, per second
    np.testing.assert_allclose(velocity / step, np.round(velocity / step), atol=1e-6)
    assert step > 3.0                       # coarser than every track's true speed (1-3 m/s)
