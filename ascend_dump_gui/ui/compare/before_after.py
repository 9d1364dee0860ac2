"""Compare's before-and-after page: two NPU runs of one model against the same golden, row by row (what a change
fixed, improved, left alone or made worse), the first divergence of each, and both runs' errors on one chart."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.compare.before_after import CHANGES, before_and_after, paired, row_error, row_result
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.ui.compare.inputs import PathRow
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import LatestTask, LoadingBar
from ascend_dump_gui.ui.numbers import number_text
from ascend_dump_gui.ui.plots.style import ERROR, GOLDEN, log_error_plot
from ascend_dump_gui.ui.workers import TaskRunner

FLOOR = 1e-12
"""An error of 0 is drawn here on the logarithmic axis (and said in the axis label)."""
COLOURS = {"fixed": "#2e7d32", "improved": "#66bb6a", "worse": "#c62828", "new": "#6a1b9a", "gone": "#9e9e9e",
           "not_compared": "#ef6c00"}


def change_word(change: str) -> str:
    """A change as the user reads it."""
    return {"fixed": tr("fixed"), "improved": tr("improved"), "unchanged": tr("unchanged"), "worse": tr("worse"),
            "new": tr("new"), "gone": tr("gone"), "not_compared": tr("not compared"),
            "unmatched": tr("no golden")}.get(change, change)


def result_word(result: str | None) -> str:
    """A row's verdict as the user reads it (msprobe's and msaccucmp's words alike)."""
    return {"pass": tr("pass"), "fail": tr("fail"), "warning": tr("warning"), "error": tr("error"),
            None: tr("not compared")}.get(result, result or "")


def _compare(before: Path, golden: Path, after: Path, *, progress, cancel) -> dict[str, Any]:
    """Worker: both runs compared with the golden and merged (core)."""
    return before_and_after(before, golden, after)


class ChangesModel(QAbstractTableModel):
    """The merged rows: tensor, op type, verdict and error before and after, the change (coloured)."""

    COLUMNS = 7

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.shown: list[int] = []
        self.only_changed = False

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self.rows = rows
        self._filter()
        self.endResetModel()

    def set_only_changed(self, on: bool) -> None:
        self.beginResetModel()
        self.only_changed = on
        self._filter()
        self.endResetModel()

    def _filter(self) -> None:
        keep = ("fixed", "improved", "worse", "new", "gone", "not_compared")
        self.shown = [i for i, r in enumerate(self.rows) if not self.only_changed or r["change"] in keep]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (tr("Tensor"), tr("Op type"), tr("Verdict before"), tr("Verdict after"), tr("Error before"), tr("Error after"),
                    tr("Change"))[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[self.shown[index.row()]]
        after = row.get("after") or {}
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, after, index.column())
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 6 and row["change"] in COLOURS:
            return QBrush(QColor(COLOURS[row["change"]]))
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return str(row.get("tensor"))
        return None

    @staticmethod
    def _text(row: dict[str, Any], after: dict[str, Any], column: int) -> str:
        gone, new = row["change"] == "gone", row["change"] == "new"
        if column in (2, 3) and not paired(row):
            return ""   # no golden counterpart: no verdict was due
        if column == 0:
            return str(row.get("tensor"))
        if column == 1:
            return str(row.get("op_type") or "")
        if column == 2:
            return "" if new else result_word(row_result(row))
        if column == 3:
            return "" if gone else result_word(after.get("result"))
        if column == 4:
            error = None if new else row_error(row)
            return "" if error is None else number_text(error)
        if column == 5:
            error = None if gone else row_error(after)
            return "" if error is None else number_text(error)
        return change_word(row["change"])


def _series(rows: list[dict[str, Any]], before: bool) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for i, row in enumerate(rows):
        if before and row["change"] == "new" or not before and row["change"] == "gone":
            continue
        error = row_error(row if before else (row.get("after") or {}))
        if error is not None and math.isfinite(error):
            xs.append(i)
            ys.append(max(error, FLOOR))
    return np.asarray(xs, float), np.asarray(ys, float)


