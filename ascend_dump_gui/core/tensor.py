"""Tensor helpers for display: float views, statistics, N-D planes, min/max pyramids, histograms, exports.

Nothing here draws. The UI calls :func:`prepare_display` in a worker thread and hands the result to a plot;
everything a plot then asks for while the user pans or drags a slider (:meth:`MinMaxPyramid.view`,
:func:`plane`, :func:`decimate_plane`) costs time proportional to the pixels shown, not to the tensor.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ascend_dump_gui.core.dump.tensor_stats import TensorStats, tensor_stats
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

CHUNK = 1 << 22
"""Elements processed between progress reports and cancel checks."""


def display_values(arr: np.ndarray) -> np.ndarray:
    """``arr`` as float32/float64 for drawing: low-precision floats widen, ints and bools become floats.

    float32 and float64 arrays come back unchanged (no copy); complex arrays give their magnitude.
    """
    a = np.asarray(arr)
    if a.dtype in (np.float32, np.float64):
        return a
    if a.dtype.kind == "c":
        return np.abs(a)
    if a.dtype.kind in "iu" and a.dtype.itemsize >= 4:
        return a.astype(np.float64)
    return a.astype(np.float32)


def _chunks(n: int, size: int = CHUNK):
    for start in range(0, n, size):
        yield start, min(n, start + size)


def plane(arr: np.ndarray, axes: tuple[int, int], index: Sequence[int]) -> np.ndarray:
    """The 2-D slice of ``arr`` with ``axes[0]`` as rows and ``axes[1]`` as columns (a view, no copy).

    Every other axis ``k`` is fixed at ``index[k]`` (entries for the two plane axes are ignored).
    0-D arrays give shape (1, 1) and 1-D arrays a single row.
    """
    a = np.asarray(arr)
    if a.ndim == 0:
        return a.reshape(1, 1)
    if a.ndim == 1:
        return a.reshape(1, -1)
    rows, cols = axes
    if rows == cols or not (0 <= rows < a.ndim and 0 <= cols < a.ndim):
        raise ValueError(f"plane axes {axes} do not fit a {a.ndim}-D tensor")
    key = tuple(slice(None) if k in (rows, cols) else int(index[k]) for k in range(a.ndim))
    sub = a[key]
    return sub if rows < cols else sub.T


def default_axes(shape: Sequence[int]) -> tuple[int, int]:
    """The plane shown first: the last two axes."""
    return (0, 1) if len(shape) < 2 else (len(shape) - 2, len(shape) - 1)


def decimate_plane(p: np.ndarray, max_side: int) -> tuple[np.ndarray, tuple[int, int]]:
    """Every n-th row/column so neither side exceeds ``max_side``; returns the view and the two steps."""
    steps = tuple(max(1, -(-s // max_side)) for s in p.shape[:2])
    return p[:: steps[0], :: steps[1]], (steps[0], steps[1])


class MinMaxPyramid:
    """Min/max envelopes of a 1-D array at bin sizes base, base·factor, ... for fast zoomable curves."""

    def __init__(self, values: np.ndarray, levels: list[tuple[int, np.ndarray, np.ndarray]]) -> None:
        self.values = values
        self.levels = levels  # (bin size, mins, maxs), finest first

    @property
    def size(self) -> int:
        return int(self.values.size)

    def view(self, start: float, stop: float, max_points: int) -> tuple[np.ndarray, np.ndarray]:
        """x and y to draw for the index range [start, stop): raw values when they fit in ``max_points``,
        else min/max pairs of the finest level that fits. Non-finite values come back as NaN."""
        lo = int(np.clip(np.floor(start), 0, self.size))
        hi = int(np.clip(np.ceil(stop) + 1, lo, self.size))
        if hi - lo <= max_points or not self.levels:
            y = np.asarray(self.values[lo:hi], dtype=np.float64)
            y[~np.isfinite(y)] = np.nan
            return np.arange(lo, hi, dtype=np.float64), y
        level = self.levels[-1]
        for candidate in self.levels:
            if (hi - lo) / candidate[0] <= max_points / 2:
                level = candidate
                break
        size, mins, maxs = level
        b0, b1 = lo // size, min(len(mins), -(-hi // size))
        x = np.repeat(np.arange(b0, b1, dtype=np.float64) * size + (size - 1) / 2, 2)
        y = np.empty(x.size, dtype=np.float64)
        y[0::2], y[1::2] = mins[b0:b1], maxs[b0:b1]
        return x, y


def _reduce_bins(values: np.ndarray, size: int, fn: np.ufunc) -> np.ndarray:
    n = values.size
    full = n - n % size
    out = fn.reduce(values[:full].reshape(-1, size), axis=1)
    if full < n:
        out = np.append(out, fn.reduce(values[full:]))
    return out


def build_pyramid(values: np.ndarray, *, base: int = 16, factor: int = 4, top_bins: int = 2048,
                  progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> MinMaxPyramid:
    """A :class:`MinMaxPyramid` over the flattened ``values`` (finite values only; all-NaN bins are NaN)."""
    flat = display_values(values).reshape(-1)
    levels: list[tuple[int, np.ndarray, np.ndarray]] = []
    if flat.size > base * 2:
        step = CHUNK - CHUNK % base
        mins, maxs = [], []
        for start, stop in _chunks(flat.size, step):
            if cancel:
                cancel.raise_if_cancelled()
            part = flat[start:stop]
            if not np.isfinite(part).all():
                part = np.where(np.isfinite(part), part, np.nan)
            mins.append(_reduce_bins(part, base, np.fmin))
            maxs.append(_reduce_bins(part, base, np.fmax))
            progress(stop, flat.size, "downsampling")
        lo, hi, size = np.concatenate(mins), np.concatenate(maxs), base
        levels.append((size, lo, hi))
        while lo.size > top_bins:
            lo, hi, size = _reduce_bins(lo, factor, np.fmin), _reduce_bins(hi, factor, np.fmax), size * factor
            levels.append((size, lo, hi))
    return MinMaxPyramid(flat, levels)


@dataclass(frozen=True)
class Histogram:
    """Counts of the finite values in ``len(counts)`` equal bins between ``edges[0]`` and ``edges[-1]``."""

    counts: np.ndarray
    edges: np.ndarray


def histogram(values: np.ndarray, bins: int = 128, *, value_range: tuple[float, float] | None = None,
              progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> Histogram:
    """Histogram of the finite values; ``value_range`` defaults to their min and max."""
    flat = display_values(values).reshape(-1)
    if value_range is None:
        stats = tensor_stats(flat)
        value_range = (stats.min, stats.max) if stats.min is not None else (0.0, 1.0)
    lo, hi = float(value_range[0]), float(value_range[1])
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    counts = np.zeros(bins, dtype=np.int64)
    edges = np.linspace(lo, hi, bins + 1)
    for start, stop in _chunks(flat.size):
        if cancel:
            cancel.raise_if_cancelled()
        part = flat[start:stop]
        part = part[np.isfinite(part)]
        counts += np.histogram(part, bins=bins, range=(lo, hi))[0]
        progress(stop, flat.size, "histogram")
    return Histogram(counts, edges)


def nonfinite_positions(values: np.ndarray, limit: int = 10_000) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flat indices of the first ``limit`` NaN, +Inf and -Inf elements (in that order)."""
    flat = display_values(values).reshape(-1)
    found: list[list[np.ndarray]] = [[], [], []]
    counts = [0, 0, 0]
    for start, stop in _chunks(flat.size):
        part = flat[start:stop]
        if np.isfinite(part).all():
            continue
        for k, test in enumerate((np.isnan, np.isposinf, np.isneginf)):
            if counts[k] < limit:
                idx = np.flatnonzero(test(part))[: limit - counts[k]] + start
                found[k].append(idx)
                counts[k] += idx.size
    empty = np.zeros(0, dtype=np.int64)
    nan, pos, neg = (np.concatenate(f).astype(np.int64) if f else empty for f in found)
    return nan, pos, neg


