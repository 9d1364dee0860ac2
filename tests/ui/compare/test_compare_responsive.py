"""Compare's work runs off the GUI thread: the compare and the table's preparation (sort keys, statuses) of a large
result, and the loading of a row's tensors. How long the GUI thread stalls meanwhile is measured, not asserted,
by benchmarks/bench_gui_responsive.py (a wall-clock target fails on a loaded CI machine)."""

from __future__ import annotations

import threading

import numpy as np
from PySide6.QtCore import Qt

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.ui.compare import panel as panel_module
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.compare.table_data import FAIL, STATUS_COLUMN, WARN
from tests.ui.compare.test_compare_table import COS, MAX_ABS, synthetic_result


class Threads:
    """Wraps a worker body (the real one runs) and records the thread each call ran in."""

    def __init__(self, fn) -> None:
        self.fn, self.threads, self.firsts = fn, [], []

    def __call__(self, *args, **kwargs):
        self.threads.append(threading.current_thread())
        self.firsts.append(args[0] if args else None)
        return self.fn(*args, **kwargs)

    def off_the_gui_thread(self) -> bool:
        return bool(self.threads) and all(t is not threading.main_thread() for t in self.threads)


def test_a_compare_and_a_rows_tensors_load_off_the_gui_thread(qtbot, tmp_path, shown_panel, monkeypatch):
    npu, golden = tmp_path / "npu", tmp_path / "golden"
    npu.mkdir()
    golden.mkdir()
    rng = np.random.default_rng(0)
    for k in range(4):
        y = rng.normal(size=(200, 100)).astype(np.float32)
        x = (y + rng.normal(0, 1e-3, y.shape)).astype(np.float16)
        ts = 1_700_000_000_000_000 + k
        write_dump(npu / f"MatMul.op_{k}.{k}.1.{ts}", op_name=f"op_{k}", outputs=[TensorPayload(x)])
        np.save(golden / f"op_{k}.0.{ts}.npy", y)
    table, pair = Threads(panel_module._compare_table), Threads(panel_module._load_pair)
    monkeypatch.setattr(panel_module, "_compare_table", table)
    monkeypatch.setattr(panel_module, "_load_pair", pair)
    panel, _ = shown_panel(ComparePanel)
    panel.set_inputs(npu, golden)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as done:
        panel.run()
    assert len(done.args[0].rows) == 4
    with qtbot.waitSignal(panel.rowShown, timeout=60_000):
        panel.select_op("op_3")
    assert table.off_the_gui_thread() and pair.off_the_gui_thread()


def test_a_100k_row_result_is_prepared_off_the_gui_thread_then_sorted_and_filtered(qtbot, tmp_path, monkeypatch,
                                                                                   shown_panel):
    result = synthetic_result(100_000)
    monkeypatch.setattr(panel_module, "compare", lambda *args, **kwargs: result)  # the table is what is tested
    prepare = Threads(panel_module.prepare_table)
    monkeypatch.setattr(panel_module, "prepare_table", prepare)
    panel, _ = shown_panel(ComparePanel)
    panel.set_inputs(tmp_path, tmp_path)
    model, table = panel.model, panel.table
    with qtbot.waitSignal(panel.finished, timeout=30_000):
        panel.run()  # the worker prepares the table's sort keys and statuses too
    threads = [t for t, first in zip(prepare.threads, prepare.firsts, strict=True) if first is result]
    assert threads and all(t is not threading.main_thread() for t in threads)   # (an empty table is made anywhere)
    for column, order in ((COS, Qt.SortOrder.DescendingOrder), (1, Qt.SortOrder.AscendingOrder),
                          (STATUS_COLUMN, Qt.SortOrder.AscendingOrder), (MAX_ABS, Qt.SortOrder.DescendingOrder)):
        table.sortByColumn(column, order)
    assert model.rowCount() == 100_000 and model.row_at(0).metrics["MaxAbsoluteError"] == 5e-3
    panel.only_failing.setChecked(True)
    failing = model.rowCount()
    assert 0 < failing < 100_000 and {model.status_at(r) for r in range(0, failing, 97)} <= {FAIL, WARN}
    for text in ("o", "op_1", "op_12", "op_1"):
        panel.search.setText(text)
    assert 0 < model.rowCount() < failing
    panel.search.clear()
    panel.only_failing.setChecked(False)
    table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert model.rowCount() == 100_000 and model.row_at(0).index == 0
