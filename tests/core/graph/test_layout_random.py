"""Layout invariants on random scoped graphs (cycles and control edges included): every op is placed exactly
once, siblings never overlap, open groups contain what they hold, and in an acyclic graph every edge between
two ops in the same group points down."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump.graph import Graph
from ascend_dump_gui.core.graph.layout import Layouter
from ascend_dump_gui.core.graph.model import GROUP, OP, build_model
from tests.core.graph.graphs import op

SCOPES = ["", "a/", "a/b/", "c/", "c/d/e/"]


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 24))
    names = [f"{draw(st.sampled_from(SCOPES))}op{i}" for i in range(n)]
    ops = []
    for name in names:
        picks = draw(st.lists(st.integers(0, n - 1), max_size=3))
        inputs = [f"{names[j]}:{-1 if draw(st.booleans()) and k == 0 else 0}" for k, j in enumerate(picks)]
        ops.append(op(name, "Relu", *inputs))
    return Graph("random", tuple(ops)), draw(st.booleans())


def _inside(inner, outer) -> bool:
    return (outer.x <= inner.x and inner.x + inner.w <= outer.x + outer.w
            and outer.y <= inner.y and inner.y + inner.h <= outer.y + outer.h)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_layout_invariants(case):
    graph, use_igraph = case
    model = build_model(graph)
    layout = Layouter(model, use_igraph=use_igraph).layout(set(model.groups) - {""})
    ops = [p for p in layout.placed if p.key[0] == OP]
    assert sorted(p.key[1] for p in ops) == sorted(model.ops)
    box = {p.key: p for p in layout.placed}
    parent_of = {p.key: (model.ops[p.key[1]].group if p.key[0] == OP else model.groups[p.key[1]].parent)
                 for p in layout.placed}
    for key, parent in parent_of.items():
        if parent:
            assert _inside(box[key], box[(GROUP, parent)])
    for a in layout.placed:
        for b in layout.placed:
            if a.key < b.key and parent_of[a.key] == parent_of[b.key]:
                assert not (a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h)
    order = {name: node.order for name, node in model.ops.items()}
    if all(order[e.src] < order[e.dst] for e in model.edges):  # acyclic
        for e in model.edges:
            if model.ops[e.src].group == model.ops[e.dst].group:
                assert box[(OP, e.src)].y < box[(OP, e.dst)].y
