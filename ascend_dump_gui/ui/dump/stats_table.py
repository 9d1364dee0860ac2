"""Table model over the rows of a stats CSV (as core's read_stats_csv gives them), sortable by value."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from ascend_dump_gui.core.dump.sidefiles import format_number

Index = QModelIndex | QPersistentModelIndex
ValueRole = Qt.ItemDataRole.UserRole + 1


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "x".join(map(str, value))
    return value if isinstance(value, str) else format_number(value)


def sort_key(value: Any) -> tuple:
    """Numbers first in numeric order (NaN after them), then text, then missing values."""
    if value is None:
        return (3,)
    if isinstance(value, (int, float)):
        return (1,) if math.isnan(value) else (0, value)
    if isinstance(value, tuple):
        return (0, math.prod(value))
    return (2, str(value))


class StatsTableModel(QAbstractTableModel):
    """One row per dumped tensor; columns are the CSV header's (they depend on the configured stats)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._header: list[str] = []
        self._rows: list[Mapping[str, Any]] = []

    def set_rows(self, rows: Sequence[Mapping[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._header = list(self._rows[0]) if self._rows else []
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._header)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        value = self._rows[index.row()].get(self._header[index.column()])
        if role == Qt.ItemDataRole.DisplayRole:
            return _text(value)
        if role == ValueRole:
            return value
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._header[section] if 0 <= section < len(self._header) else None
        return str(section + 1)


class StatsSortModel(QSortFilterProxyModel):
    """Sorts a :class:`StatsTableModel` by cell values (numbers numerically)."""

    def lessThan(self, left: Index, right: Index) -> bool:
        return sort_key(left.data(ValueRole)) < sort_key(right.data(ValueRole))
