"""The Ranks view: compare a whole tree (every rank and step) and show it as a rank x step matrix.

Cells are coloured by status (agrees, statistics differ, diverged, overflow, lost), the first divergence
is marked, overflow counts are written in the cell; a cell opens its run in Compare or Browse (through
``compareRequested`` / ``browseRequested``, wired in the main window). The work runs in a worker, locally
or on a Dask scheduler.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.runs.executor import make_executor
from ascend_dump_gui.core.runs.tree_compare import TreeCompareResult, compare_tree
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import painted_later
from ascend_dump_gui.ui.numbers import id_text
from ascend_dump_gui.ui.ranks.folder_row import FolderRow
from ascend_dump_gui.ui.ranks.matrix_model import STATUS_COLOURS, CellDelegate, RanksMatrixModel, status_names
from ascend_dump_gui.ui.workers import TaskRunner, Worker

CELL_WIDTH, CELL_HEIGHT = 72, 18
OP_CELL_WIDTH = 120


def _compare(npu: Path, ref: Path | None, *, mode: str, stats_first: bool, scheduler: str,
             progress: ProgressFn, cancel: CancelToken) -> TreeCompareResult:
    """Worker thread: the tree compare on local threads or the given Dask scheduler."""
    executor = make_executor(scheduler or None)
    try:
        return compare_tree(npu, ref, mode=mode, stats_first=stats_first, executor=executor, progress=progress,
                            cancel=cancel)
    finally:
        executor.close()


def mode_labels() -> dict[str, str]:
    return {"ranks": tr("rank vs rank (data-parallel group)"), "golden": tr("NPU vs golden per rank"),
            "steps": tr("step vs previous step")}


class RanksPanel(QWidget):
    """Inputs, run/cancel, the findings line, the matrix and the buttons that open a cell's run."""

    compareRequested = Signal(str, str)   # run folder, reference folder
    browseRequested = Signal(str)         # run folder
    captureRequested = Signal(str, str, object, object)   # run folder, reference folder, rank, step: Capture next

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._job: Worker | None = None
        self._result: TreeCompareResult | None = None
        self.npu = FolderRow("ranks_npu", tr("NPU dump tree (all ranks and steps)"))
        self.ref = FolderRow("ranks_ref", tr("reference tree (golden mode only)"))
        self.mode = QComboBox(objectName="ranks_mode")
        for key, label in mode_labels().items():
            self.mode.addItem(label, key)
        self.stats_first = QCheckBox(tr("Statistics first"), objectName="ranks_stats_first", checked=True)
        self.stats_first.setToolTip(tr("Compare statistics first; full tensors only for runs whose statistics "
                                       "differ"))
        self.scheduler = QLineEdit(objectName="ranks_scheduler")
        self.scheduler.setPlaceholderText(tr("Dask scheduler (empty: this machine)"))
        self.scheduler.setToolTip(tr("tcp://host:8786 runs the per-run work on a Dask cluster whose workers see "
                                     "the same paths"))
        self.run_button = QPushButton(tr("Compare tree"), objectName="ranks_run")
        self.cancel_button = QPushButton(tr("Cancel"), objectName="ranks_cancel", enabled=False)
        self.progress = QProgressBar(objectName="ranks_progress")
        self.summary = QLabel(tr("Choose a dump tree with many ranks or steps."), objectName="ranks_summary")
        self.summary.setWordWrap(True)
        self.model = RanksMatrixModel(self)
        self.table = QTableView(objectName="ranks_matrix")
        self.table.setModel(self.model)
        self.table.setItemDelegate(CellDelegate(self.table))
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for header, size in ((self.table.horizontalHeader(), CELL_WIDTH), (self.table.verticalHeader(), CELL_HEIGHT)):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setDefaultSectionSize(size)
        self.format = QComboBox(objectName="ranks_format")
        self.format.setToolTip(tr("The tree holds runs of several formats: the matrix of one format"))
        self.format.currentIndexChanged.connect(self._format_changed)
        self.format.hide()
        self.columns = QComboBox(objectName="ranks_columns")
        self.columns.setToolTip(tr("Columns: the steps, or the ops of one step in execution order"))
        self.columns.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.columns.setMinimumContentsLength(16)   # long op names are elided, not a wider window
        self.columns.currentIndexChanged.connect(self._columns_changed)
        for changed in (self.npu.edit.textChanged, self.ref.edit.textChanged, self.mode.currentIndexChanged,
                        self.stats_first.toggled):
            changed.connect(self._inputs_changed)
        self.open_compare = QPushButton(tr("Open in Compare"), objectName="ranks_open_compare", enabled=False)
        self.open_browse = QPushButton(tr("Open in Browse"), objectName="ranks_open_browse", enabled=False)
        self.capture_next = QPushButton(tr("Capture next…"), objectName="ranks_capture_next", enabled=False)
        self.capture_next.setToolTip(tr("The next capture config: full tensors for this run's first divergence, at "
                                        "this rank and step"))
        self.capture_next.clicked.connect(self._capture_next)
        self.legend = QLabel(self._legend_html(), objectName="ranks_legend")
        self.legend.setWordWrap(True)   # the legend wraps rather than widening the window (1024 px must fit)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.open_compare.clicked.connect(self._open_compare)
        self.open_browse.clicked.connect(self._open_browse)
        self.table.selectionModel().currentChanged.connect(self._current_changed)
        self.table.doubleClicked.connect(lambda _: self._open_compare())
        self._layout()

    def _layout(self) -> None:
        bar = QHBoxLayout()
        bar.addWidget(self.mode)
        bar.addWidget(self.stats_first)
        bar.addWidget(self.scheduler, 1)
        bar.addWidget(self.run_button)
        bar.addWidget(self.cancel_button)
        bar.addWidget(self.progress)
        actions = QHBoxLayout()
        actions.addWidget(self.format)
        actions.addWidget(self.columns)
        actions.addWidget(self.legend, 1)
        actions.addWidget(self.open_compare)
        actions.addWidget(self.open_browse)
        actions.addWidget(self.capture_next)
        layout = QVBoxLayout(self)
        layout.addWidget(self.npu)
        layout.addWidget(self.ref)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)

    @staticmethod
    def _legend_html() -> str:
        names = status_names()
        return "  ".join(f'<span style="background:{STATUS_COLOURS[k]}">&nbsp;&nbsp;&nbsp;</span> {names[k]}'
                         for k in STATUS_COLOURS) + "  ◆ " + tr("first divergence") + "  ⚠ " + tr("overflows")

    # --- running ---------------------------------------------------------------------------------
    def set_inputs(self, npu: str | Path, ref: str | Path | None = None, mode: str = "ranks") -> None:
        """Fill the tree paths and the mode (``golden``, ``ranks`` or ``steps``)."""
        self.npu.set_path(str(npu))
        self.ref.set_path("" if ref is None else str(ref))
        self.mode.setCurrentIndex(max(0, self.mode.findData(mode)))

    def run(self) -> Worker | None:
        """Start the tree compare in a worker (None when an input is missing: the user is told why)."""
        npu, ref, mode = self.npu.path(), self.ref.path(), self.mode.currentData()
        if not npu or not Path(npu).is_dir():
            show_error(self, InputError(npu or None, tr("choose an existing NPU dump tree")), tr("Comparing"))
            return None
        if mode == "golden" and (not ref or not Path(ref).is_dir()):
            show_error(self, InputError(ref or None, tr("golden mode needs an existing reference tree")),
                       tr("Comparing"))
            return None
        self.cancel()
        worker = Worker(_compare, Path(npu), Path(ref) if ref and mode == "golden" else None, mode=mode,
                        stats_first=self.stats_first.isChecked(), scheduler=self.scheduler.text().strip())
        worker.signals.progress.connect(self._progress)
        worker.signals.finished.connect(self._finished)
        worker.signals.failed.connect(self._failed)
        worker.signals.cancelled.connect(self._cancelled)
        self._job = worker
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, 0)
        self.summary.setText(tr("Comparing…"))
        self._runner.start(worker)
        return worker

    def _inputs_changed(self, *_: object) -> None:
        """The matrix (or a running compare) no longer matches the chosen trees or mode: cleared at once."""
        if self._result is None and self._job is None:
            return
        running = self._job is not None
        if running:
            self._job.cancel()
            self._job = None
            self.run_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
        self._result = None
        self.model.set_result(None)
        self._current_changed()
        self.summary.setText(tr("The inputs changed: the compare that was running was stopped; compare again.")
                             if running else tr("The inputs changed: compare again."))

    def cancel(self) -> None:
        """Stop the running compare (the matrix keeps the previous result)."""
        if self._job is not None:
            self._job.cancel()

    @property
    def result(self) -> TreeCompareResult | None:
        return self._result

    def select_run(self, rank: int | None, step: int | None, op: str | None = None) -> bool:
        """Select the cell of (rank, step) (of (rank, op) when the columns are ops); False when there is none."""
        index = self.model.index_of(rank, step, op)
        if not index.isValid():
            return False
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)
        return True

    def current_run(self) -> dict[str, Any] | None:
        return self.model.run_at(self.table.currentIndex())

    def _progress(self, done: int, total: int, message: str) -> None:
        if self.sender() is not (self._job.signals if self._job else None):
            return
        with painted_later(self.progress):
            self.progress.setRange(0, max(total, 0))
            if total:
                self.progress.setValue(done)

    def _done(self) -> bool:
        """End of the current job; False when the signal came from a replaced (stale) job."""
        if self._job is None or self.sender() is not self._job.signals:
            return False
        self._job = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        return True

    def _finished(self, result: TreeCompareResult) -> None:
        if not self._done():
            return
        self._result = result
        formats = self.model.formats(result)
        self.format.blockSignals(True)
        self.format.clear()
        for fmt in formats:
            self.format.addItem(fmt, fmt)
        self.format.blockSignals(False)
        self.format.setVisible(len(formats) > 1)
        self._show_format(formats[0] if len(formats) > 1 else None)
        self.summary.setText(self._summary_text(result))

    def _format_changed(self, _: int) -> None:
        if self._result is not None:
            self._show_format(self.format.currentData())

    def _show_format(self, fmt: str | None) -> None:
        """The matrix of the runs of format ``fmt`` (None: every run, the tree has one format)."""
        result = self._result
        self.model.set_result(result, fmt)
        self.columns.blockSignals(True)
        self.columns.clear()
        self.columns.addItem(tr("rank x step"), None)
        for step in self.model.steps:
            self.columns.addItem(tr("rank x op at step {step}").format(step=step), step)
        self.columns.blockSignals(False)
        self._select_first()

    def show_ops_of(self, step: int | None) -> None:
        """Columns: the ops of ``step`` (None: the steps)."""
        self.columns.setCurrentIndex(max(0, self.columns.findData(step)) if step is not None else 0)

    def _columns_changed(self, _: int) -> None:
        step = self.columns.currentData()
        self.model.show_ops_of(step)
        self.table.horizontalHeader().setDefaultSectionSize(CELL_WIDTH if step is None else OP_CELL_WIDTH)
        self._select_first()

    def _select_first(self) -> None:
        d = self.model.first_divergence
        if d is not None:
            index = self.model.index_of(d["rank"], d["step"], d.get("op_name"))
            if index.isValid():
                self.table.setCurrentIndex(index)
                self.table.scrollTo(index)
        self._current_changed()

    def _failed(self, exc: Exception) -> None:
        if self._done():
            self.summary.setText(tr("The compare failed."))
            show_error(self, exc, tr("Comparing"))

    def _cancelled(self) -> None:
        if self._done():
            self.summary.setText(tr("Cancelled."))

    @staticmethod
    def _summary_text(result: TreeCompareResult) -> str:
        s = result.summary
        against = Path(s["ref"]).name if s["ref"] else tr("itself")
        parts = [tr("{npu} vs {ref} ({mode}): {runs} runs ({ranks} ranks x {steps} steps), {failed} tensors not "
                    "reached, {unchecked} not compared, {full} runs compared in full").format(
            npu=Path(s["npu"]).name, ref=against, mode=mode_labels().get(result.mode, result.mode), runs=s["runs"],
            ranks=len(s["ranks"]), steps=len(s["steps"]), failed=s["failed"], unchecked=s["not_compared"],
            full=s["full_compared_runs"])]
        d = result.first_divergence
        parts.append(tr("first divergence: rank {rank}, step {step}, {tensor}").format(
            rank=id_text(d["rank"]), step=id_text(d["step"]), tensor=d["tensor"]) if d else tr("first divergence: none"))
        if result.disagreeing:
            parts.append(tr("ranks that disagree with their group: {ranks}").format(
                ranks=", ".join(id_text(x["rank"]) for x in result.disagreeing)))
        if s["overflow_ranks"]:
            parts.append(tr("overflow on ranks: {ranks}").format(ranks=", ".join(map(str, s["overflow_ranks"]))))
        if result.lost:
            parts.append(tr("{n} runs not compared (workers lost)").format(n=len(result.lost)))
        return "; ".join(parts)

    # --- opening a cell --------------------------------------------------------------------------
    def _current_changed(self, *_: object) -> None:
        run = self.current_run()
        self.open_browse.setEnabled(run is not None)
        self.open_compare.setEnabled(run is not None and bool(run.get("reference_path")))
        self.capture_next.setEnabled(run is not None and bool(run.get("reference_path")))

    def _run_folder(self, run: dict[str, Any]) -> str:
        root = self._result.summary["npu"] if self._result is not None else ""
        return str(Path(root) / run["path"]) if run["path"] else str(root)

    def _open_compare(self) -> None:
        run = self.current_run()
        if run is not None and run.get("reference_path"):
            self.compareRequested.emit(self._run_folder(run), run["reference_path"])

    def _capture_next(self) -> None:
        run = self.current_run()
        if run is not None and run.get("reference_path"):
            self.captureRequested.emit(self._run_folder(run), run["reference_path"], run.get("rank"), run.get("step"))

    def _open_browse(self) -> None:
        run = self.current_run()
        if run is not None:
            self.browseRequested.emit(self._run_folder(run))
