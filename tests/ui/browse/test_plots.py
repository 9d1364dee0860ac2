"""ui.plots: values/histogram/heatmap/table views of a tensor, pair mode, and exports read back."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.tensor import prepare_display, prepare_pair
from ascend_dump_gui.ui.plots.heatmap import MAX_SIDE
from ascend_dump_gui.ui.plots.plane_table import PlaneTableModel
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import drain


@pytest.fixture
def plot(qtbot):
    runner = TaskRunner()
    widget = TensorPlot(runner=runner)
    qtbot.addWidget(widget)
    widget.resize(800, 500)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    drain(qtbot, runner)


def _tensor() -> np.ndarray:
    a = np.arange(2 * 3 * 4 * 5, dtype=np.float16).reshape(2, 3, 4, 5)
    a[1, 2, 3, 4] = np.nan
    a[0, 0, 0, 1] = np.inf
    return a


def test_values_plot_marks_nan_and_inf_positions(plot):
    plot.set_display(prepare_display(_tensor()), "op:output:0")
    markers = plot.values_plot._markers
    positions = sorted(float(x) for m in markers for x in m.getData()[0])
    assert positions == [1.0, 119.0]  # flat indices of +Inf and NaN
    assert plot.findChild(type(plot._title), "plot_title").text() == "op:output:0"


def test_values_plot_draws_a_bounded_number_of_points_for_a_big_tensor(plot, qtbot):
    big = np.random.default_rng(0).normal(size=3_000_000).astype(np.float32)
    big[2_222_222] = 99.0
    plot.set_display(prepare_display(big))
    assert plot.values_plot.drawn_points() <= 4 * plot.values_plot.width()
    assert np.nanmax(plot.values_plot._series[0][1].yData) == 99.0  # the spike survives downsampling
    plot.values_plot.getPlotItem().getViewBox().setXRange(1000, 1100, padding=0)
    qtbot.waitUntil(lambda: plot.values_plot.drawn_points() < 200)
    x = plot.values_plot._series[0][1].xData
    assert x[0] == 1000 and np.array_equal(plot.values_plot._series[0][1].yData[:3], big[1000:1003])


def test_histogram_log_mode_leaves_empty_bins_out(plot):
    plot.set_display(prepare_display(np.array([0, 0, 0, 10], dtype=np.float32)))
    plot.show_tab("histogram")
    curve = plot.histogram_plot._curve
    assert np.nansum(curve.yData) == 4
    plot.set_log(True)
    assert plot.histogram_plot.log and np.isnan(curve.yData).sum() == 126


def test_heatmap_slices_other_axes_with_sliders_and_table_follows(plot):
    a = _tensor()
    plot.set_display(prepare_display(a))
    plot.show_tab("heatmap")
    heat = plot.heatmap
    assert heat.axes() == (2, 3)
    shown = np.where(np.isfinite(a[0, 0]), a[0, 0], np.nan).astype(np.float32)  # Inf is drawn as a gap
    assert np.array_equal(heat.image_item().image, shown, equal_nan=True)
    assert heat._marks.getData()[0].tolist() == [1.0]  # and marked at its cell centre (cells centre on indices)
    heat.set_index(0, 1)
    heat.findChild(type(heat._sliders[1]), "heatmap_axis1").setValue(2)
    assert heat.index()[:2] == (1, 2)
    assert np.array_equal(plot.table_model.plane(), a[1, 2].astype(np.float32), equal_nan=True)
    nan_cell = plot.table_model.index(3, 4)
    assert plot.table_model.data(nan_cell) == "NaN"  # one spelling everywhere
    assert plot.table_model.data(nan_cell, Qt.ItemDataRole.ForegroundRole) is not None
    heat.set_axes(1, 3)  # rows = axis 1, columns = axis 3, sliders now for axes 0 and 2
    assert sorted(heat._sliders) == [0, 2]
    assert heat.current_plane().shape == (3, 5)


def test_heatmap_choosing_the_column_axis_as_rows_swaps_them(plot):
    plot.set_display(prepare_display(np.zeros((2, 3, 4), dtype=np.float32)))
    heat = plot.heatmap
    heat._rows_box.activated.emit(2)  # rows := axis 2, which was the column axis
    assert heat.axes() == (2, 1)


def test_heatmap_decimates_huge_slices_but_table_keeps_every_value(plot):
    a = np.zeros((MAX_SIDE * 2 + 1, 3), dtype=np.float32)
    plot.set_display(prepare_display(a))
    assert plot.heatmap.image_item().image.shape[0] <= MAX_SIDE
    assert plot.table_model.rowCount() == MAX_SIDE * 2 + 1


def test_pair_mode_overlays_npu_and_golden_and_shows_error(plot):
    golden = np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8)
    npu = golden.copy()
    npu[2, 5] += 0.25
    plot.set_pair(prepare_pair(npu, golden), "conv:output:0")
    assert [plot.tabs.tabText(k) for k in range(2)] == ["NPU vs golden", "|Error| histogram"]
    assert len(plot.values_plot._series) == 2
    image = plot.heatmap.image_item().image
    assert image[2, 5] == pytest.approx(0.25) and np.count_nonzero(image) == 1


def test_pair_mode_names_a_reference_that_is_not_golden(plot):
    golden = np.linspace(0, 1, 16, dtype=np.float32)
    npu = golden + np.float32(0.5)
    plot.set_pair(prepare_pair(npu, golden), "conv:output:0", "reference dump")
    assert plot.tabs.tabText(0) == "NPU vs reference dump"
    assert "reference dump" in plot.values_plot.legend.text() and "golden" not in plot.values_plot.legend.text()
    assert "reference dump " in plot.readout_at(3) and "golden" not in plot.readout_at(3)
    plot.set_pair(prepare_pair(npu, golden), "conv:output:0")  # a later pair without a name is golden again
    assert plot.tabs.tabText(0) == "NPU vs golden"


def test_exports_write_files_that_read_back(plot, qtbot, tmp_path):
    a = _tensor()
    plot.set_display(prepare_display(a))
    plot.heatmap.set_index(1, 2)
    for tab in ("values", "histogram", "heatmap"):
        plot.show_tab(tab)
        plot.export_png(str(tmp_path / f"{tab}.png"))
        assert (tmp_path / f"{tab}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    plot.export_svg(str(tmp_path / "plot.svg"))
    assert b"<svg" in (tmp_path / "plot.svg").read_bytes()
    with qtbot.waitSignal(plot.exported, timeout=5000):
        plot.export_csv(str(tmp_path / "slice.csv"))
    back = np.loadtxt(tmp_path / "slice.csv", delimiter=",")
    assert np.array_equal(back, a[0, 2].astype(np.float64), equal_nan=True)
    with qtbot.waitSignal(plot.exported, timeout=5000):
        plot.export_npy(str(tmp_path / "t.npy"))
    loaded = np.load(io.BytesIO((tmp_path / "t.npy").read_bytes()), allow_pickle=False)
    assert loaded.dtype == np.float16 and np.array_equal(loaded, a, equal_nan=True)


def test_plane_table_model_passes_qt_model_checks(qtmodeltester):
    model = PlaneTableModel()
    model.set_plane(np.array([[1.0, np.inf], [np.nan, 4.0]]))
    qtmodeltester.check(model)


@pytest.mark.qt_log_ignore("This plugin does not support")   # the offscreen platform on a menu's popup
def test_heatmap_right_click_menus_are_those_it_always_had(plot, qtbot):
    """The heatmap's plot is made without pyqtgraph's context menu (its view's menu is never made): a right-click
    on the image still opens nothing, and one on the colour bar still opens its colour-map menu."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QMenu

    plot.set_display(prepare_display(_tensor()), "t")
    plot.show_tab("heatmap")
    heat = plot.heatmap
    view = heat.plot_item().getViewBox()
    assert view.menu is None and not view.menuEnabled()
    for item in (heat.plot_item(), plot.values_plot.getPlotItem(), plot.histogram_plot.getPlotItem()):
        assert [side for side in ("left", "bottom", "right", "top") if item.getAxis(side).isVisible()] == [
            "left", "bottom"] and not item.getViewBox().menuEnabled()
    graphics = heat._graphics

    def right_click(item) -> None:
        centre = graphics.mapFromScene(item.sceneBoundingRect().center())
        QTest.mouseClick(graphics.viewport(), Qt.MouseButton.RightButton, pos=centre)

    right_click(view)
    assert view.menu is None and not [m for m in graphics.findChildren(QMenu) if m.isVisible()]
    assert not isinstance(heat._bar.colorMapMenu, QMenu)   # made on the first right-click, as pyqtgraph does
    right_click(heat._bar.bar)
    menu = heat._bar.colorMapMenu
    assert isinstance(menu, QMenu)
    qtbot.waitUntil(menu.isVisible)
    menu.hide()


def test_a_heatmap_not_looked_at_has_no_plot_and_is_complete_once_shown(plot, qtbot):
    """The heatmap's plot and colour bar are made when it is first drawn: a heatmap tab never shown costs none
    of it, and once shown it has what it always had (the colour map and crosshair chosen meanwhile included)."""
    import pyqtgraph as pg

    heat = plot.heatmap
    plot.set_display(prepare_display(np.arange(12, dtype=np.float32).reshape(3, 4)), "t")
    heat.set_colormap("magma")
    heat.set_crosshair(2, 1)
    assert heat._plot is None and heat._bar is None   # values shown: the heatmap tab never was
    plot.show_tab("heatmap")
    item = heat._plot
    assert isinstance(item, pg.PlotItem) and isinstance(heat._bar, pg.ColorBarItem)
    assert heat._image in item.items and heat._marks in item.items and all(line in item.items for line in heat._cross)
    assert heat._bar.colorMap().name == "magma" and heat.levels() == (0.0, 11.0)
    assert heat.image_item().image.shape == (3, 4)
    assert [line.value() for line in heat._cross] == [1, 2] and all(line.isVisible() for line in heat._cross)
    bar = heat._bar.sceneBoundingRect()   # laid out on the turn it was shown, beside the image
    assert bar.width() > 0 and bar.left() >= item.getViewBox().sceneBoundingRect().right()
    assert heat.plot_item() is item and heat._bar.colorMap().name == "magma"   # made once
