"""The compare engine: pair NPU and golden tensors, compute every metric in parallel, derive the findings.

``compare(npu, golden)`` is what the CLI verb and the GUI call; it returns a :class:`CompareResult` whose
rows are in execution order.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.compare import findings as findings_mod
from ascend_dump_gui.core.compare.matching import (
    NPU_VS_NPU,
    MatchPlan,
    TensorPair,
    plan_pairs,
    reference_word,
)
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.dump.sidefiles import load_golden
from ascend_dump_gui.core.errors import DumpError, reason_text
from ascend_dump_gui.core.messages import joined, msg
from ascend_dump_gui.core.metrics import kernel, leaf_tree, pairwise
from ascend_dump_gui.core.metrics.metrics import FAILED, PairMetrics, evaluate, resolve_names
from ascend_dump_gui.core.metrics.msprobe_metrics import (
    MSPROBE_NAMES,
    Tolerances,
    accuracy_reached,
    msprobe_metrics,
)
from ascend_dump_gui.core.metrics.overflow import FP16_OVERFLOW, overflow_kind
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.threaded import completed


@dataclass
class CompareResult:
    """Rows in execution order, the findings and a summary."""

    rows: list[CompareRow]
    first_divergence: findings_mod.Divergence | None
    overflows: list[findings_mod.Overflow]
    watcher_findings: list[findings_mod.WatcherFinding]
    unmatched: list[dict[str, str]]
    summary: dict[str, Any]
    mode: str
    metric_names: list[str]
    unreadable_files: list[tuple[str, Path, str]] = field(default_factory=list)
    """(side, file, why) for dump files in a folder that could not be read at all (the rest was compared)."""


_ML_FLOATS = frozenset({"bfloat16", "float8_e4m3fn", "float8_e5m2"})
"""ml_dtypes' floating dtypes by name (a tensor of one means ml_dtypes is loaded; a compare of numpy's own dtypes
does not import it)."""


def _floating(dtype: np.dtype) -> bool:
    return dtype.kind == "f" or dtype.name in _ML_FLOATS


def _dtype_name(arr: np.ndarray) -> str:
    return str(arr.dtype)


def _abs_max(x: np.ndarray) -> float:
    """max|x| with NaN propagating (as ``np.absolute(x).max()``), chunked; nan for an empty tensor."""
    flat = np.ravel(x)
    if flat.shape[0] == 0:
        return math.nan

    def one(a: int, b: int) -> float:
        with np.errstate(all="ignore"):
            chunk = flat[a:b].astype(np.float32)
            return float(np.maximum(np.abs(chunk.max()), np.abs(chunk.min())))

    parts = pairwise.map_leaves(one, leaf_tree.leaves(flat.shape[0]))
    return float(np.maximum.reduce(parts))


def _overflow_text(x: np.ndarray, abs_max: float | None) -> str:
    """msaccucmp's OverFlow cell: YES/NO for float16 NPU data, NaN otherwise (NaN data reads NO)."""
    if x.dtype != np.float16:
        return FAILED
    return "YES" if abs_max is not None and abs_max >= FP16_OVERFLOW else "NO"


def _nonfinite(x: np.ndarray) -> tuple[bool, bool]:
    """(has Inf, has NaN) of a floating tensor of any dtype (float8/bfloat16 included), chunked."""
    if not _floating(x.dtype):
        return False, False
    flat = np.ravel(x)
    k = kernel.KERNEL if kernel.float32_leaf(flat) else None
    ml = flat.dtype.name in _ML_FLOATS

    def one(a: int, b: int) -> tuple[bool, bool]:
        chunk = flat[a:b]
        if k is not None:
            return k.nonfinite(chunk)
        if ml:
            chunk = chunk.astype(np.float32)
        if np.isfinite(chunk).all():
            return False, False
        return bool(np.isinf(chunk).any()), bool(np.isnan(chunk).any())

    parts = pairwise.map_leaves(one, leaf_tree.leaves(flat.shape[0])) if flat.shape[0] else []
    return any(p[0] for p in parts), any(p[1] for p in parts)


def _row_base(pair: TensorPair) -> CompareRow:
    t = pair.npu_tensor
    return CompareRow(
        index=pair.order, tensor=pair.tensor, op_name=pair.op_name, op_type=pair.op_type, role=pair.role,
        tensor_index=pair.index, npu_file=str(pair.npu_file),
        golden_file=None if pair.golden_file is None else str(pair.golden_file),
        ground_truth=pair.ground_truth, dtype="", golden_dtype=None,
        shape=list(t.original_layout_shape()) if t is not None else [],
        address=t.address if t is not None else None,
        golden_address=pair.golden_tensor.address if pair.golden_tensor is not None else None)


