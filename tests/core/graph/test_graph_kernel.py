"""The msprobe graph's C kernel (core/graph/_kernel.c) against the Python path it stands in for: box labels,
the split by direction, enclosing modules, the nesting by positions (loops, self-parents, parents named only as
parents, nesting past MAX_DEPTH, names that are no str or not ASCII, random forests), control-edge chains (by
name and by position), the document's node and edge dicts and kinds, on real-looking and hostile names (dots,
digits, step words in odd places, no step, ':' and newlines, non-ASCII), and whole ``graph --json`` documents of
the msprobe trees (with dump.json data, compares, pipelines, loops, deep nesting, parameter gradients, a group
cut into chunks) built both ways, byte for byte; plain ``graph``'s figures, counted without the document, are the
document's.

The comparisons skip where the kernel is not built; the Python path is then the only one and the other graph
tests run it."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections import Counter
from itertools import compress, product

import pytest

from ascend_dump_gui.core.graph import document, kernel
from ascend_dump_gui.core.graph import msprobe_hierarchy as hierarchy
from ascend_dump_gui.core.graph import msprobe_model as model
from ascend_dump_gui.core.graph.document import msprobe_run_document
from ascend_dump_gui.core.graph.msprobe_model import BACKWARD, call_label, direction_of
from ascend_dump_gui.core.json_out import write_json
from ascend_dump_gui.core.msprobe.tree import open_tree
from tests.core.graph.msprobe_trees import DATA, PAIRS, REAL, write_tree

BUILT = kernel.KERNEL
needs_kernel = pytest.mark.skipif(BUILT is None, reason="the graph's C kernel is not built here")

_PARTS = ("Module", "Cell", "Functional", "Tensor", "Torch", "forward", "backward", "parameters_grad", "layers",
          "0", "12", "Linear", "", "optimizer", "clip_grad", "forward_hook", "x:y", "run:Module", "层", "é",
          "back ward", "backward\n", "\n", "Forward", "parameters", "grad")


def _names() -> list[str]:
    """Every dotted name of up to four parts from :data:`_PARTS`, and msprobe's own spellings."""
    names = [".".join(p) for k in range(1, 5) for p in product(_PARTS, repeat=k) if k < 4 or p[0] in (
        "Module", "Cell", "Functional")]
    names += ["Module.layers.0.attn.q_proj.Linear.forward.0", "Module.layers.0.Layer.backward.3",
              "Module.x.Linear.parameters_grad", "Module.x.Linear.parameters_grad.1", "Module.forward.0",
              "Module.x.Linear.forward", "Module.x.Linear.forward\n", "Module.x.Linear.forward.0\n",
              "Cell..backward.", "Module..forward.0", "Module.a.forward.b.Linear.forward.0", "Module.",
              "Module", "Cell", "optimizer", "clip_grad", "Functional.linear.0.forward", "Tensor.__add__.3.backward",
              "Torch.sum.12.forward.0", "Module.层.Linear.forward.0", "Module.x.Linear.forward.０",
              "pipeline:step0/rank1:Module.x.Linear.forward.0", "", ".", "..", "Module.a.b.c.d.e.f.g.h",
              "Module.xforward.forward.0", "Module.a.forward", "Functional.forwardx.0.forward", "Module.a..forward.0",
              "Tensor.dd.0.backward", "Module.parameters_grad", "Module.x.parameters_grad.forward.0", "d", "d.d",
              "Module.d.Linear.backwardd.forward.1", "Functional.linear.0.forward.d", "forward.0", "backward"]
    return names


NAMES = _names()


def _python(monkeypatch, call):
    monkeypatch.setattr(kernel, "KERNEL", None)
    try:
        return call()
    finally:
        monkeypatch.setattr(kernel, "KERNEL", BUILT)


def test_the_corpus_is_wide():
    assert len(NAMES) > 20_000
    assert any(not n.isascii() for n in NAMES) and any(n.endswith("\n") for n in NAMES)


@needs_kernel
def test_box_labels_equal_call_label(monkeypatch):
    drawn = bytes(i % 3 != 0 for i in range(len(NAMES)))
    got = model._types(NAMES, drawn)
    assert got == _python(monkeypatch, lambda: model._types(NAMES, drawn))
    assert got == [call_label(n) if box else None for n, box in zip(NAMES, drawn, strict=True)]


@needs_kernel
def test_direction_masks_equal_direction_of(monkeypatch):
    got = model._backward(NAMES)
    assert list(map(bool, got)) == _python(monkeypatch, lambda: model._backward(NAMES))
    assert list(map(bool, got)) == [direction_of(n) == BACKWARD for n in NAMES]


