"""The scene items of the Graph view: op boxes, group boxes (closed or open) and edges, coloured by compare
status, with level of detail (no text when zoomed far out).

Every item is a stock Qt item (paths and simple texts) styled from Python: Qt paints them without calling
back into Python, so painting never waits for the GIL while a worker thread runs Python code."""

from __future__ import annotations

from functools import cache
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QApplication, QGraphicsLineItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from ascend_dump_gui.core.graph import overlay as ov
from ascend_dump_gui.core.graph.layout import HEADER, Placed, VisibleEdge
from ascend_dump_gui.core.graph.model import GROUP, Key, ModelGraph
from ascend_dump_gui.ui.i18n import tr

FILL = {ov.FIRST_DIVERGENCE: "#c62828", ov.OVERFLOW: "#8e24aa", ov.FAIL: "#ef9a9a", ov.WARN: "#ffe082",
        ov.PASS: "#a5d6a7", ov.UNMATCHED: "#bdbdbd", ov.NOT_COMPARED: "#eceff1"}
TEXT = {ov.FIRST_DIVERGENCE: "#ffffff", ov.OVERFLOW: "#ffffff"}
SELECTED, PATH = QColor("#1565c0"), QColor("#ff6f00")


def ink(alpha: int = 255) -> QColor:
    """The palette's text colour, for outlines and labels drawn on the canvas (readable on light and dark)."""
    color = QColor(QApplication.palette().color(QPalette.ColorRole.Text))
    color.setAlpha(alpha)
    return color
LOD_TEXT = 0.35
"""Below this zoom factor boxes are drawn without text."""
LOD_EDGE_TEXT = 0.9
"""From this zoom factor on, edges show the dtype and shape of their tensor."""


def status_names() -> dict[str, str]:
    """The legend: every status under its translated name, worst first."""
    return {ov.FIRST_DIVERGENCE: tr("first divergence"), ov.OVERFLOW: tr("overflow"), ov.FAIL: tr("fail"),
            ov.WARN: tr("warn"), ov.PASS: tr("pass"), ov.UNMATCHED: tr("unmatched"),
            ov.NOT_COMPARED: tr("not compared")}


def node_tooltip(model: ModelGraph, key: Key, status: str, metrics: list[str]) -> str:
    """Op type, tensors, the original ops of a fused op, status and metrics (or a group's size)."""
    kind, name = key
    lines = [f"<b>{escape(name)}</b>"]
    if kind == GROUP:
        group = model.groups[name]
        lines.append(tr("group of {count} ops (double-click to open or close)").format(count=group.size))
    else:
        op = model.ops[name]
        lines.append(tr("type: {type}").format(type=escape(op.type)))
        for label, tensors in ((tr("inputs"), op.inputs), (tr("outputs"), op.outputs)):
            if tensors:
                lines.append(f"{label}: " + escape("; ".join(t.text() or "?" for t in tensors)))
        if op.origins:
            lines.append(tr("fused from: {names}").format(names=escape(", ".join(op.origins))))
        elif op.origins == ():
            lines.append(tr("inserted by the compiler (no original op)"))
    lines.append(tr("status: {status}").format(status=status_names()[status]))
    lines += [escape(m) for m in metrics[:8]]
    if len(metrics) > 8:
        lines.append(tr("… {count} more rows").format(count=len(metrics) - 8))
    return "<br>".join(lines)


EDGE_Z = 999.0
NO_PEN = QPen(Qt.PenStyle.NoPen)


def _z(placed: Placed) -> float:
    """Open groups at the back (inner ones above outer ones), then edges, then closed boxes."""
    return float(placed.level) if placed.expanded else EDGE_Z + 1 + placed.level


@cache
def _fonts() -> tuple[QFont, QFont]:
    """The box title and subtitle fonts."""
    bold = QFont()
    bold.setPointSizeF(9)
    bold.setBold(True)
    small = QFont()
    small.setPointSizeF(8)
    return bold, small


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def _elide(text: str, font: QFont, width: float, mode: Qt.TextElideMode) -> str:
    return QFontMetricsF(font).elidedText(text, mode, width)


