"""The Ranks view: a real tree compare in a worker, the matrix, the first divergence, opening a cell."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks
from ascend_dump_gui.core.runs.tree_compare import TreeCompareResult
from ascend_dump_gui.ui.ranks.matrix_model import FIRST_MARK, STATUS_COLOURS
from ascend_dump_gui.ui.ranks.panel import RanksPanel


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return emulate_ranks(tmp_path_factory.mktemp("ranks_ui"), ranks=4, steps=2, drift=Drift(3, 1, "dense/Relu"),
                         overflow_rank=1, stats=True)


def _compare(qtbot, panel, tree, mode="ranks"):
    panel.set_inputs(tree.npu_root, tree.golden_root, mode=mode)
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=30000)
    return panel.result


def test_matrix_marks_first_divergence_and_overflow(qtbot, shown_panel, tree):
    panel, _ = shown_panel(RanksPanel)
    _compare(qtbot, panel, tree)
    model = panel.model
    assert (model.rowCount(), model.columnCount()) == (4, 2)
    first = model.index_of(3, 1)
    assert FIRST_MARK in model.data(first)
    assert model.data(first, Qt.ItemDataRole.BackgroundRole).color().name() == STATUS_COLOURS["diverged"]
    assert "⚠" in model.data(model.index_of(1, 1))
    assert model.data(model.index_of(2, 0)) == ""
    assert model.data(model.index_of(2, 0), Qt.ItemDataRole.BackgroundRole).color().name() == STATUS_COLOURS["ok"]
    assert "rank 3" in panel.summary.text() and "dense" in panel.summary.text()
    assert panel.current_run()["rank"] == 3 and panel.current_run()["step"] == 1
    with qtbot.waitSignal(panel.compareRequested) as blocker:
        panel.open_compare.click()
    npu, ref = blocker.args
    assert "worldsize4_global_rank3" in npu and "worldsize4_global_rank0" in ref
    with qtbot.waitSignal(panel.browseRequested) as blocker:
        panel.open_browse.click()
    assert blocker.args == [npu]


def test_golden_mode_needs_a_reference(qtbot, shown_panel, tree, monkeypatch):
    panel, _ = shown_panel(RanksPanel)
    shown = []
    monkeypatch.setattr("ascend_dump_gui.ui.ranks.panel.show_error", lambda *a: shown.append(a))
    panel.set_inputs(tree.npu_root, None, mode="golden")
    assert panel.run() is None and shown


def test_a_thousand_ranks_is_one_model_not_widgets(qtbot, shown_panel):
    panel, _ = shown_panel(RanksPanel)
    runs = [{"rank": r, "step": s, "path": f"r{r}/{s}", "rows": 3, "failed": int(r == 700), "overflows": 0,
             "worst": {}, "first_divergence": None, "status": "diverged" if r == 700 else "ok",
             "reference_path": "x"} for r in range(1024) for s in range(2)]
    result = TreeCompareResult("ranks", runs=runs, first_divergence={"rank": 700, "step": 1, "tensor": "t"})
    panel.model.set_result(result)
    assert panel.model.rowCount() == 1024
    assert panel.select_run(700, 1)
    assert FIRST_MARK in panel.model.data(panel.table.currentIndex())
    assert not panel.table.findChildren(RanksPanel)


def test_main_window_opens_a_run_in_compare(qtbot, window, tree):
    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    _compare(qtbot, panel, tree)
    with qtbot.waitSignal(window.runner.ended, timeout=30000):
        panel.open_compare.click()
    assert window.tabs.currentWidget() is window.compare_panel
    inputs = window.compare_panel.inputs
    assert inputs._labels[1].text() == "Reference" and "another rank" in inputs.golden.edit.placeholderText()
    qtbot.waitUntil(lambda: window.compare_panel.result() is not None, timeout=30000)
    divergence = window.compare_panel.result().first_divergence
    assert divergence is not None and divergence.op_name == "dense/Relu"


def test_rank_by_op_columns(qtbot, shown_panel, tree):
    panel, _ = shown_panel(RanksPanel)
    _compare(qtbot, panel, tree)
    assert panel.columns.count() == 3
    panel.show_ops_of(1)
    model = panel.model
    ops = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    # ops read in full somewhere show their graph name, ops only known from statistics their file name's form
    assert ops.index("dense_MatMul") < ops.index("dense/Relu") < ops.index("prob/Softmax")
    first = model.index_of(3, 1, "dense/Relu")
    assert FIRST_MARK in model.data(first) and panel.table.currentIndex() == first
    assert model.data(first, Qt.ItemDataRole.BackgroundRole).color().name() == STATUS_COLOURS["diverged"]
    upstream = model.index_of(3, 1, "dense/MatMul")
    assert model.data(upstream, Qt.ItemDataRole.BackgroundRole).color().name() == STATUS_COLOURS["ok"]
    overflowing = model.index_of(1, 1, "dense_1/MatMul")
    assert "⚠" in model.data(overflowing)
    assert panel.current_run()["rank"] == 3 and panel.open_compare.isEnabled()
    panel.show_ops_of(None)
    assert model.columnCount() == 2 and FIRST_MARK in model.data(model.index_of(3, 1))
