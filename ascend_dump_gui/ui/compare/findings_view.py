"""Tables of a compare run's findings: overflowing ops, and watcher (memory overwrite) findings."""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from ascend_dump_gui.core.compare.findings import Overflow, WatcherFinding
from ascend_dump_gui.ui.i18n import tr


def overflow_columns() -> list[str]:
    """Headers of the overflow table, in the current language."""
    return ["#", tr("Op"), tr("Type"), tr("Found by"), tr("Tensor"), tr("Status"), tr("Files")]


def watcher_columns() -> list[str]:
    """Headers of the watcher table, in the current language."""
    return [tr("Watched op"), tr("Tensor"), tr("Overwritten by"), tr("Changed elements"), tr("Max abs diff"),
            tr("Before"), tr("After")]


class FindingsTable(QTableWidget):
    """A read-only table; ``opChosen(op_name)`` when a row is activated (double click or Enter)."""

    opChosen = Signal(str)

    def __init__(self, columns: Sequence[str], name: str, path_columns: Sequence[int] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(0, len(columns), parent)
        self._path_columns = frozenset(path_columns)
        self.setObjectName(name)
        self.setHorizontalHeaderLabels(list(columns))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self._ops: list[str] = []
        self.empty_text = ""
        self.itemActivated.connect(lambda item: self.opChosen.emit(self._ops[item.row()]))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self.rowCount() == 0 and self.empty_text:  # say why the table is empty, in the table
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
            painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12), flags, self.empty_text)
            painter.end()

    def fill(self, rows: list[tuple[str, list[str]]]) -> None:
        """``rows``: (op name to jump to, cell texts); paths show their file name, the tooltip all of it."""
        self.setRowCount(0)
        self._ops = [op for op, _ in rows]
        self.setRowCount(len(rows))
        for r, (_, cells) in enumerate(rows):
            for c, text in enumerate(cells):
                shown = "; ".join(map(os.path.basename, text.split("; "))) if c in self._path_columns else text
                item = QTableWidgetItem(shown)
                item.setToolTip(text)
                self.setItem(r, c, item)

    def op_at(self, row: int) -> str:
        return self._ops[row]


UNITS = {"AIC": "AI Core", "AIV": "AI Vector", "AICPU": "AI CPU", "SDMA": "SDMA"}
"""Accelerator names of Opdebug records as the Ascend documentation writes them."""


def status_words(status: str) -> str:
    """An Opdebug record's ``AIC status 0x400`` in words: which unit reported the overflow, and its status."""
    unit, _, word = status.rpartition(" status ")
    if not unit:
        return status
    return tr("{unit} reported an overflow (status word {status})").format(unit=UNITS.get(unit, unit), status=word)


def overflow_rows(overflows: Sequence[Overflow]) -> list[tuple[str, list[str]]]:
    """Rows of the overflow table, one per entry of the result: "#" counts from 1 (as in the compare table and
    Browse); Found by says the kind (Inf, NaN, overflow record) and Status the record's words."""
    kinds = {"inf": tr("Inf values"), "nan": tr("NaN values"), "status": tr("overflow record")}
    rows = []
    for o in overflows:
        status = [status_words(s) for s in o.status]
        if o.kind == "inf" and o.dtype == "float16":
            status.append(tr("a float16 tensor reached ±65504, the float16 limit, or Inf"))
        found = kinds.get(o.kind, o.kind) + (" + " + tr("overflow record") if o.record else "")
        tensor = f"{o.tensor} [{o.dtype}]" if o.tensor else ""
        rows.append((o.op_name, ["" if o.index is None else str(o.index + 1), o.op_name, o.op_type, found, tensor,
                                 "; ".join(status), "; ".join(o.files)]))
    return rows


def watcher_rows(findings: Sequence[WatcherFinding]) -> list[tuple[str, list[str]]]:
    return [(w.watched_op, [w.watched_op, w.tensor, _culprit(w), f"{w.changed_elements:,}",
                            f"{w.max_abs_diff:.6g}", w.before_file, w.after_file]) for w in findings]


def _culprit(finding: WatcherFinding) -> str:
    """The overwriting op, else its task id (no graph or dump names it), else unknown."""
    if finding.culprit:
        return finding.culprit
    if finding.culprit_task_id is not None:
        return tr("task {task_id} (no graph dump names it)").format(task_id=finding.culprit_task_id)
    return tr("unknown")
