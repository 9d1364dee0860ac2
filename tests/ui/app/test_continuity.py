"""Continuity between views: Run in emulator fills Compare and defaults to the config's model; a graph dump of
another model is ignored with a warning; a new NPU path drops the old graph; Browse's "Compare with…"."""

from __future__ import annotations

import pytest

from ascend_dump_gui.ui.compare.panel import ComparePanel
from tests.ui.compare.test_compare_panel import overflow_run  # noqa: F401 - a module-scoped fixture
from tests.ui.test_dump_fixtures import emulated, model_dump


@pytest.fixture
def compare_panel(shown_panel):
    return shown_panel(ComparePanel)[0]


def test_run_in_emulator_fills_compare_and_offers_to_compare(window, qtbot, tmp_path):
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_list": [{"model_name": "overflow_fp16"}]})
    dialog = window.run_emulator()
    assert dialog.model.currentData() == "overflow_fp16"  # the model the config names, not the first one
    dialog.cwd.setText(str(tmp_path / "run"))
    with qtbot.waitSignal(dialog.compareReady, timeout=20000):
        dialog.run_button.click()
    panel = window.compare_panel
    npu, golden = panel.inputs.npu.path(), panel.inputs.golden.path()
    assert npu.startswith(str(tmp_path / "run" / "out")) and npu.endswith("/0")
    assert golden == str(tmp_path / "run" / "golden" / "0") and panel.inputs.graph.path() == ""
    assert panel.offer_bar.isVisibleTo(panel)
    with qtbot.waitSignal(panel.finished, timeout=30000) as done:
        panel.findChild(type(panel.run_button), "compare_offer_run").click()
    assert done.args[0].first_divergence is not None and not panel.offer_bar.isVisibleTo(panel)


def test_a_graph_of_another_model_is_ignored_with_a_warning(compare_panel, qtbot, overflow_run,  # noqa: F811
                                                            tmp_path):
    panel = compare_panel
    _, npu, golden, _graph = overflow_run
    other_graph = emulated(tmp_path, model_dump("convnet"), "convnet")[3]
    panel.set_inputs(npu, golden, other_graph)
    with qtbot.waitSignal(panel.finished, timeout=30000) as done:
        panel.run()
    assert done.args[0].first_divergence is not None
    assert "names only 0 of the 4 dumped ops (another model?): ignored" in panel.summary.text()
    assert "Graph used" not in panel.inputs.graph_used.text() or "convnet" not in panel.inputs.graph_used.toolTip()


def test_editing_the_npu_path_drops_the_previous_graph(compare_panel, tmp_path):
    panel = compare_panel
    panel.set_inputs(tmp_path / "a", tmp_path / "g", tmp_path / "graph.txt")
    panel.inputs.npu.edit.textEdited.emit(str(tmp_path / "b"))
    assert panel.inputs.graph.path() == "" and "cleared" in panel.inputs.graph_used.text()


def test_compare_with_from_browse_sets_the_npu_input(window, qtbot, tmp_path):
    window.compare_panel.set_inputs(tmp_path / "old", tmp_path / "g", tmp_path / "graph.txt")
    window.browse_panel.compareRequested.emit(str(tmp_path / "new"))
    inputs = window.compare_panel.inputs
    assert inputs.npu.path() == str(tmp_path / "new") and inputs.graph.path() == ""
    assert window.tabs.currentWidget() is window.compare_panel


def test_compare_table_row_menu(compare_panel, qtbot, overflow_run):  # noqa: F811
    panel = compare_panel
    _, npu, golden, graph = overflow_run
    panel.set_inputs(npu, golden, graph)
    with qtbot.waitSignal(panel.rowShown, timeout=30000):
        panel.run()
    menu = panel.row_menu_at(panel.table.visualRect(panel.table.currentIndex()).center())
    texts = [a.text() for a in menu.actions()]
    assert texts[:3] == ["Show in Browse", "Copy tensor name", "Copy NPU path"] and "Show in folder" in texts
    with qtbot.waitSignal(panel.opActivated) as asked:
        menu.actions()[0].trigger()
    assert asked.args == [panel.current_row().op_name]
