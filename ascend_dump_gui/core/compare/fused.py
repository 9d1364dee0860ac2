"""The per-leaf kernels behind the ten msaccucmp metrics: up to three fused passes over a tensor pair.

Pass A (one read of both tensors) gives every sum, max and min the metrics need; pass B needs the norms
(cosine) and the min/max (KL); pass C needs pass B's KL sums. Each leaf repeats msaccucmp's float32
element operations exactly and is summed by numpy, and leaves are folded along numpy's pairwise tree
(:mod:`.pairwise`), so the totals carry the same bits as msaccucmp's whole-array expressions.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from ascend_dump_gui.core.compare import pairwise

EPS64 = float(np.finfo(float).eps)
"""msaccucmp's FLOAT_EPSILON: the float64 machine epsilon, used even for float32 data."""
EPS32 = np.finfo(np.float32).eps
"""KL's floor for normalised values: the float32 machine epsilon."""


@dataclass(frozen=True)
class Needs:
    """Which quantities the selected metrics need."""

    ad: bool = False        # max / sum of |x - y|
    d2: bool = False        # sum of (x - y)^2
    xx: bool = False        # sum of x^2
    yy: bool = False        # sum of y^2
    rel: bool = False       # sum / max of the relative error delta
    minmax: bool = False    # min / max of x and y (KL normalisation)
    std: bool = False       # float64 mean / variance of x and y
    cos: bool = False       # pass B: sum (x/|x|)(y/|y|)
    kl: bool = False        # passes B and C


@dataclass
class PassA:
    """Totals of pass A (numpy scalars; absent quantities stay None)."""

    ad_max: np.floating | None = None
    ad_sum: np.floating | None = None
    d2: np.floating | None = None
    xx: np.floating | None = None
    yy: np.floating | None = None
    rel_sum: np.floating | None = None
    rel_max: np.floating | None = None
    xmin: np.floating | None = None
    xmax: np.floating | None = None
    ymin: np.floating | None = None
    ymax: np.floating | None = None
    xstat: tuple[float, float] | None = None   # (mean, population variance), float64
    ystat: tuple[float, float] | None = None
    extra: dict = field(default_factory=dict)


class _Scratch(threading.local):
    """Per-thread leaf buffers, so the hot loop allocates nothing."""

    def __init__(self) -> None:
        self.size = 0

    def ensure(self, size: int) -> None:
        if size > self.size:
            self.x = np.empty(size, np.float32)
            self.y = np.empty(size, np.float32)
            self.t = np.empty(size, np.float32)
            self.u = np.empty(size, np.float32)
            self.mask = np.empty(size, np.bool_)
            self.f64 = np.empty(size, np.float64)
            self.size = size


_SCRATCH = _Scratch()


def _load(src: np.ndarray, a: int, b: int, buf: np.ndarray) -> np.ndarray:
    """Elements ``a:b`` of a flat array as a contiguous array of ``buf``'s dtype (a view when possible)."""
    chunk = src[a:b]
    if chunk.dtype == buf.dtype and chunk.flags.c_contiguous:
        return chunk
    out = buf[: b - a]
    np.copyto(out, chunk, casting="unsafe")
    return out


def _leaf_stat(v: np.ndarray, buf: np.ndarray) -> tuple[int, float, float]:
    """(count, float64 sum, float64 sum of squared deviations from the leaf mean).

    The values are shifted by the leaf's first element while cast to float64, so the raw second moment
    of the shifted values loses nothing to cancellation unless that element is a far outlier.
    """
    m = v.shape[0]
    shift = float(v[0])
    f = buf[:m]
    np.copyto(f, v, casting="unsafe")
    np.subtract(f, shift, out=f)
    s1 = float(f.sum())
    s2 = pairwise.dot(f, f)
    return m, s1 + m * shift, max(s2 - s1 * s1 / m, 0.0) if np.isfinite(s2) else s2 - s1 * s1 / m


def _merge_stats(parts: list[tuple[int, float, float]]) -> tuple[float, float]:
    """Chan's combination of leaf statistics: (mean, population variance) in float64."""
    n = sum(p[0] for p in parts)
    total = float(np.sum([p[1] for p in parts], dtype=np.float64))
    mean = total / n
    m2 = 0.0
    for m, s, dev in parts:
        m2 += dev + m * (s / m - mean) ** 2
    return mean, m2 / n


