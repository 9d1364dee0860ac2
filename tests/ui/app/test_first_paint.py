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


class Content(QObject):
    # the modules loaded when the first mode's panel first paints (its content)

    def eventFilter(self, obj, event):
        if (event.type() == QEvent.Type.Paint and type(obj).__name__ in ("BrowsePanel", "ConfigPanel")
                and "content_modules" not in seen):
            seen["content_modules"] = sorted(sys.modules)
        return False


def look():
    page = window.findChild(QTabWidget, "modes").currentWidget()
    if page.objectName().endswith("_placeholder") or "content_modules" not in seen:
        QTimer.singleShot(10, look)
        return
    seen["built"] = type(page).__name__
    print(json.dumps(seen))
    app.quit()


watch, plain, content = Watch(), QMainWindow.__init__, Content()
app.installEventFilter(content)


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
LATER = ("ascend_dump_gui.core.config.scenarios", "google.protobuf.message", "numpy.ma")
"""Loaded after Browse's first paint, not before (its panel needs none of them)."""


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
    if argument:   # Browse's content waits for neither the New Config menu's rules nor protobuf nor numpy.ma
        assert [m for m in LATER if m in seen["content_modules"]] == []


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


def test_modes_are_built_in_idle_time_once_the_window_has_painted(qtbot):
    from ascend_dump_gui.ui.main_window import MODES, MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    assert not any(window.built(mode) for mode in MODES)
    window.show()
    qtbot.waitUntil(lambda: all(window.built(mode) for mode in MODES), timeout=60_000)
    assert window.tabs.currentIndex() == MODES.index("configure")  # built in the background, not shown
    assert not [i for i in range(len(MODES)) if window.tabs.widget(i).objectName().endswith("_placeholder")]
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)


def test_a_mode_clicked_before_its_panel_is_built_shows_its_placeholder_at_once_then_its_panel(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ascend_dump_gui.ui.compare.panel import ComparePanel
    from ascend_dump_gui.ui.main_window import MODES, MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    bar = window.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(MODES.index("compare")).center())
    page = window.tabs.currentWidget()
    assert page.objectName() == "compare_placeholder" and not window.built("compare")
    assert page.findChild(QLabel).text()  # it says the mode is opening
    qtbot.waitUntil(lambda: window.built("compare"), timeout=60_000)
    assert isinstance(window.tabs.currentWidget(), ComparePanel)
    assert not window.built("graph")  # the clicked mode came first
    qtbot.waitUntil(lambda: all(window.built(mode) for mode in MODES), timeout=60_000)


ORDER_CHILD = r"""
import importlib, json, sys
from ascend_dump_gui.ui.start.panels import import_order

problems, count = [], 0
for name in import_order(("ascend_dump_gui.ui.compare.panel", "ascend_dump_gui.ui.graph.panel")):
    before = set(sys.modules)
    importlib.import_module(name)
    ours = sorted(m for m in set(sys.modules) - before if m.startswith("ascend_dump_gui") and m != name)
    count += name.startswith("ascend_dump_gui")
    if ours:
        problems.append([name, ours])
print(json.dumps({"problems": problems, "count": count, "done": "ascend_dump_gui.ui.compare.panel" in sys.modules}))
"""


def test_the_import_order_imports_one_module_of_ours_at_a_time():
    """Each module comes after the modules of this package it imports: importing it imports no other one (so
    the builder's pieces are one module's own code each)."""
    done = subprocess.run([sys.executable, "-c", ORDER_CHILD], capture_output=True, text=True, timeout=120,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                               "PYTHONPATH": str(__import__("pathlib").Path(__file__).resolve().parents[4])})
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["done"] and seen["count"] > 50
    assert seen["problems"] == []


def test_a_panel_takes_the_plots_made_ahead_for_it(qtbot):
    from ascend_dump_gui.ui.plots.values_plot import ValuesPlot
    from ascend_dump_gui.ui.start import panels

    owner = QWidget()
    qtbot.addWidget(owner)
    got = []

    def build(mode: str) -> QWidget:
        ahead = list(panels._ahead(ValuesPlot, ()))
        plot = panels.made_ahead(ValuesPlot)
        got.append((ahead, plot))
        return plot

    builder = panels.PanelBuilder(owner, {"plot": panels.Plan((), ("ascend_dump_gui.ui.plots.values_plot:ValuesPlot",))},
                                  build)
    builder.start()
    qtbot.waitUntil(lambda: bool(got), timeout=10_000)
    ahead, plot = got[0]
    assert ahead and plot is ahead[-1]  # made in an earlier turn, taken by the panel
    plot.deleteLater()


