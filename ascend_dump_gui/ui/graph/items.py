"""The scene items of the Graph view: op boxes, group boxes (closed or open) and edges, coloured by compare
status, with level of detail (no text when zoomed far out)."""

from __future__ import annotations

from functools import cache
from html import escape

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from ascend_dump_gui.core.graph import overlay as ov
from ascend_dump_gui.core.graph.layout import HEADER, Placed, VisibleEdge
from ascend_dump_gui.core.graph.model import GROUP, Key, ModelGraph
from ascend_dump_gui.ui.i18n import tr

FILL = {ov.FIRST_DIVERGENCE: "#c62828", ov.OVERFLOW: "#8e24aa", ov.FAIL: "#ef9a9a", ov.WARN: "#ffe082",
        ov.PASS: "#a5d6a7", ov.NOT_COMPARED: "#eceff1"}
TEXT = {ov.FIRST_DIVERGENCE: "#ffffff", ov.OVERFLOW: "#ffffff"}
SELECTED, PATH = QColor("#1565c0"), QColor("#ff6f00")
LOD_TEXT = 0.35
"""Below this zoom factor boxes are drawn without text."""
LOD_EDGE_TEXT = 0.9
"""From this zoom factor on, edges show the dtype and shape of their tensor."""


def status_names() -> dict[str, str]:
    """The legend: every status under its translated name, worst first."""
    return {ov.FIRST_DIVERGENCE: tr("first divergence"), ov.OVERFLOW: tr("overflow"), ov.FAIL: tr("fail"),
            ov.WARN: tr("warn"), ov.PASS: tr("pass"), ov.NOT_COMPARED: tr("not compared")}


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


def _z(placed: Placed) -> float:
    """Open groups at the back (inner ones above outer ones), then edges, then closed boxes."""
    return float(placed.level) if placed.expanded else EDGE_Z + 1 + placed.level


class BoxItem(QGraphicsItem):
    """An op or a group. Open groups are drawn as a frame with a title strip behind their content."""

    def __init__(self, placed: Placed, label: str, subtitle: str) -> None:
        super().__init__()
        self.key = placed.key
        self.label, self.subtitle = label, subtitle
        self.status = ov.NOT_COMPARED
        self.on_path = False
        self.expanded = placed.expanded
        self._elided: tuple | None = None
        self._rect = QRectF(0, 0, placed.w, placed.h)
        self.setPos(placed.x, placed.y)
        self.setZValue(_z(placed))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, not placed.expanded)

    def place(self, placed: Placed) -> None:
        if self.expanded != placed.expanded or self._rect.size() != QRectF(0, 0, placed.w, placed.h).size():
            self.prepareGeometryChange()
            self._rect = QRectF(0, 0, placed.w, placed.h)
            self.expanded = placed.expanded
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, not placed.expanded)
        self.setPos(placed.x, placed.y)
        self.setZValue(_z(placed))

    def set_status(self, status: str, on_path: bool) -> None:
        if (status, on_path) != (self.status, self.on_path):
            self.status, self.on_path = status, on_path
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        fill = QColor(FILL[self.status])
        pen = QPen(QColor("#455a64"), 1)
        if self.isSelected():
            pen = QPen(SELECTED, 4)
        elif self.on_path:
            pen = QPen(PATH, 4)
        elif self.status == ov.FIRST_DIVERGENCE:
            pen = QPen(QColor("#7f0000"), 3)
        painter.setPen(pen)
        radius = 6.0 if self.key[0] == GROUP else 3.0
        if self.expanded:
            body = QColor(fill)
            body.setAlpha(45)
            painter.setBrush(QBrush(body))
            painter.drawRoundedRect(self._rect, radius, radius)
            strip = QRectF(self._rect.x(), self._rect.y(), self._rect.width(), HEADER)
            painter.setBrush(QBrush(fill))
            painter.drawRoundedRect(strip, radius, radius)
            if lod >= LOD_TEXT:
                self._text(painter, strip.adjusted(8, 0, -8, 0), f"▾ {self.label}  ·  {self.subtitle}", None)
            return
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(self._rect, radius, radius)
        if self.key[0] == GROUP:  # a stack: a second outline behind the box
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawLine(QPointF(4, self._rect.bottom() + 3), QPointF(self._rect.right() + 3, self._rect.bottom() + 3))
        if lod >= LOD_TEXT:
            inner = self._rect.adjusted(8, 3, -8, -3)
            prefix = "▸ " if self.key[0] == GROUP else ""
            self._text(painter, inner, prefix + self.label, self.subtitle)

    def _text(self, painter: QPainter, rect: QRectF, title: str, subtitle: str | None) -> None:
        bold, small = _fonts()
        if self._elided is None or self._elided[0] != (rect.width(), title, subtitle):  # once per size
            lines = (QFontMetricsF(bold).elidedText(title, Qt.TextElideMode.ElideMiddle, rect.width()),
                     "" if subtitle is None else
                     QFontMetricsF(small).elidedText(subtitle, Qt.TextElideMode.ElideRight, rect.width()))
            self._elided = ((rect.width(), title, subtitle), lines)
        first, second = self._elided[1]
        painter.setPen(QColor(TEXT.get(self.status, "#102027")))
        painter.setFont(bold)
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        if subtitle is None:
            painter.drawText(rect, align, first)
            return
        painter.drawText(QRectF(rect.x(), rect.y(), rect.width(), rect.height() / 2), align, first)
        painter.setFont(small)
        painter.drawText(QRectF(rect.x(), rect.center().y(), rect.width(), rect.height() / 2), align, second)


