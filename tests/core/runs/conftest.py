"""An emulated 8-rank x 3-step data-parallel tree, written once per session: rank 5 drifts at step 1 in
dense_1/MatMul, rank 2 overflows at the last step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ascend_dump_gui.core.emulator.multirank import Drift, MultiRankResult, emulate_ranks

DRIFT = Drift(rank=5, step=1, op="dense_1/MatMul")
OVERFLOW_RANK = 2


@pytest.fixture(scope="session")
def ranks_tree(tmp_path_factory) -> MultiRankResult:
    return emulate_ranks(tmp_path_factory.mktemp("ranks"), ranks=8, steps=3, drift=DRIFT,
                         overflow_rank=OVERFLOW_RANK, stats=True)


@pytest.fixture(scope="session")
def clean_tree(tmp_path_factory) -> MultiRankResult:
    """The same world without any fault."""
    return emulate_ranks(tmp_path_factory.mktemp("clean"), ranks=8, steps=3, stats=False)


MSPROBE_DRIFT = Drift(rank=2, step=1, op="dense_1/MatMul")
MSPROBE_DRIFT_API = "Torch.matmul.1.forward.output.0"
MSPROBE_OVERFLOW_RANK = 1
"""dense_1/MatMul is the model's second matmul: msprobe names its output this way."""


@pytest.fixture(scope="session")
def msprobe_trees(tmp_path_factory):
    """(NPU, bench) msprobe tensor dumps of 4 data-parallel ranks x 3 steps; on NPU rank 2 drifts at step 1
    and rank 1 overflows at step 2."""
    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree

    root = tmp_path_factory.mktemp("msprobe_ranks")
    spec = MsprobeDumpSpec(task="tensor", steps=(0, 1, 2), ranks=(0, 1, 2, 3), data_parallel=True)
    write_msprobe_tree(root / "npu", "mlp", replace(spec, drift=MSPROBE_DRIFT, overflow_rank=MSPROBE_OVERFLOW_RANK))
    write_msprobe_tree(root / "bench", "mlp", spec)
    return root / "npu", root / "bench"
