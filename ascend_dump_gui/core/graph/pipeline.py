"""The ranks of one step as pipeline stages shown in order as one model.

Where construct.json allows it: every rank's construct.json names modules (levels L0 and mix) and the ranks do
not all hold the same modules (data-parallel replicas do; pipeline stages each hold a part of the model). The
order comes from the point-to-point calls of the forward phase (the calls before a rank's first backward call):
a ``send``/``isend`` to ``dst`` puts this rank before ``dst``, a ``recv``/``irecv`` from ``src`` puts ``src``
before it; ranks the calls do not order keep their rank order. Each stage is a group (``stage 1 · rank 0``)
holding that rank's graph, its nodes named ``{run label}:{name}``; a recv whose received tensor is one an
earlier stage sent is a data edge from that send, else the first call of a stage follows the last of the
stage before (execution order). The backward view shows the stages from the last to the first.
"""

from __future__ import annotations

from typing import Any

from ascend_dump_gui.core.graph.model import ROOT, Edge, Group, ModelGraph
from ascend_dump_gui.core.graph.msprobe_model import MsprobeGraph, direction_of, fingerprint, is_module
from ascend_dump_gui.core.graph.overlay import Overlay, roll_up
from ascend_dump_gui.core.msprobe.tree import MsprobeRun

PIPELINE_PREFIX = "pipeline:"
"""The run label of a step's pipeline (``pipeline:step0``)."""
_SENDS, _RECVS = ("send", "isend"), ("recv", "irecv")


def pipeline_label(step: int | None) -> str:
    return f"{PIPELINE_PREFIX}step{step}" if step is not None else f"{PIPELINE_PREFIX}"


