"""The Graph mode on msprobe runs msprobe wrote (L0, L1, mix, two ranks): construct.json's hierarchy, forward
and backward, the bench beside the NPU run coloured by msprobe's verdicts, Go to first divergence, selections
kept in step, a match by hand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ascend_dump_gui.core.graph import overlay as ov
from ascend_dump_gui.core.graph.model import GROUP, OP
from ascend_dump_gui.core.graph.msprobe_model import BACKWARD, FORWARD, direction_of
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.tree import open_tree
from ascend_dump_gui.ui.graph.items import FILL
from ascend_dump_gui.ui.graph.panel import GraphPanel
from tests.core.graph.msprobe_trees import PAIRS, REAL, assert_hierarchy_is_constructs


def _shown(qtbot, panel: GraphPanel, start) -> None:
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        start()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)


def _direction(qtbot, panel: GraphPanel, direction: str) -> None:
    index = panel.direction.findData(direction)
    panel.direction.setCurrentIndex(index)
    _shown(qtbot, panel, lambda: panel.direction.activated.emit(index))


@pytest.mark.parametrize("tree", ["L0_tensor", "L1_stats", "mix_stats"])
def test_a_run_shows_construct_jsons_hierarchy_forward_and_backward(qtbot, shown_panel, tree):
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_graph(REAL[tree]))
    assert panel.direction.isVisible() and panel.bench_button.isVisible() and not panel.match_button.isVisible()
    run_path = panel.msprobe.run.path
    for direction in (FORWARD, BACKWARD):
        if panel.msprobe.direction != direction:
            _direction(qtbot, panel, direction)
        view = panel.msprobe
        assert view.direction == direction and panel.loaded.npu is view.npu.model
        assert_hierarchy_is_constructs(view.npu, run_path)
        canvas = panel.npu_side.canvas
        tops = {k for k in canvas.boxes}
        wanted = {view.npu.node_path(n) for n, parent in view.npu.parents.items() if parent is None}
        assert tops == wanted   # everything closed: the top-level modules and calls
        assert all((direction in name) or "parameters_grad" in name for _, name in tops if _ == OP) or not tops
        assert direction in panel.info.text() or panel.direction.currentText() in panel.info.text()


def test_two_ranks_are_picked_in_the_run_choice(qtbot, shown_panel):
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_graph(REAL["two_rank"]))
    choice = panel.graph_choice
    assert [choice.itemText(i) for i in range(choice.count())] == ["step0/rank0", "step0/rank1"]
    assert choice.isVisible() and panel.msprobe.run.rank == 0
    choice.setCurrentIndex(1)
    _shown(qtbot, panel, lambda: choice.activated.emit(1))
    assert panel.msprobe.run.rank == 1 and choice.currentText() == "step0/rank1"
    assert_hierarchy_is_constructs(panel.msprobe.npu, panel.msprobe.run.path)


@pytest.mark.parametrize("level", PAIRS)
def test_bench_beside_coloured_by_msprobe_and_first_divergence(qtbot, shown_panel, level):
    npu, bench = PAIRS[level]
    expected = compare_runs(open_tree(npu).runs[0], open_tree(bench).runs[0]).first_divergence.npu.entry
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_msprobe(npu, bench=bench))
    assert not panel.original_side.isHidden() and panel.match_button.isVisible()
    assert panel.side_by_side.text() == "Bench graph"
    npu_canvas = panel.npu_side.canvas
    assert panel.goto_button.isEnabled()
    assert npu_canvas.overlay.first_divergence == panel.msprobe.npu.node_path(expected)[1]
    panel.go_to_first_divergence()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    key = panel.msprobe.npu.node_path(expected)
    assert npu_canvas.selected_keys() == [key]
    box = npu_canvas.boxes[key]
    assert box.brush().color() == QColor(FILL[ov.FIRST_DIVERGENCE])
    if key[0] == OP:   # the bench side shows the matched call, in step
        qtbot.waitUntil(lambda: panel.original_side.canvas.selected_keys() == [(OP, expected)], timeout=30_000)
    model = panel.msprobe.npu.model
    chain = model.group_chain(model.ops[expected].group if key[0] == OP else key[1])
    for group in chain:   # a module: the worst of its calls (level L1 has no modules)
        assert npu_canvas.overlay.groups[group] == ov.FIRST_DIVERGENCE
    _direction(qtbot, panel, BACKWARD)
    assert panel.msprobe.comparison is not None and not panel.original_side.isHidden()
    if direction_of(expected) == FORWARD:
        assert not panel.goto_button.isEnabled() and expected in panel.info.text()
    assert set(npu_canvas.overlay.ops.values()) <= set(ov.RANK)


def test_a_match_by_hand_is_used_by_the_next_compare(qtbot, shown_panel):
    npu, bench = PAIRS["mix"]
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_msprobe(npu, bench=bench))
    a, b = "Functional.gelu.1.forward", "Functional.gelu.0.forward"
    panel.npu_side.reveal([a])
    panel.original_side.reveal([b])
    qtbot.waitUntil(lambda: not panel.busy and panel.original_side.canvas.selected_keys() == [(OP, b)]
                    and panel.npu_side.canvas.selected_keys() == [(OP, a)], timeout=30_000)
    _shown(qtbot, panel, panel.match_selected)
    assert panel.msprobe.call_map == {a: b}
    assert panel.msprobe.links.npu_to_original[a] == [b]
    rows = [r for r in panel.msprobe.comparison.rows if r.npu.entry == a]
    assert rows and all(r.bench.entry == b for r in rows)
    _direction(qtbot, panel, BACKWARD)      # the session keeps the match
    _direction(qtbot, panel, FORWARD)
    assert panel.msprobe.call_map == {a: b}
    from ascend_dump_gui.core.msprobe.tree_compare import compare_trees

    tree = compare_trees(npu, bench, matches=panel.matches)   # as the Compare view's msprobe compare runs it
    rows = [r for r in tree.pairs[0].result.rows if r.npu.entry == a]
    assert rows and all(r.bench.entry == b for r in rows)
    assert (GROUP, panel.msprobe.npu.group_of["Module.layers.Sequential.forward.0"]) in panel.npu_side.canvas.boxes


def _two_rank_pair(tmp_path):
    """two_rank (msprobe-written; its tensor files left out, so read as a statistics dump) as the bench, and a
    copy whose rank 1 has one GELU output's statistics scaled by 10 as the NPU run."""
    import json
    import shutil

    bench, npu = tmp_path / "bench", tmp_path / "npu"
    shutil.copytree(REAL["two_rank"], bench)
    shutil.copytree(REAL["two_rank"], npu)
    for path in [*npu.rglob("dump.json"), *bench.rglob("dump.json")]:
        doc = json.loads(path.read_text())
        doc["task"] = "statistics"
        if path.parent.name == "rank1" and path.is_relative_to(npu):
            out = doc["data"]["Functional.gelu.1.forward"]["output"][0]
            out["Max"], out["Norm"] = out["Max"] * 10, out["Norm"] * 10
        path.write_text(json.dumps(doc))
    return npu, bench


