"""Statistics of a tensor, and everything a plot needs, in one chunked pass with bounded memory.

:func:`scan_values` reads the tensor once, a chunk at a time (no float copy of the whole tensor):

* 8- and 16-bit dtypes (float16, bfloat16, float8, int8/16, bool) are counted per bit pattern
  (``np.bincount`` on a ``uint`` view). The 256- or 65536-entry table gives min, max, mean, std, the
  NaN/±Inf counts and the histogram exactly, in float64, with no second pass.
* Wider dtypes are converted chunk by chunk (float32, float64 for float64 and 32/64-bit integers); chunk
  sums are accumulated in float64 and combined with Chan's formula; the histogram takes a second pass
  once the range is known.

Min/max bins for the values plot and the flat positions of NaN/±Inf come from the same pass.
Conversions never warn: signalling NaN payloads (any float16 NaN without its quiet bit) are quiet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

CHUNK = 1 << 20
"""Elements converted at a time (a multiple of every pyramid bin size)."""
PYRAMID_BINS = 1 << 22
"""Upper bound on the number of finest min/max bins (memory: 2 floats each)."""


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


@dataclass(frozen=True)
class ValueScan:
    """What one pass over a tensor found (see :func:`scan_values`)."""

    stats: TensorStats
    counts: np.ndarray  # histogram of the finite values
    edges: np.ndarray
    bin_size: int       # elements per min/max bin (0: no bins were asked for)
    mins: np.ndarray    # per bin, NaN where a bin holds no finite value
    maxs: np.ndarray
    nan_at: np.ndarray  # flat indices, the first ``marker_limit`` of each kind
    pos_inf_at: np.ndarray
    neg_inf_at: np.ndarray


def work_dtype(dtype: np.dtype) -> np.dtype:
    """The float type values are handled in: float64 for float64 and 32/64-bit integers, else float32."""
    dtype = np.dtype(dtype)
    if dtype == np.float64 or dtype == np.complex128 or (dtype.kind in "iu" and dtype.itemsize >= 4):
        return np.dtype(np.float64)
    if dtype.kind == "f" and dtype.itemsize > 8:
        return np.dtype(np.float64)
    return np.dtype(np.float32)


def to_work(part: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``part`` as :func:`work_dtype` floats (complex: magnitude), quietly; into ``out`` when given."""
    with np.errstate(invalid="ignore", over="ignore"):
        if part.dtype.kind == "c":
            part = np.abs(part)
        if out is None:
            return np.asarray(part, dtype=work_dtype(part.dtype))
        np.copyto(out, part, casting="unsafe")
        return out


def pyramid_base(n: int, minimum: int = 128) -> int:
    """Finest bin size for ``n`` elements: at least ``minimum``, a power of two, at most :data:`PYRAMID_BINS` bins."""
    base = minimum
    while n // base > PYRAMID_BINS and base < CHUNK:
        base *= 2
    return base


def _table(dtype: np.dtype) -> tuple[np.dtype, np.ndarray] | None:
    """(uint view type, value of every bit pattern) for dtypes of at most 16 bits, else None."""
    if dtype.itemsize > 2 or dtype.kind == "c":
        return None
    view = np.dtype(np.uint8 if dtype.itemsize == 1 else np.uint16)
    codes = np.arange(1 << (8 * dtype.itemsize), dtype=view)
    if dtype.kind == "b":
        return view, (codes != 0).astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        return view, codes.view(dtype).astype(np.float64)


