"""CompareTableModel: one row per compared tensor in execution order, coloured pass/warn/fail; and its filter."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ascend_dump_gui.core.compare.engine import CompareResult, CompareRow
from ascend_dump_gui.core.compare.msprobe_metrics import Tolerance, Tolerances
from ascend_dump_gui.ui.i18n import tr

Index = QModelIndex | QPersistentModelIndex
RowRole = Qt.ItemDataRole.UserRole + 1
SortRole = Qt.ItemDataRole.UserRole + 2
StatusRole = Qt.ItemDataRole.UserRole + 3
FIXED_COUNT = 7  # #, Tensor, Op type, dtype, Shape, Status, Overflow; then the selected metrics, the fail reason
STATUS_COLUMN = 5
PASS, WARN, FAIL, NOT_COMPARED = "pass", "warn", "fail", "n/a"
# Translucent tints over the view's own base colour: readable with light and dark palettes alike.
TINTS = {PASS: QColor(46, 160, 67, 45), WARN: QColor(230, 160, 0, 80), FAIL: QColor(215, 48, 31, 80)}
FIRST_TINT = QColor(215, 48, 31, 150)


def row_status(row: CompareRow, tolerance: Tolerance) -> str:
    """fail: accuracy not reached or a float16 overflow; warn: reached but one of the two msprobe limits
    (cosine, max abs error) is missed; pass: both within; n/a: not compared."""
    if row.overflow or row.reached is False:
        return FAIL
    if row.reached is None:
        return NOT_COMPARED
    cos, max_abs = row.msprobe.get("Cosine"), row.msprobe.get("MaxAbsErr")
    if isinstance(cos, float) and cos < tolerance.cos_min:
        return WARN
    if isinstance(max_abs, float) and max_abs > tolerance.max_abs_max:
        return WARN
    return PASS


def _cell(value: Any) -> str:
    if value is None:
        return "NaN"
    if isinstance(value, float):
        return f"{value:.6f}"
    return str(value)


def _number(value: Any) -> float | str:
    """A sort key: numbers as floats (NaN/None after everything), strings as they are."""
    if isinstance(value, (int, float)):
        return math.inf if math.isnan(value) else float(value)
    return math.inf if value is None else str(value)


class CompareTableModel(QAbstractTableModel):
    """Rows of a :class:`CompareResult`; columns: fixed facts, every selected metric, the fail reason."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._result: CompareResult | None = None
        self._rows: list[CompareRow] = []
        self._metrics: list[str] = []
        self._status: list[str] = []
        self._first = -1
        self._fixed = ("#", tr("Tensor"), tr("Op type"), tr("dtype"), tr("Shape"), tr("Status"), tr("Overflow"))
        self._fail_reason = tr("Fail reason")
        self._status_text = {PASS: tr("pass"), WARN: tr("warn"), FAIL: tr("fail"), NOT_COMPARED: tr("n/a")}
        self._first_text = " · " + tr("first divergence")
        self._yes = tr("YES")

    def set_result(self, result: CompareResult | None, tolerances: Tolerances | None = None) -> None:
        """Show ``result``; ``tolerances`` (those the run used) decide the warn band."""
        tolerances = tolerances or Tolerances()
        self.beginResetModel()
        self._result = result
        self._rows = [] if result is None else list(result.rows)
        self._metrics = [] if result is None else list(result.metric_names)
        self._status = [row_status(r, tolerances.for_dtype(r.dtype)) for r in self._rows]
        first = None if result is None else result.first_divergence
        self._first = next((k for k, r in enumerate(self._rows) if first and r.tensor == first.tensor), -1)
        self.endResetModel()

    def result(self) -> CompareResult | None:
        return self._result

    def row(self, k: int) -> CompareRow:
        return self._rows[k]

    def status(self, k: int) -> str:
        return self._status[k]

    def first_divergence_row(self) -> int:
        """The row of the first divergence, or -1."""
        return self._first

    def rows_of_op(self, op_name: str) -> list[int]:
        return [k for k, r in enumerate(self._rows) if r.op_name == op_name]

    def columns(self) -> list[str]:
        """The column headers as shown (metric names are msaccucmp's, untranslated)."""
        return [*self._fixed, *self._metrics, self._fail_reason]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else FIXED_COUNT + len(self._metrics) + 1

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            names = self.columns()
            return names[section] if 0 <= section < len(names) else None
        return None

    def _value(self, row: CompareRow, column: int) -> Any:
        fixed = (row.index, row.tensor, row.op_type, row.dtype, "×".join(map(str, row.shape)), None,
                 self._yes if row.overflow else "")
        if column < FIXED_COUNT:
            return fixed[column]
        k = column - FIXED_COUNT
        return row.metrics.get(self._metrics[k]) if k < len(self._metrics) else (row.fail_reason or "")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        k, column = index.row(), index.column()
        row = self._rows[k]
        if role == RowRole:
            return row
        if role == StatusRole:
            return self._status[k]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == STATUS_COLUMN:
                return self._status_text[self._status[k]] + (self._first_text if k == self._first else "")
            value = self._value(row, column)
            return _cell(value) if column >= FIXED_COUNT and column < FIXED_COUNT + len(self._metrics) else str(value)
        if role == SortRole:
            return _number(self._status[k] if column == STATUS_COLUMN else self._value(row, column))
        if role == Qt.ItemDataRole.BackgroundRole:
            tint = FIRST_TINT if k == self._first else TINTS.get(self._status[k])
            return None if tint is None else QBrush(tint)
        if role == Qt.ItemDataRole.FontRole and k == self._first:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join([row.tensor, tr("NPU: {file}").format(file=row.npu_file),
                              tr("golden: {file}").format(file=row.golden_file or "—"),
                              *([row.fail_reason] if row.fail_reason else [])])
        return None


class CompareFilterModel(QSortFilterProxyModel):
    """Sorting by value, "only failing" (fail and warn rows) and a case-insensitive search."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._only_failing = False
        self._search = ""
        self.setSortRole(SortRole)

    def set_only_failing(self, on: bool) -> None:
        self.beginFilterChange()
        self._only_failing = bool(on)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._search = text.strip().lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model: CompareTableModel = self.sourceModel()
        if self._only_failing and model.status(source_row) not in (FAIL, WARN):
            return False
        if not self._search:
            return True
        row = model.row(source_row)
        return any(self._search in text.lower() for text in (row.tensor, row.op_type, row.ground_truth))

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(SortRole), right.data(SortRole)
        if type(a) is not type(b):  # numbers before text
            return isinstance(a, float)
        return a < b
