"""Plot and table exports: written only where the user pointed, modes kept, no formula cells, no temps left."""

from __future__ import annotations

import csv
import os
import stat
from xml.etree import ElementTree

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ascend_dump_gui.core.tensor import prepare_display
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import drain

HOSTILE = "=HYPERLINK(\"http://x\")/../../\x1b[31mop\n:output:0"


@pytest.fixture
def plot(qtbot):
    runner = TaskRunner()
    widget = TensorPlot(runner=runner)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    drain(qtbot, runner)


def test_exports_of_a_hostile_named_tensor_stay_put_and_keep_modes(plot, qtbot, tmp_path):
    out = tmp_path / "exports"
    out.mkdir()
    a = -np.arange(12, dtype=np.float32).reshape(3, 4)
    plot.set_display(prepare_display(a), HOSTILE)
    names = {"p.png": 0o640, "p.svg": 0o644, "s.csv": 0o600, "t.npy": 0o664}
    for name, mode in names.items():
        (out / name).write_bytes(b"old")
        os.chmod(out / name, mode)
    plot.export_png(str(out / "p.png"))
    plot.export_svg(str(out / "p.svg"))
    for name, method in (("s.csv", plot.export_csv), ("t.npy", plot.export_npy)):
        with qtbot.waitSignal(plot.exported, timeout=5000):
            method(str(out / name))
    assert sorted(p.name for p in tmp_path.rglob("*")) == sorted(["exports", *names])
    for name, mode in names.items():
        assert stat.S_IMODE(os.stat(out / name).st_mode) == mode and (out / name).read_bytes() != b"old"
    with open(out / "s.csv", newline="") as fh:
        cells = [c for row in csv.reader(fh) for c in row]
    assert cells and all(float(c) <= 0 for c in cells)  # numbers only: nothing a spreadsheet would run
    svg = (out / "p.svg").read_bytes()
    assert b"\x1b" not in svg
    ElementTree.fromstring(svg)  # well-formed XML: a raw control character would break it
    title = plot.findChild(QLabel, "plot_title")
    assert "\\x1b[31mop\\n" in title.text() and title.textFormat() == Qt.TextFormat.PlainText
