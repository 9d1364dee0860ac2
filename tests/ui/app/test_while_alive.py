"""A worker's result reaches a view only while the view exists (the window may be closed before it ends)."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QComboBox

from ascend_dump_gui.ui.workers import while_alive


def test_a_result_for_a_deleted_view_is_dropped(qapp):
    box = QComboBox()
    seen = []
    slot = while_alive(box, lambda result: (seen.append(result), box.addItem(str(result))))
    slot(1)
    shiboken6.delete(box)
    slot(2)   # touching the deleted combo box would raise RuntimeError
    assert seen == [1]
