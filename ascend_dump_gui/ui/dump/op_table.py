"""The op table of a folder: one row per dump record in execution order; tensor columns read lazily."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer

from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.dump.headers import tensor_columns
from ascend_dump_gui.ui.dump.kinds import kind_names
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker

Index = QModelIndex | QPersistentModelIndex
COLUMN_COUNT = 7  # #, Type, Name, Kind, Timestamp, Inputs, Outputs
TYPE, NAME, KIND, INPUTS, OUTPUTS = 1, 2, 3, 5, 6
RecordRole = Qt.ItemDataRole.UserRole + 1
HEADER_KINDS = frozenset({"tensor", "golden"})
LOADING = "…"


def _read_columns(root: str, paths: Sequence[tuple[int, str, str]], generation: int, *, progress: ProgressFn,
                  cancel: CancelToken) -> tuple[int, list[tuple[int, str, str]]]:
    """Worker body: (key, inputs text, outputs text) for each (key, kind, relative path)."""
    out = []
    for done, (row, kind, rel) in enumerate(paths, start=1):
        cancel.raise_if_cancelled()
        try:
            inputs, outputs = tensor_columns(os.path.join(root, rel), kind)
        except (DumpError, OSError, ValueError) as exc:
            inputs, outputs = tr("unreadable: {problem}").format(problem=exc), ""
        out.append((row, inputs, outputs))
        progress(done, len(paths), rel)
    return generation, out


def execution_order(records: Sequence[DumpRecord]) -> list[DumpRecord]:
    """Records sorted by dump timestamp (files without one keep their walk order, after the others)."""
    return sorted(records, key=lambda r: (r.timestamp is None, r.timestamp or 0))


class OpTableModel(QAbstractTableModel):
    """Rows are the :class:`DumpRecord` s that pass the filter, in execution order unless sorted.

    Filtering and sorting happen here over plain Python lists (a proxy model would call ``data`` hundreds
    of thousands of times for a 100k-file folder). The Inputs/Outputs cells of visible rows are filled in
    by workers that read the dump headers, at most ``batch`` files at a time."""

    def __init__(self, parent=None, *, runner: TaskRunner | None = None, batch: int = 64) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self._root = ""
        self._records: list[DumpRecord] = []
        self._rows: list[int] = []  # visible rows: indices into _records
        self._pattern: re.Pattern | None = None
        self._kinds: frozenset[str] | None = None
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)
        self._columns: dict[int, tuple[str, str]] = {}  # by record index
        self._wanted: dict[int, None] = {}
        self._asked: set[int] = set()
        self._batch = batch
        self._generation = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(30)
        self._timer.timeout.connect(self._load_wanted)
        self._titles = ("#", tr("Type"), tr("Name"), tr("Kind"), tr("Timestamp"), tr("Inputs"), tr("Outputs"))
        self._kind_names = kind_names()

    # --- contents, filter, order -----------------------------------------------------------------
    def set_records(self, root: str, records: Sequence[DumpRecord]) -> None:
        """Show ``records`` (paths relative to ``root``; given in execution order)."""
        self.beginResetModel()
        self._generation += 1
        self._root = root
        self._records = list(records)
        self._columns, self._wanted, self._asked = {}, {}, set()
        self._rows = self._visible()
        self.endResetModel()

    def set_filter(self, text: str = "", regex: bool = False, kinds: frozenset[str] | None = None) -> None:
        """Keep records of ``kinds`` (None: all) whose op type or name contains ``text`` (a regular
        expression when ``regex``). Raises ``re.error`` for an invalid expression (nothing changes)."""
        pattern = re.compile(text if regex else re.escape(text), re.IGNORECASE) if text else None
        self.beginResetModel()
        self._pattern, self._kinds = pattern, kinds
        self._rows = self._visible()
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._rows = self._ordered(self._rows)
        self.layoutChanged.emit()

    def _visible(self) -> list[int]:
        kinds, pattern = self._kinds, self._pattern
        rows = [k for k, r in enumerate(self._records) if kinds is None or r.kind in kinds]
        if pattern is not None:
            search = pattern.search
            rows = [k for k in rows if search(self._records[k].op_type or "") or search(self._name(k))]
        return self._ordered(rows)

    def _ordered(self, rows: list[int]) -> list[int]:
        column, order = self._sort
        key = self._key(column)
        rows = sorted(rows) if key is None else sorted(rows, key=key)
        return rows[::-1] if order == Qt.SortOrder.DescendingOrder else rows

    def _key(self, column: int):
        records = self._records
        if column == 0:
            return None  # execution order = record order
        if column == 4:
            return lambda k: (records[k].timestamp is None, records[k].timestamp or 0)
        if column in (INPUTS, OUTPUTS):
            return lambda k: self._columns.get(k, ("", ""))[column - INPUTS]
        return lambda k: self._plain(k, column)

    def _name(self, k: int) -> str:
        record = self._records[k]
        return record.op_name or record.path.rpartition("/")[2]

    # --- access ----------------------------------------------------------------------------------
    def record(self, row: int) -> DumpRecord:
        return self._records[self._rows[row]]

    def records(self) -> list[DumpRecord]:
        """Every record, shown or filtered out, in execution order."""
        return list(self._records)

    def row_of(self, rel_path: str) -> int:
        """The visible row of a record by relative path: -1 if absent, -2 if filtered out."""
        k = next((k for k, r in enumerate(self._records) if r.path == rel_path), -1)
        if k < 0:
            return -1
        try:
            return self._rows.index(k)
        except ValueError:
            return -2

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[section] if 0 <= section < COLUMN_COUNT else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        k, column = self._rows[index.row()], index.column()
        if role == RecordRole:
            return self._records[k]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tensor_text(k, column) if column in (INPUTS, OUTPUTS) else self._records[k].path
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column in (INPUTS, OUTPUTS):
            return self._tensor_text(k, column)
        return self._plain(k, column)

    def _plain(self, k: int, column: int) -> str:
        record = self._records[k]
        if column == 0:
            return str(k + 1)
        if column == 4:
            return "" if record.timestamp is None else str(record.timestamp)
        return (record.op_type or "", self._name(k), self._kind_names.get(record.kind, record.kind))[column - 1]

    # --- lazily read tensor columns --------------------------------------------------------------
    def _tensor_text(self, k: int, column: int) -> str:
        if self._records[k].kind not in HEADER_KINDS:
            return ""
        got = self._columns.get(k)
        if got is not None:
            return got[column - INPUTS]
        if k not in self._asked:
            self._wanted[k] = None
            if not self._timer.isActive():  # restarting would postpone the batch while the view repaints
                self._timer.start()
        return LOADING

    def _load_wanted(self) -> None:
        wanted = list(self._wanted)[: self._batch]
        for k in wanted:
            del self._wanted[k]
            self._asked.add(k)
        if not wanted:
            return
        jobs = [(k, self._records[k].kind, self._records[k].path) for k in wanted]
        worker = Worker(_read_columns, self._root, jobs, self._generation)
        worker.signals.finished.connect(self._columns_read)
        self._runner.start(worker)
        if self._wanted:
            self._timer.start()

    def _columns_read(self, answer: tuple[int, list[tuple[int, str, str]]]) -> None:
        generation, result = answer
        if generation != self._generation:
            return
        for k, inputs, outputs in result:
            self._columns[k] = (inputs, outputs)
        if self._rows:  # cheap: the view repaints only the rows it shows
            self.dataChanged.emit(self.index(0, INPUTS), self.index(len(self._rows) - 1, OUTPUTS))

    def pending(self) -> bool:
        """True while header reads are queued or running."""
        return bool(self._wanted) or len(self._asked) > len(self._columns)
