"""ui.dump.tree_model: lazy listing (sync and in workers), Qt's model checks, counts and alert badges."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QModelIndex, Qt

from ascend_dump_gui.core.scan.tree import DumpNode
from ascend_dump_gui.ui.dump.folder_index import count_folders, index_folder
from ascend_dump_gui.ui.dump.tree_model import DumpTreeModel, KindRole, NodeRole
from ascend_dump_gui.ui.workers import TaskRunner
from tests.ui.test_dump_fixtures import STEP, drain, make_tree


@pytest.fixture
def runner(qtbot):
    tasks = TaskRunner()
    yield tasks
    drain(qtbot, tasks)


def _walk_to(model, parts):
    index = QModelIndex()
    for part in parts:
        if model.canFetchMore(index):
            model.fetchMore(index)
        index = next(model.index(r, 0, index) for r in range(model.rowCount(index))
                     if model.data(model.index(r, 0, index), NodeRole).name == part)
    return index


def test_sync_model_passes_qt_model_checks(qtmodeltester, tmp_path):
    root = make_tree(tmp_path, steps=2)
    model = DumpTreeModel(DumpNode.root(root), sync=True)
    qtmodeltester.check(model)
    step = _walk_to(model, STEP.split("/"))
    if model.canFetchMore(step):
        model.fetchMore(step)
    assert model.rowCount(step) == 6  # 4 dumps, mapping.csv, stats csv
    qtmodeltester.check(model)


def test_async_listing_inserts_rows_when_the_worker_returns(qtmodeltester, qtbot, runner, tmp_path):
    root = make_tree(tmp_path)
    model = DumpTreeModel(DumpNode.root(root), runner=runner)
    qtmodeltester.check(model)  # stays attached: checks the rows inserted later too
    assert model.rowCount() == 0 and model.hasChildren()
    with qtbot.waitSignal(model.listingFinished, timeout=5000):
        model.fetchMore(QModelIndex())
    assert model.rowCount() == 1 and not model.canFetchMore(QModelIndex())
    model.fetchMore(QModelIndex())  # idempotent
    assert model.rowCount() == 1


def test_locate_lists_folders_on_the_way(qtbot, runner, tmp_path):
    root = make_tree(tmp_path)
    model = DumpTreeModel(DumpNode.root(root), runner=runner)
    found = []
    model.locate(STEP, found.append)
    qtbot.waitUntil(lambda: bool(found), timeout=5000)
    assert found[0].isValid() and model.rel_path(found[0]) == STEP
    assert model.data(found[0], Qt.ItemDataRole.DisplayRole) == "0 (step 0)"
    missing = []
    model.locate("20240101120000/nope", missing.append)
    qtbot.waitUntil(lambda: bool(missing), timeout=5000)
    assert not missing[0].isValid()


def test_files_show_kind_and_mapping_names(tmp_path):
    root = make_tree(tmp_path)
    model = DumpTreeModel(DumpNode.root(root), sync=True)
    step = _walk_to(model, STEP.split("/"))
    model.fetchMore(step)
    rows = [model.index(r, 0, step) for r in range(model.rowCount(step))]
    kinds = Counter(model.data(i, KindRole) for i in rows)
    assert kinds == Counter({"tensor": 4, "stats": 1, "mapping": 1})
    hashed = [model.data(i) for i in rows if model.data(i, NodeRole).name[0].isdigit()]
    assert len(hashed) == 1 and "(Add.encoder_layer_layer_" in hashed[0]  # the original name from mapping.csv


def test_index_gives_folder_counts_and_alert_badges(qtbot, tmp_path):
    root = make_tree(tmp_path, steps=2)
    model = DumpTreeModel(DumpNode.root(root), sync=True)
    top = _walk_to(model, ["20240101120000"])
    assert model.data(model.index(top.row(), 2)) is None  # no counts before the scan
    index = index_folder(str(root))
    # the writer fixture has no overflow: add two Opdebug records to the counts to exercise the badge
    index.counts[STEP].update(overflow=2)
    index.counts["20240101120000"].update(overflow=2)
    with qtbot.waitSignal(model.dataChanged):
        model.set_index(index)
    assert model.data(model.index(top.row(), 2)) == "14"  # 8 dumps, 2 stats, 2 mapping.csv, 2 overflow
    assert model.data(model.index(top.row(), 3)) == "2 overflow"
    assert model.data(model.index(top.row(), 0), Qt.ItemDataRole.DecorationRole) is not None
    assert model.data(model.index(top.row(), 3), Qt.ItemDataRole.ForegroundRole) is not None


def test_count_folders_adds_records_to_every_ancestor(tmp_path):
    from ascend_dump_gui.core.scan.scanner import scan

    counts = count_folders(scan(make_tree(tmp_path, steps=2)).records)
    assert counts[""]["tensor"] == 8 and counts[STEP]["tensor"] == 4 and counts[STEP]["stats"] == 1
