"""Work that waits for a window's first paint, so the user sees the window before anything else runs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

PAINTED = "first_paint_done"
"""The dynamic property set on a widget once a job waited for its first paint."""


class _FirstPaint(QObject):
    """Runs its jobs in the order they came once ``widget`` has painted for the first time, each on an event
    loop turn of its own after the widget has painted again: what a job shows is on screen before the next runs,
    and input is taken in between (a child of ``widget``)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget, objectName="first_paint")
        self._widget = widget
        self.jobs: list[Callable[[], object]] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            self._widget.setProperty(PAINTED, True)
            QTimer.singleShot(0, self, self._next)
        return False

    def _next(self) -> None:
        job = self.jobs.pop(0)
        try:
            job()
        finally:
            if not self.jobs:
                self.setObjectName("")  # a job that comes now runs on its own
                self.deleteLater()
            elif self._widget.isVisible():  # what the job showed is painted first
                self._widget.installEventFilter(self)
                self._widget.update()
            else:
                QTimer.singleShot(0, self, self._next)


def after_first_paint(widget: QWidget, fn: Callable[[], object]) -> None:
    """Call ``fn`` once ``widget`` has painted for the first time (on the next turn once it has, and nothing is
    waiting); jobs run in the order they were given. A widget shown but not painted yet is asked to paint."""
    waiting = widget.findChild(_FirstPaint, "first_paint", Qt.FindChildOption.FindDirectChildrenOnly)
    if waiting is not None:
        waiting.jobs.append(fn)
    elif widget.property(PAINTED):
        QTimer.singleShot(0, widget, fn)
    else:
        _FirstPaint(widget).jobs.append(fn)
        if widget.isVisible():
            widget.update()
