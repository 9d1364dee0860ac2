"""One loading model: a view is cleared the moment its input changes, a late result for an input no longer
selected is dropped, and Cancel empties the view instead of leaving old data marked "done"."""

from __future__ import annotations

import threading

import pytest

from ascend_dump_gui.ui.compare import panel as compare_module
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.dump import tensor_view as tensor_view_module
from ascend_dump_gui.ui.dump.panel import BrowsePanel
from ascend_dump_gui.ui.loading import LatestTask
from tests.ui.compare.test_compare_panel import overflow_run  # noqa: F401 - a module-scoped fixture
from tests.ui.test_dump_fixtures import make_tree, run_compare


class Gate:
    """Wraps a worker body so that its first ``held`` calls wait until :meth:`open` (others run at once)."""

    def __init__(self, fn, held: int = 1) -> None:
        self.fn, self.held, self.calls = fn, held, 0
        self.event = threading.Event()
        self.entered = threading.Event()

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls <= self.held:
            self.entered.set()
            self.event.wait(20)
        return self.fn(*args, **kwargs)

    def open(self) -> None:
        self.event.set()


def _cleared(view) -> bool:
    return (view.plot.display() is None and set(view.summary().values()) == {"—"}
            and not view.plot.values_plot._series)


def _open(panel, qtbot, root):
    with qtbot.waitSignal(panel.indexReady, timeout=10_000):
        panel.open_folder(root)


@pytest.fixture
def browse(shown_panel):
    return shown_panel(BrowsePanel)[0]


@pytest.fixture
def compare_panel(shown_panel):
    return shown_panel(ComparePanel)[0]


def test_opening_another_folder_clears_the_tensor_panel_at_once(browse, qtbot, tmp_path):
    first, second = make_tree(tmp_path / "a"), make_tree(tmp_path / "b")
    _open(browse, qtbot, first)
    view = browse.record_view.tensor_view
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        assert browse.select_op("dense/MatMul")
    assert not _cleared(view)
    browse.open_folder(second)
    assert _cleared(view) and view.tensors.topLevelItemCount() == 0  # before anything of B arrived
    assert browse.ops.rowCount() == 0
    qtbot.waitUntil(lambda: browse.index() is not None, timeout=10_000)
    qtbot.wait(50)
    assert _cleared(view)


def test_a_tensor_arriving_for_a_record_no_longer_selected_is_dropped(browse, qtbot, tmp_path, monkeypatch):
    gate = Gate(tensor_view_module._load)
    monkeypatch.setattr(tensor_view_module, "_load", gate)
    _open(browse, qtbot, make_tree(tmp_path))
    view = browse.record_view.tensor_view
    shown: list[str] = []
    view.tensorShown.connect(shown.append)
    assert browse.select_op("dense/MatMul")
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)  # A is loading (held)
    qtbot.waitUntil(view.loading_bar.isVisible, timeout=5000)  # after a short delay: quick loads show no bar
    assert "MatMul" in view.loading_bar.label.text()
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        assert browse.select_op("dense/Relu")
        assert _cleared(view)  # A's plot never shows while B is chosen
    b_display = view.plot.display()
    gate.open()  # A's result arrives now
    qtbot.wait(200)
    assert view.plot.display() is b_display and shown == ["output:0"]
    assert browse.current_record().op_name == "dense_Relu"


def test_cancelling_a_tensor_load_empties_the_view(browse, qtbot, tmp_path, monkeypatch):
    gate = Gate(tensor_view_module._load)
    monkeypatch.setattr(tensor_view_module, "_load", gate)
    _open(browse, qtbot, make_tree(tmp_path))
    view = browse.record_view.tensor_view
    shown: list[str] = []
    view.tensorShown.connect(shown.append)
    browse.select_op("dense/MatMul")
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)
    qtbot.waitUntil(view.loading_bar.isVisible, timeout=5000)
    view.loading_bar.cancel_button.click()
    assert not view.loading_bar.isVisible() and _cleared(view)
    assert "cancelled" in view.plot._title.text()
    gate.open()
    qtbot.wait(200)
    assert shown == [] and view.plot.display() is None
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):  # a click loads it again
        view._tensor_clicked()


def test_latest_task_delivers_only_the_latest_request(qtbot, shown_panel):
    _, runner = shown_panel(BrowsePanel)
    task = LatestTask(runner)
    results: list[object] = []
    task.finished.connect(results.append)
    gate = Gate(lambda value, *, progress, cancel: value)
    task.start("a", gate, "a")
    qtbot.waitUntil(gate.entered.is_set, timeout=5000)
    with qtbot.waitSignal(task.finished, timeout=5000):
        task.start("b", gate, "b")
    gate.open()
    qtbot.waitUntil(lambda: not runner.active, timeout=5000)
    assert results == ["b"] and not task.busy


