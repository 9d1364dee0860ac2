"""ui.sorted_rows: sort keys of mixed values, stable sorts with missing values last, masks, layout changes."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, Qt

from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.ui import sorted_rows
from ascend_dump_gui.ui.dump.op_table import NAME, TIMESTAMP, OpTableModel
from ascend_dump_gui.ui.sorted_rows import MISSING, RowOrder, reorder, sort_ranks


def _order(values, descending=False, mask=None):
    order = RowOrder(len(values))
    order.sort(sort_ranks(values), descending)
    order.set_mask(None if mask is None else np.array(mask))
    return [int(k) for k in order.rows]


def test_numbers_sort_numerically_then_text_case_insensitively_and_missing_last():
    values = [10, "beta", None, 9.5, float("nan"), "Alpha", "", 2**70, -1, "alpha", np.float32(3)]
    shown = [values[k] for k in _order(values)]
    assert shown[:5] == [-1, 3.0, 9.5, 10, 2**70]
    assert shown[5:8] == ["Alpha", "alpha", "beta"]  # equal ignoring case: kept in their order
    assert shown[8] is None and math.isnan(shown[9]) and shown[10] == ""
    keys = sort_ranks(values)
    assert keys[5] == keys[9] and keys[2] == keys[4] == keys[6] == MISSING


def test_descending_reverses_values_keeps_ties_stable_and_missing_last():
    values = [2.0, None, 1.0, 2.0, 3.0, float("nan"), 1.0]
    assert _order(values) == [2, 6, 0, 3, 4, 1, 5]
    assert _order(values, descending=True) == [4, 0, 3, 2, 6, 1, 5]
    assert _order(["b", "A", "a", "B"], descending=True) == [0, 3, 1, 2]


def test_masks_combine_with_any_order_and_positions_follow():
    values = [5, 4, 3, 2, 1]
    order = RowOrder(5)
    order.sort(sort_ranks(values))
    order.set_mask(np.array([True, False, True, False, True]))
    assert list(order.rows) == [4, 2, 0] and len(order) == 3
    assert [order.position(k) for k in range(6)] == [2, -1, 1, -1, 0, -1]
    order.sort(None, descending=True)  # source order, reversed; the mask stays
    assert list(order.rows) == [4, 2, 0]
    order.sort(None)
    order.set_mask(None)
    assert list(order.rows) == [0, 1, 2, 3, 4]


def test_long_texts_are_ranked_in_python_the_same_way(monkeypatch):
    values = ["b", None, "", "A", 3, "a", "Ä", "ä", float("nan"), "B", 1.5]
    fast = sort_ranks(values)
    monkeypatch.setattr(sorted_rows, "NUMPY_TEXT_CHARS", 0)
    assert list(sort_ranks(values)) == list(fast)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-5, 5), st.floats(allow_infinity=True),
                          st.sampled_from(["", "a", "A", "b", "Zeta", "ä"])), max_size=40), st.booleans())
def test_sort_agrees_with_a_python_stable_sort(values, descending):
    def missing(v):
        return v is None or v == "" or (isinstance(v, float) and math.isnan(v))

    def key(v):  # numbers first, then text by its case-folded form
        return (0, v, "") if isinstance(v, (int, float)) else (1, 0, v.casefold())

    present = [k for k, v in enumerate(values) if not missing(v)]
    expected = sorted(present, key=lambda k: key(values[k]), reverse=descending)  # reverse=True is stable too
    expected += [k for k, v in enumerate(values) if missing(v)]
    assert _order(values, descending) == expected


class _Letters(QAbstractTableModel):
    """A one-column model over letters, ordered by a RowOrder."""

    def __init__(self, letters: str) -> None:
        super().__init__()
        self.letters = letters
        self.order = RowOrder(len(letters))

    def rowCount(self, parent=QModelIndex()):  # noqa: B008
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent=QModelIndex()):  # noqa: B008
        return 0 if parent.isValid() else 1

    def data(self, index, role=0):
        return self.letters[self.order.rows[index.row()]] if index.isValid() and role == 0 else None


def test_reorder_keeps_selection_and_current_on_their_rows(qtmodeltester):
    model = _Letters("dbeac")
    qtmodeltester.check(model)
    selection = QItemSelectionModel(model)
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    selection.setCurrentIndex(model.index(2, 0), flags)  # "e"
    reorder(model, model.order, lambda: model.order.sort(sort_ranks(list(model.letters))))
    assert [model.index(r, 0).data() for r in range(5)] == list("abcde")
    assert selection.currentIndex().data() == "e" and selection.currentIndex().row() == 4
    assert [i.data() for i in selection.selectedRows()] == ["e"]
    reorder(model, model.order, lambda: model.order.set_mask(np.array([c != "a" for c in model.letters])))
    assert model.rowCount() == 4 and selection.currentIndex().row() == 3
    reorder(model, model.order, lambda: model.order.set_mask(np.array([c < "e" for c in model.letters])))
    assert model.rowCount() == 4 and not selection.currentIndex().isValid()
    qtmodeltester.check(model)


def _record(k: int, name: str | None, timestamp: int | None) -> DumpRecord:
    return DumpRecord(path=f"step/Op.{name}.{k}.csv", kind="stats", world_size=None, rank=None, time=None,
                      device=0, model_name="m", model_id=1, iteration=0, op_type="Op", op_name=name, task_id=k,
                      stream_id=1, timestamp=timestamp, size=1)


def test_browse_op_table_sorts_through_the_shared_order(qtmodeltester):
    names = ["relu_b", "MatMul", "relu_A", "add", "matmul"]
    model = OpTableModel()
    model.set_records("/nowhere", [_record(k, n, None if k == 1 else 100 - k) for k, n in enumerate(names)])
    qtmodeltester.check(model)
    selection = QItemSelectionModel(model)
    selection.setCurrentIndex(model.index(0, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect)
    model.sort(NAME)
    assert [model.record(r).op_name for r in range(5)] == ["add", "MatMul", "matmul", "relu_A", "relu_b"]
    assert model.record(selection.currentIndex().row()).op_name == "relu_b"
    model.sort(TIMESTAMP, Qt.SortOrder.DescendingOrder)
    assert [model.record(r).timestamp for r in range(5)] == [100, 98, 97, 96, None]
    model.set_filter("relu")
    assert [model.record(r).op_name for r in range(2)] == ["relu_b", "relu_A"]
    assert selection.currentIndex().row() == 0
    qtmodeltester.check(model)
