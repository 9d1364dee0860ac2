"""RecordView: what the selected record holds: tensors (dumps, golden .npy), a stats CSV table, or text."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QPlainTextEdit, QStackedWidget, QTableView, QWidget

from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.dump.sidefiles import read_stats_csv
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.dump.kinds import kind_names
from ascend_dump_gui.ui.dump.stats_table import StatsSortModel, StatsTableModel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import LatestTask
from ascend_dump_gui.ui.start.first_paint import after_first_paint
from ascend_dump_gui.ui.start.panels import in_pieces
from ascend_dump_gui.ui.start.parts import TENSOR_PLOT
from ascend_dump_gui.ui.workers import TaskRunner

if TYPE_CHECKING:
    from ascend_dump_gui.ui.dump.tensor_view import TensorView

TENSOR_KINDS = frozenset({"tensor", "golden", "exception"})


def _describe(path: str, record: DumpRecord, *, progress: ProgressFn, cancel: CancelToken) -> tuple[str, str]:
    """Worker body: a readable text for records without tensors to plot (overflow records and others)."""
    lines = [tr("{kind}: {path}").format(kind=kind_names().get(record.kind, record.kind), path=record.path),
             tr("size: {size} bytes").format(size=f"{record.size:,}")]
    if record.op_name:
        lines.append(tr("op: {op}").format(op=f"{record.op_type or ''} {record.op_name}".strip()))
    if record.kind == "overflow":
        dump = read_dump(path)
        lines.append(tr("{count} overflow record(s):").format(count=len(dump.overflow)))
        lines.extend(json.dumps(r.as_json(), indent=2) for r in dump.overflow)
    return path, "\n".join(lines)


class RecordView(QStackedWidget):
    """Page 0: :class:`TensorView` (built when the first tensor record is shown: it loads the plots);
    page 1: the stats CSV as a sortable table; page 2: text."""

    statsShown = Signal(int)
    textShown = Signal(str)
    readProblem = Signal(str, str)  # the tensor view's: (record path, what could not be read)

    def __init__(self, parent: QWidget | None = None, runner: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self.reading = LatestTask(self._runner, self)
        self.reading.failed.connect(self._read_failed)
        self.reading.finished.connect(self._read)
        self._tensor_view: TensorView | None = None
        self._tensor_view_asked = False  # to be built in pieces
        self._waiting: tuple[str, DumpRecord] | None = None  # the tensor record to show once the page is built
        self.stats_model = StatsTableModel(self)
        sorted_stats = StatsSortModel(self)
        sorted_stats.setSourceModel(self.stats_model)
        self.stats_table = QTableView()
        self.stats_table.setObjectName("stats_table")
        self.stats_table.setSortingEnabled(True)
        self.stats_table.setModel(sorted_stats)
        self.stats_table.verticalHeader().hide()
        self.text = QPlainTextEdit()
        self.text.setObjectName("record_text")
        self.text.setReadOnly(True)
        for page in (QWidget(objectName="tensor_placeholder"), self.stats_table, self.text):
            self.addWidget(page)

    @property
    def tensor_view(self) -> TensorView:
        """The tensor page, built on first use."""
        if self._tensor_view is None:
            from ascend_dump_gui.ui.dump.tensor_view import TensorView

            view = self._tensor_view = TensorView(runner=self._runner)
            view.listFailed.connect(self._show_text)
            view.readProblem.connect(self.readProblem)
            placeholder = self.widget(0)
            current = self.currentIndex()
            self.insertWidget(0, view)
            self.removeWidget(placeholder)
            placeholder.deleteLater()
            self.setCurrentIndex(current)
            waiting, self._waiting = self._waiting, None
            if waiting is not None:   # picked while the page was being built
                self.setCurrentWidget(view)
                view.show_record(*waiting)
        return self._tensor_view

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Once shown and painted, the tensor page is built in pieces between events (its modules, pyqtgraph
        imported off the GUI thread, then each plot): not before the panel is on screen, and not all at once
        when the user picks the first tensor."""
        super().showEvent(event)
        if self._tensor_view is None and not self._tensor_view_asked:
            after_first_paint(self, self._build_tensor_view)

    def _build_tensor_view(self) -> None:
        """Build the tensor page in pieces (once)."""
        if self._tensor_view is None and not self._tensor_view_asked:
            self._tensor_view_asked = True
            in_pieces(self, ("ascend_dump_gui.ui.dump.tensor_view",), TENSOR_PLOT, lambda: self.tensor_view)

    def show_record(self, root: str, record: DumpRecord | None) -> None:
        """Show ``record`` (a path relative to ``root``); None clears the view. A tensor picked before the
        tensor page is built shows once it is (built in pieces; at once when :attr:`tensor_view` is asked
        for)."""
        self.reading.clear()
        self.stats_model.set_rows([])
        self.text.clear()
        self._waiting = None
        if record is None and self._tensor_view is None:
            self.setCurrentIndex(0)
            return
        if record is not None and record.kind in TENSOR_KINDS and self._tensor_view is None:
            self._waiting = (root, record)
            self.setCurrentIndex(0)
            self._build_tensor_view()
            return
        if record is None or record.kind in TENSOR_KINDS:
            self.setCurrentWidget(self.tensor_view)
            self.tensor_view.show_record(root, record)
            return
        if self._tensor_view is not None:
            self._tensor_view.show_record(root, None)
        path = os.path.join(root, record.path)
        if record.kind == "stats":
            self.reading.start(record.path, _read_stats, path)
        else:
            self.reading.start(record.path, _describe, path, record)

    def _read_failed(self, exc: BaseException) -> None:
        show_error(self, exc, tr("Reading the record"))

    def _read(self, result: tuple[str, str | list[dict[str, Any]]]) -> None:
        if isinstance(result[1], str):
            self._show_text(result[1])
        else:
            self._stats_read(result[1])

    def _stats_read(self, rows: list[dict[str, Any]]) -> None:
        self.stats_model.set_rows(rows)
        self.stats_table.resizeColumnsToContents()
        self.setCurrentWidget(self.stats_table)
        self.statsShown.emit(len(rows))

    def _show_text(self, text: str) -> None:
        self.text.setPlainText(text)
        self.setCurrentWidget(self.text)
        self.textShown.emit(text)


def _read_stats(path: str, *, progress: ProgressFn, cancel: CancelToken) -> tuple[str, list[dict[str, Any]]]:
    """Worker body: the rows of a stats CSV."""
    return path, read_stats_csv(path)