def test_a_new_compare_clears_the_table_and_the_plot_at_once(compare_panel, qtbot, overflow_run):  # noqa: F811
    panel = compare_panel
    _, npu, golden, graph = overflow_run
    with qtbot.waitSignal(panel.rowShown, timeout=30_000):
        run_compare(panel, qtbot, npu, golden, graph)
    assert panel.plot.display() is not None and panel.model.rowCount() > 0
    selected: list[str] = []
    panel.rowSelected.connect(selected.append)
    with qtbot.waitSignal(panel.finished, timeout=30_000):
        panel.run()
        assert panel.plot.display() is None and panel.model.rowCount() == 0  # before the new result
        assert not panel.plot.values_plot._series and panel.overflow_table.rowCount() == 0
        assert selected == [""]


def test_cancel_clears_the_old_result_and_does_not_say_done(compare_panel, qtbot, overflow_run,  # noqa: F811
                                                            monkeypatch):
    panel = compare_panel
    _, npu, golden, graph = overflow_run
    run_compare(panel, qtbot, npu, golden, graph)
    gate = Gate(compare_module._compare_table)
    monkeypatch.setattr(compare_module, "_compare_table", gate)
    panel.run()
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)
    panel.cancel_button.click()
    assert panel.model.rowCount() == 0 and panel.result() is None and panel.plot.display() is None
    assert panel.summary.text() == "Compare cancelled." and panel.progress.format() == "cancelled"
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()
    gate.open()
    qtbot.waitUntil(lambda: not panel._runner.active, timeout=30_000)
    assert panel.result() is None  # the cancelled run's late result is dropped


def test_choosing_another_row_clears_the_plot_and_drops_the_late_pair(compare_panel, qtbot, overflow_run,  # noqa: F811
                                                                     monkeypatch):
    panel = compare_panel
    _, npu, golden, graph = overflow_run
    with qtbot.waitSignal(panel.rowShown, timeout=30_000):
        run_compare(panel, qtbot, npu, golden, graph)
    gate = Gate(compare_module._load_pair)
    monkeypatch.setattr(compare_module, "_load_pair", gate)
    rows = [k for k, r in enumerate(panel.result().rows) if r.golden_file]
    first, second = rows[0], rows[1]
    shown: list[str] = []
    panel.rowShown.connect(shown.append)
    panel._select_source_row(first)
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)
    assert panel.plot.display() is None
    qtbot.waitUntil(panel.pair_bar.isVisible, timeout=5000)
    with qtbot.waitSignal(panel.rowShown, timeout=10_000):
        panel._select_source_row(second)
    gate.open()
    qtbot.wait(200)
    assert shown == [panel.result().rows[second].tensor]


def test_indexing_shows_what_it_scans_and_can_be_cancelled(browse, qtbot, tmp_path, monkeypatch):
    from ascend_dump_gui.ui.dump import panel as panel_module

    gate = Gate(panel_module.index_folder)
    monkeypatch.setattr(panel_module, "index_folder", gate)
    root = make_tree(tmp_path)
    browse.open_folder(root)
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)
    qtbot.waitUntil(browse.scan_bar.isVisible, timeout=5000)
    assert "dump" in browse.scan_bar.label.text()
    browse.scan_bar.cancel_button.click()
    assert not browse.scan_bar.isVisible() and "cancelled" in browse.status_label.text()
    gate.open()
    qtbot.wait(200)
    assert browse.index() is None  # the cancelled scan's late index is dropped
    qtbot.waitUntil(lambda: browse.tree_model.rowCount() == 1, timeout=5000)  # the tree still lists folders


def test_the_op_table_is_greyed_while_another_folder_lists(browse, qtbot, tmp_path, monkeypatch):
    from ascend_dump_gui.ui.dump import panel as panel_module

    _open(browse, qtbot, make_tree(tmp_path, steps=2))
    gate = Gate(panel_module._folder_records)
    monkeypatch.setattr(panel_module, "_folder_records", gate)
    browse.select_folder("20240101120000")
    qtbot.waitUntil(gate.entered.is_set, timeout=10_000)
    assert not browse.table.isEnabled()
    gate.open()
    qtbot.waitUntil(browse.table.isEnabled, timeout=10_000)
    assert browse.ops.rowCount() > 0
