"""Heatmap of a 2-D slice of an N-D tensor: axis choosers, one slider per other axis, a colour bar."""

from __future__ import annotations

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

from ascend_dump_gui.core.tensor import decimate_plane, default_axes, plane
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.plots.style import ERROR, NAN_MARK, apply_palette

MAX_SIDE = 2048
"""Longest side drawn; bigger slices are shown every n-th row/column (the table keeps every value)."""
MAX_MARKERS = 5000


class HeatmapView(QWidget):
    """One 2-D slice as an image. ``planeChanged`` fires after the axes or a slider changed."""

    planeChanged = Signal()

    def __init__(self, parent: QWidget | None = None, colormap: str = "viridis") -> None:
        super().__init__(parent)
        self._values = np.zeros((1, 1), dtype=np.float32)
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
        choose = QHBoxLayout()
        for text, box in ((tr("rows"), self._rows_box), (tr("columns"), self._cols_box)):
            choose.addWidget(QLabel(text))
            choose.addWidget(box)
        choose.addStretch(1)
        self._graphics = pg.GraphicsLayoutWidget()
        self._plot = self._graphics.addPlot()
        self._plot.hideButtons()
        self._plot.setMenuEnabled(False)
        self._plot.invertY(True)
        self._plot.setAspectLocked(False)
        self._image = pg.ImageItem(axisOrder="row-major")
        self._plot.addItem(self._image)
        self._bar = pg.ColorBarItem(colorMap=pg.colormap.get(colormap), interactive=True, width=18)
        self._bar.setImageItem(self._image, insert_in=self._plot)
        self._marks = pg.ScatterPlotItem(size=7, symbol="x", pen=pg.mkPen(NAN_MARK), brush=None)
        self._plot.addItem(self._marks)
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

    def image_item(self) -> pg.ImageItem:
        return self._image

    def plot_item(self) -> pg.PlotItem:
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
        shown, (sr, sc) = decimate_plane(self.current_plane(), MAX_SIDE)
        if shown.size == 0:
            self._image.clear()
            self._marks.setData([], [])
            self.planeChanged.emit()
            return
        raw = np.asarray(shown, dtype=np.float32)
        finite = np.isfinite(raw)
        all_finite = bool(finite.all())
        image = raw if all_finite else np.where(finite, raw, np.nan)
        good = raw if all_finite else raw[finite]
        lo, hi = (float(good.min()), float(good.max())) if good.size else (0.0, 1.0)
        if hi <= lo:
            lo, hi = lo - 0.5, hi + 0.5
        self._image.setImage(image, autoLevels=False)
        self._image.setRect(0, 0, image.shape[1] * sc, image.shape[0] * sr)
        self._bar.setLevels((lo, hi))
        self._mark_nonfinite(raw, finite, all_finite, sr, sc)
        if autorange:
            self._plot.getViewBox().autoRange(padding=0)
        self.planeChanged.emit()

    def _mark_nonfinite(self, raw, finite, all_finite, sr, sc) -> None:
        if all_finite:
            self._marks.setData([], [])
            return
        rows, cols = np.nonzero(~finite)
        rows, cols = rows[:MAX_MARKERS], cols[:MAX_MARKERS]
        brushes = [pg.mkBrush(NAN_MARK if np.isnan(v) else ERROR) for v in raw[rows, cols]]
        self._marks.setData(x=(cols + 0.5) * sc, y=(rows + 0.5) * sr, brush=brushes,
                            pen=[pg.mkPen(b.color()) for b in brushes])
