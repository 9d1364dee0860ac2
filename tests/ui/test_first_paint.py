"""The start: nothing heavy before the window's first paint, then the mode it opens in, built and painted before
any later work runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ascend_dump_gui.ui.start.first_paint import after_first_paint


class _Paints(QObject):
    """Records the first paint of each watched widget in ``log``."""

    def __init__(self, log: list[str]) -> None:
        super().__init__()
        self.log = log

    def watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)

    def eventFilter(self, obj, event):  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            self.log.append(f"painted {obj.objectName()}")
        return False


def test_jobs_wait_for_the_paint_and_run_in_order_each_after_what_the_last_one_showed(qtbot):
    log: list[str] = []
    paints = _Paints(log)
    window = QWidget(objectName="window")
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    paints.watch(window)

    def first() -> None:
        log.append("first")
        label = QLabel("built by the first job", objectName="label")
        paints.watch(label)
        layout.addWidget(label)

    after_first_paint(window, first)
    after_first_paint(window, lambda: log.append("second"))
    window.resize(300, 200)
    window.show()
    assert log == []  # nothing runs before the event loop paints the window
    qtbot.waitUntil(lambda: "second" in log)
    assert log == ["painted window", "first", "painted label", "second"]
    after_first_paint(window, lambda: log.append("later"))  # the window has painted: on the next turn
    assert log[-1] == "second"
    qtbot.waitUntil(lambda: log[-1] == "later")


def test_a_shown_widget_that_has_not_painted_yet_is_waited_for(qtbot):
    log: list[str] = []
    widget = QWidget(objectName="shown")
    qtbot.addWidget(widget)
    widget.show()
    paints = _Paints(log)
    paints.watch(widget)
    after_first_paint(widget, lambda: log.append("job"))
    qtbot.waitUntil(lambda: "job" in log)
    assert log == ["painted shown", "job"]


CHILD = r"""
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget

app = QApplication(sys.argv[:1])
seen = {}


class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "modules" not in seen:
            seen["modules"] = sorted(sys.modules)
            seen["page"] = obj.findChild(QTabWidget, "modes").currentWidget().objectName()
            QTimer.singleShot(0, look)
        return False


def look():
    page = window.findChild(QTabWidget, "modes").currentWidget()
    if page.objectName().endswith("_placeholder"):
        QTimer.singleShot(10, look)
        return
    seen["built"] = type(page).__name__
    print(json.dumps(seen))
    app.quit()


watch, plain = Watch(), QMainWindow.__init__


def init(self, *args, **kwargs):
    global window
    plain(self, *args, **kwargs)
    window = self
    self.installEventFilter(watch)


QMainWindow.__init__ = init
from ascend_dump_gui.ui.app import main

main(sys.argv[1:])
"""

HEAVY = ("numpy", "pyqtgraph", "igraph", "ascend_dump_gui.ui.config.panel", "ascend_dump_gui.ui.dump.panel",
         "ascend_dump_gui.ui.compare.panel", "ascend_dump_gui.ui.graph.panel", "ascend_dump_gui.core.emulator",
         "ascend_dump_gui.core.replay", "ascend_dump_gui.core.msprobe.dump_json")


@pytest.mark.parametrize(("argument", "page", "panel"), [(False, "configure_placeholder", "ConfigPanel"),
                                                        (True, "browse_placeholder", "BrowsePanel")])
def test_the_first_paint_comes_before_any_heavy_module_then_the_mode_is_built(tmp_path, argument, page, panel):
    folder = tmp_path / "dump"
    (folder / "20240101120000").mkdir(parents=True)
    home = tmp_path / "home"
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
           "QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", CHILD, *([str(folder)] if argument else [])], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert [m for m in HEAVY if m in seen["modules"]] == []
    assert seen["page"] == page
    assert seen["built"] == panel


@pytest.fixture
def held_imports(monkeypatch):
    """The real ``importlib.import_module``, recording which thread imports what and holding each import until
    ``release`` is set."""
    import importlib
    import threading

    real, seen, release = importlib.import_module, [], threading.Event()

    def import_module(name, *args, **kwargs):
        seen.append((name, threading.current_thread().name))
        release.wait(10)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib, "import_module", import_module)
    return seen, release


def test_a_preload_imports_off_the_gui_thread_and_then_calls_back(qtbot, held_imports):
    from ascend_dump_gui.ui.start.preload import Preload

    seen, release = held_imports
    assert "mailbox" not in sys.modules  # a stdlib module nothing here imports
    context = QWidget()
    qtbot.addWidget(context)
    called = []
    loads = Preload(("no_such_module_at_all", "mailbox"))
    loads.then(context, lambda: called.append("never started"))  # on the next turn
    qtbot.waitUntil(lambda: called == ["never started"])
    loads.start()
    loads.then(context, lambda: called.append("mailbox" in sys.modules))
    qtbot.wait(100)
    assert called == ["never started"] and not loads.done  # the imports are held: the callback waits
    release.set()
    qtbot.waitUntil(lambda: len(called) == 2, timeout=10_000)
    assert called == ["never started", True] and loads.done  # a module that fails does not stop the others
    assert seen == [("no_such_module_at_all", "preload"), ("mailbox", "preload")]


def test_a_preload_callback_whose_context_is_gone_is_not_called(qtbot, held_imports):
    from ascend_dump_gui.ui.start.preload import Preload

    _seen, release = held_imports
    loads = Preload(("json",))
    context = QWidget()
    called = []
    loads.start()
    loads.then(context, lambda: called.append(1))
    context.deleteLater()
    qtbot.wait(50)
    release.set()
    qtbot.waitUntil(lambda: loads.done)
    qtbot.wait(100)
    assert called == []
