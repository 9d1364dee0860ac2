"""Issue 34, item 2: every path reachable. The Graph mode opens msprobe dumps from its Open menu, from a drop,
from Browse (an msprobe run's "Show in Graph") and from the msprobe Compare; *Replay this op* replays from every
place it is offered, for GE ops and msprobe calls, and is not offered where there is nothing to replay from."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog

from ascend_dump_gui.ui.graph.panel import GraphPanel
from tests.ui.compare.test_replay_ui import perturbed_run  # noqa: F401 - a module-scoped fixture

DATA = Path(__file__).resolve().parents[2] / "core" / "replay" / "data"
NPU, BENCH = DATA / "npu_perturbed" / "step0", DATA / "bench" / "step0"
DIVERGING = "Functional.gelu.0.forward"


def _shown(qtbot, graph, start) -> None:
    with qtbot.waitSignal(graph.graphShown, timeout=30_000):
        start()
    qtbot.waitUntil(lambda: not graph.busy, timeout=30_000)


def _drop(window, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


def test_the_open_menu_opens_an_msprobe_folder(qtbot, shown_panel, monkeypatch):
    graph, _ = shown_panel(GraphPanel)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args, **kwargs: str(NPU))
    action = next(a for a in graph.open_button.menu().actions() if a.objectName() == "graph_open_folder")
    _shown(qtbot, graph, action.trigger)
    assert graph.msprobe is not None and graph.msprobe.path == NPU and DIVERGING in graph.loaded.npu.ops


def test_a_folder_dropped_on_the_graph_mode_opens_there(window, qtbot, tmp_path):
    graph = window.graph_panel
    window.tabs.setCurrentWidget(graph)
    _shown(qtbot, graph, lambda: _drop(window, NPU))
    assert graph.msprobe is not None and graph.msprobe.path == NPU and window.tabs.currentWidget() is graph
    canvas = graph.npu_side.canvas
    assert not canvas.acceptDrops() and not canvas.viewport().acceptDrops()   # the drop reaches the window
    plain = tmp_path / "notes"
    plain.mkdir()
    _drop(window, plain)   # a folder the graph cannot open still opens in Browse
    assert window.tabs.currentWidget() is window.browse_panel


def test_browse_shows_an_msprobe_run_and_call_in_graph(window, qtbot):
    window.open_folder(NPU)
    browser = window.browse_panel.msprobe
    qtbot.waitUntil(lambda: browser.tree is not None and browser.graph_button.isEnabled(), timeout=20_000)
    qtbot.waitUntil(lambda: browser.select(DIVERGING), timeout=20_000)
    menu = browser.item_menu(browser.calls.currentItem())
    assert [a.text() for a in menu.actions()] == ["Show in Graph"]
    graph = window.graph_panel
    _shown(qtbot, graph, menu.actions()[0].trigger)
    assert window.tabs.currentWidget() is graph and graph.msprobe.path == browser.tree.root
    qtbot.waitUntil(lambda: graph.npu_side.canvas.selected_keys() == [("op", DIVERGING)], timeout=20_000)


def test_the_msprobe_compare_shows_its_runs_in_graph_with_the_bench(window, qtbot):
    compare = window.compare_panel
    compare.set_inputs(NPU, BENCH)
    assert compare.run() is not None
    view = compare.msprobe
    qtbot.waitUntil(lambda: view.result is not None and view.graph_button.isEnabled(), timeout=30_000)
    graph = window.graph_panel
    _shown(qtbot, graph, view.graph_button.click)
    assert window.tabs.currentWidget() is graph
    assert graph.msprobe.path == NPU and graph.msprobe.bench_path == BENCH and graph.msprobe.bench is not None


def test_replay_this_op_on_an_msprobe_call_in_graph_replays_it(window, qtbot):
    """The issue: it switched to Compare with an empty NPU field and replayed nothing."""
    graph = window.graph_panel
    window.tabs.setCurrentWidget(graph)
    _shown(qtbot, graph, lambda: graph.open_graph(NPU))
    assert graph.select_op(DIVERGING) and graph.replay_button.isEnabled()
    assert not window.compare_panel.inputs.npu.path()   # nothing chosen in Compare: the call's run is the input
    with qtbot.waitSignal(graph.replayRequested, timeout=5_000):
        graph.replay_button.click()
    replay = window.compare_panel.msprobe.replay_view
    qtbot.waitUntil(lambda: replay.shown is not None, timeout=30_000)
    assert replay.shown.result.op == DIVERGING and replay.shown.result.verdict == "kernel"
    assert window.tabs.currentWidget() is window.compare_panel
    assert window.compare_panel.views.currentWidget() is window.compare_panel.msprobe
    assert window.compare_panel.msprobe.details.currentWidget() is replay


def test_a_ge_graph_offers_replay_only_with_the_compare_that_has_the_dumps(window, qtbot, perturbed_run):  # noqa: F811
    _, npu, golden, graph_file = perturbed_run
    graph = window.graph_panel
    _shown(qtbot, graph, lambda: graph.open_graph(graph_file))
    assert graph.select_op("encoder/ffn/Gelu")
    assert not graph.replay_button.isEnabled() and "compare" in graph.replay_button.toolTip()
    assert graph.replay_selected() is None
    compare = window.compare_panel
    compare.set_inputs(npu, golden, graph_file)
    with qtbot.waitSignal(compare.finished, timeout=30_000):
        compare.run()
    qtbot.waitUntil(lambda: not graph.busy, timeout=30_000)
    assert graph.select_op("encoder/ffn/Gelu") and graph.replay_button.isEnabled()
    with qtbot.waitSignal(compare.replay_view.replayed, timeout=30_000) as replayed:
        graph.replay_button.click()
    assert replayed.args[0].op == "encoder/ffn/Gelu" and window.tabs.currentWidget() is compare
    compare.inputs.npu.set_path("")   # the compare went: nothing to replay from again
    assert not graph.replay_button.isEnabled()


@pytest.mark.parametrize("where", ["compare_row", "msprobe_row"])
def test_replay_this_op_from_the_compare_tables(window, qtbot, perturbed_run, where):  # noqa: F811
    compare = window.compare_panel
    if where == "compare_row":
        _, npu, golden, graph_file = perturbed_run
        compare.set_inputs(npu, golden, graph_file)
        with qtbot.waitSignal(compare.finished, timeout=30_000):
            compare.run()
        compare.select_op("encoder/attn/Softmax")
        menu = compare.row_menu_at(compare.table.visualRect(compare.table.currentIndex()).center())
        view, op = compare.replay_view, "encoder/attn/Softmax"
    else:
        compare.set_inputs(NPU, BENCH)
        compare.run()
        msprobe = compare.msprobe
        qtbot.waitUntil(lambda: msprobe.result is not None, timeout=30_000)
        row = msprobe.model.first_row()
        menu = msprobe.row_menu_at(msprobe.table.visualRect(msprobe.model.index(row, 2)).center())
        view, op = msprobe.replay_view, DIVERGING
    action = next(a for a in menu.actions() if a.text() == "Replay this op")
    with qtbot.waitSignal(view.replayed, timeout=30_000) as replayed:
        action.trigger()
    assert replayed.args[0].op == op and replayed.args[0].verdict == "kernel"
