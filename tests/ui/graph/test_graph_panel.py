"""The Graph mode: real and emulator graphs, groups opened by double-click, colours from Compare, selection
round trips with Compare and Browse, the original graph beside the device graph, search, export."""

from __future__ import annotations

import os
import sys

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ascend_dump_gui.core.graph import overlay as ov
from ascend_dump_gui.core.graph.hierarchy import MappedScopes
from ascend_dump_gui.core.graph.model import GROUP, OP
from ascend_dump_gui.ui.graph.panel import GraphPanel
from tests.core.graph.graphs import RESNET, real_graph
from tests.ui.test_dump_fixtures import drain, emulated, model_dump


def _open(qtbot, panel: GraphPanel, path) -> None:
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        panel.open_graph(path)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)


def _settle(qtbot, panel: GraphPanel) -> None:
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)


def _point(canvas, key) -> QPoint:
    item = canvas.boxes[key]
    canvas.centerOn(item)
    return canvas.mapFromScene(item.sceneBoundingRect().center())


def test_real_resnet_opens_searches_and_selects_fused_ops(qtbot, shared_dir, shown_panel):
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, real_graph(shared_dir, RESNET))
    canvas = panel.npu_side.canvas
    assert len(canvas.boxes) == 170 and len(canvas.edges) == 185
    assert panel.original_side.isHidden() and not panel.side_by_side.isEnabled()  # no original stage file
    assert "170 ops" in panel.info.text() and "igraph" in panel.info.text()
    with qtbot.assertNotEmitted(panel.opSelected):
        assert panel.find("bn2a") == ["res2a_branch2ares2a_branch2a_relu", "res2a_branch2bres2a_branch2b_relu",
                                      "res2a_branch2c", "res2a_branch1res2ares2a_relu"]
        assert canvas.selected_keys() == [(OP, "res2a_branch2ares2a_branch2a_relu")]
        panel.next_match()
        assert canvas.selected_keys() == [(OP, "res2a_branch2bres2a_branch2b_relu")]
        assert "Match 2 of 4" in panel.info.text()
        assert panel.select_op("bn_conv1")        # an original name: its fused op is selected
        assert canvas.selected_keys() == [(OP, "conv1conv1_relu")]
    assert not panel.select_op("no_such_op") and panel.find("no_such_op") == []
    minimap = panel.npu_side.minimap
    qtbot.waitUntil(lambda: not minimap._pixmap.isNull(), timeout=5_000)
    canvas.resetTransform()
    canvas.centerOn(canvas.boxes[(OP, "data")])
    top = canvas.mapToScene(canvas.viewport().rect().center()).y()
    QTest.mouseClick(minimap, Qt.MouseButton.LeftButton, pos=QPoint(minimap.width() // 2, minimap.height() - 3))
    assert canvas.mapToScene(canvas.viewport().rect().center()).y() > top + 3000   # moved to the graph's end
    tip = canvas.boxes[(OP, "conv1conv1_relu")].toolTip()
    assert "Conv2D" in tip and "bn_conv1" in tip and "1,64,112,112" in tip


def test_a_subgraph_is_chosen_from_the_graph_list(qtbot, shared_dir, shown_panel):
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, real_graph(shared_dir, "ge_proto_00000001_Build.txt"))
    choice = panel.graph_choice
    assert choice.isVisible() and choice.count() == 5 and choice.currentText() == "ge_default_20230713074125_11"
    index = choice.findText("ge_default_20230713074125_sub_2_unknow")
    choice.setCurrentIndex(index)
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        choice.activated.emit(index)
    _settle(qtbot, panel)
    assert panel.loaded.npu.name == "ge_default_20230713074125_sub_2_unknow"
    assert (OP, "Unique") in panel.npu_side.canvas.boxes and choice.currentIndex() == index


def test_groups_open_and_close_on_double_click(qtbot, tmp_path, shown_panel):
    _, _, _, build = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, build)
    canvas = panel.npu_side.canvas
    assert (GROUP, "dense") in canvas.boxes and (OP, "dense/MatMul") not in canvas.boxes
    QTest.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=_point(canvas, (GROUP, "dense")))
    qtbot.waitUntil(lambda: (OP, "dense/MatMul") in canvas.boxes and not panel.busy, timeout=20_000)
    assert canvas.boxes[(GROUP, "dense")].expanded
    group = canvas.boxes[(GROUP, "dense")].sceneBoundingRect()
    assert group.contains(canvas.boxes[(OP, "dense/MatMul")].sceneBoundingRect())
    header = canvas.mapFromScene(group.topLeft()) + QPoint(40, 8)
    QTest.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=header)
    qtbot.waitUntil(lambda: (OP, "dense/MatMul") not in canvas.boxes and not panel.busy, timeout=20_000)
    assert not canvas.boxes[(GROUP, "dense")].expanded
    scale = canvas.transform().m11()
    centre = QPointF(canvas.viewport().rect().center())
    wheel = QWheelEvent(centre, canvas.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(canvas.viewport(), wheel)
    assert canvas.transform().m11() == pytest.approx(scale * 1.15 ** 2)   # two notches in


def test_compare_colours_the_graph_and_selection_round_trips(qtbot, tmp_path, window):
    root, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    browse, comp, panel = window.browse_panel, window.compare_panel, window.graph_panel
    with qtbot.waitSignal(browse.indexReady, timeout=20_000):
        window.open_folder(root)
    comp.set_inputs(npu, golden, graph)
    with qtbot.waitSignals([comp.finished, panel.graphShown, panel.overlayShown], timeout=60_000):
        comp.run()
    _settle(qtbot, panel)   # Compare moved to the first divergence: both graphs follow while the tab is hidden
    assert set(panel.original_side.canvas.selected_keys()) == {(OP, "dense/MatMul"), (OP, "dense/BiasAdd")}
    window.tabs.setCurrentWidget(panel)
    _settle(qtbot, panel)
    npu_side, original = panel.npu_side, panel.original_side
    canvas = npu_side.canvas
    assert panel.path == graph and original.isVisible()
    overlay = canvas.overlay
    assert overlay.first_divergence == "dense/MatMul"
    statuses = dict(zip((r.op_name for r in comp.result().rows), comp.model.statuses(), strict=False))
    assert statuses["input"] == "pass" and overlay.ops["input"] == ov.PASS
    assert canvas.boxes[(GROUP, "dense")].status == ov.FIRST_DIVERGENCE      # a closed group: worst inside
    assert overlay.ops["dense_1/MatMul"] == ov.OVERFLOW
    assert original.canvas.overlay.ops["dense/BiasAdd"] == ov.FIRST_DIVERGENCE  # fused into dense/MatMul

    assert panel.go_to_first_divergence()
    _settle(qtbot, panel)
    assert canvas.selected_keys() == [(OP, "dense/MatMul")]
    assert canvas.boxes[(OP, "input")].on_path and canvas.boxes[(OP, "dense/MatMul")].on_path
    assert canvas.edges[((OP, "trans_TransData_0"), (OP, "dense/MatMul"))].on_path
    assert set(original.canvas.selected_keys()) == {(OP, "dense/MatMul"), (OP, "dense/BiasAdd")}

    # Compare -> Graph: a row chosen in Compare selects its op (opening its group)
    comp.select_op("dense_1/MatMul")
    qtbot.waitUntil(lambda: canvas.selected_keys() == [(OP, "dense_1/MatMul")] and not panel.busy, timeout=20_000)

    # Graph -> Compare and Browse: a click on a box
    with qtbot.waitSignal(panel.opSelected, timeout=5_000) as picked:
        QTest.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=_point(canvas, (OP, "dense/Relu")))
    assert picked.args == ["dense/Relu"]
    assert comp.current_row().op_name == "dense/Relu" and window.tabs.currentWidget() is panel
    qtbot.waitUntil(lambda: browse.current_record() is not None
                    and browse.current_record().op_name == "dense_Relu", timeout=20_000)

    # Browse -> Graph: an op picked in Browse (its file-name spelling) is selected in the graph
    _settle(qtbot, panel)
    assert browse.select_op("trans_Cast_1")
    qtbot.waitUntil(lambda: canvas.selected_keys() == [(OP, "trans_Cast_1")], timeout=20_000)

    # the original graph: a click there selects the NPU op it was fused into, in both views and in Compare
    _settle(qtbot, panel)
    with qtbot.waitSignal(panel.opSelected, timeout=5_000) as picked:
        QTest.mouseClick(original.canvas.viewport(), Qt.MouseButton.LeftButton,
                         pos=_point(original.canvas, (OP, "dense/BiasAdd")))
    assert picked.args == ["dense/MatMul"]
    assert comp.current_row().op_name == "dense/MatMul"
    qtbot.waitUntil(lambda: canvas.selected_keys() == [(OP, "dense/MatMul")], timeout=20_000)
    drain(qtbot, window.runner)


