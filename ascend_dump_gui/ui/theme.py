"""The colour theme (View ▸ Theme): the system's (following it when it changes), light or dark; plots follow."""

from __future__ import annotations

import sys

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from ascend_dump_gui.ui.settings import THEMES

SYSTEM = THEMES[0]


def dark_palette() -> QPalette:
    """The dark palette (Fusion's roles in dark greys)."""
    palette = QPalette()
    roles = {QPalette.ColorRole.Window: "#2b2b2b", QPalette.ColorRole.WindowText: "#e6e6e6",
             QPalette.ColorRole.Base: "#1e1e1e", QPalette.ColorRole.AlternateBase: "#2a2a2a",
             QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#353535",
             QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.Highlight: "#2f65ca",
             QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#353535",
             QPalette.ColorRole.ToolTipText: "#e6e6e6", QPalette.ColorRole.PlaceholderText: "#9a9a9a",
             QPalette.ColorRole.Link: "#6ea8ff", QPalette.ColorRole.BrightText: "#ff6b6b"}
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def system_is_dark() -> bool:
    """True when the system asks for a dark colour scheme."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def is_dark(theme: str) -> bool:
    """Whether ``theme`` (one of ``settings.THEMES``) is dark here and now."""
    return theme == "dark" or theme == SYSTEM and system_is_dark()


class _Follower(QObject):
    """Applies the chosen theme again when the system's colour scheme changes (while the choice is "system")."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app, objectName="theme_follower")
        self.theme = SYSTEM
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._changed)

    def _changed(self, *_) -> None:
        if self.theme == SYSTEM:
            _apply(SYSTEM)


def apply_theme(theme: str) -> None:
    """Use ``theme`` from now on: the application's palette, and the plots already made restyled. "system"
    follows the system's scheme as it changes. At start, the system's light scheme costs nothing."""
    app = QApplication.instance()
    follower = app.findChild(_Follower, "theme_follower") or _Follower(app)
    changed = theme != follower.theme
    follower.theme = theme
    if changed or is_dark(theme):
        _apply(theme)


def _apply(theme: str) -> None:
    app = QApplication.instance()
    if is_dark(theme):
        app.setPalette(dark_palette())
    elif theme == SYSTEM:
        app.setPalette(QPalette())   # the platform's own
    else:
        app.setPalette(app.style().standardPalette())
    QTimer.singleShot(0, app, restyle_plots)   # once the widgets have taken the new palette


def restyle_plots() -> None:
    """Give every plot made so far (pyqtgraph, if loaded) the background, axes and grid of the palette."""
    if "pyqtgraph" not in sys.modules:
        return
    import pyqtgraph as pg

    from ascend_dump_gui.ui.plots.style import apply_palette, show_grid

    for window in QApplication.topLevelWidgets():   # walked from live windows: allWidgets() also lists widgets
        if not shiboken6.isValid(window):             # that are being destroyed (a segfault when touched)
            continue
        for widget in window.findChildren(pg.PlotWidget) + ([window] if isinstance(window, pg.PlotWidget) else []):
            apply_palette(widget)
            show_grid(widget.getPlotItem(), widget)
        for widget in window.findChildren(pg.GraphicsLayoutWidget):
            apply_palette(widget)
