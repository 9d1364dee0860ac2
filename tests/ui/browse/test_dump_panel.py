"""ui.dump.panel: open a tree, filter, select an op, see its tensor summary and plot, stats and text views."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.ui.dump.op_table import INPUTS, LOADING, OUTPUTS
from ascend_dump_gui.ui.dump.panel import BrowsePanel
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import STEP, drain, make_tree


@pytest.fixture
def panel(shown_panel):
    return shown_panel(BrowsePanel)[0]


def _open(panel, qtbot, root):
    with qtbot.waitSignal(panel.indexReady, timeout=10_000):
        panel.open_folder(root)
    qtbot.waitUntil(lambda: panel.tree_model.rowCount() == 1, timeout=5000)


def _show(panel, qtbot, rel):
    panel.select_folder(rel)
    qtbot.waitUntil(lambda: panel.shown_folder() == rel, timeout=5000)


def _visible_ops(panel):
    model = panel.ops
    return [model.data(model.index(r, 2)) for r in range(model.rowCount())]


def test_open_shows_the_first_level_and_counts(panel, qtbot, tmp_path):
    root = make_tree(tmp_path, steps=2)
    _open(panel, qtbot, root)
    model = panel.tree_model
    assert model.data(model.index(0, 0)).startswith("20240101120000 (dumped 2024-01-01 12:00:00)")
    assert model.data(model.index(0, 2)) == "12"
    assert "12 files" in panel.status_label.text()


def test_filter_by_text_regex_and_kind(panel, qtbot, tmp_path):
    root = make_tree(tmp_path, steps=2)
    _open(panel, qtbot, root)
    _show(panel, qtbot, "20240101120000")
    assert len(_visible_ops(panel)) == 10  # 8 dumps + 2 stats; mapping.csv is not an op
    panel.set_filter("relu")
    assert _visible_ops(panel) == ["dense_Relu", "dense_Relu"]
    panel.set_filter("^dense_(Add|MatMul)$", regex=True, kinds={"tensor"})
    assert sorted(set(_visible_ops(panel))) == ["dense_Add", "dense_MatMul"] and len(_visible_ops(panel)) == 4
    panel.set_filter("[", regex=True)
    assert panel.filter_edit.property("invalid") is True
    panel.set_filter("", kinds={"stats"})
    assert len(_visible_ops(panel)) == 2


def test_select_op_shows_its_tensor_summary_and_plot(panel, qtbot, tmp_path):
    root = make_tree(tmp_path)
    _open(panel, qtbot, root)
    view = panel.record_view.tensor_view
    with qtbot.waitSignal(view.tensorShown, timeout=10_000) as shown:
        assert panel.select_op("dense/MatMul")
    assert shown.args == ["output:0"]
    assert panel.current_record().op_name == "dense_MatMul"
    assert panel.tree_model.rel_path(panel.tree.currentIndex()) == STEP
    summary = view.summary()
    assert summary["dtype"] == "float16" and summary["device shape"] == "4×8"
    assert float(summary["min"]) == 0.0 and summary["NaN"] == "0"
    display = view.plot.display()
    assert display is not None and display.values.shape == (4, 8)
    assert view.plot.values_plot.drawn_points() == 32
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        view.select_tensor("input", 0)
    assert float(view.summary()["min"]) < 0


def test_op_table_fills_tensor_columns_lazily(panel, qtbot, tmp_path):
    root = make_tree(tmp_path, extra_files=30)
    _open(panel, qtbot, root)
    _show(panel, qtbot, STEP)
    ops = panel.ops
    row = next(r for r in range(ops.rowCount()) if ops.record(r).op_name == "dense_Add"
               and ops.record(r).kind == "tensor")
    assert ops.data(ops.index(row, INPUTS)) in (LOADING, "float16 ND 4×8")
    qtbot.waitUntil(lambda: ops.data(ops.index(row, OUTPUTS)) == "float16 ND 4×8", timeout=5000)


def test_stats_csv_is_a_sortable_table(panel, qtbot, tmp_path):
    root = make_tree(tmp_path)
    _open(panel, qtbot, root)
    _show(panel, qtbot, STEP)
    stats_row = next(r for r in range(panel.ops.rowCount()) if panel.ops.record(r).kind == "stats")
    with qtbot.waitSignal(panel.record_view.statsShown, timeout=5000) as shown:
        panel.select_record(panel.ops.record(stats_row).path)
    assert shown.args == [2]
    table = panel.record_view.stats_table
    model = table.model()
    avg = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "Avg Value")
    table.sortByColumn(avg, Qt.SortOrder.DescendingOrder)
    assert [model.data(model.index(r, avg)) for r in range(2)] == ["0.75", "0.5"]


def test_device_layout_toggle_reloads_the_tensor(panel, qtbot, tmp_path):
    from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
    from ascend_dump_gui.core.dump.device_formats import to_device

    folder = tmp_path / "fmt"
    folder.mkdir()
    x = np.arange(1 * 3 * 2 * 2, dtype=np.float16).reshape(1, 3, 2, 2)
    dev = to_device(x, "NC1HWC0")
    write_dump(folder / "Conv2D.conv.1.1.1700000000000001", op_name="conv",
               outputs=[TensorPayload(dev, format="NC1HWC0", original_shape=x.shape)])
    _open(panel, qtbot, folder)
    view = panel.record_view.tensor_view
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        panel.select_op("conv")
    assert view.plot.display().values.shape == (1, 3, 2, 2)
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        view.device_layout.setChecked(True)
    assert view.plot.display().values.shape == dev.shape
    assert view.summary()["original shape"] == "1×3×2×2"


def test_opening_a_missing_folder_shows_an_error(panel, qtbot, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    panel.open_folder(tmp_path / "nope")
    box = panel.findChild(QMessageBox, "error_box")
    assert box is not None and "no such folder" in box.informativeText()
    assert panel.tree_model is None
    box.close()


def test_a_listing_that_finishes_after_the_panel_is_gone_is_ignored(qtbot, tmp_path):
    root = make_tree(tmp_path, steps=2)
    runner = TaskRunner()
    panel = BrowsePanel(runner)
    panel.open_folder(root)
    panel.select_folder(STEP)  # the folders on the way are listed in workers
    from shiboken6 import delete

    delete(panel)  # the window closed before the listings came back
    drain(qtbot, runner)
    qtbot.wait(50)  # queued results are delivered: none may reach the deleted tree view
