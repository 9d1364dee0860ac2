"""ui.compare: run compare on emulator trees, land on the first overflow, watcher findings, exports, models."""

from __future__ import annotations

import csv
import json
import shutil

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.compare.table_data import FAIL, PASS, WARN
from ascend_dump_gui.ui.compare.table_model import FIRST_TINT, CompareTableModel
from tests.ui.test_dump_fixtures import WATCHER, emulated, model_dump, run_compare


@pytest.fixture
def panel(shown_panel):
    return shown_panel(ComparePanel)[0]


@pytest.fixture(scope="module")
def overflow_run(tmp_path_factory):
    return emulated(tmp_path_factory.mktemp("overflow"), model_dump("overflow_fp16"), "overflow_fp16")


def test_compare_lands_on_the_first_overflowing_op(panel, qtbot, overflow_run):
    _, npu, golden, graph = overflow_run
    with qtbot.waitSignal(panel.rowShown, timeout=20_000):
        result = run_compare(panel, qtbot, npu, golden, graph)
    assert result.overflows[0].op_name == "dense/MatMul"
    row = panel.current_row()
    assert row.tensor == result.first_divergence.tensor == "dense/MatMul:output:0"
    assert panel.model.statuses()[panel.model.first_divergence_source()] == FAIL
    assert "first divergence: dense/MatMul:output:0" in panel.summary.text()
    assert panel.overflow_table.rowCount() == len(result.overflows)
    assert panel.overflow_table.item(0, 1).text() == "dense/MatMul"
    assert panel.details.tabText(1) == f"Overflows ({len(result.overflows)})"
    # the selected row overlays NPU and golden and plots their error
    assert len(panel.plot.values_plot._series) == 2
    error = panel.plot.display()
    assert error.stats.pos_inf > 0 or error.stats.max > 1.0


def test_only_failing_and_search_filter_the_table(panel, qtbot, overflow_run):
    _, npu, golden, graph = overflow_run
    result = run_compare(panel, qtbot, npu, golden, graph)
    total = panel.model.rowCount()
    assert total == len(result.rows)
    panel.only_failing.setChecked(True)
    failing = panel.model.rowCount()
    assert 0 < failing < total
    panel.search.setText("matmul:output")
    shown = {panel.model.index(r, 1).data() for r in range(panel.model.rowCount())}
    assert "dense/MatMul:output:0" in shown and all("matmul:output" in t.lower() for t in shown)


def test_watcher_finding_of_an_injected_overwrite(panel, qtbot, tmp_path):
    _, npu, golden, graph = emulated(tmp_path, WATCHER, "mlp", fault="overwrite")
    result = run_compare(panel, qtbot, npu, golden, graph)
    assert len(result.watcher_findings) == 1
    table = panel.watcher_table
    assert table.rowCount() == 1
    assert [table.item(0, c).text() for c in (0, 2)] == ["dense/Relu", "dense_1/Relu"]
    assert panel.details.tabText(2) == "Watcher (1)"
    table.opChosen.emit(table.op_at(0))
    row = panel.current_row()
    assert row.op_name == "dense/Relu"
    qtbot.waitUntil(lambda: panel.plot._title.text() == row.tensor, timeout=20_000)


def test_exports_read_back(panel, qtbot, overflow_run, tmp_path):
    _, npu, golden, graph = overflow_run
    result = run_compare(panel, qtbot, npu, golden, graph)
    with qtbot.waitSignal(panel.exported, timeout=10_000):
        panel.export(tmp_path / "result.csv")
    rows = list(csv.reader((tmp_path / "result.csv").read_text().splitlines()))
    assert len(rows) == len(result.rows) + 1 and "CosineSimilarity" in rows[0]
    with qtbot.waitSignal(panel.exported, timeout=10_000):
        panel.export(tmp_path / "result.json")
    doc = json.loads((tmp_path / "result.json").read_text())
    assert doc["first_divergence"]["tensor"] == "dense/MatMul:output:0"
    assert [r["tensor"] for r in doc["rows"]] == [r.tensor for r in result.rows]
    plot = panel.plot
    with qtbot.waitSignal(plot.exported, timeout=10_000):
        plot.export_npy(str(tmp_path / "error.npy"))
    error = np.load(tmp_path / "error.npy", allow_pickle=False)
    assert error.shape == tuple(panel.current_row().shape)


def test_missing_inputs_are_refused_with_a_message(panel, tmp_path):
    panel.set_inputs(tmp_path / "nope", tmp_path)
    assert panel.run() is None
    box = panel.findChild(QMessageBox, "error_box")
    assert box is not None and "NPU" in box.informativeText()
    box.close()


def test_cancel_stops_a_run(panel, qtbot, overflow_run):
    _, npu, golden, graph = overflow_run
    panel.set_inputs(npu, golden)
    with qtbot.waitSignal(panel._runner.ended, timeout=30_000):
        worker = panel.run()
        worker.cancel()
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()
    assert panel.summary.text() in ("Compare cancelled.",) or panel.result() is not None


def test_table_model_passes_qt_model_checks_filtered_and_sorted(qtmodeltester, overflow_run):
    _, npu, golden, graph = overflow_run
    result = compare(npu, golden, graph=graph)
    model = CompareTableModel()
    model.set_result(result)
    qtmodeltester.check(model)
    first = model.first_divergence_source()
    assert model.data(model.index(first, 0), 8).color() == FIRST_TINT  # BackgroundRole
    assert PASS in model.statuses()
    model.set_only_failing(True)
    model.sort(7, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(model)
    assert 0 < model.rowCount() < len(result.rows)
    assert {model.status_at(r) for r in range(model.rowCount())} <= {FAIL, WARN}
    assert model.data(model.index(model.display_row(first), 0), 8).color() == FIRST_TINT


def test_panel_shows_which_graph_was_used(panel, qtbot, tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp")
    result = run_compare(panel, qtbot, npu, golden)
    assert result.summary["graph_source"] == "found_near_dump"
    assert graph.name in panel.inputs.graph_used.text() and "found next to the dump" in panel.inputs.graph_used.text()
    assert panel.inputs.graph_used.toolTip() == str(graph)
    shutil.rmtree(graph.parent.parent)
    run_compare(panel, qtbot, npu, golden)
    assert panel.inputs.graph_used.text().startswith("No graph dump found")


def test_watcher_table_names_the_culprit_or_its_task():
    from ascend_dump_gui.core.compare.findings import WatcherFinding
    from ascend_dump_gui.ui.compare.findings_view import watcher_rows

    named = WatcherFinding("dense/Relu", "dense/Relu:output:0", "a", "b", "dense_1/Relu", 7, 256, 15.6)
    unnamed = WatcherFinding("dense/Relu", "dense/Relu:output:0", "a", "b", None, 7, 256, 15.6)
    assert watcher_rows([named])[0][1][2] == "dense_1/Relu"
    assert watcher_rows([unnamed])[0][1][2] == "task 7 (no graph dump names it)"


def test_a_rank_against_rank_compare_never_calls_its_reference_golden(panel, qtbot, overflow_run):
    panel.inputs.set_reference_kind(golden=False)
    assert panel.details.tabText(0) == "NPU vs reference dump"
    legend = panel.profile_view.legend.getLabel(panel.profile_view.golden_curve).text
    assert legend == "NPU vs reference dump"
    _, npu, _, _ = overflow_run
    run_compare(panel, qtbot, npu, npu)
    assert "NPU dumps vs NPU dumps" in panel.summary.text() and "golden" not in panel.summary.text()
    panel.inputs.set_reference_kind(golden=True)
    assert panel.details.tabText(0) == "NPU vs golden"