class _Markers:
    """The first ``limit`` flat positions of NaN, +Inf and -Inf."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.found: list[list[np.ndarray]] = [[], [], []]
        self.counts = [0, 0, 0]

    def add(self, f: np.ndarray, start: int) -> None:
        for k, test in enumerate((np.isnan, np.isposinf, np.isneginf)):
            if self.counts[k] < self.limit:
                idx = np.flatnonzero(test(f))[: self.limit - self.counts[k]] + start
                self.found[k].append(idx.astype(np.int64))
                self.counts[k] += idx.size

    def arrays(self) -> tuple[np.ndarray, ...]:
        empty = np.zeros(0, dtype=np.int64)
        return tuple(np.concatenate(f) if f else empty for f in self.found)


class _Bins:
    """Min/max over consecutive bins of ``size`` elements, finite values only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.mins: list[np.ndarray] = []
        self.maxs: list[np.ndarray] = []

    def add(self, f: np.ndarray, all_finite: bool) -> None:
        """Fold in the next chunk ``f`` (a scratch buffer: non-finite values are overwritten with NaN)."""
        if not self.size:
            return
        if not all_finite:
            f[~np.isfinite(f)] = np.nan
        lo, hi = (np.minimum, np.maximum) if all_finite else (np.fmin, np.fmax)
        full = f.size - f.size % self.size
        if full:
            self.mins.append(lo.reduce(f[:full].reshape(-1, self.size), axis=1))
            self.maxs.append(hi.reduce(f[:full].reshape(-1, self.size), axis=1))
        if full < f.size:  # the last, partial bin
            self.mins.append(np.array([np.fmin.reduce(f[full:])], dtype=f.dtype))
            self.maxs.append(np.array([np.fmax.reduce(f[full:])], dtype=f.dtype))

    def arrays(self, dtype: np.dtype) -> tuple[np.ndarray, np.ndarray]:
        if not self.mins:
            return np.zeros(0, dtype), np.zeros(0, dtype)
        return np.concatenate(self.mins), np.concatenate(self.maxs)


def _edges(lo: float | None, hi: float | None, bins: int) -> np.ndarray:
    lo, hi = (0.0, 1.0) if lo is None else (lo, hi)
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    if np.isfinite(hi - lo):
        return np.linspace(lo, hi, bins + 1)
    t = np.linspace(0.0, 1.0, bins + 1)  # a span beyond the float64 range (±1e308 values)
    return lo * (1 - t) + hi * t


