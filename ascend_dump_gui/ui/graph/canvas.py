"""GraphCanvas: a zoomable, pannable QGraphicsView of one laid-out model graph, and its minimap.

A new layout re-uses the boxes that stay, drops those that went and adds new ones a slice at a time (at most
a few tens of milliseconds per event-loop turn), so opening a large group never freezes the window.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from ascend_dump_gui.core.graph.layout import ViewLayout
from ascend_dump_gui.core.graph.model import GROUP, OP, Key, ModelGraph
from ascend_dump_gui.core.graph.overlay import Overlay
from ascend_dump_gui.ui.graph.items import FILL, LOD_EDGE_TEXT, LOD_TEXT, BoxItem, EdgeItem, node_tooltip
from ascend_dump_gui.ui.i18n import tr

SLICE_SECONDS = 0.020
"""Time spent adding items per event-loop turn."""
BATCH = 16
"""Items added between two looks at the clock."""
MIN_ZOOM, MAX_ZOOM = 0.01, 4.0
MARGIN = 80.0
"""Scene units around the graph."""
FIT_ZOOM = 0.6
"""Fit never zooms out further: box labels stay legible (a larger graph shows its start, the minimap the rest)."""


class GraphCanvas(QGraphicsView):
    """Shows a :class:`ViewLayout`. ``nodeClicked(key)`` when the user selects a box, ``groupToggled(path)``
    on a double-click on a group, ``applied()`` once every item of the last layout is in the scene."""

    nodeClicked = Signal(object)
    groupToggled = Signal(str)
    applied = Signal()
    viewMoved = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Base))  # dark in a dark theme
        self.model: ModelGraph | None = None
        self.layout_shown: ViewLayout | None = None
        self.overlay = Overlay()
        self.path_keys: set[Key] = set()
        self.boxes: dict[Key, BoxItem] = {}
        self.edges: dict[tuple[Key, Key], EdgeItem] = {}
        self._pending: list = []
        self._selected: list[Key] = []
        self._press: QPoint | None = None
        self._lod = (True, True)   # box texts shown, edge labels shown
        self._focus: Key | str | None = None   # "fit" or a box to centre on once the view is visible
        self.content = QRectF()   # the laid-out graph, in scene units (the scene adds margins around it)
        self.reserved = 0   # pixels at the bottom of the view kept for the minimap: the graph can scroll above it
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._add_slice)
        self.horizontalScrollBar().valueChanged.connect(self.viewMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewMoved)

    # --- content ---------------------------------------------------------------------------------
    def clear_graph(self) -> None:
        self._timer.stop()
        self._pending = []
        self._selected = []
        self.scene().clear()
        self.boxes.clear()
        self.edges.clear()
        self.model, self.layout_shown = None, None
        self.content = QRectF()

    def show_layout(self, model: ModelGraph, layout: ViewLayout) -> None:
        """Show ``layout`` of ``model``: boxes kept, moved, dropped or (a slice at a time) added."""
        if model is not self.model:
            self.clear_graph()
            self.model = model
        self.layout_shown = layout
        scene = self.scene()
        wanted = {p.key: p for p in layout.placed}
        wanted_edges = {(e.src, e.dst): e for e in layout.edges}
        for key in [k for k in self.boxes if k not in wanted]:
            scene.removeItem(self.boxes.pop(key))
        for key in [k for k in self.edges if k not in wanted_edges or self.edges[k].edge != wanted_edges[k]]:
            scene.removeItem(self.edges.pop(key))
        self._pending = []
        for placed in layout.placed:
            item = self.boxes.get(placed.key)
            if item is None:
                self._pending.append(placed)
            else:
                item.place(placed)
        self._pending += list(wanted_edges.values())
        self.content = QRectF(0, 0, layout.width, layout.height)
        self.update_scene_rect()
        self._timer.start()

    @property
    def busy(self) -> bool:
        """Items of the last layout are still being added."""
        return bool(self._pending) or self._timer.isActive()

    def _add_slice(self) -> None:
        deadline = time.perf_counter() + SLICE_SECONDS
        scene, model, layout = self.scene(), self.model, self.layout_shown
        placed_by_key = None
        while self._pending and time.perf_counter() < deadline:
            for entry in self._pending[:BATCH]:
                if hasattr(entry, "key"):
                    item = BoxItem(entry, *self._labels(entry.key))
                    self._dress(item)
                    self.boxes[entry.key] = item
                    scene.addItem(item)
                else:
                    if placed_by_key is None:
                        placed_by_key = {p.key: p for p in layout.placed}
                    key = (entry.src, entry.dst)
                    item = self.edges.get(key)
                    if item is None:
                        item = EdgeItem(entry)
                        item.set_on_path(entry.src in self.path_keys and entry.dst in self.path_keys)
                        item.set_label_visible(self._lod[1])
                        self.edges[key] = item
                        scene.addItem(item)
                    item.route(placed_by_key[entry.src], placed_by_key[entry.dst], layout.routes.get(key, ()))
            del self._pending[:BATCH]
        if not self._pending and model is not None:
            self._timer.stop()
            self.applied.emit()

    def _labels(self, key: Key) -> tuple[str, str]:
        model = self.model
        if key[0] == OP:
            op = model.ops[key[1]]   # a stage's call in an msprobe pipeline: without its "{run}:" prefix
            return op.name.rpartition(":")[2] or op.name, op.type + (" ⊕" if op.origins else "")
        group = model.groups[key[1]]
        label = group.label if group.chunk is None else tr("ops {first}–{last}").format(
            first=group.chunk[0], last=group.chunk[1])
        return label, tr("{count} ops").format(count=group.size)

    def _dress(self, item: BoxItem) -> None:
        kind, name = item.key
        status = self.overlay.status(kind, name)
        item.set_status(status, item.key in self.path_keys)
        item.set_selected(item.key in self._selected)
        item.set_text_visible(self._lod[0])
        lines = (self.overlay.metrics if kind == OP else self.overlay.group_metrics).get(name, [])
        item.setToolTip(node_tooltip(self.model, item.key, status, lines))

    def set_overlay(self, overlay: Overlay) -> None:
        """Colour every box from ``overlay`` (boxes still to come take it when added)."""
        self.overlay = overlay
        for item in self.boxes.values():
            self._dress(item)

    def set_path(self, keys: set[Key]) -> None:
        """Highlight these boxes and the edges between them."""
        self.path_keys = set(keys)
        for item in self.boxes.values():
            item.set_status(item.status, item.key in self.path_keys)
        for (a, b), item in self.edges.items():
            item.set_on_path(a in self.path_keys and b in self.path_keys)

    # --- selection and navigation ------------------------------------------------------------------
    def select_keys(self, keys: list[Key], center: bool = True) -> bool:
        """Select these boxes without reporting it (False if none is shown); centre on the first."""
        for key in self._selected:
            if key in self.boxes:
                self.boxes[key].set_selected(False)
        self._selected = [k for k in keys if k in self.boxes]
        for key in self._selected:
            self.boxes[key].set_selected(True)
        if self._selected and center:
            self.centerOn(self.boxes[self._selected[0]])
            self._focus = None if self.isVisible() else self._selected[0]
        return bool(self._selected)

    def selected_keys(self) -> list[Key]:
        return [k for k in self._selected if k in self.boxes]

    def box_at(self, pos: QPoint) -> BoxItem | None:
        """The box under a viewport position (its text or frame)."""
        item = self.itemAt(pos)
        while item is not None and not isinstance(item, BoxItem):
            item = item.parentItem()
        return item

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._press = event.position().toPoint() if event.button() == Qt.MouseButton.LeftButton else None
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        super().mouseReleaseEvent(event)
        pos = event.position().toPoint()
        if self._press is None or (pos - self._press).manhattanLength() > 4:
            return  # a drag that moved the view
        self._press = None
        item = self.box_at(pos)
        if item is not None and not item.expanded:
            self.select_keys([item.key], center=False)
            self.nodeClicked.emit(item.key)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        item = self.box_at(event.position().toPoint())
        if item is not None and item.key[0] == GROUP:
            self.groupToggled.emit(item.key[1])
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new palette (View > Theme): the background and the items drawn in its colours again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Base))
            if self.model is not None and self.layout_shown is not None:
                model, layout, selected = self.model, self.layout_shown, list(self._selected)
                self.clear_graph()
                self.show_layout(model, layout)
                self._selected = selected

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.viewMoved.emit()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._focus is not None:
            QTimer.singleShot(0, self, self._refocus)

    def _refocus(self) -> None:
        """Fit or centre again what was asked while the view was hidden (its size was not known then)."""
        focus, self._focus = self._focus, None
        if focus == "fit":
            self.fit_all()
        elif focus in self.boxes:
            self.centerOn(self.boxes[focus])

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.15 ** steps)
            event.accept()

    def zoom_by(self, factor: float) -> None:
        current = self.transform().m11()
        factor = max(MIN_ZOOM / current, min(MAX_ZOOM / current, factor))
        self.scale(factor, factor)
        self.update_scene_rect()
        self.apply_lod()

    def update_scene_rect(self) -> None:
        """The graph with a margin around it, and below it room for :attr:`reserved` pixels at this zoom."""
        if self.content.isNull():
            return
        zoom = self.transform().m11() or 1.0
        self.scene().setSceneRect(self.graph_rect().adjusted(0, 0, 0, self.reserved / zoom))

    def graph_rect(self) -> QRectF:
        """The graph with its margin, in scene units."""
        return self.content.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)

    def shows_all(self) -> bool:
        """True when the whole graph is in view."""
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        return self.content.isNull() or seen.contains(self.content)

    def apply_lod(self, zoom: float | None = None) -> None:
        """Show box texts and edge labels only when the zoom (default: the view's) makes them readable."""
        zoom = self.transform().m11() if zoom is None else zoom
        wanted = (zoom >= LOD_TEXT, zoom >= LOD_EDGE_TEXT)
        if wanted == self._lod:
            return
        self._lod = wanted
        for item in self.boxes.values():
            item.set_text_visible(wanted[0])
        for edge in self.edges.values():
            edge.set_label_visible(wanted[1])

    def fit_all(self) -> None:
        """Show the whole graph, no larger than life, and no smaller than its labels can be read: a graph too
        large for that shows its start (the minimap shows the rest)."""
        if self.content.isNull():
            return
        self._focus = None if self.isVisible() else "fit"
        self.reserved = 0
        self.update_scene_rect()
        rect = self.scene().sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        zoom = self.transform().m11()
        if zoom > 1.0 or zoom < FIT_ZOOM:
            self.resetTransform()
            if zoom < FIT_ZOOM:
                self.scale(FIT_ZOOM, FIT_ZOOM)
            seen = self.mapToScene(self.viewport().rect()).boundingRect()
            self.centerOn(QPointF(rect.center().x(), min(rect.center().y(), rect.top() + seen.height() / 2)))
        self.update_scene_rect()
        self.apply_lod()
        self.viewMoved.emit()

    def render_to(self, device, size: QSizeF) -> None:
        """Draw the whole scene on ``device`` (an image, an SVG generator) at ``size``, with the texts a
        zoom of that size shows."""
        rect = self.graph_rect()
        self.apply_lod(size.width() / max(rect.width(), 1.0))
        painter = QPainter(device)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.scene().render(painter, QRectF(QPointF(0, 0), size), rect)
        painter.end()
        self.apply_lod()

    def render_image(self, size_limit: int = 8000) -> QImage:
        """The whole scene as an image (longest side at most ``size_limit`` pixels)."""
        rect = self.graph_rect()
        scale = min(1.0, size_limit / max(rect.width(), rect.height(), 1.0))
        image = QImage(QSize(max(1, int(rect.width() * scale)), max(1, int(rect.height() * scale))),
                       QImage.Format.Format_ARGB32)
        image.fill(self.palette().color(QPalette.ColorRole.Base))
        self.render_to(image, QSizeF(image.size()))
        return image


class Minimap(QWidget):
    """A thumbnail of the whole scene with the canvas's visible area; click or drag to move there."""

    def __init__(self, canvas: GraphCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("graph_minimap")
        self.canvas = canvas
        self.setFixedSize(180, 120)
        self._pixmap = QPixmap()
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(150)
        self._redraw.timeout.connect(self._render)
        canvas.applied.connect(self._redraw.start)
        canvas.viewMoved.connect(self._view_moved)
        self.hide()

    def _view_moved(self) -> None:
        """Shown only while part of the graph is out of view; the canvas keeps room for it below the graph."""
        wanted = not self.canvas.shows_all()
        reserved = self.height() + 8 if wanted else 0
        if reserved != self.canvas.reserved:
            self.canvas.reserved = reserved
            self.canvas.update_scene_rect()
        self.setVisible(wanted)
        self.update()

    def schedule(self) -> None:
        self._redraw.start()

    def _scene_to_map(self) -> tuple[QRectF, float, QPointF]:
        """The graph's rectangle, its scale in the map and where the (centred) thumbnail starts."""
        rect = self.canvas.graph_rect()
        scale = min(self.width() / max(rect.width(), 1.0), self.height() / max(rect.height(), 1.0))
        return rect, scale, QPointF((self.width() - rect.width() * scale) / 2,
                                    (self.height() - rect.height() * scale) / 2)

    def _render(self) -> None:
        """Draw the boxes of the shown layout as plain rectangles by status (one call per colour: a
        thumbnail of thousands of boxes costs a few milliseconds, unlike rendering the scene's items)."""
        rect, scale, _ = self._scene_to_map()
        image = QImage(QSize(max(1, int(rect.width() * scale)), max(1, int(rect.height() * scale))),
                       QImage.Format.Format_ARGB32)
        image.fill(self.palette().color(QPalette.ColorRole.Base))
        layout = self.canvas.layout_shown
        if layout is not None:
            overlay = self.canvas.overlay
            frames, fills = [], {}
            for p in layout.placed:
                box = QRectF((p.x - rect.x()) * scale, (p.y - rect.y()) * scale, max(p.w * scale, 1.0),
                             max(p.h * scale, 1.0))
                if p.expanded:
                    frames.append(box)
                else:
                    fills.setdefault(overlay.status(*p.key), []).append(box)
            painter = QPainter(image)
            painter.setPen(QColor("#90a4ae"))
            painter.drawRects(frames)
            for status, boxes in fills.items():
                painter.setBrush(QColor(FILL[status]))
                painter.setPen(QColor(FILL[status]).darker(130))
                painter.drawRects(boxes)
            painter.end()
        self._pixmap = QPixmap.fromImage(image)
        self._view_moved()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        backdrop = QColor(self.palette().color(QPalette.ColorRole.Base))
        backdrop.setAlpha(220)
        painter.fillRect(self.rect(), backdrop)
        painter.setPen(QColor("#90a4ae"))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        if self._pixmap.isNull():
            return
        rect, scale, origin = self._scene_to_map()
        painter.drawPixmap(origin, self._pixmap)
        seen = self.canvas.mapToScene(self.canvas.viewport().rect()).boundingRect().intersected(rect)
        painter.setPen(QPen(QColor("#1565c0"), 2))
        painter.setBrush(QColor(21, 101, 192, 40))
        painter.drawRect(QRectF(origin.x() + (seen.x() - rect.x()) * scale, origin.y() + (seen.y() - rect.y()) * scale,
                                seen.width() * scale, seen.height() * scale))

    def _move_to(self, point: QPointF) -> None:
        rect, scale, origin = self._scene_to_map()
        self.canvas.centerOn(QPointF(rect.x() + (point.x() - origin.x()) / scale,
                                     rect.y() + (point.y() - origin.y()) / scale))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._move_to(event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._move_to(event.position())
