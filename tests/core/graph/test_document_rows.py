"""The graph document's node and edge arrays (core/graph/document_rows.py): kept as the graphs' rows, iterated as
the dicts ``nodes``/``edges`` make, written (json_out) as the same text whether the C kernel spells a batch or
orjson encodes its dicts; a batch holding any value that is not a plain string goes through the dicts."""

from __future__ import annotations

import io
import json

import pytest

from ascend_dump_gui.core import json_out
from ascend_dump_gui.core.graph import document_rows, kernel
from ascend_dump_gui.core.graph.document import msprobe_run_document
from ascend_dump_gui.core.graph.msprobe_model import call_label
from tests.core.graph.msprobe_trees import REAL, write_tree
from tests.core.graph.test_graph_kernel import NAMES

BUILT = kernel.KERNEL
needs_kernel = pytest.mark.skipif(BUILT is None, reason="the graph's C kernel is not built here")
ODD = ['a"b', "a\\b", "del\x7f", "tab\t", "esc\x1b[31m", "bidi\u202e", "Module.x.Linear.forward.0\u2028", "中文"]
"""Names JSON escapes, json_out's inert pass escapes, or that are not ASCII: never copied as they are."""


def _text(value: object) -> bytes:
    out = io.BytesIO()
    json_out.write_json(value, out)
    return out.getvalue()


def _node_columns() -> tuple[list, list, list]:
    names = NAMES + ODD
    parents = [None if i % 3 == 0 else names[-1 - i] for i in range(len(names))]
    return names, parents, [None if i % 5 == 0 else call_label(name) for i, name in enumerate(names)]


def _nodes_text(columns, start, stop, depth, direction="forward"):
    return BUILT.nodes_text(*columns, start, stop, direction, document_rows.call_kind, depth)


def _pick(columns, keep) -> tuple[list, ...]:
    return tuple([v for v, k in zip(column, keep, strict=True) if k] for column in columns)


@needs_kernel
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_node_text_is_the_dicts_text_or_none(depth):
    columns = _node_columns()
    texts = [_nodes_text(columns, i, i + 1, depth) for i in range(len(columns[0]))]
    for i, text in enumerate(texts):
        row = [tuple(column[i] for column in columns)]
        assert text is None or text == json_out.items_text(document_rows.node_dicts(row, "forward"), depth), row
    assert texts.count(None) >= len(ODD) and len(texts) - texts.count(None) > 100
    plain = _pick(columns, [t is not None for t in texts])
    want = json_out.items_text(document_rows.node_dicts(zip(*plain, strict=True), "forward"), depth)
    assert _nodes_text(plain, 0, len(plain[0]), depth) == want
    assert _nodes_text(plain, -5, 10 ** 9, depth) == want          # the span is clipped to the lists
    assert _nodes_text(plain, 3, 3, depth) == b"" == _nodes_text(plain, 9, 2, depth)
    assert _nodes_text(columns, 0, len(columns[0]), depth) is None       # one value that is not plain: None
    assert _nodes_text(plain, 0, 1, depth, 'for"ward') is None
    with pytest.raises(ValueError):
        _nodes_text((plain[0], plain[1][:-1], plain[2]), 0, 5, depth)


@needs_kernel
def test_edge_text_is_the_dicts_text_or_none():
    names = NAMES + ODD
    sources, targets = names[:-1], names[1:]
    texts = [BUILT.edges_text(sources, targets, i, i + 1, 2) for i in range(len(sources))]
    for i, text in enumerate(texts):
        want = json_out.items_text(document_rows.edge_dicts([(sources[i], targets[i], False)]), 2)
        assert text is None or text == want
    assert texts.count(None) >= len(ODD) and texts.count(None) < len(texts) // 2
    plain = _pick((sources, targets), [t is not None for t in texts])
    assert BUILT.edges_text(*plain, 0, len(plain[0]), 1) == json_out.items_text(
        document_rows.edge_dicts(zip(*plain, [False] * len(plain[0]), strict=True)), 1)


@needs_kernel
@pytest.mark.parametrize("step", [1, -1])
def test_a_kind_that_changes_between_the_passes_is_an_error_not_an_overflow(step):
    """The kernel measures, then writes: a kind callback answering longer (or shorter) the second time must not
    make it write past what it measured (or leave bytes unwritten)."""
    answers = iter(["x" * (100 + step * i) for i in range(100)])
    names = ["run:Module.a.A.forward.0", "run:b"] * 20       # ':' names: the kind comes from the callback
    with pytest.raises(RuntimeError, match="changed"):
        BUILT.nodes_text(names, [None] * 40, ["t"] * 40, 0, 40, "forward", lambda name: next(answers), 1)


@pytest.mark.parametrize("built", [True, False])
def test_the_arrays_iterate_and_write_as_the_dicts(tmp_path, monkeypatch, built):
    if built and BUILT is None:
        pytest.skip("the graph's C kernel is not built here")
    monkeypatch.setattr(kernel, "KERNEL", BUILT if built else None)
    monkeypatch.setattr(json_out, "BATCH", 7)       # batches of both kinds side by side
    construct = {name: None for name in ODD}
    for k in range(30):
        construct[f"Module.layers.{k}.Layer.forward.0"] = None
        construct[f"Module.layers.{k}.fc.Linear.forward.0"] = f"Module.layers.{k}.Layer.forward.0"
        construct[f"Module.layers.{k}.fc.Linear.backward.0"] = f"Module.layers.{k}.Layer.backward.0"
        construct[f"Module.layers.{k}.Layer.backward.0"] = None
    document, _ = msprobe_run_document(write_tree(tmp_path, construct))
    nodes, edges = document["nodes"], document["edges"]
    assert isinstance(nodes, json_out.ItemArray) and isinstance(edges, json_out.ItemArray)
    assert len(nodes) == len(list(nodes)) == len(construct) and len(edges) == len(list(edges)) > 0
    assert {n["id"] for n in nodes} == set(construct)
    as_lists = dict(document, nodes=list(nodes), edges=list(edges))
    assert _text(document) == _text(as_lists)
    assert json.loads(_text(document))["nodes"] == json.loads(json.dumps(list(nodes)))


@pytest.mark.parametrize("name", ["mix_stats", "L1_stats"])
def test_a_run_with_data_is_written_without_the_views_model(name):
    """With dump.json data the edges are the data edges the graph was built with: ``graph --json`` writes them
    without building the view's model, and the model, once built, holds those same edges."""
    document, _ = msprobe_run_document(REAL[name])
    text = _text(document)
    graphs = document["edges"]._graphs
    assert all(graph._model is None for graph in graphs) and json.loads(text)["edges"]
    assert any(e["data"] for e in json.loads(text)["edges"]) or name == "L1_stats"
    assert all(graph.model.edges is graph.edges for graph in graphs)
