"""Plot items and plot widgets made in steps, a piece each when made ahead in idle time (``ui.start.panels``):
the view box and axes, then the plot item around them, then the widget that shows it; all through pyqtgraph's
constructors (a plot item takes its view box and axes, a plot widget its plot item)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

import pyqtgraph as pg

SHOWN = ("left", "bottom")
"""The axes a plot item shows (one given for another side is shown too: those are left to the item to make)."""
_Widget = TypeVar("_Widget", bound=pg.PlotWidget)


def plot_item(axes: dict[str, pg.AxisItem] | None = None) -> Generator[None, None, pg.PlotItem]:
    """A plot item without pyqtgraph's context menu (its view's menu is then never made), in two steps: its view
    box and shown axes (``axes`` by side, the others plain), then the item (with its hidden axes)."""
    axes = dict(axes or {})
    for side in SHOWN:
        if side not in axes:          # (setdefault would make an axis even where one was given)
            axes[side] = pg.AxisItem(side)
    view = pg.ViewBox(enableMenu=False)
    yield
    return pg.PlotItem(viewBox=view, axisItems=axes, enableMenu=False)


def plot_widget(make: Callable[[pg.PlotItem], _Widget]) -> Generator[None, None, _Widget]:
    """``make(item)``, a plot widget around a plot item made by :func:`plot_item`, in three steps."""
    item = yield from plot_item()
    yield
    return make(item)
