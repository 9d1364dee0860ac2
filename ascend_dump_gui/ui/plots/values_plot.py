"""Flattened values of one or two tensors, redrawn from min/max pyramids so huge tensors stay interactive."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer

from ascend_dump_gui.core.tensor import TensorDisplay
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.plots.style import ERROR, GOLDEN, NAN_MARK, NPU, apply_palette

MARKERS = ((NAN_MARK, "x", "NaN"), (ERROR, "t1", "+Inf"), (ERROR, "t", "-Inf"))


class ValuesPlot(pg.PlotWidget):
    """Values against flat index. Only the visible range is drawn, at most ~2 points per pixel
    (clip-to-view plus min/max downsampling); NaN and ±Inf positions are marked at the bottom/top edge."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        apply_palette(self)
        item = self.getPlotItem()
        item.hideButtons()
        item.showGrid(x=True, y=True, alpha=0.2)
        item.setLabel("bottom", tr("flat index"))
        item.setMenuEnabled(False)
        self._legend = item.addLegend(offset=(-10, 10))
        self._series: list[tuple[TensorDisplay, pg.PlotDataItem]] = []
        self._markers: list[pg.ScatterPlotItem] = []
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setSingleShot(True)
        self._redraw_timer.timeout.connect(self.redraw)
        item.getViewBox().sigXRangeChanged.connect(self._redraw_timer.start)

    def set_displays(self, displays: list[tuple[str, TensorDisplay]]) -> None:
        """Show the named tensors (first: NPU colour, second: golden colour) and reset the view."""
        item = self.getPlotItem()
        for _, curve in self._series:
            item.removeItem(curve)
        for marker in self._markers:
            item.removeItem(marker)
        self._legend.clear()
        self._series, self._markers = [], []
        for k, ((name, display), colour) in enumerate(zip(displays, (NPU, GOLDEN), strict=False)):
            # the golden curve goes underneath, wider, so an NPU curve that matches it stays visible on top
            curve = pg.PlotDataItem(pen=pg.mkPen(colour, width=1 if k == 0 else 3.5), name=name, connect="finite")
            curve.setZValue(-k)
            item.addItem(curve)
            self._series.append((display, curve))
        if displays:
            self._add_markers(displays[0][1])
        self.reset_view()

    def _add_markers(self, display: TensorDisplay) -> None:
        lo, hi = _finite_range([display])
        for (colour, symbol, name), where, y in zip(
                MARKERS, (display.nan_at, display.pos_inf_at, display.neg_inf_at), (lo, hi, lo), strict=True):
            if where.size == 0:
                continue
            marker = pg.ScatterPlotItem(x=where.astype(np.float64), y=np.full(where.size, y), symbol=symbol,
                                        size=9, pen=pg.mkPen(colour), brush=pg.mkBrush(colour))
            self.getPlotItem().addItem(marker)
            self._legend.addItem(marker, f"{name} ({where.size}{'+' if where.size >= 10_000 else ''})")
            self._markers.append(marker)

    def reset_view(self) -> None:
        """Show every element and the full finite value range."""
        vb = self.getPlotItem().getViewBox()
        n = max((d.pyramid.size for d, _ in self._series), default=1)
        lo, hi = _finite_range([d for d, _ in self._series])
        pad = 0.05 * (hi - lo) if hi > lo else 0.5
        vb.setLimits(xMin=-0.05 * n - 1, xMax=1.05 * n + 1)
        vb.setRange(xRange=(0, max(n - 1, 1)), yRange=(lo - pad, hi + pad), padding=0)
        self.redraw()

    def redraw(self) -> None:
        """Fetch the visible slice of each pyramid (cost ~ plot width, independent of tensor size)."""
        x0, x1 = self.getPlotItem().getViewBox().viewRange()[0]
        budget = max(200, 2 * int(self.width()))
        for display, curve in self._series:
            x, y = display.pyramid.view(x0, x1, budget)
            curve.setData(x, y)

    def drawn_points(self) -> int:
        """How many points the curves hold right now (tests check this stays bounded)."""
        return sum(0 if curve.xData is None else len(curve.xData) for _, curve in self._series)


def _finite_range(displays: list[TensorDisplay]) -> tuple[float, float]:
    lows = [d.stats.min for d in displays if d.stats.min is not None]
    highs = [d.stats.max for d in displays if d.stats.max is not None]
    return (min(lows), max(highs)) if lows else (0.0, 1.0)