@cache
def _label_width(text: str) -> float:
    return QFontMetricsF(_fonts()[1]).horizontalAdvance(text) + 2


@cache
def _fonts() -> tuple[QFont, QFont]:
    """The box title and subtitle fonts (made once: building fonts per paint is slow)."""
    bold = QFont()
    bold.setPointSizeF(9)
    bold.setBold(True)
    small = QFont()
    small.setPointSizeF(8)
    return bold, small


class EdgeItem(QGraphicsPathItem):
    """A curve from the bottom of the source box to the top of the target box (dashed: control edge)."""

    def __init__(self, edge: VisibleEdge) -> None:
        super().__init__()
        self.edge = edge
        self.on_path = False
        self._label = "" if edge.control or edge.count > 1 else edge.tensor  # the shape and dtype it carries
        self._label_at: QPointF | None = None
        self.setZValue(EDGE_Z)
        tip = tr("control edge") if edge.control else edge.tensor
        if edge.count > 1:
            tip = tr("{count} edges; first: {tensor}").format(count=edge.count, tensor=tip)
        self.setToolTip(f"{edge.src[1]} → {edge.dst[1]}\n{tip}")
        self._style()

    def route(self, a: Placed, b: Placed) -> None:
        start = QPointF(a.x + a.w / 2, a.y + a.h)
        end = QPointF(b.x + b.w / 2, b.y)
        path = QPainterPath(start)
        bend = max(30.0, abs(end.y() - start.y()) / 2)
        if end.y() < start.y():  # a back edge: leave downward, come in from above
            bend = 60.0
        path.cubicTo(start + QPointF(0, bend), end - QPointF(0, bend), end)
        self.prepareGeometryChange()
        self._label_at = path.pointAtPercent(0.5) + QPointF(5, 4)
        arrow = QPainterPath(end)
        arrow.lineTo(end + QPointF(-4, -8))
        arrow.lineTo(end + QPointF(4, -8))
        arrow.closeSubpath()
        path.addPath(arrow)
        self.setPath(path)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        rect = super().boundingRect()
        if self._label_at is None or not self._label:
            return rect
        return rect.united(QRectF(self._label_at - QPointF(0, 10), QSizeF(_label_width(self._label), 14)))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if self._label and option.levelOfDetailFromTransform(painter.worldTransform()) >= LOD_EDGE_TEXT:
            painter.setFont(_fonts()[1])
            painter.setPen(QColor("#546e7a"))
            painter.drawText(self._label_at, self._label)

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
