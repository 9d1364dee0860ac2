"""Histogram of a tensor's finite values (or of an error tensor), with a logarithmic count axis option."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import pyqtgraph as pg

from ascend_dump_gui.core.tensor import Histogram
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.plots.steps import plot_widget
from ascend_dump_gui.ui.plots.style import ERROR, NPU, apply_palette, show_grid


class HistogramPlot(pg.PlotWidget):
    """Step histogram; :meth:`set_log` switches the count axis to log10 (empty bins are then left out)."""

    def __init__(self, parent=None, colour: str = NPU, plot_item: pg.PlotItem | None = None) -> None:
        super().__init__(parent, plotItem=plot_item, enableMenu=False)  # no context menu: not made at all
        apply_palette(self)
        item = self.getPlotItem()
        item.hideButtons()
        show_grid(item, self)
        item.setLabel("left", tr("count"))
        self._colour = colour
        self._curve = pg.PlotDataItem(stepMode="center", pen=pg.mkPen(colour, width=1.5))
        item.addItem(self._curve)
        self._hist: Histogram | None = None
        self._log = False

    def set_histogram(self, hist: Histogram | None, label: str = "", left_out: str = "") -> None:
        """Show ``hist`` (None clears the plot); ``label`` names the value axis (default: "value");
        ``left_out`` says which values are not counted (NaN, ±Inf), above the plot."""
        self._hist = hist
        item = self.getPlotItem()
        item.setLabel("bottom", label or tr("value"))
        item.setTitle(left_out or None, size="9pt", color=ERROR)
        self._draw()

    def title_text(self) -> str:
        """The note above the plot ("" when none)."""
        return self.getPlotItem().titleLabel.text if self.getPlotItem().titleLabel.isVisible() else ""

    def set_log(self, log: bool) -> None:
        """Logarithmic (True) or linear count axis."""
        self._log = bool(log)
        self._draw()

    @property
    def log(self) -> bool:
        return self._log

    def _draw(self) -> None:
        item = self.getPlotItem()
        item.setLogMode(x=False, y=self._log)
        if self._hist is None:
            self._curve.setData([], [])
            return
        counts = self._hist.counts.astype(np.float64)
        if self._log:
            counts[counts <= 0] = np.nan  # log10(0) is undefined: leave empty bins out
            self._curve.setFillLevel(None)
            self._curve.setBrush(None)
        else:
            self._curve.setFillLevel(0)
            self._curve.setBrush(pg.mkBrush(self._colour + "60"))
        self._curve.setData(self._hist.edges, counts)
        item.getViewBox().autoRange()


def error_histogram() -> Generator[None, None, HistogramPlot]:
    """A histogram drawn in the error colour (of an error tensor, or of a tensor next to the error views), made in
    steps (``ui.plots.steps``; made ahead in idle time)."""
    return plot_widget(lambda item: HistogramPlot(colour=ERROR, plot_item=item))