def test_other_packages_modules_are_imported_in_the_preload_thread_when_asked(qtbot, held_imports):
    from ascend_dump_gui.ui.start.preload import Preload

    seen, release = held_imports
    release.set()
    loads = Preload(())
    loads.request("mailbox")
    qtbot.waitUntil(lambda: loads.settled("mailbox"), timeout=10_000)
    assert ("mailbox", "preload") in seen and "mailbox" in sys.modules


def test_a_qt_user_is_imported_off_the_gui_thread_only_once_the_qt_classes_are_made(qtbot, monkeypatch):
    """PySide makes its classes lazily and not thread-safely: a module built on Qt (pyqtgraph) is imported by the
    preload thread only after the GUI thread made the classes of the Qt modules it uses, a slice per turn."""
    import importlib
    import threading

    from ascend_dump_gui.ui.start import preload

    classes = preload.QtClasses()
    monkeypatch.setattr(preload, "QT_CLASSES", classes)
    monkeypatch.setattr(preload, "QT_USERS", ("mailbox",))   # a stdlib module standing in for pyqtgraph
    real, seen = importlib.import_module, []

    def import_module(name, *args, **kwargs):
        seen.append((name, threading.current_thread().name, classes.ready.is_set()))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib, "import_module", import_module)
    made_on = []
    monkeypatch.setattr(classes, "_make", lambda real_make=classes._make: (
        made_on.append(threading.current_thread().name) or step for step in real_make()))
    loads = preload.Preload(())
    loads.request("mailbox")
    assert not classes.ready.is_set() and not loads.settled("mailbox")   # made on later turns of the event loop
    qtbot.waitUntil(lambda: loads.settled("mailbox"), timeout=20_000)
    assert seen == [("mailbox", "preload", True)]
    assert set(made_on) == {threading.main_thread().name}


def test_browse_opens_its_first_msprobe_tree_after_building_its_browser_in_pieces(shown_panel, qtbot, tmp_path):
    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
    from ascend_dump_gui.ui.dump.panel import BrowsePanel

    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(task="statistics", backward=False))
    (tmp_path / "plain").mkdir()
    panel = shown_panel(BrowsePanel)[0]
    panel.open_folder(tmp_path / "npu")
    waiting = panel.views.currentWidget()
    assert waiting.objectName() == "msprobe_waiting" and str(tmp_path / "npu") in waiting.text()
    assert panel.path_label.text() == str(tmp_path / "npu")
    qtbot.waitUntil(lambda: panel.views.currentWidget().objectName() == "msprobe_browser", timeout=20_000)
    browser = panel.msprobe
    qtbot.waitUntil(lambda: browser.tree is not None, timeout=20_000)
    assert browser.tree.root == tmp_path / "npu" and panel.findChild(QWidget, "msprobe_waiting") is None


def test_a_plain_folder_opened_while_the_msprobe_browser_is_built_stays_shown(shown_panel, qtbot, tmp_path):
    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
    from ascend_dump_gui.ui.dump.panel import BrowsePanel

    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(task="statistics", backward=False))
    (tmp_path / "plain").mkdir()
    panel = shown_panel(BrowsePanel)[0]
    panel.open_folder(tmp_path / "npu")
    panel.open_folder(tmp_path / "plain")   # before the browser is built
    main_page = panel.views.widget(0)
    qtbot.waitUntil(lambda: panel.findChild(QWidget, "msprobe_browser") is not None, timeout=20_000)
    assert panel.views.currentWidget() is main_page and panel.folder == str(tmp_path / "plain")
    assert panel.msprobe.tree is None   # nothing was opened in it


def _browse_label() -> QLabel:
    from ascend_dump_gui.ui.i18n import tr

    return QLabel(tr("Browse"))


def test_what_was_made_ahead_in_another_language_is_not_taken(qtbot):
    """A widget made ahead holds the texts of the language it was made in: after a switch it is dropped."""
    import shiboken6

    from ascend_dump_gui.ui import i18n
    from ascend_dump_gui.ui.start import panels

    english = _browse_label()
    panels._ahead(_browse_label, ()).append(english)   # as the builder keeps what it made ahead
    assert i18n.install_language("zh_CN")
    try:
        taken = panels.made_ahead(_browse_label)
        assert taken is not english and taken.text() == "浏览"
        qtbot.waitUntil(lambda: not shiboken6.isValid(english))   # deleted, not kept for later
    finally:
        i18n.install_language("en")
    taken.deleteLater()
