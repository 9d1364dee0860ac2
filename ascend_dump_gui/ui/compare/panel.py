"""ComparePanel: run a compare in a worker, then explore rows, the first divergence, overflows and watcher findings."""

from __future__ import annotations

import json
import os
from collections.abc import Generator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.compare.engine import CompareResult, compare
from ascend_dump_gui.core.compare.matching import NPU_VS_GOLDEN, NPU_VS_NPU
from ascend_dump_gui.core.compare.report import refuse_replacing_inputs_of, result_to_json, write_csv
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.dump.graph import parse_graph_file
from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.sidefiles import load_golden
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerances
from ascend_dump_gui.core.msprobe import is_msprobe_dir
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.replay.golden import rows_golden_dtypes
from ascend_dump_gui.core.tensor import PairDisplay, TensorDisplay, prepare_display, prepare_pair
from ascend_dump_gui.ui.compare.findings_view import (
    FindingsTable,
    overflow_columns,
    overflow_rows,
    watcher_columns,
    watcher_rows,
)
from ascend_dump_gui.ui.compare.inputs import CompareInputs
from ascend_dump_gui.ui.compare.names import compared_names
from ascend_dump_gui.ui.compare.table_data import CompareTable, prepare_table
from ascend_dump_gui.ui.compare.table_model import CompareTableModel, RowRole
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import progress_text, tr
from ascend_dump_gui.ui.loading import Inputs, LatestTask, LoadingBar, painted_later
from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
from ascend_dump_gui.ui.path_menu import popup, show_in_folder
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.replay.profile_view import ErrorProfileView
from ascend_dump_gui.ui.replay.view import ReplayView, verdict_text
from ascend_dump_gui.ui.settings import follow_links
from ascend_dump_gui.ui.start.panels import at_once
from ascend_dump_gui.ui.workers import TaskRunner, Worker

if TYPE_CHECKING:
    from ascend_dump_gui.ui.msprobe.compare_view import MsprobeCompareView


def _tensor_of(path: str, role: str, index: int) -> np.ndarray:
    if path.endswith(".npy"):
        return load_golden(path)
    dump = read_dump(path)
    return (dump.inputs if role == "input" else dump.outputs)[index].array()


def _load_pair(row: CompareRow, *, progress: ProgressFn,
               cancel: CancelToken) -> tuple[str, PairDisplay | TensorDisplay]:
    """Worker body: NPU and golden arrays of a row with their error, or the NPU tensor alone."""
    npu = _tensor_of(row.npu_file, row.role, row.tensor_index)
    if row.golden_file is None:
        return row.tensor, prepare_display(npu, progress=progress, cancel=cancel)
    golden = _tensor_of(row.golden_file, row.role, row.tensor_index)
    if np.size(npu) != np.size(golden):
        return row.tensor, prepare_display(npu, progress=progress, cancel=cancel)
    return row.tensor, prepare_pair(npu, golden, progress=progress, cancel=cancel)


GRAPH_MATCH = 0.5
"""A chosen graph dump must name more than this share of the compared NPU ops, else it is ignored."""


INSERTED_TYPES = frozenset({"Cast", "TransData"})
"""Ops the graph compiler inserts under the same names in every model: they say nothing about a match."""


def graph_coverage(result: CompareResult, graph: Path) -> tuple[int, int]:
    """(NPU ops the graph dump names, NPU ops compared), inserted Cast/TransData ops left out."""
    named = {sanitize_part(op.name) for g in parse_graph_file(graph) for op in g.ops}
    ops = {sanitize_part(row.op_name) for row in result.rows if row.op_name and row.op_type not in INSERTED_TYPES}
    return len(ops & named), len(ops)


