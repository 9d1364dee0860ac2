"""ui.dump.op_table and ui.dump.stats_table: Qt's model checks, execution order, filters, numeric sort."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.dump.sidefiles import read_stats_csv
from ascend_dump_gui.core.scan.scanner import scan
from ascend_dump_gui.ui.dump.op_table import OpTableModel, execution_order, kind_index
from ascend_dump_gui.ui.dump.stats_table import StatsSortModel, StatsTableModel, sort_key
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import STEP, drain, make_tree


@pytest.fixture
def runner(qtbot):
    tasks = TaskRunner()
    yield tasks
    drain(qtbot, tasks)


def test_op_table_passes_qt_model_checks_and_keeps_execution_order(qtmodeltester, qtbot, runner, tmp_path):
    root = make_tree(tmp_path, steps=2)
    records = execution_order(scan(root).records)
    model = OpTableModel(runner=runner)
    model.set_records(str(root), records)
    qtmodeltester.check(model)
    stamps = [model.record(r).timestamp for r in range(model.rowCount())]
    assert [s for s in stamps if s is not None] == sorted(s for s in stamps if s is not None)
    assert stamps[-2:] == [None, None]  # mapping.csv files have no timestamp: they go last
    assert records == model.records()


def test_filter_and_sort_happen_in_the_model(qtmodeltester, runner, tmp_path):
    model = OpTableModel(runner=runner)
    model.set_records(str(tmp_path), execution_order(scan(make_tree(tmp_path, steps=2)).records))
    qtmodeltester.check(model)
    model.set_filter("matmul|relu", regex=True, kinds=frozenset({"tensor"}))
    assert sorted(model.record(r).op_name for r in range(model.rowCount())) == [
        "dense_MatMul", "dense_MatMul", "dense_Relu", "dense_Relu"]
    model.sort(2, Qt.SortOrder.DescendingOrder)
    assert [model.data(model.index(r, 2)) for r in range(4)] == ["dense_Relu"] * 2 + ["dense_MatMul"] * 2
    model.sort(0)
    assert [model.record(r).timestamp for r in range(4)] == sorted(model.record(r).timestamp for r in range(4))
    stats = next(r for r in model.records() if r.kind == "stats")
    assert model.row_of(stats.path) == -2 and model.row_of("nope") == -1
    with pytest.raises(re.error):
        model.set_filter("[", regex=True)
    assert model.rowCount() == 4  # an invalid expression changes nothing


def _record(i: int, kind: str, timestamp: int | None, op_type: str = "Add") -> DumpRecord:
    return DumpRecord(f"f{i}", kind, None, None, None, None, None, None, None, op_type, f"op{i}", i, 1, timestamp, i)


def test_execution_order_is_a_stable_sort_by_timestamp_with_the_timeless_last():
    stamps = [5, None, 3, 5, 0, None, 3, 2**63 - 1, 1]
    records = [_record(i, "tensor", t) for i, t in enumerate(stamps)]
    expected = sorted(records, key=lambda r: (r.timestamp is None, r.timestamp or 0))
    assert [r.path for r in execution_order(records)] == [r.path for r in expected]
    assert [r.path for r in execution_order(records)] == ["f4", "f8", "f2", "f6", "f0", "f3", "f7", "f1", "f5"]
    huge = records + [_record(99, "tensor", 2**64)]       # beyond 64 bits: sorted in Python, the same rule
    assert execution_order(huge)[-3].path == "f99" and execution_order([]) == []


def test_the_kind_filter_reads_the_kind_index_given_or_its_own(runner):
    kinds = ["tensor", "stats", "mapping", "tensor", "overflow", "golden", "tensor"]
    records = [_record(i, kind, i, "MatMul" if i % 2 else "Add") for i, kind in enumerate(kinds)]
    names, index = kind_index(records)
    assert names == ("tensor", "stats", "mapping", "overflow", "golden") and index.tolist() == [0, 1, 2, 0, 3, 4, 0]
    for given in (None, (names, index)):
        model = OpTableModel(runner=runner)
        model.set_records("/r", records, given)
        model.set_filter(kinds=frozenset({"tensor", "golden"}))
        assert [model.record(r).path for r in range(model.rowCount())] == ["f0", "f3", "f5", "f6"]
        model.set_filter("matmul", kinds=frozenset({"tensor", "golden"}))
        assert [model.record(r).path for r in range(model.rowCount())] == ["f3", "f5"]
        model.set_filter("matmul")
        assert [model.record(r).path for r in range(model.rowCount())] == ["f1", "f3", "f5"]
        model.set_filter(kinds=frozenset())
        assert model.rowCount() == 0


def test_stats_table_sorts_numbers_numerically(qtmodeltester, tmp_path):
    path = next(p for p in (make_tree(tmp_path) / STEP).iterdir() if p.suffix == ".csv" and p.name != "mapping.csv")
    rows = read_stats_csv(path) + [{**read_stats_csv(path)[0], "Avg Value": 10.0, "Max Value": None}]
    model = StatsTableModel()
    model.set_rows(rows)
    qtmodeltester.check(model)
    proxy = StatsSortModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    column = header.index("Avg Value")
    proxy.sort(column)
    assert [proxy.index(r, column).data() for r in range(3)] == ["0.5", "0.75", "10"]
    assert model.data(model.index(2, header.index("Max Value"))) == "NA"
    assert sort_key(None) > sort_key("text") > sort_key(float("nan")) > sort_key(1e9)
