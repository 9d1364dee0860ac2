"""Judge one NPU output against its float64 replay and budget: metrics, the worst element, the verdict.

A non-finite replay element is met only by the same value (NaN by NaN, an infinity by the same infinity), or,
where the run saturates, by the dtype's largest finite value of that sign (the reason counts them); a budget that
is not finite where the replay is, is vacuous: ``unsupported``. Integer outputs are exact; where the exact result
leaves the dtype's range they follow the op's documented overflow behaviour (:attr:`Expected.overflow`), else
``unsupported``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import SAFETY, Budget, integer_range, largest
from ascend_dump_gui.core.threaded import over_chunks

FAITHFUL, REDUCED_PRECISION, KERNEL, UNSUPPORTED = "faithful", "reduced_precision", "kernel", "unsupported"
VERDICTS = (FAITHFUL, REDUCED_PRECISION, KERNEL, UNSUPPORTED)
VERDICT_WORDS = {FAITHFUL: msg("faithful"), REDUCED_PRECISION: msg("reduced precision"), KERNEL: msg("kernel"),
                 UNSUPPORTED: msg("unsupported")}
"""The verdicts in words, for a sentence or a cell (the identifiers stay in JSON)."""
_RANK = {FAITHFUL: 0, UNSUPPORTED: 1, REDUCED_PRECISION: 2, KERNEL: 3}


def worst(verdicts: list[str]) -> str:
    """The worst of several outputs' verdicts (kernel > reduced_precision > unsupported > faithful: a problem found
    beats a judgement not made); unsupported for none."""
    return max(verdicts, key=_RANK.__getitem__) if verdicts else UNSUPPORTED


@dataclass
class Expected:
    """What an honest kernel gives for one output: the float64 replay and each element's allowance."""

    value: np.ndarray
    tol: np.ndarray
    budget: Budget
    alternatives: list[Expected] = field(default_factory=list)
    """Other documented formulas of the same op (e.g. per kernel generation); fitting one is faithful."""
    overflow: str | None = None
    """An integer output's documented overflow behaviour: ``"saturate"`` (None: not documented)."""


@dataclass
class OutputJudgement:
    """One output judged: ``error`` is NPU minus replay (float64, NaN where both are the same non-finite)."""

    verdict: str
    reason: str
    metrics: dict[str, float | None]
    budget: dict[str, Any]
    error: np.ndarray | None = field(default=None, repr=False)


def _cosine(a: np.ndarray, b: np.ndarray) -> float | None:
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if na == 0.0 and nb == 0.0:
        return 1.0
    if na == 0.0 or nb == 0.0:
        return None
    return float(np.dot(a, b) / (na * nb))


def _saturated(npu: np.ndarray, ref: np.ndarray, dtype: str) -> np.ndarray:
    """Elements whose honest result leaves the dtype's range: inf of the same sign, or the largest finite
    value (saturation mode), is faithful there."""
    big = largest(dtype)
    over = np.abs(ref) > big * (1.0 + 2.0 ** -12)
    ok = over & (np.sign(npu) == np.sign(ref)) & ((np.abs(npu) >= big) | np.isinf(npu))
    return ok


def judge(npu: np.ndarray, expected: Expected, *, keep_error: bool = False) -> OutputJudgement:
    """Compare ``npu`` (any float dtype, the replay's shape or its element count) with ``expected``; when it
    misses the budget but fits one of ``expected.alternatives``, that alternative's judgement is given."""
    first = _judge_one(npu, expected, keep_error)
    if first.verdict != KERNEL:
        return first
    for alt in expected.alternatives:
        other = _judge_one(npu, alt, keep_error)
        if other.verdict == FAITHFUL:
            other.reason = msg("{reason} (following the kernel variant: {note})", reason=other.reason,
                               note=alt.budget.note)
            return other
    return first


