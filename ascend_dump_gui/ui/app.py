"""Application entry: arguments, QApplication, the main window, the excepthook, the hidden self-test."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from ascend_dump_gui import __version__
from ascend_dump_gui.ui.translations.catalog import LANGUAGES

DESKTOP_ID = "io.github.ascenddumpgui.AscendDumpGui"


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The GUI's arguments (no Qt needed to parse them)."""
    parser = argparse.ArgumentParser(prog="ascend-dump-gui", description="Ascend NPU dump configs, dumps and comparisons.")
    parser.add_argument("--version", action="version", version=f"ascend-dump-gui {__version__}")
    parser.add_argument("path", nargs="?", help="a dump folder (opens in Browse) or a config, training script or "
                                                "env file (opens in Configure)")
    parser.add_argument("--fresh", action="store_true", help="forget the saved window layout and recent files")
    parser.add_argument("--lang", choices=list(LANGUAGES), help="the interface language for this run (default: the "
                                                                "one picked in View > Language, else the system's)")
    parser.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def build_window(path: str | Path | None = None):
    """The main window with ``path`` opened, or the demo config when there is none."""
    from ascend_dump_gui.ui.main_window import MainWindow

    window = MainWindow()
    if path is None or not window.open_path(path):
        window.config_panel.load_demo()
    return window


def choose_language(requested: str | None = None) -> str:
    """``--lang`` if given, else the saved choice, else the system locale's; installs and returns it."""
    from ascend_dump_gui.ui.i18n import install_language, system_language
    from ascend_dump_gui.ui.settings import saved_language

    language = requested or saved_language() or system_language()
    if not install_language(language):
        language = "en"
        install_language(language)
    return language


def _application():
    from PySide6.QtWidgets import QApplication

    from ascend_dump_gui.ui.icons import icon
    from ascend_dump_gui.ui.settings import APP, ORG

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORG)
    app.setApplicationName(APP)
    app.setApplicationDisplayName("Ascend Dump GUI")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(icon("app"))
    return app


def self_test(window) -> list[str]:
    """Checks the packaged app runs: the demo config is loaded, checked, previewed and resolved."""
    panel = window.config_panel
    problems = []
    if not panel.findings:
        problems.append("the demo config shows no findings")
    if not panel.preview.text.toPlainText().strip():
        problems.append("the preview is empty")
    if not panel.where.rows():
        problems.append("'where will files land' is empty")
    return problems


def main(argv: list[str]) -> int:
    """Parse the GUI's arguments, show the window and run the event loop."""
    args = parse_args(argv)
    if args.self_test:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = _application()
    from PySide6.QtCore import QSettings, QTimer

    if args.self_test:  # never touch the user's settings
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())

    from ascend_dump_gui.ui.errors import install_excepthook
    from ascend_dump_gui.ui.settings import clear_settings

    if args.fresh:
        clear_settings()
    choose_language(args.lang)
    window = build_window(args.path)
    install_excepthook(window)
    window.show()
    if not args.self_test:
        return app.exec()
    QTimer.singleShot(200, app.quit)
    app.exec()
    problems = self_test(window)
    window.config_panel.undo_stack.setClean()
    window.close()
    for problem in problems:
        print(f"self-test: {problem}", file=sys.stderr)
    print("self-test: " + ("FAILED" if problems else "ok"), file=sys.stderr)
    return 1 if problems else 0