def _fail(row: CompareRow, names: Sequence[str], reason: str) -> CompareRow:
    row.metrics = {n: None for n in names}
    row.texts = {n: FAILED for n in names}
    row.msprobe = {n: "N/A" for n in MSPROBE_NAMES}
    row.fail_reason = reason
    return row


def compare_pair(pair: TensorPair, names: Sequence[str], tolerances: Tolerances, mode: str) -> CompareRow:
    """Compute one row: load both tensors (original layout), msaccucmp's metrics, msprobe's, overflow."""
    row = _row_base(pair)
    t = pair.npu_tensor
    floating_output = t is not None and pair.role == "output" and t.np_dtype is not None and \
        _floating(np.dtype(t.np_dtype))
    if pair.problem is not None and t is not None and t.np_dtype != np.float16 and not floating_output:
        row.dtype = str(t.np_dtype)       # nothing to read: no counterpart, no overflow check
        return _fail(row, names, pair.problem)
    try:
        x = t.array() if t is not None else load_golden(pair.npu_npy)
    except DumpError as exc:
        row.unreadable = row.npu_file
        return _fail(row, names, reason_text(exc))
    except MemoryError:
        row.unreadable = row.npu_file
        return _fail(row, names, msg("{file}: not enough memory to load {tensor}", file=row.npu_file, tensor=row.tensor))
    row.dtype = _dtype_name(x)
    row.shape = list(x.shape)
    seen = _compare_loaded(row, pair, x, names, tolerances, mode)
    abs_max = None
    if x.dtype == np.float16:
        abs_max = seen.npu_abs_max if seen is not None and seen.npu_abs_max is not None else _abs_max(x)
    row.overflow_text = _overflow_text(x, abs_max)
    known = seen.npu_nonfinite if seen is not None else None
    has_inf, has_nan = known if known is not None else _nonfinite(x)
    row.overflow_kind = overflow_kind(row.dtype, inf=has_inf, nan=has_nan, abs_max=abs_max)
    row.overflow = row.role == "output" and row.overflow_kind is not None
    return row


def _compare_loaded(row: CompareRow, pair: TensorPair, x: np.ndarray, names: Sequence[str], tolerances: Tolerances,
                    mode: str) -> PairMetrics | None:
    """The metrics of a row whose NPU tensor ``x`` is loaded, or None where none were computed; their
    ``npu_nonfinite`` and ``npu_abs_max`` spare the overflow check its own passes where the kernel saw ``x``."""
    if pair.problem is not None:
        _fail(row, names, pair.problem)
        return None
    try:
        y = pair.golden_tensor.array() if pair.golden_tensor is not None else load_golden(pair.golden_npy)
    except DumpError as exc:
        row.unreadable = row.golden_file
        _fail(row, names, reason_text(exc))
        return None
    except MemoryError:
        row.unreadable = row.golden_file
        _fail(row, names, msg("{file}: not enough memory to load it", file=row.golden_file))
        return None
    row.golden_dtype = _dtype_name(y)
    if np.iscomplexobj(x) or np.iscomplexobj(y):  # casting would drop the imaginary part: a false pass
        _fail(row, names, msg("cannot compare complex values: the metrics are defined for real numbers"))
        return None
    if x.size != y.size:
        _fail(row, names, msg("cannot compare: the NPU shape {shape} and the {reference} shape {other} hold "
                              "different numbers of elements", shape=list(x.shape),
                              reference=reference_word(mode), other=list(y.shape)))
        return None
    if mode == NPU_VS_NPU:
        scalar = sum(pair.npu_tensor.shape) == len(pair.npu_tensor.shape) if pair.npu_tensor else None
        if x.dtype == np.bool_:
            x, y = x.astype(np.float32), y.astype(np.float32)
    else:
        scalar = None
    result = evaluate(x, y, names, scalar=scalar, npu_name=row.npu_file, golden_name=str(row.golden_file),
                      with_msprobe=True)
    row.metrics, row.texts = result.values, result.texts
    core = msprobe_metrics(np.reshape(x, y.shape) if x.shape != y.shape else x, y, leaf_totals=result.msprobe_leaves)
    row.msprobe = core.values
    tol = tolerances.for_dtype(str(pair.npu_tensor.np_dtype) if pair.npu_tensor is not None else row.dtype)
    row.accuracy = accuracy_reached(core.values["Cosine"], core.values["MaxAbsErr"], tol)
    row.reached = {"Yes": True, "No": False}.get(row.accuracy)
    messages = list(result.messages)
    if core.message and not all(isinstance(v, float) for v in core.values.values()):
        messages.append(core.message)
    if row.reached is None and not messages:
        messages.append(msg("not compared: the accuracy rule has no value for {tensor} ({accuracy})", tensor=row.tensor,
                            accuracy=row.accuracy))
    row.fail_reason = joined(messages, ",") or None
    return result


