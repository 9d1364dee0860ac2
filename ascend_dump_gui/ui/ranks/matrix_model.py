"""The rank x step matrix of a tree compare: one cell per run, coloured by its status and worst metric.

A table model (Qt views draw only the visible cells), so 1 rank and 1,024 ranks cost the same to show.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ascend_dump_gui.core.runs.tree_compare import TreeCompareResult
from ascend_dump_gui.ui.i18n import tr

STATUS_COLOURS = {"ok": "#4caf50", "reference": "#90a4ae", "stats_differ": "#ffb300", "diverged": "#e53935",
                  "overflow": "#8e24aa", "lost": "#424242", "no_reference": "#cfd8dc"}
FIRST_MARK = "◆"
RUN_ROLE = Qt.ItemDataRole.UserRole + 1
"""The run summary dict of a cell (None for an empty cell)."""

_Index = QModelIndex | QPersistentModelIndex


def status_names() -> dict[str, str]:
    """Status -> its label in the current language (legend and tooltips)."""
    return {"ok": tr("agrees"), "reference": tr("reference rank"), "stats_differ": tr("statistics differ"),
            "diverged": tr("diverged"), "overflow": tr("overflow"), "lost": tr("lost (worker died)"),
            "no_reference": tr("no reference")}


class RanksMatrixModel(QAbstractTableModel):
    """Rows are ranks, columns steps; display text marks the first divergence and overflow counts."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._ranks: list[int | None] = []
        self._steps: list[int | None] = []
        self._cells: dict[tuple[int | None, int | None], dict[str, Any]] = {}
        self._first: tuple[int | None, int | None] | None = None
        self._names = status_names()

    def set_result(self, result: TreeCompareResult | None) -> None:
        self.beginResetModel()
        runs = result.runs if result is not None else []
        self._cells = {(r["rank"], r["step"]): r for r in runs}
        self._ranks = sorted({r["rank"] for r in runs}, key=lambda v: -1 if v is None else v)
        self._steps = sorted({r["step"] for r in runs}, key=lambda v: -1 if v is None else v)
        d = result.first_divergence if result is not None else None
        self._first = (d["rank"], d["step"]) if d else None
        self.endResetModel()

    def run_at(self, index: _Index) -> dict[str, Any] | None:
        if not index.isValid():
            return None
        return self._cells.get((self._ranks[index.row()], self._steps[index.column()]))

    def index_of(self, rank: int | None, step: int | None) -> QModelIndex:
        if rank not in self._ranks or step not in self._steps:
            return QModelIndex()
        return self.index(self._ranks.index(rank), self._steps.index(step))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ranks)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._steps)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return tr("step {step}").format(step=self._steps[section])
        return tr("rank {rank}").format(rank=self._ranks[section])

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        run = self.run_at(index)
        if run is None:
            return None
        first = (run["rank"], run["step"]) == self._first
        if role == Qt.ItemDataRole.DisplayRole:
            text = FIRST_MARK if first else ""
            if run["overflows"]:
                text += f" ⚠{run['overflows']}"
            return text.strip()
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(STATUS_COLOURS.get(run["status"], "#ffffff")))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#ffffff" if run["status"] in ("diverged", "overflow", "lost") else "#000000"))
        if role == Qt.ItemDataRole.FontRole and first:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(run, first)
        if role == RUN_ROLE:
            return run
        return None

    def _tooltip(self, run: dict[str, Any], first: bool) -> str:
        lines = [tr("rank {rank}, step {step}: {status}").format(
            rank=run["rank"], step=run["step"], status=self._names.get(run["status"], run["status"])),
            tr("{rows} tensors, {failed} not reached, {overflows} overflows").format(
                rows=run["rows"], failed=run["failed"], overflows=run["overflows"])]
        for name, value in run["worst"].items():
            lines.append(f"{name}: {value:.6g}" if isinstance(value, float) else f"{name}: {value}")
        d = run.get("first_divergence")
        if d:
            lines.append(tr("first divergence here: {tensor}").format(tensor=d["tensor"]) if first
                         else tr("diverges at: {tensor}").format(tensor=d["tensor"]))
        lines.append(run["path"])
        return "\n".join(lines)


class CellDelegate(QStyledItemDelegate):
    """Paints a cell's status colour even when selected (the selection is a frame, not a fill)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        brush = index.data(Qt.ItemDataRole.BackgroundRole)
        painter.save()
        if brush is not None:
            painter.fillRect(option.rect, brush)
        fg = index.data(Qt.ItemDataRole.ForegroundRole)
        font = index.data(Qt.ItemDataRole.FontRole)
        if font is not None:
            painter.setFont(font)
        painter.setPen(fg.color() if fg is not None else QColor("#000000"))
        painter.drawText(option.rect, int(Qt.AlignmentFlag.AlignCenter), index.data() or "")
        if option.state & QStyle.StateFlag.State_Selected:
            painter.setPen(QPen(QColor("#000000"), 3))
            painter.drawRect(option.rect.adjusted(1, 1, -2, -2))
        painter.restore()
