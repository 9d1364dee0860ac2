"""The status bar: messages, plus a progress bar and a cancel button while background work runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar

from ascend_dump_gui.ui.i18n import progress_text, tr
from ascend_dump_gui.ui.loading import painted_later

if TYPE_CHECKING:
    from ascend_dump_gui.ui.workers import TaskRunner, Worker


class StatusBar(QStatusBar):
    """Shows the progress of the most recently started worker of a :class:`TaskRunner`."""

    def __init__(self, runner: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._labels: dict[Worker, str] = {}
        self._current: Worker | None = None
        self.task_label = QLabel(objectName="task_label")
        self.progress_bar = QProgressBar(objectName="task_progress", maximumWidth=220, textVisible=True)
        self.cancel_button = QPushButton(tr("Cancel"), objectName="task_cancel")
        self.cancel_button.setToolTip(tr("Stop the running background task"))
        self.cancel_button.clicked.connect(self.cancel_current)
        for widget in (self.task_label, self.progress_bar, self.cancel_button):
            self.addPermanentWidget(widget)
            widget.hide()
        runner.ended.connect(self._on_ended)

    def track(self, worker: Worker, label: str) -> None:
        """Show ``worker``'s progress under ``label`` until it ends; call before ``runner.start``."""
        self._labels[worker] = label
        worker.signals.progress.connect(lambda done, total, msg: self._on_progress(worker, done, total, msg))
        self._show(worker)

    def cancel_current(self) -> None:
        """Ask the worker shown in the bar to stop."""
        if self._current is not None:
            self._current.cancel()
            self.cancel_button.setEnabled(False)
            self.task_label.setText(tr("{task}: cancelling…").format(task=self._labels.get(self._current, "")))

    @property
    def busy(self) -> bool:
        return self._current is not None

    def _show(self, worker: Worker) -> None:
        self._current = worker
        self.task_label.setText(self._labels[worker])
        with painted_later(self.progress_bar):
            self.progress_bar.setRange(0, 0)  # busy indicator until the first report
        self.cancel_button.setEnabled(True)
        for widget in (self.task_label, self.progress_bar, self.cancel_button):
            widget.show()

    def _on_progress(self, worker: Worker, done: int, total: int, message: str) -> None:
        if worker is not self._current:
            return
        with painted_later(self.progress_bar):
            self.progress_bar.setRange(0, max(total, 0))
            if total > 0:
                self.progress_bar.setValue(min(done, total))
        label = self._labels[worker]
        self.task_label.setText(f"{label}: {progress_text(message)}" if message else label)

    def _on_ended(self, worker: Worker) -> None:
        self._labels.pop(worker, None)
        if worker is not self._current:
            return
        self._current = None
        remaining = [w for w in self._runner.active if w in self._labels]
        if remaining:
            self._show(remaining[-1])
            return
        for widget in (self.task_label, self.progress_bar, self.cancel_button):
            widget.hide()
