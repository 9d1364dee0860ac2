"""The op table of a folder: one row per dump record in execution order; tensor columns read lazily."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer

from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.dump.headers import tensor_columns
from ascend_dump_gui.ui.dump.kinds import kind_names
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.sorted_rows import MISSING, RowOrder, reorder, sort_ranks
from ascend_dump_gui.ui.workers import TaskRunner, Worker

Index = QModelIndex | QPersistentModelIndex
COLUMN_COUNT = 7  # #, Type, Name, Kind, Timestamp, Inputs, Outputs
TYPE, NAME, KIND, TIMESTAMP, INPUTS, OUTPUTS = 1, 2, 3, 4, 5, 6
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
    """Records sorted by dump timestamp (files without one keep their walk order, after the others).

    numpy sorts (stably, without holding the GIL while it sorts): ``sorted`` took 1.2 s for a million records, its
    comparisons in C holding the GIL, and the GUI thread stalled 0.9 s while a worker was in it; numpy takes 0.33 s.
    A timestamp beyond 64 bits sorts them in Python."""
    try:
        stamps = np.fromiter((-1 if r.timestamp is None else r.timestamp for r in records), dtype=np.int64,
                             count=len(records))
    except OverflowError:
        return sorted(records, key=lambda r: (r.timestamp is None, r.timestamp or 0))
    timed = np.flatnonzero(stamps >= 0)
    order = np.concatenate((timed[np.argsort(stamps[timed], kind="stable")], np.flatnonzero(stamps < 0)))
    return list(map(records.__getitem__, order.tolist()))


KindIndex = tuple[tuple[str, ...], np.ndarray]
"""The distinct kinds of a list of records, and each record's position among them (what the kind filter reads)."""


def kind_index(records: Sequence[DumpRecord]) -> KindIndex:
    """The :data:`KindIndex` of ``records`` (worked out in the worker that lists them, not on the GUI thread)."""
    codes: dict[str, int] = {}
    index = np.fromiter((codes.setdefault(r.kind, len(codes)) for r in records), dtype=np.int32, count=len(records))
    return tuple(codes), index


class OpTableModel(QAbstractTableModel):
    """Rows are the :class:`DumpRecord` s that pass the filter, in execution order unless sorted.

    Filtering and sorting happen here with :mod:`ui.sorted_rows` (a proxy model would call ``data`` hundreds
    of thousands of times for a 100k-file folder); a column's sort keys are computed on its first sort.
    The Inputs/Outputs cells of visible rows are filled in by workers that read the dump headers, at most
    ``batch`` files at a time."""

    def __init__(self, parent=None, *, runner: TaskRunner | None = None, batch: int = 64) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self._root = ""
        self._records: list[DumpRecord] = []
        self._kind_index: KindIndex | None = None
        self._order = RowOrder()  # visible rows: indices into _records
        self._keys: dict[int, np.ndarray] = {}  # sort keys by column, for the current records
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
    def set_records(self, root: str, records: Sequence[DumpRecord], kinds: KindIndex | None = None) -> None:
        """Show ``records`` (paths relative to ``root``; given in execution order); ``kinds``: their
        :func:`kind_index`, when a worker worked it out (else it is, on the first filter by kind)."""
        self.beginResetModel()
        self._generation += 1
        self._root = root
        self._records = list(records)
        self._kind_index = kinds
        self._columns, self._wanted, self._asked, self._keys = {}, {}, set(), {}
        self._order.reset(len(self._records))
        self._order.sort(*self._sort_key())
        self._order.set_mask(self._mask())
        self.endResetModel()

    def set_filter(self, text: str = "", regex: bool = False, kinds: frozenset[str] | None = None) -> None:
        """Keep records of ``kinds`` (None: all) whose op type or name contains ``text`` (a regular
        expression when ``regex``). Raises ``re.error`` for an invalid expression (nothing changes)."""
        pattern = re.compile(text if regex else re.escape(text), re.IGNORECASE) if text else None
        self._pattern, self._kinds = pattern, kinds
        reorder(self, self._order, lambda: self._order.set_mask(self._mask()))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort = (column, order)
        reorder(self, self._order, lambda: self._order.sort(*self._sort_key()))

    def _mask(self) -> np.ndarray | None:
        kinds, pattern = self._kinds, self._pattern
        if kinds is None and pattern is None:
            return None
        records = self._records
        if kinds is None:
            mask = np.ones(len(records), dtype=bool)
        else:
            if self._kind_index is None:
                self._kind_index = kind_index(records)
            names, index = self._kind_index
            mask = np.array([kind in kinds for kind in names], dtype=bool)[index]   # np.isin imports numpy.ma
        if pattern is not None:
            search = pattern.search
            rows = [k for k in np.flatnonzero(mask).tolist()
                    if not (search(records[k].op_type or "") or search(self._name(k)))]
            mask[rows] = False
        return mask

    def _sort_key(self) -> tuple[np.ndarray | None, bool]:
        column, order = self._sort
        descending = order == Qt.SortOrder.DescendingOrder
        if column <= 0 or column >= COLUMN_COUNT:
            return None, descending  # execution order = record order
        if column in (INPUTS, OUTPUTS):  # read lazily: keyed afresh on each sort, unread cells last
            keys = np.full(len(self._records), MISSING, dtype=np.int32)
            if self._columns:
                read = np.fromiter(self._columns, dtype=np.int64, count=len(self._columns))
                keys[read] = sort_ranks([texts[column - INPUTS] for texts in self._columns.values()])
            return keys, descending
        if column not in self._keys:
            self._keys[column] = sort_ranks(self._column_values(column))
        return self._keys[column], descending

    def _column_values(self, column: int) -> list:
        records = self._records
        if column == TYPE:
            return [r.op_type for r in records]
        if column == NAME:
            return [r.op_name or r.path.rpartition("/")[2] for r in records]
        if column == KIND:
            names = self._kind_names
            return [names.get(r.kind, r.kind) for r in records]
        return [r.timestamp for r in records]

    def _name(self, k: int) -> str:
        record = self._records[k]
        return record.op_name or record.path.rpartition("/")[2]

    # --- access ----------------------------------------------------------------------------------
    def record(self, row: int) -> DumpRecord:
        return self._records[int(self._order.rows[row])]

    def records(self) -> list[DumpRecord]:
        """Every record, shown or filtered out, in execution order."""
        return list(self._records)

    def row_of(self, rel_path: str) -> int:
        """The visible row of a record by relative path: -1 if absent, -2 if filtered out."""
        k = next((k for k, r in enumerate(self._records) if r.path == rel_path), -1)
        if k < 0:
            return -1
        row = self._order.position(k)
        return row if row >= 0 else -2

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[section] if 0 <= section < COLUMN_COUNT else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        k, column = int(self._order.rows[index.row()]), index.column()
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
        if column == TIMESTAMP:
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
        if len(self._order):  # cheap: the view repaints only the rows it shows
            self.dataChanged.emit(self.index(0, INPUTS), self.index(len(self._order) - 1, OUTPUTS))

    def pending(self) -> bool:
        """True while header reads are queued or running."""
        return bool(self._wanted) or len(self._asked) > len(self._columns)
