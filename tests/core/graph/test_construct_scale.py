"""construct.json at scale (issues 33 and 35): ``graph --json`` reads names, parents, types and edges without
building the view's model, and the model built later draws exactly that; control edges stay inside the chunks
of a large group; a loop is cut where a reader meets it first; the names are split by direction as
:func:`direction_of` says; construct.json read by orjson gives what json gave, and what either refuses is the
same per-file problem."""

from __future__ import annotations

import gc
import io
import itertools
import json

import pytest

from ascend_dump_gui.core.graph.document import msprobe_document, msprobe_run_document
from ascend_dump_gui.core.graph.model import MAX_CHILDREN
from ascend_dump_gui.core.graph.msprobe_load import load_msprobe
from ascend_dump_gui.core.graph.msprobe_model import (
    BACKWARD,
    DIRECTIONS,
    FORWARD,
    build_msprobe_graph,
    direction_of,
    split_directions,
)
from ascend_dump_gui.core.json_out import write_json
from ascend_dump_gui.core.msprobe.dump_json import DumpJsonError, read_side_json
from ascend_dump_gui.core.msprobe.tree import open_tree
from tests.core.graph.msprobe_trees import assert_hierarchy_is_constructs, write_tree

LEAVES = ("q_proj.Linear", "k_proj.Linear", "o_proj.Linear", "up_proj.Linear", "down_proj.Linear")


def _layered(layers: int) -> dict[str, str | None]:
    """A layered model's construct.json (layers holding attention and MLP modules holding leaf modules), both
    directions, as benchmarks/bench_graph.py writes it at a million modules."""
    construct: dict[str, str | None] = {}
    for direction in DIRECTIONS:
        for k in range(layers):
            layer = f"Module.layers.{k}.Layer.{direction}.0"
            construct[layer] = None
            for part, cls in (("attn", "Attention"), ("mlp", "MLP")):
                holder = f"Module.layers.{k}.{part}.{cls}.{direction}.0"
                construct[holder] = layer
                for leaf in LEAVES[:3] if part == "attn" else LEAVES[3:]:
                    attr, leaf_cls = leaf.split(".")
                    construct[f"Module.layers.{k}.{part}.{attr}.{leaf_cls}.{direction}.{k % 2}"] = holder
    construct["Functional.linear.0.forward"] = "Module.layers.0.attn.q_proj.Linear.forward.0"
    return construct


def test_the_document_builds_no_model_and_the_model_draws_what_it_says(tmp_path):
    construct = _layered(300)      # 300 layers at the top: the root is cut into chunks
    run_path = write_tree(tmp_path, construct)
    forward = load_msprobe(run_path, FORWARD)
    backward = load_msprobe(run_path, BACKWARD, forward.label, previous=forward)
    doc = msprobe_document([forward, backward])
    assert forward.npu._model is None and backward.npu._model is None     # graph --json: no model
    assert {n["id"] for n in doc["nodes"]} == set(construct)
    for view in (forward, backward):
        graph = view.npu
        rows = list(graph.rows())
        model = graph.model
        assert {name: kind for name, _, kind in rows if kind is not None} == \
            {name: op.type for name, op in model.ops.items()}
        assert [(name, parent) for name, parent, _ in rows] == list(graph.parents.items())
        assert list(graph.edge_rows()) == [(e.src, e.dst, not e.control) for e in model.edges]
        assert set(graph.group_of.values()) == {p for p, g in model.groups.items() if p and g.chunk is None}
        assert_hierarchy_is_constructs(graph, run_path)
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert nodes["Module.layers.3.attn.k_proj.Linear.forward.1"]["type"] == "Linear"
    assert nodes["Module.layers.3.attn.Attention.forward.0"]["kind"] == "module"
    assert nodes["Module.layers.3.attn.Attention.forward.0"]["type"] is None
    assert nodes["Functional.linear.0.forward"]["kind"] == "api"
    assert nodes["Functional.linear.0.forward"]["type"] == "Functional.linear"


def test_control_edges_stay_inside_the_chunks_of_a_large_group(tmp_path):
    holder = "Module.net.Net.forward.0"
    construct: dict[str, str | None] = {holder: None}
    construct |= {f"Module.net.l{i}.Linear.forward.0": holder for i in range(2 * MAX_CHILDREN + 100)}
    graph = build_msprobe_graph(open_tree(write_tree(tmp_path, construct)).runs[0], FORWARD)
    edges = list(graph.edge_rows())
    ops = graph.model.ops
    assert all(ops[src].group == ops[dst].group for src, dst, _ in edges)
    assert len({op.group for op in ops.values()}) == 3
    assert len(edges) == 2 * MAX_CHILDREN + 100 - 3


@pytest.mark.parametrize(("order", "cut"), [(("relu", "a", "b"), "a"), (("a", "b", "relu"), "b")])
def test_the_link_cut_is_the_one_a_reader_meets_first(tmp_path, order, cut):
    """A -> B -> A: walking from the first name in construct.json's order (from a call: from its module), the
    link that closes the loop is cut."""
    a, b = "Module.a.A.forward.0", "Module.b.B.forward.0"
    links = {"relu": ("Functional.relu.0.forward", b), "a": (a, b), "b": (b, a)}
    construct = dict(links[key] for key in order)
    run = open_tree(write_tree(tmp_path, construct)).runs[0]
    graph = build_msprobe_graph(run, FORWARD)
    shown = {"a": a, "b": b}
    kept = "b" if cut == "a" else "a"
    assert graph.parents[shown[cut]] is None and graph.parents[shown[kept]] == shown[cut]
    assert [p.message for p in run.problems] == [f"construct.json: {shown[cut]} is enclosed by {shown[kept]}, "
                                                 f"which it encloses itself (a loop); {shown[cut]} is shown at the top"]


