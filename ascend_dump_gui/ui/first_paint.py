"""Work that waits for a window's first paint, so the user sees the window before anything else runs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class _FirstPaint(QObject):
    """Runs ``fn`` once, on the event loop's turn after ``widget``'s first paint (a child of ``widget``)."""

    def __init__(self, widget: QWidget, fn: Callable[[], object]) -> None:
        super().__init__(widget)
        self._widget, self._fn = widget, fn
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        self._fn()
        self.deleteLater()


def after_first_paint(widget: QWidget, fn: Callable[[], object]) -> None:
    """Call ``fn`` once ``widget`` has painted for the first time (at once if it is already visible)."""
    if widget.isVisible():
        QTimer.singleShot(0, widget, fn)
    else:
        _FirstPaint(widget, fn)
