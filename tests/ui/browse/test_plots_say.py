"""Issue 34, item 5: the plots say what they show. The error profile draws infinite errors at the top and errors
under its floor at it, both marked and named in the legend, which sits above the data; tick labels are unique
and the last op has one; the op under the mouse is named in full. An ``unsupported`` replay explains its missing
plots; the replay histogram's axis label fits; an msprobe row without a tensor says why there is no plot."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.replay.profile import ProfilePoint
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.replay.profile_view import FLOOR, TICKS, ErrorProfileView, tick_labels, ticked, top_of
from tests.ui.compare.test_replay_ui import perturbed_run  # noqa: F401 - a module-scoped fixture
from tests.ui.test_dump_fixtures import run_compare


def _points(count: int = 6) -> list[ProfilePoint]:
    golden = [1e-3, math.inf, 0.0, 2e-4, None, 5e-2]
    replay = [1e-4, 2e-3, 0.0, 1e-12, 3e-4, math.nan]
    names = ["enc/fc1/MatMul", "enc/fc2/MatMul", "enc/Relu", "dec/fc1/MatMul", "dec/fc2/MatMul", "dec/out/MatMul"]
    return [ProfilePoint(k + 1, names[k % 6] + ("" if k < 6 else f"_{k}"), "MatMul", "faithful", golden[k % 6],
                         replay[k % 6], 1e-3) for k in range(count)]


@pytest.fixture
def profile(shown_panel):
    return shown_panel(ErrorProfileView)[0]


def test_unique_tail_tick_labels_and_the_last_op_ticked():
    assert tick_labels(["enc/fc1/MatMul", "enc/fc2/MatMul", "dec/fc1/MatMul", "Relu"]) == [
        "enc/fc1/MatMul", "fc2/MatMul", "dec/fc1/MatMul", "Relu"]
    assert tick_labels(["a/" + "x" * 40])[0] == "…" + "x" * 21
    for count in (1, 5, 12, 13, 22, 100):
        chosen = ticked(count)
        assert chosen[0] == 0 and chosen[-1] == count - 1 and len(chosen) <= TICKS + 1
        assert chosen == sorted(set(chosen))


def test_infinite_and_zero_errors_are_drawn_and_marked(profile, qtbot):
    points = _points()
    profile._shown(points)
    top = top_of(points)
    assert top > 5e-2 and math.isfinite(top)
    xs, ys = profile.golden_curve.getData()          # (log10 of the values: the axis is logarithmic)
    assert list(xs) == [1, 2, 3, 4, 6]             # the infinite one (op 2) is drawn, not hidden
    assert ys[1] == pytest.approx(math.log10(top)) and ys[2] == pytest.approx(math.log10(FLOOR))
    inf_x, inf_y = profile.infinite_marks.getData()
    assert sorted(inf_x) == [2, 6] and list(inf_y) == pytest.approx([math.log10(top)] * 2)   # golden Inf, replay NaN
    low_x, _ = profile.floor_marks.getData()
    assert sorted(low_x) == [3, 3, 4]              # golden 0, replay 0 and replay 1e-12 at op 3 and 4
    assert profile.top_line.isVisible()
    texts = profile.legend_texts()
    assert "∞ or NaN (at the top)" in texts and "0 or under 1e-8 (at 1e-8)" in texts
    ticks = profile.plot.getPlotItem().getAxis("bottom")._tickLevels[0]
    labels = [label for _, label in ticks]
    assert len(labels) == len(set(labels)) == 6 and ticks[-1][0] == 6
    assert labels == ["enc/fc1/MatMul", "enc/fc2/MatMul", "Relu", "dec/fc1/MatMul", "dec/fc2/MatMul", "out/MatMul"]


def test_the_legend_sits_outside_the_data(profile, qtbot):
    profile._shown(_points())
    qtbot.wait(50)
    vb = profile.plot.getPlotItem().vb
    legend = profile.legend.sceneBoundingRect()
    assert legend.height() > 0 and not legend.intersects(vb.sceneBoundingRect())


def test_hovering_an_op_names_it_in_full(profile, qtbot):
    points = _points(30)
    profile._shown(points)
    qtbot.wait(50)
    vb = profile.plot.getPlotItem().vb
    target = points[17]
    scene = vb.mapViewToScene(QPointF(target.index, -3))
    profile.plot.scene().sigMouseMoved.emit(scene)
    assert profile.readout.text().startswith(target.op + " (MatMul)")
    assert target.op in profile.plot.toolTip()
    ticks = profile.plot.getPlotItem().getAxis("bottom")._tickLevels[0]
    assert len(ticks) <= TICKS + 1 and ticks[-1][0] == points[-1].index


def test_an_empty_profile_keeps_no_axis_of_an_earlier_run(profile):
    profile._shown(_points(22))
    profile.clear()
    x_range = profile.plot.getPlotItem().vb.viewRange()[0]
    assert x_range[1] - x_range[0] < 2 and profile.points == [] and profile.legend_texts() == [
        "NPU vs golden", "NPU vs its own replay", "replay budget"]


def test_an_unsupported_replay_explains_its_missing_plots(shown_panel, qtbot, perturbed_run):  # noqa: F811
    panel = shown_panel(ComparePanel)[0]
    _, npu, golden, graph = perturbed_run
    run_compare(panel, qtbot, npu, golden, graph)
    view = panel.replay_view
    with qtbot.waitSignal(view.replayed, timeout=30_000) as done:
        panel.replay_op("hidden_states")
    assert done.args[0].verdict == "unsupported"
    assert view.pages.currentWidget() is view.no_plot and view.no_plot.isVisible()
    assert "not recomputed" in view.no_plot.text() and "no inputs" in view.no_plot.text()
    with qtbot.waitSignal(view.replayed, timeout=30_000):
        panel.replay_op("encoder/attn/Softmax")
    assert view.pages.currentIndex() == 0 and view.histogram.isVisible()
    label = view.histogram.getPlotItem().getAxis("bottom").label
    assert label.boundingRect().width() <= view.histogram.width()   # the axis label is not cut
    assert "encoder/attn/Softmax" in view.histogram.toolTip()


def test_an_msprobe_row_without_a_tensor_says_why_there_is_no_plot(shown_panel, qtbot, tmp_path):
    for side in ("npu", "bench"):
        write_msprobe_tree(tmp_path / side, "mlp", MsprobeDumpSpec(task="statistics", summary_mode="md5"))
    panel = shown_panel(ComparePanel)[0]
    panel.set_inputs(tmp_path / "npu" / "step0", tmp_path / "bench" / "step0")
    panel.run()
    view = panel.msprobe
    qtbot.waitUntil(lambda: view.result is not None, timeout=30_000)
    assert view.table.currentIndex().isValid()   # a row is selected: the plot under it says something
    view.table.selectRow(1)
    title = view.plot._title.text()
    assert "md5" in title and "nothing to plot" in title and view.plot.display() is None
