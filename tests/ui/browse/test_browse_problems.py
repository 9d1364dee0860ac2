"""Browse: the Problems list (path, reason, jump), unreadable folders marked, empty and non-dump folders said
in words, counts with the right number, right-click menus."""

from __future__ import annotations

import os
import shutil

import numpy as np
import pytest
from PySide6.QtGui import QGuiApplication

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.scan import scanner, walk
from ascend_dump_gui.ui.dump.panel import BrowsePanel
from ascend_dump_gui.ui.path_menu import path_menu
from tests.ui.test_dump_fixtures import STEP, make_tree


@pytest.fixture
def panel(shown_panel):
    return shown_panel(BrowsePanel)[0]


def _open(panel, qtbot, root):
    with qtbot.waitSignal(panel.indexReady, timeout=10_000):
        panel.open_folder(root)


def test_an_empty_folder_says_so(panel, qtbot, tmp_path):
    _open(panel, qtbot, tmp_path)
    assert panel.notice.isVisible() and "empty" in panel.notice.text()
    assert panel.status_label.text() == "0 files, 1 problem"


def test_a_non_dump_folder_says_so_and_lists_every_problem(panel, qtbot, tmp_path):
    for k in range(3):
        (tmp_path / f"notes{k}.txt").write_text("hello")
    _open(panel, qtbot, tmp_path)
    assert "not a dump folder" in panel.notice.text() and "3 files or folders" in panel.notice.text()
    assert panel.status_label.text() == "0 files, 3 problems"
    model = panel.problems.problems
    assert model.rowCount() == 3 and panel.left_tabs.tabText(1) == "Problems (3)"
    assert model.data(model.index(0, 1)) == "notes0.txt" and "unrecognised" in model.data(model.index(0, 2))


def test_one_file_is_singular(panel, qtbot, tmp_path):
    write_dump(tmp_path / "Add.add.1.1.1700000000000000", op_name="add",
               outputs=[TensorPayload(np.zeros(3, np.float32))])
    _open(panel, qtbot, tmp_path)
    assert panel.status_label.text() == "1 file" and not panel.notice.isVisible()


def test_activating_a_problem_shows_its_path_in_the_tree(panel, qtbot, tmp_path):
    root = make_tree(tmp_path)
    (root / STEP / "stray.bin").write_bytes(b"x")
    _open(panel, qtbot, root)
    model = panel.problems.problems
    row = next(r for r in range(model.rowCount()) if model.path_at(r).endswith("stray.bin"))
    panel.problems.activated.emit(model.index(row, 0))
    qtbot.waitUntil(lambda: panel.tree_model.rel_path(panel.tree.currentIndex()) == f"{STEP}/stray.bin",
                    timeout=10_000)


def test_unreadable_folders_are_marked_in_the_tree_and_listed(panel, qtbot, tmp_path, monkeypatch):
    root = make_tree(tmp_path)
    real_open = os.open
    locked = str(root / "20240101120000")

    def refuse(path, *args, **kwargs):  # root reads everything: refuse like a mode-000 folder would
        if str(path) == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(walk, "WALK", None)      # the Python listing, where the refusal above applies (the C
    monkeypatch.setattr(scanner.os, "open", refuse)  # listing's unreadable folders: tests/core/dump/test_scan_listing)
    _open(panel, qtbot, root)
    tree = panel.tree_model
    qtbot.waitUntil(lambda: tree.rowCount() == 1, timeout=5000)
    assert tree.data(tree.index(0, 2)) == "unreadable"
    assert "Permission denied" in tree.data(tree.index(0, 0), 3)  # the tooltip gives the reason
    assert panel.problems.problems.rowCount() >= 1


def test_a_folder_that_cannot_be_listed_is_marked_and_listed(panel, qtbot, tmp_path):
    root = make_tree(tmp_path)
    _open(panel, qtbot, root)
    tree = panel.tree_model
    qtbot.waitUntil(lambda: tree.rowCount() == 1, timeout=5000)
    shutil.rmtree(root / "20240101120000")  # gone before the user expands it
    with qtbot.waitSignal(tree.listingFailed, timeout=5000):
        tree.fetchMore(tree.index(0, 0))
    assert tree.data(tree.index(0, 2)) == "unreadable"
    model = panel.problems.problems
    assert model.path_at(model.rowCount() - 1) == "20240101120000"


def test_path_menu_copies_the_path_and_offers_compare(qtbot, tmp_path):
    asked: list[str] = []
    menu = path_menu(None, str(tmp_path / "x"), asked.append)
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Copy path", "Show in folder", "Compare with…"]
    menu.actions()[0].trigger()
    assert QGuiApplication.clipboard().text() == str(tmp_path / "x")
    menu.actions()[2].trigger()
    assert asked == [str(tmp_path / "x")]


def test_right_click_in_tree_and_op_table_opens_the_path_menu(panel, qtbot, tmp_path):
    _open(panel, qtbot, make_tree(tmp_path))
    qtbot.waitUntil(lambda: panel.tree_model.rowCount() == 1, timeout=5000)
    rect = panel.tree.visualRect(panel.tree_model.index(0, 0))
    menu = panel.tree_menu_at(rect.center())
    assert [a.text() for a in menu.actions()][-1] == "Compare with…"
    with qtbot.waitSignal(panel.compareRequested) as asked:
        menu.actions()[-1].trigger()
    assert asked.args == [str(panel.tree_model.node(panel.tree_model.index(0, 0)).path)]
    assert panel.tree_menu_at(rect.bottomRight() + rect.bottomRight()) is None
    with qtbot.waitSignal(panel.record_view.tensor_view.tensorShown, timeout=10_000):
        panel.select_op("dense/MatMul")
    table_menu = panel.table_menu_at(panel.table.visualRect(panel.table.currentIndex()).center())
    table_menu.actions()[0].trigger()
    assert QGuiApplication.clipboard().text().endswith(panel.current_record().path)


def test_problems_model_passes_qt_model_checks(qtmodeltester, tmp_path):
    from ascend_dump_gui.core.dump.records import Problem
    from ascend_dump_gui.ui.dump.problems_view import ProblemsModel

    model = ProblemsModel()
    model.set_problems(str(tmp_path), [Problem("a.txt", "unrecognised file"), Problem("", "empty folder")])
    model.add("b", "cannot read folder: Permission denied")
    model.add("b", "cannot read folder: Permission denied")  # listed once
    assert model.rowCount() == 3 and model.data(model.index(1, 1)) == "." and model.path_at(2) == "b"
    qtmodeltester.check(model)
