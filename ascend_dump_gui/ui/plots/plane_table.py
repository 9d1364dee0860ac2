"""Table model over a 2-D numpy slice: cells are formatted only when the view asks for them."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from ascend_dump_gui.ui.numbers import number_text
from ascend_dump_gui.ui.plots.style import ERROR, NAN_MARK

Index = QModelIndex | QPersistentModelIndex


class PlaneTableModel(QAbstractTableModel):
    """Values of one 2-D slice; NaN and ±Inf cells are coloured. Headers are the indices along the two axes."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._plane = np.zeros((0, 0))

    def set_plane(self, plane: np.ndarray) -> None:
        """Show the 2-D array ``plane`` (kept by reference; formatted lazily)."""
        self.beginResetModel()
        self._plane = np.atleast_2d(plane)
        self.endResetModel()

    def plane(self) -> np.ndarray:
        return self._plane

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else int(self._plane.shape[0])

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else int(self._plane.shape[1])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        value = self._plane[index.row(), index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return _format(value, full=role == Qt.ItemDataRole.ToolTipRole)
        if role == Qt.ItemDataRole.ForegroundRole and value.dtype.kind == "f" and not math.isfinite(value):
            return QBrush(QColor(NAN_MARK if math.isnan(value) else ERROR))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return str(section)


def _format(value, full: bool) -> str:
    if value.dtype.kind in "iub":
        return str(value.item())
    number = float(value)
    if full and math.isfinite(number):
        return repr(number)  # every digit in the tooltip
    return number_text(number)
