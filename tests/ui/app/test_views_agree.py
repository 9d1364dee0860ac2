"""Issue 24, items 3 and 8: for the same run, Ranks, Compare, Graph and the CLI's JSON agree on the overflow
count, the first divergence and the verdict counts (real widgets, the real CLI, an emulated 4-rank tree with an
overflowing rank and a drifting one)."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks

OVERFLOW_RANK, DRIFT = 1, Drift(3, 1, "dense/Relu")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return emulate_ranks(tmp_path_factory.mktemp("agree"), ranks=4, steps=2, drift=DRIFT,
                         overflow_rank=OVERFLOW_RANK, stats=True)


def _cli(capsys, *args):
    capsys.readouterr()
    main([*map(str, args), "--json"])
    return json.loads(capsys.readouterr().out)


def _open_run(qtbot, window, rank, step):
    ranks = window.ranks_panel
    assert ranks.select_run(rank, step)
    with qtbot.waitSignal(window.compare_panel.finished, timeout=60_000):
        ranks.open_compare.click()
    qtbot.waitUntil(lambda: window.graph_panel.compare_info.text() != "", timeout=30_000)
    return ranks.current_run(), window.compare_panel.result()


@pytest.mark.parametrize(("rank", "step"), [(OVERFLOW_RANK, 1), (DRIFT.rank, DRIFT.step)])
def test_ranks_compare_graph_and_cli_agree(qtbot, window, tree, capsys, rank, step):
    tree_doc = _cli(capsys, "compare", tree.npu_root, tree.golden_root, "--mode", "golden")
    cli_run = next(r for r in tree_doc["runs"] if (r["rank"], r["step"]) == (rank, step))
    single = _cli(capsys, "compare", tree.npu_root / cli_run["path"], cli_run["reference_path"])
    entries = [o for o in tree_doc["overflows"] if (o["rank"], o["step"]) == (rank, step)]
    assert cli_run["overflows"] == len(single["overflows"]) == len(entries)
    assert all(o["tensor"] and o["kind"] in ("inf", "nan") and o["dtype"] for o in single["overflows"])

    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    panel.set_inputs(tree.npu_root, tree.golden_root, mode="golden")
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=60_000)
    run, result = _open_run(qtbot, window, rank, step)
    compare = window.compare_panel

    # overflows: the same count in Ranks, Compare (table and tab), Graph and the CLI
    n = len(single["overflows"])
    assert run["overflows"] == n and (f"⚠{n}" in panel.model.data(panel.model.index_of(rank, step)) or n == 0)
    assert len(result.overflows) == n and compare.overflow_table.rowCount() == n
    assert f"({n})" in compare.details.tabText(1)
    assert f"{n} overflows" in window.graph_panel.compare_info.text()
    # first divergence and counts: Compare and Graph show what the CLI's JSON says
    first = single["first_divergence"]
    assert (result.first_divergence.tensor if result.first_divergence else None) == (first and first["tensor"])
    for key in ("compared", "reached", "not_reached", "not_compared", "overflows"):
        assert result.summary[key] == single["summary"][key], key
    graph_first = first["op_name"] if first else "none"
    assert f"first divergence: {graph_first}" in window.graph_panel.compare_info.text()
    assert run["failed"] == cli_run["failed"] and run["not_compared"] == cli_run["not_compared"]
    compare.inputs.golden.set_path(str(tree.npu_root))       # other inputs: no view keeps the old result
    assert compare.result() is None and window.graph_panel.compare_info.text() == ""


def test_the_graph_loses_the_colours_of_a_compare_that_went(qtbot, window, tmp_path):
    from tests.emulator_runs import emulated, model_dump

    _, step, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    compare, graph_panel = window.compare_panel, window.graph_panel
    compare.set_inputs(step, golden, graph)
    with qtbot.waitSignal(compare.finished, timeout=60_000):
        compare.run()
    qtbot.waitUntil(lambda: graph_panel.npu_side.canvas.overlay.ops != {}, timeout=60_000)
    assert "overflows" in graph_panel.compare_info.text()
    compare.inputs.npu.set_path(str(golden))
    assert graph_panel.compare_info.text() == "" and graph_panel.npu_side.canvas.overlay.ops == {}
    assert not graph_panel.goto_button.isEnabled()


@pytest.fixture(scope="module")
def msprobe_trees(tmp_path_factory):
    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree

    root = tmp_path_factory.mktemp("agree_msprobe")
    spec = MsprobeDumpSpec(task="tensor", steps=(0, 1), ranks=(0, 1), data_parallel=True)
    write_msprobe_tree(root / "npu", "mlp", MsprobeDumpSpec(task="tensor", steps=(0, 1), ranks=(0, 1),
                                                           data_parallel=True, overflow_rank=1,
                                                           drift=Drift(0, 1, "dense_1/MatMul")))
    write_msprobe_tree(root / "bench", "mlp", spec)
    return root / "npu", root / "bench"


def test_msprobe_ranks_compare_and_cli_agree(qtbot, window, msprobe_trees, capsys):
    npu, bench = msprobe_trees
    tree_doc = _cli(capsys, "compare", npu, bench, "--mode", "golden")
    single = _cli(capsys, "compare", npu, bench)
    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    panel.set_inputs(npu, bench, mode="golden")
    panel.stats_first.setChecked(False)
    assert panel.run() is not None
    qtbot.waitUntil(lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=60_000)
    compare = window.compare_panel
    compare.set_inputs(npu, bench)
    compare.run()
    view = compare.msprobe
    qtbot.waitUntil(lambda: view.result is not None and not view.busy, timeout=60_000)
    for cli_run in tree_doc["runs"]:
        key = (cli_run["rank"], cli_run["step"])
        gui_run = next(r for r in panel.result.runs if (r["rank"], r["step"]) == key)
        one = next(r for r in single["runs"] if (r["rank"], r["step"]) == key)
        assert gui_run["overflows"] == cli_run["overflows"] == one["overflows"], key
        assert gui_run["failed"] == cli_run["failed"] == one["failed"], key
    total = len(single["overflows"])
    assert total and total == len(tree_doc["overflows"]) and f"{total} overflows" in view.summary.text()
    first = view.result.first_divergence()
    assert (first[1].tensor, first[0].npu.rank, first[0].npu.step) == \
        (single["first_divergence"]["tensor"], single["first_divergence"]["rank"], single["first_divergence"]["step"])
    assert f"{single['summary']['error']} error" in view.summary.text()
