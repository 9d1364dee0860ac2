"""Summary statistics of a tensor, NaN-safe and in chunks so big tensors need no float copy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

CHUNK = 1 << 22
"""Elements converted to float64 at a time."""


@dataclass(frozen=True)
class TensorStats:
    """Counts and min/max/mean/std (population) over the finite values (None when there are none)."""

    dtype: str
    shape: tuple[int, ...]
    count: int
    nan: int
    pos_inf: int
    neg_inf: int
    min: float | None
    max: float | None
    mean: float | None
    std: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"count": self.count, "min": self.min, "max": self.max, "mean": self.mean, "std": self.std,
                "nan": self.nan, "pos_inf": self.pos_inf, "neg_inf": self.neg_inf}


def _as_float(part: np.ndarray) -> np.ndarray:
    if part.dtype.kind == "c":
        return np.abs(part).astype(np.float64)
    return part.astype(np.float64)


def tensor_stats(arr: np.ndarray, *, progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> TensorStats:
    """Statistics of ``arr`` (any numeric, bool or ml_dtypes array); complex values count by magnitude."""
    a = np.asarray(arr)
    flat = a.reshape(-1)
    nan = pos = neg = finite_n = 0
    lo, hi, mean, m2 = np.inf, -np.inf, 0.0, 0.0
    for start in range(0, flat.size, CHUNK):
        if cancel is not None:
            cancel.raise_if_cancelled()
        progress(start, flat.size, "statistics")
        part = _as_float(flat[start:start + CHUNK])
        ok = np.isfinite(part)
        if not ok.all():
            nan += int(np.isnan(part).sum())
            pos += int(np.isposinf(part).sum())
            neg += int(np.isneginf(part).sum())
            part = part[ok]
        if part.size:
            lo, hi = min(lo, float(part.min())), max(hi, float(part.max()))
            c_mean = float(part.mean())
            c_m2 = float(np.square(part - c_mean).sum())
            total = finite_n + part.size
            delta = c_mean - mean
            mean += delta * part.size / total
            m2 += c_m2 + delta * delta * finite_n * part.size / total
            finite_n = total
    has = finite_n > 0
    return TensorStats(str(a.dtype), tuple(a.shape), int(flat.size), nan, pos, neg,
                       lo if has else None, hi if has else None, mean if has else None,
                       float(np.sqrt(m2 / finite_n)) if has else None)
