"""Compare two msprobe dump trees the way ``msprobe compare`` does: a table in execution order coloured by msprobe's
pass / warning / error, the first divergence, NPU / bench / error plots for tensor dumps, CSV export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.msprobe.matches import CallMatches
from ascend_dump_gui.core.msprobe.report import overflow_entries, to_json, write_csv
from ascend_dump_gui.core.msprobe.rows import MODES, RESULT_WORDS, metric_names
from ascend_dump_gui.core.msprobe.tree_compare import RunPair, TreeComparison, compare_trees
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.tensor import PairDisplay, TensorDisplay, prepare_display, prepare_pair
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.loading import Inputs
from ascend_dump_gui.ui.numbers import id_text
from ascend_dump_gui.ui.path_menu import popup
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.replay.view import ReplayView
from ascend_dump_gui.ui.workers import TaskRunner, Worker

Index = QModelIndex | QPersistentModelIndex
TINTS = {"pass": QColor(46, 160, 67, 45), "warning": QColor(230, 160, 0, 80), "error": QColor(215, 48, 31, 80),
         None: QColor(128, 128, 128, 60)}
"""Row tints by result; None is a row not compared (grey, never the pass green)."""
FIRST_TINT = QColor(215, 48, 31, 150)


def _compare(npu: str, bench: str, mode: str | None, follow_links: bool, matches: CallMatches | None = None, *,
             progress: ProgressFn, cancel: CancelToken) -> TreeComparison:
    def step(done: int, total: int) -> bool:
        if done == total or done % 256 == 0:   # a 100k-row run must not flood the GUI thread with signals
            progress(done, total, "")
        return not cancel.cancelled

    result = compare_trees(npu, bench, mode, progress=step, follow_links=follow_links, matches=matches)
    cancel.raise_if_cancelled()
    return result


def _load_pair(pair: RunPair, index: int, table_row: int, *, progress: ProgressFn,
               cancel: CancelToken) -> tuple[int, PairDisplay | TensorDisplay]:
    """Worker body: NPU and bench tensors of one row and their error (or the NPU tensor alone)."""
    row = pair.result.rows[index]
    npu = np.asarray(pair.npu.load(row.npu), dtype=np.float64)
    if row.bench is None or row.bench.data_name is None:
        return table_row, prepare_display(npu, progress=progress, cancel=cancel)
    bench = np.asarray(pair.bench.load(row.bench), dtype=np.float64)
    if npu.size != bench.size:
        return table_row, prepare_display(npu, progress=progress, cancel=cancel)
    return table_row, prepare_pair(npu, bench, progress=progress, cancel=cancel)


def _root_name(result: TreeComparison, side: int, run: Path) -> str:
    """An msprobe input as the summary names it: the folder chosen (not one of its rank folders)."""
    return (result.roots[side] if len(result.roots) > side else run).name


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


class MsprobeTableModel(QAbstractTableModel):
    """One row per compared leaf over every run: step, rank, names, dtype, shape, the mode's metrics, result."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[RunPair, int]] = []
        self._metrics: tuple[str, ...] = ()
        self._first: tuple[RunPair, int] | None = None
        self._fixed = (tr("Step"), tr("Rank"), tr("NPU name"), tr("Bench name"), tr("dtype"), tr("Shape"))
        self._tail = (tr("Result"), tr("Messages"))

    def set_result(self, result: TreeComparison | None) -> None:
        self.beginResetModel()
        self._rows = [] if result is None else [(p, i) for p in result.pairs for i in range(len(p.result.rows))]
        self._metrics = () if result is None else metric_names(result.mode)
        first = None if result is None else result.first_divergence()
        self._first = None if first is None else (first[0], first[1].order)
        self.endResetModel()

    def row_at(self, row: int) -> tuple[RunPair, int]:
        return self._rows[row]

    def first_row(self) -> int | None:
        if self._first is None:
            return None
        return next((i for i, (p, k) in enumerate(self._rows) if p is self._first[0] and k == self._first[1]), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt signature
        return 0 if parent.isValid() else len(self._fixed) + len(self._metrics) + len(self._tail)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt signature
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (*self._fixed, *self._metrics, *self._tail)[section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        pair, k = self._rows[index.row()]
        row = pair.result.rows[k]
        if role == Qt.ItemDataRole.BackgroundRole:
            if self._first is not None and pair is self._first[0] and k == self._first[1]:
                return QBrush(FIRST_TINT)
            return QBrush(TINTS[row.result]) if row.bench is not None else None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        column = index.column()
        fixed = (pair.npu.step, pair.npu.rank, row.tensor, row.bench.name if row.bench else "N/A", row.npu.dtype,
                 list(row.npu.shape) if row.npu.shape is not None else None)
        if column < len(fixed):
            return _cell(fixed[column])
        column -= len(fixed)
        if column < len(self._metrics):
            return _cell(row.metrics.get(self._metrics[column]))
        if column == len(self._metrics):
            return schema_text(RESULT_WORDS[row.result]) if row.result is not None else tr("not compared")
        return "; ".join(map(schema_text, row.messages))


class MsprobeCompareView(QWidget):
    """``finished(result)`` fires when a comparison is shown; ``rowShown(name)`` when a row's tensors are plotted."""

    finished = Signal(object)
    rowShown = Signal(str)
    graphRequested = Signal(str, str, str)   # NPU tree, run label, bench tree: "Show in Graph"

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("msprobe_compare")
        self._runner = runner or TaskRunner(self)
        self._job: Worker | None = None
        self._result: TreeComparison | None = None
        self._inputs: Inputs | None = None   # what the running or shown comparison is of
        self._runs = 0
        self._wanted = -1
        self.mode = QComboBox()
        self.mode.setObjectName("msprobe_mode")
        self.mode.addItem(tr("mode: as dumped"), None)
        for mode in MODES:
            self.mode.addItem(mode, mode)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.summary = QLabel()
        self.summary.setObjectName("msprobe_summary")
        self.summary.setWordWrap(True)
        self.goto_button = QPushButton(tr("Go to first divergence"))
        self.goto_button.setObjectName("msprobe_goto_first")
        self.goto_button.clicked.connect(self.go_to_first_divergence)
        self.goto_button.setEnabled(False)
        self.export_button = QPushButton(tr("Export CSV…"))
        self.export_button.setObjectName("msprobe_export")
        self.export_button.clicked.connect(lambda: self._ask_export("csv"))
        self.export_json_button = QPushButton(tr("Export JSON…"))
        self.export_json_button.setObjectName("msprobe_export_json")
        self.export_json_button.clicked.connect(lambda: self._ask_export("json"))
        self.graph_button = QPushButton(tr("Show in Graph"))
        self.graph_button.setObjectName("msprobe_show_graph")
        self.graph_button.setToolTip(tr("The selected row's run as a graph, beside its bench run, coloured by this "
                                        "comparison"))
        self.graph_button.setEnabled(False)
        self.graph_button.clicked.connect(self.show_in_graph)
        self.model = MsprobeTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("msprobe_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.plot = TensorPlot(runner=self._runner)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(
            lambda pos: popup(self.row_menu_at(pos), self.table.viewport().mapToGlobal(pos)))
        self.replay_view = ReplayView(self._runner)
        self.details = QTabWidget()
        self.details.setObjectName("msprobe_details")
        self.details.addTab(self.plot, tr("NPU vs bench"))
        self.details.addTab(self.replay_view, tr("Replay"))
        bar = QHBoxLayout()
        bar.addWidget(self.mode)
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.goto_button)
        bar.addWidget(self.graph_button)
        bar.addWidget(self.export_button)
        bar.addWidget(self.export_json_button)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setSizes([360, 440])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(split, 1)

    @property
    def result(self) -> TreeComparison | None:
        return self._result

    @property
    def busy(self) -> bool:
        return self._job is not None

    def invalidate(self, why: str) -> None:
        """Drop the shown result (and a running compare): its inputs or mode are no longer the chosen ones."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self._result = None
        self._inputs = None
        self._wanted = -1
        self.model.set_result(None)
        self.plot.set_display(None)
        self.replay_view.clear()   # a replay of the dropped comparison goes with it
        self.goto_button.setEnabled(False)
        self.graph_button.setEnabled(False)
        self.summary.setText(why)

    def _mode_changed(self) -> None:
        if self._result is not None or self._job is not None:
            self.invalidate(tr("The mode changed to {mode}: compare again (the table showed another mode).").format(
                mode=self.mode.currentText()))

    def run(self, npu: str | Path, bench: str | Path, matches: CallMatches | None = None, *,
            follow_links: bool = False) -> Worker:
        """Compare in a worker (the mode box chooses summary / md5 / all, or what the dumps hold), with the calls
        ``matches`` pairs by hand (the Graph view's); links that leave either folder are not followed unless
        ``follow_links``."""
        self.invalidate(tr("Comparing msprobe dumps…"))   # nothing of a previous run (table, plot) stays
        self._runs += 1
        self._inputs = Inputs((str(npu), str(bench)), str(self.mode.currentData()), self._runs)
        worker = Worker(_compare, str(npu), str(bench), self.mode.currentData(), follow_links,
                        matches.copy() if matches else None)
        worker.signals.progress.connect(lambda done, total, _m, w=worker: w is self._job and self.summary.setText(
            tr("Comparing msprobe dumps… {done}/{total}").format(done=done, total=total)))
        worker.signals.finished.connect(lambda result, w=worker: w is self._job and self._compared(result))
        worker.signals.failed.connect(lambda exc, w=worker: w is self._job and self._failed(exc))
        self._job = worker
        self._runner.start(worker)
        return worker

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def _failed(self, exc: BaseException) -> None:
        self._job = None
        self.summary.setText(tr("Comparison failed"))
        show_error(self, exc, tr("Comparing"))

    def _compared(self, result: TreeComparison) -> None:
        self._job = None
        self._result = result
        self.model.set_result(result)
        rows = [r for p in result.pairs for r in p.result.rows]
        counts = {level: sum(r.result == level for r in rows) for level in ("pass", "warning", "error", None)}
        first = result.first_divergence()
        where = (tr("first divergence: {name} (step {step}, rank {rank})").format(
            name=first[1].tensor, step=id_text(first[0].npu.step), rank=id_text(first[0].npu.rank)) if first
            else tr("no divergence"))
        pair = result.pairs[0]
        self.summary.setText(tr("{npu} vs {bench}, msprobe {mode}: {runs} runs, {rows} rows, {errors} error, "
                                "{warnings} warning, {unchecked} not compared, {overflows} overflows; {where}").format(
            npu=_root_name(result, 0, pair.npu.path), bench=_root_name(result, 1, pair.bench.path), mode=result.mode,
            runs=len(result.pairs),
            rows=len(rows), errors=counts["error"], warnings=counts["warning"], unchecked=counts[None],
            overflows=sum(len(overflow_entries(p.npu)) for p in result.pairs), where=where))
        self.table.resizeColumnToContents(2)
        self.goto_button.setEnabled(first is not None)
        self.graph_button.setEnabled(bool(result.pairs))
        if first:   # the first divergence's call, replayed from its own dumped arguments
            self.replay_view.start(first[0].npu.path, first[1].npu.entry, inputs=self._inputs, bench=first[0].bench)
        else:
            self.replay_view.clear(tr("No divergence: nothing was replayed. Right-click a row and choose Replay "
                                      "this op to replay one."))
        self.finished.emit(result)
        if first:
            self.go_to_first_divergence()
        elif self.model.rowCount():
            self.table.selectRow(0)

    def row_menu_at(self, pos) -> QMenu | None:
        """The right-click menu of the row at viewport position ``pos``: Replay this op (its call)."""
        index = self.table.indexAt(pos)
        if not index.isValid() or self._result is None:
            return None
        pair, k = self.model.row_at(index.row())
        row = pair.result.rows[k]
        menu = QMenu(self.table)
        menu.addAction(tr("Replay this op"), lambda: self.replay(pair.npu.path, row.npu.entry, pair.bench))
        return menu

    def replay(self, run: str | Path, call: str, bench: object = None) -> None:
        """Replay ``call`` of the NPU rank folder ``run`` (its own dtype from the ``bench`` run's call, when given)
        and show the Replay tab."""
        self.replay_view.start(run, call, inputs=self._inputs, bench=bench)
        self.details.setCurrentWidget(self.replay_view)

    def show_in_graph(self) -> bool:
        """Ask the Graph view for the selected row's run (else the first), with its bench (``graphRequested``)."""
        if self._result is None or self._inputs is None or not self._result.pairs:
            return False
        index = self.table.currentIndex()
        pair = self.model.row_at(index.row())[0] if index.isValid() else self._result.pairs[0]
        npu, bench = self._inputs.paths
        self.graphRequested.emit(npu, pair.npu.label, bench)
        return True

    def go_to_first_divergence(self) -> bool:
        row = self.model.first_row()
        if row is None:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid() or self._result is None:
            return
        pair, k = self.model.row_at(current.row())
        row = pair.result.rows[k]
        if row.npu.data_name is None:
            self._wanted = -1
            self.plot.set_display(None, self._no_tensor_text(row.tensor))
            return
        self._wanted = current.row()
        worker = Worker(_load_pair, pair, k, current.row())
        worker.signals.finished.connect(lambda loaded, shown=self._result: shown is self._result
                                        and self._pair_loaded(loaded))   # never a tensor of an earlier run
        worker.signals.failed.connect(lambda exc: show_error(self, exc, tr("Loading a tensor")))
        self._runner.start(worker)

    def _no_tensor_text(self, name: str) -> str:
        """Why a row has no plot: its dump holds statistics or a checksum, not the tensor."""
        if self._result is not None and self._result.mode == "md5":
            return tr("{name}: md5 mode compares CRC-32 checksums; msprobe wrote no tensor file for this row, so "
                      "there is nothing to plot (the checksums are in the table).").format(name=name)
        return tr("{name}: msprobe dumped statistics only for this row (no tensor file), so there is nothing to "
                  "plot; its statistics are in the table.").format(name=name)

    def _pair_loaded(self, result: tuple[int, PairDisplay | TensorDisplay]) -> None:
        wanted = result[0]
        if wanted != self._wanted:
            return
        pair, k = self.model.row_at(wanted)
        name = pair.result.rows[k].tensor
        display = result[1]
        if isinstance(display, PairDisplay):
            self.plot.set_pair(display, name, tr("bench"))
        else:
            self.plot.set_display(display, name)
        self.rowShown.emit(name)

    def export(self, path: str | Path) -> None:
        """msprobe's columns as CSV, or the `compare --json` document when ``path`` ends in .json."""
        if self._result is None:
            return
        if str(path).endswith(".json"):
            write_text_atomic(path, json.dumps(to_json(self._result), indent=1, allow_nan=False) + "\n")
        else:
            write_csv(self._result, path)

    def _ask_export(self, kind: str) -> None:
        if self._result is None:
            return
        default = str(Path.cwd() / f"compare_result.{kind}")
        title = tr("Export JSON") if kind == "json" else tr("Export CSV")
        wanted = tr("JSON files (*.json)") if kind == "json" else tr("CSV files (*.csv)")
        path, _ = QFileDialog.getSaveFileName(self, title, default, wanted)
        if path:
            try:
                self.export(path)
            except OSError as exc:
                show_error(self, exc, title)