def _compare_table(npu: Path, golden: Path, *, metrics: list[str], tolerances: Tolerances, graph: Path | None,
                   progress: ProgressFn, cancel: CancelToken, follow_links: bool = False) -> CompareTable:
    """Worker body: compare, then prepare the result for the table (sort keys, statuses) off the GUI thread.
    A chosen graph dump that does not match the NPU dump (it names under half of its ops: another model's
    graph) would order rows wrongly: the compare runs again without it and the note says so."""
    def run(chosen: Path | None) -> CompareResult:
        return compare(npu, golden, metrics=metrics, tolerances=tolerances, graph=chosen, progress=progress,
                       cancel=cancel, follow_links=follow_links)

    note = ""
    try:
        result = run(graph)
    except InputError as exc:
        if graph is None or exc.path is None or Path(exc.path) != graph:
            raise
        result, note = run(None), tr("The chosen graph dump names none of the dumped ops: ignored.")
    else:
        if graph is not None:
            hits, total = graph_coverage(result, graph)
            if total and hits <= GRAPH_MATCH * total:
                result = run(None)
                note = tr("The chosen graph dump names only {hits} of the {total} dumped ops (another model?): "
                          "ignored.").format(hits=hits, total=total)
    return replace(prepare_table(result, tolerances, cancel=cancel), note=note)


def _export(result: CompareResult, path: str, *, progress: ProgressFn, cancel: CancelToken) -> str:
    """Worker body: the result as msaccucmp-style CSV, or as the ``compare --json`` document (.json)."""
    if path.lower().endswith(".json"):
        refuse_replacing_inputs_of(result, path)
        write_text_atomic(path, json.dumps(result_to_json(result), indent=1, allow_nan=False))
    else:
        write_csv(result, path)
    return path


def _mode_text(mode: str) -> str:
    """What was compared with what, in words (the summary's ``mode``)."""
    return {NPU_VS_GOLDEN: tr("NPU dumps vs golden .npy files"),
            NPU_VS_NPU: tr("NPU dumps vs NPU dumps")}.get(mode, mode.replace("_", " "))