def test_another_hierarchy_regroups_the_shown_graph(qtbot, tmp_path, shown_panel):
    _, _, _, build = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, build)
    scopes = {name: ("block_1", "ffn") for name in ("dense_1/MatMul", "dense_1/Relu", "dense_1/kernel")}
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        panel.set_hierarchy(MappedScopes(scopes))
    _settle(qtbot, panel)
    boxes = panel.npu_side.canvas.boxes
    assert (GROUP, "block_1") in boxes and (GROUP, "dense_1") in boxes and (GROUP, "dense") in boxes
    assert panel.loaded.npu.groups["dense_1"].size == 1     # its other ops moved to block_1/ffn
    assert panel.select_op("dense_1/MatMul")
    qtbot.waitUntil(lambda: panel.npu_side.canvas.selected_keys() == [(OP, "dense_1/MatMul")], timeout=20_000)
    assert panel.npu_side.expanded == {"block_1", "block_1/ffn"}


def test_export_view_as_svg_and_png(qtbot, tmp_path, shown_panel):
    _, _, _, build = emulated(tmp_path, model_dump("convnet"), "convnet")
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, build)
    panel.npu_side.canvas.zoom_by(0.01)        # zoomed far out: no text on screen, but the export has it
    assert not panel.npu_side.canvas.boxes[(OP, "conv1conv1_relu")]._title.isVisible()
    svg = panel.export_image(tmp_path / "view.svg").read_text()
    assert svg.startswith("<?xml") and "<svg" in svg and "conv1conv1_relu" in svg
    assert not panel.npu_side.canvas.boxes[(OP, "conv1conv1_relu")]._title.isVisible()   # the view as it was
    png = panel.export_image(tmp_path / "view.png")
    assert png.read_bytes()[:4] == b"\x89PNG"
    image = QImage(str(png))
    assert image.width() > 100 and image.height() > 100


