"""GraphSide: one graph (the NPU graph or the original graph) in a canvas with its minimap; opening and closing
groups lays out in a worker, and selections wait for the layout that shows them."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.graph.layout import Layouter, ViewLayout
from ascend_dump_gui.core.graph.model import GROUP, OP, Key, ModelGraph
from ascend_dump_gui.core.graph.overlay import FAIL, FIRST_DIVERGENCE, OVERFLOW, WARN, Overlay
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.graph.canvas import GraphCanvas, Minimap
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker


def relayout(layouter: Layouter, expanded: frozenset[str], *, progress: ProgressFn,
             cancel: CancelToken) -> ViewLayout:
    """Worker body: the layout with ``expanded`` groups open."""
    with gc_paused():
        return layouter.layout(expanded, cancel)


class GraphSide(QWidget):
    """One graph. ``opClicked(op_name)`` when the user selects an op box; ``shown()`` after each layout is
    fully on screen."""

    opClicked = Signal(str)
    shown = Signal()

    def __init__(self, runner: TaskRunner, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._runner = runner
        self.model: ModelGraph | None = None
        self.layouter: Layouter | None = None
        self.expanded: frozenset[str] = frozenset()
        self._job: Worker | None = None
        self._then: tuple[list[str], bool] | None = None   # ops to select once the pending layout shows
        self._path: list[str] = []
        self.title = QLabel()
        self.title.setObjectName(f"{name}_title")
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.canvas = GraphCanvas()
        self.canvas.setObjectName(f"{name}_canvas")
        self.minimap = Minimap(self.canvas)
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.canvas, 0, 0)
        grid.addWidget(self.minimap, 0, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(holder, 1)
        self.canvas.groupToggled.connect(self.toggle)
        self.canvas.nodeClicked.connect(self._clicked)
        self.canvas.applied.connect(self._applied)

    # --- content ---------------------------------------------------------------------------------
    def set_graph(self, model: ModelGraph | None, layouter: Layouter | None, layout: ViewLayout | None,
                  title: str = "") -> None:
        """Show ``model`` laid out as ``layout`` (computed in a worker), or nothing."""
        self.cancel()
        self.model, self.layouter = model, layouter
        self.expanded = frozenset() if layout is None else layout.expanded
        self._then, self._path = None, []
        self.title.setText(title)
        self.canvas.clear_graph()
        self.canvas.set_path(set())
        self.canvas.overlay = Overlay()
        if model is not None and layout is not None:
            self.canvas.show_layout(model, layout)

    def set_overlay(self, overlay: Overlay) -> None:
        self.canvas.set_overlay(overlay)
        self.minimap.schedule()

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = None

    @property
    def busy(self) -> bool:
        return self._job is not None or self.canvas.busy

    # --- groups ----------------------------------------------------------------------------------
    def toggle(self, path: str) -> None:
        """Open a closed group, close an open one (its inner groups close with it)."""
        if self.model is None:
            return
        if path in self.expanded:
            self.show_expanded(frozenset(g for g in self.expanded if g != path and not g.startswith(path + "/")))
        else:
            self.show_expanded(self.expanded | {path})

    def show_expanded(self, expanded: frozenset[str]) -> Worker | None:
        """Lay out with ``expanded`` groups open, in a worker; the newest request wins."""
        if self.layouter is None:
            return None
        self.cancel()
        self.expanded = frozenset(expanded)
        worker = Worker(relayout, self.layouter, self.expanded)
        worker.signals.finished.connect(lambda layout, w=worker: self._laid_out(w, layout))
        worker.signals.failed.connect(lambda exc, w=worker: self._layout_failed(w, exc))
        self._job = worker
        return self._runner.start(worker)

    def _laid_out(self, worker: Worker, layout: ViewLayout) -> None:
        if worker is not self._job or self.model is None:
            return  # a newer request, or another graph, replaced it
        self._job = None
        self.canvas.show_layout(self.model, layout)

    def _layout_failed(self, worker: Worker, exc: BaseException) -> None:
        if worker is self._job:
            self._job = None
            show_error(self, exc, tr("Laying out the graph"))

    def _applied(self) -> None:
        if self._job is not None:
            return
        self.canvas.set_path(set(self._visible_keys(self._path)))
        if self._then is not None:
            ops, center = self._then
            self._then = None
            self.canvas.select_keys(self._visible_keys(ops), center)
        self.shown.emit()

    # --- selection -------------------------------------------------------------------------------
    def visible_key(self, op_name: str) -> Key:
        """The box showing ``op_name`` now: the op, or the outermost closed group holding it."""
        chain = self.model.chain(op_name)
        return next(((GROUP, g) for g in chain if g not in self.expanded), (OP, op_name))

    def _visible_keys(self, ops: list[str]) -> list[Key]:
        """The boxes showing these ops now, in order, each once."""
        keys = [self.visible_key(o) for o in ops if self.model is not None and o in self.model.ops]
        return list(dict.fromkeys(keys))

    def reveal(self, op_names: list[str], center: bool = True) -> bool:
        """Open the groups holding these ops and select them (once laid out); False if none is in the graph."""
        if self.model is None:
            return False
        ops = [o for o in op_names if o in self.model.ops]
        if not ops:
            self.canvas.select_keys([], False)
            return False
        needed = {g for o in ops for g in self.model.chain(o)}
        if needed <= self.expanded and self._job is None and not self.canvas.busy:
            keys = self._visible_keys(ops)
            if set(keys) != set(self.canvas.selected_keys()):  # a click echoed back: the view stays put
                self.canvas.select_keys(keys, center)
            return True
        self._then = (ops, center)
        if not needed <= self.expanded:
            self.show_expanded(self.expanded | needed)
        return True

    def reveal_group(self, path: str, center: bool = True) -> bool:
        """Show the group ``path`` closed (its outer groups open) and select it; False if there is none."""
        if self.model is None or path not in self.model.groups:
            return False
        inside = next((n for n, op in self.model.ops.items() if op.group == path or op.group.startswith(path + "/")),
                      None)
        if inside is None:
            return False
        expanded = (self.expanded | set(self.model.group_chain(path)[:-1])) - {
            g for g in self.expanded if g == path or g.startswith(path + "/")}
        if expanded == self.expanded and self._job is None and not self.canvas.busy:
            self.canvas.select_keys([(GROUP, path)], center)
            return True
        self._then = ([inside], center)
        self.show_expanded(expanded)
        return True

    def highlight_path(self, op_names: list[str]) -> None:
        """Mark these ops (their boxes, or the closed groups holding them) and the edges between them."""
        self._path = list(op_names)
        if self.model is not None:
            self.canvas.set_path(set(self._visible_keys(self._path)))

    def bad_ops(self) -> list[str]:
        """Ops the overlay marks as failing, warning, overflowing or diverging."""
        bad = {FAIL, WARN, OVERFLOW, FIRST_DIVERGENCE}
        return [name for name, status in self.canvas.overlay.ops.items() if status in bad]

    def _clicked(self, key: Key) -> None:
        if key[0] == OP:
            self.opClicked.emit(key[1])
