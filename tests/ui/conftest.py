"""UI tests: settings in a temp folder (never the developer's real ones), and the shown main window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from ascend_dump_gui.ui.app import build_window


@pytest.fixture(autouse=True)
def isolated_qsettings(tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))


@pytest.fixture
def window(qtbot):
    """The main window, shown; pytest-qt closes it after the test."""
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    return window
