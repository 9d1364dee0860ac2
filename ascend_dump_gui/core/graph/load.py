"""Open a GE graph dump for the Graph view: the model graph of its main graph and, when the same folder holds the
original graph (an earlier stage such as ``PreRunBegin``), that one too with the links between them."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.dump.graph import Graph, computational_graph, parse_graph_file
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.hierarchy import Hierarchy
from ascend_dump_gui.core.graph.links import Links, origin_links
from ascend_dump_gui.core.graph.model import ModelGraph, build_model
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

_STAGE_FILE = re.compile(r"ge_proto_(\d+)_(.+)\.txt")
_ORIGINAL_STAGES = ("PreRunBegin", "PreRun", "OptimizeOriginalGraph")
MAX_ORIGINAL_CANDIDATES = 4
"""At most this many sibling stage files are parsed while looking for the original graph."""


@dataclass
class LoadedGraphs:
    """The graph the device ran, the original graph (or None) and the links between them."""

    npu: ModelGraph
    original: ModelGraph | None
    links: Links | None
    graph_names: list[str]          # every graph of the NPU file, for a chooser
    original_path: str | None = None


def main_graph(graphs: list[Graph], name: str | None = None) -> Graph:
    """The graph called ``name``, else the computational graph (seed 003), else the file's first (root) graph;
    its subgraphs follow it in the file."""
    if name is not None:
        for graph in graphs:
            if graph.name == name:
                return graph
    return computational_graph(graphs) or graphs[0]


def original_candidates(path: Path) -> list[Path]:
    """Other stage files of the same folder that may hold the original graph, the likeliest first."""
    m = _STAGE_FILE.fullmatch(path.name)
    if m is None or m.group(2).startswith(_ORIGINAL_STAGES):
        return []
    try:
        names = sorted(os.listdir(path.parent))
    except OSError:
        return []
    found = []
    for name in names:
        other = _STAGE_FILE.fullmatch(name)
        if other is None or name == path.name or "Build" in other.group(2):
            continue
        rank = next((i for i, s in enumerate(_ORIGINAL_STAGES) if other.group(2).startswith(s)), len(_ORIGINAL_STAGES))
        found.append((rank, int(other.group(1)), path.parent / name))
    return [p for *_, p in sorted(found)][:MAX_ORIGINAL_CANDIDATES]


def _original(npu_graph: Graph, path: Path, cancel: CancelToken | None) -> tuple[Graph, Path] | None:
    for candidate in original_candidates(path):
        if cancel is not None:
            cancel.raise_if_cancelled()
        try:
            graphs = parse_graph_file(candidate)
        except InputError:
            continue
        same = [g for g in graphs if g.name == npu_graph.name]
        if same:
            return same[0], candidate
    return None


def load_graphs(path: str | os.PathLike, graph_name: str | None = None, hierarchy: Hierarchy | None = None, *,
                progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> LoadedGraphs:
    """Parse ``path`` and build the model graph of its main graph (or ``graph_name``), with the original
    graph when a sibling stage file holds one of the same name. Raises :class:`InputError` on a bad file."""
    with gc_paused():  # many long-lived small objects: the cyclic GC would re-walk them, holding the GIL
        return _load(Path(path), graph_name, hierarchy, progress, cancel)


def _load(path: Path, graph_name: str | None, hierarchy: Hierarchy | None, progress: ProgressFn,
          cancel: CancelToken | None) -> LoadedGraphs:
    progress(0, 3, msg("reading {name}", name=path.name))
    graphs = parse_graph_file(path)
    chosen = main_graph(graphs, graph_name)
    if not chosen.ops:
        raise InputError(path, f"graph {chosen.name!r} has no ops")
    progress(1, 3, msg("grouping {count} ops", count=len(chosen.ops)))
    npu = build_model(chosen, hierarchy, cancel=cancel)
    progress(2, 3, msg("looking for the original graph"))
    found = _original(chosen, path, cancel)
    original = links = None
    if found is not None:
        original = build_model(found[0], hierarchy, cancel=cancel)
        links = origin_links(npu, original)
    progress(3, 3, msg("graph ready"))
    return LoadedGraphs(npu, original, links, [g.name for g in graphs], None if found is None else str(found[1]))
