"""Workers run core functions off the GUI thread, report progress, finish, fail and cancel."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QThread

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.progress import CancelToken
from ascend_dump_gui.ui.status import StatusBar
from ascend_dump_gui.ui.workers import TaskRunner, Worker


def count_to(n: int, *, progress, cancel: CancelToken | None = None, gate: threading.Event | None = None):
    """A small core-style function: reports each step, waits on ``gate`` if given, honours cancel."""
    thread = threading.current_thread().name
    for i in range(1, n + 1):
        if gate is not None:
            gate.wait(5)
        if cancel:
            cancel.raise_if_cancelled()
        progress(i, n, f"step {i}")
    return thread


def fail(*, progress, cancel):
    raise InputError("x.json", "not JSON")


def test_worker_reports_progress_then_result_on_the_gui_thread(qtbot):
    runner = TaskRunner()
    worker = Worker(count_to, 3)
    seen = []
    worker.signals.progress.connect(lambda done, total, msg: seen.append((done, total, msg, QThread.currentThread())))
    with qtbot.waitSignal(worker.signals.finished, timeout=3000) as blocker:
        runner.start(worker)
    assert [s[:3] for s in seen] == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    assert all(s[3] is QThread.currentThread() for s in seen)  # slots run on the GUI thread
    assert blocker.args[0] != threading.current_thread().name  # the function ran elsewhere
    qtbot.waitUntil(lambda: not runner.active)


def test_worker_failure_carries_the_exception(qtbot):
    runner = TaskRunner()
    worker = Worker(fail)
    with qtbot.waitSignal(worker.signals.failed, timeout=3000) as blocker:
        runner.start(worker)
    assert isinstance(blocker.args[0], InputError)
    assert "x.json" in str(blocker.args[0])


def test_cancel_stops_the_worker_and_the_runner_forgets_it(qtbot):
    runner = TaskRunner()
    gate = threading.Event()
    worker = Worker(count_to, 1000, gate=gate)
    with qtbot.waitSignal(runner.ended, timeout=3000):
        runner.start(worker)
        assert worker in runner.active
        worker.cancel()
        gate.set()
    assert not runner.active


@pytest.mark.parametrize("press_cancel", [False, True])
def test_status_bar_shows_progress_and_cancels(qtbot, press_cancel):
    runner = TaskRunner()
    bar = StatusBar(runner)
    qtbot.addWidget(bar)
    bar.show()
    gate = threading.Event()
    worker = Worker(count_to, 5, gate=gate)
    bar.track(worker, "Counting")
    done = worker.signals.cancelled if press_cancel else worker.signals.finished
    with qtbot.waitSignal(done, timeout=3000):
        runner.start(worker)
        assert bar.busy and bar.progress_bar.isVisible() and bar.cancel_button.isEnabled()
        if press_cancel:
            bar.cancel_button.click()
            assert "cancelling" in bar.task_label.text()
        gate.set()
    qtbot.waitUntil(lambda: not bar.busy)
    assert not bar.progress_bar.isVisible() and not bar.cancel_button.isVisible()