@dataclass
class _Stats:
    """What the verdict and the metrics need from one element-wise comparison."""

    err: np.ndarray
    n_bad: int
    worst_ratio: float
    worst_at: int                  # flat index of the worst element over the budget (-1: none)
    max_abs: float | None
    max_rel: float | None
    r_norm: float
    e_norm: float
    t_norm: float
    cosine: float | None
    n_saturated: int = 0           # elements met by the dtype's largest finite value where the replay leaves its range


def _chunk_stats(part: slice, y: np.ndarray, ref: np.ndarray, tol: np.ndarray, err: np.ndarray) -> tuple:
    """One chunk of :func:`_all_finite_stats` (flat arrays): ``err[part]`` is filled; sums for the norms."""
    with np.errstate(over="ignore", invalid="ignore"):   # per thread: an Inf or NaN side takes the general path
        yc, rc, tc = np.asarray(y[part], dtype=np.float64), ref[part], tol[part]
        ec = np.subtract(yc, rc, out=err[part])
        ratio = np.abs(ec)
        max_abs = float(ratio.max())
        aref = np.abs(rc)
        rel = np.zeros_like(ratio)
        np.divide(ratio, aref, out=rel, where=aref != 0)
        ratio /= tc
        worst_at = int(np.argmax(ratio))
        if not np.isfinite(ratio[worst_at]) or not np.isfinite(tc.max()):
            max_abs = np.nan          # an allowance that is not finite: the general path says why
        return (max_abs, float(aref.max()), float(rel.max()), float(ratio[worst_at]), part.start + worst_at,
                int(np.count_nonzero(ratio > 1.0)), float(rc @ rc), float(yc @ yc), float(yc @ rc),
                float(ec @ ec), float(tc @ tc))


def _all_finite_stats(y: np.ndarray, ref: np.ndarray, tol: np.ndarray, limit: float) -> _Stats | None:
    """The common case (every value finite, the replay inside the dtype's range ``limit``) in one pass of a few
    sweeps per chunk, chunks on a thread per core: replays of large ops. None when the case does not hold."""
    yf, rf, tf = y.reshape(-1), ref.reshape(-1), np.broadcast_to(tol, ref.shape).reshape(-1)
    err = np.empty(rf.size)
    parts = over_chunks(rf.size, lambda part: _chunk_stats(part, yf, rf, tf, err))
    if not all(np.isfinite(p[0]) for p in parts) or max(p[1] for p in parts) > limit:
        return None        # a NaN or an infinity on a side, or a replay outside the dtype's range
    worst = max(parts, key=lambda p: p[3])
    n_bad = sum(p[5] for p in parts)
    rr, yy, yr, ee, tt = (sum(p[i] for p in parts) for i in range(6, 11))
    r_norm, y_norm = float(np.sqrt(rr)), float(np.sqrt(yy))
    cosine = 1.0 if r_norm == 0.0 and y_norm == 0.0 else None if r_norm == 0.0 or y_norm == 0.0 else \
        yr / (r_norm * y_norm)
    return _Stats(err.reshape(ref.shape), n_bad, worst[3], worst[4] if n_bad else -1, max(p[0] for p in parts),
                  max(p[2] for p in parts), r_norm, float(np.sqrt(ee)), float(np.sqrt(tt)), cosine)


