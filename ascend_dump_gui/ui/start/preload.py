"""Heavy third-party modules imported off the GUI thread once the window shows its content, so the modes that
need them later (tensor plots, Compare, Graph) find them loaded instead of freezing the window to import them.

Only third-party modules are preloaded: they never import this package, so the GUI thread importing one of our
modules that needs them only ever waits for the preload, never the other way round.

PySide creates each Qt class the first time Python asks for it, and that is not safe from two threads at once
(its registry of classes still to create is changed while another creation walks it: a rare segfault). pyqtgraph's
import asks for every class of QtCore, QtGui and QtWidgets, so the classes of the Qt modules it uses are created on
the GUI thread first, a few per turn of the event loop (:class:`QtClasses`), and a module that builds on Qt
(:data:`QT_USERS`) is imported by the thread only after that.
"""

from __future__ import annotations

import importlib
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator

from PySide6.QtCore import QCoreApplication, QObject, QTimer

HEAVY = ("numpy", "pyqtgraph")
"""Imported once the first mode shows; any other module of another package is imported there when a panel
built in pieces (``ui.start.panels``) needs it."""
POLL_MS = 20
QT_USERS = ("pyqtgraph",)
"""Other packages that build on the Qt bindings: imported by the thread once :data:`QT_CLASSES` are made."""
QT_MODULES = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg", "PySide6.QtTest",
              "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets")
"""The Qt modules :data:`QT_USERS` import (pyqtgraph 0.13-0.14), whose classes are made on the GUI thread."""
CLASSES_SECONDS = 0.008
"""How long one turn of the event loop makes Qt classes for."""


def _needs_qt(name: str) -> bool:
    return name.partition(".")[0] in QT_USERS


class QtClasses:
    """Makes every class of :data:`QT_MODULES` on the GUI thread, a few per turn of the event loop, once
    :meth:`start` is called there; :attr:`ready` is set when all are made (a module that cannot be imported is
    left out)."""

    def __init__(self) -> None:
        self.ready = threading.Event()
        self._steps: Iterator[None] | None = None
        self._timer: QTimer | None = None

    def start(self) -> None:
        """Start making them (GUI thread; later calls do nothing)."""
        if self._steps is not None or self.ready.is_set():
            return
        self._steps = self._make()
        self._timer = QTimer(QCoreApplication.instance(), singleShot=True)
        self._timer.timeout.connect(self._step)
        self._timer.start(0)

    @staticmethod
    def _make() -> Iterator[None]:
        for name in QT_MODULES:
            try:
                __import__(name)
            except ImportError:
                continue
            yield
            module = sys.modules[name]
            for attribute in dir(module):
                try:
                    getattr(module, attribute)
                except Exception:  # noqa: BLE001, S112 - a class that cannot be made is not made by anyone
                    continue
                yield

    def _step(self) -> None:
        deadline = time.perf_counter() + CLASSES_SECONDS
        for _ in self._steps:
            if time.perf_counter() >= deadline:
                self._timer.start(0)
                return
        self.ready.set()
        self._timer.deleteLater()


QT_CLASSES = QtClasses()
"""The process's Qt classes, made before :data:`QT_USERS` are imported off the GUI thread."""


_MODULES = object()
"""Put on the queue by :meth:`Preload.start`: import ``modules`` now (after what was asked for)."""


class Preload:
    """Imports ``modules`` in a background thread once :meth:`start` is called (later calls do nothing), and
    any module asked for with :meth:`request` (the thread starts then), those before the rest of ``modules``."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules
        self._started, self._done, self._idle = threading.Event(), threading.Event(), threading.Event()
        self._stopping = threading.Event()
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._settled: set[str] = set()
        self._thread: threading.Thread | None = None

    @property
    def done(self) -> bool:
        """True once ``modules`` are imported (or failed)."""
        return self._done.is_set()

    def start(self) -> None:
        """Import the modules in the thread; one that fails is left to the code that needs it, which imports it
        again and says why."""
        if self._started.is_set():
            return
        self._started.set()
        self._put(_MODULES)

    def request(self, name: str) -> None:
        """Import ``name`` in the thread too (before the rest of ``modules``): only a module of another package,
        which never imports this one."""
        self._put(name)

    def _put(self, item: object) -> None:
        if any(map(_needs_qt, self.modules if item is _MODULES else (str(item),))):
            QT_CLASSES.start()   # GUI thread: the classes are made here before the thread imports those
        self._idle.clear()
        self._queue.put(item)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="preload", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        pending: list[str] = []
        modules_asked = False
        while True:
            try:
                item = self._queue.get_nowait()  # asked for: before the rest of ``modules``
            except queue.Empty:
                if pending:
                    item = pending.pop(0)
                else:
                    if modules_asked:
                        self._done.set()
                    self._idle.set()
                    item = self._queue.get()
                    self._idle.clear()
            if item is _MODULES:
                pending.extend(self.modules)
                modules_asked = True
            else:
                self._import(str(item))

    def _import(self, name: str) -> None:
        try:
            if _needs_qt(name):
                while not QT_CLASSES.ready.wait(POLL_MS / 1000):
                    if self._stopping.is_set():   # the application ends: not imported
                        return
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S110 - reported where the module is needed
            pass
        finally:
            self._settled.add(name)

    def wait_idle(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until no import runs: one cut off as the process exits can crash
        the interpreter's shutdown."""
        if self._thread is not None:
            self._stopping.set()
            self._idle.wait(timeout)

    def settled(self, name: str) -> bool:
        """True once :meth:`request`'s ``name`` is imported (or failed)."""
        return name in self._settled

    def then(self, context: QObject, fn: Callable[[], object]) -> None:
        """Call ``fn`` on the GUI thread once the imports have finished (on the next turn when they have, or when
        they were never started); nothing is called once ``context`` is gone."""
        if not self._started.is_set() or self._done.is_set():
            QTimer.singleShot(0, context, fn)
            return
        timer = QTimer(context, interval=POLL_MS)

        def check() -> None:
            if self._done.is_set():
                timer.stop()
                timer.deleteLater()
                fn()

        timer.timeout.connect(check)
        timer.start()


def imported(name: str) -> bool:
    """True when module ``name`` is imported and done (not being imported by some thread right now)."""
    module = sys.modules.get(name)
    return module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False)


HEAVY_MODULES = Preload(HEAVY)
"""The application's preload: started by the main window once its first mode shows."""


def preload() -> None:
    """Start importing :data:`HEAVY` off the GUI thread (once per process)."""
    HEAVY_MODULES.start()


def when_preloaded(context: QObject, fn: Callable[[], object]) -> None:
    """Call ``fn`` once :func:`preload` has finished (at once, on the next turn, if it was never started)."""
    HEAVY_MODULES.then(context, fn)
