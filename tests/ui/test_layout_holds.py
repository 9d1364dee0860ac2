"""Layout that holds at 1024x700 and at 4K: path fields get their own rows when narrow, long status text is
elided with a tooltip, and the window never grows by itself."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication

from ascend_dump_gui.ui.elided_label import ElidedLabel

LONG = "cannot list layer_" + "x" * 400 + ": Permission denied"


@pytest.mark.parametrize("size", [(1024, 700), (3840, 2160)])
def test_the_window_fits_and_never_grows(window, qtbot, size):
    window.resize(*size)
    qtbot.wait(50)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 700
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(20)
    window.browse_panel._set_status(LONG)
    window.browse_panel.path_label.setText("/data/" + "very_long_folder_name/" * 30)
    window.compare_panel._set_summary(LONG)
    window.compare_panel.inputs.npu.set_path("/data/" + "x" * 500)
    qtbot.wait(50)
    assert (window.width(), window.height()) == size
    assert window.minimumSizeHint().width() <= 1024


def test_compare_paths_get_their_own_rows_when_narrow(window, qtbot):
    window.resize(1024, 700)
    window.tabs.setCurrentWidget(window.compare_panel)
    qtbot.wait(50)
    inputs = window.compare_panel.inputs
    assert inputs.narrow and inputs.npu.edit.width() >= 600
    window.resize(1900, 1000)
    qtbot.wait(50)
    assert not inputs.narrow and inputs.npu.edit.width() >= 500


def test_long_text_is_elided_with_the_whole_text_in_the_tooltip(qtbot):
    label = ElidedLabel(LONG)
    qtbot.addWidget(label)
    label.resize(200, 20)
    label.show()
    assert label.toolTip() == LONG and label.elided().endswith("…") and len(label.elided()) < len(LONG)
    assert label.minimumSizeHint().width() <= 60 and label.sizeHint().width() <= 480
    label.actions()[0].trigger()  # the right-click "Copy" copies the whole text
    assert QGuiApplication.clipboard().text() == LONG
