"""CompareTableModel: one row per compared tensor in execution order, coloured pass/warn/fail; sorted and
filtered inside the model (no proxy: a 100k-row result sorts in a few milliseconds)."""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ascend_dump_gui.core.compare.engine import CompareResult
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerances
from ascend_dump_gui.ui.compare.table_data import (
    FAIL,
    FIXED_COUNT,
    NOT_COMPARED,
    PASS,
    STATUS_COLUMN,
    UNMATCHED,
    WARN,
    CompareTable,
    prepare_table,
)
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.numbers import number_text
from ascend_dump_gui.ui.sorted_rows import RowOrder, reorder

Index = QModelIndex | QPersistentModelIndex
RowRole = Qt.ItemDataRole.UserRole + 1
StatusRole = Qt.ItemDataRole.UserRole + 3
# Translucent tints over the view's own base colour: readable with light and dark palettes alike.
TINTS = {PASS: QColor(46, 160, 67, 45), WARN: QColor(230, 160, 0, 80), FAIL: QColor(215, 48, 31, 80)}
FIRST_TINT = QColor(215, 48, 31, 150)
_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.FontRole,
                    Qt.ItemDataRole.ToolTipRole, RowRole, StatusRole})


def _cell(value: Any) -> str:
    if value is None:
        return "NaN"
    if isinstance(value, float):
        return number_text(value, ".6f")
    return str(value)


class CompareTableModel(QAbstractTableModel):
    """Rows of a :class:`CompareResult`; columns: fixed facts, every selected metric, the fail reason.

    Row numbers of the Qt interface (and of :meth:`row_at`, :meth:`status_at`) are display rows: after
    sorting and filtering. *Source* rows index ``result.rows``."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._table = prepare_table(None)
        self._order = RowOrder()
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)
        self._only_failing = False
        self._search = ""
        self._search_mask: np.ndarray | None = None
        self._fixed = ("#", tr("Tensor"), tr("Op type"), tr("dtype"), tr("Shape"), tr("Status"), tr("Overflow"))
        self._fail_reason = tr("Fail reason")
        self._status_text = {PASS: tr("pass"), WARN: tr("warn"), FAIL: tr("fail"), NOT_COMPARED: tr("n/a"),
                             UNMATCHED: tr("unmatched")}
        self._first_text = " · " + tr("first divergence")
        self._yes = tr("YES")
        self._bold = QFont()
        self._bold.setBold(True)

    # --- contents, order, filter -----------------------------------------------------------------
    def set_result(self, result: CompareResult | None, tolerances: Tolerances | None = None) -> None:
        """Show ``result``; ``tolerances`` (those the run used) decide the warn band. Big results: build the
        table with :func:`prepare_table` in a worker and call :meth:`set_table`."""
        self.set_table(prepare_table(result, tolerances))

    def set_table(self, table: CompareTable) -> None:
        """Show a prepared result, keeping the sort column and the filters."""
        self.beginResetModel()
        self._table = table
        self._search_mask = self._search_matches(self._search)
        self._order.reset(len(table))
        self._order.sort(*self._sort_key())
        self._order.set_mask(self._mask())
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort = (column, order)
        reorder(self, self._order, lambda: self._order.sort(*self._sort_key()))

    def set_only_failing(self, on: bool) -> None:
        """Show only the rows that fail or warn."""
        self._only_failing = bool(on)
        reorder(self, self._order, lambda: self._order.set_mask(self._mask()))

    def set_search(self, text: str) -> None:
        """Show only the rows whose tensor, op type or ground truth contains ``text`` (any case)."""
        self._search = text.strip().casefold()
        self._search_mask = self._search_matches(self._search)
        reorder(self, self._order, lambda: self._order.set_mask(self._mask()))

    def _sort_key(self) -> tuple[np.ndarray | None, bool]:
        column, order = self._sort
        key = self._table.keys[column] if 0 <= column < len(self._table.keys) else None
        return key, order == Qt.SortOrder.DescendingOrder

    def _search_matches(self, text: str) -> np.ndarray | None:
        if not text:
            return None
        texts = self._table.search_texts
        return np.fromiter((text in t for t in texts), dtype=bool, count=len(texts))

    def _mask(self) -> np.ndarray | None:
        masks = [m for m in ((self._table.failing if self._only_failing else None), self._search_mask)
                 if m is not None]
        return masks[0] & masks[1] if len(masks) == 2 else (masks[0] if masks else None)

    # --- access ----------------------------------------------------------------------------------
    def table(self) -> CompareTable:
        """The prepared result shown (handed to a rebuilt panel after a language switch)."""
        return self._table

    def result(self) -> CompareResult | None:
        return self._table.result

    def source_row(self, row: int) -> int:
        """The source row shown at display row ``row``."""
        return int(self._order.rows[row])

    def display_row(self, source: int) -> int:
        """The display row of source row ``source``; -1 when it is filtered out or absent."""
        return self._order.position(source)

    def row_at(self, row: int) -> CompareRow:
        return self._table.rows[self.source_row(row)]

    def status_at(self, row: int) -> str:
        return self._table.status[self.source_row(row)]

    def statuses(self) -> list[str]:
        """Every row's status, by source row."""
        return list(self._table.status)

    def first_divergence_source(self) -> int:
        """The source row of the first divergence, or -1."""
        return self._table.first

    def sources_of_op(self, op_name: str) -> list[int]:
        """The source rows of an op's tensors."""
        return [k for k, r in enumerate(self._table.rows) if r.op_name == op_name]

    def columns(self) -> list[str]:
        """The column headers as shown (metric names are msaccucmp's, untranslated)."""
        metrics = [] if self._table.result is None else self._table.result.metric_names
        return [*self._fixed, *metrics, self._fail_reason]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._table.keys)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            names = self.columns()
            return names[section] if 0 <= section < len(names) else None
        return None

    def _text(self, row: CompareRow, column: int) -> str:
        if column >= FIXED_COUNT:
            metrics = self._table.result.metric_names
            k = column - FIXED_COUNT
            return _cell(row.metrics.get(metrics[k])) if k < len(metrics) else schema_text(row.fail_reason or "")
        if column == 4:
            return "×".join(map(str, row.shape))
        if column == 6:
            return self._yes if row.overflow else ""
        if column == 0:
            return str(row.index + 1)  # numbered from 1, as Browse's op table and the overflow list
        return str((row.tensor, row.op_type, row.dtype)[column - 1])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in _ROLES or not index.isValid():
            return None
        k, column = int(self._order.rows[index.row()]), index.column()
        row, status = self._table.result.rows[k], self._table.status[k]
        first = k == self._table.first
        if role == Qt.ItemDataRole.DisplayRole:
            if column == STATUS_COLUMN:
                return self._status_text[status] + (self._first_text if first else "")
            return self._text(row, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            tint = FIRST_TINT if first else TINTS.get(status)
            return None if tint is None else QBrush(tint)
        if role == Qt.ItemDataRole.FontRole:
            return self._bold if first else None
        if role == RowRole:
            return row
        if role == StatusRole:
            return status
        return "\n".join([row.tensor, tr("NPU: {file}").format(file=row.npu_file),
                          tr("golden: {file}").format(file=row.golden_file or "—"),
                          *([schema_text(row.fail_reason)] if row.fail_reason else [])])
