"""msaccucmp's StandardDeviation cell: ``(mean;std),(mean;std)`` with three decimals, from float64 moments.

msaccucmp computes the mean and the population std in float64. Three decimals rarely need all of that
precision, so the cell is first decided from the float32 sums the other metrics already have (``sum(x)``
and ``sum(x*x)`` by numpy's pairwise summation) with a proven error bound: when every value's interval
prints the same, that is the cell. Otherwise (big values, ties, NaN/Inf) exact float64 moments are taken
in a pass over the data (:func:`leaf_stat`, :func:`merge_stats`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ascend_dump_gui.core.metrics import pairwise

MINIMUM_VALUE = 0.001
"""msaccucmp shows a mean or std below this (in magnitude) as 0."""
_U32 = 2.0 ** -24
_UNDERFLOW = 2.0 ** -149
"""Largest error of a float32 square that underflows (the smallest subnormal)."""
_EPS64 = 2.0 ** -52
_BUFFER = 8192
"""numpy casts (float32 -> float64) in buffers of this many elements, summing the buffers in sequence."""


def cell_value(v: float) -> str:
    """One number of the cell as msaccucmp prints it."""
    return f"{0.0 if abs(v) < MINIMUM_VALUE else v:.3f}"


def format_std(means_stds: Sequence[float]) -> str:
    """msaccucmp's StandardDeviation cell: ``(mean;std),(mean;std)``, NPU first; |v| < 0.001 shows as 0."""
    a, b, c, d = (cell_value(float(v)) for v in means_stds)
    return f"({a};{b}),({c};{d})"


def pairwise_error_factor(n: int) -> float:
    """A bound on ``|computed - exact| / sum(|terms|)`` for numpy's float32 pairwise sum of ``n`` terms.

    A term passes through at most 15 additions in its accumulator, 3 combining the 8 accumulators and 7
    for a block's tail, then one per level of the pairwise tree; 8 more cover leaf folding and slack.
    """
    depth = 33 + max(int(n), 2).bit_length()
    return depth * _U32 / (1 - depth * _U32)


def _interval_text(lo: float, hi: float) -> str | None:
    """The printed value if every number in ``[lo, hi]`` prints the same (printing is monotone)."""
    a, b = cell_value(lo), cell_value(hi)
    return a if a == b else None


def side_from_float32(n: int, total: float, squares: float) -> tuple[str, str] | None:
    """(mean, std) texts from ``sum(x)`` and ``sum(x*x)`` of float32 ``x`` (both numpy's float32 pairwise
    sums, or at least as accurate), or None when their error bounds leave a text undecided."""
    if not (math.isfinite(total) and math.isfinite(squares)) or n <= 0:
        return None
    gamma = pairwise_error_factor(n)
    e2 = _U32 + gamma * (1 + _U32)                     # squares rounded, then summed
    d_sq = e2 / (1 - e2) * squares + n * _UNDERFLOW     # (a square may underflow: absolute error)
    q_hi = squares + d_sq
    d_sum = gamma * math.sqrt(n * q_hi)                 # sum|x| <= sqrt(n * sum x^2)
    # msaccucmp's own float64 rounding (pairwise inside each cast buffer, buffers in sequence), plus ours
    own = (80 + n / _BUFFER) * _EPS64
    scale = math.sqrt(q_hi / n)
    mean_lo = (total - d_sum) / n - own * scale
    mean_hi = (total + d_sum) / n + own * scale
    mean_text = _interval_text(mean_lo, mean_hi)
    if mean_text is None:
        return None
    near = 0.0 if mean_lo <= 0.0 <= mean_hi else min(mean_lo * mean_lo, mean_hi * mean_hi)
    far = max(mean_lo * mean_lo, mean_hi * mean_hi)
    var_lo = (squares - d_sq) / n - far - own * q_hi / n
    var_hi = (squares + d_sq) / n - near + own * q_hi / n
    std_text = _interval_text(math.sqrt(max(var_lo, 0.0)), math.sqrt(max(var_hi, 0.0)))
    if std_text is None:
        return None
    return mean_text, std_text


_CANCEL = 1.0 / 64
"""Recompute a leaf's moments around its mean when its squared mean is over 63/64 of its mean square."""


def _sums64(f: np.ndarray) -> tuple[float, float]:
    """``(sum(f), sum(f * f))`` of a float64 vector."""
    return float(np.add.reduce(f)), pairwise.dot(f, f)


def leaf_stat(v: np.ndarray, buf: np.ndarray) -> tuple[int, float, float]:
    """(count, float64 sum, float64 sum of squared deviations from the leaf mean) of a leaf.

    The raw moments come from one float64 copy of the leaf (squares of float32 values are exact in
    float64). When the mean dominates the spread, the copy is shifted by the leaf mean and the moments
    are taken again, so the deviations do not cancel away.
    """
    m = v.shape[0]
    f = buf[:m]
    np.copyto(f, v, casting="unsafe")
    s1, s2 = _sums64(f)
    dev = s2 - s1 * s1 / m
    if not np.isfinite(dev):
        return m, s1, dev
    if dev < s2 * _CANCEL:
        shift = s1 / m
        np.subtract(f, shift, out=f)
        d1, d2 = _sums64(f)
        s1, dev = d1 + m * shift, d2 - d1 * d1 / m
    return m, s1, max(dev, 0.0)


def merge_stats(parts: list[tuple[int, float, float]]) -> tuple[float, float]:
    """Chan's combination of leaf statistics: (mean, population std) in float64."""
    n = sum(p[0] for p in parts)
    total = float(np.sum([p[1] for p in parts], dtype=np.float64))
    mean = total / n
    m2 = 0.0
    for m, s, dev in parts:
        m2 += dev + m * (s / m - mean) ** 2
    return mean, float(np.sqrt(m2 / n))
