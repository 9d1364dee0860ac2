"""Flattened values of one or two tensors, redrawn from min/max pyramids so huge tensors stay interactive."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy

from ascend_dump_gui.core.tensor import TensorDisplay
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.plots.steps import plot_widget
from ascend_dump_gui.ui.plots.style import ERROR, GOLDEN, NAN_MARK, NPU, apply_palette, show_grid

MARKERS = ((NAN_MARK, "x", "NaN"), (ERROR, "t1", "+Inf"), (ERROR, "t", "-Inf"))
MARKER_GLYPHS = {"x": "✕", "t1": "▲", "t": "▼"}


def _pale(colour: str, base: QColor) -> QColor:
    """``colour`` mixed 60:40 with the background: lighter on a light palette, darker on a dark one."""
    c = pg.mkColor(colour)
    return QColor(*(round(0.6 * a + 0.4 * b) for a, b in ((c.red(), base.red()), (c.green(), base.green()),
                                                          (c.blue(), base.blue()))))


def _swatch(colour: str, text: str, wide: bool = False) -> str:
    line = "█" if wide else "━━"
    return f'<span style="color:{colour}">{line}</span>&nbsp;{text}'


class ValuesPlot(pg.PlotWidget):
    """Values against flat index. Only the visible range is drawn, at most ~2 points per pixel
    (clip-to-view plus min/max downsampling); NaN and ±Inf positions are marked at the bottom/top edge.
    The legend is a label outside the data (:attr:`legend`); ``hovered(index)`` gives the flat index under
    the mouse (-1 outside), :meth:`set_crosshair` draws the linked crosshair."""

    hovered = Signal(int)

    def __init__(self, parent=None, plot_item: pg.PlotItem | None = None) -> None:
        super().__init__(parent, plotItem=plot_item, enableMenu=False)  # no context menu: not made at all
        apply_palette(self)
        item = self.getPlotItem()
        item.hideButtons()
        show_grid(item, self)
        item.setLabel("bottom", tr("flat index"))
        self.legend = QLabel()
        self.legend.setObjectName("values_legend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        text = self.palette().color(QPalette.ColorRole.Text)
        self._cross = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(text, style=Qt.PenStyle.DotLine))
        self._cross.setZValue(10)
        self._cross.hide()
        item.addItem(self._cross, ignoreBounds=True)
        self.scene().sigMouseMoved.connect(self._mouse_moved)
        self._series: list[tuple[TensorDisplay, pg.PlotDataItem]] = []
        self._markers: list[pg.ScatterPlotItem] = []   # one per kind of :data:`MARKERS`, kept (see _marker)
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
            marker.setData([], [])
            marker.hide()
        self._series = []
        entries = []
        base = self.palette().color(QPalette.ColorRole.Base)
        for k, ((name, display), colour) in enumerate(zip(displays, (NPU, GOLDEN), strict=False)):
            # golden: a wide pale band underneath; NPU: a thin line on top. Where they agree the NPU line runs
            # inside the golden band, where they differ each shows in full. Both pens are opaque and solid, and the
            # thin one is 1 px wide: Qt strokes dashed, translucent or fractional pens over thousands of points
            # far more slowly.
            pen = pg.mkPen(_pale(colour, base) if k else colour, width=4 if k else 1)
            curve = pg.PlotDataItem(pen=pen, connect="finite")
            curve.setZValue(-k)
            item.addItem(curve)
            self._series.append((display, curve))
            entries.append(_swatch(colour, name, wide=bool(k)))
        if displays:
            entries.extend(self._add_markers(displays[0][1]))
        self.legend.setText("&nbsp;&nbsp;&nbsp;".join(entries))
        self._cross.hide()
        self.reset_view()

    def _marker(self, kind: int) -> pg.ScatterPlotItem:
        """The marks of kind ``kind`` (an index of :data:`MARKERS`), hidden and empty; made once, on first use or
        ahead (see :func:`values_plot`), and kept above the curves."""
        while len(self._markers) <= kind:
            colour, symbol, _name = MARKERS[len(self._markers)]
            marker = pg.ScatterPlotItem(symbol=symbol, size=9, pen=pg.mkPen(colour), brush=pg.mkBrush(colour))
            marker.setZValue(1)
            marker.hide()
            self.getPlotItem().addItem(marker)
            self._markers.append(marker)
        return self._markers[kind]

    def _add_markers(self, display: TensorDisplay) -> list[str]:
        lo, hi = _finite_range([display])
        entries = []
        counts = (display.stats.nan, display.stats.pos_inf, display.stats.neg_inf)
        for kind, ((colour, symbol, name), where, y, count) in enumerate(zip(
                MARKERS, (display.nan_at, display.pos_inf_at, display.neg_inf_at), (lo, hi, lo), counts,
                strict=True)):
            if where.size == 0:
                continue
            marker = self._marker(kind)
            marker.setData(x=where.astype(np.float64), y=np.full(where.size, y))
            marker.show()
            shown = tr("{count:,} {kind}").format(count=count, kind=name) if count == where.size else \
                tr("{count:,} {kind} (first {shown:,} marked)").format(count=count, kind=name, shown=where.size)
            entries.append(f'<span style="color:{colour}">{MARKER_GLYPHS[symbol]}</span>&nbsp;{shown}')
        return entries

    def size_shown(self) -> int:
        """Elements of the longest series (0 when empty)."""
        return max((d.pyramid.size for d, _ in self._series), default=0)

    def _mouse_moved(self, pos: QPointF) -> None:
        vb = self.getPlotItem().getViewBox()
        k = -1
        if self._series and vb.sceneBoundingRect().contains(pos):
            k = int(round(vb.mapSceneToView(pos).x()))
            k = k if 0 <= k < self.size_shown() else -1
        self.set_crosshair(k)
        self.hovered.emit(k)

    def set_crosshair(self, index: int) -> None:
        """Mark flat index ``index`` with a vertical line (-1 hides it)."""
        self._cross.setVisible(index >= 0)
        if index >= 0:
            self._cross.setPos(index)

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


def values_plot() -> Generator[None, None, ValuesPlot]:
    """A :class:`ValuesPlot` made in steps (``ui.plots.steps``), the last one its NaN and ±Inf marks: made ahead
    in idle time, see ``ui.start.parts``."""
    plot = yield from plot_widget(lambda item: ValuesPlot(plot_item=item))
    yield
    plot._marker(len(MARKERS) - 1)
    return plot


def _finite_range(displays: list[TensorDisplay]) -> tuple[float, float]:
    lows = [d.stats.min for d in displays if d.stats.min is not None]
    highs = [d.stats.max for d in displays if d.stats.max is not None]
    return (min(lows), max(highs)) if lows else (0.0, 1.0)