def _general_stats(y: np.ndarray, ref: np.ndarray, tol: np.ndarray, dtype: str) -> _Stats:
    """Non-finite values and saturation: NaN on both sides, the same infinity, or a saturated float16 result
    where the replay leaves the range are faithful; a non-finite value on one side only is over budget."""
    with np.errstate(all="ignore"):
        err = y - ref
        both_nan = np.isnan(y) & np.isnan(ref)
        same_inf = np.isinf(y) & np.isinf(ref) & (np.sign(y) == np.sign(ref))
        saturated = _saturated(y, ref, dtype)
        fine = both_nan | same_inf | saturated
        abs_err = np.abs(err)
        # a non-finite replay element is met only by `fine`; NaN error (one side non-finite) is bad
        bad = ~((abs_err <= tol) & np.isfinite(ref)) & ~fine
        finite = np.isfinite(y) & np.isfinite(ref)
        fe, fr = abs_err[finite], np.abs(ref[finite])
        exact_miss = np.where(abs_err > 0, np.inf, 0.0)        # a zero allowance (exact outputs) met or not
        ratio = np.where(finite & ~fine, np.divide(abs_err, tol, out=exact_miss, where=tol > 0), 0.0)
        nz = fr > 0
        rel = fe[nz] / fr[nz]
        r_norm = float(np.linalg.norm(ref[finite]))
        n_bad = int(bad.sum())
        worst_at = int(np.argmax(np.where(bad, np.nan_to_num(ratio, nan=np.inf, posinf=np.inf), -1))) \
            if n_bad else -1
        return _Stats(err, n_bad, float(ratio.max()) if ratio.size else 0.0, worst_at,
                      float(fe.max()) if fe.size else None, float(rel.max()) if rel.size else None, r_norm,
                      float(np.linalg.norm(err[finite])), float(np.linalg.norm(tol[finite])),
                      _cosine(y[finite], ref[finite]) if finite.any() else None,
                      int(np.count_nonzero(saturated & np.isfinite(y))))


_NO_METRICS = {"CosineSimilarity": None, "MaxAbsoluteError": None, "MaxRelativeError": None}


def _vacuous_tolerance(ref: np.ndarray, tol: np.ndarray) -> str | None:
    """Why the budget says nothing (an allowance that is not finite where the replay is), or None."""
    if np.isfinite(tol).all():
        return None
    with np.errstate(invalid="ignore"):
        n = int(np.count_nonzero(~np.isfinite(np.broadcast_to(tol, ref.shape)) & np.isfinite(ref)))
    return None if n == 0 else msg("the budget is not finite at {count} elements where the replay is: not judged",
                                   count=n)


def _integer_reference(expected: Expected, dtype: str, lo: int, hi: int) -> tuple[Expected | None, str]:
    """An integer output's replay as the kernel gives it (saturated where the op documents it), with a note for
    the reason; or None and why it is not judged."""
    ref = expected.value
    with np.errstate(invalid="ignore"):
        finite = np.isfinite(ref)
        if not finite.all():
            return None, msg("the replay has {count} non-finite values for a {dtype} output",
                             count=int(np.count_nonzero(~finite)), dtype=dtype)
        if not np.array_equal(ref, np.round(ref)):
            return None, msg("the replay is not an integer everywhere: {dtype} rounding of this op is not covered",
                             dtype=dtype)
        over = (ref < lo) | (ref > hi)
    n = int(np.count_nonzero(over))
    if n == 0:
        return expected, ""
    if expected.overflow != "saturate":
        return None, msg("the exact result leaves {dtype}'s range [{lo}, {hi}] at {count} elements and the op's "
                         "overflow behaviour is not documented: not judged", dtype=dtype, lo=lo, hi=hi, count=n)
    clipped = Expected(np.clip(ref, lo, hi), expected.tol, expected.budget, overflow=expected.overflow)
    return clipped, msg("{count} elements beyond {dtype}'s range saturate to [{lo}, {hi}] (Ascend saturates integer "
                        "overflow)", count=n, dtype=dtype, lo=lo, hi=hi)


