"""Which module diverges on which rank: a rank x module map from msprobe's compare of every run of two trees.

Each (step, rank) run is compared with its bench counterpart as msprobe does; its graph (construct.json's
modules) carries the verdicts, and each module's cell is the worst status below it (as the Graph view colours
it). Columns are the modules of one nesting level, in execution order: the deepest level with at most
``max_columns`` modules, so a 32-layer model shows its layers rather than its one top module.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ascend_dump_gui.core.graph.msprobe_model import FORWARD, MsprobeGraph, build_msprobe_graph
from ascend_dump_gui.core.graph.msprobe_overlay import msprobe_overlay
from ascend_dump_gui.core.graph.overlay import NOT_COMPARED
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.matches import CallMatches
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

MAX_COLUMNS = 200


@dataclass
class RankModuleMap:
    """``runs``: run labels (``step0/rank1``), ``modules``: module names; ``cells[(run, module)]`` the status
    (absent: the run has no such module); ``first``: the run and module of the tree's first divergence."""

    direction: str
    runs: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    cells: dict[tuple[str, str], str] = field(default_factory=dict)
    first: tuple[str, str] | None = None
    mode: str | None = None

    def status(self, run: str, module: str) -> str | None:
        return self.cells.get((run, module))


def _levels(graph: MsprobeGraph) -> dict[str, int]:
    """Module -> nesting level (1: a top-level module)."""
    return {module: path.count("/") + 1 for module, path in graph.group_of.items()}


def _columns(graphs: Iterable[MsprobeGraph], max_columns: int) -> list[str]:
    order: dict[str, tuple[int, int]] = {}
    levels: dict[str, int] = {}
    for graph in graphs:
        for module, level in _levels(graph).items():
            levels.setdefault(module, level)
            first = graph.model.groups[graph.group_of[module]].first
            order.setdefault(module, (first, len(order)))
    counts: dict[int, int] = {}
    for level in levels.values():
        counts[level] = counts.get(level, 0) + 1
    fitting = [lv for lv, n in counts.items() if n <= max_columns] or [min(counts, default=1)]
    chosen = max(fitting)
    return sorted((m for m, lv in levels.items() if lv == chosen), key=order.__getitem__)


def rank_module_map(npu: str | os.PathLike, bench: str | os.PathLike, direction: str = FORWARD,
                    mode: str | None = None, *, matches: CallMatches | None = None, max_columns: int = MAX_COLUMNS,
                    progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> RankModuleMap:
    """The map of every run found under both ``npu`` and ``bench`` (msprobe dumps), in ``direction``, with the
    calls ``matches`` pairs by hand."""
    def step(done: int, total: int) -> bool:
        return cancel is None or not cancel.cancelled

    tree = compare_trees(Path(npu), Path(bench), mode, progress=step, matches=matches)
    if cancel is not None:
        cancel.raise_if_cancelled()
    out = RankModuleMap(direction, mode=tree.mode)
    graphs = []
    for i, pair in enumerate(tree.pairs):
        progress(i, len(tree.pairs), msg("colouring {run}", run=pair.npu.label))
        graph = build_msprobe_graph(pair.npu, direction, cancel=cancel)
        overlay = msprobe_overlay(graph, pair.result)
        graphs.append(graph)
        out.runs.append(pair.npu.label)
        for module, path in graph.group_of.items():
            out.cells[(pair.npu.label, module)] = overlay.groups.get(path, NOT_COMPARED)
    out.modules = _columns(graphs, max_columns)
    first = tree.first_divergence()
    if first is not None:
        pair, row = first
        graph = graphs[tree.pairs.index(pair)]
        node = graph.node_path(row.npu.entry)
        home = "" if node is None else (graph.model.ops[node[1]].group if node[0] == "op" else node[1])
        chain = [graph.module_of.get(p) for p in graph.model.group_chain(home)]
        shown = next((m for m in chain if m in out.modules), None)
        if shown is not None:
            out.first = (pair.npu.label, shown)
    progress(len(tree.pairs), len(tree.pairs), msg("map ready"))
    return out
