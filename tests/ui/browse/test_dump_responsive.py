"""Browse's work runs off the GUI thread: indexing a big folder, listing it, and preparing a large tensor. How
long the GUI thread stalls meanwhile is measured, not asserted, by benchmarks/bench_gui_responsive.py (a
wall-clock target fails on a loaded CI machine)."""

from __future__ import annotations

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.ui.dump import panel as panel_module
from ascend_dump_gui.ui.dump import tensor_view as tensor_view_module
from ascend_dump_gui.ui.dump.panel import BrowsePanel
from tests.ui.compare.test_compare_responsive import Threads


def _big_tree(root, files: int):
    """``files`` empty op dumps in one step folder (the scan reads names and sizes, not contents), plus one
    real dump holding a 1M-element tensor."""
    step = root / "20240101120000" / "0" / "m" / "1" / "0"
    step.mkdir(parents=True)
    for k in range(files):
        (step / f"Relu.op_{k}.{k}.1.{1_700_000_000_000_000 + k}").touch()
    big = np.random.default_rng(0).normal(size=(1, 1000, 1000)).astype(np.float16)
    write_dump(step / "MatMul.big.1.1.1600000000000000", op_name="big", outputs=[TensorPayload(big)])
    return step


def test_indexing_listing_and_a_large_tensor_load_off_the_gui_thread(qtbot, tmp_path, shown_panel, monkeypatch):
    _big_tree(tmp_path, 2_000)
    index, listing = Threads(panel_module.index_folder), Threads(panel_module._folder_records)
    load = Threads(tensor_view_module._load)
    monkeypatch.setattr(panel_module, "index_folder", index)
    monkeypatch.setattr(panel_module, "_folder_records", listing)
    monkeypatch.setattr(tensor_view_module, "_load", load)
    panel, _ = shown_panel(BrowsePanel)
    with qtbot.waitSignal(panel.indexReady, timeout=60_000):
        panel.open_folder(tmp_path)
    panel.select_folder("20240101120000/0/m/1/0")
    qtbot.waitUntil(lambda: panel.shown_folder() == "20240101120000/0/m/1/0", timeout=60_000)
    assert panel.ops.rowCount() == 2_001
    view = panel.record_view.tensor_view
    with qtbot.waitSignal(view.tensorShown, timeout=60_000):
        panel.select_op("big")
    assert view.plot.display().values.size == 1_000_000
    assert index.off_the_gui_thread() and listing.off_the_gui_thread() and load.off_the_gui_thread()
