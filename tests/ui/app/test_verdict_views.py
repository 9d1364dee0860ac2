"""Issue 24 in the views: not-compared rows are never green, md5 mode in Compare, nothing stale after a mode change,
a re-run or changed paths (real widgets and workers)."""

from __future__ import annotations

import os
import pickle

import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.msprobe.compare_view import TINTS
from ascend_dump_gui.ui.ranks.matrix_model import STATUS_COLOURS
from ascend_dump_gui.ui.ranks.panel import RanksPanel
from tests.emulator_runs import emulated, model_dump


class _System:
    def __reduce__(self):
        return (os.system, ("true",))


@pytest.fixture
def trees(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(task="tensor", ranks=(0,), noise=1e-4,
                                                               fault_op="dense_1/MatMul"))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(task="tensor", ranks=(0,)))
    return tmp_path


def _msprobe(qtbot, panel, npu, bench, mode=None):
    panel.set_inputs(npu, bench)
    if panel.msprobe is not None and mode is not None:
        panel.msprobe.mode.setCurrentIndex(panel.msprobe.mode.findData(mode))
    panel.run()
    view = panel.msprobe
    if mode is not None and view.mode.currentData() != mode:
        view.mode.setCurrentIndex(view.mode.findData(mode))
        view.run(npu, bench)
    qtbot.waitUntil(lambda: view.result is not None and not view.busy, timeout=30_000)
    return view


def test_a_refused_tensor_is_grey_and_counted_not_compared(shown_panel, qtbot, trees):
    run = open_tree(trees / "npu").runs[0]
    leaf = next(x for x in run.iter_leaves() if x.is_tensor and ".output." in x.name and x.data_name)
    run.tensor_path(leaf).write_bytes(pickle.dumps(_System()))
    panel = shown_panel(ComparePanel)[0]
    view = _msprobe(qtbot, panel, trees / "npu", trees / "bench", "all")
    k = next(i for i in range(view.model.rowCount()) if view.model.row_at(i)[0].result.rows[view.model.row_at(i)[1]]
             .tensor == leaf.name)
    brush = view.model.data(view.model.index(k, 0), Qt.ItemDataRole.BackgroundRole)
    assert brush.color() == TINTS[None] and brush.color() != TINTS["pass"]
    assert view.model.data(view.model.index(k, view.model.columnCount() - 2)) == "not compared"
    assert "1 not compared" in view.summary.text()


def test_md5_mode_in_compare_shows_checksums_and_the_divergence(shown_panel, qtbot, trees):
    panel = shown_panel(ComparePanel)[0]
    view = _msprobe(qtbot, panel, trees / "npu", trees / "bench", "md5")
    assert view.result.mode == "md5" and "msprobe md5" in view.summary.text()
    rows = [r for p in view.result.pairs for r in p.result.rows if r.npu.is_tensor]
    assert rows and all(len(r.metrics["NPU MD5"]) == 8 for r in rows)
    assert "first divergence" in view.summary.text() and view.result.first_divergence() is not None


def test_mode_change_and_rerun_leave_nothing_stale(shown_panel, qtbot, trees):
    panel = shown_panel(ComparePanel)[0]
    view = _msprobe(qtbot, panel, trees / "npu", trees / "bench", "all")
    with qtbot.waitSignal(view.rowShown, timeout=20_000):
        assert view.go_to_first_divergence()
    assert view.plot._pair is not None
    view.mode.setCurrentIndex(view.mode.findData("summary"))     # the box alone: the old table goes at once
    assert view.result is None and view.model.rowCount() == 0 and view.plot._pair is None
    assert "mode changed" in view.summary.text()
    view.run(trees / "npu", trees / "bench")
    qtbot.waitUntil(lambda: view.result is not None and not view.busy, timeout=30_000)
    assert view.result.mode == "summary" and "msprobe summary" in view.summary.text()
    with qtbot.waitSignal(view.rowShown, timeout=20_000):
        assert view.go_to_first_divergence()
    view.mode.setCurrentIndex(view.mode.findData("all"))
    view.run(trees / "npu", trees / "bench")                      # a re-run: the plot of the summary run goes
    assert view.plot._pair is None and view.plot._display is None and view.model.rowCount() == 0
    qtbot.waitUntil(lambda: view.result is not None and not view.busy, timeout=30_000)
    assert view.result.mode == "all"


def test_paths_changed_while_comparing_never_get_the_old_result(shown_panel, qtbot, tmp_path):
    _, step, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    panel = shown_panel(ComparePanel)[0]
    panel.set_inputs(step, golden)
    assert panel.run() is not None
    panel.set_inputs(golden, step)                   # changed while the compare runs
    assert panel.model.result() is None and "inputs changed" in panel.summary.text()
    qtbot.wait(1500)
    qtbot.waitUntil(lambda: not panel.job.busy, timeout=30_000)
    assert panel.model.result() is None
    panel.set_inputs(step, golden)
    with qtbot.waitSignal(panel.finished, timeout=30_000):
        panel.run()
    assert step.name in panel.summary.text() and golden.name in panel.summary.text()
    panel.inputs.graph_used.setText("Graph used: x (found next to the dump)")
    panel.inputs.npu.set_path(str(tmp_path))         # the shown result and its graph note go at once
    assert panel.model.result() is None and panel.inputs.graph_used.text() == ""


def test_ranks_never_green_for_a_run_not_compared(shown_panel, qtbot, trees):
    write_msprobe_tree(trees / "clean", "mlp", MsprobeDumpSpec(task="tensor", ranks=(0,)))   # agrees with bench
    run = open_tree(trees / "clean").runs[0]
    leaf = next(x for x in run.iter_leaves() if x.is_tensor and ".output." in x.name and x.data_name)
    run.tensor_path(leaf).write_bytes(b"PK\x03\x04 damaged")
    panel = shown_panel(RanksPanel)[0]
    panel.set_inputs(trees / "clean", trees / "bench", mode="golden")
    panel.stats_first.setChecked(False)   # every tensor read in full (statistics first would not read it)
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=60_000)
    (cell,) = panel.result.runs
    assert cell["not_compared"] == 1 and cell["failed"] == 0 and cell["status"] == "not_compared"
    colour = panel.model.data(panel.model.index_of(cell["rank"], cell["step"]), Qt.ItemDataRole.BackgroundRole)
    assert colour.color().name() == STATUS_COLOURS["not_compared"] != STATUS_COLOURS["ok"]


def test_ranks_says_its_inputs_and_clears_when_they_change(shown_panel, qtbot, trees):
    panel = shown_panel(RanksPanel)[0]
    panel.set_inputs(trees / "npu", trees / "bench", mode="golden")
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=60_000)
    assert "npu vs bench" in panel.summary.text() and "not compared" in panel.summary.text()
    panel.mode.setCurrentIndex(panel.mode.findData("ranks"))      # another mode: the matrix goes at once
    assert panel.result is None and panel.model.rowCount() == 0 and "inputs changed" in panel.summary.text()
    panel.set_inputs(trees / "npu", trees / "bench", mode="golden")
    assert panel.run() is not None
    panel.npu.set_path(str(trees / "bench"))                       # changed while it runs
    assert "was stopped" in panel.summary.text()
    qtbot.wait(500)
    qtbot.waitUntil(lambda: panel.run_button.isEnabled(), timeout=30_000)
    assert panel.result is None and panel.model.rowCount() == 0
