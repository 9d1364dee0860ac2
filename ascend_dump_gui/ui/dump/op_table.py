"""The op table of a folder: one row per dump record in execution order; tensor columns read lazily."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)

from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.dump.headers import tensor_columns
from ascend_dump_gui.ui.workers import TaskRunner, Worker

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("#", "Type", "Name", "Kind", "Timestamp", "Inputs", "Outputs")
TYPE, NAME, KIND, INPUTS, OUTPUTS = 1, 2, 3, 5, 6
RecordRole = Qt.ItemDataRole.UserRole + 1
SortRole = Qt.ItemDataRole.UserRole + 2
HEADER_KINDS = frozenset({"tensor", "golden"})
LOADING = "…"


def _read_columns(root: str, paths: Sequence[tuple[int, str, str]], generation: int, *, progress: ProgressFn,
                  cancel: CancelToken) -> tuple[int, list[tuple[int, str, str]]]:
    """Worker body: (row, inputs text, outputs text) for each (row, kind, relative path)."""
    out = []
    for done, (row, kind, rel) in enumerate(paths, start=1):
        cancel.raise_if_cancelled()
        try:
            inputs, outputs = tensor_columns(os.path.join(root, rel), kind)
        except (DumpError, OSError, ValueError) as exc:
            inputs, outputs = f"unreadable: {exc}", ""
        out.append((row, inputs, outputs))
        progress(done, len(paths), rel)
    return generation, out


def execution_order(records: Sequence[DumpRecord]) -> list[DumpRecord]:
    """Records sorted by dump timestamp (files without one keep their walk order, after the others)."""
    return sorted(records, key=lambda r: (r.timestamp is None, r.timestamp or 0))


class OpTableModel(QAbstractTableModel):
    """Rows are :class:`DumpRecord` s. The Inputs/Outputs cells of visible rows are filled in by workers
    that read the dump headers, at most ``batch`` files at a time."""

    def __init__(self, parent=None, *, runner: TaskRunner | None = None, batch: int = 64) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self._root = ""
        self._records: list[DumpRecord] = []
        self._columns: dict[int, tuple[str, str]] = {}
        self._wanted: dict[int, None] = {}
        self._asked: set[int] = set()
        self._batch = batch
        self._generation = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(30)
        self._timer.timeout.connect(self._load_wanted)

    def set_records(self, root: str, records: Sequence[DumpRecord]) -> None:
        """Show ``records`` (paths relative to ``root``) in execution order."""
        self.beginResetModel()
        self._generation += 1
        self._root = root
        self._records = execution_order(records)
        self._columns, self._wanted, self._asked = {}, {}, set()
        self.endResetModel()

    def record(self, row: int) -> DumpRecord:
        return self._records[row]

    def records(self) -> list[DumpRecord]:
        return list(self._records)

    def root(self) -> str:
        return self._root

    def row_of(self, rel_path: str) -> int:
        """The row of a record by relative path, or -1."""
        return next((k for k, r in enumerate(self._records) if r.path == rel_path), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        record = self._records[row]
        if role == RecordRole:
            return record
        if role == SortRole:
            return self._sort_key(row, record, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return record.path
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column in (INPUTS, OUTPUTS):
            return self._tensor_text(row, record, column)
        return self._plain(row, record, column)

    def _plain(self, row: int, record: DumpRecord, column: int) -> str:
        values = (str(row + 1), record.op_type or "", record.op_name or os.path.basename(record.path),
                  record.kind, "" if record.timestamp is None else str(record.timestamp))
        return values[column]

    def _sort_key(self, row: int, record: DumpRecord, column: int):
        if column == 0:
            return row
        if column == 4:
            return record.timestamp if record.timestamp is not None else -1
        if column in (INPUTS, OUTPUTS):
            return self._columns.get(row, ("", ""))[column - INPUTS]
        return self._plain(row, record, column)

    def _tensor_text(self, row: int, record: DumpRecord, column: int) -> str:
        if record.kind not in HEADER_KINDS:
            return ""
        got = self._columns.get(row)
        if got is not None:
            return got[column - INPUTS]
        if row not in self._asked:
            self._wanted[row] = None
            if not self._timer.isActive():  # restarting would postpone the batch while the view repaints
                self._timer.start()
        return LOADING

    def _load_wanted(self) -> None:
        rows = list(self._wanted)[: self._batch]
        for row in rows:
            del self._wanted[row]
            self._asked.add(row)
        if not rows:
            return
        jobs = [(row, self._records[row].kind, self._records[row].path) for row in rows]
        worker = Worker(_read_columns, self._root, jobs, self._generation)
        worker.signals.finished.connect(self._columns_read)
        self._runner.start(worker)
        if self._wanted:
            self._timer.start()

    def _columns_read(self, answer: tuple[int, list[tuple[int, str, str]]]) -> None:
        generation, result = answer
        if generation != self._generation:
            return
        for row, inputs, outputs in result:
            self._columns[row] = (inputs, outputs)
        rows = [row for row, _, _ in result]
        self.dataChanged.emit(self.index(min(rows), INPUTS), self.index(max(rows), OUTPUTS))

    def pending(self) -> bool:
        """True while header reads are queued or running."""
        return bool(self._wanted) or len(self._asked) > len(self._columns)


class OpFilterModel(QSortFilterProxyModel):
    """Filters rows by kind and by a regular expression (or plain text) on op type and name."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._pattern: re.Pattern | None = None
        self._kinds: frozenset[str] | None = None
        self.setSortRole(SortRole)

    def set_text(self, text: str, regex: bool = False) -> None:
        """Keep rows whose type or name contains ``text`` (a regular expression when ``regex``).

        Raises ``re.error`` for an invalid expression (the filter is left unchanged)."""
        pattern = None
        if text:
            pattern = re.compile(text if regex else re.escape(text), re.IGNORECASE)
        self.beginFilterChange()
        self._pattern = pattern
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_kinds(self, kinds: frozenset[str] | None) -> None:
        """Keep only these record kinds (None: all)."""
        self.beginFilterChange()
        self._kinds = kinds
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        record: DumpRecord = self.sourceModel().record(source_row)
        if self._kinds is not None and record.kind not in self._kinds:
            return False
        if self._pattern is None:
            return True
        name = record.op_name or record.path.rpartition("/")[2]
        return bool(self._pattern.search(record.op_type or "") or self._pattern.search(name))
