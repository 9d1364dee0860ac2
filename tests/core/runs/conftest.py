"""An emulated 8-rank x 3-step data-parallel tree, written once per session: rank 5 drifts at step 1 in
dense_1/MatMul, rank 2 overflows at the last step."""

from __future__ import annotations

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
