"""Smaller items: export default folder and name, overflow status in words, "#" from 1 everywhere, empty
findings tables say why, one NaN spelling, hashed names resolved in the tree."""

from __future__ import annotations

import os

import pytest

from ascend_dump_gui.core.compare.findings import Overflow
from ascend_dump_gui.ui.compare.findings_view import overflow_rows, status_words
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.compare.table_model import _cell
from ascend_dump_gui.ui.dump.panel import BrowsePanel
from ascend_dump_gui.ui.numbers import number_text
from tests.ui.compare.test_compare_panel import overflow_run  # noqa: F401 - a module-scoped fixture
from tests.ui.test_dump_fixtures import LONG_NAME, STEP, make_tree


@pytest.fixture
def browse(shown_panel):
    return shown_panel(BrowsePanel)[0]


def test_export_proposes_the_dump_folder_and_a_name_from_the_tensor(browse, qtbot, tmp_path):
    root = make_tree(tmp_path)
    with qtbot.waitSignal(browse.indexReady, timeout=10_000):
        browse.open_folder(root)
    view = browse.record_view.tensor_view
    with qtbot.waitSignal(view.tensorShown, timeout=10_000):
        browse.select_op("dense/MatMul")
    proposed = view.plot.default_export_path(".npy")
    record = browse.current_record().path
    assert os.path.dirname(proposed) == str(root / STEP)
    assert os.path.basename(proposed) == os.path.basename(record).replace(".", "_") + "_output_0.npy"
    view.plot._last_export_folder = str(tmp_path / "exports")  # the folder used last wins next time
    assert view.plot.default_export_path(".csv").startswith(str(tmp_path / "exports") + os.sep)


def test_hashed_names_are_resolved_in_the_tree(browse, qtbot, tmp_path):
    root = make_tree(tmp_path)
    with qtbot.waitSignal(browse.indexReady, timeout=10_000):
        browse.open_folder(root)
    found = []
    browse.tree_model.locate(STEP, found.append)
    qtbot.waitUntil(lambda: bool(found), timeout=10_000)
    step = found[0]
    browse.tree_model.fetchMore(step)
    qtbot.waitUntil(lambda: browse.tree_model.rowCount(step) > 0, timeout=10_000)
    labels = [browse.tree_model.index(r, 0, step).data() for r in range(browse.tree_model.rowCount(step))]
    assert any(LONG_NAME.replace("/", "_") in label for label in labels), labels


def test_overflow_status_in_words_and_numbering_from_one():
    rows = overflow_rows([Overflow("dense/MatMul:output:0", "dense/MatMul", "MatMulV2", "float16", "inf", 3,
                                   record={"file": "f", "task_id": 1, "stream_id": 0, "status": "AIC status 0x400"},
                                   status=["AIC status 0x400"]),
                          Overflow(None, "x", "Add", None, "status", None)])
    (op, cells), (_, second) = rows
    assert cells[0] == "4" and second[0] == ""
    assert cells[3] == "Inf values + overflow record" and second[3] == "overflow record"
    assert cells[4] == "dense/MatMul:output:0 [float16]" and second[4] == ""
    assert cells[5].startswith("AI Core reported an overflow (status word 0x400)")
    assert "65504" in cells[5] and "65504" not in second[5]
    assert status_words("weird") == "weird"


def test_one_nan_spelling():
    assert [number_text(v) for v in (float("nan"), float("inf"), -float("inf"), 1.5)] == [
        "NaN", "+Inf", "-Inf", "1.5"]
    assert _cell(float("nan")) == "NaN" and _cell(None) == "NaN" and _cell(0.25) == "0.250000"


def test_empty_findings_tables_say_why(shown_panel, qtbot, overflow_run):  # noqa: F811
    panel = shown_panel(ComparePanel)[0]
    assert "Run a compare" in panel.watcher_table.empty_text
    _, npu, golden, graph = overflow_run
    panel.set_inputs(npu, golden, graph)
    with qtbot.waitSignal(panel.finished, timeout=30_000):
        panel.run()
    assert panel.watcher_table.rowCount() == 0 and "No watcher findings" in panel.watcher_table.empty_text
    panel.details.setCurrentWidget(panel.watcher_table)
    panel.watcher_table.grab()  # paints the note without a Qt warning
