"""Plot items and plot widgets made in steps, a piece each when made ahead in idle time (``ui.start.panels``):
the view box and axes, then the plot item around them, then the widget that shows it; all through pyqtgraph's
constructors (a plot item takes its view box and axes, a plot widget its plot item)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

import pyqtgraph as pg

SIDES = ("left", "bottom", "right", "top")
_Widget = TypeVar("_Widget", bound=pg.PlotWidget)


def plot_item(axes: dict[str, pg.AxisItem] | None = None) -> Generator[None, None, pg.PlotItem]:
    """A plot item without pyqtgraph's context menu (its view's menu is then never made), in two steps: its view
    box and axes (``axes`` by side, the others plain), then the item."""
    axes = dict(axes or {})
    for side in SIDES:
        axes.setdefault(side, pg.AxisItem(side))
    view = pg.ViewBox(enableMenu=False)
    yield
    return pg.PlotItem(viewBox=view, axisItems=axes, enableMenu=False)


def plot_widget(make: Callable[[pg.PlotItem], _Widget]) -> Generator[None, None, _Widget]:
    """``make(item)``, a plot widget around a plot item made by :func:`plot_item`, in three steps."""
    item = yield from plot_item()
    yield
    return make(item)