class ComparePanel(QWidget):
    """Compare NPU with golden. ``opActivated(op_name)`` asks to show the op in Browse;
    ``finished(result)`` fires after each run."""

    opActivated = Signal(str)
    graphRequested = Signal(str, str, str)   # msprobe: NPU tree, run label, bench tree to show in the Graph view
    fixRequested = Signal(object)       # a NextRunRequest: Propose a fix (for ops, or the first divergence)
    captureRequested = Signal(object)   # a NextRunRequest: Capture these next
    finished = Signal(object)
    cleared = Signal()   # the shown result went (a new run or changed inputs): views coloured by it follow
    rowShown = Signal(str)
    rowSelected = Signal(str)  # the tensor name of the newly selected row ("" when none is selected)
    exported = Signal(str)

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None, *,
                 built: bool = True) -> None:
        """``built``: False leaves the widgets to :meth:`build_steps` (see :func:`compare_panel`), which must run
        before any other use."""
        super().__init__(parent)
        self.setObjectName("compare_panel")
        self._runner = runner or TaskRunner(self)
        self.job = LatestTask(self._runner, self)
        self.job.progress.connect(self._progress)
        self.job.finished.connect(self._compared)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(self._cancelled)
        self.pair = LatestTask(self._runner, self)
        self.pair.finished.connect(self._pair_loaded)
        self.pair.failed.connect(self._pair_failed)
        self.pair.cancelled.connect(self._pair_cancelled)
        self._tolerances = Tolerances()
        self._runs = 0   # compares started: a re-run of the same paths is another result (Inputs.run)
        self.model = CompareTableModel(self)
        if built:
            at_once(self.build_steps())

    # --- layout ----------------------------------------------------------------------------------
    def build_steps(self) -> Generator[None, None, None]:
        """Make the panel's widgets, in three steps of about a third of the panel each: its bars, the table and
        the plots, the other tabs."""
        yield from self._build()
        for row in (self.inputs.npu, self.inputs.golden, self.inputs.graph):
            row.edit.textChanged.connect(self._inputs_changed)
        self.inputs.referenceNamed.connect(lambda _name: self._follow())

    def _build(self) -> Generator[None, None, None]:
        self.inputs = CompareInputs()
        self.run_button = QPushButton(tr("Compare"))
        self.run_button.setObjectName("run_compare")
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.setObjectName("cancel_compare")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setObjectName("compare_progress")
        self.progress.setMaximumWidth(260)
        self.summary = ElidedLabel(tr("Choose an NPU dump and a golden dump, then Compare."))
        self.summary.setObjectName("compare_summary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # op names come from dump files
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.goto_button = QPushButton(tr("Go to first divergence"))
        self.goto_button.setObjectName("goto_divergence")
        self.goto_button.setEnabled(False)
        self.goto_button.clicked.connect(self.go_to_first_divergence)
        self.browse_button = QPushButton(tr("Show in Browse"))
        self.browse_button.setObjectName("show_in_browse")
        self.browse_button.clicked.connect(self._show_in_browse)
        self.only_failing = QCheckBox(tr("Only failing"))
        self.only_failing.setObjectName("only_failing")
        self.only_failing.setToolTip(tr("Show only the rows that fail or warn"))
        self.only_failing.toggled.connect(self.model.set_only_failing)
        self.search = QLineEdit()
        self.search.setObjectName("compare_search")
        self.search.setPlaceholderText(tr("Search tensor or op type"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.model.set_search)
        export = QToolButton()
        export.setObjectName("compare_export")
        export.setText(tr("Export"))
        export.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(export)
        menu.addAction(tr("Result as CSV…"), lambda: self._ask_export(tr("CSV (*.csv)")))
        menu.addAction(tr("Result as JSON…"), lambda: self._ask_export(tr("JSON (*.json)")))
        export.setMenu(menu)
        before_after = QPushButton(tr("Before / after…"))
        before_after.setObjectName("show_before_after")
        before_after.setToolTip(tr("Compare this NPU run and a run after a change with the same golden"))
        before_after.clicked.connect(self.show_before_after)

        self.offer_bar = QWidget()
        self.offer_bar.setObjectName("compare_offer")
        self.offer_text = ElidedLabel()
        offer_run = QPushButton(tr("Compare now"))
        offer_run.setObjectName("compare_offer_run")
        offer_run.clicked.connect(self.run)
        offer_layout = QHBoxLayout(self.offer_bar)
        offer_layout.setContentsMargins(0, 0, 0, 0)
        offer_layout.addWidget(self.offer_text, 1)
        offer_layout.addWidget(offer_run)
        self.offer_bar.hide()
        run_bar = QHBoxLayout()
        run_bar.addWidget(self.run_button)
        run_bar.addWidget(self.cancel_button)
        run_bar.addWidget(self.progress)
        run_bar.addWidget(self.summary, 1)
        run_bar.addWidget(self.goto_button)
        self.next_button = QToolButton(objectName="next_run")
        self.next_button.setText(tr("Next run"))
        self.next_button.setToolTip(tr("From this compare to the next run: the precision fix, the narrowed capture"))
        self.next_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        next_menu = QMenu(self.next_button)
        next_menu.addAction(tr("Propose a fix for the first divergence and overflows…"), lambda: self.request_fix(()))
        next_menu.addAction(tr("Capture the first divergence next…"), lambda: self.request_capture(()))
        next_menu.addAction(tr("Capture the selected rows next…"), lambda: self.request_capture(self.selected_ops()))
        self.next_button.setMenu(next_menu)
        self.next_button.setEnabled(False)
        run_bar.addWidget(self.next_button)
        view_bar = QHBoxLayout()
        view_bar.addWidget(self.only_failing)
        view_bar.addWidget(self.search, 1)
        view_bar.addWidget(self.browse_button)
        view_bar.addWidget(export)
        view_bar.addWidget(before_after)
        yield

        self.table = QTableView()
        self.table.setObjectName("compare_table")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)   # Capture these next
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setResizeContentsPrecision(0)  # widths from the rows in view, not 1000
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.table.doubleClicked.connect(self._show_in_browse)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(
            lambda pos: popup(self.row_menu_at(pos), self.table.viewport().mapToGlobal(pos)))
        self.plot = TensorPlot(runner=self._runner)
        plot_page = QWidget()
        plot_layout = QVBoxLayout(plot_page)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        self.pair_bar = LoadingBar(self.pair)
        plot_layout.addWidget(self.pair_bar)
        plot_layout.addWidget(self.plot, 1)
        self.overflow_table = FindingsTable(overflow_columns(), "overflow_table", path_columns=(6,))
        self.watcher_table = FindingsTable(watcher_columns(), "watcher_table", path_columns=(5, 6))
        for table in (self.overflow_table, self.watcher_table):
            table.opChosen.connect(self.select_op)
        self._set_empty_texts(ran=False)
        yield
        self.details = QTabWidget()
        self.details.setObjectName("compare_details")
        self.details.addTab(plot_page, tr("NPU vs {reference}").format(reference=self.inputs.reference_name))
        self.details.addTab(self.overflow_table, tr("Overflows"))
        self.details.addTab(self.watcher_table, tr("Watcher"))
        self.replay_view = ReplayView(self._runner)
        self.run_context = None   # set by the window: Configure's config and product, for the replay's mode
        self.replay_view.context = lambda: self.run_context() if self.run_context is not None else None
        self.replay_view.replayed.connect(self._replayed)
        self.replay_view.fixRequested.connect(lambda op: self.request_fix((op,)))
        self.details.addTab(self.replay_view, tr("Replay"))
        self.profile_view = ErrorProfileView(self._runner)
        self.details.addTab(self.profile_view, tr("Error profile"))
        self.inputs.referenceNamed.connect(self._name_reference)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setSizes([330, 470])
        self.views = QStackedWidget()  # page 0: raw dumps; page 1 (made on demand): two msprobe trees
        self.views.addWidget(split)
        self.msprobe = None
        self.before_after = None   # made on demand: this run against a run after a change, same golden
        self.matches = None   # the calls matched by hand in the Graph view (main window), for msprobe compares
        layout = QVBoxLayout(self)
        layout.addWidget(self.inputs)
        layout.addWidget(self.offer_bar)
        layout.addLayout(run_bar)
        layout.addLayout(view_bar)
        layout.addWidget(self.views, 1)

    # --- running ---------------------------------------------------------------------------------
    def set_inputs(self, npu: str | Path, golden: str | Path, graph: str | Path | None = None) -> None:
        """Fill the NPU and golden paths (folders or files) and the optional GE graph dump."""
        self.inputs.npu.set_path(str(npu))
        self.inputs.golden.set_path(str(golden))
        self.inputs.graph.set_path("" if graph is None else str(graph))

    def offer(self, npu: str | Path, golden: str | Path) -> None:
        """Fill NPU and golden from an emulator run (the graph is found next to the dump) and offer to compare."""
        self.set_inputs(npu, golden, None)
        self.offer_text.setText(tr("Filled from the emulator run: NPU {npu}, golden {golden}.").format(
            npu=Path(npu).name, golden=Path(golden).name))
        self.offer_bar.show()

    def compare_with(self, npu: str | Path) -> None:
        """Browse's "Compare with…": ``npu`` becomes the NPU input (a graph chosen before is dropped); the
        golden path is asked next."""
        self.inputs.npu.set_path(str(npu))
        self.inputs.graph.set_path("")
        self.inputs.golden.edit.setFocus()
        self.inputs.golden.edit.selectAll()

    def run(self) -> Worker | None:
        """Start comparing in a worker (None when a path is missing: the user is told why)."""
        npu, golden, graph = self.inputs.npu.path(), self.inputs.golden.path(), self.inputs.graph.path()
        for why, path in ((tr("choose an existing NPU folder or file"), npu),
                          (tr("choose an existing golden folder or file"), golden)):
            if not path or not Path(path).exists():
                show_error(self, InputError(path or None, why), tr("Comparing"))
                return None
        if is_msprobe_dir(npu) and is_msprobe_dir(golden):
            self._runs += 1
            self._follow()   # the raw-dump page's replay and profile are of another compare
            return self._run_msprobe(npu, golden)
        self.views.setCurrentIndex(0)
        self._show_raw_controls(True)
        if graph and not Path(graph).is_file():
            show_error(self, InputError(graph, tr("the graph dump file does not exist")), tr("Comparing"))
            return None
        if not self.inputs.metrics():
            show_error(self, InputError(None, tr("tick at least one metric")), tr("Comparing"))
            return None
        self._tolerances = self.inputs.tolerances()
        self.offer_bar.hide()
        self._runs += 1
        self.clear_result()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        with painted_later(self.progress):
            self.progress.setRange(0, 0)
            self.progress.setFormat("")
        self._set_summary(tr("Comparing…"))
        return self.job.start(tr("compare"), _compare_table, Path(npu), Path(golden), metrics=self.inputs.metrics(),
                              tolerances=self._tolerances, graph=Path(graph) if graph else None,
                              follow_links=follow_links())

    def msprobe_view(self) -> MsprobeCompareView:
        """The view of two msprobe trees (page 1), made on first use (or ahead, in idle time)."""
        if self.msprobe is None:
            from ascend_dump_gui.ui.msprobe.compare_view import MsprobeCompareView

            self.msprobe = MsprobeCompareView(runner=self._runner)
            self.msprobe.replay_view.context = self.replay_view.context
            self.msprobe.graphRequested.connect(self.graphRequested)
            self.views.addWidget(self.msprobe)
        return self.msprobe

    def _msprobe_page(self) -> MsprobeCompareView:
        """The msprobe page (made when first needed), shown."""
        view = self.msprobe_view()
        self.views.setCurrentWidget(view)
        self._show_raw_controls(False)
        return view

    def _run_msprobe(self, npu: str, bench: str) -> Worker:
        """Two msprobe dump trees: compared as msprobe does, in their own table (summary / md5 / all)."""
        self.cancel()
        view = self._msprobe_page()
        self.summary.setText(tr("msprobe dumps: compared in msprobe's modes below."))
        return view.run(npu, bench, self.matches, follow_links=follow_links())

    def replay_call(self, run: str | Path, call: str) -> None:
        """Replay the msprobe ``call`` of the rank folder ``run`` (the Graph view's Replay this op) in the msprobe
        page's Replay tab."""
        self._msprobe_page().replay(run, call)

    def show_before_after(self, after: str | Path | None = None) -> None:
        """Show the before-and-after page for the NPU and golden inputs (``after``: the run after the change)."""
        from ascend_dump_gui.ui.compare.before_after import BeforeAfterView

        if self.before_after is None:
            self.before_after = BeforeAfterView(self._runner)
            self.before_after.back.connect(self._leave_before_after)
            self.views.addWidget(self.before_after)
        self.before_after.set_runs(self.inputs.npu.path(), self.inputs.golden.path())
        if after is not None:
            self.before_after.after.set_path(str(after))
        self._shown_page = self.views.currentWidget()
        self.views.setCurrentWidget(self.before_after)

    def _leave_before_after(self) -> None:
        page = getattr(self, "_shown_page", None)
        self.views.setCurrentWidget(page if page is not None and page is not self.before_after
                                    else self.views.widget(0))

    def _show_raw_controls(self, visible: bool) -> None:
        """Raw-dump controls; the msprobe view has its own (mode, first divergence, export)."""
        export = self.findChild(QToolButton, "compare_export")
        for widget in (self.goto_button, self.browse_button, self.only_failing, self.search, export):
            widget.setVisible(visible)

    def identity(self) -> Inputs:
        """The inputs a result shown now must have been computed from: the paths, what the second input is
        (golden or another dump) and the run. (The msprobe view keeps its own, with its mode.)"""
        return Inputs((self.inputs.npu.path(), self.inputs.golden.path(), self.inputs.graph.path()),
                      self.inputs.reference_name, self._runs)

    def _follow(self) -> None:
        """Every view showing a result of this panel's compare clears itself unless it is of the current inputs."""
        current = self.identity()
        self.replay_view.follow(current)
        self.profile_view.follow(current)

    def _inputs_changed(self) -> None:
        """A path changed: a result (or a running compare) of the old paths must not stay under the new ones."""
        self._follow()
        if self.before_after is not None:
            self.before_after.set_runs(self.inputs.npu.path(), self.inputs.golden.path())
        shown = self.model.result() is not None or (self.msprobe is not None and self.msprobe.result is not None)
        if not (self.job.busy or shown or (self.msprobe is not None and self.msprobe.busy)):
            if self.summary.text() in self._waiting_texts():   # a sentence about a run stays
                self._set_summary(self._waiting_text())
            return
        running = self.job.busy or (self.msprobe is not None and self.msprobe.busy)
        self.job.clear()
        self._end_run(tr("cancelled") if running else "")
        self.clear_result()
        if self.msprobe is not None:
            self.msprobe.invalidate(tr("The inputs changed: compare again."))
        self._set_summary(tr("The inputs changed: the compare that was running was stopped; compare again.")
                          if running else tr("The inputs changed: compare again."))

    @staticmethod
    def _waiting_texts() -> tuple[str, str]:
        return (tr("Choose an NPU dump and a golden dump, then Compare."),
                tr("NPU and golden dumps chosen: press Compare."))

    def _waiting_text(self) -> str:
        """The summary before a compare: what is still to choose, or that Compare can run."""
        return self._waiting_texts()[bool(self.inputs.npu.path() and self.inputs.golden.path())]

    def cancel(self) -> None:
        """Stop the running compare; the previous result is already gone (cleared when the run started)."""
        self.job.cancel()

    def clear_result(self) -> None:
        """Empty the table, the plot, the overflow and watcher lists (a new run or new inputs)."""
        self.pair.clear()
        self.model.set_table(prepare_table(None))
        self.plot.set_display(None)
        self.overflow_table.fill([])
        self.watcher_table.fill([])
        self.details.setTabText(1, tr("Overflows"))
        self.details.setTabText(2, tr("Watcher"))
        self.inputs.graph_used.setText("")     # the graph note belongs to the result that goes
        self.inputs.graph_used.setToolTip("")
        self._set_empty_texts(ran=False)
        self._follow()
        self.cleared.emit()

    def _set_empty_texts(self, ran: bool) -> None:
        """What an empty overflow or watcher table means: no compare yet, or nothing found."""
        if not ran:
            text = tr("Run a compare to list its findings here.")
            self.overflow_table.empty_text = self.watcher_table.empty_text = text
        else:
            self.overflow_table.empty_text = tr(
                "No overflow: no overflow record (Opdebug) in the NPU dump and no float16 output reaching "
                "±65504.")
            self.watcher_table.empty_text = tr(
                "No watcher findings: no dump of the watched ops shows their output changed after another op "
                "ran. Watcher findings need a dump made with dump_scene \"watcher\".")
        for table in (self.overflow_table, self.watcher_table):
            table.viewport().update()
        self.goto_button.setEnabled(False)
        self.next_button.setEnabled(ran)
        self.rowSelected.emit("")

    def _progress(self, done: int, total: int, message: str) -> None:
        with painted_later(self.progress):
            self.progress.setRange(0, max(total, 0))
            if total:
                self.progress.setValue(done)
            self.progress.setFormat("%v / %m")
        self._set_summary(tr("Comparing… {progress}").format(progress=progress_text(message)))

    def _end_run(self, word: str) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        with painted_later(self.progress):
            self.progress.setRange(0, 1)
            self.progress.setValue(1 if word == tr("done") else 0)
            self.progress.setFormat(word)

    def _failed(self, exc: BaseException) -> None:
        self._end_run(tr("failed"))
        self._set_summary(tr("Compare failed."))
        show_error(self, exc, tr("Comparing"))

    def _cancelled(self) -> None:
        self._end_run(tr("cancelled"))
        self._set_summary(tr("Compare cancelled."))

    def _set_summary(self, text: str) -> None:
        self.summary.setText(text)

    def show_table(self, table: CompareTable) -> None:
        """Show a result prepared before (a language switch hands it over: nothing is computed again)."""
        self._tolerances = self.inputs.tolerances()
        self._compared(table)

    def _compared(self, table: CompareTable) -> None:
        self._end_run(tr("done"))
        self.model.set_table(table)
        result = table.result
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(1, min(self.table.columnWidth(1), 320))
        self.overflow_table.fill(overflow_rows(result.overflows))
        self.watcher_table.fill(watcher_rows(result.watcher_findings))
        self._set_empty_texts(ran=True)
        self.details.setTabText(1, tr("Overflows ({count})").format(count=len(result.overflows)))
        self.details.setTabText(2, tr("Watcher ({count})").format(count=len(result.watcher_findings)))
        self._set_summary(self._summary_text(result) + (f" · ⚠ {table.note}" if table.note else ""))
        self.inputs.show_graph_used(result.summary)
        self.goto_button.setEnabled(result.first_divergence is not None)
        self.profile_view.set_run(self.inputs.npu.path() or None, self._graph_used(), result.rows, self.identity())
        if result.first_divergence is not None:   # the first-divergence summary states its replay verdict
            op = result.first_divergence.op_name
            self.replay_view.start(self.inputs.npu.path(), op, self._graph_used(), self.identity(),
                                   golden_dtypes=rows_golden_dtypes(result.rows, op))
        else:
            self.replay_view.clear(tr("No divergence: nothing was replayed. Right-click a row and choose Replay "
                                      "this op to replay one."))
        self.finished.emit(result)
        if result.first_divergence is not None:
            self.go_to_first_divergence()
        elif result.overflows:
            self.select_op(result.overflows[0].op_name)

    @staticmethod
    def _summary_text(result: CompareResult) -> str:
        s = result.summary
        npu, golden = compared_names(s)
        text = tr("{npu} vs {golden} ({mode}): {compared} compared · {failed} failed · {unchecked} not compared · "
                  "{unmatched} unmatched · {overflows} overflow").format(
            npu=npu, golden=golden, mode=_mode_text(s["mode"]),
            compared=s["compared"], failed=s["not_reached"], unchecked=s["not_compared"],
            unmatched=s["unmatched_npu"] + s["unmatched_golden"], overflows=s["overflows"])
        if s.get("unreadable"):
            text += " · " + tr("{count} unreadable").format(count=s["unreadable"])
        div = result.first_divergence
        if div is not None:
            causes = {"introduced": tr("introduced"), "inputs_differed": tr("inputs differed")}
            text += " · " + tr("first divergence: {tensor} ({cause})").format(
                tensor=div.tensor, cause=causes.get(div.cause, div.cause.replace("_", " ")))
        return text

    # --- navigation ------------------------------------------------------------------------------
    def result(self) -> CompareResult | None:
        return self.model.result()

    def current_row(self) -> CompareRow | None:
        index = self.table.currentIndex()
        return self.model.data(index, RowRole) if index.isValid() else None

    def go_to_first_divergence(self) -> bool:
        """Select (and show) the first divergence row."""
        return self._select_source_row(self.model.first_divergence_source())

    def select_op(self, op_name: str) -> bool:
        """Select the op's first output row (else its first row); ``op_name`` may also be spelled as in dump
        file names (``/`` and ``.`` as ``_``). False if the op was not compared."""
        result = self.model.result()
        every = [] if result is None else result.rows
        rows = self.model.sources_of_op(op_name) or [
            k for k, row in enumerate(every) if sanitize_part(row.op_name) == op_name]
        outputs = [k for k in rows if every[k].role == "output"]
        return self._select_source_row((outputs or rows or [-1])[0])

    def _select_source_row(self, k: int) -> bool:
        if k < 0:
            return False
        if self.model.display_row(k) < 0:
            self.only_failing.setChecked(False)
            self.search.clear()
        index = self.model.index(self.model.display_row(k), 0)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return True

    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.model.data(current, RowRole) if current.isValid() else None
        self.pair.clear()
        self.plot.set_display(None)  # never the previous row's tensors while this one loads
        self.rowSelected.emit("" if row is None else row.tensor)
        if row is None:
            return
        self.details.setCurrentIndex(0)
        self.pair.start(row.tensor, _load_pair, row)

    def _pair_cancelled(self) -> None:
        self.plot.set_display(None, tr("Loading cancelled: select the row again to load it."))

    def _pair_loaded(self, result: tuple[str, PairDisplay | TensorDisplay]) -> None:
        tensor, shown = result
        row = self.current_row()
        if row is not None:
            stem = tensor + (".abs_error" if isinstance(shown, PairDisplay) else "")
            self.plot.set_export_hint(os.path.dirname(row.npu_file), stem.replace(":", "."))
        if isinstance(shown, PairDisplay):
            self.plot.set_pair(shown, tensor, self.inputs.reference_name)
        else:
            self.plot.set_display(shown, tr("{tensor} (nothing to pair it with in the {reference})").format(
                tensor=tensor, reference=self.inputs.reference_name))
        self.rowShown.emit(tensor)

    def _name_reference(self, name: str) -> None:
        """The second input is now called ``name``: the tab and the error profile say so."""
        self.details.setTabText(0, tr("NPU vs {reference}").format(reference=name))
        self.profile_view.set_reference(name)

    def _pair_failed(self, exc: BaseException) -> None:
        show_error(self, exc, tr("Reading the tensors"))

    def row_menu_at(self, pos) -> QMenu | None:
        """The right-click menu of the table row at viewport position ``pos`` (None off the rows)."""
        index = self.table.indexAt(pos)
        row = self.model.data(index, RowRole) if index.isValid() else None
        if row is None:
            return None
        menu = QMenu(self.table)
        menu.setObjectName("row_menu")
        clipboard = QGuiApplication.clipboard()
        menu.addAction(tr("Show in Browse"), lambda: self.opActivated.emit(row.op_name))
        menu.addAction(tr("Copy tensor name"), lambda: clipboard.setText(row.tensor))
        menu.addAction(tr("Copy NPU path"), lambda: clipboard.setText(str(row.npu_file)))
        if row.golden_file:
            menu.addAction(tr("Copy golden path"), lambda: clipboard.setText(str(row.golden_file)))
        menu.addAction(tr("Show in folder"), lambda: show_in_folder(str(row.npu_file)))
        menu.addAction(tr("Replay this op"), lambda: self.replay_op(row.op_name))
        menu.addSeparator()
        menu.addAction(tr("Propose a fix for this op…"), lambda: self.request_fix((row.op_name,)))
        chosen = self.selected_ops() if len(self.selected_ops()) > 1 else (row.op_name,)
        menu.addAction(tr("Capture these next…") if len(chosen) > 1 else tr("Capture this op next…"),
                       lambda: self.request_capture(chosen))
        return menu

    # --- the next run ----------------------------------------------------------------------------
    def selected_ops(self) -> tuple[str, ...]:
        """The ops of the selected rows, in table order (each once)."""
        rows = sorted(self.table.selectionModel().selectedRows(), key=lambda i: i.row())
        found = (self.model.data(i, RowRole) for i in rows)
        return tuple(dict.fromkeys(row.op_name for row in found if row is not None))

    def _next_run_request(self, ops: tuple[str, ...]) -> NextRunRequest | None:
        result = self.model.result()
        if result is None or not self.inputs.npu.path():
            return None
        graph = self._graph_used()
        golden = self.inputs.golden.path()
        return NextRunRequest(Path(self.inputs.npu.path()), Path(golden) if golden else None, ops,
                              Path(graph) if graph else None)

    def request_fix(self, ops: tuple[str, ...]) -> None:
        """Ask the window for *Propose a fix* on ``ops`` (none: the first divergence and every overflow)."""
        request = self._next_run_request(ops)
        if request is not None:
            self.fixRequested.emit(request)

    def request_capture(self, ops: tuple[str, ...]) -> None:
        """Ask the window for *Capture these next* on ``ops`` (none: the first divergence)."""
        request = self._next_run_request(ops)
        if request is not None:
            self.captureRequested.emit(request)

    # --- replay ----------------------------------------------------------------------------------
    def _graph_used(self) -> str | None:
        result = self.model.result()
        return self.inputs.graph.path() or (result.summary.get("graph") if result is not None else None)

    def replay_op(self, op_name: str) -> None:
        """Replay ``op_name`` of the NPU run from its own dumped inputs (in a worker) and show the Replay tab."""
        if not self.inputs.npu.path():
            return
        result = self.model.result()
        self.replay_view.start(self.inputs.npu.path(), op_name, self._graph_used(), self.identity(),
                               golden_dtypes=rows_golden_dtypes(result.rows, op_name) if result is not None else None)
        self.details.setCurrentWidget(self.replay_view)

    def _replayed(self, replay) -> None:
        result = self.model.result()
        div = result.first_divergence if result is not None else None
        if div is not None and replay.op == div.op_name:
            self._set_summary(self._summary_text(result) + " · " + tr("replay: {verdict}").format(
                verdict=verdict_text(replay.verdict)))

    def _show_in_browse(self) -> None:
        row = self.current_row()
        if row is not None:
            self.opActivated.emit(row.op_name)

    # --- export ----------------------------------------------------------------------------------
    def export(self, path: str | Path) -> Worker | None:
        """Write the result to ``path`` (.json: the CLI's JSON document; else msaccucmp-style CSV)."""
        result = self.model.result()
        if result is None:
            return None
        worker = Worker(_export, result, str(path))
        worker.signals.finished.connect(self._exported)
        worker.signals.failed.connect(self._export_failed)
        return self._runner.start(worker)

    def _exported(self, path: str) -> None:
        self.exported.emit(path)

    def _export_failed(self, exc: BaseException) -> None:
        show_error(self, exc, tr("Exporting the result"))

    def _ask_export(self, file_filter: str) -> None:
        if self.model.result() is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, tr("Export compare result"), "", file_filter)
        if path:
            self.export(path)


def compare_panel(runner: TaskRunner | None = None) -> Generator[None, None, ComparePanel]:
    """A :class:`ComparePanel` made in steps (see :meth:`ComparePanel.build_steps`; made by the main window's
    builder, ``ui.start.panels``, a step per turn of the event loop)."""
    panel = ComparePanel(runner, built=False)
    yield from panel.build_steps()
    return panel
