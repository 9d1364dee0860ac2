"""The Ranks view on msprobe trees: the same matrix, op columns and "Open in Compare" as for GE trees, all
through the core's tree compare."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ascend_dump_gui.core.emulator.drift import Drift
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.ui.ranks.matrix_model import FIRST_MARK, STATUS_COLOURS
from ascend_dump_gui.ui.ranks.panel import RanksPanel

API = "Torch.matmul.1.forward"


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("ranks_msprobe") / "dump"
    write_msprobe_tree(root, "mlp", MsprobeDumpSpec(task="tensor", steps=(0, 1), ranks=(0, 1, 2), data_parallel=True,
                                                    drift=Drift(2, 1, "dense_1/MatMul")))
    return root


def _compare(qtbot, panel, tree):
    panel.set_inputs(tree, None, mode="ranks")
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=30000)
    return panel.result


def _colour(model, index) -> str:
    return model.data(index, Qt.ItemDataRole.BackgroundRole).color().name()


def test_msprobe_matrix_and_op_columns(qtbot, shown_panel, tree):
    panel, _ = shown_panel(RanksPanel)
    _compare(qtbot, panel, tree)
    model = panel.model
    assert (model.rowCount(), model.columnCount()) == (3, 2)
    first = model.index_of(2, 1)
    assert FIRST_MARK in model.data(first) and _colour(model, first) == STATUS_COLOURS["diverged"]
    assert _colour(model, model.index_of(2, 0)) == STATUS_COLOURS["ok"]
    assert _colour(model, model.index_of(0, 1)) == STATUS_COLOURS["reference"]
    assert "rank 2" in panel.summary.text() and API in panel.summary.text()
    panel.show_ops_of(1)
    ops = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert ops.index("Torch.matmul.0.forward") < ops.index(API)
    cell = model.index_of(2, 1, API)
    assert FIRST_MARK in model.data(cell) and _colour(model, cell) == STATUS_COLOURS["diverged"]
    assert _colour(model, model.index_of(2, 1, "Torch.matmul.0.forward")) == STATUS_COLOURS["ok"]


def test_main_window_opens_an_msprobe_run_in_compare(qtbot, window, tree):
    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    _compare(qtbot, panel, tree)
    assert panel.current_run()["rank"] == 2
    with qtbot.waitSignal(window.runner.ended, timeout=30000):
        panel.open_compare.click()
    assert window.tabs.currentWidget() is window.compare_panel
    view = window.compare_panel.msprobe
    qtbot.waitUntil(lambda: view is not None and view.result is not None, timeout=30000)
    _, row = view.result.first_divergence()
    assert row.tensor == API + ".output.0"


def test_a_tree_of_ge_and_msprobe_runs_shows_one_matrix_per_format(qtbot, shown_panel, tree, tmp_path):
    import shutil

    from ascend_dump_gui.core.emulator.multirank import Drift as GeDrift
    from ascend_dump_gui.core.emulator.multirank import emulate_ranks

    root = tmp_path / "mixed"
    shutil.copytree(tree, root / "msprobe")
    emulate_ranks(root / "ge", ranks=2, steps=2, drift=GeDrift(1, 0, "dense_1/MatMul"))
    panel, _ = shown_panel(RanksPanel)
    result = _compare(qtbot, panel, root)
    assert panel.format.isVisible() and [panel.format.itemText(i) for i in range(panel.format.count())] == \
        ["ge", "msprobe"]
    ge = {(r["rank"], r["step"]) for r in result.runs if r["format"] == "ge"}
    panel.format.setCurrentIndex(0)
    assert panel.model.rowCount() == len({rank for rank, _ in ge}) == 2
    assert _colour(panel.model, panel.model.index_of(1, 0)) == STATUS_COLOURS["diverged"]
    panel.format.setCurrentIndex(1)
    assert (panel.model.rowCount(), panel.model.columnCount()) == (3, 2)
    assert FIRST_MARK in panel.model.data(panel.model.index_of(2, 1))
    assert _colour(panel.model, panel.model.index_of(1, 0)) == STATUS_COLOURS["ok"]
