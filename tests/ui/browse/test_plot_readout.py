"""Readouts and plot hygiene: the crosshair readout at a known pixel (linked between values and heatmap),
cell-centred heatmap ticks, colour map and range controls, legends outside the data, left-out counts."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF

from ascend_dump_gui.core.tensor import prepare_display, prepare_pair
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import drain


@pytest.fixture
def plot(qtbot):
    runner = TaskRunner()
    widget = TensorPlot(runner=runner)
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    drain(qtbot, runner)


def _pair():
    golden = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    npu = golden.astype(np.float16)
    npu[1, 2, 3] = 30.0   # flat 23: error 7
    npu[0, 1, 2] = np.nan  # flat 6
    return prepare_pair(npu.reshape(-1), golden)


def _move_to(qtbot, widget, view_box, x: float, y: float) -> None:
    """Move the real mouse pointer over the data point (x, y) of ``view_box`` inside ``widget``."""
    scene_point = view_box.mapViewToScene(QPointF(x, y))
    qtbot.mouseMove(widget.viewport(), widget.mapFromScene(scene_point))
    qtbot.wait(20)


def test_values_readout_at_a_known_pixel_names_index_npu_golden_and_error(plot, qtbot):
    plot.set_pair(_pair(), "t")
    plot.show_tab("values")
    qtbot.wait(50)
    values = plot.values_plot
    _move_to(qtbot, values, values.getPlotItem().getViewBox(), 23, 20)
    assert plot.readout.text() == "index [1, 2, 3] (flat 23) · NPU 30 · golden 23 · |error| 7"
    _move_to(qtbot, values, values.getPlotItem().getViewBox(), 6.2, 5)
    assert plot.readout.text() == "index [0, 1, 2] (flat 6) · NPU NaN · golden 6 · |error| NaN"
    # linked: the heatmap (last two axes, other index 0) marks the same element
    assert [line.value() for line in plot.heatmap._cross] == [2, 1]
    assert all(line.isVisible() for line in plot.heatmap._cross)


def test_heatmap_readout_at_a_known_cell_and_linked_values_crosshair(plot, qtbot):
    plot.set_pair(_pair(), "t")
    plot.show_tab("heatmap")
    qtbot.wait(50)
    heat = plot.heatmap
    heat.set_index(0, 1)
    view = heat._graphics
    _move_to(qtbot, view, heat.plot_item().getViewBox(), 3.3, 1.8)  # column 3, row 2: inside the cell
    assert plot.readout.text() == "index [1, 2, 3] (flat 23) · NPU 30 · golden 23 · |error| 7"
    assert plot.values_plot._cross.isVisible() and plot.values_plot._cross.value() == 23


def test_heatmap_cells_centre_on_whole_index_ticks(plot, qtbot):
    plot.set_display(prepare_display(np.arange(12, dtype=np.float32).reshape(3, 4)))
    plot.show_tab("heatmap")
    qtbot.wait(50)
    image = plot.heatmap.image_item()
    rect = image.mapRectToParent(image.boundingRect())
    assert (rect.left(), rect.top(), rect.width(), rect.height()) == (-0.5, -0.5, 4, 3)
    axis = plot.heatmap.plot_item().getAxis("bottom")
    ticks = [v for _, level in axis.tickValues(-0.5, 3.5, 400) for v in level]
    assert ticks and all(float(v).is_integer() for v in ticks)


def test_colour_map_and_range_controls(plot, qtbot):
    a = np.linspace(-2, 10, 1000, dtype=np.float32).reshape(10, 100)
    plot.set_display(prepare_display(a))
    heat = plot.heatmap
    assert heat.levels() == pytest.approx((-2.0, 10.0))
    heat.set_range_mode("symmetric")
    assert heat.levels() == pytest.approx((-10.0, 10.0))
    heat.set_range_mode("percentile")
    lo, hi = heat.levels()
    assert -2 < lo < -1.8 and 9.8 < hi < 10
    heat.set_colormap("magma")
    assert heat._bar.colorMap().name == "magma"


def test_legend_sits_outside_the_data_and_counts_what_the_histogram_leaves_out(plot):
    a = np.arange(40, dtype=np.float32)
    a[[1, 2, 3]] = np.nan
    a[5] = np.inf
    plot.set_display(prepare_display(a), "x")
    legend = plot.values_plot.legend
    assert legend.isVisible() and not plot.values_plot.isAncestorOf(legend)
    assert "3 NaN" in legend.text() and "1 +Inf" in legend.text()
    assert plot.histogram_plot.title_text() == "Not counted: 3 NaN, 1 +Inf"
    plot.set_display(prepare_display(np.arange(5, dtype=np.float32)))
    assert plot.histogram_plot.title_text() == ""


def test_pair_lines_differ_in_style_so_both_show(plot):
    plot.set_pair(_pair(), "t")
    (_, npu), (_, golden) = plot.values_plot._series
    # the golden band is wider, translucent and underneath: the NPU line stays visible inside it
    assert golden.opts["pen"].widthF() > 2 * npu.opts["pen"].widthF()
    assert golden.zValue() < npu.zValue()
    assert golden.opts["pen"].color() != npu.opts["pen"].color()


def test_a_hidden_heatmap_draws_only_when_shown(plot, qtbot):
    plot.show_tab("values")
    plot.set_display(prepare_display(np.arange(12, dtype=np.float32).reshape(3, 4)))
    heat = plot.heatmap
    assert heat._pending == "autorange" and heat._image.image is None  # no GUI-thread work for a hidden tab
    assert plot.table_model.rowCount() == 3  # the value table still follows the slice
    plot.show_tab("heatmap")
    assert heat._pending is None and heat._image.image.shape == (3, 4)
