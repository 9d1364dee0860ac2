"""Our own SVG icons, read from the package's ``ui/icons`` folder beside this module (a pip install, or a PyInstaller
bundle, which collects them to the same place; without importlib.resources, whose readers import zipfile at start)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

if TYPE_CHECKING:      # the findings' dataclasses load with the first finding shown, not before the first paint
    from ascend_dump_gui.core.config.findings import Severity

NAMES = ("app", "error", "warning", "info", "ok", "fix", "copy", "reset", "configure", "browse", "compare", "graph")
_SIZES = (16, 24, 32, 48, 64)
_FOLDER = Path(__file__).with_name("icons")


@cache
def icon(name: str) -> QIcon:
    """The icon ``ui/icons/<name>.svg``; raises ``KeyError`` for a name we do not ship."""
    if name not in NAMES:
        raise KeyError(f"no icon named {name!r}")
    renderer = QSvgRenderer(QByteArray(svg_bytes(name)))
    result = QIcon()
    for size in _SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        result.addPixmap(pixmap)
    return result


def svg_bytes(name: str) -> bytes:
    """The raw SVG of icon ``name``."""
    return (_FOLDER / f"{name}.svg").read_bytes()


def severity_icon(severity: Severity | str) -> QIcon:
    """The icon shown next to a finding of ``severity``."""
    from ascend_dump_gui.core.config.findings import Severity

    return icon(Severity(severity).value)
