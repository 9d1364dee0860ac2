"""GraphPanel: the model graph of a GE graph dump coloured by the current compare result, with the original
(pre-fusion) graph beside it when the dump folder has one; search, first divergence, export."""

from __future__ import annotations

import gc
from collections.abc import Sequence
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
from ascend_dump_gui.core.dump.scanner import gc_paused
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.hierarchy import Hierarchy
from ascend_dump_gui.core.graph.layout import Layouter, ViewLayout
from ascend_dump_gui.core.graph.load import LoadedGraphs, load_graphs
from ascend_dump_gui.core.graph.overlay import Overlay, compare_overlay, mapped_overlay
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.graph.items import FILL, status_names
from ascend_dump_gui.ui.graph.side import GraphSide
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker


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
    return tr("Coloured by {npu} vs {golden}: {compared} compared · {failed} failed · {unchecked} not compared · "
              "{overflows} overflows · first divergence: {first}").format(
        npu=Path(s["npu"]).name, golden=Path(s["golden"]).name, compared=s["compared"], failed=s["not_reached"],
        unchecked=s["not_compared"], overflows=len(result.overflows), first=first)


def _overlays(loaded: LoadedGraphs, rows: list, statuses: list[str], first: str | None, overflow_ops: list[str],
              *, progress: ProgressFn, cancel: CancelToken) -> tuple[Overlay, Overlay | None]:
    """Worker body: the compare overlay of the NPU graph, carried to the original graph through origin names."""
    npu = compare_overlay(loaded.npu, rows, statuses, first_divergence=first, overflow_ops=overflow_ops)
    original = None
    if loaded.original is not None and loaded.links is not None:
        original = mapped_overlay(npu, loaded.links.original_to_npu, loaded.original)
    return npu, original


