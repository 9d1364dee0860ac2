"""Render resources/icons/ascend-dump-gui.svg to the PNG sizes and the .ico installers need.

Run: python packaging/make_icons.py   (uses Qt offscreen; outputs are committed)
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "ascend-dump-gui.svg"


def main() -> int:
    """Write ``resources/icons/hicolor/{n}x{n}/apps/*.png`` and ``resources/icons/ascend-dump-gui.ico``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    ico_entries: list[tuple[int, bytes]] = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        out = ROOT / "resources" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "ascend-dump-gui.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out)):
            raise SystemExit(f"cannot write {out}")
        if size <= 256:
            ico_entries.append((size, out.read_bytes()))
    (ROOT / "resources" / "icons" / "ascend-dump-gui.ico").write_bytes(ico_bytes(ico_entries))
    del app
    return 0


def ico_bytes(entries: list[tuple[int, bytes]]) -> bytes:
    """A multi-size .ico holding PNG-compressed images (the Vista+ form every Windows reads)."""
    header = struct.pack("<HHH", 0, 1, len(entries))
    offset = len(header) + 16 * len(entries)
    directory, blobs = b"", b""
    for size, png in entries:
        side = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    return header + directory + blobs


if __name__ == "__main__":
    sys.exit(main())
