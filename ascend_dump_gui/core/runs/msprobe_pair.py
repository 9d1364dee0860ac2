"""The tree compare's unit of work for msprobe runs: one rank folder against its reference run, through the
msprobe reader and compare (msprobe's matching and verdicts; no second parser).

Statistics first: the Max/Min/Mean/Norm that dump.json holds for every matched tensor are compared (relative
to the reference's range, with the per-dtype tolerance of GE runs). With ``stats_first`` only the calls with
a tensor whose statistics differ are read in full (msprobe's ``all`` mode, whole calls so that its verdict can
weigh inputs against outputs); the other rows are msprobe's ``summary`` rows. Without ``stats_first`` every
row comes from msprobe's default mode (``all`` for tensor dumps, else ``md5`` or ``summary``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.msprobe import Leaf, MsprobeRun, open_tree
from ascend_dump_gui.core.msprobe.compare import compare_runs, default_mode
from ascend_dump_gui.core.msprobe.report import overflow_entries, row_json
from ascend_dump_gui.core.msprobe.rows import MsprobeComparison, MsprobeRow
from ascend_dump_gui.core.msprobe.tree_compare import RunPair
from ascend_dump_gui.core.runs.pair_task import PairTask
from ascend_dump_gui.core.runs.stats import tolerance_for

WORST_METRICS = {"Cosine": min, "MaxAbsErr": max, "stats_rel_diff": max}
"""Per run, the worst value of these over its rows (msprobe's column names, and the statistics' distance)."""
_CHECKED = {"all": "full", "summary": "stats", "md5": "md5"}


def _open(path: str) -> tuple[MsprobeRun | None, list[str]]:
    tree = open_tree(path)
    problems = [p.message if p.message.startswith(p.path) else f"{p.path}: {p.message}" for p in tree.problems]
    return (tree.runs[0] if len(tree.runs) == 1 else None), problems


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def stats_distance(npu: Leaf, ref: Leaf) -> float:
    """How far two tensors' dump.json statistics are apart: 0.0 when equal; max/min/mean relative to the
    reference's range, norm relative to the reference's norm; ``inf`` when one side lacks a statistic or
    NaN/Inf appear on one side only."""
    n_max, n_min, r_max, r_min = (_number(v) for v in (npu.max, npu.min, ref.max, ref.min))
    scale = max(abs(r_max or 0.0), abs(r_min or 0.0), 1e-12)
    out = 0.0
    for i, (a, b) in enumerate(zip(npu.stats, ref.stats, strict=True)):
        x, y = _number(a), _number(b)
        if x is None or y is None:
            if (x is None) != (y is None) or str(a) != str(b):
                return math.inf
            continue
        if x == y or (math.isnan(x) and math.isnan(y)):
            continue
        if not (math.isfinite(x) and math.isfinite(y)):
            return math.inf
        out = max(out, abs(x - y) / (max(abs(y), 1e-12) if i == 3 else scale))
    return out


def _tolerance(dtype: str | None) -> float:
    """torch.float16 / Float16 -> the tolerance of float16 statistics."""
    return tolerance_for((dtype or "").removeprefix("torch.").lower())


def _rows(task: PairTask, pair: RunPair, rows: list[MsprobeRow], diffs: dict[str, float]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        item = row_json(pair, row)
        item.update(rank=task.rank, step=task.step, index=row.order, op_name=row.npu.entry,
                    checked=_CHECKED[pair.result.mode], stats_rel_diff=diffs.get(row.tensor))
        out.append(item)
    return out


def _not_compared_without_files(rows: list[dict[str, Any]], npu_names: set[str], ref_names: set[str]) -> None:
    """Rows judged by statistics whose tensor file (either side) is not in its run's ``dump_tensor_data``: not
    compared, with the file named, as a full compare would say of them."""
    for row in rows:
        if row["checked"] != "stats":
            continue
        gone = [f for f, names in ((row["npu_file"], npu_names), (row["golden_file"], ref_names))
                if f and Path(f).name not in names]
        if gone:
            row.update(reached=None, result=None,
                       fail_reason=f"{gone[0]}: missing (its statistics in dump.json are all that is left)")
            row["messages"] = [row["fail_reason"]]


def _worst(rows: list[dict[str, Any]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, pick in WORST_METRICS.items():
        values = [v for r in rows if isinstance(v := r.get(name, r["metrics"].get(name)), float) and math.isfinite(v)]
        if values:
            out[name] = pick(values)
    return out


def run_msprobe_pair(task: PairTask) -> dict[str, Any]:
    """:func:`~ascend_dump_gui.core.runs.pair_work.run_pair`'s result for two msprobe run folders."""
    out: dict[str, Any] = {"rows": [], "overflows": 0, "overflow_tensors": [], "overflow_entries": [],
                           "stats_differ": [], "incomparable": 0,
                           "full": False, "first_divergence": None, "worst": {}, "problems": []}
    npu, problems = _open(task.npu)
    ref, ref_problems = _open(task.ref) if task.ref is not None else (None, [])
    out["problems"] += problems + ref_problems
    if npu is None or (task.ref is not None and ref is None):
        return out
    unread = [run for run in (npu, ref) if run is not None and run.unread is not None]
    if unread:        # a dump.json that cannot be read: the run is not compared (counted), never an empty "ok"
        out["unreadable"] = len(unread)
        out["problems"] += [p.message for run in unread for p in run.problems]
        return json_safe(out)
    try:
        out["overflow_entries"] = overflow_entries(npu)
        out["overflow_tensors"] = [e["tensor"] for e in out["overflow_entries"]]
        out["overflows"] = len(out["overflow_entries"])
        if ref is None:
            return json_safe(out)
        summary = compare_runs(npu, ref, "summary")
        diffs = {row.tensor: stats_distance(row.npu, row.bench) for row in summary.rows
                 if row.bench is not None and row.npu.is_tensor}
        out["stats_differ"] = [row.tensor for row in summary.rows
                               if row.tensor in diffs and diffs[row.tensor] > _tolerance(row.npu.dtype)]
        mode = default_mode(npu, ref)
        results: list[MsprobeComparison] = [summary]
        if mode != "summary" and not task.stats_first:
            results = [compare_runs(npu, ref, mode)]
        elif mode == "all" and out["stats_differ"]:
            calls = {row.npu.entry for row in summary.rows if row.tensor in set(out["stats_differ"])}
            results = [compare_runs(npu, ref, "all", only=lambda row: row.npu.entry in calls), summary]
        out["full"] = results[0].mode == "all"
        seen: set[int] = set()
        for result in results:
            rows = [row for row in result.rows if row.order not in seen]
            seen |= {row.order for row in rows}
            out["rows"] += _rows(task, RunPair(npu, ref, result), rows, diffs)
        if mode == "all" and task.stats_first:   # statistics alone never pass a tensor whose file is gone
            _not_compared_without_files(out["rows"], set(npu.tensor_names()), set(ref.tensor_names()))
        out["problems"] += [f"{p.path}: {p.message}" for p in npu.problems + ref.problems]
    except (ValueError, OSError) as exc:
        out["problems"].append(f"{task.npu}: msprobe compare failed: {exc}")
        return json_safe(out)
    out["rows"].sort(key=lambda r: r["index"])
    out["worst"] = _worst(out["rows"])
    first = next((r for r in out["rows"] if r["reached"] is False), None)
    if first is not None:
        reason = first["fail_reason"]
        out["first_divergence"] = {**first, "message": f"msprobe: {reason}" if reason else f"msprobe {first['result']}"}
    return json_safe(out)
