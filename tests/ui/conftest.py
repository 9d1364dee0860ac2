"""UI tests: settings in a temp folder (never the developer's real ones), and the shown main window."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtCore import QSettings, QThreadPool

from ascend_dump_gui.ui.app import build_window
from ascend_dump_gui.ui.i18n import install_language
from ascend_dump_gui.ui.workers import TaskRunner, collect_garbage_on_the_gui_thread
from tests.ui.test_dump_fixtures import drain


@pytest.fixture(autouse=True, scope="session")
def garbage_collected_on_the_gui_thread(qapp):
    """As the app does: no widget is destroyed by the garbage collector in a worker thread."""
    collect_garbage_on_the_gui_thread(qapp)


@pytest.fixture(autouse=True)
def isolated_qsettings(tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))


@pytest.fixture(autouse=True)
def pool_left_idle(qtbot):
    """Work a test started ends before the next test: the global pool has as many threads as cores (2 in CI),
    so two leftover workers (a main window's listing, a layout) would starve the next test's worker."""
    yield
    pool = QThreadPool.globalInstance()
    # a test that leaves a worker blocked fails on its own; the next one still gets to run
    with contextlib.suppress(qtbot.TimeoutError):
        qtbot.waitUntil(lambda: pool.activeThreadCount() == 0, timeout=30_000)


@pytest.fixture
def chinese(qapp):
    """The interface in zh_CN for one test (English again afterwards)."""
    assert install_language("zh_CN")
    yield
    install_language("en")


@pytest.fixture(params=["en", "zh_CN"])
def language(request, qapp):
    """The test once in English and once in zh_CN (English again afterwards)."""
    assert install_language(request.param)
    yield request.param
    install_language("en")


@pytest.fixture
def window(qtbot):
    """The main window, shown; pytest-qt closes it after the test."""
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def shown_panel(qtbot):
    """Factory: ``shown_panel(PanelClass)`` builds a panel on its own TaskRunner, shows it at 1200x800 and
    waits until it is exposed; returns ``(panel, runner)``. Background work is drained after the test."""
    runners: list[TaskRunner] = []

    def make(cls):
        runner = TaskRunner()
        runners.append(runner)
        panel = cls(runner)
        qtbot.addWidget(panel)
        panel.resize(1200, 800)
        panel.show()
        qtbot.waitExposed(panel)
        return panel, runner

    yield make
    for runner in runners:
        drain(qtbot, runner)