def pass_a(x: np.ndarray, y: np.ndarray, need: Needs, leaf: int = pairwise.DEFAULT_LEAF) -> PassA:
    """Fused first pass over float32 copies of ``x`` and ``y`` (flat, same length, non-empty)."""
    n = x.shape[0]
    ranges = pairwise.leaves(n, leaf)

    def one(a: int, b: int) -> dict:
        s = _SCRATCH
        s.ensure(leaf)
        m = b - a
        xs, ys = _load(x, a, b, s.x), _load(y, a, b, s.y)
        t, u = s.t[:m], s.u[:m]
        r: dict = {}
        with np.errstate(all="ignore"):
            if need.ad or need.d2:
                np.subtract(xs, ys, out=t)
                if need.d2:
                    np.multiply(t, t, out=u)
                    r["d2"] = u.sum()
                if need.ad:
                    np.abs(t, out=t)
                    r["ad_max"], r["ad_sum"] = t.max(), t.sum()
            if need.xx:
                np.multiply(xs, xs, out=t)
                r["xx"] = t.sum()
            if need.yy:
                np.multiply(ys, ys, out=t)
                r["yy"] = t.sum()
            if need.rel:
                np.divide(xs, ys, out=t)
                np.subtract(t, 1, out=t)
                np.abs(t, out=t)
                np.abs(ys, out=u)
                if not u.min() > EPS64:       # some |y| <= eps (or NaN): delta is 0 there
                    t[~np.greater(u, EPS64, out=s.mask[:m])] = 0
                r["rel_sum"], r["rel_max"] = t.sum(), t.max()
            if need.minmax:
                r["xmin"], r["xmax"], r["ymin"], r["ymax"] = xs.min(), xs.max(), ys.min(), ys.max()
            if need.std:
                r["xstat"] = _leaf_stat(xs, s.f64)
                r["ystat"] = _leaf_stat(ys, s.f64)
        return r

    parts = pairwise.map_leaves(one, ranges)
    out = PassA()
    with np.errstate(all="ignore"):
        for key in ("d2", "ad_sum", "xx", "yy", "rel_sum"):
            if key in parts[0]:
                setattr(out, key, pairwise.combine(n, [p[key] for p in parts], pairwise.add32, leaf))
        for key, fold in (("ad_max", np.maximum), ("rel_max", np.maximum), ("xmax", np.maximum),
                          ("ymax", np.maximum), ("xmin", np.minimum), ("ymin", np.minimum)):
            if key in parts[0]:
                setattr(out, key, fold.reduce([p[key] for p in parts]))
        if need.std:
            out.xstat = _merge_stats([p["xstat"] for p in parts])
            out.ystat = _merge_stats([p["ystat"] for p in parts])
    return out


def _norm01(v: np.ndarray, lo: np.floating, span: np.floating, out: np.ndarray) -> np.ndarray:
    """KL's normalisation: ``max((v - lo) / span, eps32)``, or ``max(v, eps32)`` when ``span == 0``."""
    if span != 0:
        np.subtract(v, lo, out=out)
        np.divide(out, span, out=out)
    else:
        np.copyto(out, v)
    return np.maximum(out, EPS32, out=out)


@dataclass(frozen=True)
class KLRange:
    """min and max - min of each side, as msaccucmp's KL computes them (float32)."""

    xlo: np.floating
    xspan: np.floating
    ylo: np.floating
    yspan: np.floating


def pass_b(x: np.ndarray, y: np.ndarray, *, norms: tuple[np.floating, np.floating] | None,
           kl: KLRange | None, leaf: int = pairwise.DEFAULT_LEAF) -> dict[str, np.floating]:
    """Second pass: ``sum((x/nx)*(y/ny))`` for cosine and the sums of KL's normalised values."""
    n = x.shape[0]

    def one(a: int, b: int) -> dict:
        s = _SCRATCH
        s.ensure(leaf)
        m = b - a
        xs, ys = _load(x, a, b, s.x), _load(y, a, b, s.y)
        t, u = s.t[:m], s.u[:m]
        r: dict = {}
        with np.errstate(all="ignore"):
            if norms is not None:
                np.divide(xs, norms[0], out=t)
                np.divide(ys, norms[1], out=u)
                np.multiply(t, u, out=t)
                r["cos"] = t.sum()
            if kl is not None:
                r["px"] = _norm01(xs, kl.xlo, kl.xspan, t).sum()
                r["py"] = _norm01(ys, kl.ylo, kl.yspan, u).sum()
        return r

    parts = pairwise.map_leaves(one, pairwise.leaves(n, leaf))
    with np.errstate(all="ignore"):
        return {k: pairwise.combine(n, [p[k] for p in parts], pairwise.add32, leaf) for k in parts[0]}


def pass_c(x: np.ndarray, y: np.ndarray, kl: KLRange, psum: np.floating, qsum: np.floating,
           leaf: int = pairwise.DEFAULT_LEAF) -> np.floating:
    """Third pass: ``sum(P * log(P / Q))`` with P, Q the normalised distributions (recomputed: cheaper
    than keeping pass B's values, which costs a write and a read of both tensors' size)."""
    n = x.shape[0]

    def one(a: int, b: int) -> np.floating:
        s = _SCRATCH
        s.ensure(leaf)
        m = b - a
        with np.errstate(all="ignore"):
            p, q = s.t[:m], s.u[:m]
            np.divide(_norm01(_load(x, a, b, s.x), kl.xlo, kl.xspan, p), psum, out=p)
            np.divide(_norm01(_load(y, a, b, s.y), kl.ylo, kl.yspan, q), qsum, out=q)
            np.divide(p, q, out=q)
            np.log(q, out=q)
            np.multiply(p, q, out=q)
            return q.sum()

    parts = pairwise.map_leaves(one, pairwise.leaves(n, leaf))
    with np.errstate(all="ignore"):
        return pairwise.combine(n, parts, pairwise.add32, leaf)
