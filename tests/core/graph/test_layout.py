"""Layered layout per group: boxes do not overlap, data flows downward, open groups hold their content,
the per-group cache, and the fallback when igraph is missing."""

from __future__ import annotations

import sys

import pytest

from ascend_dump_gui.core.dump.graph import Graph
from ascend_dump_gui.core.graph.layout import GROUP_SIZE, OP_SIZE, Layouter, acyclic, layering
from ascend_dump_gui.core.graph.load import load_graphs
from ascend_dump_gui.core.graph.model import GROUP, OP, build_model
from tests.core.graph.graphs import RESNET, op, real_graph, small_graph


def _overlaps(boxes) -> list:
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h:
                found.append((a.key, b.key))
    return found


def _siblings(layout, model):
    """Placed boxes grouped by the group that directly holds them."""
    by_parent: dict[str, list] = {}
    for p in layout.placed:
        parent = model.ops[p.key[1]].group if p.key[0] == OP else model.groups[p.key[1]].parent
        by_parent.setdefault(parent, []).append(p)
    return by_parent


@pytest.mark.parametrize("use_igraph", [True, False])
def test_real_resnet_layout_flows_downward_without_overlaps(shared_dir, use_igraph):
    model = load_graphs(real_graph(shared_dir, RESNET)).npu
    layout = Layouter(model, use_igraph=use_igraph).layout(())
    assert layout.engine == ("igraph" if use_igraph else "layered")
    assert len(layout.placed) == 170 and not _overlaps(layout.placed)
    box = {p.key: p for p in layout.placed}
    for e in model.edges:  # a DAG: every edge goes to a lower row; weights sit right above their consumer
        assert box[(OP, e.src)].y < box[(OP, e.dst)].y, e
    weight = box[(OP, "dynamic_const_16660_695")]
    conv = box[(OP, "conv1conv1_relu")]
    assert conv.y - weight.y == pytest.approx(OP_SIZE[1] + 44.0)
    assert layout.width < 2000   # weights are not all stacked in the first row


def test_open_groups_hold_their_content_and_closed_groups_hide_it():
    model = build_model(small_graph())
    layouter = Layouter(model)
    closed = layouter.layout(())
    assert {p.key for p in closed.placed} == {(OP, "input"), (GROUP, "a"), (OP, "trans_Cast_0"), (GROUP, "c")}
    assert closed.box((GROUP, "a")).w == GROUP_SIZE[0]
    edges = {(e.src, e.dst) for e in closed.edges}
    assert ((OP, "input"), (GROUP, "a")) in edges and ((GROUP, "a"), (GROUP, "c")) in edges  # the control edge
    opened = layouter.layout({"a", "a/b"})
    outer, inner = opened.box((GROUP, "a")), opened.box((GROUP, "a/b"))
    assert outer.expanded and inner.expanded and inner.level == 1
    for key in [(GROUP, "a/b"), (OP, "a/Relu")]:
        p = opened.box(key)
        assert outer.x < p.x and p.x + p.w < outer.x + outer.w and outer.y < p.y and p.y + p.h < outer.y + outer.h
    for key in [(OP, "a/b/weight"), (OP, "a/b/MatMul")]:
        p = opened.box(key)
        assert inner.x < p.x and p.x + p.w < inner.x + inner.w and inner.y < p.y and p.y + p.h < inner.y + inner.h
    for siblings in _siblings(opened, model).values():
        assert not _overlaps(siblings)
    assert ((OP, "input"), (OP, "a/b/MatMul")) in {(e.src, e.dst) for e in opened.edges}


def test_a_group_inside_a_closed_group_stays_closed():
    layout = Layouter(build_model(small_graph())).layout({"a/b"})
    assert layout.expanded == frozenset() and layout.box((OP, "a/b/MatMul")) is None


def test_untouched_groups_come_from_the_cache():
    graph = Graph("two", (op("x", "Data"), op("p/a", "Relu", "x:0"), op("p/b", "Relu", "p/a:0"),
                          op("q/a", "Relu", "p/b:0"), op("q/b", "Relu", "q/a:0")))
    layouter = Layouter(build_model(graph))
    layouter.layout({"p"})
    cached = layouter._cache[("p", frozenset())]
    layouter.layout({"p", "q"})
    assert layouter._cache[("p", frozenset())] is cached
    assert ("", frozenset({"p", "q"})) in layouter._cache


def test_without_igraph_the_plain_layering_is_used(monkeypatch):
    monkeypatch.setitem(sys.modules, "igraph", None)  # import igraph now raises ImportError
    layout = Layouter(build_model(small_graph())).layout({"a", "a/b", "c"})
    assert layout.engine.startswith("layered (igraph unavailable: ModuleNotFoundError")
    assert len(layout.placed) == 9


def test_cycles_are_broken_and_sources_sit_above_their_first_consumer():
    edges = [(0, 1), (1, 2), (2, 1), (3, 2)]
    assert acyclic(4, edges) == [(0, 1), (1, 2), (3, 2)]
    assert layering(4, edges) == [0, 1, 2, 1]


def test_odd_names_and_dangling_inputs_lay_out():
    graph = Graph("odd", (op("", "Data"), op("/", "Relu", ":0"), op("a/", "Relu", "/:0", "missing:0"),
                          op("a", "Relu", "a/:0"), op("a/a", "Relu", "a:0", "a/:-1"), op("a/a", "Relu")))
    model = build_model(graph)
    layout = Layouter(model).layout(set(model.groups))
    assert sorted(p.key for p in layout.placed if p.key[0] == OP) == sorted((OP, n) for n in model.ops)
    assert len(model.ops) == 5       # a repeated name is one op (the last one)
    assert {(e.src, e.dst) for e in model.edges} == {("", "/"), ("/", "a/"), ("a/", "a")}


def test_edges_skipping_rows_go_round_the_boxes_in_between(shared_dir):
    model = load_graphs(real_graph(shared_dir, RESNET)).npu
    layout = Layouter(model).layout(())
    skip = ((OP, "pool1"), (OP, "res2a_branch1res2ares2a_relu"))
    assert skip in layout.routes and len(layout.routes[skip]) >= 2
    boxes = [p for p in layout.placed if p.key[0] == OP]
    for (src, dst), bends in layout.routes.items():
        top, bottom = layout.box(src), layout.box(dst)
        assert all(top.y + top.h <= y <= bottom.y for _, y in bends)
        for (x, y0), (_, y1) in zip(bends[::2], bends[1::2], strict=True):  # down through a row, beside its boxes
            mid = (y0 + y1) / 2
            assert not any(b.x <= x <= b.x + b.w and b.y <= mid <= b.y + b.h for b in boxes), (src, dst, x, mid)
