"""Open an msprobe run for the Graph view (and ``ascend-dump graph``): one rank folder's graph in one direction,
with the bench run's graph beside it, msprobe's compare of the two and the links between their nodes."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.links import Links
from ascend_dump_gui.core.graph.msprobe_model import (
    FORWARD,
    MsprobeGraph,
    Split,
    build_msprobe_graph,
    split_directions,
)
from ascend_dump_gui.core.graph.overlay import Overlay
from ascend_dump_gui.core.graph.pipeline import (
    PIPELINE_PREFIX,
    pipeline_graph,
    pipeline_label,
    pipeline_overlay,
    stage_groups,
    stage_order,
)
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

if TYPE_CHECKING:
    from ascend_dump_gui.core.msprobe.matches import CallMatches
    from ascend_dump_gui.core.msprobe.rows import MsprobeComparison


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
    label: str = ""
    """What is shown: a run's label, or ``pipeline:step{N}`` (the step's stages as one model)."""
    stages: list[MsprobeRun] = field(default_factory=list)
    bench_stages: list[MsprobeRun] = field(default_factory=list)
    comparisons: list[MsprobeComparison] = field(default_factory=list)
    """One compare per stage (one for a single run); ``comparison`` is the first."""
    comparison: MsprobeComparison | None = None
    overlay: Overlay | None = None
    links: Links | None = None
    call_map: dict[str, str] = field(default_factory=dict)
    splits: dict[str, Split] = field(default_factory=dict, repr=False)
    """Per NPU stage folder, its names (and parents) per direction (:func:`split_directions`: switching direction reuses them)."""

    @property
    def problems(self) -> list[str]:
        """What could not be read, or was cut or flattened, in the NPU runs shown (each said once)."""
        return list(dict.fromkeys(p.message for run in self.stages for p in run.problems))


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


def _run_labels(runs: list[MsprobeRun]) -> list[str]:
    """Every run's label, then ``pipeline:step{N}`` for each step whose ranks are pipeline stages."""
    labels = [r.label for r in runs]
    steps: dict[int | None, list[MsprobeRun]] = {}
    for run in runs:
        steps.setdefault(run.step, []).append(run)
    return labels + [pipeline_label(step) for step, group in steps.items() if stage_groups(group) is not None]


def _stages(runs: list[MsprobeRun], label: str | None) -> list[MsprobeRun]:
    """The runs ``label`` shows: one run, or a step's pipeline stages in order."""
    if label and label.startswith(PIPELINE_PREFIX):
        step = label[len(PIPELINE_PREFIX) + len("step"):]
        same = [r for r in runs if str(r.step) == step]
        stages = stage_order(same)
        if stages is None:
            raise InputError(label, "the ranks of this step are not pipeline stages")
        return stages
    if not label:
        return [runs[0]]
    found = [r for r in runs if r.label == label]
    if not found:
        raise InputError(label, f"no such run (runs: {', '.join(r.label for r in runs)})")
    return found[:1]


def _merged_links(npu: MsprobeGraph, parts: list[tuple[MsprobeGraph, Links]], bench: MsprobeGraph) -> Links:
    """Per-stage links renamed as the pipeline graphs name their nodes."""
    links = Links()
    for stage, part in parts:
        prefix = f"{stage.run_label}:"
        for name, others in part.npu_to_original.items():
            found = [o for o in (f"{prefix}{x}" for x in others) if o in bench.model.ops]
            if found and prefix + name in npu.model.ops:
                links.npu_to_original[prefix + name] = found
                for other in found:
                    links.original_to_npu.setdefault(other, []).append(prefix + name)
    return links


def load_msprobe(path: str | os.PathLike, direction: str = FORWARD, run_label: str | None = None,
                 bench: str | os.PathLike | None = None, *, matches: CallMatches | None = None,
                 comparison: MsprobeComparison | None = None, previous: MsprobeView | None = None,
                 progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> MsprobeView:
    """The run ``run_label`` (``step0/rank1``, or ``pipeline:step0`` for a step's pipeline stages as one model;
    default the first run) of the msprobe dump at ``path`` in ``direction``; with ``bench``, the same run(s) of
    the bench dump beside it and msprobe's compare of the two (``comparison``, when given, is reused: it covers
    both directions), with the calls ``matches`` pairs by hand. ``previous``: a view of the same dump whose
    parsed runs and compares are reused (switching direction reads nothing again). :class:`InputError` on a
    bad dump."""
    path = Path(path)
    same = previous is not None and previous.path == path and previous.label == (run_label or previous.label)
    if same:
        stages, labels = previous.stages, previous.runs
    else:
        runs = _runs(path)
        stages, labels = _stages(runs, run_label), _run_labels(runs)
    label = run_label or stages[0].label
    progress(0, 3, msg("reading {name}", name=label))
    splits = previous.splits if same else {}
    for r in stages:
        if str(r.path) not in splits:
            splits[str(r.path)] = split_directions(r)
    graphs = [build_msprobe_graph(r, direction, cancel=cancel, split=splits[str(r.path)]) for r in stages]
    pipeline = label.startswith(PIPELINE_PREFIX)
    npu = pipeline_graph(graphs, stages[0].step) if pipeline else graphs[0]
    view = MsprobeView(path, stages[0], labels, direction, npu, label=label, stages=stages, splits=splits)
    if bench is None:
        return view
    from ascend_dump_gui.core.graph.msprobe_overlay import (  # the compare's (numpy)
        call_links,
        msprobe_overlay,
    )
    from ascend_dump_gui.core.msprobe.compare import compare_runs

    view.bench_path = Path(bench)
    if same and previous.bench_path == view.bench_path and previous.bench_stages:
        bench_stages = previous.bench_stages
    else:
        bench_runs = _runs(view.bench_path)
        bench_stages = [_counterpart(r, bench_runs) for r in stages]
    view.bench_run, view.bench_stages = bench_stages[0], bench_stages
    maps = [matches.for_runs(r.path, b.path) if matches else {} for r, b in zip(stages, bench_stages, strict=True)]
    view.call_map = maps[0]
    progress(1, 3, msg("reading the bench {name}", name=bench_stages[0].label))
    bench_graphs = [build_msprobe_graph(r, direction, cancel=cancel) for r in bench_stages]
    view.bench = pipeline_graph(bench_graphs, bench_stages[0].step) if pipeline else bench_graphs[0]
    progress(2, 3, msg("comparing"))
    comparisons = list(previous.comparisons) if same and previous.comparisons and previous.bench_path == \
        view.bench_path and comparison is not None else []
    if not comparisons:
        for i, (run, bench_run) in enumerate(zip(stages, bench_stages, strict=True)):
            reuse = comparison if i == 0 and comparison is not None and not pipeline else None
            comparisons.append(reuse or compare_runs(run, bench_run, call_map=maps[i] or None,
                                                     progress=lambda d, t: cancel is None or not cancel.cancelled))
            if cancel is not None:
                cancel.raise_if_cancelled()
    view.comparisons = comparisons
    view.comparison = comparisons[0]
    overlays = [msprobe_overlay(g, c) for g, c in zip(graphs, comparisons, strict=True)]
    parts = [call_links(g, b, c, m) for g, b, c, m in zip(graphs, bench_graphs, comparisons, maps, strict=True)]
    if pipeline:
        view.overlay = pipeline_overlay(npu, graphs, overlays)
        view.links = _merged_links(npu, list(zip(graphs, parts, strict=True)), view.bench)
    else:
        view.overlay, view.links = overlays[0], parts[0]
    progress(3, 3, msg("graph ready"))
    return view
