"""Compare whole trees, run by run: NPU vs golden per rank, rank vs rank within data-parallel groups, or
each step against the previous one; statistics first, full tensors where statistics differ.

Findings: the first diverging (rank, step, op) in execution order (step, then op order, ties by rank), the
ranks that disagree with their group's reference (its lowest rank), and overflow counts per rank and step.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.runs.executor import DaskExecutor, LocalExecutor
from ascend_dump_gui.core.runs.index import Run, RunIndex, index_runs
from ascend_dump_gui.core.runs.pair_task import PairTask
from ascend_dump_gui.core.runs.pair_work import run_pair

MODES = ("golden", "ranks", "steps")
COMPARABLE_FORMATS = ("ge", "msprobe")
"""NPU run formats compared (msprobe runs through the msprobe reader and compare)."""
REFERENCE_FORMATS = {"ge": ("ge", "golden"), "msprobe": ("msprobe",)}
"""Per NPU run format, the run formats of a golden tree that can be its reference."""


@dataclass
class TreeCompareResult:
    """Rows of every run (each with ``rank`` and ``step``), per-run summaries and the findings."""

    mode: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    runs: list[dict[str, Any]] = field(default_factory=list)
    first_divergence: dict[str, Any] | None = None
    disagreeing: list[dict[str, Any]] = field(default_factory=list)
    lost: list[dict[str, Any]] = field(default_factory=list)
    unpaired: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    overflows: list[dict[str, Any]] = field(default_factory=list)
    """cli.md's overflow entries of every run (``tensor``, ``op_name``, ``op_type``, ``dtype``, ``kind``, ``rank``,
    ``step``, and ``count``: the entries of that run)."""

    def to_json(self) -> dict[str, Any]:
        """The ``compare --mode`` JSON document of cli.md (rows, runs, first_divergence) plus our findings."""
        return {"mode": self.mode, "rows": self.rows, "runs": self.runs, "first_divergence": self.first_divergence,
                "overflows": self.overflows,
                "disagreeing": self.disagreeing, "lost": self.lost, "unpaired": self.unpaired,
                "problems": self.problems, "summary": self.summary}


def not_compared(row: dict[str, Any]) -> bool:
    """A row whose tensors exist on both sides but that has no verdict (unreadable, refused, no data for the
    mode): counted apart, never a pass (cli.md)."""
    return row["reached"] is None and bool(row.get("bench") or row.get("golden_file"))


def parse_int_list(text: str | None, what: str) -> list[int] | None:
    """``"0,2,4-7"`` -> ``[0, 2, 4, 5, 6, 7]``; None for None/empty; InputError naming ``what`` otherwise."""
    if not text or not text.strip():
        return None
    out: list[int] = []
    for part in text.split(","):
        a, sep, b = part.strip().partition("-")
        if not a.isdigit() or (sep and not b.isdigit()):
            raise InputError(None, f"{what} {text!r}: expected numbers and ranges such as 0,2,4-7")
        out += list(range(int(a), int(b) + 1)) if sep else [int(a)]
    return sorted(set(out))


def parse_groups(text: str | None) -> list[list[int]] | None:
    """Data-parallel groups ``"0-3;4-7"`` (``;`` between groups); None for None/empty."""
    if not text or not text.strip():
        return None
    return [g for part in text.split(";") if (g := parse_int_list(part, "group"))]


def _key(run: Run) -> tuple[str, str, int, int]:
    """(format, model, step, rank): runs of a tree holding GE and msprobe runs pair within their format."""
    return (run.format, run.model_name or "", -1 if run.step is None else run.step,
            -1 if run.rank is None else run.rank)


def _select(index: RunIndex, ranks: list[int] | None, steps: list[int] | None) -> tuple[list[Run], str]:
    """The runs to compare, and where their ranks come from: ``rank folders``, or ``device ids`` for layouts
    without a rank level (one process per device, e.g. acl dumps ``{time}/{device}/...``)."""
    runs = [r for r in index.runs if r.format in COMPARABLE_FORMATS]
    source = "rank folders"
    if runs and all(r.rank is None for r in runs) and any(r.device is not None for r in runs):
        runs = [replace(r, rank=r.device) for r in runs]
        source = "device ids"
    return [r for r in runs if (ranks is None or r.rank in ranks) and (steps is None or r.step in steps)], source


def _golden_ref(run: Run, ref: RunIndex) -> Run | None:
    """The reference run of the same rank and step; rank-less (step-less) references serve every rank (step).
    Never a run of another step or rank."""
    candidates = [r for r in ref.runs if r.format in REFERENCE_FORMATS[run.format]]
    if run.step is None and len(candidates) == 1:   # a run of no known step: its only reference
        return candidates[0]
    for want_rank in (run.rank, None):
        for want_step in (run.step, None):
            for r in candidates:
                if r.step == want_step and r.rank == want_rank:
                    return r
    return None


def _plan(mode: str, npu: RunIndex, ref: RunIndex | None, runs: list[Run],
          groups: list[list[int]] | None) -> tuple[list[tuple[Run, str | None, dict[str, Any]]], list[dict]]:
    """(run, reference run folder or None, extra summary keys) per NPU run, and runs without a reference."""
    plan: list[tuple[Run, str | None, dict[str, Any]]] = []
    unpaired: list[dict[str, Any]] = []
    if mode == "golden":
        assert ref is not None
        for run in runs:
            match = _golden_ref(run, ref)
            if match is None:
                have = sorted({r.step for r in ref.runs if r.step is not None})
                unpaired.append({"rank": run.rank, "step": run.step, "path": run.path,
                                 "reason": f"no reference run of rank {run.rank} and step {run.step} (the reference "
                                           f"has steps {', '.join(map(str, have)) or 'none'}); not compared with "
                                           f"another step"})
            plan.append((run, ref.abspath(match) if match else None, {}))
        return plan, unpaired
    if mode == "ranks":
        all_ranks = sorted({r.rank for r in runs if r.rank is not None})
        groups = groups or [all_ranks]
        group_of = {rank: i for i, g in enumerate(groups) for rank in g}
        by_key = {_key(r): r for r in runs}
        for run in runs:
            g = group_of.get(run.rank) if run.rank is not None else None
            if g is None:
                unpaired.append({"rank": run.rank, "step": run.step, "path": run.path,
                                 "reason": "rank in no data-parallel group"})
                continue
            present = [rk for rk in groups[g] if (*_key(run)[:3], rk) in by_key]
            reference = min(present)
            extra = {"group": g, "reference_rank": reference}
            if run.rank == reference:
                plan.append((run, None, {**extra, "reference": True}))
            else:
                plan.append((run, npu.abspath(by_key[(*_key(run)[:3], reference)]), extra))
        return plan, unpaired
    previous: dict[tuple[str, str, int], Run] = {}
    for run in sorted(runs, key=lambda r: (*_key(r)[:2], _key(r)[3], _key(r)[2])):
        prev = previous.get((*_key(run)[:2], _key(run)[3]))
        plan.append((run, npu.abspath(prev) if prev else None, {"previous_step": prev.step if prev else None}))
        previous[(*_key(run)[:2], _key(run)[3])] = run
    return plan, unpaired


def compare_tree(npu: str | os.PathLike, ref: str | os.PathLike | None = None, *, mode: str = "golden",
                 ranks: Sequence[int] | None = None, steps: Sequence[int] | None = None,
                 groups: list[list[int]] | None = None, stats_first: bool = False,
                 metrics: Sequence[str] | None = None, tolerance: str | None = None,
                 executor: LocalExecutor | DaskExecutor | None = None, progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> TreeCompareResult:
    """Compare the runs of tree ``npu`` (see the module docstring). ``ref`` is required in ``golden`` mode
    and unused otherwise; ``ranks``/``steps`` select runs; ``groups`` are the data-parallel groups of
    ``ranks`` mode (default: all ranks in one). The result is the same on any executor."""
    if mode not in MODES:
        raise InputError(None, f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    if mode == "golden" and ref is None:
        raise InputError(None, "--mode golden needs a reference tree (REF)")
    started = time.perf_counter()
    npu_index = index_runs(npu, progress=progress, cancel=cancel)
    if not npu_index.runs:
        raise InputError(npu, msg("holds no dump runs: no step folder with GE/ACL dump files and no msprobe "
                                  "dump.json was found; choose the root of a dump tree"))
    ref_index = index_runs(ref, progress=progress, cancel=cancel) if mode == "golden" and ref is not None else None
    runs, rank_source = _select(npu_index, list(ranks) if ranks else None, list(steps) if steps else None)
    result = TreeCompareResult(mode)
    plan, unpaired = _plan(mode, npu_index, ref_index, runs, groups)
    result.unpaired += unpaired
    tasks = [PairTask(run.rank, run.step, npu_index.abspath(run), ref_path, stats_first,
                      tuple(metrics) if metrics else None, tolerance, run.format) for run, ref_path, _ in plan]
    executor = executor or LocalExecutor()
    outcomes = executor.map(run_pair, tasks, [t.label for t in tasks], progress=progress, cancel=cancel)
    for (run, _, extra), task, outcome in zip(plan, tasks, outcomes, strict=True):
        summary = {"rank": run.rank, "step": run.step, "path": run.path, "format": run.format,
                   "model_name": run.model_name,
                   "reference_path": task.ref, **extra}
        if outcome.error is not None:
            result.lost.append({"rank": run.rank, "step": run.step, "npu": task.npu, "ref": task.ref,
                                "reason": outcome.error, "lost": outcome.lost})
            result.runs.append({**summary, "rows": 0, "failed": 0, "not_compared": 0, "overflows": run.overflow_files, "worst": {},
                                "first_divergence": None, "status": "lost", "stats_differ": 0, "full": False})
            continue
        value = outcome.value
        for row in value["rows"]:       # a tree of GE and msprobe runs: each row says which format it is
            row["format"] = run.format
        if value["first_divergence"]:
            value["first_divergence"]["format"] = run.format
        failed = sum(r["reached"] is False for r in value["rows"])
        unchecked = sum(not_compared(r) for r in value["rows"]) + value.get("unreadable", 0)
        overflows = value["overflows"]
        result.overflows += [{**e, "count": overflows} for e in value.get("overflow_entries", [])]
        result.rows += value["rows"]
        result.problems += value["problems"]
        result.runs.append({**summary, "rows": len(value["rows"]), "failed": failed, "not_compared": unchecked,
                            "overflows": overflows, "worst": value["worst"],
                            "first_divergence": value["first_divergence"],
                            "status": _status(value, failed, overflows, task.ref, unchecked), "stats_differ":
                            len(value["stats_differ"]), "full": value["full"]})
    _findings(result)
    result.summary = {
        "mode": mode, "npu": os.fspath(npu), "ref": None if ref is None else os.fspath(ref),
        "executor": executor.name, "stats_first": stats_first, "runs": len(result.runs), "ranks_from": rank_source,
        "ranks": sorted({r["rank"] for r in result.runs if r["rank"] is not None}),
        "steps": sorted({r["step"] for r in result.runs if r["step"] is not None}),
        "rows": len(result.rows), "failed": sum(r["failed"] for r in result.runs),
        "not_compared": sum(r["not_compared"] for r in result.runs),
        "full_compared_runs": sum(r["full"] for r in result.runs),
        "overflows": sum(r["overflows"] for r in result.runs),
        "overflow_ranks": sorted({r["rank"] for r in result.runs if r["overflows"] and r["rank"] is not None}),
        "disagreeing_ranks": [d["rank"] for d in result.disagreeing], "lost": len(result.lost),
        "first_divergence": None if result.first_divergence is None else
        {k: result.first_divergence.get(k) for k in ("rank", "step", "tensor")},
        "seconds": round(time.perf_counter() - started, 3)}
    return result


def _status(value: dict[str, Any], failed: int, overflows: int, ref: str | None, unchecked: int) -> str:
    """``reference`` | ``overflow`` | ``diverged`` | ``stats_differ`` | ``not_compared`` | ``ok`` |
    ``no_reference``."""
    if overflows:
        return "overflow"
    if failed:
        return "diverged"
    if value["stats_differ"] and not value["full"]:
        return "stats_differ"
    if unchecked:
        return "not_compared"
    return "ok" if ref is not None else "no_reference"


def _findings(result: TreeCompareResult) -> None:
    result.rows.sort(key=lambda r: (-1 if r["step"] is None else r["step"], -1 if r["rank"] is None else r["rank"],
                                    r["index"]))
    result.overflows.sort(key=lambda e: (-1 if e["step"] is None else e["step"], -1 if e["rank"] is None else e["rank"],
                                         -1 if e["index"] is None else e["index"]))
    result.runs.sort(key=lambda r: (-1 if r["step"] is None else r["step"], -1 if r["rank"] is None else r["rank"]))
    for run in result.runs:
        if run.get("reference"):
            run["status"] = "overflow" if run["overflows"] else "reference"
    divergences = [r["first_divergence"] for r in result.runs if r["first_divergence"]]
    if divergences:
        result.first_divergence = min(divergences, key=lambda d: (-1 if d["step"] is None else d["step"],
                                                                  d["index"], -1 if d["rank"] is None else d["rank"]))
    if result.mode == "ranks":
        bad: dict[int, dict[str, Any]] = {}
        for run in result.runs:
            if run["failed"] and run["rank"] is not None:
                entry = bad.setdefault(run["rank"], {"rank": run["rank"], "group": run.get("group"),
                                                     "reference_rank": run.get("reference_rank"), "steps": []})
                entry["steps"].append(run["step"])
        result.disagreeing = [bad[k] for k in sorted(bad)]
