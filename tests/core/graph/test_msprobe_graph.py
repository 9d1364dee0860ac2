"""msprobe runs as graphs, on trees msprobe wrote: construct.json's hierarchy, calls in execution order, data
edges where the statistics show the same tensor, msprobe's verdicts and first divergence, hand-made matches,
and `ascend-dump graph --json`."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.graph.msprobe_load import load_msprobe
from ascend_dump_gui.core.graph.msprobe_model import (
    BACKWARD,
    DIRECTIONS,
    FORWARD,
    build_msprobe_graph,
    fingerprint,
)
from ascend_dump_gui.core.graph.overlay import FIRST_DIVERGENCE
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.dump_json import Leaf
from ascend_dump_gui.core.msprobe.tree import open_tree
from tests.core.graph.msprobe_trees import PAIRS, REAL, assert_hierarchy_is_constructs, construct_of


@pytest.mark.parametrize("tree", [*REAL.values(), *(p for pair in PAIRS.values() for p in pair)],
                         ids=lambda p: p.name)
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_hierarchy_is_construct_jsons_and_every_dumped_call_is_shown(tree, direction):
    for run in open_tree(tree).runs:
        graph = build_msprobe_graph(run, direction)
        assert_hierarchy_is_constructs(graph, run.path)
        dumped = [e.name for e in run.entries if (FORWARD if ".forward" in e.name else BACKWARD) == direction]
        assert all(graph.node_path(name) is not None for name in dumped)
        leaves = [n for n in dumped if n in graph.model.ops]
        assert sorted(leaves, key=lambda n: graph.model.ops[n].order) == leaves   # execution order


def test_level_l1_has_no_modules_and_l0_no_api_calls():
    l1 = build_msprobe_graph(open_tree(REAL["L1_stats"]).runs[0])
    assert len(l1.model.groups) == 1 and all(not n.startswith("Module.") for n in l1.model.ops)
    l0 = build_msprobe_graph(open_tree(REAL["L0_tensor"]).runs[0])
    assert all(n.startswith("Module.") for n in l0.model.ops) and l0.group_of


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_data_edges_join_an_output_to_an_input_holding_the_same_tensor(direction):
    run = open_tree(REAL["mix_stats"]).runs[0]
    graph = build_msprobe_graph(run, direction)
    entries = {e.name: e for e in run.entries}
    data = [e for e in graph.model.edges if not e.control]
    assert len(data) >= len(graph.model.ops) // 2
    for edge in data:
        outs = {fingerprint(leaf) for leaf in entries[edge.src].leaves if leaf.state == "output"}
        ins = {fingerprint(leaf) for leaf in entries[edge.dst].leaves if leaf.state == "input"}
        assert outs & ins - {None}
        assert graph.model.ops[edge.src].order < graph.model.ops[edge.dst].order
    if direction == FORWARD:   # the model's chain of layers, conv -> ... -> loss, is one data path
        assert graph.model.path_from_inputs("Functional.nll_loss.0.forward")[0] == "Functional.conv2d.0.forward"


@pytest.mark.parametrize("level", PAIRS)
def test_the_first_divergence_node_is_compares(level):
    npu, bench = PAIRS[level]
    expected = compare_runs(open_tree(npu).runs[0], open_tree(bench).runs[0]).first_divergence
    assert expected is not None
    found = []
    for direction in DIRECTIONS:
        view = load_msprobe(npu, direction, bench=bench)
        if view.overlay.first_divergence is not None:
            node = view.npu.node_path(expected.npu.entry)
            found.append(view.overlay.first_divergence)
            assert node[1] == view.overlay.first_divergence
            assert view.overlay.status(*node) == FIRST_DIVERGENCE
            home = node[1] if node[0] == "group" else view.npu.model.ops[node[1]].group
            for group in view.npu.model.group_chain(home):
                assert view.overlay.groups[group] == FIRST_DIVERGENCE
    assert len(found) == 1


def test_a_match_by_hand_pairs_the_calls_for_the_compare():
    npu, bench = PAIRS["mix"]
    plain = load_msprobe(npu, FORWARD, bench=bench)
    assert plain.links.npu_to_original["Functional.gelu.1.forward"] == ["Functional.gelu.1.forward"]
    from ascend_dump_gui.core.msprobe.matches import CallMatches

    matches = CallMatches()
    matches.add(plain.run.path, plain.bench_run.path, "Functional.gelu.1.forward", "Functional.gelu.0.forward")
    view = load_msprobe(npu, FORWARD, bench=bench, matches=matches)
    rows = [r for r in view.comparison.rows if r.npu.entry == "Functional.gelu.1.forward"]
    assert rows and all(r.bench is not None and r.bench.entry == "Functional.gelu.0.forward" for r in rows)
    assert view.links.npu_to_original["Functional.gelu.1.forward"] == ["Functional.gelu.0.forward"]


def test_result_null_is_not_compared():
    npu, bench = PAIRS["mix"]
    view = load_msprobe(npu, FORWARD, bench=bench)
    row = next(r for r in view.comparison.rows if r.npu.entry == "Functional.linear.0.forward")
    row.result = None
    from ascend_dump_gui.core.graph.msprobe_overlay import row_status

    assert row_status(row) == "not_compared"


def _graph_json(capsys, *args) -> dict:
    assert main(["graph", *map(str, args), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_graph_json_names_parents_statuses_and_first_divergence(capsys):
    npu, bench = PAIRS["mix"]
    doc = _graph_json(capsys, npu, "--compare", bench)
    run = open_tree(npu).runs[0]
    construct = construct_of(run.path)
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert {k: v for k, v in construct.items()} == {k: nodes[k]["parent"] for k in construct}
    assert {e.name for e in run.entries} <= set(nodes)
    assert {n["direction"] for n in nodes.values()} == {"forward", "backward"}
    assert nodes["Module.layers.Sequential.forward.0"]["kind"] == "module"
    assert nodes["Functional.linear.0.forward"]["kind"] == "api"
    expected = compare_runs(run, open_tree(bench).runs[0]).first_divergence.npu.entry
    assert doc["first_divergence"] == expected and nodes[expected]["status"] == "first_divergence"
    assert {n["status"] for n in nodes.values()} <= {"pass", "warn", "fail", "first_divergence", "not_compared"}
    assert all(e["from"] in nodes and e["to"] in nodes for e in doc["edges"])
    alone = _graph_json(capsys, REAL["two_rank"], "--run", "step0/rank1")
    assert alone["run"] == "step0/rank1" and {n["status"] for n in alone["nodes"]} == {None}


def test_cli_graph_bad_input_exits_2(tmp_path, capsys):
    assert main(["graph", str(tmp_path / "missing")]) == 2
    assert main(["graph", str(tmp_path)]) == 2
    assert main(["graph", str(REAL["two_rank"]), "--run", "step0/rank7"]) == 2
    assert "rank7" in capsys.readouterr().err


def test_cli_graph_of_a_ge_graph_file(capsys, shared_dir):
    from tests.core.graph.graphs import RESNET, real_graph

    doc = _graph_json(capsys, real_graph(shared_dir, RESNET))
    assert len(doc["nodes"]) == 170 and all(n["kind"] == "op" and n["status"] is None for n in doc["nodes"])
    assert doc["first_divergence"] is None


def test_pipeline_stages_are_found_ordered_and_shown_as_one_model():
    from ascend_dump_gui.core.graph.pipeline import pipeline_label, stage_order
    from tests.core.graph.msprobe_trees import DATA

    tree = DATA / "pipeline"
    runs = open_tree(tree).runs
    assert [r.label for r in stage_order(runs)] == ["step0/rank0", "step0/rank1"]
    assert stage_order(open_tree(REAL["two_rank"]).runs) is None        # data-parallel replicas
    forward = load_msprobe(tree, FORWARD, pipeline_label(0))
    assert pipeline_label(0) in forward.runs and forward.label == "pipeline:step0"
    model = forward.npu.model
    stages = [model.groups[g].label for g in model.groups[""].groups]
    assert stages == ["stage 1 · rank0", "stage 2 · rank1"]
    for run in runs:   # each stage holds its rank's construct.json hierarchy
        graph = build_msprobe_graph(run, FORWARD)
        prefix = f"{run.label}:"
        for name, parent in graph.parents.items():
            assert forward.npu.parents[prefix + name] == (prefix + parent if parent else None)
    send = "step0/rank0:Distributed.send.0.forward"
    assert any(e.src == send and e.dst == "step0/rank1:Distributed.recv.0.forward" and not e.control
               for e in model.edges)
    assert model.ops[send].order < model.ops["step0/rank1:Functional.linear.0.forward"].order
    backward = load_msprobe(tree, BACKWARD, pipeline_label(0), previous=forward)
    first_stage = backward.npu.model.groups[backward.npu.model.groups[""].groups[0]].label
    assert first_stage == "stage 1 · rank1"      # backward runs from the last stage to the first
    alone = load_msprobe(tree, BACKWARD, pipeline_label(0), bench=tree)
    assert alone.overlay.first_divergence is None and len(alone.comparisons) == 2
    assert set(alone.overlay.ops.values()) <= {"pass", "not_compared", "unmatched"}
    assert all(links == [name] for name, links in alone.links.npu_to_original.items())


def test_megatron_construct_values_name_their_parent(tmp_path):
    import json
    import shutil

    run_dir = tmp_path / "step0" / "rank0"
    shutil.copytree(open_tree(REAL["mix_stats"]).runs[0].path, run_dir)
    construct = construct_of(run_dir)
    megatron = {k: [v, 0] for k, v in construct.items()} | {"megatron_micro_step_number": 1}
    (run_dir / "construct.json").write_text(json.dumps(megatron))
    run = open_tree(tmp_path).runs[0]
    assert run.construct == construct
    graph = build_msprobe_graph(run)
    assert graph.node_path("megatron_micro_step_number") is None
    assert graph.parents["Functional.linear.0.forward"] == "Module.blocks.0.fc.Linear.forward.0"


def test_cli_graph_of_a_ge_graph_with_compare_statuses(tmp_path, capsys):
    from ascend_dump_gui.core.compare.engine import compare
    from tests.emulator_runs import emulated, model_dump

    _, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    doc = _graph_json(capsys, graph, "--compare", golden, "--dump", npu)
    result = compare(npu, golden, graph=graph)
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert doc["first_divergence"] == result.first_divergence.op_name
    assert nodes[doc["first_divergence"]]["status"] == "first_divergence"
    assert {n["status"] for n in nodes.values()} - {"not_compared"}
    assert all(n["kind"] == "op" for n in nodes.values())


def test_node_verdicts_equal_msprobe_graph_visualizes():
    """msprobe's own graph_visualize of the same pair (its .vis.db, NPU side): every node it gives a precision
    index (its own rows' worst verdict: 0 pass, 0.5 warning, 1 error) has that verdict here too."""
    import sqlite3

    from ascend_dump_gui.core.graph.msprobe_overlay import row_status
    from ascend_dump_gui.core.graph.overlay import worst
    from tests.core.graph.msprobe_trees import DATA

    real = DATA / "real"
    npu, bench = real / "npu_perturbed_statistics_mix", real / "bench_statistics_mix"
    comparison = compare_runs(open_tree(npu).runs[0], open_tree(bench).runs[0])
    own: dict[str, list[str]] = {}
    for row in comparison.rows:
        own.setdefault(row.npu.entry, []).append(row_status(row))
    db_path = real / "graph_visualize" / "perturbed_vs_bench_mix_summary.vis.db"
    with sqlite3.connect(f"{db_path.as_uri()}?immutable=1", uri=True) as db:   # read only: no -wal/-shm files
        nodes = db.execute("select node_name, precision_index from tb_nodes where data_source = 'NPU' "
                           "and precision_index is not null").fetchall()
    expected = {0: "pass", 0.5: "warn", 1: "fail"}
    assert len(nodes) > 40 and {p for _, p in nodes} >= {0, 0.5}
    for name, index in nodes:
        if name in own:
            assert worst(own[name]) == expected[index], name
    view = load_msprobe(npu, FORWARD, bench=bench)   # and the Graph view marks msprobe's warning as warn
    assert view.overlay.status("op", "Functional.gelu.1.forward") in ("warn", "first_divergence")


def test_fingerprints_tell_tensors_apart_and_match_nan_statistics():
    """A NaN statistic (equal to nothing, itself neither) matches another NaN's; a tensor without statistics or md5
    has no fingerprint; dtype, element count, each statistic and md5 tell tensors apart."""
    def leaf(*stats, md5=None, dtype="torch.float32", shape=(2, 3), kind="torch.Tensor"):
        return Leaf("Functional.f.0.forward.output.0", "Functional.f.0.forward", "output", kind, dtype, shape,
                    *stats, md5=md5)

    nan = float("nan")
    assert fingerprint(leaf(1.0, nan, 0.5, 2.0)) == fingerprint(leaf(1.0, float("nan"), 0.5, 2.0)) is not None
    assert fingerprint(leaf(None, None, None, None)) is None and fingerprint(leaf(None, None, None, None, md5="ab"))
    assert fingerprint(leaf(1.0, 0.0, 0.5, 2.0, kind="int")) is None and fingerprint(leaf(1, 0, 0, 2, shape=None)) is None
    base = fingerprint(leaf(1.0, 0.0, 0.5, 2.0))
    assert len({base, fingerprint(leaf(1.0, 0.0, 0.5, 2.5)), fingerprint(leaf(1.0, 0.0, 0.5, 2.0, dtype="x")),
                fingerprint(leaf(1.0, 0.0, 0.5, 2.0, shape=(3, 3))), fingerprint(leaf(1.0, 0.0, 0.5, 2.0, md5="ab")),
                fingerprint(leaf(1.0, 0.0, 0.5, 2.0, shape=(3, 2)))}) == 5      # (3, 2): the same count as (2, 3)