def test_the_rank_module_map_shows_which_module_diverges_on_which_rank(qtbot, shown_panel, tmp_path):
    from ascend_dump_gui.core.graph.rank_modules import rank_module_map

    npu, bench = _two_rank_pair(tmp_path)
    expected = rank_module_map(npu, bench, mode="summary")
    assert expected.first == ("step0/rank1", "Module.blocks.1.act.GELU.forward.0")
    assert {expected.status("step0/rank0", m) for m in expected.modules} == {ov.PASS}
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_msprobe(npu, bench=bench))
    assert panel.msprobe.run.label == "step0/rank0" and not panel.goto_button.isEnabled()  # all data is there
    assert panel.map_button.isVisible() and panel.rank_map.isHidden()
    panel.show_rank_map()
    qtbot.waitUntil(lambda: not panel.busy and panel.rank_map.isVisible(), timeout=60_000)
    model = panel.rank_map.model
    assert model.rowCount() == 2 and model.map.runs == expected.runs and model.map.modules == expected.modules
    column = model.map.modules.index("Module.blocks.1.act.GELU.forward.0")
    cell = model.index(1, column)
    assert model.data(cell) == "◆"
    assert model.data(cell, Qt.ItemDataRole.BackgroundRole).color() == QColor(FILL[ov.FIRST_DIVERGENCE])
    assert model.data(model.index(0, column), Qt.ItemDataRole.BackgroundRole).color() == QColor(FILL[ov.PASS])
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        panel.rank_map.table.activated.emit(cell)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert panel.msprobe.run.label == "step0/rank1" and panel.graph_choice.currentText() == "step0/rank1"
    key = panel.msprobe.npu.node_path("Module.blocks.1.act.GELU.forward.0")
    qtbot.waitUntil(lambda: panel.npu_side.canvas.selected_keys() == [key], timeout=30_000)