def scan_values(arr: np.ndarray, *, bins: int = 128, bin_size: int = 0, marker_limit: int = 10_000,
                progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> ValueScan:
    """One pass over ``arr``: statistics, a ``bins``-bin histogram of the finite values (0: none), min/max per
    ``bin_size`` elements (0: none) and the first ``marker_limit`` positions of each non-finite kind."""
    a = np.asarray(arr)
    flat = a.reshape(-1)
    n = flat.size
    table = _table(a.dtype)
    work = work_dtype(a.dtype)
    step = max(bin_size, CHUNK - CHUNK % bin_size) if bin_size else CHUNK  # bins never straddle chunks
    buf = np.empty(min(n, step), dtype=work)
    markers, binned = _Markers(marker_limit), _Bins(bin_size)
    if table is not None:
        view, values = table
        nonfinite_codes = np.flatnonzero(~np.isfinite(values))
        totals = np.zeros(values.size, dtype=np.int64)
    else:
        nonfinite = [0, 0, 0]
        moments = [0, 0.0, 0.0]  # finite count, mean, M2
        lo, hi = np.inf, -np.inf
    passes = 1 if table is not None or not bins else 2
    for start in range(0, n, step):
        if cancel is not None:
            cancel.raise_if_cancelled()
        part = flat[start:start + step]
        if table is not None:
            counts = np.bincount(part.view(view), minlength=values.size)
            totals += counts
            all_finite = not counts[nonfinite_codes].any()
            if bin_size or (marker_limit and not all_finite):
                f = to_work(part, buf[:part.size])
        else:
            f = to_work(part, buf[:part.size])
            finite = np.isfinite(f)
            all_finite = bool(finite.all())
            good = f if all_finite else f[finite]
            if not all_finite:
                for k, test in enumerate((np.isnan, np.isposinf, np.isneginf)):
                    nonfinite[k] += int(np.count_nonzero(test(f)))
            if good.size:
                c_lo, c_hi = float(good.min()), float(good.max())
                lo, hi = min(lo, c_lo), max(hi, c_hi)
                # squared deviations of float32 values beyond ~1e18 would overflow float32: use float64
                wide = good.dtype == np.float32 and max(-c_lo, c_hi) > 1e18
                _add_moments(moments, good.astype(np.float64) if wide else good)
        if marker_limit and not all_finite:
            markers.add(f, start)
        if bin_size:
            binned.add(f, all_finite)
        progress(start + part.size, passes * n, msg("statistics"))
    if table is not None:
        stats, counts, edges = _table_stats(a, totals, values, bins)
    else:
        has = moments[0] > 0
        stats = TensorStats(str(a.dtype), tuple(a.shape), int(n), *nonfinite, lo if has else None,
                            hi if has else None, moments[1] if has else None,
                            float(np.sqrt(moments[2] / moments[0])) if has else None)
        edges = _edges(stats.min, stats.max, bins)
        counts = _histogram_pass(flat, edges, buf, progress=progress, cancel=cancel) if bins else \
            np.zeros(0, dtype=np.int64)
    mins, maxs = binned.arrays(work)
    return ValueScan(stats, counts, edges, bin_size, mins, maxs, *markers.arrays())


def _add_moments(moments: list, good: np.ndarray) -> None:
    """Fold one chunk's finite values into (count, mean, M2): chunk sums in float64, Chan's combination."""
    size = good.size
    with np.errstate(over="ignore"):  # float64 values beyond ~1e154: the variance is honestly +Inf
        c_mean = float(np.add.reduce(good, dtype=np.float64)) / size
        d = good - good.dtype.type(c_mean)
        c_m2 = float(np.add.reduce(np.square(d, out=d), dtype=np.float64))
    count, mean, m2 = moments
    total = count + size
    delta = c_mean - mean
    moments[0] = total
    moments[1] = mean + delta * size / total
    moments[2] = m2 + c_m2 + delta * delta * count * size / total


def _table_stats(a: np.ndarray, totals: np.ndarray, values: np.ndarray,
                 bins: int) -> tuple[TensorStats, np.ndarray, np.ndarray]:
    """Statistics and histogram from the count of every bit pattern (exact, float64)."""
    finite = np.isfinite(values)
    nan = int(totals[np.isnan(values)].sum())
    pos = int(totals[np.isposinf(values)].sum())
    neg = int(totals[np.isneginf(values)].sum())
    present = finite & (totals > 0)
    v, c = values[present], totals[present].astype(np.float64)
    if v.size:
        n = c.sum()
        mean = float((v * c).sum() / n)
        std = float(np.sqrt((np.square(v - mean) * c).sum() / n))
        lo, hi = float(v.min()), float(v.max())
    else:
        mean = std = lo = hi = None
    edges = _edges(lo, hi, bins) if bins else np.zeros(0)
    counts = np.zeros(bins, dtype=np.int64)
    if bins and v.size:
        counts = np.histogram(v, bins=edges, weights=c)[0].round().astype(np.int64)
    stats = TensorStats(str(a.dtype), tuple(a.shape), int(a.size), nan, pos, neg, lo, hi, mean, std)
    return stats, counts, edges


def _histogram_pass(flat: np.ndarray, edges: np.ndarray, buf: np.ndarray, *, progress: ProgressFn,
                    cancel: CancelToken | None) -> np.ndarray:
    """Counts of the finite values in the equal bins ``edges`` (the second pass of wide dtypes)."""
    bins = edges.size - 1
    lo, hi = float(edges[0]), float(edges[-1])
    uniform = bool(np.isfinite(hi - lo))
    counts = np.zeros(bins, dtype=np.int64)
    n = flat.size
    for start in range(0, n, buf.size):
        if cancel is not None:
            cancel.raise_if_cancelled()
        size = min(buf.size, n - start)
        f = to_work(flat[start:start + size], buf[:size])
        finite = np.isfinite(f)
        f = f if finite.all() else f[finite]
        if f.dtype == np.float32 and hi - lo > 1e38:  # numpy bins in the values' type: hi - lo must fit
            f = f.astype(np.float64)
        counts += _bin_counts(f, lo, hi, bins) if uniform else np.histogram(f, bins=edges)[0]
        progress(n + start + size, 2 * n, msg("histogram"))
    return counts


def _bin_counts(f: np.ndarray, lo: float, hi: float, bins: int) -> np.ndarray:
    """Counts of the finite values ``f`` (a scratch buffer, overwritten) in ``bins`` equal bins over [lo, hi]
    (the top edge included), as ``np.histogram`` gives them up to rounding at bin edges, in a few passes."""
    if f.size == 0:
        return np.zeros(bins, dtype=np.int64)
    scale = f.dtype.type(bins / (hi - lo))
    np.subtract(f, f.dtype.type(lo), out=f)
    np.multiply(f, scale, out=f)
    np.clip(f, 0, bins - 1, out=f)
    return np.bincount(f.astype(np.intp), minlength=bins)[:bins]


def tensor_stats(arr: np.ndarray, *, progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> TensorStats:
    """Statistics of ``arr`` (any numeric, bool or ml_dtypes array); complex values count by magnitude."""
    return scan_values(arr, bins=0, marker_limit=0, progress=progress, cancel=cancel).stats
