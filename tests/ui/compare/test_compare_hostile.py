"""Compare panel: a hostile dump is counted as unreadable, the rest is compared; names show as plain text."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.ui.compare.panel import ComparePanel

TS = 1700000000000000


@pytest.fixture
def panel(shown_panel):
    return shown_panel(ComparePanel)[0]


def test_a_hostile_dump_is_reported_and_the_rest_compared(panel, qtbot, tmp_path):
    x = np.ones((2, 20, 3, 3), np.float16)
    npu, bench = tmp_path / "npu", tmp_path / "bench"
    for side in (npu, bench):
        write_dump(side / f"Conv2D.ok.1.1.{TS}", op_name="<b>ok</b>",
                   outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)])
        shape = (2, 20, 1 << 20, 1 << 20) if side == npu else x.shape
        write_dump(side / f"Conv2D.bad.2.1.{TS + 1}", op_name="bad",
                   outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=shape)])
    panel.set_inputs(npu, bench, None)
    with qtbot.waitSignal(panel.finished, timeout=30_000) as done:
        assert panel.run() is not None
    result = done.args[0]
    rows = {r.op_name: r for r in result.rows}
    assert rows["bad"].unreadable and "cannot restore NC1HWC0" in rows["bad"].fail_reason
    assert rows["<b>ok</b>"].reached is True
    assert "1 unreadable" in panel.summary.text()
    assert panel.summary.textFormat() == Qt.TextFormat.PlainText