def test_pipeline_stages_are_one_model_in_the_run_choice(qtbot, shown_panel):
    from tests.core.graph.msprobe_trees import DATA

    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_graph(DATA / "pipeline"))
    choice = panel.graph_choice
    assert [choice.itemText(i) for i in range(choice.count())] == ["step0/rank0", "step0/rank1", "pipeline:step0"]
    choice.setCurrentIndex(2)
    _shown(qtbot, panel, lambda: choice.activated.emit(2))
    assert panel.msprobe.label == "pipeline:step0" and choice.currentText() == "pipeline:step0"
    canvas = panel.npu_side.canvas
    stages = [k for k in canvas.boxes if k[0] == GROUP]
    assert [panel.loaded.npu.groups[k[1]].label for k in stages] == ["stage 1 · rank0", "stage 2 · rank1"]
    assert len(canvas.edges) == 1     # the activation rank 0 sends to rank 1
    _direction(qtbot, panel, BACKWARD)
    assert panel.msprobe.label == "pipeline:step0"
    first = next(k for k in panel.npu_side.canvas.boxes if k[0] == GROUP)
    assert panel.loaded.npu.groups[first[1]].label == "stage 1 · rank1"


def test_the_compare_view_uses_the_graphs_hand_made_matches(qtbot, window):
    npu, bench = PAIRS["mix"]
    a, b = "Functional.gelu.1.forward", "Functional.gelu.0.forward"
    runs = open_tree(npu).runs[0], open_tree(bench).runs[0]
    window.graph_panel.matches.add(runs[0].path, runs[1].path, a, b)
    compare = window.compare_panel
    compare.set_inputs(str(npu), str(bench))
    compare.run()
    qtbot.waitUntil(lambda: compare.msprobe is not None and compare.msprobe.result is not None, timeout=30_000)
    rows = [r for r in compare.msprobe.result.pairs[0].result.rows if r.npu.entry == a]
    assert rows and all(r.bench.entry == b for r in rows)


def test_opening_a_module_on_the_npu_side_opens_it_on_the_bench_side(qtbot, shown_panel):
    npu, bench = PAIRS["mix"]
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_msprobe(npu, bench=bench))
    module = "Module.layers.Sequential.forward.0"
    path = panel.msprobe.npu.group_of[module]
    panel.npu_side.canvas.groupToggled.emit(path)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert path in panel.npu_side.expanded
    assert panel.original_side.expanded == {panel.msprobe.bench.group_of[module]}
    panel.npu_side.canvas.groupToggled.emit(path)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert not panel.npu_side.expanded and not panel.original_side.expanded


def test_what_construct_json_cut_is_said_in_the_view(qtbot, shown_panel, tmp_path):
    """A parent loop in construct.json is cut and said in the Graph view too (as `graph --json` says it)."""
    from tests.core.graph.msprobe_trees import write_tree

    names = [f"Module.m{i}.Linear.forward.0" for i in range(3)]
    construct = {name: names[(i + 1) % 3] for i, name in enumerate(names)} | {"Functional.relu.0.forward": names[0]}
    run = write_tree(tmp_path, construct)
    panel, _ = shown_panel(GraphPanel)
    _shown(qtbot, panel, lambda: panel.open_msprobe(run))
    assert panel.msprobe.problems and all("construct.json" in p for p in panel.msprobe.problems)
    assert f"{len(panel.msprobe.problems)} problems: construct.json" in panel.info.toolTip()
