"""What the screenshot scripts share: the offscreen application setup, the file suffix and the command line."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def start(out: Path, dark: bool, language: str):
    """The application, styled and translated, with settings in a scratch folder; ``out`` is created.

    Returns (app, file-name suffix such as "-dark-zh_CN").
    """
    from PySide6.QtCore import QSettings

    from ascend_dump_gui.ui.app import _application
    from ascend_dump_gui.ui.i18n import install_language

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = _application()
    app.setStyle("Fusion")
    if dark:
        from ascend_dump_gui.ui.theme import apply_theme

        apply_theme("dark")
    if not install_language(language):
        raise SystemExit(f"no translation for {language!r}")
    out.mkdir(parents=True, exist_ok=True)
    return app, ("-dark" if dark else "") + ("" if language == "en" else f"-{language}")


def main(shoot: Callable[..., list[Path]], description: str, argv: list[str] | None = None) -> int:
    """Parse --out/--dark/--lang, run ``shoot(out, dark=, language=)`` (twice with --dark) and print the files."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, default=SCREENSHOTS)
    parser.add_argument("--dark", action="store_true", help="also shoot with a dark palette")
    parser.add_argument("--lang", default="en", help="interface language, e.g. zh_CN (default: en)")
    args = parser.parse_args(argv)
    written = shoot(args.out, language=args.lang)
    if args.dark:
        written += shoot(args.out, dark=True, language=args.lang)
    for path in written:
        print(path)
    return 0


class Grabber:
    """Saves window grabs as ``{name}{suffix}.png`` under ``out`` and remembers what it wrote."""

    def __init__(self, out: Path, suffix: str) -> None:
        self.out, self.suffix = out, suffix
        self.written: list[Path] = []

    def __call__(self, window, name: str) -> None:
        path = self.out / f"{name}{self.suffix}.png"
        window.grab().save(str(path))
        self.written.append(path)


def main_window(width: int = 1500, height: int = 950):
    """The application's main window, sized for the screenshots and shown."""
    from ascend_dump_gui.ui.main_window import MainWindow

    window = MainWindow()
    window.resize(width, height)
    window.show()
    return window
