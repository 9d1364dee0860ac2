"""A tree compare's pair work for GE/acl runs (and golden references): statistics first, then the full compare."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.compare.findings import DumpedOp, TensorOverflow, overflow_entries, overflow_records
from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerances
from ascend_dump_gui.core.runs.pair_task import PairTask
from ascend_dump_gui.core.runs.stats import TensorStat, run_stats, stats_differ, tolerance_for

WORST_METRICS = {"CosineSimilarity": min, "MaxAbsoluteError": max}
"""Per run, the worst value of these metrics over its full-compare rows (min cosine, max abs error)."""


def _stats_row(task: PairTask, stat: TensorStat, ref: TensorStat | None, diff: float | None) -> dict[str, Any]:
    agree = None if ref is None or diff is None else diff <= tolerance_for(stat.dtype)
    return {"tensor": stat.key, "op_type": stat.op_type, "npu_file": stat.file,
            "golden_file": None if ref is None else ref.file, "dtype": stat.dtype, "shape": [], "metrics": {},
            "reached": agree, "overflow": stat.overflow,
            "fail_reason": None if ref is not None else "no tensor of the same name in the reference run",
            "index": stat.order, "op_name": stat.op_name, "rank": task.rank, "step": task.step,
            "checked": "stats", "stats_rel_diff": diff}


def _worst(rows: list[dict[str, Any]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, pick in WORST_METRICS.items():
        values = [v for r in rows if isinstance(v := r["metrics"].get(name), float) and math.isfinite(v)]
        if values:
            out[name] = pick(values)
    diffs = [d for r in rows if isinstance(d := r.get("stats_rel_diff"), float)]
    if diffs:
        out["stats_rel_diff"] = max(diffs)
    return out


def run_ge_pair(task: PairTask) -> dict[str, Any]:
    """Statistics of both runs; where they differ (or always, without ``stats_first``) the full compare.

    Returns ``{"rows", "overflows", "overflow_tensors", "overflow_entries", "stats_differ", "incomparable",
    "full", "first_divergence", "worst", "problems"}``; unreadable input becomes a problem, not an exception. Tensors
    whose statistics cannot be compared (element counts differ: a padded device layout against the original
    shape) also send the run to the full compare. A row's ``overflow``: an output with Inf/NaN (or float16 at
    ±65504) by the compare's one rule; ``op_name`` is the file name's form where only statistics were read.
    """
    out: dict[str, Any] = {"rows": [], "overflows": 0, "overflow_tensors": [], "overflow_entries": [],
                           "stats_differ": [], "incomparable": 0,
                           "full": False, "first_divergence": None, "worst": {}, "problems": []}
    try:
        npu_stats, problems = run_stats(task.npu)
        ref_stats, ref_problems = run_stats(task.ref) if task.ref is not None else ([], [])
    except OSError as exc:
        out["problems"].append(f"cannot read a run folder: {exc}")
        return out
    out["problems"] += problems + ref_problems
    out["unreadable"] = len(problems) + len(ref_problems)   # files that could not be read: never an "ok" run
    out["overflow_tensors"] = [s.key for s in npu_stats if s.overflow]
    out["overflow_entries"] = overflow_list(task, npu_stats)
    out["overflows"] = len(out["overflow_entries"])
    if task.ref is None:
        return out
    by_key = {s.key: s for s in ref_stats}
    stats_rows = []
    for stat in npu_stats:
        ref = by_key.get(stat.key)
        diff = stats_differ(stat, ref) if ref is not None else None
        row = _stats_row(task, stat, ref, diff)
        if ref is not None and diff is None:
            out["incomparable"] += 1
        elif row["reached"] is False:
            out["stats_differ"].append(stat.key)
        stats_rows.append(row)
    if task.stats_first and not out["stats_differ"] and not out["incomparable"]:
        out["rows"] = stats_rows
        out["worst"] = _worst(stats_rows)
        return json_safe(out)
    out["full"] = True
    order = {_dump_name(st.file): st.order for st in npu_stats}
    chosen: set[str] | None = None
    if task.stats_first:      # only the ops whose statistics differ or cannot be compared are read in full
        chosen = {_dump_name(r["npu_file"]) for r in stats_rows
                  if r["golden_file"] is not None and r["reached"] is not True}
    try:
        tolerances = Tolerances.parse(task.tolerance) if task.tolerance else None
        result = compare(Path(task.npu), Path(task.ref), metrics=task.metrics, tolerances=tolerances,
                         only=None if chosen is None else (lambda pair: Path(pair.npu_file).name in chosen))
    except (DumpError, ValueError) as exc:
        out["problems"].append(f"{task.npu}: full compare failed: {exc}")
        out["rows"] = stats_rows
        return json_safe(out)
    rows = []
    for r in result.rows:
        row = r.to_json()
        name = Path(r.npu_file).name
        row.update(rank=task.rank, step=task.step, checked="full", index=order.get(name, r.index))
        rows.append(row)
    if chosen is not None:
        rows += [r for r in stats_rows if _dump_name(r["npu_file"]) not in chosen]
        rows.sort(key=lambda r: r["index"])
    out["rows"] = rows
    out["worst"] = _worst(rows)
    d = result.first_divergence
    if d is not None:
        index = next((row["index"] for row in rows if row["tensor"] == d.tensor), d.index)
        out["first_divergence"] = {"rank": task.rank, "step": task.step, **d.to_json(), "index": index}
    return json_safe(out)


def overflow_list(task: PairTask, npu_stats: list[TensorStat]) -> list[dict[str, Any]]:
    """The run's overflow entries as a single compare of it gives them (cli.md), with ``rank`` and ``step``:
    outputs with Inf/NaN from the statistics, and the overflow records of the folder paired with their op."""
    tensors = [TensorOverflow(s.key, s.op_name, s.op_type, s.dtype, s.overflow_kind or "", s.order, s.file)
               for s in npu_stats if s.overflow]
    folder = Path(task.npu)
    ops, files = [], []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    for name in names:
        parsed = parse_name(name)
        if parsed is None:
            continue
        if parsed.kind == "overflow":
            files.append(folder / name)
        elif parsed.kind == "tensor":
            ops.append(DumpedOp(folder / name, parsed.op_name or "", parsed.op_type or "", parsed.task_id,
                                parsed.stream_id, parsed.timestamp or 0))
    order = {s.op_name: s.order for s in npu_stats}
    return [{**e.to_json(), "rank": task.rank, "step": task.step}
            for e in overflow_entries(tensors, overflow_records(files, ops), order)]


def _dump_name(path: str) -> str:
    """The op dump's file name of a dump or of its stats CSV."""
    name = Path(path).name
    return name[:-4] if name.endswith(".csv") else name
