"""Run long core functions off the GUI thread, with progress and cancel, and keep them alive until done."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal

from ascend_dump_gui.core.progress import Cancelled, CancelToken

# A worker running Python holds the GIL; the GUI thread, back from C++ (painting, events) with a Python slot or a
# pyqtgraph paint to run, waits up to one switch interval for it, once per Python call. At Python's 5 ms a repaint
# with a few dozen such calls stalled the window for 100+ ms while a 100k-row compare was prepared; at 1 ms the
# stall is a fifth of that and the worker is no slower (measured on the compare responsiveness test). With this
# wave's plots (replay, error profile) a repaint during the run still stalled 170-200 ms at 1 ms in the full UI
# suite; at 0.2 ms it passes (the interval only matters while the GUI thread waits for the GIL).
GUI_SWITCH_INTERVAL = 0.0002


class WorkerSignals(QObject):
    """What a worker reports; slots connected to these run on the GUI thread (queued delivery)."""

    progress = Signal(int, int, object)  # done, total (0 = unknown), message (a str, or a core Text to translate)
    finished = Signal(object)         # the return value
    failed = Signal(object)           # the exception (not Cancelled)
    cancelled = Signal()              # the core function stopped at a cancel check


class Worker(QRunnable):
    """Calls ``fn(*args, progress=..., cancel=..., **kwargs)`` in a pool thread."""

    def __init__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the TaskRunner owns the Python object until a signal arrives
        self.signals = WorkerSignals()
        self.cancel_token = CancelToken()
        self._fn, self._args, self._kwargs = fn, args, kwargs

    def cancel(self) -> None:
        """Ask the core function to stop at its next cancel check."""
        self.cancel_token.cancel()

    def run(self) -> None:  # pool thread: touch no widgets here
        try:
            result = self._fn(*self._args, progress=self.signals.progress.emit,
                              cancel=self.cancel_token, **self._kwargs)
        except Cancelled:
            self._tell(self.signals.cancelled)
        except Exception as exc:  # noqa: BLE001 - handed to the GUI thread
            self._tell(self.signals.failed, exc)
        else:
            self._tell(self.signals.finished, result)

    def _tell(self, signal: Any, *args: Any) -> None:
        """Emit ``signal``; once the application has quit its signal objects are gone and nobody is listening (a
        worker still running then, e.g. the demo being prepared, ends silently instead of raising in its thread)."""
        try:
            signal.emit(*args)
        except RuntimeError:
            if shiboken6.isValid(self.signals):
                raise


class TaskRunner(QObject):
    """Starts workers and holds them until they end, so Python never collects one mid-flight."""

    started = Signal(object)  # the Worker, after start()
    ended = Signal(object)    # the Worker, after finished/failed/cancelled

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._active: dict[WorkerSignals, Worker] = {}
        sys.setswitchinterval(min(sys.getswitchinterval(), GUI_SWITCH_INTERVAL))

    @property
    def active(self) -> frozenset[Worker]:
        return frozenset(self._active.values())

    def start(self, worker: Worker) -> Worker:
        """Run ``worker``; connect its signals before calling this."""
        self._active[worker.signals] = worker
        # Bound slots of this QObject (not lambdas): Qt drops them if the runner is destroyed first.
        worker.signals.finished.connect(self._end)
        worker.signals.failed.connect(self._end)
        worker.signals.cancelled.connect(self._end)
        self.started.emit(worker)
        self._pool.start(worker)
        return worker

    def cancel_all(self) -> None:
        """Ask every running worker to stop."""
        for worker in self._active.values():
            worker.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the pool is idle (used when the window closes)."""
        return self._pool.waitForDone(msecs)

    def _end(self, *_: object) -> None:
        worker = self._active.pop(self.sender(), None)
        if worker is not None:
            self.ended.emit(worker)


def while_alive(owner: QObject, fn: Callable[..., Any]) -> Callable[..., None]:
    """``fn`` called only while ``owner`` still exists: a worker may finish after the view that started it is gone
    (the window closed), and a plain lambda would then touch deleted widgets."""

    def call(*args: Any) -> None:
        if shiboken6.isValid(owner):
            fn(*args)

    return call


GC_INTERVAL_MS = 100
"""How often the GUI thread looks whether a generation is due: often, so that each pass over the youngest one is
short (every 500 ms, one took 16-24 ms of the GUI thread while the panels were built, seen in bench_start's gaps;
every 100 ms, 2-7 ms)."""
OLDER_CADENCE = 5
"""The middle generation is due after this many times its threshold's passes over the youngest (500 ms /
:data:`GC_INTERVAL_MS`): while the youngest is due at every tick, it and the oldest after it are collected as
often as with a 500 ms timer; with fewer allocations, less often than that."""


def collect_garbage_on_the_gui_thread(app: QCoreApplication) -> None:
    """Python's cyclic garbage collector runs in whichever thread allocates when it is due; a widget it finds in a
    cycle is then destroyed in a worker thread, whose ``~QObject`` takes the object's connection lock while the GUI
    thread, holding the GIL, waits for that lock in ``connect``: a deadlock (seen in the UI suite). Automatic
    collection is turned off and done instead by a timer on the GUI thread, each generation when it is due."""
    if app.findChild(QTimer, "gc_timer") is not None:
        return
    gc.disable()
    timer = QTimer(app, objectName="gc_timer", interval=GC_INTERVAL_MS)
    timer.timeout.connect(_collect_due)
    timer.start()


def freeze_long_lived() -> None:
    """Keep what lives as long as the app (modules, classes, the window's widgets) out of the collector's full
    passes: over the objects numpy, pyqtgraph and the panels bring, one takes 60-100 ms on the GUI thread (seen
    in bench_start's gaps). Reference counts still free them; the graph view's loads unfreeze and freeze again.
    For the app's process only (a test process would keep every earlier test's garbage)."""
    gc.freeze()


def _collect_due() -> None:
    counts, thresholds = gc.get_count(), gc.get_threshold()
    due = [gen for gen in (2, 1, 0) if counts[gen] > thresholds[gen] * (OLDER_CADENCE if gen == 1 else 1)]
    if due:
        gc.collect(due[0])
