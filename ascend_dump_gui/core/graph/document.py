"""The graph the Graph view shows as one JSON-ready document (``ascend-dump graph --json``, cli.md):
``{"nodes": [{"id", "name", "kind", "type", "parent", "status"}], "edges": [{"from", "to"}],
"first_divergence"}``.

GE graphs: one ``op`` node per op, ``parent`` its name scope (``layer_3/attention``; null at the top). msprobe
runs: both directions, modules (``module``; also msprobe's ``optimizer`` and ``clip_grad`` scopes) named as
in construct.json and calls (``api``; a leaf module at level L0 is a ``module``) as in dump.json, each with
its ``direction`` (a step's pipeline, run ``pipeline:step{N}``, names them ``{run}:{name}``, stage after
stage); ``parent`` is construct.json's, a loop cut (so every walk up the parents ends); edges say whether they
carry data (``data``: false is execution order only). ``status`` is null without a compare; a call without a
bench counterpart is ``not_compared`` with ``"matched": false``. ``problems``: what could not be read or was
cut (a loop in construct.json, modules nested too deep), one message each.
"""

from __future__ import annotations

import gc
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.graph import kernel
from ascend_dump_gui.core.graph.document_rows import EdgeArray, NodeArray, call_kind, edge_dicts, node_dicts
from ascend_dump_gui.core.graph.model import ModelGraph
from ascend_dump_gui.core.graph.msprobe_load import MsprobeView, load_msprobe
from ascend_dump_gui.core.graph.msprobe_model import BACKWARD, FORWARD, MsprobeGraph
from ascend_dump_gui.core.graph.overlay import NOT_COMPARED, UNMATCHED, Overlay
from ascend_dump_gui.core.msprobe.tree import Problem


def _status(overlay: Overlay | None, kind: str, key: str) -> dict[str, Any]:
    if overlay is None:
        return {"status": None}
    status = overlay.status(kind, key)
    if status == UNMATCHED:
        return {"status": NOT_COMPARED, "matched": False}
    return {"status": status}


def _scope(model: ModelGraph, op: str) -> str | None:
    """The op's name scope: its group path without the chunks a large group is split into."""
    path = model.ops[op].group
    while path and model.groups[path].chunk is not None:
        path = model.groups[path].parent or ""
    return path.replace("\u2215", "/") if path else None


def ge_document(model: ModelGraph, overlay: Overlay | None = None) -> dict[str, Any]:
    nodes = [{"id": name, "name": name, "kind": "op", "type": op.type, "parent": _scope(model, name),
              **_status(overlay, "op", name)} for name, op in model.ops.items()]
    edges = [{"from": e.src, "to": e.dst, "control": e.control} for e in model.edges]
    return {"graph": model.name, "nodes": nodes, "edges": edges,
            "first_divergence": overlay.first_divergence if overlay is not None else None}


def _first_divergence(views: list[MsprobeView]) -> str | None:
    """The node where the compare first diverges (a pipeline: the first stage's, as drawn); None without one."""
    comparison = views[0].comparison if views else None
    if views and len(views[0].stages) > 1:    # a pipeline: the first stage's first divergence, as drawn
        for view in views:
            found = view.overlay.first_divergence if view.overlay is not None else None
            if found is not None:
                return found if found in view.npu.model.ops else view.npu.module_of.get(found)
        return None
    if comparison is not None and comparison.first_divergence is not None:
        return comparison.first_divergence.npu.entry
    return None


def msprobe_document(views: list[MsprobeView]) -> dict[str, Any]:
    """``views``: the same run in each direction (with or without a bench)."""
    nodes: list[dict[str, Any]] | NodeArray
    edges: list[dict[str, Any]] | EdgeArray
    if all(view.overlay is None for view in views):       # no statuses: the rows are written as they are
        graphs = [view.npu for view in views]
        nodes, edges = NodeArray(graphs), EdgeArray(graphs)
    else:
        nodes, edges = [], []
        with gc_paused():
            for view in views:
                graph, overlay = view.npu, view.overlay
                part = node_dicts(graph.rows(), graph.direction)
                if overlay is not None:
                    for node in part:
                        where = graph.node_path(node["id"])
                        if where is not None:
                            node.update(_status(overlay, *where))
                nodes += part
                edges += edge_dicts(graph.edge_rows())
    first = _first_divergence(views)
    comparison = views[0].comparison if views else None
    problems = views[0].problems if views else []
    return {"run": views[0].label if views else None, "nodes": nodes, "edges": edges,
            "first_divergence": first, "mode": comparison.mode if comparison is not None else None,
            "problems": problems}


def msprobe_run_document(path: str | os.PathLike, run_label: str | None = None,
                         bench: str | os.PathLike | None = None) -> tuple[dict[str, Any], list[Problem]]:
    """What ``graph --json`` prints of an msprobe run (:func:`load_msprobe` forward, then backward reusing it,
    then :func:`msprobe_document`) and the run's problems. For a process that prints the document and ends (the
    CLI): the collector is paused throughout and what was built is frozen (:func:`gc.freeze`), so no pass walks
    the graphs' objects (or, with a compare, the million node dicts) while it is printed; reference counts still
    free them."""
    with gc_paused():
        views = _both_directions(path, run_label, bench)
        document = msprobe_document(views)
        gc.freeze()
    return document, views[0].run.problems


def _both_directions(path: str | os.PathLike, run_label: str | None, bench: str | os.PathLike | None
                     ) -> list[MsprobeView]:
    """:func:`load_msprobe` forward, then backward reusing it."""
    forward = load_msprobe(path, FORWARD, run_label, bench)
    return [forward, load_msprobe(path, BACKWARD, forward.label, bench, previous=forward,
                                  comparison=forward.comparison)]


@dataclass
class Summary:
    """A graph document in figures: nodes per kind, edges, nodes per compare status (none without a compare),
    the first divergence."""

    kinds: Counter[str]
    edges: int
    statuses: Counter[str]
    first_divergence: str | None


def summary(document: dict[str, Any]) -> Summary:
    """The figures of a graph document (:func:`ge_document` or :func:`msprobe_document`)."""
    nodes = document["nodes"]
    return Summary(Counter(n["kind"] for n in nodes), len(document["edges"]),
                   Counter(n["status"] for n in nodes if n["status"] is not None), document["first_divergence"])


def _kinds(graph: MsprobeGraph) -> dict[str, int]:
    """How many of ``graph``'s nodes are of each kind (as :func:`msprobe_document` says)."""
    built = kernel.KERNEL
    if built is not None:
        return built.kinds(graph.rows(), call_kind)
    return Counter("module" if box is None else call_kind(name) for name, _, box in graph.rows())


def msprobe_run_summary(path: str | os.PathLike, run_label: str | None = None,
                        bench: str | os.PathLike | None = None) -> tuple[Summary, list[Problem]]:
    """What plain ``graph`` prints of an msprobe run (:func:`summary` of :func:`msprobe_run_document`'s
    document), counted from the graphs' rows without making the document's dicts; and the run's problems."""
    kinds: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    edges = 0
    with gc_paused():
        views = _both_directions(path, run_label, bench)
        for view in views:
            graph, overlay = view.npu, view.overlay
            kinds.update(_kinds(graph))
            edges += graph.edge_count()
            if overlay is not None:
                for name, _, _ in graph.rows():
                    where = graph.node_path(name)
                    status = _status(overlay, *where)["status"] if where is not None else None
                    if status is not None:
                        statuses[status] += 1
    return Summary(kinds, edges, statuses, _first_divergence(views)), views[0].run.problems
