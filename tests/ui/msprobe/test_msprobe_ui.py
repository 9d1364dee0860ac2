"""msprobe trees in the GUI: Browse opens one (steps, ranks, modules, calls, tensors, stack); Compare compares two."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QTreeWidgetItem

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import Leaf
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.dump.panel import BrowsePanel


def _items(item: QTreeWidgetItem):
    for i in range(item.childCount()):
        child = item.child(i)
        yield child
        yield from _items(child)


@pytest.fixture
def mix_tree(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(task="tensor", level="mix", ranks=(0, 1),
                                                               noise=1e-4, fault_op="dense_1/MatMul"))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(task="tensor", level="mix", ranks=(0, 1)))
    return tmp_path


def test_browse_opens_an_msprobe_tree(shown_panel, qtbot, mix_tree):
    panel = shown_panel(BrowsePanel)[0]
    panel.open_folder(mix_tree / "npu")
    browser = panel.msprobe
    assert panel.views.currentWidget() is browser and not panel.filter_edit.isVisible()
    with qtbot.waitSignal(browser.runShown, timeout=10_000):   # two runs <= 8: expanded at once
        qtbot.waitUntil(lambda: browser.tree is not None, timeout=10_000)
    calls = browser.calls
    step = calls.topLevelItem(0)
    assert step.text(0) == "step 0" and [step.child(i).text(0) for i in range(2)] == ["rank 0", "rank 1"]
    qtbot.waitUntil(lambda: step.child(1).childCount() > 0, timeout=10_000)
    rank0 = step.child(0)
    top = [rank0.child(i).text(0) for i in range(rank0.childCount())]
    assert "Module.dense.Linear.forward.0" in top and "Torch.matmul.0.forward" not in top  # nested in its module
    assert top.count("Module.dense.Linear.forward.0") == 1      # met as a parent first, then as an entry
    module = next(rank0.child(i) for i in range(rank0.childCount())
                  if rank0.child(i).text(0) == "Module.dense.Linear.forward.0")
    call = next(c for c in _items(module) if c.text(0) == "Torch.matmul.0.forward")
    assert call.childCount() == 0       # leaves are listed on demand
    call.setExpanded(True)
    leaf_item = call.child(call.childCount() - 1)
    leaf = leaf_item.data(0, 256)
    assert isinstance(leaf, Leaf) and leaf_item.text(0) == "output.0" and leaf_item.text(3) != ""
    with qtbot.waitSignal(browser.tensorShown, timeout=10_000) as shown:
        calls.setCurrentItem(leaf_item)
    assert shown.args == ["Torch.matmul.0.forward.output.0"]
    assert browser.plot.display() is not None and "train.py" in browser.stack.toPlainText()
    assert browser.set_filter("softmax") == 2 * 4     # Functional.softmax + Module.prob.Softmax, fwd + bwd, 2 ranks
    assert module.isHidden() and not rank0.isHidden()
    assert browser.set_filter("") > 8 and not module.isHidden()


def test_statistics_only_leaf_needs_no_tensor(shown_panel, qtbot, tmp_path):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(task="statistics", backward=False))
    panel = shown_panel(BrowsePanel)[0]
    panel.open_folder(tmp_path)
    browser = panel.msprobe
    qtbot.waitUntil(lambda: browser.tree is not None and browser.calls.topLevelItem(0) is not None, timeout=10_000)
    run_item = browser.calls.topLevelItem(0).child(0)
    qtbot.waitUntil(lambda: run_item.childCount() > 0, timeout=10_000)
    run_item.child(0).setExpanded(True)
    leaf_item = next(i for i in _items(run_item) if isinstance(i.data(0, 256), Leaf))
    browser.calls.setCurrentItem(leaf_item)
    assert "Statistics only" in browser.info.text() and browser.plot.display() is None


def test_compare_two_msprobe_trees(shown_panel, qtbot, mix_tree):
    panel = shown_panel(ComparePanel)[0]
    panel.set_inputs(mix_tree / "npu", mix_tree / "bench")
    panel.run()
    view = panel.msprobe
    assert panel.views.currentWidget() is view
    with qtbot.waitSignal(view.finished, timeout=20_000) as done:
        pass
    result = done.args[0]
    assert result.mode == "all" and len(result.pairs) == 2
    assert "first divergence: Torch.matmul.1.forward.output.0" in view.summary.text()
    assert view.model.rowCount() == sum(len(p.result.rows) for p in result.pairs)
    with qtbot.waitSignal(view.rowShown, timeout=10_000) as shown:
        assert view.go_to_first_divergence()
    assert shown.args == ["Torch.matmul.1.forward.output.0"]
    view.export(mix_tree / "out.csv")
    assert (mix_tree / "out.csv").read_text().startswith("Step,Rank,NPU Name")
    view.export(mix_tree / "out.json")
    assert json.loads((mix_tree / "out.json").read_text())["first_divergence"]["rank"] == 0
    assert not panel.only_failing.isVisible() and not panel.search.isVisible()   # raw-dump controls hidden


def test_run_in_emulator_opens_the_msprobe_tree(tmp_path):
    """An msprobe config run in the emulator: Browse is handed the dump path, which opens as an msprobe tree."""
    import json

    from ascend_dump_gui.core.config.formats.importers import load_config
    from ascend_dump_gui.core.emulator import emulate
    from ascend_dump_gui.core.msprobe import is_msprobe_dir
    from ascend_dump_gui.ui.config.run_emulator import opened_folder

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": "dumps", "level": "mix"}))
    result = emulate(load_config(config), cwd=tmp_path / "run", steps=2)
    folder = opened_folder(result.roots, tmp_path / "run")
    assert folder == tmp_path / "run" / "dumps" and is_msprobe_dir(folder)
