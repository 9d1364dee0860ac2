"""One loading model for every view: the latest request wins, older results are dropped, the user sees
what is loading and can cancel it.

A view owns a :class:`LatestTask` per kind of input (a tensor, a folder listing, a compare run). Starting
a request cancels the previous one and bumps a generation counter; a result, failure or cancel that
arrives from an older generation is dropped, so a view never shows data for an input that is no longer
selected. :class:`LoadingBar` shows what the task is loading, its progress, and a Cancel button.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker


@contextmanager
def painted_later(bar: QProgressBar) -> Iterator[QProgressBar]:
    """Changes to ``bar`` made inside are painted with the rest of the window: a QProgressBar repaints at once
    when its value or text changes, and a repaint paints every change pending in the whole window there and
    then (a panel just shown, with its plots), inside whatever handler set the value."""
    bar.setUpdatesEnabled(False)
    try:
        yield bar
    finally:
        bar.setUpdatesEnabled(True)   # and asks for a (later) paint


@dataclass(frozen=True)
class Inputs:
    """The identity of what a shown result was computed from: the input paths, the mode, and the run (a
    compare run again on the same paths is another result). A view that shows a result keeps the Inputs it was
    computed from (:class:`ResultOwner`); its owner hands every view the current Inputs when anything changes,
    and a view holding other Inputs clears itself."""

    paths: tuple[str, ...] = ()
    mode: str = ""
    run: int = 0


class ResultOwner:
    """Mixin of a view that shows a result computed from :class:`Inputs`: :meth:`follow` clears it (its
    ``clear_stale``) the moment the current Inputs are not the ones it was computed from."""

    shown_for: Inputs | None = None

    def follow(self, current: Inputs) -> None:
        if self.shown_for is not None and self.shown_for != current:
            self.shown_for = None
            self.clear_stale()

    def clear_stale(self) -> None:
        raise NotImplementedError


class LatestTask(QObject):
    """Runs one request at a time for one view; only the latest request's outcome is delivered."""

    started = Signal(str)            # what is being loaded (shown to the user)
    progress = Signal(int, int, object)  # done, total, message (a str, or a core Text to translate)
    finished = Signal(object)        # the latest request's result
    failed = Signal(object)          # the latest request's exception
    cancelled = Signal()             # the latest request stopped (by cancel() or at a cancel check)
    busyChanged = Signal(bool)

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._worker: Worker | None = None
        self.generation = 0
        self._report: tuple[int, int, object] | None = None   # the latest progress, not shown yet
        self._reporting = QTimer(self, singleShot=True)
        self._reporting.timeout.connect(self._report_progress)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def start(self, what: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Worker:
        """Cancel the running request (its outcome will be dropped) and start ``fn`` in a worker."""
        self._drop()
        self.generation += 1
        worker = Worker(fn, *args, **kwargs)
        worker.signals.progress.connect(self._progress)
        worker.signals.finished.connect(self._finished)
        worker.signals.failed.connect(self._failed)
        worker.signals.cancelled.connect(self._cancelled)
        self._worker = worker
        self.started.emit(what)
        self.busyChanged.emit(True)
        return self._runner.start(worker)

    def cancel(self) -> None:
        """Stop the running request; ``cancelled`` fires now (a late result is dropped)."""
        if self._drop():
            self.cancelled.emit()

    def clear(self) -> None:
        """Forget the running request without a ``cancelled`` signal (its input went away)."""
        self._drop()

    def _drop(self) -> bool:
        self._report = None
        worker, self._worker = self._worker, None
        if worker is None:
            return False
        worker.cancel()
        self.generation += 1
        self.busyChanged.emit(False)
        return True

    def _current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _end(self) -> None:
        self._report = None
        self._worker = None
        self.busyChanged.emit(False)

    def _progress(self, done: int, total: int, message: str) -> None:
        """Reports that arrive together (queued while the GUI thread was busy) are shown once, the latest, on
        a turn of their own: each shown report repaints its progress bar at once."""
        if self._current():
            self._report = (done, total, message)
            if not self._reporting.isActive():
                self._reporting.start(0)

    def _report_progress(self) -> None:
        report, self._report = self._report, None
        if report is not None:
            self.progress.emit(*report)

    def _finished(self, result: object) -> None:
        if self._current():
            self._end()
            self.finished.emit(result)

    def _failed(self, exc: object) -> None:
        if self._current():
            self._end()
            self.failed.emit(exc)

    def _cancelled(self) -> None:
        if self._current():
            self._end()
            self.cancelled.emit()


SHOW_AFTER_MS = 250
"""A load that ends sooner shows no bar: no flicker, and no relayout of the view for quick loads."""


class LoadingBar(QWidget):
    """"Loading <what>…", a progress bar and Cancel for a :class:`LatestTask`; shown once a load has run
    :data:`SHOW_AFTER_MS`, hidden while idle."""

    def __init__(self, task: LatestTask, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("loading_bar")
        self._task = task
        self.label = ElidedLabel()
        self.label.setObjectName("loading_text")
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(220)
        self.bar.setTextVisible(False)
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.setObjectName("loading_cancel")
        self.cancel_button.clicked.connect(task.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.setInterval(SHOW_AFTER_MS)
        self._delay.timeout.connect(self.show)
        task.started.connect(self._started)
        task.progress.connect(self._progress)
        task.busyChanged.connect(self._busy)
        self.hide()

    def _busy(self, busy: bool) -> None:
        if busy:
            self._delay.start()
        else:
            self._delay.stop()
            self.hide()

    def _started(self, what: str) -> None:
        text = tr("Loading {what}…").format(what=what)
        self.label.setText(text)
        with painted_later(self.bar):
            self.bar.setRange(0, 0)

    def _progress(self, done: int, total: int, _message: str) -> None:
        if total > 0:
            with painted_later(self.bar):
                self.bar.setRange(0, 1000)
                self.bar.setValue(int(1000 * min(done, total) / total))
