"""Application entry: arguments, QApplication, the main window, the excepthook, the hidden self-test."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from ascend_dump_gui import __version__
from ascend_dump_gui.ui.translations import LANGUAGES

DESKTOP_ID = "io.github.ascenddumpgui.AscendDumpGui"


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The GUI's arguments (no Qt needed to parse them)."""
    parser = argparse.ArgumentParser(prog="ascend-dump-gui", description="Ascend NPU dump configs, dumps and comparisons.")
    parser.add_argument("--version", action="version", version=f"ascend-dump-gui {__version__}")
    parser.add_argument("path", nargs="?", help="a dump folder (opens in Browse) or a config, training script or "
                                                "env file (opens in Configure)")
    parser.add_argument("--fresh", action="store_true", help="forget the saved window layout, language and recent files, and write the demo afresh")
    parser.add_argument("--lang", choices=list(LANGUAGES), help="the interface language for this run (default: the "
                                                                "one picked in View > Language, else the system's)")
    parser.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def build_window(path: str | Path | None = None, *, demo_dir: Path | None = None, rebuild_demo: bool = False):
    """The main window with ``path`` opened, else the demo config; with no ``path`` the last session comes back
    and, with a ``demo_dir``, the demo (tree, compare, config; see ``ui.demo``) is prepared there and shown in
    every mode. All of it waits for the window's first paint."""
    from ascend_dump_gui.ui.main_window import MainWindow

    window = MainWindow()  # the panel shown first is built once the window is up
    if path is not None and Path(path).is_dir():
        window.open_folder_later(path)
    else:
        window.configure_later(path, demo=demo_dir if path is None else None)
    if path is None:
        loader = None
        if demo_dir is not None:
            from ascend_dump_gui.ui.demo import DemoLoader

            loader = DemoLoader(window, demo_dir, rebuild=rebuild_demo)

        def restore() -> None:
            from ascend_dump_gui.ui.session import load_session

            session = load_session(window.settings)
            modes = (("browse",) if session.browse_folder else ()) + (("compare",) if all(session.compare[:2]) else ())

            def apply() -> None:
                window.apply_session(session)  # the last Browse folder and Compare paths, if still there
                if loader is not None:
                    loader.start(session)  # its banner says what was restored

            window.when_built(modes, apply)

        window.after_content(restore)  # not competing with the first mode's panel
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
    from ascend_dump_gui.ui.workers import collect_garbage_on_the_gui_thread

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORG)
    app.setApplicationName(APP)
    app.setApplicationDisplayName("Ascend Dump GUI")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(icon("app"))
    collect_garbage_on_the_gui_thread(app)
    return app


def warn_missing_fonts(language: str) -> None:
    """Say on stderr when the interface is Chinese and no font can show it (the window still opens)."""
    if language.startswith("zh"):          # the check's tables load only for a Chinese interface
        from PySide6.QtGui import QFontDatabase

        from ascend_dump_gui.preflight.fonts import missing_cjk_font_message

        families = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
        message = missing_cjk_font_message(families)
        if message:
            print(message, file=sys.stderr)


SELF_TEST_SECONDS = 8


def demo_settled(window) -> bool:
    """True once the demo is shown (or failed): the self-test waits for this."""
    from ascend_dump_gui.ui.demo import DemoLoader

    loader = window.findChild(DemoLoader)
    return loader is None or loader.done


def self_test(window) -> list[str]:
    """Checks the packaged app runs: the demo is written, browsed, compared and its config checked."""
    from ascend_dump_gui.ui.demo import DemoBanner, DemoLoader

    loader = window.findChild(DemoLoader)
    if loader is None:
        return ["no demo was opened (the self-test takes no PATH)"]
    if not loader.done:
        return [f"the demo did not finish within {SELF_TEST_SECONDS} s"]
    if loader.demo is None:
        return ["the demo could not be prepared"]
    problems = []
    if not window.browse_panel.ops.rowCount():
        problems.append("Browse shows no rows")
    result = window.compare_panel.result()
    if result is None or not result.rows:
        problems.append("Compare produced no rows")
    elif result.first_divergence is None:
        problems.append("Compare found no first divergence")
    panel = window.config_panel
    if panel.path != loader.demo.config_path:
        problems.append("Configure does not show the demo config")
    if not panel.preview.text.toPlainText().strip():
        problems.append("the preview is empty")
    if not panel.where.rows():
        problems.append("'where will files land' is empty")
    if window.findChild(DemoBanner) is None:
        problems.append("the demo banner is missing")
    return problems


def _run_until(app, done, seconds: float) -> None:
    """Run the event loop until ``done()`` is true or ``seconds`` pass."""
    from PySide6.QtCore import QTimer

    poll = QTimer(interval=50)
    poll.timeout.connect(lambda: done() and app.quit())
    poll.start()
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    poll.stop()


def main(argv: list[str]) -> int:
    """Parse the GUI's arguments, show the window and run the event loop."""
    args = parse_args(argv)
    if args.self_test:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from ascend_dump_gui.preflight.check import preflight

    problem = preflight()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    app = _application()
    from PySide6.QtCore import QSettings

    scratch = tempfile.TemporaryDirectory(prefix="ascend-dump-gui-self-test-") if args.self_test else None
    if scratch is not None:  # never touch the user's settings or demo
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, scratch.name)

    from ascend_dump_gui.ui.errors import install_excepthook
    from ascend_dump_gui.ui.settings import clear_settings, demo_folder

    if args.fresh:
        clear_settings()
    warn_missing_fonts(choose_language(args.lang))
    from ascend_dump_gui.ui.settings import saved_theme
    from ascend_dump_gui.ui.theme import apply_theme

    apply_theme(saved_theme())
    demo_dir = Path(scratch.name) / "demo" if scratch is not None else demo_folder()
    window = build_window(args.path, demo_dir=demo_dir, rebuild_demo=args.fresh)
    install_excepthook(window)
    window.show()
    from ascend_dump_gui.ui.start.preload import when_preloaded
    from ascend_dump_gui.ui.workers import freeze_long_lived

    window.after_content(lambda: when_preloaded(window, freeze_long_lived))
    if scratch is None:
        code = app.exec()
        from ascend_dump_gui.ui.start.preload import HEAVY_MODULES

        HEAVY_MODULES.wait_idle(10)
        return code
    _run_until(app, lambda: demo_settled(window), SELF_TEST_SECONDS)
    problems = self_test(window)
    window.config_panel.undo_stack.setClean()
    window.close()
    scratch.cleanup()
    for problem in problems:
        print(f"self-test: {problem}", file=sys.stderr)
    print("self-test: " + ("FAILED" if problems else "ok"), file=sys.stderr)
    return 1 if problems else 0