def _judge_one(npu: np.ndarray, expected: Expected, keep_error: bool) -> OutputJudgement:
    budget = expected.budget
    desc = budget.describe()
    if npu.size != expected.value.size:
        return OutputJudgement(UNSUPPORTED, msg("the NPU output holds {count} elements, the replay {expected}",
                                                count=npu.size, expected=expected.value.size), dict(_NO_METRICS), desc)
    note = ""
    bounds = integer_range(budget.dtype)
    if bounds is not None:
        adjusted, note = _integer_reference(expected, budget.dtype, *bounds)
        if adjusted is None:
            return OutputJudgement(UNSUPPORTED, note, dict(_NO_METRICS), desc)
        expected = adjusted
    ref, tol = expected.value, expected.tol
    y = np.asarray(npu).reshape(ref.shape)   # float64 chunk by chunk in the common case
    st = _all_finite_stats(y, ref, tol, largest(budget.dtype)) if ref.size and budget.floor > 0 else None
    if st is None:
        vacuous = _vacuous_tolerance(ref, tol)
        if vacuous:
            return OutputJudgement(UNSUPPORTED, vacuous, dict(_NO_METRICS), desc)
        y = np.asarray(y, dtype=np.float64)
        st = _general_stats(y, ref, tol, budget.dtype)
    metrics: dict[str, float | None] = {
        "CosineSimilarity": st.cosine, "MaxAbsoluteError": st.max_abs, "MaxRelativeError": st.max_rel,
        "RelativeNormError": st.e_norm / st.r_norm if st.r_norm > 0 else None,
        "WorstBudgetRatio": st.worst_ratio, "ElementsOverBudget": st.n_bad, "Elements": int(ref.size),
    }
    rel_budget = st.t_norm / SAFETY / st.r_norm if st.r_norm > 0 else None
    desc["max_relative_error"] = rel_budget
    desc["cosine"] = None if rel_budget is None else max(0.0, 1.0 - 0.5 * min(rel_budget, 1.0) ** 2)
    if st.n_bad and budget.vacuous:
        return OutputJudgement(UNSUPPORTED, msg("{vacuous}, and {bad} of {size} elements are beyond the output's own "
                                                "roundings: not judged", vacuous=budget.vacuous, bad=st.n_bad,
                                                size=ref.size), metrics, desc, st.err if keep_error else None)
    if st.n_bad:
        at = np.unravel_index(st.worst_at, ref.shape)
        if np.isfinite(ref[at]):
            allowed = msg("allowed ±{tol}", tol=f"{tol[at]:.3g}")
        elif np.isinf(ref[at]) and np.isfinite(largest(budget.dtype)):
            allowed = msg("met only by {value} or ±{largest} where the run saturates", value=f"{ref[at]:g}",
                          largest=f"{largest(budget.dtype):g}")
        else:
            allowed = msg("met only by {value}", value=f"{ref[at]:g}")
        reason = msg("{bad} of {size} elements exceed the budget (worst at {at}: NPU {npu}, replay {replay}, "
                     "{allowed})", bad=st.n_bad, size=ref.size, at=list(map(int, at)),
                     npu=f"{float(y[at]):.6g}", replay=f"{ref[at]:.6g}", allowed=allowed)
        verdict = KERNEL
    else:
        worst = f"{st.worst_ratio:.3g}"
        reason = (msg("every element is within the budget (worst {worst} of the allowance) for {dtype} with "
                      "{accumulation} accumulation over K={k}", worst=worst, dtype=budget.dtype,
                      accumulation=budget.accumulation, k=budget.reduction)
                  if budget.accumulation and budget.reduction > 1 else
                  msg("every element is within the budget (worst {worst} of the allowance) for {dtype}", worst=worst,
                      dtype=budget.dtype))
        if note:
            reason = msg("{reason}; {note}", reason=reason, note=note)
        if budget.vacuous:
            reason = msg("{reason} (within the output's own roundings; {vacuous})", reason=reason,
                         vacuous=budget.vacuous)
        if st.n_saturated:
            reason = msg("{reason}; {count} elements beyond {dtype}'s range are its largest finite value ±{largest} "
                         "(the run saturates)", reason=reason, count=st.n_saturated, dtype=budget.dtype,
                         largest=f"{largest(budget.dtype):g}")
        verdict = FAITHFUL
    return OutputJudgement(verdict, reason, metrics, desc, st.err if keep_error else None)
