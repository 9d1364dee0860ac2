"""Open an msprobe run for the Graph view (and ``ascend-dump graph``): one rank folder's graph in one direction,
with the bench run's graph beside it, msprobe's compare of the two and the links between their nodes."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.links import Links
from ascend_dump_gui.core.graph.msprobe_model import FORWARD, MsprobeGraph, build_msprobe_graph
from ascend_dump_gui.core.graph.msprobe_overlay import call_links, msprobe_overlay
from ascend_dump_gui.core.graph.overlay import Overlay
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.rows import MsprobeComparison
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, is_msprobe_dir, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress


@dataclass
class MsprobeView:
    """What the Graph view shows of an msprobe run: ``npu`` (and ``bench``) in ``direction``, the compare
    (None without a bench), its ``overlay`` on each side, the node ``links`` and the runs of the tree."""

    path: Path
    run: MsprobeRun
    runs: list[str]
    direction: str
    npu: MsprobeGraph
    bench: MsprobeGraph | None = None
    bench_path: Path | None = None
    bench_run: MsprobeRun | None = None
    comparison: MsprobeComparison | None = None
    overlay: Overlay | None = None
    links: Links | None = None
    call_map: dict[str, str] = field(default_factory=dict)


def _runs(path: Path) -> list[MsprobeRun]:
    """The msprobe runs under ``path``: an msprobe dump path, step or rank folder, or any tree holding msprobe
    runs among others (GE dumps beside them, say), found through the run index."""
    if not is_msprobe_dir(path):
        from ascend_dump_gui.core.runs.index import (
            index_runs,  # a full scan: only for a tree of mixed formats
        )

        index = index_runs(path) if path.is_dir() else None
        found = [r for r in (index.runs if index is not None else []) if r.format == "msprobe"]
        if not found:
            raise InputError(str(path), "no msprobe dump in it (no dump.json in a step/rank folder)")
        return [run for r in found for run in open_tree(index.abspath(r)).runs]
    tree = open_tree(path)
    if not tree.runs:
        raise InputError(str(path), tree.problems[0].message if tree.problems else "no msprobe run")
    return tree.runs


def _counterpart(run: MsprobeRun, bench_runs: list[MsprobeRun]) -> MsprobeRun:
    if len(bench_runs) == 1:
        return bench_runs[0]
    for other in bench_runs:
        if (other.step, other.rank, other.pid) == (run.step, run.rank, run.pid):
            return other
    for other in bench_runs:
        if (other.step, other.rank) == (run.step, run.rank):
            return other
    raise InputError(str(run.path), f"the bench dump has no run {run.label}")


def load_msprobe(path: str | os.PathLike, direction: str = FORWARD, run_label: str | None = None,
                 bench: str | os.PathLike | None = None, *, call_map: Mapping[str, str] | None = None,
                 comparison: MsprobeComparison | None = None, previous: MsprobeView | None = None,
                 progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> MsprobeView:
    """The run ``run_label`` (``step0/rank1``; default the first) of the msprobe dump at ``path`` in
    ``direction``; with ``bench``, the same run of the bench dump beside it and msprobe's compare of the two
    (``comparison``, when given, is reused: it covers both directions). ``previous``: a view of the same dump
    whose parsed runs are reused (switching direction reads nothing again). :class:`InputError` on a bad dump."""
    path = Path(path)
    if previous is not None and previous.path == path and previous.run.label == (run_label or previous.run.label):
        run, runs = previous.run, None
        labels = previous.runs
    else:
        previous = None
        runs = _runs(path)
        run = next((r for r in runs if r.label == run_label), runs[0]) if run_label else runs[0]
        labels = [r.label for r in runs]
    progress(0, 3, f"reading {run.label}")
    npu = build_msprobe_graph(run, direction, cancel=cancel)
    view = MsprobeView(path, run, labels, direction, npu, call_map=dict(call_map or {}))
    if bench is None:
        return view
    view.bench_path = Path(bench)
    if previous is not None and previous.bench_path == view.bench_path and previous.bench_run is not None:
        bench_run = previous.bench_run
    else:
        bench_run = _counterpart(run, _runs(view.bench_path))
    view.bench_run = bench_run
    progress(1, 3, f"reading the bench {bench_run.label}")
    view.bench = build_msprobe_graph(bench_run, direction, cancel=cancel)
    progress(2, 3, "comparing")
    if comparison is None:
        comparison = compare_runs(run, bench_run, call_map=view.call_map or None,
                                  progress=lambda done, total: cancel is None or not cancel.cancelled)
        if cancel is not None:
            cancel.raise_if_cancelled()
    view.comparison = comparison
    view.overlay = msprobe_overlay(npu, view.comparison)
    view.links = call_links(npu, view.bench, view.comparison, view.call_map)
    progress(3, 3, "graph ready")
    return view
