"""Heavy third-party modules imported off the GUI thread once the window shows its content, so the modes that
need them later (tensor plots, Compare, Graph) find them loaded instead of freezing the window to import them.

Only third-party modules are preloaded: they never import this package, so the GUI thread importing one of our
modules that needs them only ever waits for the preload, never the other way round.
"""

from __future__ import annotations

import importlib
import queue
import sys
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

HEAVY = ("numpy", "pyqtgraph")
"""Imported once the first mode shows; any other module of another package is imported there when a panel
built in pieces (``ui.start.panels``) needs it."""
POLL_MS = 20


_MODULES = object()
"""Put on the queue by :meth:`Preload.start`: import ``modules`` now (after what was asked for)."""


class Preload:
    """Imports ``modules`` in a background thread once :meth:`start` is called (later calls do nothing), and
    any module asked for with :meth:`request` (the thread starts then), those before the rest of ``modules``."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules
        self._started, self._done, self._idle = threading.Event(), threading.Event(), threading.Event()
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
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S110 - reported where the module is needed
            pass
        finally:
            self._settled.add(name)

    def wait_idle(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until no import runs: one cut off as the process exits can crash
        the interpreter's shutdown."""
        if self._thread is not None:
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
