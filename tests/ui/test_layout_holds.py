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


def _clipped(widget) -> list[str]:
    """Visible labels (in ``widget``) whose text needs more room than they got."""
    from PySide6.QtWidgets import QLabel

    out = []
    for label in widget.findChildren(QLabel):
        if not label.isVisibleTo(widget) or not label.text() or label.pixmap() and not label.pixmap().isNull():
            continue
        if label.wordWrap():
            short = label.height() < label.heightForWidth(label.width())
        else:
            hint = label.sizeHint()
            short = label.width() < hint.width() - 1 or label.height() < hint.height() - 1
        if short and not isinstance(label, ElidedLabel):
            out.append(f"{label.objectName() or label.text()[:50]!r}: {label.size().toTuple()} < "
                       f"{label.sizeHint().toTuple()}")
    return out


def test_every_populated_mode_fits_1024x700_and_4k(qtbot, tmp_path, language):
    """The demo in every mode, its graph, a ranks matrix and then an msprobe tree: the window's minimum size stays
    within 1024x700, nothing grows it, the demo banner's text is whole, and it still fills a 4K screen."""
    from ascend_dump_gui.ui.demo import DemoBanner
    from tests.ui.populated import populated_window, show_msprobe

    window, wait = populated_window(qtbot, tmp_path)
    sizes = {}
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(30)
        hint = window.minimumSizeHint()
        sizes[window.tabs.tabText(tab)] = (hint.width(), hint.height())
    show_msprobe(window, tmp_path, wait)
    qtbot.wait(30)
    sizes["Browse (msprobe)"] = window.minimumSizeHint().toTuple()
    too_big = {tab: size for tab, size in sizes.items() if size[0] > 1024 or size[1] > 700}
    assert not too_big, f"minimum sizes beyond 1024x700 ({language}): {too_big}"
    assert window.size().toTuple() == (1024, 700)
    banner = window.findChild(DemoBanner)
    assert banner is not None and not _clipped(banner), _clipped(banner)
    window.resize(3840, 2160)
    qtbot.wait(30)
    assert window.size().toTuple() == (3840, 2160) and window.tabs.width() >= 3800
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)