class BoxItem(QGraphicsPathItem):
    """An op or a group: a rounded box with a title and a subtitle. An open group is a tinted frame with a
    title strip, behind the boxes it holds; a closed group has a line under it (a stack)."""

    def __init__(self, placed: Placed, label: str, subtitle: str) -> None:
        super().__init__()
        self.key = placed.key
        self.label, self.subtitle = label, subtitle
        self.status = ov.NOT_COMPARED
        self.on_path = False
        self.selected = False
        self.expanded = placed.expanded
        self._size = (-1.0, -1.0)
        bold, small = _fonts()
        self._strip = QGraphicsPathItem(self)
        self._strip.setPen(NO_PEN)
        self._stack = QGraphicsLineItem(self)
        self._stack.setPen(QPen(ink(160), 1))
        self._title = QGraphicsSimpleTextItem(self)
        self._title.setFont(bold)
        self._subtitle = QGraphicsSimpleTextItem(self)
        self._subtitle.setFont(small)
        self.place(placed)

    def place(self, placed: Placed) -> None:
        """Move to ``placed`` (re-shaped when its size or open state changed)."""
        self.setPos(placed.x, placed.y)
        self.setZValue(_z(placed))
        if (placed.w, placed.h) == self._size and placed.expanded == self.expanded:
            return
        self._size, self.expanded = (placed.w, placed.h), placed.expanded
        rect = QRectF(0, 0, placed.w, placed.h)
        group = self.key[0] == GROUP
        self.setPath(_rounded(rect, 6.0 if group else 3.0))
        bold, small = _fonts()
        width = placed.w - 16
        self._strip.setVisible(self.expanded)
        self._stack.setVisible(group and not self.expanded)
        self._subtitle.setVisible(not self.expanded)
        if self.expanded:
            self._strip.setPath(_rounded(QRectF(0, 0, placed.w, HEADER), 6.0))
            self._title.setText(_elide(f"▾ {self.label}  ·  {self.subtitle}", bold, width,
                                       Qt.TextElideMode.ElideMiddle))
            self._title.setPos(8, (HEADER - QFontMetricsF(bold).height()) / 2)
        else:
            prefix = "▸ " if group else ""
            self._title.setText(_elide(prefix + self.label, bold, width, Qt.TextElideMode.ElideMiddle))
            self._subtitle.setText(_elide(self.subtitle, small, width, Qt.TextElideMode.ElideRight))
            half = placed.h / 2
            self._title.setPos(8, (half - QFontMetricsF(bold).height()) / 2 + 2)
            self._subtitle.setPos(8, half + (half - QFontMetricsF(small).height()) / 2 - 2)
            self._stack.setLine(4, placed.h + 3, placed.w + 3, placed.h + 3)
        self._restyle()

    def set_status(self, status: str, on_path: bool) -> None:
        if (status, on_path) != (self.status, self.on_path):
            self.status, self.on_path = status, on_path
            self._restyle()

    def set_selected(self, on: bool) -> None:
        if on != self.selected:
            self.selected = on
            self._restyle()

    def set_text_visible(self, on: bool) -> None:
        self._title.setVisible(on)
        self._subtitle.setVisible(on and not self.expanded)

    def _restyle(self) -> None:
        fill = QColor(FILL[self.status])
        if self.selected:
            pen = QPen(SELECTED, 4)
        elif self.on_path:
            pen = QPen(PATH, 4)
        elif self.status == ov.FIRST_DIVERGENCE:
            pen = QPen(QColor("#7f0000"), 3)
        else:
            pen = QPen(ink(160), 1)
        self.setPen(pen)
        if self.expanded:
            body = QColor(fill)
            body.setAlpha(45)
            self.setBrush(QBrush(body))
            self._strip.setBrush(QBrush(fill))
        else:
            self.setBrush(QBrush(fill))
        text = QBrush(QColor(TEXT.get(self.status, "#102027")))
        self._title.setBrush(text)
        self._subtitle.setBrush(text)


class EdgeItem(QGraphicsPathItem):
    """A curve from the bottom of the source box to the top of the target box (dashed: control edge), with
    the dtype and shape of its tensor as a label when zoomed in."""

    def __init__(self, edge: VisibleEdge) -> None:
        super().__init__()
        self.edge = edge
        self.on_path = False
        self.setZValue(EDGE_Z)
        tip = tr("control edge") if edge.control else edge.tensor
        if edge.count > 1:
            tip = tr("{count} edges; first: {tensor}").format(count=edge.count, tensor=tip)
        self.setToolTip(f"{edge.src[1]} → {edge.dst[1]}\n{tip}")
        self.label = None
        if edge.tensor and not edge.control and edge.count == 1:
            self.label = QGraphicsSimpleTextItem(edge.tensor, self)
            self.label.setFont(_fonts()[1])
            self.label.setBrush(QBrush(ink(170)))
        self._style()

    def route(self, a: Placed, b: Placed, bends=()) -> None:
        """From the bottom of ``a`` to the top of ``b``, through ``bends`` (points where it crosses rows)."""
        start = QPointF(a.x + a.w / 2, a.y + a.h)
        end = QPointF(b.x + b.w / 2, b.y)
        points = [start, *(QPointF(x, y) for x, y in bends), end]
        path = QPainterPath(start)
        for p, q in zip(points, points[1:], strict=False):
            if p.x() == q.x() and q.y() >= p.y():
                path.lineTo(q)       # straight down through a row
                continue
            bend = max(30.0, abs(q.y() - p.y()) / 2)
            if q.y() < p.y():  # a back edge: leave downward, come in from above
                bend = 60.0
            path.cubicTo(p + QPointF(0, bend), q - QPointF(0, bend), q)
        if self.label is not None:
            self.label.setPos(path.pointAtPercent(0.5) + QPointF(5, -6))
        arrow = QPainterPath(end)
        arrow.lineTo(end + QPointF(-4, -8))
        arrow.lineTo(end + QPointF(4, -8))
        arrow.closeSubpath()
        path.addPath(arrow)
        self.setPath(path)

    def set_label_visible(self, on: bool) -> None:
        if self.label is not None:
            self.label.setVisible(on)

    def set_on_path(self, on: bool) -> None:
        if on != self.on_path:
            self.on_path = on
            self._style()

    def _style(self) -> None:
        color = PATH if self.on_path else QColor("#78909c")
        pen = QPen(color, 3.5 if self.on_path else 1.2 + min(self.edge.count, 8) * 0.2)
        if self.edge.control:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setZValue(EDGE_Z + 0.5 if self.on_path else EDGE_Z)
