"""Cyclic garbage holding a QObject is collected on the GUI thread, never in a worker (where ``~QObject`` could
deadlock with the GUI thread: seen in the suite before the collector was moved)."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject


class _Holder(QObject):
    pass


def test_a_qobject_in_a_cycle_dies_on_the_gui_thread(qtbot):
    assert not gc.isenabled()   # automatic collection would run in whichever thread allocates
    where: list[str] = []
    holder = _Holder()
    holder.me = holder           # a reference cycle: only the collector frees it
    weakref.finalize(holder, lambda: where.append(threading.current_thread().name))
    del holder

    kept: list = []

    def allocate() -> None:      # enough new, live container objects that generation 0 is due many times over
        kept.extend([i] for i in range(200_000))

    worker = threading.Thread(target=allocate, name="allocating-worker")
    worker.start()
    worker.join()
    assert where == []           # the worker never collected
    qtbot.waitUntil(lambda: bool(where), timeout=10_000)
    assert where == [threading.main_thread().name]