def _run_rows(plan: MatchPlan, names: list[str], tolerances: Tolerances, progress: ProgressFn,
              cancel: CancelToken | None) -> list[CompareRow]:
    total = len(plan.pairs)
    rows: list[CompareRow | None] = [None] * total
    for done, (i, fut) in enumerate(completed(lambda p: compare_pair(p, names, tolerances, plan.mode), plan.pairs,
                                              workers=pairwise.worker_count(), name="compare-row", cancel=cancel),
                                    start=1):
        rows[i] = fut.result()
        progress(done, total, plan.pairs[i].tensor)
    return [r for r in rows if r is not None]


def compare(npu: Path, golden: Path, *, metrics: Sequence[str] | None = None,
            tolerances: Tolerances | None = None, graph: Path | None = None,
            progress: ProgressFn = no_progress, cancel: CancelToken | None = None,
            follow_links: bool = False, only: Callable[[TensorPair], bool] | None = None) -> CompareResult:
    """Compare NPU dumps (a file or a step folder) with golden ``.npy`` files or another NPU dump tree.

    ``metrics``: msaccucmp algorithm names or indices (default: all ten, in msaccucmp's order).
    ``tolerances``: thresholds of the "Accuracy Reached or Not" rule per dtype. ``graph``: a GE graph dump
    (``ge_proto*.txt``) for fused-op origins, input producers and execution order; otherwise graph files
    under either folder, else the dumped model's graph found near the NPU folder (``summary["graph"]`` and
    ``summary["graph_source"]`` say which, or None). Links that leave a folder are not followed unless
    ``follow_links``. ``only``: compute just the pairs it accepts (the others are neither read nor reported;
    the tree compare's statistics-first pass picks the ops whose statistics differ).
    """
    started = time.perf_counter()
    names = resolve_names(metrics)
    tolerances = tolerances or Tolerances()
    plan = plan_pairs(npu, golden, graph=graph, progress=progress, cancel=cancel, follow_links=follow_links)
    if only is not None:
        plan.pairs = [p for p in plan.pairs if only(p)]
    rows = _run_rows(plan, names, tolerances, progress, cancel)
    overflows = findings_mod.find_overflows(plan, rows)
    divergence = findings_mod.first_divergence(rows, plan)
    watcher = findings_mod.watcher_findings(plan, cancel=cancel)
    unmatched = [{"side": "npu", "tensor": r.tensor, "file": r.npu_file, "reason": r.fail_reason or ""}
                 for r in rows if r.golden_file is None]
    unmatched += [{"side": "golden", "tensor": Path(p).name, "file": str(p),
                   "reason": "no NPU tensor was matched with this file"} for p in plan.unmatched_golden]
    unmatched += [{"side": side, "tensor": path.name, "file": str(path), "reason": f"cannot read it: {why}"}
                  for side, path, why in plan.unreadable]
    summary = {
        "mode": plan.mode, "npu": os.fspath(npu), "golden": os.fspath(golden),
        "graph": None if plan.graph_path is None else str(plan.graph_path), "graph_source": plan.graph_source,
        "metrics": names, "rows": len(rows), "compared": sum(r.compared for r in rows),
        "reached": sum(r.reached is True for r in rows), "not_reached": sum(r.reached is False for r in rows),
        "not_compared": sum(r.not_compared for r in rows),
        "unmatched_npu": sum(u["side"] == "npu" for u in unmatched),
        "unmatched_golden": len(plan.unmatched_golden), "overflows": len(overflows),
        "first_overflow": overflows[0].op_name if overflows else None,
        "first_divergence": divergence.tensor if divergence else None,
        "watcher_findings": len(watcher), "seconds": round(time.perf_counter() - started, 3),
        "unreadable": sum(r.unreadable is not None for r in rows) + len(plan.unreadable),
    }
    return CompareResult(rows, divergence, overflows, watcher, unmatched, summary, plan.mode, names,
                         plan.unreadable)
