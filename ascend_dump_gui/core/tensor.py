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

from ascend_dump_gui.core.dump.tensor_stats import (
    CHUNK,
    TensorStats,
    pyramid_base,
    scan_values,
    to_work,
    work_dtype,
)
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress


def display_values(arr: np.ndarray) -> np.ndarray:
    """``arr`` as float32/float64 for drawing: low-precision floats widen, ints and bools become floats.

    float32 and float64 arrays come back unchanged (no copy); complex arrays give their magnitude.
    """
    a = np.asarray(arr)
    return a if a.dtype in (np.float32, np.float64) else to_work(a)


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
        self.values = values  # the flat tensor as stored (any real dtype); converted per visible slice
        self.levels = levels  # (bin size, mins, maxs), finest first

    @property
    def size(self) -> int:
        return int(self.values.size)

    def view(self, start: float, stop: float, max_points: int) -> tuple[np.ndarray, np.ndarray]:
        """x and y to draw for the index range [start, stop): raw values when they fit in ``max_points``,
        else min/max pairs of the finest level that fits (binned from the raw values when even the finest
        level is too coarse for the range). Non-finite values come back as NaN."""
        lo = int(np.clip(np.floor(start), 0, self.size))
        hi = int(np.clip(np.ceil(stop) + 1, lo, self.size))
        if hi - lo <= max_points or not self.levels:
            return np.arange(lo, hi, dtype=np.float64), _finite_or_nan(self.values[lo:hi])
        half = max(1, max_points // 2)
        if hi - lo <= self.levels[0][0] * half:  # cost <= base * max_points / 2 elements
            size = -(-(hi - lo) // half)
            b0 = lo // size
            part = _finite_or_nan(self.values[b0 * size:hi])
            mins, maxs = _reduce_bins(part, size, np.fmin), _reduce_bins(part, size, np.fmax)
            b0, b1, offset = 0, mins.size, b0
        else:
            level = self.levels[-1]
            for candidate in self.levels:
                if (hi - lo) / candidate[0] <= half:
                    level = candidate
                    break
            size, mins, maxs = level
            b0, b1, offset = lo // size, min(len(mins), -(-hi // size)), 0
        x = np.repeat((np.arange(b0, b1, dtype=np.float64) + offset) * size + (size - 1) / 2, 2)
        y = np.empty(x.size, dtype=np.float64)
        y[0::2], y[1::2] = mins[b0:b1], maxs[b0:b1]
        return x, y


def _finite_or_nan(part: np.ndarray) -> np.ndarray:
    y = np.array(to_work(part), dtype=np.float64)
    y[~np.isfinite(y)] = np.nan
    return y


def _reduce_bins(values: np.ndarray, size: int, fn: np.ufunc) -> np.ndarray:
    n = values.size
    full = n - n % size
    out = fn.reduce(values[:full].reshape(-1, size), axis=1)
    if full < n:
        out = np.append(out, fn.reduce(values[full:]))
    return out


def _levels(size: int, lo: np.ndarray, hi: np.ndarray, factor: int,
            top_bins: int) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """The finest level and the coarser ones above it (``factor`` bins merged each), until ``top_bins``."""
    levels = [(size, lo, hi)]
    while lo.size > top_bins:
        lo, hi, size = _reduce_bins(lo, factor, np.fmin), _reduce_bins(hi, factor, np.fmax), size * factor
        levels.append((size, lo, hi))
    return levels


def build_pyramid(values: np.ndarray, *, base: int = 16, factor: int = 4, top_bins: int = 2048,
                  progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> MinMaxPyramid:
    """A :class:`MinMaxPyramid` over the flattened ``values`` (finite values only; all-NaN bins are NaN)."""
    flat = np.asarray(values).reshape(-1)
    if flat.size <= base * 2:
        return MinMaxPyramid(flat, [])
    scan = scan_values(flat, bins=0, bin_size=base, marker_limit=0, progress=progress, cancel=cancel)
    return MinMaxPyramid(flat, _levels(base, scan.mins, scan.maxs, factor, top_bins))


@dataclass(frozen=True)
class Histogram:
    """Counts of the finite values in ``len(counts)`` equal bins between ``edges[0]`` and ``edges[-1]``."""

    counts: np.ndarray
    edges: np.ndarray


@dataclass(frozen=True)
class TensorDisplay:
    """Everything a tensor plot needs, computed once off the GUI thread."""

    source: np.ndarray  # the tensor as given (what .npy export saves)
    values: np.ndarray  # the values drawn, in the tensor's shape: the source itself (converted per
    #                     slice when drawn), or the magnitude of a complex tensor
    stats: TensorStats
    pyramid: MinMaxPyramid
    histogram: Histogram
    nan_at: np.ndarray
    pos_inf_at: np.ndarray
    neg_inf_at: np.ndarray


def prepare_display(arr: np.ndarray, *, bins: int = 128, marker_limit: int = 10_000,
                    progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> TensorDisplay:
    """Statistics, min/max pyramid, histogram and non-finite positions of ``arr`` in one chunked pass
    (:func:`~ascend_dump_gui.core.dump.tensor_stats.scan_values`); no copy of the tensor is made."""
    src = np.asarray(arr)
    values = np.abs(src) if src.dtype.kind == "c" else src
    flat = values.reshape(-1)
    base = pyramid_base(flat.size) if flat.size > 256 else 0
    scan = scan_values(flat, bins=bins, bin_size=base, marker_limit=marker_limit, progress=progress,
                       cancel=cancel)
    levels = _levels(base, scan.mins, scan.maxs, 4, 2048) if base else []
    stats = replace(scan.stats, dtype=str(src.dtype), shape=tuple(src.shape))
    return TensorDisplay(src, values, stats, MinMaxPyramid(flat, levels), Histogram(scan.counts, scan.edges),
                         scan.nan_at, scan.pos_inf_at, scan.neg_inf_at)


def abs_error(npu: np.ndarray, golden: np.ndarray, *, cancel: CancelToken | None = None) -> np.ndarray:
    """|npu − golden| in the golden tensor's shape, chunk by chunk: float32 when both sides fit in float32
    (float16, bfloat16, float32...), float64 otherwise. The element counts must match."""
    a, b = np.asarray(npu), np.asarray(golden)
    if a.size != b.size:
        raise ValueError(f"cannot compare {a.size} NPU elements with {b.size} golden elements")
    out_type = np.promote_types(work_dtype(a.dtype), work_dtype(b.dtype))
    out = np.empty(b.shape, dtype=out_type)
    fa, fb, fo = a.reshape(-1), b.reshape(-1), out.reshape(-1)
    for start in range(0, fo.size, CHUNK):
        if cancel is not None:
            cancel.raise_if_cancelled()
        stop = min(fo.size, start + CHUNK)
        with np.errstate(invalid="ignore", over="ignore"):
            np.subtract(to_work(fa[start:stop]), to_work(fb[start:stop]), out=fo[start:stop], casting="unsafe")
            np.abs(fo[start:stop], out=fo[start:stop])
    return out


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
    err = abs_error(npu, golden, cancel=cancel)
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
