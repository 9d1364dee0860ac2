"""Plot exports as bytes (PNG, SVG) so every save goes through core.atomic."""

from __future__ import annotations

import pyqtgraph as pg
from pyqtgraph.exporters import ImageExporter
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator

from ascend_dump_gui.ui.i18n import tr


def png_bytes(target: pg.PlotItem | pg.GraphicsScene) -> bytes:
    """A PNG of ``target`` (a plot item, or a whole scene with its colour bar) at screen size."""
    image = ImageExporter(target).export(toBytes=True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError(tr("the plot could not be encoded as PNG"))
    buffer.close()
    return bytes(data.data())


def svg_bytes(target: pg.PlotItem | pg.GraphicsScene, title: str = "") -> bytes:
    """An SVG of ``target``, drawn by Qt's own SVG generator (``title``: the document title, default "tensor plot").

    (pyqtgraph 0.14's SVGExporter cannot parse the closed paths Qt 6.12 writes, so it is not used.)
    """
    scene = target if isinstance(target, pg.GraphicsScene) else target.scene()
    source = scene.sceneRect() if target is scene else target.sceneBoundingRect()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(source.size().toSize())
    generator.setViewBox(QRectF(0, 0, source.width(), source.height()))
    generator.setTitle(title or tr("tensor plot"))
    painter = QPainter(generator)
    try:
        scene.render(painter, QRectF(0, 0, source.width(), source.height()), source)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())
