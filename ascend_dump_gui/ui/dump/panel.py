"""BrowsePanel: the dump-folder tree, the filtered op table of the selected folder and the record view."""

from __future__ import annotations

import os
import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.msprobe import is_msprobe_dir
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.scan.tree import DumpNode
from ascend_dump_gui.ui.dump.counts import count_text
from ascend_dump_gui.ui.dump.folder_index import FolderIndex, index_folder
from ascend_dump_gui.ui.dump.kinds import kind_names
from ascend_dump_gui.ui.dump.op_table import KindIndex, OpTableModel, RecordRole, execution_order, kind_index
from ascend_dump_gui.ui.dump.problems_view import ProblemsView
from ascend_dump_gui.ui.dump.record_view import RecordView
from ascend_dump_gui.ui.dump.tree_model import DumpTreeModel
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import LatestTask, LoadingBar
from ascend_dump_gui.ui.path_menu import path_menu, popup
from ascend_dump_gui.ui.settings import follow_links, save_follow_links
from ascend_dump_gui.ui.start.panels import in_pieces
from ascend_dump_gui.ui.start.parts import TENSOR_PLOT
from ascend_dump_gui.ui.workers import TaskRunner, Worker

if TYPE_CHECKING:
    from ascend_dump_gui.ui.msprobe.browser import MsprobeBrowser

KINDS = ("tensor", "stats", "overflow", "exception", "golden")


def _folder_records(folder: DumpNode, rel: str, index: FolderIndex | None, *, progress: ProgressFn,
                    cancel: CancelToken) -> tuple[DumpNode, list[DumpRecord], KindIndex]:
    """Worker body: the records under a folder (whole subtree once indexed, else its own files) in execution order,
    and their kinds as the op table's filter reads them."""
    if index is not None:
        records = index.records_under(rel)
    else:
        records = []
        for node in folder.list_children():
            cancel.raise_if_cancelled()
            record = None if node.is_dir else node.record()
            if type(record) is DumpRecord:
                records.append(record)
    records = execution_order(records)
    return folder, records, kind_index(records)