def _api(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "Distributed" else None


def _peer(entry: Any, key: str) -> int | None:
    """The ``dst``/``src`` rank of a point-to-point call (keyword, or the second positional argument)."""
    for leaf in entry.leaves:
        if leaf.state == "input" and leaf.name.endswith((f".input.{key}", ".input.1")) and isinstance(leaf.max, int):
            return leaf.max
    return None


MAX_RANKS = 64
"""Steps with more ranks are not looked at as pipelines (each rank's construct.json would be read)."""


def stage_groups(runs: list[MsprobeRun]) -> list[list[MsprobeRun]] | None:
    """The ranks of one step grouped by the modules their construct.json names (data-parallel replicas of a
    stage share them), or None when they are not pipeline stages (one group, a rank without modules, a
    ``proc`` folder, more than :data:`MAX_RANKS` ranks)."""
    if not 2 <= len(runs) <= MAX_RANKS or any(r.rank is None for r in runs):
        return None
    by_modules: dict[frozenset[str], list[MsprobeRun]] = {}
    for run in sorted(runs, key=lambda r: r.rank):
        modules = frozenset(k for k in run.construct if is_module(k))
        if not modules:
            return None
        by_modules.setdefault(modules, []).append(run)
    return list(by_modules.values()) if len(by_modules) > 1 else None


def stage_order(runs: list[MsprobeRun]) -> list[MsprobeRun] | None:
    """One rank per pipeline stage (the lowest of its replicas), in stage order; None when ``runs`` (the ranks of
    one step) are not pipeline stages."""
    groups = stage_groups(runs)
    if groups is None:
        return None
    stage_of = {run.rank: i for i, group in enumerate(groups) for run in group}
    before: set[tuple[int, int]] = set()
    for run in (group[0] for group in groups):
        for entry in run.entries:
            if direction_of(entry.name) != "forward":
                break
            api = _api(entry.name)
            if api in _SENDS and (peer := _peer(entry, "dst")) in stage_of:
                before.add((stage_of[run.rank], stage_of[peer]))
            elif api in _RECVS and (peer := _peer(entry, "src")) in stage_of:
                before.add((stage_of[peer], stage_of[run.rank]))
    order: list[int] = []
    left = list(range(len(groups)))
    while left:
        ready = [k for k in left if not any(a in left and b == k and a != b for a, b in before)]
        pick = ready[0] if ready else left[0]      # a cycle of sends: rank order
        order.append(pick)
        left.remove(pick)
    return [groups[i][0] for i in order]


def _stage_key(index: int, graph: MsprobeGraph) -> str:
    return f"stage {index + 1} · {graph.run_label.rsplit('/', 1)[-1]}"


def _prefixed(graph: MsprobeGraph, key: str, offset: int) -> tuple[dict, dict, list[Edge], dict[str, str]]:
    """The groups and ops of one stage under the group ``key``, every name prefixed."""
    model = graph.model
    name = {n: f"{graph.run_label}:{n}" for n in model.ops}

    def path(p: str) -> str:
        return key if p == ROOT else f"{key}/{p}"

    groups = {}
    for p, g in model.groups.items():
        groups[path(p)] = Group(path(p), g.label if p != ROOT else key, ROOT if p == ROOT else path(g.parent or ROOT),
                                [path(c) for c in g.groups], [name[o] for o in g.ops], g.size, g.first + offset,
                                g.chunk)
    ops = {name[n]: op._replace(name=name[n], group=path(op.group), order=op.order + offset)
           for n, op in model.ops.items()}
    edges = [e._replace(src=name[e.src], dst=name[e.dst]) for e in model.edges]
    return groups, ops, edges, name


def pipeline_graph(stages: list[MsprobeGraph], step: int | None) -> MsprobeGraph:
    """One graph of the stages' graphs (same direction, given in stage order): forward from the first stage to
    the last, backward from the last to the first."""
    if stages and stages[0].direction != "forward":
        stages = stages[::-1]
    groups: dict[str, Group] = {ROOT: Group(ROOT, "", None)}
    ops: dict = {}
    edges: list[Edge] = []
    parents: dict[str, str | None] = {}
    group_of: dict[str, str] = {}
    entries: dict = {}
    sent: dict[tuple, str] = {}
    previous_last: str | None = None
    for i, graph in enumerate(stages):
        key = _stage_key(i, graph)
        part_groups, part_ops, part_edges, name = _prefixed(graph, key, len(ops))
        groups.update(part_groups)
        groups[ROOT].groups.append(key)
        ops.update(part_ops)
        edges += part_edges
        order = sorted(graph.model.ops, key=lambda n: graph.model.ops[n].order)
        linked = False
        for call in order:
            entry = graph.entries.get(call)
            if entry is None or _api(call) is None:
                continue
            if _api(call) in _RECVS:
                for leaf in entry.leaves:
                    source = sent.get(fingerprint(leaf)) if leaf.state == "output" else None
                    if source is not None:
                        edges.append(Edge(source, 0, name[call], 0, None))
                        linked = True
            if _api(call) in _SENDS:
                sent.update({fp: name[call] for leaf in entry.leaves
                             if leaf.state == "input" and (fp := fingerprint(leaf)) is not None})
        if previous_last is not None and order and not linked:
            edges.append(Edge(previous_last, -1, name[order[0]], -1, None, True))
        previous_last = name[order[-1]] if order else previous_last
        prefix = f"{graph.run_label}:"
        parents.update({prefix + n: (prefix + p if p is not None else None) for n, p in graph.parents.items()})
        group_of.update({prefix + m: f"{key}/{p}" for m, p in graph.group_of.items()})
        entries.update({prefix + n: e for n, e in graph.entries.items()})
    groups[ROOT].size = len(ops)
    producers: dict[str, list[Edge]] = {}
    for edge in edges:
        producers.setdefault(edge.dst, []).append(edge)
    depth: dict[str, int] = {}
    for n in sorted(ops, key=lambda o: ops[o].order):
        depth[n] = 1 + max((depth.get(e.src, 0) for e in producers.get(n, ()) if not e.control), default=-1)
    direction = stages[0].direction if stages else "forward"
    label = pipeline_label(step)
    model = ModelGraph(f"{label} {direction}", stages[0].model.source if stages else "", ops, edges, groups,
                       producers, {}, depth)
    return MsprobeGraph(model, direction, parents, group_of, entries, label)


def pipeline_overlay(graph: MsprobeGraph, stages: list[MsprobeGraph], overlays: list[Overlay]) -> Overlay:
    """The stages' overlays (in stage order) on the pipeline graph; the first divergence is the first shown
    stage's that has one."""
    if stages and stages[0].direction != "forward":
        stages, overlays = stages[::-1], overlays[::-1]
    out = Overlay()
    own: dict[str, str] = {}
    for i, (stage, overlay) in enumerate(zip(stages, overlays, strict=True)):
        prefix, key = f"{stage.run_label}:", _stage_key(i, stage)
        out.ops.update({prefix + n: s for n, s in overlay.ops.items()})
        out.metrics.update({prefix + n: m for n, m in overlay.metrics.items()})
        for path, status in overlay.groups.items():
            own[f"{key}/{path}"] = status
        out.group_metrics.update({f"{key}/{p}": m for p, m in overlay.group_metrics.items()})
        if out.first_divergence is None and overlay.first_divergence is not None:
            first = overlay.first_divergence
            out.first_divergence = prefix + first if first in stage.model.ops else f"{key}/{first}"
    out.groups = roll_up(graph.model, out.ops, own)
    return out

