"""Plot colours that stay readable on light and dark palettes."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

NPU = "#2c7fb8"        # blue: the NPU (or the only) series
GOLDEN = "#e6820e"     # orange: the golden series
ERROR = "#d7301f"      # red: error curves and Inf markers
NAN_MARK = "#b10dc9"   # purple: NaN markers


def apply_palette(plot: pg.PlotWidget | pg.GraphicsLayoutWidget, widget: QWidget | None = None) -> None:
    """Background and axis colours from the palette of ``widget`` (default: the plot itself)."""
    pal = (widget or plot).palette()
    plot.setBackground(pal.color(QPalette.ColorRole.Base))
    text = pal.color(QPalette.ColorRole.Text)
    items = [plot.getPlotItem()] if isinstance(plot, pg.PlotWidget) else [
        item for item in plot.ci.items if isinstance(item, pg.PlotItem)]
    for item in items:
        for name in ("left", "bottom", "right", "top"):
            axis = item.getAxis(name)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))



GRID_SHADE = 0.2
"""How far a grid line goes from the background towards the text colour."""


def show_grid(item: pg.PlotItem, widget: QWidget) -> None:
    """A grid on both axes in a pale shade of ``widget``'s text colour, drawn opaque: Qt strokes translucent lines
    slowly (a translucent grid was a third of a values plot's paint)."""
    pal = widget.palette()
    base, text = pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)
    shade = QColor(*(round(GRID_SHADE * t + (1 - GRID_SHADE) * b) for t, b in (
        (text.red(), base.red()), (text.green(), base.green()), (text.blue(), base.blue()))))
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setTickPen(pg.mkPen(shade))
        axis.setGrid(255)


def log_error_plot(plot: pg.PlotWidget, bottom: str, left: str) -> pg.PlotItem:
    """``plot`` set up for errors per op or tensor: the palette, a logarithmic y axis without SI prefixes, the grid
    and the axis labels; returns its plot item."""
    apply_palette(plot)
    item = plot.getPlotItem()
    item.setLogMode(x=False, y=True)
    show_grid(item, plot)
    item.setLabel("bottom", bottom)
    item.setLabel("left", left)
    item.getAxis("left").enableAutoSIPrefix(False)
    return item