class BeforeAfterView(QWidget):
    """BEFORE and GOLDEN come from Compare's inputs; the user picks AFTER. ``back`` returns to the compare."""

    back = Signal()

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("before_after")
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(self._failed)
        self.doc: dict[str, Any] | None = None
        self._inputs: tuple[str, str, str] | None = None
        self.runs = ElidedLabel()
        self.runs.setObjectName("before_after_runs")
        self.after = PathRow("after", tr("The NPU run after the change (same model, dumped the same way)"))
        self.after.edit.textChanged.connect(lambda _text: self.invalidate())
        self.run_button = QPushButton(tr("Compare before and after"))
        self.run_button.setObjectName("run_before_after")
        self.run_button.clicked.connect(self.run)
        back = QPushButton(tr("Back to the compare"))
        back.setObjectName("before_after_back")
        back.clicked.connect(self.back)
        self.summary = QLabel(tr("Choose the run after the change, then compare."))
        self.summary.setObjectName("before_after_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)   # tensor names come from dump files
        self.only_changed = QCheckBox(tr("Only changed rows"))
        self.only_changed.setObjectName("before_after_only_changed")
        self.model = ChangesModel(self)
        self.only_changed.toggled.connect(self.model.set_only_changed)
        self.table = QTableView()
        self.table.setObjectName("before_after_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setResizeContentsPrecision(0)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("before_after_plot")
        item = log_error_plot(self.plot, tr("tensor (execution order)"), tr("max abs error"))
        item.addLegend(offset=(60, 50))   # between the errors near 1 and those near 0
        self.before_curve = item.plot([], [], pen=None, symbol="o", symbolSize=6, symbolBrush=ERROR,
                                      name=tr("before"))
        self.after_curve = item.plot([], [], pen=None, symbol="t", symbolSize=7, symbolBrush=GOLDEN,
                                     name=tr("after"))
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("After the change")))
        top.addWidget(self.after, 1)
        top.addWidget(self.run_button)
        top.addWidget(back)
        filters = QHBoxLayout()
        filters.addWidget(self.summary, 1)
        filters.addWidget(self.only_changed)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.plot)
        split.setSizes([280, 340])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.runs)
        layout.addLayout(top)
        layout.addWidget(LoadingBar(self.job))
        layout.addLayout(filters)
        layout.addWidget(split, 1)

    def set_runs(self, before: str, golden: str) -> None:
        """The run before the change and the golden (Compare's NPU and golden inputs)."""
        if self._inputs is not None and self._inputs[:2] != (before, golden):
            self.invalidate()
        self._before, self._golden = before, golden
        self.runs.setText(tr("Before: {before}    Golden: {golden}").format(before=before, golden=golden))

    def run(self) -> None:
        """Compare both runs in a worker (the user is told what is missing)."""
        after = self.after.path()
        for path, why in ((self._before, tr("choose the NPU run before the change in Compare's NPU field")),
                          (self._golden, tr("choose the golden in Compare's golden field")),
                          (after, tr("choose the NPU run after the change"))):
            if not path or not Path(path).exists():
                show_error(self, InputError(path or None, why), tr("Comparing before and after"))
                return
        self.invalidate()
        self._inputs = (self._before, self._golden, after)
        self.summary.setText(tr("Comparing both runs with the golden…"))
        self.job.start(tr("compare before and after"), _compare, Path(self._before), Path(self._golden), Path(after))

    def invalidate(self) -> None:
        """An input changed: the rows of the old inputs go (never shown under new ones)."""
        self.job.clear()
        self.doc, self._inputs = None, None
        self.model.set_rows([])
        self.before_curve.setData([], [])
        self.after_curve.setData([], [])
        self.summary.setText(tr("Choose the run after the change, then compare."))

    def _failed(self, exc: BaseException) -> None:
        self.summary.setText(tr("The compare failed."))
        show_error(self, exc, tr("Comparing before and after"))

    def _shown(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        rows = doc["rows"]
        self.model.set_rows(rows)
        self.table.resizeColumnsToContents()
        self.before_curve.setData(*_series(rows, True))
        self.after_curve.setData(*_series(rows, False))
        counts = doc["summary"]["changes"]
        words = ", ".join(f"{change_word(w)} {counts[w]}" for w in CHANGES if counts.get(w))
        first = doc.get("first_divergence")
        then = doc["after"].get("first_divergence")
        none = tr("none")
        self.summary.setText(tr("First divergence before: {before}; after: {after}. {changes}").format(
            before=first["tensor"] if first else none, after=then["tensor"] if then else none, changes=words)
            + " " + tr("(An error of 0 is drawn at 1e-12.)"))