@dataclass(frozen=True)
class TensorDisplay:
    """Everything a tensor plot needs, computed once off the GUI thread."""

    source: np.ndarray  # the tensor as given (what .npy export saves)
    values: np.ndarray  # display values (float32/64) in the tensor's shape
    stats: TensorStats
    pyramid: MinMaxPyramid
    histogram: Histogram
    nan_at: np.ndarray
    pos_inf_at: np.ndarray
    neg_inf_at: np.ndarray


def prepare_display(arr: np.ndarray, *, bins: int = 128, marker_limit: int = 10_000,
                    progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> TensorDisplay:
    """Statistics, min/max pyramid, histogram and non-finite positions of ``arr`` (slow: run in a worker)."""
    src = np.asarray(arr)
    values = display_values(src)
    progress(0, 3, "statistics")
    stats = replace(tensor_stats(values), dtype=str(src.dtype))
    if cancel:
        cancel.raise_if_cancelled()
    pyramid = build_pyramid(values, cancel=cancel, progress=lambda d, t, m: progress(t + d, 3 * t, m))
    value_range = (stats.min, stats.max) if stats.min is not None else None
    hist = histogram(values, bins, value_range=value_range, cancel=cancel,
                     progress=lambda d, t, m: progress(2 * t + d, 3 * t, m))
    if stats.nan or stats.pos_inf or stats.neg_inf:
        nan, pos, neg = nonfinite_positions(values, marker_limit)
    else:
        nan = pos = neg = np.zeros(0, dtype=np.int64)
    return TensorDisplay(src, values, stats, pyramid, hist, nan, pos, neg)


def abs_error(npu: np.ndarray, golden: np.ndarray) -> np.ndarray:
    """|npu − golden| in float64, in the golden tensor's shape; the element counts must match."""
    a, b = np.asarray(npu), np.asarray(golden)
    if a.size != b.size:
        raise ValueError(f"cannot compare {a.size} NPU elements with {b.size} golden elements")
    diff = display_values(a).reshape(b.shape).astype(np.float64) - display_values(b)
    return np.abs(diff)


@dataclass(frozen=True)
class PairDisplay:
    """An NPU tensor, its golden counterpart and their absolute error, ready to plot."""

    npu: TensorDisplay
    golden: TensorDisplay
    error: TensorDisplay


def prepare_pair(npu: np.ndarray, golden: np.ndarray, *, bins: int = 128, progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> PairDisplay:
    """:func:`prepare_display` of NPU (reshaped to the golden shape), golden and |NPU − golden|."""
    golden = np.asarray(golden)
    npu = np.asarray(npu).reshape(golden.shape) if np.size(npu) == golden.size else np.asarray(npu)
    err = abs_error(npu, golden)
    parts = [prepare_display(a, bins=bins, cancel=cancel,
                             progress=lambda d, t, m, k=k: progress(k * t + d, 3 * t, m))
             for k, a in enumerate((npu, golden, err))]
    return PairDisplay(*parts)


def csv_text(p: np.ndarray) -> str:
    """A 2-D slice as CSV (one tensor row per line, ``%.9g``; NaN/Inf as ``nan``/``inf``)."""
    buf = io.StringIO()
    values = display_values(np.atleast_2d(np.asarray(p)))
    np.savetxt(buf, values, fmt="%.9g", delimiter=",")
    return buf.getvalue()


def npy_bytes(arr: np.ndarray) -> bytes:
    """``arr`` in .npy format; dtypes numpy cannot store natively (bfloat16, float8) become float32."""
    a = np.asarray(arr)
    if a.dtype.kind == "V":
        a = a.astype(np.float32)
    buf = io.BytesIO()
    np.save(buf, a, allow_pickle=False)
    return buf.getvalue()
