"""Browse an msprobe dump tree: steps, ranks, the module hierarchy of construct.json down to API calls and their
tensors; statistics from dump.json without loading tensors, the stack of each call, tensors plotted on demand."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.msprobe import Leaf, MsprobeRun, MsprobeTree, TensorLoadError, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.tensor import TensorDisplay, prepare_display
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.path_menu import popup
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.workers import TaskRunner, Worker, while_alive

ROLE = Qt.ItemDataRole.UserRole
ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("name", "dtype", "shape", "Max", "Min", "Mean", "Norm")


def _open(path: str, follow_links: bool, *, progress: ProgressFn, cancel: CancelToken) -> MsprobeTree:
    return open_tree(path, follow_links=follow_links)


def _parse(run: MsprobeRun, *, progress: ProgressFn, cancel: CancelToken) -> MsprobeRun:
    """Worker body: read dump.json, construct.json and stack.json of one run."""
    run.entries, run.construct, run.stacks  # noqa: B018 - cached properties, read here off the GUI thread
    return run


def _load(run: MsprobeRun, leaf: Leaf, *, progress: ProgressFn, cancel: CancelToken) -> tuple[Leaf, TensorDisplay]:
    return leaf, prepare_display(run.load(leaf))


def _stat(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


class MsprobeBrowser(QWidget):
    """``tensorShown(name)`` fires once a tensor is plotted; ``runShown(label)`` once a run's calls are listed."""

    tensorShown = Signal(str)
    runShown = Signal(str)
    opened = Signal(str)
    graphRequested = Signal(str, str, str)   # tree root, run label, call ("" for none): "Show in Graph"

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("msprobe_browser")
        self._runner = runner or TaskRunner(self)
        self._tree: MsprobeTree | None = None
        self._listing = 0
        """Counts the times the call tree was cleared: a run parsed for an earlier listing is dropped."""
        self._wanted: Leaf | None = None
        self.calls = QTreeWidget()
        self.calls.setObjectName("msprobe_tree")
        self.calls.setHeaderLabels([tr("Name"), tr("dtype"), tr("Shape"), tr("Max"), tr("Min"), tr("Mean"),
                                    tr("Norm")])
        self.calls.setUniformRowHeights(True)
        self.calls.setColumnWidth(0, 380)
        self.calls.itemExpanded.connect(self._expanded)
        self.calls.currentItemChanged.connect(self._chosen)
        self.calls.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.calls.customContextMenuRequested.connect(
            lambda pos: popup(self.item_menu(self.calls.itemAt(pos)), self.calls.viewport().mapToGlobal(pos)))
        self.graph_button = QPushButton(tr("Show in Graph"))
        self.graph_button.setObjectName("msprobe_browse_graph")
        self.graph_button.setToolTip(tr("The selected run (and call) as a graph of its modules and calls"))
        self.graph_button.setEnabled(False)
        self.graph_button.clicked.connect(lambda: self.show_in_graph(self.calls.currentItem()))
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("msprobe_filter")
        self.filter_edit.setPlaceholderText(tr("Filter calls by name"))
        self.filter_edit.setClearButtonEnabled(True)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(200)
        self._filter_timer.timeout.connect(lambda: self.set_filter(self.filter_edit.text()))
        self.filter_edit.textChanged.connect(self._filter_timer.start)
        self.info = QLabel()
        self.info.setObjectName("msprobe_info")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack = QPlainTextEdit()
        self.stack.setObjectName("msprobe_stack")
        self.stack.setReadOnly(True)
        self.plot = TensorPlot(runner=self._runner)
        self.details = QTabWidget()
        self.details.setObjectName("msprobe_details")
        self.details.addTab(self.plot, tr("Tensor"))
        self.details.addTab(self.stack, tr("Stack"))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.info)
        right_layout.addWidget(self.details, 1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.graph_button)
        left_layout.addLayout(top)
        left_layout.addWidget(self.calls, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([700, 800])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    # --- opening ---------------------------------------------------------------------------------
    def open(self, path: str | Path, *, follow_links: bool = False) -> Worker:
        """Index ``path`` in a worker; its steps and ranks appear when done. Links that leave ``path`` are
        problems, not read, unless ``follow_links``."""
        self.calls.clear()
        self.graph_button.setEnabled(False)   # until the new tree is listed
        self._listing += 1
        self.stack.clear()
        self.plot.set_display(None)
        self.info.setText(tr("Reading {path}…").format(path=path))
        worker = Worker(_open, str(path), follow_links)
        worker.signals.finished.connect(self._opened)
        worker.signals.failed.connect(lambda exc: show_error(self, exc, tr("Opening {name}").format(name=path)))
        self._runner.start(worker)
        return worker

    def _opened(self, tree: MsprobeTree) -> None:
        self._tree = tree
        self.calls.clear()
        self._listing += 1
        steps: dict[int | None, QTreeWidgetItem] = {}
        for run in tree.runs:
            step_item = steps.get(run.step)
            if step_item is None:
                label = tr("step {n}").format(n=run.step) if run.step is not None else tr("(no step folder)")
                step_item = QTreeWidgetItem(self.calls, [label])
                steps[run.step] = step_item
            who = (tr("rank {n}").format(n=run.rank) if run.rank is not None else
                   tr("process {n}").format(n=run.pid) if run.pid is not None else run.path.name)
            item = QTreeWidgetItem(step_item, [who])
            item.setData(0, ROLE, run)
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        if len(tree.runs) <= 8:
            self.calls.expandAll()
        problems = "; ".join(schema_text(p.message) for p in tree.problems)
        self.info.setText(tr("{runs} runs in {path}").format(runs=len(tree.runs), path=tree.root)
                          + (f"\n{problems}" if problems else ""))
        self.graph_button.setEnabled(bool(tree.runs))
        self.opened.emit(str(tree.root))

    @property
    def tree(self) -> MsprobeTree | None:
        return self._tree

    @staticmethod
    def _fill_leaves(call: QTreeWidgetItem) -> None:
        """The leaves of a call, once (a large run lists its calls without creating every leaf item)."""
        entry = call.data(0, ENTRY_ROLE)
        if entry is None:
            return
        call.setData(0, ENTRY_ROLE, None)
        items = []
        for leaf in entry.leaves:
            shape = "" if leaf.shape is None else "×".join(map(str, leaf.shape)) or tr("scalar")
            label = leaf.name[len(entry.name) + 1:] if leaf.name.startswith(entry.name) else leaf.name
            item = QTreeWidgetItem([label, leaf.dtype or "", shape, *(_stat(s) for s in leaf.stats)])
            item.setData(0, ROLE, leaf)
            items.append(item)
        call.addChildren(items)
        if call.childCount() == 0:
            call.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless)

    def _expanded(self, item: QTreeWidgetItem) -> None:
        self._fill_leaves(item)
        run = item.data(0, ROLE)
        if isinstance(run, MsprobeRun) and item.childCount() == 0:
            worker = Worker(_parse, run)
            listing = self._listing
            worker.signals.finished.connect(while_alive(   # not once the window closed while it parsed
                self.calls, lambda parsed, item=item: self._fill_run(item, parsed) if self._listing == listing else None))
            worker.signals.failed.connect(lambda exc: show_error(self, exc, tr("Reading {name}").format(name=run.path)))
            self._runner.start(worker)

    def _fill_run(self, item: QTreeWidgetItem, run: MsprobeRun) -> None:
        """Modules nest as construct.json says; each call lists its leaves."""
        if item.childCount():
            return
        parents: dict[str, QTreeWidgetItem] = {}
        for entry in run.entries:
            parent_name = run.construct.get(entry.name)
            parent = parents.get(parent_name) if parent_name else None
            if parent is None and parent_name:
                parent = self._module_item(item, parents, parent_name, run)
            call = parents.get(entry.name)  # a module already shown as the parent of its calls
            if call is None:
                call = QTreeWidgetItem(parent or item, [entry.name])
                call.setData(0, ROLE, entry.name)
                parents[entry.name] = call
            call.setData(0, ENTRY_ROLE, entry)  # its leaves are listed when it is first expanded or chosen
            call.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        micro = run.micro_steps
        if len(set(micro.values())) > 1:  # several forward passes per step (gradient accumulation)
            for i in range(item.childCount()):
                child = item.child(i)
                if child.text(0) in micro:
                    child.setText(1, tr("micro-step {n}").format(n=micro[child.text(0)]))
        problems = run.problems + run.missing_files()
        if problems:
            QTreeWidgetItem(item, [tr("{count} problems: {first}").format(count=len(problems),
                                                                          first=schema_text(problems[0].message))])
        self.runShown.emit(run.label)

    def _module_item(self, run_item: QTreeWidgetItem, parents: dict[str, QTreeWidgetItem], name: str,
                     run: MsprobeRun) -> QTreeWidgetItem:
        """A module met as a parent before its own entry (msprobe writes a module after its calls)."""
        chain = [name]
        seen = {name}
        while (up := run.construct.get(chain[-1])) and up not in parents and up not in seen:
            chain.append(up)
            seen.add(up)
        top = parents.get(run.construct.get(chain[-1]) or "") or run_item
        for module in reversed(chain):
            top = QTreeWidgetItem(top, [module])
            top.setData(0, ROLE, module)
            parents[module] = top
        return top

    # --- selection -------------------------------------------------------------------------------
    def _run_of(self, item: QTreeWidgetItem | None) -> MsprobeRun | None:
        while item is not None:
            data = item.data(0, ROLE)
            if isinstance(data, MsprobeRun):
                return data
            item = item.parent()
        return None

    def _chosen(self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        if current is None:
            return
        data = current.data(0, ROLE)
        run = self._run_of(current)
        if isinstance(data, Leaf) and run is not None:
            self._show_leaf(run, data)
        elif isinstance(data, str) and run is not None:
            self._fill_leaves(current)
            lines = run.stacks.get(data)
            self.stack.setPlainText("\n".join(lines) if lines else tr("No stack recorded for {name}").format(name=data))
            self.info.setText(data)
        elif isinstance(data, MsprobeRun):
            d = data.dump
            self.info.setText(tr("{label}: task {task}, level {level}, framework {framework}, {calls} calls").format(
                label=data.label, task=d.task, level=d.level, framework=d.framework, calls=len(d.entries)))

    def _show_leaf(self, run: MsprobeRun, leaf: Leaf) -> None:
        stats = ", ".join(f"{k} {_stat(v)}" for k, v in zip(COLUMNS[3:], leaf.stats, strict=True))
        text = f"{leaf.name}  {leaf.dtype or ''}  {list(leaf.shape or ())}  {stats}"
        self.info.setText("  ".join(p for p in (text, f"md5 {leaf.md5}" if leaf.md5 else "") if p))
        lines = run.stacks.get(leaf.entry)
        self.stack.setPlainText("\n".join(lines) if lines else "")
        if leaf.data_name is None:
            self.plot.set_display(None)
            self.info.setText(self.info.text() + "\n" + tr("Statistics only: this dump holds no tensor file."))
            return
        self._wanted = leaf
        worker = Worker(_load, run, leaf)
        worker.signals.finished.connect(self._loaded)
        worker.signals.failed.connect(self._load_failed)
        self._runner.start(worker)

    def _loaded(self, result: tuple[Leaf, TensorDisplay]) -> None:
        leaf, display = result
        if leaf is not self._wanted:
            return
        self.plot.set_display(display, leaf.name)
        self.details.setCurrentWidget(self.plot)
        self.tensorShown.emit(leaf.name)

    def _load_failed(self, exc: BaseException) -> None:
        if isinstance(exc, TensorLoadError):
            self.info.setText(self.info.text() + "\n" + str(exc))
            self.plot.set_display(None)
        else:
            show_error(self, exc, tr("Loading a tensor"))

    def set_filter(self, text: str) -> int:
        """Show only the calls whose name contains ``text`` (any case), with the modules around them; returns
        how many calls match. Steps, ranks and a matching call's leaves stay visible."""
        needle = text.strip().lower()
        matched = 0

        def visit(item: QTreeWidgetItem) -> bool:
            nonlocal matched
            data = item.data(0, ROLE)
            if isinstance(data, Leaf):
                return False
            children = [visit(item.child(i)) for i in range(item.childCount())]
            if not isinstance(data, str):            # a step or rank
                return any(children)
            hit = not needle or needle in data.lower()
            matched += hit
            shown = hit or any(children)
            item.setHidden(not shown)
            return shown

        for i in range(self.calls.topLevelItemCount()):
            visit(self.calls.topLevelItem(i))
        return matched

    def item_menu(self, item: QTreeWidgetItem | None) -> QMenu | None:
        """The right-click menu of a step, run, module or call: Show in Graph."""
        if item is None or self._tree is None or (self._run_of(item) is None and not self._tree.runs):
            return None
        menu = QMenu(self.calls)
        menu.addAction(tr("Show in Graph"), lambda: self.show_in_graph(item))
        return menu

    def show_in_graph(self, item: QTreeWidgetItem | None) -> bool:
        """Ask the Graph view for ``item``'s run (the first run when it has none), selecting its call or module."""
        if self._tree is None or not self._tree.runs:
            return False
        run = self._run_of(item) or self._tree.runs[0]
        data = item.data(0, ROLE) if item is not None else None
        self.graphRequested.emit(str(self._tree.root), run.label, data if isinstance(data, str) else "")
        return True

    def select(self, name: str) -> bool:
        """Select the call or leaf named ``name`` among the runs already listed."""
        found = self.calls.findItems(name, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive, 0)
        if not found:
            return False
        self.calls.setCurrentItem(found[0])
        return True