class GraphPanel(QWidget):
    """The Graph mode. ``opSelected(op_name)`` when the user selects an op (NPU op names; an op of the
    original graph is reported as the NPU op it became); ``graphShown()`` when a newly opened graph is on
    screen; ``overlayShown()`` when a compare result colours it."""

    opSelected = Signal(str)
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
        self._build()

    def _build(self) -> None:
        self.open_button = QPushButton(tr("Open Graph…"))
        self.open_button.setObjectName("graph_open")
        self.open_button.clicked.connect(self._ask_open)
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
        bar = QHBoxLayout()
        for widget in (self.open_button, self.graph_choice):
            bar.addWidget(widget)
        bar.addWidget(self.search, 1)
        for widget in (self.goto_button, self.fit_button, self.side_by_side, export):
            bar.addWidget(widget)
        self.info = QLabel(tr("Open a GE graph dump (ge_proto*.txt), or run a compare with one."))
        self.info.setObjectName("graph_info")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        self.npu_side.opClicked.connect(self._npu_clicked)
        self.original_side.opClicked.connect(self._original_clicked)
        self.npu_side.shown.connect(self._npu_shown)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.npu_side)
        self.split.addWidget(self.original_side)
        self.original_side.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addLayout(legend)
        layout.addWidget(self.compare_info)
        layout.addWidget(self.split, 1)

    # --- opening ---------------------------------------------------------------------------------
    def open_graph(self, path: str | Path, graph_name: str | None = None) -> Worker:
        """Open a GE graph dump in a worker (the current graph stays until the new one is ready; ``path``
        becomes the shown file then)."""
        path = Path(path)
        if self._job is not None:
            if self._opening == (path, graph_name, self.hierarchy):
                return self._job    # already on its way
            self._job.cancel()
        worker = Worker(_open, path, graph_name, self.hierarchy, self._use_igraph)
        worker.signals.finished.connect(lambda result, w=worker, p=path: self._opened(w, p, result))
        worker.signals.failed.connect(lambda exc, w=worker: self._open_failed(w, exc))
        self._job, self._opening = worker, (path, graph_name, self.hierarchy)
        self.info.setText(tr("Reading {name}…").format(name=path.name))
        return self._runner.start(worker)

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

    def _opened(self, worker: Worker, path: Path, result: tuple[LoadedGraphs, list]) -> None:
        if worker is not self._job:
            return
        self._job = None
        loaded, sides = result
        self.loaded, self.path = loaded, path
        self._matches, self._match = [], -1
        npu = loaded.npu
        self.graph_choice.clear()
        self.graph_choice.addItems(loaded.graph_names)
        self.graph_choice.setCurrentText(npu.name)
        self.graph_choice.setVisible(len(loaded.graph_names) > 1)
        self._announce = True
        layouter, layout = sides[0]
        self.npu_side.set_graph(npu, layouter, layout, tr("Device graph (after fusion): {name}").format(name=npu.name))
        if loaded.original is not None:
            o_layouter, o_layout = sides[1]
            self.original_side.set_graph(loaded.original, o_layouter, o_layout, tr("Original graph: {file}").format(
                file=Path(loaded.original_path).name))
        else:
            self.original_side.set_graph(None, None, None)
        self._show_original(self.side_by_side.isChecked())
        self.side_by_side.setEnabled(loaded.original is not None)
        self.info.setText(self._info_text(layout))
        self.goto_button.setEnabled(False)
        if self._compare is not None:
            self._start_overlay()
        wanted, self._wanted = self._wanted, None
        if wanted is not None:
            self.select_op(wanted)

    def _info_text(self, layout: ViewLayout) -> str:
        npu = self.loaded.npu
        text = tr("{name}: {ops} ops, {groups} groups · layout: {engine}").format(
            name=self.path.name if self.path else npu.name, ops=len(npu.ops), groups=len(npu.groups) - 1,
            engine=layout.engine)
        if self.loaded.links is not None:
            text += " · " + tr("{count} ops linked to the original graph").format(
                count=len(self.loaded.links.npu_to_original))
        return text

    def _choose_graph(self, index: int) -> None:
        if self.path is not None and index >= 0:
            self.open_graph(self.path, self.graph_choice.itemText(index))

    def _ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open GE graph dump"), str(self.path or ""),
                                              tr("GE graph dumps (ge_proto*.txt ge_onnx*.pbtxt *.txt *.pbtxt)"))
        if path:
            self.open_graph(path)

    def _npu_shown(self) -> None:
        if self._announce:
            self._announce = False
            self.fit()
            self.graphShown.emit()

    def _show_original(self, on: bool) -> None:
        self.original_side.setVisible(on and self.loaded is not None and self.loaded.original is not None)

    def fit(self) -> None:
        for side in (self.npu_side, self.original_side):
            side.canvas.fit_all()

    @property
    def busy(self) -> bool:
        return (self._job is not None or self._overlay_job is not None or self.npu_side.busy
                or self.original_side.busy)

    # --- compare overlay -------------------------------------------------------------------------

    def set_compare(self, result: Any, statuses: Sequence[str]) -> None:
        """Colour the graph from a compare result and the Compare table's row statuses."""
        if result is None:   # the compare went: no colours of it stay
            self._compare = None
            self.compare_info.setText("")
            if self._overlay_job is not None:
                self._overlay_job.cancel()
                self._overlay_job = None
            for side in (self.npu_side, self.original_side):
                side.set_overlay(Overlay())
                side.canvas.set_path(set())
            self.goto_button.setEnabled(False)
            return
        first = result.first_divergence.op_name if result.first_divergence is not None else None
        self.compare_info.setText(compare_caption(result))
        self._compare = (list(result.rows), list(statuses), first, [o.op_name for o in result.overflows])
        if self.loaded is not None:
            self._start_overlay()

    def _start_overlay(self) -> None:
        if self._overlay_job is not None:
            self._overlay_job.cancel()
        worker = Worker(_overlays, self.loaded, *self._compare)
        worker.signals.finished.connect(lambda result, w=worker, g=self.loaded: self._overlaid(w, g, result))
        worker.signals.failed.connect(lambda exc, w=worker: self._overlay_failed(w, exc))
        self._overlay_job = worker
        self._runner.start(worker)

    def _overlay_failed(self, worker: Worker, exc: BaseException) -> None:
        if worker is self._overlay_job:
            self._overlay_job = None
            show_error(self, exc, tr("Colouring the graph"))

    def _overlaid(self, worker: Worker, loaded: LoadedGraphs, result: tuple[Overlay, Overlay | None]) -> None:
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
        self._sync_original(name)
        return True

    def _sync_original(self, npu_op: str) -> None:
        links = self.loaded.links
        if links is not None and not self.original_side.isHidden():
            self.original_side.reveal(links.npu_to_original.get(npu_op, []))

    def _npu_clicked(self, op_name: str) -> None:
        self._sync_original(op_name)
        self.opSelected.emit(op_name)

    def _original_clicked(self, op_name: str) -> None:
        links = self.loaded.links if self.loaded is not None else None
        npu_ops = links.original_to_npu.get(op_name, []) if links is not None else []
        self.npu_side.reveal(npu_ops)
        if npu_ops:
            self.opSelected.emit(npu_ops[0])

    def go_to_first_divergence(self) -> bool:
        """Centre on the first diverging op and highlight a path from the graph inputs to it."""
        overlay = self.npu_side.canvas.overlay
        if self.loaded is None or overlay.first_divergence is None:
            return False
        target = overlay.first_divergence
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
