"""The main window builds and closes without Qt warnings."""

from ascend_dump_gui.ui.app import build_window


def test_main_window_builds(qtbot):
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle().startswith("Ascend Dump")