def test_the_view_works_without_igraph(qtbot, tmp_path, shown_panel, monkeypatch):
    monkeypatch.setitem(sys.modules, "igraph", None)
    _, _, _, build = emulated(tmp_path, model_dump("convnet"), "convnet")
    panel, _ = shown_panel(GraphPanel)
    _open(qtbot, panel, build)
    assert "layered (igraph unavailable" in panel.info.text()
    assert (OP, "conv1conv1_relu") in panel.npu_side.canvas.boxes


def test_a_bad_graph_file_is_reported_not_raised(qtbot, tmp_path, shown_panel):
    bad = tmp_path / "ge_proto_00000001_Build.txt"
    bad.write_text("graph { op { name: ")
    panel, _ = shown_panel(GraphPanel)
    panel.open_graph(bad)
    qtbot.waitUntil(lambda: panel.info.text() == "The graph could not be opened.", timeout=20_000)
    assert panel.loaded is None and panel.path is None and not panel.busy
    _, _, _, good = emulated(tmp_path, model_dump("mlp"), "mlp")
    _open(qtbot, panel, good)
    panel.open_graph(bad)
    qtbot.waitUntil(lambda: panel.info.text() == "The graph could not be opened.", timeout=20_000)
    assert panel.path == good and (OP, "input") in panel.npu_side.canvas.boxes   # the shown graph stays


def test_the_caption_names_the_inputs_as_compares_summary_does(qtbot, tmp_path, window, monkeypatch):
    """Inputs given relative to the working folder (``0`` for a step folder) are still named by model and step:
    never "Coloured by 0 vs 0"."""
    _, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    monkeypatch.chdir(golden.parent)
    comp, panel = window.compare_panel, window.graph_panel
    comp.set_inputs(os.path.relpath(npu), golden.name, graph)
    with qtbot.waitSignals([comp.finished, panel.overlayShown], timeout=60_000):
        comp.run()
    named = "overflow_fp16 step 0 vs golden/0"
    assert comp.summary.text().startswith(named + " (")
    assert panel.compare_info.text().startswith(f"Coloured by {named}: "), panel.compare_info.text()
    drain(qtbot, window.runner)
