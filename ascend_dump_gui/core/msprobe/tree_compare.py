"""Compare whole msprobe trees run by run: runs paired by (step, rank), each pair compared as msprobe does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.msprobe.matches import CallMatches
from ascend_dump_gui.core.msprobe.rows import MsprobeComparison, MsprobeRow
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, Problem, open_tree


@dataclass
class RunPair:
    npu: MsprobeRun
    bench: MsprobeRun
    result: MsprobeComparison


@dataclass
class TreeComparison:
    mode: str
    pairs: list[RunPair]
    problems: list[Problem] = field(default_factory=list)
    roots: tuple[Path, ...] = ()
    """The NPU and bench folders given (no output may replace a file in them)."""

    def unsettled(self) -> bool:
        """Whether anything is not a pass: a row judged warning or error or not compared, or a run not compared."""
        return any(pair.result.unread is not None or any(r.result != "pass" for r in pair.result.rows)
                   for pair in self.pairs)

    def first_divergence(self) -> tuple[RunPair, MsprobeRow] | None:
        """The earliest non-pass row: by step, then execution order, then rank."""
        best = None
        for pair in self.pairs:
            row = pair.result.first_divergence
            if row is None:
                continue
            key = (pair.npu.step if pair.npu.step is not None else -1, row.order,
                   pair.npu.rank if pair.npu.rank is not None else -1)
            if best is None or key < best[0]:
                best = (key, pair, row)
        return None if best is None else (best[1], best[2])


def _same(a: int | None, b: int | None) -> bool:
    return a is None or b is None or a == b


def _pair_runs(npu: list[MsprobeRun], bench: list[MsprobeRun]) -> list[tuple[MsprobeRun, MsprobeRun]]:
    """Runs paired by (step, rank); a single run on each side (two rank folders given: rank against rank) pairs
    when its step is the same (or unknown). Never a run of another step."""
    if len(npu) == 1 and len(bench) == 1:
        a, b = npu[0], bench[0]
        return [(a, b)] if _same(a.step, b.step) else []
    by_key = {(r.step, r.rank): r for r in bench}
    return [(r, by_key[(r.step, r.rank)]) for r in npu if (r.step, r.rank) in by_key]


def compare_trees(npu_path: str | Path, bench_path: str | Path, mode: str | None = None, *,
                  progress: Callable[[int, int], bool] | None = None, follow_links: bool = False,
                  matches: CallMatches | None = None) -> TreeComparison:
    """Compare every (step, rank) run found under both paths (with the calls ``matches`` pairs by hand);
    :class:`InputError` if either is no msprobe dump. What leads outside either path through a link is a problem,
    not read, unless ``follow_links``."""
    for path in (npu_path, bench_path):
        if not is_msprobe_dir(path):
            raise InputError(str(path), "not an msprobe dump (no dump.json in it or two levels below)")
    npu_tree = open_tree(npu_path, follow_links=follow_links)
    bench_tree = open_tree(bench_path, follow_links=follow_links)
    pairs = _pair_runs(npu_tree.runs, bench_tree.runs)
    if not pairs:
        have = ", ".join(r.label for r in bench_tree.runs) or "none"
        raise InputError(str(npu_path), f"no step/rank folder in common with the bench dump (bench has {have}); "
                                        f"runs are compared only with the bench run of the same step and rank")
    results: list[RunPair] = []
    for npu_run, bench_run in pairs:
        call_map = matches.for_runs(npu_run.path, bench_run.path) if matches else None
        results.append(RunPair(npu_run, bench_run, compare_runs(npu_run, bench_run, mode, progress=progress,
                                                                call_map=call_map or None)))
    chosen = next((p.result.mode for p in results if p.result.unread is None), results[0].result.mode)
    problems = npu_tree.problems + bench_tree.problems
    for pair in results:
        problems += pair.npu.problems + pair.bench.problems
    return TreeComparison(chosen, results, problems, (Path(npu_path), Path(bench_path)))
