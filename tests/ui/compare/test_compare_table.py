"""ui.compare table: sorting and filtering inside the model on a synthetic result (no compare run)."""

from __future__ import annotations

import math

from PySide6.QtCore import QItemSelectionModel, Qt

from ascend_dump_gui.core.compare.engine import CompareResult
from ascend_dump_gui.core.compare.findings import Divergence
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.ui.compare.table_data import (
    FAIL,
    FIXED_COUNT,
    NOT_COMPARED,
    PASS,
    STATUS_COLUMN,
    UNMATCHED,
    WARN,
)
from ascend_dump_gui.ui.compare.table_model import CompareTableModel, StatusRole

METRICS = ["CosineSimilarity", "MaxAbsoluteError"]
COS, MAX_ABS = FIXED_COUNT, FIXED_COUNT + 1
TYPES = ("MatMul", "relu", "Add", "conv2D", "Softmax")


def synthetic_row(k: int) -> CompareRow:
    """Row ``k`` of a made-up result: every 50th row not compared, every 7th missing the accuracy limit,
    every 11th warning on max abs error, every 97th with a NaN cosine, every 1000th (from 3) overflowing."""
    cos = 0.999 - (k * 7919 % 1000) / 10_000
    max_abs = 1e-4 if k % 11 else 5e-3
    compared = k % 50 != 0
    metrics = {"CosineSimilarity": math.nan if k % 97 == 0 else cos, "MaxAbsoluteError": max_abs}
    return CompareRow(
        index=k, tensor=f"block_{k % 977}/Op_{k}:output:0", op_name=f"block_{k % 977}/Op_{k}",
        op_type=TYPES[k % 5], role="output", tensor_index=0, npu_file=f"npu/{k}",
        golden_file=f"golden/{k}.npy" if compared else None, ground_truth=f"src_{k % 13}", dtype="float16",
        golden_dtype="float32" if compared else None, shape=[k % 7 + 1, 16],
        metrics=metrics if compared else dict.fromkeys(METRICS),
        msprobe={"Cosine": cos, "MaxAbsErr": max_abs},
        reached=(k % 7 != 0) if compared else None, overflow=k % 1000 == 3,
        fail_reason=None if compared else "no golden counterpart")


def synthetic_result(count: int, first: int | None = None) -> CompareResult:
    """A CompareResult of ``count`` synthetic rows (built from the core's types; nothing is compared)."""
    rows = [synthetic_row(k) for k in range(count)]
    divergence = None if first is None else Divergence(tensor=rows[first].tensor, op_name=rows[first].op_name,
                                                       op_type=rows[first].op_type, index=first,
                                                       cause="introduced")
    summary = {"compared": sum(r.compared for r in rows), "not_reached": sum(r.reached is False for r in rows),
               "not_compared": sum(r.not_compared for r in rows), "npu": "npu", "golden": "golden",
               "mode": "npu_vs_golden", "unmatched_npu": sum(r.golden_file is None for r in rows),
               "unmatched_golden": 0, "overflows": sum(r.overflow for r in rows)}
    return CompareResult(rows=rows, first_divergence=divergence, overflows=[], watcher_findings=[], unmatched=[],
                         summary=summary, mode="npu_vs_golden", metric_names=list(METRICS))


def _column(model: CompareTableModel, column: int) -> list[str]:
    return [model.data(model.index(r, column)) for r in range(model.rowCount())]


def _model(qtmodeltester, count: int = 300, first: int | None = None) -> CompareTableModel:
    model = CompareTableModel()
    model.set_result(synthetic_result(count, first))
    qtmodeltester.check(model)
    return model


def test_metrics_sort_numerically_with_missing_values_last_both_ways(qtmodeltester):
    model = _model(qtmodeltester)
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        model.sort(COS, order)
        values = [model.row_at(r).metrics["CosineSimilarity"] for r in range(model.rowCount())]
        present = [v for v in values if v is not None and not math.isnan(v)]
        assert present == sorted(present, reverse=order == Qt.SortOrder.DescendingOrder)
        assert all(v is None or math.isnan(v) for v in values[len(present):])  # NaN and None last
        assert len(present) < len(values)
    model.sort(4)  # shapes by element count, not as text ("16" before "112")
    counts = [math.prod(model.row_at(r).shape) for r in range(model.rowCount())]
    assert counts == sorted(counts)
    qtmodeltester.check(model)


def test_text_sorts_ignore_case_and_ties_keep_execution_order(qtmodeltester):
    model = _model(qtmodeltester)
    model.sort(2, Qt.SortOrder.DescendingOrder)
    types = _column(model, 2)
    assert list(dict.fromkeys(types)) == ["Softmax", "relu", "MatMul", "conv2D", "Add"]
    for op_type in TYPES:  # equal keys stay in execution order, descending too
        indexes = [model.row_at(r).index for r in range(model.rowCount()) if types[r] == op_type]
        assert indexes == sorted(indexes)
    model.sort(STATUS_COLUMN)
    statuses = [model.status_at(r) for r in range(model.rowCount())]
    rank = {FAIL: 0, WARN: 1, PASS: 2, NOT_COMPARED: 3, UNMATCHED: 3}
    assert statuses == sorted(statuses, key=rank.get) and statuses[-1] in (NOT_COMPARED, UNMATCHED)
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert _column(model, 0) == [str(k + 1) for k in range(299, -1, -1)]  # "#" counts from 1


def test_only_failing_and_search_combine_and_keep_the_sort(qtmodeltester):
    model = _model(qtmodeltester, first=14)
    model.sort(COS)
    model.set_only_failing(True)
    assert {model.status_at(r) for r in range(model.rowCount())} == {FAIL, WARN}
    assert model.rowCount() == sum(s in (FAIL, WARN) for s in model.statuses())
    model.set_search("  BLOCK_1")
    shown = [model.row_at(r) for r in range(model.rowCount())]
    assert shown and all(r.tensor.startswith("block_1") for r in shown)
    assert [r.metrics["CosineSimilarity"] for r in shown] == sorted(r.metrics["CosineSimilarity"] for r in shown)
    model.set_only_failing(False)
    model.set_search("src_12")  # the ground truth is searched too
    assert model.rowCount() == sum(k % 13 == 12 for k in range(300))
    model.set_search("")
    assert model.rowCount() == 300
    first = model.display_row(model.first_divergence_source())
    assert "first divergence" in model.data(model.index(first, STATUS_COLUMN))
    qtmodeltester.check(model)


def test_selection_follows_its_row_through_sorts_filters_and_a_new_result(qtmodeltester):
    model = _model(qtmodeltester)
    selection = QItemSelectionModel(model)
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    selection.setCurrentIndex(model.index(model.display_row(77), 0), flags)  # a failing row (77 % 7 == 0)
    model.sort(COS, Qt.SortOrder.DescendingOrder)
    model.set_only_failing(True)
    model.set_search("op_77")
    current = selection.currentIndex()
    assert current.data(StatusRole) == FAIL and model.row_at(current.row()).index == 77
    model.set_search("op_78")
    assert not selection.currentIndex().isValid()
    model.set_result(synthetic_result(100))  # the sort column and filters stay
    assert [model.row_at(r).index for r in range(model.rowCount())] == [78]
    model.set_only_failing(False)
    model.set_search("")
    cos = [model.row_at(r).metrics["CosineSimilarity"] for r in range(model.rowCount())]
    assert cos[0] == max(c for c in cos if c is not None and not math.isnan(c))
