"""Judge one NPU output against its float64 replay and budget: metrics, the worst element, the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ascend_dump_gui.core.replay.budget import SAFETY, Budget, largest, smallest_normal, unit_roundoff

FAITHFUL, KERNEL, UNSUPPORTED = "faithful", "kernel", "unsupported"
_RANK = {FAITHFUL: 0, UNSUPPORTED: 1, KERNEL: 2}


def worst(verdicts: list[str]) -> str:
    """The worst of several outputs' verdicts (kernel > unsupported > faithful); unsupported for none."""
    return max(verdicts, key=_RANK.__getitem__) if verdicts else UNSUPPORTED


@dataclass
class Expected:
    """What an honest kernel gives for one output: the float64 replay and each element's allowance."""

    value: np.ndarray
    tol: np.ndarray
    budget: Budget
    alternatives: list[Expected] = field(default_factory=list)
    """Other documented formulas of the same op (e.g. per kernel generation); fitting one is faithful."""


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
            other.reason += f" (following the kernel variant: {alt.budget.note})"
            return other
    narrow = _narrower(npu, expected)
    if narrow is not None:
        other = _judge_one(npu, narrow, keep_error)
        if other.verdict == FAITHFUL:
            other.reason += (f"; the {expected.budget.dtype} output holds only {narrow.budget.compute} values: the "
                             f"op ran in {narrow.budget.compute} (precision mode), judged with its rounding")
            other.budget["assumed_precision"] = narrow.budget.compute
            return other
    return first


def _narrower(npu: np.ndarray, expected: Expected) -> Expected | None:
    """``expected`` with one rounding to float16 or bfloat16 allowed, when every value of the float32 ``npu``
    is one of that dtype's (the precision mode ran the op in it)."""
    if npu.dtype != np.float32:
        return None
    import ml_dtypes

    with np.errstate(all="ignore"):
        for name, dtype in (("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16)):
            if np.array_equal(npu.astype(dtype).astype(np.float32), npu, equal_nan=True):
                tol = expected.tol + SAFETY * unit_roundoff(name) * np.abs(expected.value) + smallest_normal(name)
                budget = Budget(expected.budget.dtype, expected.budget.accumulation, expected.budget.reduction,
                                expected.budget.output_roundings, name, expected.budget.note)
                return Expected(expected.value, tol, budget)
    return None


def _judge_one(npu: np.ndarray, expected: Expected, keep_error: bool) -> OutputJudgement:
    budget = expected.budget
    ref = expected.value
    desc = budget.describe()
    if npu.size != ref.size:
        return OutputJudgement(UNSUPPORTED, f"the NPU output holds {npu.size} elements, the replay {ref.size}",
                               {"CosineSimilarity": None, "MaxAbsoluteError": None, "MaxRelativeError": None},
                               desc)
    y = np.asarray(npu, dtype=np.float64).reshape(ref.shape)
    with np.errstate(all="ignore"):
        err = y - ref
        both_nan = np.isnan(y) & np.isnan(ref)
        same_inf = np.isinf(y) & np.isinf(ref) & (np.sign(y) == np.sign(ref))
        fine = both_nan | same_inf | _saturated(y, ref, budget.dtype)
        abs_err = np.abs(err)
        bad = ~(abs_err <= expected.tol) & ~fine          # NaN error (one side non-finite) is bad
        finite = np.isfinite(y) & np.isfinite(ref)
        fe, fr = abs_err[finite], np.abs(ref[finite])
        ratio = np.where(finite & ~fine, abs_err / expected.tol, 0.0)
        worst_ratio = float(ratio.max()) if ratio.size else 0.0
        nz = fr > 0
        rel = fe[nz] / fr[nz]
        r_norm = float(np.linalg.norm(ref[finite]))
        t_norm = float(np.linalg.norm(expected.tol[finite])) / SAFETY
    metrics: dict[str, float | None] = {
        "CosineSimilarity": _cosine(y[finite], ref[finite]) if finite.any() else None,
        "MaxAbsoluteError": float(fe.max()) if fe.size else None,
        "MaxRelativeError": float(rel.max()) if rel.size else None,
        "RelativeNormError": float(np.linalg.norm(err[finite])) / r_norm if r_norm > 0 else None,
        "WorstBudgetRatio": worst_ratio,
        "ElementsOverBudget": int(bad.sum()),
        "Elements": int(ref.size),
    }
    rel_budget = t_norm / r_norm if r_norm > 0 else None
    desc["max_relative_error"] = rel_budget
    desc["cosine"] = None if rel_budget is None else max(0.0, 1.0 - 0.5 * min(rel_budget, 1.0) ** 2)
    n_bad = int(bad.sum())
    if n_bad:
        at = np.unravel_index(int(np.argmax(np.where(bad, np.nan_to_num(ratio, nan=np.inf, posinf=np.inf), -1))),
                              ref.shape)
        reason = (f"{n_bad} of {ref.size} elements exceed the budget (worst at {list(map(int, at))}: NPU "
                  f"{y[at]:.6g}, replay {ref[at]:.6g}, allowed +-{expected.tol[at]:.3g})")
        verdict = KERNEL
    else:
        reason = (f"every element is within the budget (worst {worst_ratio:.3g} of the allowance) for "
                  f"{budget.dtype}" + (f" with {budget.accumulation} accumulation over K={budget.reduction}"
                                       if budget.accumulation and budget.reduction > 1 else ""))
        verdict = FAITHFUL
    return OutputJudgement(verdict, reason, metrics, desc, err if keep_error else None)
