"""Application entry: QApplication, pyqtgraph options, the main window."""

from __future__ import annotations

import argparse
import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget

from ascend_dump_gui import __version__


def build_window() -> QMainWindow:
    """The main window with its three modes."""
    window = QMainWindow()
    window.setWindowTitle("Ascend Dump GUI")
    tabs = QTabWidget()
    for name in ("Configure", "Browse", "Compare"):
        tabs.addTab(QLabel(name), name)
    window.setCentralWidget(tabs)
    window.resize(1200, 800)
    return window


def main(argv: list[str]) -> int:
    """Parse the GUI's arguments, show the window and run the event loop."""
    parser = argparse.ArgumentParser(prog="ascend-dump-gui")
    parser.add_argument("--version", action="version", version=f"ascend-dump-gui {__version__}")
    parser.add_argument("path", nargs="?", help="a dump folder, config file or training script to open")
    parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = build_window()
    window.show()
    return app.exec()