@needs_kernel
def test_node_and_edge_dicts_equal_the_python_ones():
    types = [None if i % 5 == 0 else call_label(n) for i, n in enumerate(NAMES)]
    rows = list(zip(NAMES, reversed(NAMES), types, strict=True))
    want = [{"id": name, "name": name, "kind": "module" if box is None else document.call_kind(name),
             "type": box, "parent": parent, "direction": "backward", "status": None} for name, parent, box in rows]
    got = BUILT.nodes(iter(rows), "backward", document.call_kind)
    assert json.dumps(got) == json.dumps(want) and got == want
    assert {n["kind"] for n in got} == {"module", "api"}
    edges = [(a, b, i % 2 == 0) for i, (a, b) in enumerate(zip(NAMES[:-1], NAMES[1:], strict=True))]
    edges[5] = ("a", "b", None)
    assert BUILT.edges(edges) == [{"from": a, "to": b, "data": d} for a, b, d in edges]


def _keys(spread: int) -> list:
    """Group keys of the boxes, in rows of ``spread`` (equal strings that are not the same object), with None
    (the top) and (module, chunk) keys among them."""
    return [None if i % 7 == 0 else (f"m{i % 3}", i // spread % 2) if i % 5 == 0 else "".join(("m", str(i // spread % 4)))
            for i in range(len(NAMES))]


@needs_kernel
@pytest.mark.parametrize("spread", [1, 3, 50])
def test_enclosing_modules_equal_dict_fromkeys(spread):
    parents = _keys(spread)
    want = dict.fromkeys(parents)
    want.pop(None)
    got = BUILT.enclosing(parents)
    assert list(got.items()) == list(want.items())
    assert all(a is b for a, b in zip(got, want, strict=True))      # the first object named, as fromkeys keeps


@needs_kernel
@pytest.mark.parametrize("spread", [1, 3, 50])
def test_enclose_equals_the_mask_and_update(spread):
    parents = _keys(spread)
    names = [f"m{i}" for i in range(len(parents))]
    want = dict.fromkeys(parents)
    want.pop(None)
    got = dict(want)
    named = bytes(map(want.__contains__, names))
    want.update(zip(compress(names, named), compress(parents, named), strict=True))
    assert BUILT.enclose(names, parents, got) == named and list(got.items()) == list(want.items())


def _chain_loop(keys: list, boxes: list[str] = NAMES) -> tuple[list[str], list[str]]:
    """The Python loop the kernel's chain stands in for: each box after the previous one with its key."""
    previous: dict = {}
    sources, targets = [], []
    for name, key in zip(boxes, keys, strict=True):
        if key in previous:
            sources.append(previous[key])
            targets.append(name)
        previous[key] = name
    return sources, targets


@needs_kernel
@pytest.mark.parametrize("spread", [1, 3, 50])
def test_control_chains_equal_the_python_loop(spread):
    keys = _keys(spread)
    assert BUILT.chain(NAMES, keys) == _chain_loop(keys)


@needs_kernel
@pytest.mark.parametrize("spread", [1, 3, 50])
def test_control_chains_cut_into_chunks_equal_the_loop_over_chunk_keys(spread):
    keys = [f"{k[0]}|{k[1]}" if isinstance(k, tuple) else k for k in _keys(spread)]     # anchors: str or None
    most = max(Counter(keys).values())
    for widest in (1, 2, 7, most // 3, most - 1, most, most + 1):
        want = _chain_loop(hierarchy.Nesting.chunk_keys(keys)) if widest == hierarchy.MAX_CHILDREN else None
        got = BUILT.chain(NAMES, keys, widest)
        assert got == _chunked_loop(keys, widest)
        assert want is None or got == want
    assert BUILT.chain(NAMES, keys, most) == BUILT.chain(NAMES, keys)       # no key cut: no chunk
    assert BUILT.chain(NAMES, keys, hierarchy.MAX_CHILDREN) == _chain_loop(hierarchy.Nesting.chunk_keys(keys))
    with pytest.raises(ValueError, match="at least 1"):
        BUILT.chain(NAMES, keys, 0)


def _chunked_loop(keys: list, widest: int, boxes: list[str] = NAMES) -> tuple[list[str], list[str]]:
    """chunk_keys' rule with any width: a key of more than ``widest`` boxes keyed by (key, chunk)."""
    counts = Counter(keys)
    seen: Counter = Counter()
    chunked = []
    for key in keys:
        chunked.append((key, seen[key] // widest) if counts[key] > widest else key)
        seen[key] += 1
    return _chain_loop(chunked, boxes)


@needs_kernel
def test_the_split_by_direction_equals_the_python_one(tmp_path, monkeypatch):
    construct = {name: NAMES[-i] if i % 3 else None for i, name in enumerate(NAMES)}
    run = open_tree(write_tree(tmp_path, construct)).runs[0]
    got = model.split_directions(run)
    assert got == _python(monkeypatch, lambda: model.split_directions(run))
    assert list(got) == [BACKWARD, "forward"] and all(direction_of(n) == BACKWARD for n in got[BACKWARD][0])


def _trees() -> list[tuple[list, list]]:
    """(names, parents): a tree listed parent first and child first, a long chain, parents named only as parents
    (two of them by several names; 699 of them, the index growing), non-ASCII names, a self-parent, loops of 2
    and 3, names or parents that are no str, nothing. Names are each once, as construct.json's keys are."""
    tree = [(f"m{i}", f"m{(i - 1) // 2}" if i else None) for i in range(2000)]
    chain = [(f"c{i}", f"c{i + 1}" if i < 500 else None) for i in range(501)]
    only = [("a", "p"), ("b", "p"), ("q", None), ("c", "q"), ("d", "r"), ("r2", "r"), ("e", "é.层"),
            ("é.层.x", "é"), ("y", "é.层.x")]
    many = [(f"c{i}", f"p{i % 700}") for i in range(1000)] + [("p3", "c5")]
    cases = [tree, tree[::-1], chain, only, many, [("a", "a")], [("a", "b"), ("b", "a"), ("t", None)],
             [("x", None), ("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")], [("a", None), (1, "a")],
             [("a", None), ("b", 2)], [("a", None), ("b", ("a",))], []]
    return [([n for n, _ in case], [p for _, p in case]) for case in cases]


def _nest(names: list, parents: list) -> tuple:
    """Everything :func:`~ascend_dump_gui.core.graph.msprobe_hierarchy.nest` makes of ``names`` and ``parents``
    that anyone reads, dicts in their order (or the error it raises)."""
    try:
        nested = hierarchy.nest(list(names), list(parents))
        groups = nested.groups(model.module_label)
    except (AttributeError, KeyError, TypeError) as error:
        return (type(error),)
    return (nested.names, nested.parents, nested.drawn, nested.problems, list(nested.up.items()),
            list(nested.depth.items()), set(nested.grouped), list(nested.deep.items()), nested.leaves,
            nested.anchors, list(nested.group_of.items()), list(nested.above.items()), nested.homes,
            [(path, g.label, g.parent, g.groups, g.ops) for path, g in groups.items()])


@needs_kernel
@pytest.mark.parametrize("index", range(len(_trees())))
def test_nesting_by_positions_equals_the_python_walk(index, monkeypatch):
    names, parents = _trees()[index]
    want = _python(monkeypatch, lambda: _nest(names, parents))
    assert _nest(names, parents) == want
    simple = index < 5 or index == len(_trees()) - 1       # no loop, every name and parent a str
    assert (BUILT.nest(list(names), list(parents), hierarchy.MAX_DEPTH) is not None) == simple
    if index == 3:      # modules named only as parents come after the names, at the top, in the order first named
        assert want[0][len(names):] == ["p", "r", "é.层", "é"] and want[1][len(names):] == [None] * 4
        assert dict(want[4])["é.层.x"] == "é" and dict(want[5])["é.层.x"] == 1
    if 5 <= index <= 7:
        assert want[3] and all("construct.json" in p for p in want[3])


@needs_kernel
@pytest.mark.parametrize("seed", range(40))
def test_random_nestings_by_positions_equal_the_python_walk(seed, monkeypatch):
    """Random forests listed in random order (a parent before its child in three seeds of four, loops likely in
    the fourth), some parents named only as parents, nested past a bound of 3 or within 64 (MAX_DEPTH set for
    both paths)."""
    rng = random.Random(seed)
    count = rng.randint(1, 300)
    names = [f"Module.m{i}.Linear.forward.0" for i in range(count)]
    extra = [f"Module.only{i}.Block.forward.0" for i in range(5)]
    parents = [None if rng.random() < 0.1 else rng.choice(extra) if rng.random() < 0.05 else
               names[rng.randrange(count)] if seed % 4 == 0 else names[rng.randrange(i)] if i else None
               for i in range(count)]
    monkeypatch.setattr(hierarchy, "MAX_DEPTH", 3 if seed % 2 else 64)
    want = _python(monkeypatch, lambda: _nest(names, parents))
    assert _nest(names, parents) == want
    nested = hierarchy.nest(list(names), list(parents))
    if nested.walk.homes is not None:       # control edges by position: the chains of the anchors
        for widest in (1, 2, 3, 7, hierarchy.MAX_CHILDREN):
            assert BUILT.chain_at(nested.names, nested.drawn, nested.walk.homes, widest) == \
                BUILT.chain(nested.leaves, nested.anchors, widest) == \
                _chunked_loop(nested.anchors, widest, nested.leaves)


@needs_kernel
def test_nesting_by_positions_spells_no_dict_for_the_document(tmp_path):
    construct = {f"Module.m{i}.Linear.forward.0": f"Module.m{i // 4}.Linear.forward.0" if i else None
                 for i in range(100)}
    graph = model.build_msprobe_graph(open_tree(write_tree(tmp_path, construct)).runs[0], model.FORWARD)
    rows, edges = list(graph.rows()), list(graph.edge_rows())
    walk = graph._nested.walk
    assert isinstance(walk, hierarchy.Positions) and rows and edges
    assert not {"up", "depth", "grouped"} & set(vars(walk))     # graph --json reads none of them
    assert graph.group_of["Module.m1.Linear.forward.0"] == "Module.m0.Linear.forward.0/Module.m1.Linear.forward.0"


@needs_kernel
def test_nest_refuses_bad_arguments():
    with pytest.raises(ValueError, match="differ"):
        BUILT.nest(["a"], [], hierarchy.MAX_DEPTH)
    with pytest.raises(ValueError, match="at least 1"):
        BUILT.nest(["a"], [None], 0)
    with pytest.raises(ValueError, match="differ"):
        BUILT.chain_at(["a"], b"\x01", b"", 1)
    with pytest.raises(ValueError, match="differ"):
        BUILT.chain_at(["a", "b"], b"\x01", bytes(4), 1)
    with pytest.raises(ValueError, match="at least 1"):
        BUILT.chain_at(["a"], b"\x01", bytes(4), 0)
    for home in (-2, 1, 2**31 - 1):      # no allocation for a position not there
        with pytest.raises(ValueError, match="out of range"):
            BUILT.chain_at(["a"], b"\x01", home.to_bytes(4, sys.byteorder, signed=True), 1)


def _deep_nestings() -> list[tuple[list[str], list]]:
    """(names, parents) nested past MAX_DEPTH: chains of boxes and calls, branches below the bound, a loop to cut
    among them, a parent named only as a parent."""
    bound = hierarchy.MAX_DEPTH
    cases = []
    for length, calls in ((bound - 1, 2), (bound, 1), (bound + 1, 0), (3 * bound, 3)):
        names, parents = [], []
        for c in range(3):
            parent = None
            for level in range(length):
                names.append(f"m{c}.{level}")
                parents.append(parent)
                parent = f"m{c}.{level}"
                if level % 17 == 5:       # a side branch: a module holding one call
                    names += [f"s{c}.{level}", f"f{c}.{level}"]
                    parents += [parent, f"s{c}.{level}"]
            names += [f"call{c}.{k}" for k in range(calls)]
            parents += [parent] * calls
        cases.append((names, parents))
    names, parents = cases[-1]
    looped = list(parents)
    looped[names.index("m1.0")] = f"m1.{3 * bound - 1}"       # the top of a chain enclosed by its bottom
    cases.append((names, looped))
    cases.append((names + ["orphan"], parents + ["only.a.parent"]))
    return cases


@needs_kernel
@pytest.mark.parametrize("index", range(len(_deep_nestings())))
def test_nesting_past_max_depth_equals_the_python_one(index, monkeypatch):
    names, parents = _deep_nestings()[index]
    want = _python(monkeypatch, lambda: _nest(names, parents))
    assert _nest(names, parents) == want
    assert index < 3 or want[3]       # past the bound, said (the first three: at its edge)
    assert any(len(path.split("/")) == hierarchy.MAX_DEPTH for path in dict(want[10]).values()) == (index > 0)


@needs_kernel
def test_bad_arguments_raise():
    with pytest.raises(ValueError):
        BUILT.types(["a"], b"", call_label)
    with pytest.raises(TypeError):
        BUILT.nodes([("a", None)], "forward", str)
    with pytest.raises(ZeroDivisionError):
        BUILT.types(["Functional.é"], b"\x01", lambda n: 1 / 0)     # not ASCII: the Python rule


def _hostile(root) -> list:
    """construct.json trees as issue 33's probes write them: loops, nesting past MAX_DEPTH, parameter gradients,
    odd names, a large group, two large groups in turns."""
    trees = []
    loop = {f"Module.m{i}.Linear.forward.0": f"Module.m{(i + 1) % 3}.Linear.forward.0" for i in range(3)}
    loop |= {"Functional.relu.0.forward": "Module.m0.Linear.forward.0", "Module.top.Top.forward.0": None}
    deep = {f"Module.d{i}.Deep.forward.0": f"Module.d{i - 1}.Deep.forward.0" if i else None for i in range(100)}
    deep["Functional.relu.0.forward"] = "Module.d99.Deep.forward.0"
    grads = {"Module.net.Net.forward.0": None, "Module.net.fc.Linear.forward.0": "Module.net.Net.forward.0",
             "Module.net.Net.backward.0": None, "Module.net.fc.Linear.backward.0": "Module.net.Net.backward.0",
             "Module.net.fc.Linear.backward.1": "Module.net.Net.backward.0",
             "Module.net.fc.Linear.parameters_grad": None, "optimizer": None,
             "Functional.sgd.0.forward": "optimizer"}
    odd = {n: None for n in NAMES[:3000:7] if n} | {"Module.层.Linear.forward.0": "Module.x.Linear.forward.0\n"}
    large = {f"Module.l{i}.Linear.forward.0": "Module.big.Big.forward.0" for i in range(2500)}
    large["Module.big.Big.forward.0"] = None
    rows = {f"Module.r{i}.Linear.forward.0": f"Module.g{i // 3 % 2}.G.forward.0" for i in range(1200)}
    rows |= {"Module.g0.G.forward.0": None, "Module.g1.G.forward.0": None}     # two large groups, rows of 3 each
    for i, construct in enumerate((loop, deep, grads, odd, large, rows)):
        trees.append(write_tree(root / str(i), construct))
    return trees


def _document_text(path, bench=None, run=None) -> bytes:
    """What ``graph --json`` prints (the node and edge text from the kernel's encoder where it is built)."""
    doc, problems = msprobe_run_document(path, run, bench)
    out = io.BytesIO()
    write_json(doc, out)
    return out.getvalue() + json.dumps([p.message for p in problems]).encode()


@needs_kernel
def test_graph_json_documents_are_the_same_both_ways(tmp_path, monkeypatch):
    cases = [(path, None, None) for path in REAL.values()]
    cases += [(npu, bench, None) for npu, bench in PAIRS.values()]
    cases += [(path, None, None) for path in _hostile(tmp_path)]
    pipeline = DATA / "pipeline"
    if pipeline.is_dir():
        cases.append((pipeline, None, "pipeline:step0"))
    for path, bench, run in cases:
        got = _document_text(path, bench, run)
        assert got == _python(monkeypatch, lambda: _document_text(path, bench, run)), path     # noqa: B023


@pytest.mark.parametrize("kernel_built", [True, False])
def test_plain_graph_figures_are_the_documents(tmp_path, monkeypatch, kernel_built):
    """Plain ``graph`` counts kinds, edges and statuses from the rows: the same figures as the document's."""
    if kernel_built and BUILT is None:
        pytest.skip("the graph's C kernel is not built here")
    monkeypatch.setattr(kernel, "KERNEL", BUILT if kernel_built else None)
    cases = [(npu, bench, None) for npu, bench in PAIRS.values()] + [(DATA / "pipeline", None, "pipeline:step0")]
    cases += [(path, None, None) for path in [*REAL.values(), *_hostile(tmp_path)]]
    for path, bench, run in cases:
        figures, problems = document.msprobe_run_summary(path, run, bench)
        doc, doc_problems = msprobe_run_document(path, run, bench)
        assert figures == document.summary(doc) and problems == doc_problems, path
    assert figures.kinds and figures.edges
    assert any(document.summary(msprobe_run_document(npu, None, bench)[0]).statuses for npu, bench in PAIRS.values())


@needs_kernel
def test_kind_counts_equal_the_python_ones():
    types = [None if i % 5 == 0 else call_label(n) for i, n in enumerate(NAMES)]
    rows = list(zip(NAMES, NAMES, types, strict=True))
    want = Counter("module" if box is None else document.call_kind(name) for name, _, box in rows)
    assert BUILT.kinds(iter(rows), document.call_kind) == dict(want) and len(want) == 2


def test_environment_forces_the_python_path():
    code = "from ascend_dump_gui.core.graph import kernel; print(kernel.KERNEL is None)"
    env = {**os.environ, "ASCEND_DUMP_GUI_PURE_GRAPH": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "True"
