"""Heatmap of a 2-D slice of an N-D tensor: axis choosers, one slider per other axis, a colour bar."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.tensor import decimate_plane, default_axes, display_values, plane
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.plots.steps import plot_item
from ascend_dump_gui.ui.plots.style import ERROR, NAN_MARK, apply_palette
from ascend_dump_gui.ui.start.panels import made_ahead

MAX_SIDE = 2048
"""Longest side drawn; bigger slices are shown every n-th row/column (the table keeps every value)."""
MAX_MARKERS = 5000
COLORMAPS = ("viridis", "magma", "cividis", "CET-D1")
"""Colour maps offered (CET-D1 is diverging: for signed values with the symmetric range)."""
PERCENTILE_SAMPLE = 1 << 18
"""At most this many values are sorted for the 1–99 % range."""


def range_modes() -> dict[str, str]:
    """Colour range modes: key -> label in the current language."""
    return {"minmax": tr("min … max"), "percentile": tr("1 % … 99 %"), "symmetric": tr("symmetric ±max")}


class IndexAxis(pg.AxisItem):
    """An axis of element indices: ticks only at whole numbers (cells are centred on them)."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float):  # noqa: N802 - pyqtgraph override
        levels = [(spacing, offset) for spacing, offset in super().tickSpacing(minVal, maxVal, size)
                  if spacing >= 1]
        return levels or [(1.0, 0.0)]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph override
        return [str(int(round(v))) for v in values]


def index_plot() -> Generator[None, None, pg.PlotItem]:
    """The heatmap's plot, its axes in whole indices, without pyqtgraph's context menu (in steps, see
    ``ui.plots.steps``; made when the heatmap is first drawn)."""
    return plot_item({"left": IndexAxis("left"), "bottom": IndexAxis("bottom")})


def colour_bar() -> pg.ColorBarItem:
    """The heatmap's colour bar, in :data:`COLORMAPS`' first map (made when the heatmap is first drawn)."""
    return pg.ColorBarItem(colorMap=pg.colormap.get(COLORMAPS[0]), interactive=True, width=18)


