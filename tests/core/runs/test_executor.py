"""The local executor: outcomes in item order, errors reported per item, cancel stops the run."""

from __future__ import annotations

import pytest

from ascend_dump_gui.core.progress import Cancelled, CancelToken
from ascend_dump_gui.core.runs.executor import LocalExecutor, make_executor
from ascend_dump_gui.core.runs.tree_compare import compare_tree


def _half(x: int) -> float:
    if x == 3:
        raise ValueError("three is odd")
    return x / 2


def test_outcomes_in_order_with_errors():
    outcomes = LocalExecutor(workers=2).map(_half, list(range(6)), [str(i) for i in range(6)])
    assert [o.index for o in outcomes] == list(range(6))
    assert outcomes[3].error == "ValueError: three is odd" and not outcomes[3].lost
    assert [o.value for o in outcomes if o.error is None] == [0.0, 0.5, 1.0, 2.0, 2.5]


def test_cancel_stops_a_tree_compare(ranks_tree):
    token = CancelToken()
    with pytest.raises(Cancelled):
        compare_tree(ranks_tree.npu_root, mode="ranks", cancel=token, progress=lambda d, t, m: token.cancel())


def test_without_a_scheduler_the_work_stays_local():
    assert isinstance(make_executor(None), LocalExecutor)


def test_without_dask_a_scheduler_is_a_clear_error(monkeypatch):
    from ascend_dump_gui.core.errors import InputError

    monkeypatch.setitem(__import__("sys").modules, "distributed", None)   # as if dask were not installed
    with pytest.raises(InputError, match=r"ascend-dump-gui\[cluster\]"):
        make_executor("tcp://127.0.0.1:8786")
