"""A compare result prepared for the table: row statuses, sort keys and search texts, computed once per result
(in a worker for big results) so that sorting and filtering 100k rows on the GUI thread is a few numpy calls."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ascend_dump_gui.core.compare.engine import CompareResult
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerance, Tolerances
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.ui.sorted_rows import MISSING, sort_ranks

FIXED_COUNT = 7  # #, Tensor, Op type, dtype, Shape, Status, Overflow; then the selected metrics, the fail reason
STATUS_COLUMN = 5
PASS, WARN, FAIL, NOT_COMPARED, UNMATCHED = "pass", "warn", "fail", "n/a", "unmatched"
SEVERITY = {FAIL: 0, WARN: 1, PASS: 2, UNMATCHED: MISSING, NOT_COMPARED: MISSING}  # the Status column sorts failures first


def row_status(row: CompareRow, tolerance: Tolerance) -> str:
    """fail: accuracy not reached or a float16 overflow; warn: reached but one of the two msprobe limits
    (cosine, max abs error) is missed; pass: both within; unmatched: no golden counterpart; n/a: not compared
    (both sides exist, no verdict). Unmatched and not compared are counted as the summary counts them
    (``unmatched_npu``, ``not_compared``)."""
    if row.overflow or row.reached is False:
        return FAIL
    if row.reached is None:
        return UNMATCHED if row.golden_file is None else NOT_COMPARED
    cos, max_abs = row.msprobe.get("Cosine"), row.msprobe.get("MaxAbsErr")
    if isinstance(cos, float) and cos < tolerance.cos_min:
        return WARN
    if isinstance(max_abs, float) and max_abs > tolerance.max_abs_max:
        return WARN
    return PASS


@dataclass(frozen=True)
class CompareTable:
    """What the table shows of a result: ``keys[c]`` is column c's sort key (None: execution order),
    ``failing`` marks fail and warn rows, ``search_texts`` hold each row's searchable text, case-folded."""

    result: CompareResult | None
    status: list[str]
    first: int  # the row of the first divergence, -1 if none
    failing: np.ndarray
    search_texts: list[str]
    keys: list[np.ndarray | None]
    note: str = ""  # what the run had to work around (e.g. a graph dump of another model, ignored)

    def __len__(self) -> int:
        return len(self.status)

    @property
    def rows(self) -> list[CompareRow]:
        return [] if self.result is None else self.result.rows


def _column_values(rows: list[CompareRow], metrics: list[str]) -> list[list]:
    """The values each sortable column is ordered by (the Status column aside)."""
    return [
        [r.tensor for r in rows],
        [r.op_type for r in rows],
        [r.dtype for r in rows],
        [math.prod(r.shape) if r.shape else None for r in rows],  # shapes sort by element count
        *([r.metrics.get(name) for r in rows] for name in metrics),
        [r.fail_reason for r in rows],
    ]


def prepare_table(result: CompareResult | None, tolerances: Tolerances | None = None, *,
                  progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> CompareTable:
    """Statuses (``tolerances``: those the run used), sort keys and search texts of ``result``'s rows."""
    tolerances = tolerances or Tolerances()
    rows = [] if result is None else result.rows
    metrics = [] if result is None else list(result.metric_names)
    status = [row_status(r, tolerances.for_dtype(r.dtype)) for r in rows]
    first_tensor = None if result is None or result.first_divergence is None else result.first_divergence.tensor
    first = next((k for k, r in enumerate(rows) if r.tensor == first_tensor), -1)
    failing = np.fromiter((s in (FAIL, WARN) for s in status), dtype=bool, count=len(rows))
    search = ["\0".join((r.tensor, r.op_type, r.ground_truth)).casefold() for r in rows]
    columns = _column_values(rows, metrics)
    ranked = []
    for done, values in enumerate(columns, start=1):
        if cancel is not None:
            cancel.raise_if_cancelled()
        ranked.append(sort_ranks(values))
        progress(done, len(columns), "")
    severity = np.fromiter((SEVERITY[s] for s in status), dtype=np.int32, count=len(rows))
    overflow = np.array([0 if r.overflow else MISSING for r in rows], dtype=np.int32)
    keys = [None, *ranked[:4], severity, overflow, *ranked[4:]]
    return CompareTable(result, status, first, failing, search, keys)