def test_names_are_split_by_direction_as_direction_of_says(tmp_path):
    parts = ("backward", "parameters_grad", "forward", "x", "backwards", "xbackward", "")
    names = [".".join(p) for n in (1, 2, 3) for p in itertools.product(parts, repeat=n)]
    run = open_tree(write_tree(tmp_path, dict.fromkeys(names))).runs[0]
    split = split_directions(run)
    for direction in DIRECTIONS:
        names, parents = split[direction]
        assert names == [n for n in run.construct if direction_of(n) == direction]
        assert parents == [run.construct[n] for n in names]


@pytest.mark.parametrize("body", [b"[" * 100_000 + b"]" * 100_000, b'{"a": ' + b"9" * 5000 + b"}", b"{not json",
                                  b'{"a": "' + b"[" * 2000 + b'"}' + b"\xff", b"\xef\xbb\xbf{}"])
def test_construct_json_orjson_refuses_as_json_did(tmp_path, body):
    path = tmp_path / "construct.json"
    path.write_bytes(body)
    with pytest.raises(DumpJsonError) as plain:
        read_side_json(path)
    with pytest.raises(DumpJsonError) as fast:
        read_side_json(path, strings_only=True)
    assert str(fast.value) == str(plain.value) and str(path) in str(fast.value)


@pytest.mark.parametrize("body", [b'{"Functional.relu.0.forward": NaN, "Module.m.M.forward.0": null}',
                                  b'{"Functional.relu.0.forward": 100000000000000000000000000000}',
                                  b'{"Functional.relu.0.forward": 1e999}',
                                  b'{"Module.\xff.M.forward.0": null, "Functional.relu.0.forward": "Module.\xff.M.forward.0"}',
                                  b'{"Functional.relu.0.forward": "\\ud800"}'])
def test_construct_json_orjson_reads_what_json_read(tmp_path, body):
    run_path = write_tree(tmp_path, {})
    (run_path / "construct.json").write_bytes(body)
    expected = json.loads(body.decode("utf-8", errors="replace"))
    run = open_tree(run_path).runs[0]
    assert run.construct == {k: v if isinstance(v, str) else None for k, v in expected.items()}
    assert not run.problems


def test_modules_named_only_as_parents_come_last_in_order(tmp_path):
    """Modules construct.json names only as a parent (or that belong to the other direction) are nodes at the
    top, after the names of the file, in the order they are first named (thousands of them in one pass)."""
    construct: dict[str, str | None] = {f"Functional.relu.{i}.forward": f"Module.m{i}.M.forward.0"
                                        for i in range(5000)}
    construct["Module.b.B.backward.0"] = None
    construct["Functional.gelu.0.forward"] = "Module.b.B.backward.0"
    graph = build_msprobe_graph(open_tree(write_tree(tmp_path, construct)).runs[0], FORWARD)
    names = [name for name, _, _ in graph.rows()]
    missing = [f"Module.m{i}.M.forward.0" for i in range(5000)] + ["Module.b.B.backward.0"]
    assert names == [n for n in construct if n != "Module.b.B.backward.0"] + missing
    assert all(graph.parents[m] is None and m in graph.group_of for m in missing)
    assert graph.model.ops["Functional.gelu.0.forward"].group == graph.group_of["Module.b.B.backward.0"]


def _text(document: dict) -> bytes:
    out = io.BytesIO()
    write_json(document, out)
    return out.getvalue()


def test_the_cli_document_is_frozen_out_of_collector_passes(tmp_path):
    """``graph --json`` (msprobe_run_document): the same document as the two views give, built with the collector
    paused and frozen, so no pass after it walks the graphs' lists its node and edge rows are read from; the
    collector is on again after it."""
    construct = _layered(40)
    run_path = write_tree(tmp_path, construct)
    forward = load_msprobe(run_path, FORWARD)
    expected = msprobe_document([forward, load_msprobe(run_path, BACKWARD, forward.label, previous=forward)])
    gc.unfreeze()
    enabled = gc.isenabled()
    try:
        gc.enable()
        document, problems = msprobe_run_document(run_path)
        assert gc.isenabled() and problems == []
        assert _text(document) == _text(expected)
        assert list(document["nodes"]) == list(expected["nodes"]) and len(document["nodes"]) == len(construct)
        graph = document["nodes"]._graphs[0]
        tracked = {id(o) for o in gc.get_objects()}     # a frozen object is in no generation a pass walks
        assert gc.get_freeze_count() > 0 and id(graph) not in tracked and id(graph.rows) not in tracked
        assert not any(id(part) in tracked for part in (graph._nested.names, graph._nested.parents))
    finally:
        gc.unfreeze()
        if not enabled:
            gc.disable()
