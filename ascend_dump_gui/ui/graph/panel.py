"""GraphPanel: the model graph of a GE graph dump coloured by the current compare result, with the original
(pre-fusion) graph beside it when the dump folder has one; search, first divergence, export."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.atomic import write_bytes_atomic
from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.hierarchy import Hierarchy
from ascend_dump_gui.core.graph.layout import Layouter, ViewLayout
from ascend_dump_gui.core.graph.load import LoadedGraphs, load_graphs
from ascend_dump_gui.core.graph.msprobe_load import MsprobeView, load_msprobe
from ascend_dump_gui.core.graph.msprobe_model import BACKWARD, FORWARD
from ascend_dump_gui.core.graph.overlay import UNMATCHED, Overlay, compare_overlay, mapped_overlay, roll_up
from ascend_dump_gui.core.graph.rank_modules import RankModuleMap, rank_module_map
from ascend_dump_gui.core.msprobe import is_msprobe_dir
from ascend_dump_gui.core.msprobe.matches import CallMatches
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.compare.names import compared_names
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.graph.items import FILL, status_names
from ascend_dump_gui.ui.graph.rank_map import RankMapView
from ascend_dump_gui.ui.graph.side import GraphSide
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker, while_alive


def _open(path: Path, graph_name: str | None, hierarchy: Hierarchy | None, use_igraph: bool, *,
          progress: ProgressFn, cancel: CancelToken) -> tuple[LoadedGraphs, list]:
    """Worker body: parse, group, link and lay out both graphs with every group closed."""
    gc.unfreeze()  # what the previous load froze (that graph is being replaced) is collectable again
    with gc_paused():  # see load_graphs: keeps collector passes (which hold the GIL) out of the bulk work
        loaded = load_graphs(path, graph_name, hierarchy, progress=progress, cancel=cancel)
        sides = []
        for model in (loaded.npu, loaded.original):
            if model is None:
                sides.append(None)
                continue
            layouter = Layouter(model, use_igraph=use_igraph)
            sides.append((layouter, layouter.layout((), cancel)))
        # The graph lives as long as it is shown: keep the collector from walking its ~10 objects per op on
        # every full pass (each pass holds the GIL, so the GUI thread would wait); freed by reference counts, and
        # handed back to the collector when the next graph is opened.
        gc.freeze()
    return loaded, sides


def compare_caption(result: Any) -> str:
    """The compare the colours come from: its inputs, counts and first divergence (never a stale one)."""
    s = result.summary
    first = result.first_divergence.op_name if result.first_divergence is not None else tr("none")
    npu, golden = compared_names(s)
    return tr("Coloured by {npu} vs {golden}: {compared} compared · {failed} failed · {unchecked} not compared · "
              "{overflows} overflows · first divergence: {first}").format(
        npu=npu, golden=golden, compared=s["compared"],
        failed=s["not_reached"],
        unchecked=s["not_compared"], overflows=len(result.overflows), first=first)


def _open_msprobe(path: Path, run: str | None, direction: str, bench: Path | None, matches: CallMatches,
                  comparison, previous: MsprobeView | None, use_igraph: bool, *, progress: ProgressFn,
                  cancel: CancelToken) -> tuple[LoadedGraphs, list, MsprobeView]:
    """Worker body: an msprobe run (and its bench run) in one direction, compared, laid out."""
    gc.unfreeze()
    with gc_paused():
        view = load_msprobe(path, direction, run, bench, matches=matches, comparison=comparison,
                            previous=previous, progress=progress, cancel=cancel)
        bench_model = view.bench.model if view.bench is not None else None
        loaded = LoadedGraphs(view.npu.model, bench_model, view.links, view.runs)
        sides = []
        for model in (loaded.npu, loaded.original):
            layouter = None if model is None else Layouter(model, use_igraph=use_igraph)
            sides.append(None if layouter is None else (layouter, layouter.layout((), cancel)))
        gc.freeze()
    return loaded, sides, view


def bench_overlay(view: MsprobeView) -> Overlay | None:
    """The NPU overlay carried to the bench graph through the matched calls; bench calls nobody matched are
    ``unmatched``."""
    if view.bench is None or view.overlay is None or view.links is None:
        return None
    out = mapped_overlay(view.overlay, view.links.original_to_npu, view.bench.model)
    for name in view.bench.model.ops:
        if name not in view.links.original_to_npu:
            out.ops[name] = UNMATCHED
    out.groups = roll_up(view.bench.model, out.ops)
    return out


def _overlays(loaded: LoadedGraphs, rows: list, statuses: list[str], first: str | None, overflow_ops: list[str],
              *, progress: ProgressFn, cancel: CancelToken) -> tuple[Overlay, Overlay | None]:
    """Worker body: the compare overlay of the NPU graph, carried to the original graph through origin names."""
    npu = compare_overlay(loaded.npu, rows, statuses, first_divergence=first, overflow_ops=overflow_ops)
    original = None
    if loaded.original is not None and loaded.links is not None:
        original = mapped_overlay(npu, loaded.links.original_to_npu, loaded.original)
    return npu, original


@dataclass(frozen=True)
class ReplayRequest:
    """"Replay this op" on the graph: ``op`` of the msprobe rank folder ``run``, or (``run`` None) the GE op of the
    NPU dump whose compare colours the graph."""

    op: str
    run: Path | None = None


def opens(path: str | Path) -> bool:
    """An msprobe dump folder or a GE graph dump file (``ge_proto*.txt``, ``ge_onnx*.pbtxt``): what a drop on the
    Graph view opens there (anything else opens where the window opens it)."""
    path = Path(path)
    if path.is_dir():
        return is_msprobe_dir(path)
    return path.is_file() and path.name.startswith(("ge_proto", "ge_onnx")) and path.suffix in (".txt", ".pbtxt")


class GraphPanel(QWidget):
    """The Graph mode. ``opSelected(op_name)`` when the user selects an op (NPU op names; an op of the
    original graph is reported as the NPU op it became); ``graphShown()`` when a newly opened graph is on
    screen; ``overlayShown()`` when a compare result colours it."""

    opSelected = Signal(str)
    replayRequested = Signal(object)   # a ReplayRequest: "Replay this op" on the selected NPU op or msprobe call
    nextRunRequested = Signal(str, object)   # "fix" / "capture", and the ReplayRequest of the selected op
    graphShown = Signal()
    overlayShown = Signal()

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None, *,
                 use_igraph: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("graph_panel")
        self._runner = runner or TaskRunner(self)
        self._use_igraph = use_igraph
        self.hierarchy: Hierarchy | None = None
        self.loaded: LoadedGraphs | None = None
        self.path: Path | None = None
        self._job: Worker | None = None
        self._overlay_job: Worker | None = None
        self._compare: tuple | None = None
        self._announce = False
        self._matches: list[str] = []
        self._match = -1
        self._wanted: str | None = None     # an op asked for while a graph was opening
        self._opening: tuple | None = None  # (path, graph name, hierarchy) of the graph being opened
        self.msprobe: MsprobeView | None = None   # the msprobe run shown (None: a GE graph)
        self._map_job: Worker | None = None
        self._wanted_module: str | None = None   # a module to show once the run being opened is shown
        self.matches = CallMatches()
        """Calls matched by hand, kept for the session and used by every compare (the Compare view's too)."""
        self._build()

    def _build(self) -> None:
        self.open_button = QPushButton(tr("Open Graph…"))
        self.open_button.setObjectName("graph_open")
        self.open_button.setToolTip(tr("A GE graph dump file, or an msprobe dump folder (dropping either on the "
                                       "view opens it too)"))
        open_menu = QMenu(self.open_button)
        open_menu.addAction(tr("GE graph dump file…"), self._ask_open).setObjectName("graph_open_file")
        open_menu.addAction(tr("msprobe dump folder…"), self._ask_open_folder).setObjectName("graph_open_folder")
        self.open_button.setMenu(open_menu)
        self.graph_choice = QComboBox()
        self.graph_choice.setObjectName("graph_choice")
        self.graph_choice.setToolTip(tr("The graphs of this file"))
        self.graph_choice.activated.connect(self._choose_graph)
        self.search = QLineEdit()
        self.search.setObjectName("graph_search")
        self.search.setPlaceholderText(tr("Search op name, type or original name (Enter: next)"))
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.next_match)
        self.search.textChanged.connect(self.find)
        self.goto_button = QPushButton(tr("Go to first divergence"))
        self.goto_button.setObjectName("graph_goto_divergence")
        self.goto_button.setEnabled(False)
        self.goto_button.clicked.connect(self.go_to_first_divergence)
        self.replay_button = QPushButton(tr("Replay this op"))
        self.replay_button.setObjectName("graph_replay")
        self.replay_button.setEnabled(False)
        self.replay_button.clicked.connect(self.replay_selected)
        self.next_button = QToolButton(objectName="graph_next_run")
        self.next_button.setText(tr("Next run"))
        self.next_button.setToolTip(tr("From the selected op to the next run: the precision fix, the narrowed "
                                       "capture"))
        self.next_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        next_menu = QMenu(self.next_button)
        next_menu.addAction(tr("Propose a fix for this op…"), lambda: self._next_run("fix"))
        next_menu.addAction(tr("Capture this op next…"), lambda: self._next_run("capture"))
        self.next_button.setMenu(next_menu)
        self.next_button.setEnabled(False)
        self._selected = ""
        self.fit_button = QToolButton()
        self.fit_button.setText(tr("Fit"))
        self.fit_button.setObjectName("graph_fit")
        self.fit_button.clicked.connect(self.fit)
        self.side_by_side = QCheckBox(tr("Original graph"))
        self.side_by_side.setObjectName("graph_side_by_side")
        self.side_by_side.setToolTip(tr("Show the graph before fusion beside the graph the device ran"))
        self.side_by_side.setChecked(True)
        self.side_by_side.toggled.connect(self._show_original)
        export = QToolButton()
        export.setObjectName("graph_export")
        export.setText(tr("Export"))
        export.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(export)
        menu.addAction(tr("View as SVG…"), lambda: self._ask_export(tr("SVG image (*.svg)")))
        menu.addAction(tr("View as PNG…"), lambda: self._ask_export(tr("PNG image (*.png)")))
        export.setMenu(menu)
        self.direction = QComboBox()
        self.direction.setObjectName("graph_direction")
        self.direction.addItem(tr("Forward"), FORWARD)
        self.direction.addItem(tr("Backward"), BACKWARD)
        self.direction.setToolTip(tr("msprobe: show the forward or the backward calls"))
        self.direction.activated.connect(lambda *_: self._reopen_msprobe(keep_compare=True))
        self.bench_button = QPushButton(tr("Compare with bench…"))
        self.bench_button.setObjectName("graph_bench")
        self.bench_button.setToolTip(tr("msprobe: the bench dump to compare with, shown beside"))
        self.bench_button.clicked.connect(self._ask_bench)
        self.match_button = QPushButton(tr("Match selected"))
        self.match_button.setObjectName("graph_match")
        self.match_button.setToolTip(tr("Pair the call selected on the NPU side with the one selected on the bench "
                                        "side; compares use this match for the rest of the session"))
        self.match_button.clicked.connect(self.match_selected)
        self.map_button = QPushButton(tr("Ranks × modules"))
        self.map_button.setObjectName("graph_rank_map_button")
        self.map_button.setToolTip(tr("Compare every rank with the bench and show which module diverges on which "
                                      "rank"))
        self.map_button.clicked.connect(self.show_rank_map)
        bar = QHBoxLayout()  # what is shown and how; then, on a row of their own, what to do with it
        for widget in (self.open_button, self.graph_choice, self.direction):
            bar.addWidget(widget)
        bar.addWidget(self.search, 1)
        for widget in (self.fit_button, self.side_by_side, export):
            bar.addWidget(widget)
        actions = QHBoxLayout()
        for widget in (self.goto_button, self.replay_button, self.next_button, self.bench_button, self.match_button,
                       self.map_button):
            actions.addWidget(widget)
        actions.addStretch(1)
        self.info = ElidedLabel(tr("Open a GE graph dump (ge_proto*.txt), or run a compare with one."), minimum=120)
        self.info.setObjectName("graph_info")  # elided, whole in its tooltip: a long summary never widens the window
        self.compare_info = QLabel(objectName="graph_compare_info", wordWrap=True)
        self.compare_info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        legend = QHBoxLayout()
        legend.addWidget(self.info, 1)
        for status, name in status_names().items():
            swatch = QLabel()
            pixmap = QPixmap(QSize(12, 12))
            pixmap.fill(QColor("#455a64"))
            painter = QPainter(pixmap)
            painter.fillRect(1, 1, 10, 10, QColor(FILL[status]))
            painter.end()
            swatch.setPixmap(pixmap)
            legend.addWidget(swatch)
            legend.addWidget(QLabel(name))
        self.npu_side = GraphSide(self._runner, "graph_npu")
        self.original_side = GraphSide(self._runner, "graph_original")
        for side in (self.npu_side, self.original_side):   # a file dropped on a graph reaches the window
            for widget in (side.canvas, side.canvas.viewport(), side.minimap):
                widget.setAcceptDrops(False)
        self.npu_side.opClicked.connect(self._npu_clicked)
        self.original_side.opClicked.connect(self._original_clicked)
        self.npu_side.shown.connect(self._npu_shown)
        self.npu_side.canvas.groupToggled.connect(self._sync_modules)   # after the side's own toggle
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.npu_side)
        self.split.addWidget(self.original_side)
        self.original_side.hide()
        self.rank_map = RankMapView()
        self.rank_map.cellActivated.connect(self.show_module)
        self.rank_map.hide()
        below = QSplitter(Qt.Orientation.Vertical)
        below.addWidget(self.split)
        below.addWidget(self.rank_map)
        below.setStretchFactor(0, 3)
        below.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addLayout(actions)
        layout.addLayout(legend)
        layout.addWidget(self.compare_info)
        layout.addWidget(below, 1)
        self._show_msprobe_controls(False)

    # --- opening ---------------------------------------------------------------------------------
    def open_graph(self, path: str | Path, graph_name: str | None = None) -> Worker:
        """Open a GE graph dump, or an msprobe dump (``graph_name``: the run, e.g. ``step0/rank1``), in a
        worker (the current graph stays until the new one is ready; ``path`` becomes the shown file then)."""
        path = Path(path)
        if path.is_dir():   # an msprobe dump, or a tree holding msprobe runs among others
            return self.open_msprobe(path, graph_name)
        if self._job is not None:
            if self._opening == (path, graph_name, self.hierarchy):
                return self._job    # already on its way
            self._job.cancel()
        worker = Worker(_open, path, graph_name, self.hierarchy, self._use_igraph)
        worker.signals.finished.connect(while_alive(self, lambda result, w=worker, p=path:
                                                    self._opened(w, p, result)))
        worker.signals.failed.connect(while_alive(self, lambda exc, w=worker: self._open_failed(w, exc)))
        self._job, self._opening = worker, (path, graph_name, self.hierarchy)
        self.info.setText(tr("Reading {name}…").format(name=path.name))
        return self._runner.start(worker)

    def open_msprobe(self, path: str | Path, run: str | None = None, direction: str | None = None,
                     bench: str | Path | None = None, *, comparison=None) -> Worker:
        """Open the msprobe run ``run`` (default: the first) of the dump at ``path`` in ``direction`` (default:
        the one chosen), with the same run of ``bench`` beside it and compared (coloured) when given."""
        path = Path(path)
        direction = direction or self.direction.currentData()
        bench = Path(bench) if bench is not None else None
        if self._job is not None:
            self._job.cancel()
        worker = Worker(_open_msprobe, path, run, direction, bench, self.matches.copy(), comparison, self.msprobe,
                        self._use_igraph)
        worker.signals.finished.connect(while_alive(self, lambda result, w=worker, p=path:
                                                    self._opened(w, p, result)))
        worker.signals.failed.connect(while_alive(self, lambda exc, w=worker: self._open_failed(w, exc)))
        self._job, self._opening = worker, (path, run, direction, bench)
        self.info.setText(tr("Reading {name}…").format(name=path.name))
        return self._runner.start(worker)

    def _reopen_msprobe(self, *, keep_compare: bool, run: str | None = None) -> Worker | None:
        view = self.msprobe
        if view is None:
            return None
        same_run = run is None or run == view.label
        return self.open_msprobe(view.path, view.label if same_run else run, self.direction.currentData(),
                                 view.bench_path, comparison=view.comparison if keep_compare and same_run else None)

    def _ask_bench(self) -> None:
        if self.msprobe is None:
            return
        path = QFileDialog.getExistingDirectory(self, tr("Bench msprobe dump"), str(self.msprobe.path.parent))
        if path:
            self.open_msprobe(self.msprobe.path, self.msprobe.label, bench=path)

    def match_selected(self) -> Worker | None:
        """Pair the NPU call and the bench call selected now (by hand) and compare again with that match."""
        view = self.msprobe
        if view is None or view.bench_run is None:
            return None
        if len(view.stages) > 1:
            self.info.setText(tr("Match calls in the run of one rank, not in a pipeline."))
            return None
        npu = [k[1] for k in self.npu_side.canvas.selected_keys() if k[0] == "op"]
        bench = [k[1] for k in self.original_side.canvas.selected_keys() if k[0] == "op"]
        if not npu or not bench:
            self.info.setText(tr("Select one call on each side to match them."))
            return None
        self.matches.add(view.run.path, view.bench_run.path, npu[0], bench[0])
        self.info.setText(tr("{npu} matched with {bench}: comparing again…").format(npu=npu[0], bench=bench[0]))
        return self.open_msprobe(view.path, view.label, bench=view.bench_path)

    def show_rank_map(self) -> Worker | None:
        """Compare every run with the bench (in a worker) and show the rank x module map below the graphs."""
        view = self.msprobe
        if view is None or view.bench_path is None:
            return None
        if self._map_job is not None:
            self._map_job.cancel()
        mode = view.comparison.mode if view.comparison is not None else None
        worker = Worker(rank_module_map, view.path, view.bench_path, view.direction, mode,
                        matches=self.matches.copy())
        worker.signals.finished.connect(while_alive(self, lambda result, w=worker: self._map_ready(w, result)))
        worker.signals.failed.connect(while_alive(self, lambda exc, w=worker: self._map_failed(w, exc)))
        self._map_job = worker
        self.info.setText(tr("Comparing every run with the bench…"))
        return self._runner.start(worker)

    def _map_ready(self, worker: Worker, result: RankModuleMap) -> None:
        if worker is self._map_job:
            self._map_job = None
            self.rank_map.set_map(result)
            self.rank_map.show()
            if self.loaded is not None:
                self.info.setText(self._info_text(self.npu_side.canvas.layout_shown))

    def _map_failed(self, worker: Worker, exc: BaseException) -> None:
        if worker is self._map_job:
            self._map_job = None
            show_error(self, exc, tr("Comparing every run"))

    def show_module(self, run: str, module: str) -> None:
        """Show ``module`` of the msprobe run ``run`` (opening that run first when another one is shown)."""
        view = self.msprobe
        if view is None:
            return
        if run != view.label:
            self._wanted_module = module
            self.open_msprobe(view.path, run, bench=view.bench_path)
            return
        self._reveal_module(module)

    def _reveal_module(self, module: str) -> None:
        node = self.msprobe.npu.node_path(module) if self.msprobe is not None else None
        if node is not None:
            if node[0] == "op":
                self.select_op(node[1])
            else:
                self.npu_side.reveal_group(node[1])

    def _sync_modules(self, _path: str = "") -> None:
        """msprobe: the bench side opens the modules the NPU side has open (matched by module name)."""
        view = self.msprobe
        if view is None or view.bench is None or self.original_side.isHidden():
            return
        wanted = frozenset(view.bench.group_of[m] for path in self.npu_side.expanded
                           if (m := view.npu.module_of.get(path)) in view.bench.group_of)
        if wanted != self.original_side.expanded:
            self.original_side.show_expanded(wanted)

    def _show_msprobe_controls(self, on: bool) -> None:
        for widget in (self.direction, self.bench_button):
            widget.setVisible(on)
        with_bench = on and self.msprobe is not None and self.msprobe.bench is not None
        self.match_button.setVisible(with_bench)
        self.map_button.setVisible(with_bench)
        if not on:
            self.rank_map.hide()
        self.side_by_side.setText(tr("Bench graph") if on else tr("Original graph"))

    def set_hierarchy(self, hierarchy: Hierarchy | None) -> Worker | None:
        """Group ops by ``hierarchy`` (another source, such as msprobe's construct.json) instead of their name
        scopes (None); the shown graph is opened again with it."""
        self.hierarchy = hierarchy
        return self.open_graph(self.path, self.loaded.npu.name if self.loaded else None) if self.path else None

    def _open_failed(self, worker: Worker, exc: BaseException) -> None:
        if worker is not self._job:
            return
        self._job = self._wanted = None
        self.info.setText(tr("The graph could not be opened."))
        show_error(self, exc, tr("Opening the graph"))

    def _opened(self, worker: Worker, path: Path, result: tuple) -> None:
        if worker is not self._job:
            return
        self._job = None
        loaded, sides = result[:2]
        self.msprobe = result[2] if len(result) > 2 else None
        self.loaded, self.path = loaded, path
        self._matches, self._match = [], -1
        npu = loaded.npu
        self.graph_choice.clear()
        self.graph_choice.addItems(loaded.graph_names)
        self.graph_choice.setCurrentText(npu.name)
        self.graph_choice.setVisible(len(loaded.graph_names) > 1)
        view = self.msprobe
        if view is not None:
            self.graph_choice.setCurrentText(view.label)
            self.direction.setCurrentIndex(self.direction.findData(view.direction))
        self._show_msprobe_controls(view is not None)
        self._announce = True
        layouter, layout = sides[0]
        title = (tr("NPU: {run} ({path})").format(run=view.label, path=view.path.name) if view is not None
                 else tr("Device graph (after fusion): {name}").format(name=npu.name))
        self.npu_side.set_graph(npu, layouter, layout, title)
        if loaded.original is not None:
            o_layouter, o_layout = sides[1]
            title = (tr("Bench: {path}").format(path=view.bench_path.name) if view is not None
                     else tr("Original graph: {file}").format(file=Path(loaded.original_path).name))
            self.original_side.set_graph(loaded.original, o_layouter, o_layout, title)
        else:
            self.original_side.set_graph(None, None, None)
        self._show_original(self.side_by_side.isChecked())
        self.side_by_side.setEnabled(loaded.original is not None)
        self.info.setText(self._info_text(layout))
        self.goto_button.setEnabled(False)
        self._set_selected("")   # the selection was of the graph shown before
        if view is not None and view.overlay is not None:
            self._overlay_job = None
            self._overlaid(None, loaded, (view.overlay, bench_overlay(view)))
        elif self._compare is not None and view is None:
            self._start_overlay()
        wanted, self._wanted = self._wanted, None
        if wanted is not None and not self.select_op(wanted) and view is not None:
            self._reveal_module(wanted)   # Browse's "Show in Graph" on a module
        module, self._wanted_module = self._wanted_module, None
        if module is not None:
            self._reveal_module(module)

    def _info_text(self, layout: ViewLayout) -> str:
        npu = self.loaded.npu
        view = self.msprobe
        if view is not None:
            text = tr("{run} {direction}: {calls} calls, {groups} groups · layout: {engine}").format(
                run=view.label, direction=self.direction.currentText(), calls=len(npu.ops),
                groups=len(npu.groups) - 1, engine=layout.engine)
            if view.comparison is not None:
                text += " · " + tr("compared in msprobe's {mode} mode").format(mode=view.comparison.mode)
                first = view.comparison.first_divergence
                if first is not None and view.overlay is not None and view.overlay.first_divergence is None:
                    text += " · " + tr("first divergence in the other direction: {call}").format(
                        call=first.npu.entry)
            if problems := view.problems:
                text += " · " + tr("{count} problems: {first}").format(count=len(problems),
                                                                     first=schema_text(problems[0]))
            return text
        text = tr("{name}: {ops} ops, {groups} groups · layout: {engine}").format(
            name=self.path.name if self.path else npu.name, ops=len(npu.ops), groups=len(npu.groups) - 1,
            engine=layout.engine)
        if self.loaded.links is not None:
            text += " · " + tr("{count} ops linked to the original graph").format(
                count=len(self.loaded.links.npu_to_original))
        return text

    def _choose_graph(self, index: int) -> None:
        if self.msprobe is not None and index >= 0:
            self._reopen_msprobe(keep_compare=False, run=self.graph_choice.itemText(index))
        elif self.path is not None and index >= 0:
            self.open_graph(self.path, self.graph_choice.itemText(index))

    def _ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open GE graph dump"), str(self.path or ""),
                                              tr("GE graph dumps (ge_proto*.txt ge_onnx*.pbtxt *.txt *.pbtxt)"))
        if path:
            self.open_graph(path)

    def _ask_open_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("Open msprobe dump folder"), str(self.path or ""))
        if path:
            self.open_graph(path)

    def _npu_shown(self) -> None:
        if self._announce:
            self._announce = False
            self.fit()
            self.graphShown.emit()

    def _show_original(self, on: bool) -> None:
        shown = on and self.loaded is not None and self.loaded.original is not None
        if shown and self.original_side.isHidden():   # the two sides get half each
            self.original_side.show()
            half = max(self.split.width(), 2) // 2
            self.split.setSizes([half, half])
        self.original_side.setVisible(shown)

    def fit(self) -> None:
        for side in (self.npu_side, self.original_side):
            side.canvas.fit_all()

    @property
    def busy(self) -> bool:
        return (self._job is not None or self._overlay_job is not None or self._map_job is not None
                or self.npu_side.busy or self.original_side.busy)

    # --- compare overlay -------------------------------------------------------------------------

    def set_compare(self, result: Any, statuses: Sequence[str]) -> None:
        """Colour the graph from a compare result and the Compare table's row statuses."""
        if result is None or self.msprobe is not None:   # an msprobe run is coloured by its own compare
            self._compare = None
            self.compare_info.setText("")
            if self.msprobe is None:   # the compare went: no colours of it stay
                if self._overlay_job is not None:
                    self._overlay_job.cancel()
                    self._overlay_job = None
                for side in (self.npu_side, self.original_side):
                    side.set_overlay(Overlay())
                    side.canvas.set_path(set())
                self.goto_button.setEnabled(False)
                self._set_selected(self._selected)   # no compare: no GE dump to replay from
            return
        first = result.first_divergence.op_name if result.first_divergence is not None else None
        self.compare_info.setText(compare_caption(result))
        self._compare = (list(result.rows), list(statuses), first, [o.op_name for o in result.overflows])
        self._set_selected(self._selected)
        if self.loaded is not None:
            self._start_overlay()

    def _start_overlay(self) -> None:
        if self._overlay_job is not None:
            self._overlay_job.cancel()
        worker = Worker(_overlays, self.loaded, *self._compare)
        worker.signals.finished.connect(while_alive(self, lambda result, w=worker, g=self.loaded:
                                                    self._overlaid(w, g, result)))
        worker.signals.failed.connect(while_alive(self, lambda exc, w=worker: self._overlay_failed(w, exc)))
        self._overlay_job = worker
        self._runner.start(worker)

    def _overlay_failed(self, worker: Worker, exc: BaseException) -> None:
        if worker is self._overlay_job:
            self._overlay_job = None
            show_error(self, exc, tr("Colouring the graph"))

    def _overlaid(self, worker: Worker | None, loaded: LoadedGraphs, result: tuple[Overlay, Overlay | None]
                  ) -> None:
        if worker is not self._overlay_job or loaded is not self.loaded:
            return
        self._overlay_job = None
        npu, original = result
        self.npu_side.set_overlay(npu)
        if original is not None:
            self.original_side.set_overlay(original)
        self.goto_button.setEnabled(npu.first_divergence is not None)
        self.overlayShown.emit()

    # --- navigation ------------------------------------------------------------------------------
    def select_op(self, op_name: str) -> bool:
        """Show and select ``op_name`` (an NPU op, or an original op name a fused op carries) in both graphs,
        without reporting it back. False if the graph has no such op; while a graph opens, it is selected
        once it is shown."""
        if self._job is not None:
            self._wanted = op_name
        if self.loaded is None:
            return False
        name = self.loaded.npu.resolve(op_name)
        if name is None:
            return False
        self.npu_side.reveal([name])
        self._set_selected(name)
        self._sync_original(name)
        return True

    def _set_selected(self, name: str) -> None:
        """``name`` is the selected NPU op: Replay this op is offered when it can run, else says why not."""
        self._selected = name
        request = self.replay_request()
        self.replay_button.setEnabled(request is not None)
        self.next_button.setEnabled(request is not None)
        self.replay_button.setToolTip("" if request is not None or not name else self._why_no_replay())

    def replay_request(self) -> ReplayRequest | None:
        """What Replay this op would replay for the selected op (None: nothing it can replay)."""
        name, view = self._selected, self.msprobe
        if not name or self.loaded is None or name not in self.loaded.npu.ops:
            return None
        if view is None:   # a GE op: its dumped inputs are in the NPU dump of the compare colouring the graph
            return ReplayRequest(name) if self._compare is not None else None
        entry = view.npu.entries.get(name)
        if entry is None:
            return None
        stage = view.run if len(view.stages) <= 1 else next(
            (s for s in view.stages if any(e is entry for e in s.entries)), None)
        return ReplayRequest(name, stage.path) if stage is not None else None

    def _why_no_replay(self) -> str:
        if self.msprobe is not None:
            return tr("This call has no dumped data to replay it from.")
        return tr("Replay needs the op's dumped inputs: compare an NPU dump with this graph first (Compare mode).")

    def replay_selected(self) -> ReplayRequest | None:
        """Ask to replay the selected op (``replayRequested``); None when it cannot be replayed."""
        request = self.replay_request()
        if request is not None:
            self.replayRequested.emit(request)
        return request

    def _next_run(self, kind: str) -> None:
        """*Propose a fix* / *Capture these next* on the selected op (``nextRunRequested``)."""
        request = self.replay_request()
        if request is not None:
            self.nextRunRequested.emit(kind, request)

    def _sync_original(self, npu_op: str) -> None:
        links = self.loaded.links
        if links is not None and not self.original_side.isHidden():
            self.original_side.reveal(links.npu_to_original.get(npu_op, []))

    def _npu_clicked(self, op_name: str) -> None:
        self._set_selected(op_name)
        links = self.loaded.links if self.loaded is not None else None
        if self.msprobe is None or (links is not None and op_name in links.npu_to_original):
            self._sync_original(op_name)   # an unmatched msprobe call keeps the bench selection (to match it)
        self.opSelected.emit(op_name)

    def _original_clicked(self, op_name: str) -> None:
        links = self.loaded.links if self.loaded is not None else None
        npu_ops = links.original_to_npu.get(op_name, []) if links is not None else []
        if npu_ops or self.msprobe is None:
            self.npu_side.reveal(npu_ops)
        if npu_ops:
            self.opSelected.emit(npu_ops[0])

    def go_to_first_divergence(self) -> bool:
        """Centre on the first diverging op and highlight a path from the graph inputs to it."""
        overlay = self.npu_side.canvas.overlay
        if self.loaded is None or overlay.first_divergence is None:
            return False
        target = overlay.first_divergence
        if target not in self.loaded.npu.ops:   # an msprobe module's own row diverged first
            return self.npu_side.reveal_group(target)
        path = self.loaded.npu.path_from_inputs(target, prefer=self.npu_side.bad_ops())
        self.npu_side.highlight_path(path)
        self.npu_side.reveal([target])
        links = self.loaded.links
        if links is not None:
            self.original_side.highlight_path([o for op in path for o in links.npu_to_original.get(op, [])])
            self._sync_original(target)
        return True

    def find(self, text: str) -> list[str]:
        """Ops matching ``text`` (name, type, original name); the first one is shown and selected."""
        self._matches = [] if self.loaded is None else self.loaded.npu.search(text)
        self._match = -1
        if self._matches:
            self.next_match()
        elif text.strip() and self.loaded is not None:
            self.info.setText(tr("No op matches “{text}”.").format(text=text.strip()))
        return self._matches

    def next_match(self) -> None:
        if not self._matches:
            return
        self._match = (self._match + 1) % len(self._matches)
        name = self._matches[self._match]
        self.select_op(name)
        self.info.setText(tr("Match {index} of {count}: {name}").format(
            index=self._match + 1, count=len(self._matches), name=name))

    # --- export ----------------------------------------------------------------------------------
    def export_image(self, path: str | Path) -> Path:
        """Write the device graph as laid out now to ``path`` (.svg, else PNG), atomically."""
        path = Path(path)
        canvas = self.npu_side.canvas
        if canvas.model is None:
            raise InputError(path, "no graph is shown")
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if path.suffix.lower() == ".svg":
            from PySide6.QtSvg import QSvgGenerator  # only when exporting

            rect = canvas.scene().sceneRect()
            generator = QSvgGenerator()
            generator.setOutputDevice(buffer)
            generator.setSize(QSize(int(rect.width()), int(rect.height())))
            generator.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
            generator.setTitle(canvas.model.name)
            canvas.render_to(generator, rect.size())
        elif not canvas.render_image().save(buffer, "PNG"):
            raise InputError(path, "cannot encode the image")
        buffer.close()
        write_bytes_atomic(path, bytes(data.data()))
        return path

    def _ask_export(self, file_filter: str) -> None:
        if self.npu_side.canvas.model is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, tr("Export graph view"), "", file_filter)
        if path:
            try:
                self.export_image(path)
            except (OSError, InputError) as exc:
                show_error(self, exc, tr("Exporting the graph"))
