"""The rank x step matrix of a tree compare: one cell per run, coloured by its status and worst metric.

A table model (Qt views draw only the visible cells), so 1 rank and 1,024 ranks cost the same to show.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.runs.tree_compare import TreeCompareResult, not_compared
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.numbers import id_text

STATUS_COLOURS = {"ok": "#4caf50", "reference": "#90a4ae", "stats_differ": "#ffb300", "diverged": "#e53935",
                  "overflow": "#8e24aa", "lost": "#424242", "no_reference": "#cfd8dc", "not_compared": "#9e9e9e"}
FIRST_MARK = "◆"
RUN_ROLE = Qt.ItemDataRole.UserRole + 1
"""The run summary dict of a cell (None for an empty cell)."""

_Index = QModelIndex | QPersistentModelIndex


def status_names() -> dict[str, str]:
    """Status -> its label in the current language (legend and tooltips)."""
    return {"ok": tr("agrees"), "reference": tr("reference rank"), "stats_differ": tr("statistics differ"),
            "diverged": tr("diverged"), "overflow": tr("overflow"), "lost": tr("lost (worker died)"),
            "no_reference": tr("no reference"), "not_compared": tr("not compared")}


def _op_status(rows: list[dict[str, Any]], run: dict[str, Any]) -> str:
    """The status of one op of one run from its rows (worst first)."""
    if any(r["overflow"] for r in rows):
        return "overflow"
    if any(r["reached"] is False and r.get("checked") == "full" for r in rows):
        return "diverged"
    if any(r["reached"] is False for r in rows):
        return "stats_differ"
    if any(not_compared(r) for r in rows):
        return "not_compared"
    if any(r["reached"] is True for r in rows):
        return "ok"
    return "reference" if run.get("reference") else "no_reference"


class RanksMatrixModel(QAbstractTableModel):
    """Rows are ranks; columns are steps, or the ops of one step (:meth:`show_ops_of`). Display text marks
    the first divergence and overflow counts."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._ranks: list[int | None] = []
        self._steps: list[int | None] = []
        self._cells: dict[tuple[int | None, int | None], dict[str, Any]] = {}
        self._rows: dict[tuple[int | None, int | None, str], list[dict[str, Any]]] = {}
        self._first: tuple[int | None, int | None, str | None] | None = None
        self.first_divergence: dict[str, Any] | None = None
        self._ops_step: int | None = None
        self._ops: list[str] = []
        self._op_names: dict[str, str] = {}
        self._names = status_names()

    @staticmethod
    def formats(result: TreeCompareResult | None) -> list[str]:
        """The run formats of ``result`` (more than one for a tree holding GE and msprobe runs)."""
        return sorted({r.get("format") or "" for r in result.runs}) if result is not None else []

    def set_result(self, result: TreeCompareResult | None, fmt: str | None = None) -> None:
        """Show ``result`` (only its runs of format ``fmt`` when given: one matrix per format)."""
        self.beginResetModel()
        runs = [r for r in (result.runs if result is not None else []) if fmt is None or r.get("format") == fmt]
        self._cells = {(r["rank"], r["step"]): r for r in runs}
        self._ranks = sorted({r["rank"] for r in runs}, key=lambda v: -1 if v is None else v)
        self._steps = sorted({r["step"] for r in runs}, key=lambda v: -1 if v is None else v)
        self._rows = {}
        self._op_names = {}
        for row in result.rows if result is not None else []:
            if fmt is not None and row.get("format") != fmt:
                continue
            key = sanitize_part(row["op_name"])      # statistics rows carry the file name's form of the name
            self._rows.setdefault((row["rank"], row["step"], key), []).append(row)
            if key not in self._op_names or "/" in row["op_name"]:
                self._op_names[key] = row["op_name"]
        d = result.first_divergence if result is not None else None
        if fmt is not None:   # this format's own first divergence (as the tree compare orders them)
            found = [r["first_divergence"] for r in runs if r.get("first_divergence")]
            d = min(found, key=lambda f: (-1 if f["step"] is None else f["step"], f["index"],
                                          -1 if f["rank"] is None else f["rank"]), default=None)
        self.first_divergence = d
        """The first divergence the matrix marks (of its format)."""
        self._first = (d["rank"], d["step"], sanitize_part(d.get("op_name") or "")) if d else None
        self._ops_step, self._ops = None, []
        self.endResetModel()

    @property
    def steps(self) -> list[int | None]:
        return list(self._steps)

    def show_ops_of(self, step: int | None) -> None:
        """Columns become the ops of ``step`` in execution order (None: columns are the steps again)."""
        self.beginResetModel()
        self._ops_step = step
        order: dict[str, int] = {}
        for (_, row_step, op), rows in self._rows.items():
            if row_step == step:
                order[op] = min(order.get(op, rows[0]["index"]), *(r["index"] for r in rows))
        self._ops = sorted(order, key=lambda op: (order[op], op)) if step is not None else []
        self.endResetModel()

    def _key(self, index: _Index) -> tuple[int | None, int | None, str | None]:
        rank = self._ranks[index.row()]
        if self._ops_step is None:
            return rank, self._steps[index.column()], None
        return rank, self._ops_step, self._ops[index.column()]

    def run_at(self, index: _Index) -> dict[str, Any] | None:
        """The run summary of a cell (in the ops layout: of the cell's rank at the shown step)."""
        if not index.isValid():
            return None
        rank, step, _ = self._key(index)
        return self._cells.get((rank, step))

    def index_of(self, rank: int | None, step: int | None, op: str | None = None) -> QModelIndex:
        if rank not in self._ranks:
            return QModelIndex()
        if self._ops_step is None:
            return self.index(self._ranks.index(rank), self._steps.index(step)) if step in self._steps \
                else QModelIndex()
        key = sanitize_part(op or "")
        if step != self._ops_step or key not in self._ops:
            return QModelIndex()
        return self.index(self._ranks.index(rank), self._ops.index(key))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ranks)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid():
            return 0
        return len(self._steps) if self._ops_step is None else len(self._ops)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Vertical:
            return tr("rank {rank}").format(rank=id_text(self._ranks[section]))
        if self._ops_step is None:
            return tr("step {step}").format(step=id_text(self._steps[section]))
        return self._op_names.get(self._ops[section], self._ops[section])

    def _cell(self, index: _Index) -> dict[str, Any] | None:
        """What a cell shows: the run summary, or (ops layout) one op of it with its rows."""
        run = self.run_at(index)
        if run is None:
            return None
        rank, step, op = self._key(index)
        if op is None:
            return {**run, "first": self._first is not None and self._first[:2] == (rank, step)}
        rows = self._rows.get((rank, step, op), [])
        diffs = [d for r in rows if isinstance(d := r.get("stats_rel_diff"), float)]
        worst = {"stats_rel_diff": max(diffs)} if diffs else {}
        cosines = [c for r in rows if isinstance(c := r["metrics"].get("CosineSimilarity"), float)]
        if cosines:
            worst["CosineSimilarity"] = min(cosines)
        return {"rank": rank, "step": step, "op": self._op_names.get(op, op), "status": _op_status(rows, run), "rows": len(rows),
                "failed": sum(r["reached"] is False for r in rows), "overflows": sum(r["overflow"] for r in rows),
                "worst": worst, "first_divergence": None, "path": run["path"],
                "first": self._first == (rank, step, op)}

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self._cell(index)
        if cell is None:
            return None
        first = cell["first"]
        if role == Qt.ItemDataRole.DisplayRole:
            text = FIRST_MARK if first else ""
            if cell["overflows"]:
                text += f" ⚠{cell['overflows']}"
            return text.strip()
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(STATUS_COLOURS.get(cell["status"], "#ffffff")))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#ffffff" if cell["status"] in ("diverged", "overflow", "lost") else "#000000"))
        if role == Qt.ItemDataRole.FontRole and first:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(cell, first)
        if role == RUN_ROLE:
            return self.run_at(index)
        return None

    def _tooltip(self, cell: dict[str, Any], first: bool) -> str:
        lines = [tr("rank {rank}, step {step}: {status}").format(
            rank=id_text(cell["rank"]), step=id_text(cell["step"]), status=self._names.get(cell["status"], cell["status"]))]
        if cell.get("op"):
            lines.append(cell["op"])
        lines.append(tr("{rows} tensors, {failed} not reached, {overflows} overflows").format(
            rows=cell["rows"], failed=cell["failed"], overflows=cell["overflows"]))
        for name, value in cell["worst"].items():
            lines.append(f"{name}: {value:.6g}" if isinstance(value, float) else f"{name}: {value}")
        d = cell.get("first_divergence")
        if d:
            lines.append(tr("first divergence here: {tensor}").format(tensor=d["tensor"]) if first
                         else tr("diverges at: {tensor}").format(tensor=d["tensor"]))
        lines.append(cell["path"])
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