def levels_for(values: np.ndarray, mode: str) -> tuple[float, float]:
    """Colour levels for the finite ``values`` of a slice: their min and max, the 1st and 99th
    percentile (of a sample at most :data:`PERCENTILE_SAMPLE` long) or ±max|value|."""
    if values.size == 0:
        return 0.0, 1.0
    if mode == "percentile":
        step = max(1, values.size // PERCENTILE_SAMPLE)
        lo, hi = (float(v) for v in np.percentile(values[::step], [1, 99]))
    elif mode == "symmetric":
        top = float(np.abs(values).max())
        lo, hi = -top, top
    else:
        lo, hi = float(values.min()), float(values.max())
    return (lo - 0.5, hi + 0.5) if hi <= lo else (lo, hi)


class HeatmapView(QWidget):
    """One 2-D slice as an image, each cell centred on its (row, column) index. ``planeChanged`` fires
    after the axes or a slider changed; ``hovered(row, column)`` gives the cell under the mouse
    ((-1, -1) outside), :meth:`set_crosshair` marks a cell."""

    planeChanged = Signal()
    hovered = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, colormap: str = "viridis") -> None:
        super().__init__(parent)
        self._values = np.zeros((1, 1), dtype=np.float32)
        self._pending: str | None = None  # "autorange" / "keep": a redraw waits for the view to be shown
        self._index: list[int] = []
        self._axes = (0, 1)
        self._controls = QWidget(self)
        self._grid = QGridLayout(self._controls)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._rows_box, self._cols_box = QComboBox(), QComboBox()
        self._rows_box.setObjectName("heatmap_rows")
        self._cols_box.setObjectName("heatmap_cols")
        for box in (self._rows_box, self._cols_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._rows_box.activated.connect(self._rows_chosen)
        self._cols_box.activated.connect(self._cols_chosen)
        self.colormap_box = QComboBox()
        self.colormap_box.setObjectName("heatmap_colormap")
        self.colormap_box.addItems(COLORMAPS)
        self.colormap_box.setCurrentText(colormap)
        self.colormap_box.setToolTip(tr("Colour map"))
        self.colormap_box.currentTextChanged.connect(self._colormap_chosen)
        self.range_box = QComboBox()
        self.range_box.setObjectName("heatmap_range")
        for key, label in range_modes().items():
            self.range_box.addItem(label, key)
        self.range_box.setToolTip(tr("Colour range over the finite values of the slice (drag the colour bar "
                                     "to set it by hand)"))
        self.range_box.currentIndexChanged.connect(lambda *_: self._draw(autorange=False))
        choose = QHBoxLayout()
        for text, box in ((tr("rows"), self._rows_box), (tr("columns"), self._cols_box)):
            choose.addWidget(QLabel(text))
            choose.addWidget(box)
        choose.addStretch(1)
        choose.addWidget(QLabel(tr("colours")))
        choose.addWidget(self.colormap_box)
        choose.addWidget(self.range_box)
        self._graphics = pg.GraphicsLayoutWidget()
        self._plot: pg.PlotItem | None = None  # with its colour bar, made when first drawn (see _made_plot)
        self._bar: pg.ColorBarItem | None = None
        self._image = pg.ImageItem(axisOrder="row-major")
        self._marks = pg.ScatterPlotItem(size=7, symbol="x", pen=pg.mkPen(NAN_MARK), brush=None)
        cross_pen = pg.mkPen("w", style=Qt.PenStyle.DotLine)
        self._cross = (pg.InfiniteLine(angle=90, movable=False, pen=cross_pen),
                       pg.InfiniteLine(angle=0, movable=False, pen=cross_pen))
        for line in self._cross:
            line.hide()
            line.setZValue(10)
        apply_palette(self._graphics, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(choose)
        layout.addWidget(self._controls)
        layout.addWidget(self._graphics, 1)
        self._sliders: dict[int, QSlider] = {}

    def set_array(self, values: np.ndarray) -> None:
        """Show ``values`` (display floats, any rank) starting at the last two axes, other indices at 0."""
        self._values = np.asarray(values)
        shape = self._values.shape
        self._index = [0] * len(shape)
        self._axes = default_axes(shape)
        names = [tr("axis {axis} ({size})").format(axis=k, size=n) for k, n in enumerate(shape)] or [tr("scalar")]
        for box, current in ((self._rows_box, self._axes[0]), (self._cols_box, self._axes[1])):
            box.clear()
            box.addItems(names)
            box.setCurrentIndex(min(current, len(names) - 1))
            box.setEnabled(len(shape) >= 2)
        self._rebuild_sliders()
        self._draw(autorange=True)

    def clear(self) -> None:
        """Show nothing (an empty plane)."""
        self.set_array(np.zeros((0, 0), dtype=np.float32))

    def set_axes(self, rows: int, cols: int) -> None:
        """Show the plane spanned by tensor axes ``rows`` and ``cols``."""
        if rows == cols or self._values.ndim < 2:
            return
        self._axes = (rows, cols)
        self._rows_box.setCurrentIndex(rows)
        self._cols_box.setCurrentIndex(cols)
        self._rebuild_sliders()
        self._draw(autorange=True)

    def set_index(self, axis: int, value: int) -> None:
        """Fix the other axis ``axis`` at ``value`` (moves its slider)."""
        self._sliders[axis].setValue(value)

    def axes(self) -> tuple[int, int]:
        return self._axes

    def index(self) -> tuple[int, ...]:
        return tuple(self._index)

    def current_plane(self) -> np.ndarray:
        """The full-resolution slice being shown (a view)."""
        return plane(self._values, self._axes, self._index)

    def set_colormap(self, name: str) -> None:
        """One of :data:`COLORMAPS`."""
        self.colormap_box.setCurrentText(name)

    def set_range_mode(self, mode: str) -> None:
        """One of the keys of :func:`range_modes`."""
        self.range_box.setCurrentIndex(self.range_box.findData(mode))

    def levels(self) -> tuple[float, float]:
        self.flush()
        return tuple(float(v) for v in self._bar.levels())

    def _colormap_chosen(self, name: str) -> None:
        if self._bar is not None:   # else the bar is made in the map chosen
            self._bar.setColorMap(pg.colormap.get(name))

    def _made_plot(self) -> pg.PlotItem:
        """The plot with the image, marks and crosshair, and its colour bar: made when a slice is first drawn
        (the view shown) or the plot is asked for, so that a heatmap never looked at (most are in tabs not shown)
        costs none of it."""
        if self._plot is not None:
            return self._plot
        plot = self._plot = made_ahead(index_plot)
        self._graphics.addItem(plot)
        plot.hideButtons()
        plot.invertY(True)
        plot.setAspectLocked(False)
        plot.addItem(self._image)
        self._bar = made_ahead(colour_bar)
        if self.colormap_box.currentText() != COLORMAPS[0]:
            self._bar.setColorMap(pg.colormap.get(self.colormap_box.currentText()))
        self._bar.setImageItem(self._image, insert_in=plot)
        plot.addItem(self._marks)
        for line in self._cross:
            plot.addItem(line, ignoreBounds=True)
        self._graphics.scene().sigMouseMoved.connect(self._mouse_moved)
        apply_palette(self._graphics, self)
        for layout in (self._graphics.ci.layout, plot.layout, self._bar.layout):   # laid out now, not on a later
            layout.activate()                                                    # turn (it was made with the view)
        return plot

    def _mouse_moved(self, pos) -> None:
        vb = self._plot.getViewBox()
        rows, cols = self.current_plane().shape[:2]
        cell = (-1, -1)
        if self._image.image is not None and vb.sceneBoundingRect().contains(pos):
            point = vb.mapSceneToView(pos)
            row, col = int(round(point.y())), int(round(point.x()))
            if 0 <= row < rows and 0 <= col < cols:
                cell = (row, col)
        self.set_crosshair(*cell)
        self.hovered.emit(*cell)

    def set_crosshair(self, row: int, col: int) -> None:
        """Mark the cell (row, col) of the shown slice; (-1, -1) hides the mark."""
        show = row >= 0 and col >= 0
        for line, value in zip(self._cross, (col, row), strict=True):
            line.setVisible(show)
            if show:
                line.setPos(value)

    def image_item(self) -> pg.ImageItem:
        self.flush()
        return self._image

    def plot_item(self) -> pg.PlotItem:
        self.flush()
        return self._plot

    def _rows_chosen(self, rows: int) -> None:
        old_rows, cols = self._axes
        self.set_axes(rows, old_rows if rows == cols else cols)  # picking the column axis swaps the two

    def _cols_chosen(self, cols: int) -> None:
        rows, old_cols = self._axes
        self.set_axes(old_cols if cols == rows else rows, cols)

    def _rebuild_sliders(self) -> None:
        while self._grid.count():
            self._grid.takeAt(0).widget().deleteLater()
        self._sliders = {}
        for row, axis in enumerate(k for k in range(self._values.ndim) if k not in self._axes):
            slider = QSlider(Qt.Orientation.Horizontal)
            slider.setObjectName(f"heatmap_axis{axis}")
            spin = QSpinBox()
            for w in (slider, spin):
                w.setRange(0, self._values.shape[axis] - 1)
                w.setValue(self._index[axis])
            slider.valueChanged.connect(spin.setValue)
            spin.valueChanged.connect(slider.setValue)
            slider.valueChanged.connect(lambda v, a=axis: self._index_moved(a, v))
            self._grid.addWidget(QLabel(tr("axis {axis}").format(axis=axis)), row, 0)
            self._grid.addWidget(slider, row, 1)
            self._grid.addWidget(spin, row, 2)
            self._sliders[axis] = slider
        self._controls.setVisible(bool(self._sliders))

    def _index_moved(self, axis: int, value: int) -> None:
        if self._index[axis] != value:
            self._index[axis] = value
            self._draw(autorange=False)

    def _draw(self, autorange: bool) -> None:
        """Redraw the slice now if the view is shown, else when it is (a hidden heatmap costs nothing)."""
        self._pending = self._pending or ("autorange" if autorange else "keep")
        if self.isVisible():
            self.flush()
        self.planeChanged.emit()

    def flush(self) -> None:
        """Draw a pending slice now (done by itself when the view is shown), the plot made first if it was not."""
        self._made_plot()
        pending, self._pending = self._pending, None
        if pending is not None:
            self._draw_now(pending == "autorange")

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.flush()

    def _draw_now(self, autorange: bool) -> None:
        shown, (sr, sc) = decimate_plane(self.current_plane(), MAX_SIDE)
        if shown.size == 0:
            self._image.clear()
            self._marks.setData([], [])
            return
        raw = display_values(shown)
        finite = np.isfinite(raw)
        all_finite = bool(finite.all())
        image = raw if all_finite else np.where(finite, raw, np.nan)
        good = raw if all_finite else raw[finite]
        lo, hi = levels_for(good, self.range_box.currentData())
        self._image.setImage(image, autoLevels=False)
        # cell (r, c) shows element (r·sr, c·sc) and is centred on that index
        self._image.setRect(-sc / 2, -sr / 2, image.shape[1] * sc, image.shape[0] * sr)
        self._bar.setLevels((lo, hi))
        self._mark_nonfinite(raw, finite, all_finite, sr, sc)
        if autorange:
            self._plot.getViewBox().autoRange(padding=0)

    def _mark_nonfinite(self, raw, finite, all_finite, sr, sc) -> None:
        if all_finite:
            self._marks.setData([], [])
            return
        rows, cols = np.nonzero(~finite)
        rows, cols = rows[:MAX_MARKERS], cols[:MAX_MARKERS]
        brushes = [pg.mkBrush(NAN_MARK if np.isnan(v) else ERROR) for v in raw[rows, cols]]
        self._marks.setData(x=cols * sc, y=rows * sr, brush=brushes,
                            pen=[pg.mkPen(b.color()) for b in brushes])