class BrowsePanel(QWidget):
    """Browse a dump folder. ``opActivated(op_name)`` fires when the user picks an op in the table."""

    opActivated = Signal(str)
    folderOpened = Signal(str)
    indexReady = Signal()
    recordsShown = Signal(int)
    compareRequested = Signal(str)  # "Compare with…" on a file or folder (absolute path)
    graphRequested = Signal(str, str, str)  # msprobe: tree root, run label, call: "Show in Graph"

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("browse_panel")
        self._runner = runner or TaskRunner(self)
        self._root: DumpNode | None = None
        self._opened: str | None = None
        self._index: FolderIndex | None = None
        self.scanning = LatestTask(self._runner, self)
        self.scanning.progress.connect(self._scan_progress)
        self.scanning.finished.connect(self._indexed)
        self.scanning.failed.connect(self._scan_failed)
        self.scanning.cancelled.connect(self._scan_cancelled)
        self._listing: Worker | None = None
        self._listing_folder: DumpNode | None = None
        self._want: str | None = None  # relative path of a record to select once the table is filled
        self.tree_model: DumpTreeModel | None = None
        self.ops = OpTableModel(self, runner=self._runner)
        self._build()

    # --- layout ----------------------------------------------------------------------------------
    def _build(self) -> None:
        open_button = QPushButton(tr("Open…"))
        open_button.setObjectName("open_folder")
        open_button.clicked.connect(self._ask_folder)
        self.path_label = ElidedLabel(tr("No folder open"), minimum=80)
        self.path_label.setObjectName("browse_path")
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("filter")
        self.filter_edit.setPlaceholderText(tr("Filter ops by name or type"))
        self.filter_edit.setClearButtonEnabled(True)
        self.regex_box = QCheckBox(tr("Regex"))
        self.regex_box.setObjectName("filter_regex")
        self.regex_box.setToolTip(tr("Read the filter as a regular expression"))
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(200)
        self._filter_timer.timeout.connect(self._apply_filter)
        self.filter_edit.textChanged.connect(self._filter_timer.start)
        self.regex_box.toggled.connect(self._apply_filter)
        self.kind_buttons: dict[str, QToolButton] = {}
        names = kind_names()
        bar = QHBoxLayout()
        bar.addWidget(open_button)
        bar.addWidget(self.path_label, 1)
        bar.addWidget(self.filter_edit, 1)
        bar.addWidget(self.regex_box)
        for kind in KINDS:
            button = QToolButton()
            button.setObjectName(f"kind_{kind}")
            button.setText(names[kind])
            button.setToolTip(tr("Show {kind} records").format(kind=names[kind]))
            button.setCheckable(True)
            button.setChecked(True)
            button.toggled.connect(self._apply_filter)
            self.kind_buttons[kind] = button
            bar.addWidget(button)
        self.follow_links_box = QCheckBox(tr("Follow links"))
        self.follow_links_box.setObjectName("follow_links")
        self.follow_links_box.setToolTip(tr("Browse and Compare also use what links lead to outside the chosen "
                                            "folder (off: such links are listed, not followed)"))
        self.follow_links_box.setChecked(follow_links())
        self.follow_links_box.toggled.connect(self._follow_links_toggled)
        bar.addWidget(self.follow_links_box)
        self.status_label = ElidedLabel(minimum=60)
        self.status_label.setObjectName("browse_status")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        bar.addWidget(self.status_label)
        self.notice = QLabel()
        self.notice.setObjectName("browse_notice")
        self.notice.setWordWrap(True)
        self.notice.hide()

        self.tree = QTreeView()
        self.tree.setObjectName("dump_tree")
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._tree_menu)
        self.problems = ProblemsView()
        self.problems.pathChosen.connect(self.select_folder)
        self.scan_bar = LoadingBar(self.scanning)
        self.left_tabs = QTabWidget()
        self.left_tabs.setObjectName("browse_left_tabs")
        self.left_tabs.setDocumentMode(True)
        self.left_tabs.addTab(self.tree, tr("Folders"))
        self.left_tabs.addTab(self.problems, tr("Problems"))
        self.table = QTableView()
        self.table.setObjectName("op_table")
        self.table.setSortingEnabled(True)
        self.table.setModel(self.ops)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        for column, width in enumerate((46, 110, 260, 70, 140, 240)):
            self.table.setColumnWidth(column, width)
        self.table.selectionModel().currentRowChanged.connect(self._record_chosen)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._table_menu)
        self.record_view = RecordView(runner=self._runner)
        self.record_view.readProblem.connect(self._read_problem)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.scan_bar)
        left_layout.addWidget(self.left_tabs, 1)
        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.addWidget(self.notice)
        table_layout.addWidget(self.table, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(table_page)
        right.addWidget(self.record_view)
        right.setSizes([260, 520])
        main = QSplitter(Qt.Orientation.Horizontal)
        main.addWidget(left)
        main.addWidget(right)
        main.setSizes([440, 1060])
        self.views = QStackedWidget()  # page 0: any dump layout; then (made on demand) an msprobe tree's
        self.views.addWidget(main)
        self._msprobe: MsprobeBrowser | None = None
        self._msprobe_pending: str | None = None  # the msprobe tree to show once the browser is built
        self._msprobe_waiting: QLabel | None = None  # shown until then
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.views, 1)
        self._apply_filter()  # mapping.csv and graph files are not ops

    # --- opening ---------------------------------------------------------------------------------
    def open_folder(self, path: str | Path, index: FolderIndex | None = None) -> None:
        """Show ``path``: its first level at once, counts and badges after a background scan. ``index``, a
        scan of the same folder made before (a language switch hands it over), is used instead of scanning."""
        if is_msprobe_dir(path):
            self._open_msprobe(path)
            return
        self._msprobe_pending = None
        self.views.setCurrentIndex(0)
        self._show_raw_controls(True)
        try:
            root = DumpNode.root(path, follow_links=self.follow_links_box.isChecked())
        except Exception as exc:  # noqa: BLE001 - expected failures are InputError; shown to the user
            show_error(self, exc, tr("Opening {name}").format(name=path))
            return
        self._stop_work()
        self._root, self._index, self._want = root, None, None
        self._opened = str(path)
        # no Qt parent: the old model lives on only while a worker still refers to it
        self.tree_model = DumpTreeModel(root, runner=self._runner)
        self.tree_model.listingFailed.connect(self._listing_failed)
        self.tree.setModel(self.tree_model)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # never ResizeToContents: it would
        for column, width in enumerate((250, 64, 56, 110)):              # measure every row of a 100k folder
            header.resizeSection(column, width)
        self.tree.selectionModel().currentChanged.connect(self._folder_chosen)
        self.path_label.setText(str(root.path))
        self.ops.set_records(root.path, [])
        self.record_view.show_record(root.path, None)
        self.problems.problems.set_problems(root.path, [])
        self._set_problem_count()
        self.notice.hide()
        if index is not None and index.scan.root == root.path:
            self._set_status(tr("indexing…"))
            QTimer.singleShot(0, self, partial(self._indexed, index))  # after the caller connected indexReady
        else:
            self._start_scan()
        self.folderOpened.emit(root.path)

    def _follow_links_toggled(self, on: bool) -> None:
        save_follow_links(on)
        if self._opened is not None:
            self.open_folder(self._opened)

    def _open_msprobe(self, path: str | Path) -> None:
        """An msprobe dump tree opens in its own browser (steps, ranks, modules, calls, tensors); the first
        time, the browser is built in pieces between events (its modules, numpy and pyqtgraph imported off the
        GUI thread, then its plots) while a note says the tree is being read."""
        self._stop_work()
        self._show_raw_controls(False)
        self._opened = str(path)
        self.path_label.setText(str(Path(path).absolute()))
        if self._msprobe is not None:
            self._show_msprobe(str(path))
        else:
            if self._msprobe_waiting is None:
                self._msprobe_waiting = QLabel(objectName="msprobe_waiting")
                self._msprobe_waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self._msprobe_waiting.setEnabled(False)
                self.views.addWidget(self._msprobe_waiting)
                in_pieces(self, ("ascend_dump_gui.ui.msprobe.browser",), TENSOR_PLOT, self._make_msprobe)
            self._msprobe_waiting.setText(tr("Reading {path}…").format(path=path))
            self.views.setCurrentWidget(self._msprobe_waiting)
            self._msprobe_pending = str(path)
        self.folderOpened.emit(str(Path(path).absolute()))

    @property
    def msprobe(self) -> MsprobeBrowser | None:
        """The msprobe tree browser: None before an msprobe tree was opened; built at once when asked for
        before its pieces are all made."""
        if self._msprobe is None and self._msprobe_pending is not None:
            self._make_msprobe()
        return self._msprobe

    def _make_msprobe(self) -> None:
        """Build the msprobe browser (once) and show the tree waiting for it, if any."""
        if self._msprobe is not None:
            return
        from ascend_dump_gui.ui.msprobe.browser import MsprobeBrowser

        self._msprobe = MsprobeBrowser(runner=self._runner)
        self._msprobe.graphRequested.connect(self.graphRequested)
        self.views.addWidget(self._msprobe)
        path, self._msprobe_pending = self._msprobe_pending, None
        if path is not None:
            self._show_msprobe(path)
        self.views.removeWidget(self._msprobe_waiting)
        self._msprobe_waiting.deleteLater()
        self._msprobe_waiting = None

    def _show_msprobe(self, path: str) -> None:
        self.views.setCurrentWidget(self._msprobe)
        self._msprobe.open(path, follow_links=self.follow_links_box.isChecked())

    def _show_raw_controls(self, visible: bool) -> None:
        """The op filter and kind buttons act on raw dumps only."""
        for widget in (self.filter_edit, self.regex_box, self.status_label, *self.kind_buttons.values()):
            widget.setVisible(visible)

    def _ask_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("Open dump folder"))
        if path:
            self.open_folder(path)

    def _start_scan(self) -> None:
        self._set_status(tr("indexing…"))
        self.scanning.start(os.path.basename(self._root.path) or self._root.path, index_folder, self._root.path,
                            follow_links=self.follow_links_box.isChecked())

    def _scan_cancelled(self) -> None:
        self._set_status(tr("indexing cancelled: folders list as you open them, without counts"))

    def _scan_progress(self, done: int, _total: int, _message: str) -> None:
        self._set_status(tr("indexing… {files}").format(files=count_text(done, "file")))

    def _scan_failed(self, exc: BaseException) -> None:
        self._set_status(tr("indexing failed"))
        show_error(self, exc, tr("Indexing the dump folder"))

    def _set_status(self, text: str) -> None:
        self.status_label.setText(text)

    def _indexed(self, index: FolderIndex) -> None:
        if self._root is None or index.scan.root != self._root.path:
            return
        self._index = index
        problems = len(index.scan.problems)
        files = count_text(len(index.scan.records), "file")
        self._set_status(tr("{files}, {problems}").format(files=files, problems=count_text(problems, "problem"))
                         if problems else files)
        self.problems.problems.set_problems(self._root.path, index.scan.problems)
        self._set_problem_count()
        self._say_what_the_folder_is(index)
        self.tree_model.set_index(index)
        self._show_folder(self.tree.currentIndex())
        self.indexReady.emit()

    def _listing_failed(self, path: str, message: str) -> None:
        self._set_status(tr("cannot list {folder}: {problem}").format(folder=os.path.basename(path),
                                                                      problem=message))
        self._read_problem(path, message)

    def _read_problem(self, path: str, reason: str) -> None:
        """A folder or file that could not be read: listed under Problems (path relative to the root)."""
        if self._root is None:
            return
        rel = os.path.relpath(path, self._root.path).replace(os.sep, "/")
        self.problems.problems.add("" if rel == "." else rel, reason)
        self._set_problem_count()

    def _set_problem_count(self) -> None:
        count = self.problems.problems.rowCount()
        self.left_tabs.setTabText(1, tr("Problems ({count})").format(count=f"{count:,}") if count
                                  else tr("Problems"))

    def _say_what_the_folder_is(self, index: FolderIndex) -> None:
        """An empty folder, or one with no dump file at all, is said so in words above the op table."""
        records, problems = index.scan.records, index.scan.problems
        if records:
            self.notice.hide()
            return
        placed = [p for p in problems if p.message != "empty folder"]
        if not placed:
            text = tr("This folder is empty: there is nothing to browse.")
        else:
            text = tr("This is not a dump folder: none of the {files} in it is a dump file, stats CSV, overflow or "
                      "exception record, mapping.csv, graph or golden .npy. The Problems tab lists each with "
                      "its reason.").format(files=count_text(len(placed), "file or folder"))
        self.notice.setText(text)
        self.notice.show()

    # --- context menus ---------------------------------------------------------------------------
    def tree_menu_at(self, pos) -> QMenu | None:
        """The right-click menu of the tree row at viewport position ``pos`` (None off the rows)."""
        index = self.tree.indexAt(pos)
        if self.tree_model is None or not index.isValid():
            return None
        return path_menu(self.tree, str(self.tree_model.node(index).path), self.compareRequested.emit)

    def table_menu_at(self, pos) -> QMenu | None:
        """The right-click menu of the op table row at viewport position ``pos`` (None off the rows)."""
        index = self.table.indexAt(pos)
        record = self.ops.data(index, RecordRole) if index.isValid() else None
        if record is None or self._root is None:
            return None
        return path_menu(self.table, os.path.join(self._root.path, record.path), self.compareRequested.emit)

    def _tree_menu(self, pos) -> None:
        popup(self.tree_menu_at(pos), self.tree.viewport().mapToGlobal(pos))

    def _table_menu(self, pos) -> None:
        popup(self.table_menu_at(pos), self.table.viewport().mapToGlobal(pos))

    def _stop_work(self) -> None:
        self.scanning.clear()
        if self._listing is not None:
            self._listing.cancel()
        self._listing = None
        if self.tree_model is not None:
            self.tree_model.cancel_listings()

    # --- folder and record selection -------------------------------------------------------------
    def _folder_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_folder(current)

    def _show_folder(self, index: QModelIndex) -> None:
        if self._root is None:
            return
        node = self.tree_model.node(index)
        folder = node if node.is_dir else (node.parent or self._root)
        if self._listing is not None:
            self._listing.cancel()
        worker = Worker(_folder_records, folder, folder.rel, self._index)
        worker.signals.finished.connect(self._records_ready)
        worker.signals.failed.connect(self._records_failed)
        self._listing, self._listing_folder = worker, folder
        self.table.setEnabled(False)  # greyed: these rows are the previous folder's until the new ones arrive
        self._runner.start(worker)

    def _records_failed(self, exc: BaseException) -> None:
        self.table.setEnabled(True)
        show_error(self, exc, tr("Listing the folder"))

    def _records_ready(self, result: tuple[DumpNode, list[DumpRecord], KindIndex]) -> None:
        folder, records, kinds = result
        if folder is not self._listing_folder or self._root is None:
            return
        self._listing = self._listing_folder = None
        self.ops.set_records(self._root.path, records, kinds)
        self.table.setEnabled(True)
        self.recordsShown.emit(len(records))
        if self._want is not None and self._want.rpartition("/")[0] == folder.rel:
            self._select_path(self._want)

    def _record_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        record = self.ops.data(current, RecordRole) if current.isValid() else None
        self.record_view.show_record(self._root.path if self._root else "", record)
        if record is not None and record.op_name:
            self.opActivated.emit(record.op_name)

    def _select_path(self, rel_path: str) -> bool:
        self._want = None
        row = self.ops.row_of(rel_path)
        if row == -2:  # hidden by the filter: clear it so the op can be shown
            self.set_filter("")
            row = self.ops.row_of(rel_path)
        if row < 0:
            return False
        index = self.ops.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index)
        return True

    # --- public navigation -----------------------------------------------------------------------
    def current_record(self) -> DumpRecord | None:
        index = self.table.currentIndex()
        return self.ops.data(index, RecordRole) if index.isValid() else None

    def select_folder(self, rel_path: str) -> None:
        """Select a folder of the tree by its path relative to the root (folders are listed on the way)."""
        if self.tree_model is None:
            return
        self.tree_model.locate(rel_path, self._reveal)

    def _reveal(self, index: QModelIndex) -> None:
        # A listing can finish after the window closed: the (parentless) model outlives this panel.
        if not index.isValid() or not shiboken6.isValid(self.tree):
            return
        self.tree.scrollTo(index)
        self.tree.setCurrentIndex(index)

    def select_record(self, rel_path: str) -> None:
        """Select the file ``rel_path`` (relative to the root): its folder in the tree, its row in the table."""
        folder = rel_path.rpartition("/")[0]
        if self.tree_model is None:
            return
        if self.tree_model.rel_path(self.tree.currentIndex()) == folder and self._listing is None:
            self._select_path(rel_path)
            return
        self._want = rel_path  # selected when the folder's records arrive
        self.select_folder(folder)

    def select_op(self, op_name: str) -> bool:
        """Select the first tensor dump of ``op_name`` (original or file-name spelling); False if unknown."""
        records = self._index.scan.records if self._index is not None else self.ops.records()
        wanted = {op_name, sanitize_part(op_name)}
        match = next((r for r in execution_order(records) if r.op_name in wanted and r.kind == "tensor"), None)
        match = match or next((r for r in records if r.op_name in wanted), None)
        if match is None:
            return False
        self.select_record(match.path)
        return True

    # --- filters ---------------------------------------------------------------------------------
    def _apply_filter(self) -> None:
        self._filter_timer.stop()
        kinds = frozenset(k for k, b in self.kind_buttons.items() if b.isChecked())
        try:
            self.ops.set_filter(self.filter_edit.text(), self.regex_box.isChecked(), kinds)
        except re.error as exc:
            self.filter_edit.setToolTip(tr("Invalid regular expression: {error}").format(error=exc))
            self.filter_edit.setProperty("invalid", True)
        else:
            self.filter_edit.setToolTip("")
            self.filter_edit.setProperty("invalid", False)
        self.filter_edit.style().polish(self.filter_edit)

    def set_filter(self, text: str, regex: bool = False, kinds: set[str] | None = None) -> None:
        """Set the op filter at once (text and kinds, ``None`` = every op kind), as if typed."""
        widgets = [self.filter_edit, self.regex_box, *self.kind_buttons.values()]
        for widget in widgets:
            widget.blockSignals(True)
        self.regex_box.setChecked(regex)
        self.filter_edit.setText(text)
        for kind, button in self.kind_buttons.items():
            button.setChecked(kinds is None or kind in kinds)
        for widget in widgets:
            widget.blockSignals(False)
        self._apply_filter()

    def shown_folder(self) -> str | None:
        """The folder (relative path) whose records the op table shows; None while they are being listed."""
        if self._listing is not None or self.tree_model is None:
            return None
        return self.tree_model.rel_path(self.tree.currentIndex())

    @property
    def folder(self) -> str | None:
        """The folder given to :meth:`open_folder` (as given), None before."""
        return self._opened

    def index(self) -> FolderIndex | None:
        return self._index
