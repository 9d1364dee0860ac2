"""The per-leaf kernels behind the ten msaccucmp metrics: up to three fused passes over a tensor pair.

Pass A (one read of both tensors) gives every sum, max and min the metrics need; pass B needs the norms
(cosine) and the min/max (KL); pass C needs pass B's KL sums. Each leaf repeats msaccucmp's float32
element operations exactly and is summed by numpy, and leaves are folded along numpy's pairwise tree
(:mod:`.pairwise`), so the totals carry the same bits as msaccucmp's whole-array expressions. Two steps
are left out where they provably change nothing: KL's floor in a leaf whose minimum lies above it, and
the ``|y| <= eps`` mask of the relative errors where ``y*y`` (already computed) shows no such ``y``.
With the C kernel (:mod:`.kernel`) a leaf is one call that walks numpy's pairwise tree itself, with the same
element operations and the same bits; the numpy code below is the fallback.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field

import numpy as np

from ascend_dump_gui.core.metrics import KERNEL_KINDS, early, kernel, leaf_tree, pairwise, stdev
from ascend_dump_gui.core.metrics.msprobe_metrics import kernel_totals, rel_type

EPS64 = float(np.finfo(float).eps)
"""msaccucmp's FLOAT_EPSILON: the float64 machine epsilon, used even for float32 data."""
EPS32 = np.finfo(np.float32).eps
"""KL's floor for normalised values: the float32 machine epsilon."""
_TINY_SQUARE = np.float32(2.0 ** -104)
"""``fl32(y * y) > 2**-104`` exactly when ``|y| > 2**-52 = EPS64`` (and is False for NaN), for float32 y."""


@dataclass(frozen=True)
class Needs:
    """Which quantities the selected metrics need."""

    ad: bool = False        # max / sum of |x - y|
    d2: bool = False        # sum of (x - y)^2
    xx: bool = False        # sum of x^2
    yy: bool = False        # sum of y^2
    rel: bool = False       # sum / max of the relative error delta
    minmax: bool = False    # min / max of x and y (KL normalisation)
    sums: bool = False      # sum of x and of y (StandardDeviation's float32 estimate)
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
    xsum: float | None = None          # float32 leaf sums added in float64
    ysum: float | None = None
    leaf_xmin: dict[int, np.floating] = field(default_factory=dict)   # leaf start -> min of x there
    leaf_ymin: dict[int, np.floating] = field(default_factory=dict)
    leaf_nonzero: dict[int, tuple[float, float]] = field(default_factory=dict)   # leaf start -> least nonzero |x|, |y|
    msprobe: dict[tuple[int, int], tuple | None] | None = None    # leaf range -> msprobe's totals (kernel_leaf)
    x_nonfinite: tuple[bool, bool] | None = None     # (has Inf, has NaN) of x when the kernel saw its own values
    x_abs_max: float | None = None                   # and then max |x|, NaN when x holds a NaN


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
_SUM, _MAX, _MIN = np.add.reduce, np.maximum.reduce, np.minimum.reduce
"""The reductions ``ndarray.sum/max/min`` call, without the method-call overhead (same loops, same bits)."""


def _load(src: np.ndarray, a: int, b: int, buf: np.ndarray) -> np.ndarray:
    """Elements ``a:b`` of a flat array as a contiguous array of ``buf``'s dtype (a view when possible; float16 and
    bfloat16 widened by the C kernel where it is built, 8 at a time, with numpy's values)."""
    chunk = src[a:b]
    if chunk.dtype == buf.dtype and chunk.flags.c_contiguous:
        return chunk
    out = buf[: b - a]
    k = kernel.KERNEL
    if k is None or not kernel.widen(k, chunk, out):
        np.copyto(out, chunk, casting="unsafe")
    return out


def _kernel_view(v: np.ndarray) -> tuple[np.ndarray | None, int]:
    """``v`` as the kernel reads it and its kind: itself (float32), its uint16 view (float16, bfloat16), or None
    (another dtype, or strided: its leaves are converted to float32 copies, kind 0)."""
    kind = KERNEL_KINDS.get(v.dtype.name) if v.flags.c_contiguous else None
    if kind is None:
        return None, 0
    return (v if kind == 0 else v.view(np.uint16)), kind


class _KernelLeaves:
    """``x`` and ``y`` leaf by leaf as the kernel reads them, with their kinds (``kinds``, its ``kx``/``ky``): each
    side's view and kind are worked out once per pass (numpy's ``dtype.name`` alone took 12 us a call)."""

    def __init__(self, x: np.ndarray, y: np.ndarray, leaf: int) -> None:
        self.x, self.y, self.leaf = x, y, leaf
        (self.xv, kx), (self.yv, ky) = _kernel_view(x), _kernel_view(y)
        self.kinds = {"kx": kx, "ky": ky}

    def __call__(self, a: int, b: int) -> tuple[np.ndarray, np.ndarray]:
        """Elements ``a:b`` of both sides (this thread's scratch holds the converted ones)."""
        s = _SCRATCH
        s.ensure(self.leaf)
        xs = self.xv[a:b] if self.xv is not None else _load(self.x, a, b, s.x)
        ys = self.yv[a:b] if self.yv is not None else _load(self.y, a, b, s.y)
        return xs, ys


def _leaf(x: np.ndarray, y: np.ndarray, a: int, b: int, leaf: int):
    """This thread's scratch, elements ``a:b`` of ``x`` and ``y`` as float32, and two free float32 buffers
    of the leaf's length: ``(scratch, xs, ys, t, u)``."""
    s = _SCRATCH
    s.ensure(leaf)
    m = b - a
    return s, _load(x, a, b, s.x), _load(y, a, b, s.y), s.t[:m], s.u[:m]


def pass_a(x: np.ndarray, y: np.ndarray, need: Needs, leaf: int = leaf_tree.DEFAULT_LEAF,
           msprobe: bool = False) -> PassA:
    """Fused first pass over float32 copies of ``x`` and ``y`` (flat, same length, non-empty); with
    ``msprobe`` (and the kernel, and float32, float16 or bfloat16 data, which it sees as they are) also msprobe's
    leaf totals in the same walk over the leaf (the kernel's ``pass_ap``: each block read from memory once)."""
    n = x.shape[0]
    ranges = leaf_tree.leaves(n, leaf)
    k = kernel.KERNEL
    msprobe = msprobe and k is not None and kernel.exact_float32(x) and kernel.exact_float32(y)
    rel64 = msprobe and rel_type(x, y) == np.float64     # a bfloat16 side (float32 and float16 pairs: float32)
    wanted = _kernel_keys(need)

    sides = _KernelLeaves(x, y, leaf) if k is not None else None
    kinds = sides.kinds if sides is not None else {}

    def answered(values: tuple[float, ...], totals: tuple | None) -> dict:
        r = {key: values[i] for i, key in wanted}      # float32 values as Python floats (made float32 below)
        r["x_nonfinite"] = (values[13] == np.inf, values[9] != values[9])     # max |x| w/o NaN; NaN max
        r["x_abs_max"] = max(abs(values[9]), abs(values[11]))       # NaN when x holds one: see x_nonfinite
        r["nonzero"] = values[14:16]
        if msprobe:
            r["msprobe"] = kernel_totals(totals, rel64)
        return r

    def one(a: int, b: int) -> dict:
        if sides is not None:
            xs, ys = sides(a, b)
            if msprobe:
                return answered(*k.pass_ap(xs, ys, rel64, **kinds))
            return answered(k.pass_a(xs, ys, **kinds), None)
        s, xs, ys, t, u = _leaf(x, y, a, b, leaf)
        r: dict = {}
        with np.errstate(all="ignore"):
            if need.ad or need.d2:
                np.subtract(xs, ys, out=t)
                if need.d2:
                    r["d2"] = _SUM(np.square(t, out=u))
                if need.ad:
                    np.absolute(t, out=t)
                    r["ad_max"], r["ad_sum"] = _MAX(t), _SUM(t)
            if need.xx:
                r["xx"] = _SUM(np.square(xs, out=t))
            if need.sums:
                r["xsum"], r["ysum"] = _SUM(xs), _SUM(ys)
            if need.minmax:
                r["xmin"], r["xmax"], r["ymin"], r["ymax"] = _MIN(xs), _MAX(xs), _MIN(ys), _MAX(ys)
            y_big = None                          # are all |y| > EPS64 here?
            if need.yy:
                r["yy"] = _SUM(np.square(ys, out=u))
                y_big = need.rel and _MIN(u) > _TINY_SQUARE
            if need.rel:
                if y_big is None:
                    y_big = need.minmax and (r["ymin"] > EPS64 or r["ymax"] < -EPS64)
                np.divide(xs, ys, out=t)
                np.subtract(t, 1, out=t)
                np.absolute(t, out=t)
                if not y_big:                     # some |y| <= eps (or NaN): delta is 0 there
                    np.absolute(ys, out=u)
                    t[~np.greater(u, EPS64, out=s.mask[:b - a])] = 0
                r["rel_sum"], r["rel_max"] = _SUM(t), _MAX(t)
        return r

    early_done = []          # the leaves the compare command's early pass did (the same kernel walk)
    if msprobe and sides.xv is not None and sides.yv is not None:
        early_done = early.take(sides.xv, sides.yv, (kinds["kx"], kinds["ky"]), leaf, rel64, k.isa())
    parts = [answered(*done) for done in early_done] + pairwise.map_leaves(one, ranges[len(early_done):])
    out = PassA()
    with np.errstate(all="ignore"):
        for key, total in _combine32(n, parts, ("d2", "ad_sum", "xx", "yy", "rel_sum"), leaf).items():
            setattr(out, key, total)
        for key, fold in (("ad_max", np.maximum), ("rel_max", np.maximum), ("xmax", np.maximum),
                          ("ymax", np.maximum), ("xmin", np.minimum), ("ymin", np.minimum)):
            if key in parts[0]:
                setattr(out, key, fold.reduce(np.array([p[key] for p in parts], np.float32)))
        if need.sums:
            out.xsum = float(np.sum([p["xsum"] for p in parts], dtype=np.float64))
            out.ysum = float(np.sum([p["ysum"] for p in parts], dtype=np.float64))
        if msprobe:
            out.msprobe = {ab: p["msprobe"] for ab, p in zip(ranges, parts, strict=True)}
        if k is not None:
            out.leaf_nonzero = {a: p["nonzero"] for (a, _), p in zip(ranges, parts, strict=True)}
        if k is not None and kernel.exact_float32(x):
            out.x_nonfinite = (any(p["x_nonfinite"][0] for p in parts), any(p["x_nonfinite"][1] for p in parts))
            out.x_abs_max = math.nan if out.x_nonfinite[1] else max(p["x_abs_max"] for p in parts)
        if need.minmax:
            out.leaf_xmin = {a: p["xmin"] for (a, _), p in zip(ranges, parts, strict=True)}
            out.leaf_ymin = {a: p["ymin"] for (a, _), p in zip(ranges, parts, strict=True)}
    return out


def _combine32(n: int, parts: list[dict], keys: tuple[str, ...], leaf: int) -> dict[str, np.float32]:
    """The float32 leaf sums of the ``keys`` present folded along the pairwise tree together: one float32 vector
    addition per tree node instead of one scalar addition per key (the same additions, the same bits)."""
    present = [k for k in keys if k in parts[0]]
    if not present:
        return {}
    rows = [np.array([p[k] for k in present], np.float32) for p in parts]
    return dict(zip(present, leaf_tree.combine(n, rows, np.add, leaf), strict=True))


_A_KEYS = ("d2", "ad_sum", "xx", "yy", "rel_sum", "xsum", "ysum", "ad_max", "rel_max", "xmax", "ymax", "xmin",
           "ymin")
"""What the kernel's pass_a returns first (then max |x| over the values that are not NaN)."""
_A_NEEDS = {"d2": "d2", "ad_sum": "ad", "xx": "xx", "yy": "yy", "rel_sum": "rel", "xsum": "sums", "ysum": "sums",
            "ad_max": "ad", "rel_max": "rel", "xmax": "minmax", "ymax": "minmax", "xmin": "minmax",
            "ymin": "minmax"}


def _kernel_keys(need: Needs) -> list[tuple[int, str]]:
    """(position in the kernel's pass_a answer, the numpy path's key) of each quantity ``need`` asks for."""
    return [(i, key) for i, key in enumerate(_A_KEYS) if getattr(need, _A_NEEDS[key])]


def _floor_from(lo: np.floating, span: np.floating) -> np.float32 | None:
    """A float32 ``T`` with ``(T - lo) / span >= EPS32`` in float32, or None (span 0 or not finite).

    ``v -> (v - lo) / span`` is monotone in float32 arithmetic, so no value ``>= T`` is raised by KL's
    floor and a leaf whose minimum is ``>= T`` can skip it.
    """
    if not (np.isfinite(lo) and np.isfinite(span) and span > 0):
        return None
    lo, span = np.float32(lo), np.float32(span)
    floor = np.float32(float(lo) + 2.0 * float(EPS32) * float(span))
    with np.errstate(all="ignore"):
        for _ in range(4):                 # rounding to float32 may land at or below the floor
            if (floor - lo) / span >= EPS32:
                return floor
            floor = np.nextafter(floor, np.float32(np.inf))
    return None


@dataclass(frozen=True, eq=False)
class KLRange:
    """min and max - min of each side, as msaccucmp's KL computes them (float32), and the leaf minima
    that let a leaf skip KL's floor."""

    xlo: np.floating
    xspan: np.floating
    ylo: np.floating
    yspan: np.floating
    leaf_xmin: dict[int, np.floating] = field(default_factory=dict)
    leaf_ymin: dict[int, np.floating] = field(default_factory=dict)

    @classmethod
    def from_pass_a(cls, a: PassA) -> KLRange:
        with np.errstate(all="ignore"):
            return cls(a.xmin, a.xmax - a.xmin, a.ymin, a.ymax - a.ymin, a.leaf_xmin, a.leaf_ymin)

    def floors(self) -> tuple[np.float32 | None, np.float32 | None]:
        return _floor_from(self.xlo, self.xspan), _floor_from(self.ylo, self.yspan)


def _norm01(v: np.ndarray, lo: np.floating, span: np.floating, skip_floor: bool,
            out: np.ndarray) -> np.ndarray:
    """KL's normalisation: ``max((v - lo) / span, eps32)``, or ``max(v, eps32)`` when ``span == 0``;
    ``skip_floor`` when no value of ``v`` can fall below the floor."""
    if span != 0:
        np.subtract(v, lo, out=out)
        np.divide(out, span, out=out)
    else:
        np.copyto(out, v)
    return out if skip_floor else np.maximum(out, EPS32, out=out)


def _least(nonzero: dict[int, tuple[float, float]] | None, start: int) -> tuple[float, float]:
    """The least nonzero |x| and |y| pass A saw in the leaf at ``start``; (0, 0) when unknown (the kernel divides)."""
    return nonzero.get(start, (0.0, 0.0)) if nonzero else (0.0, 0.0)


def _skips(floor: np.float32 | None, leaf_min: np.floating | None) -> bool:
    return floor is not None and leaf_min is not None and bool(leaf_min >= floor)


def pass_b(x: np.ndarray, y: np.ndarray, *, norms: tuple[np.floating, np.floating] | None,
           kl: KLRange | None, stats: bool = False, leaf: int = leaf_tree.DEFAULT_LEAF,
           nonzero: dict[int, tuple[float, float]] | None = None) -> dict:
    """Second pass: ``sum((x/nx)*(y/ny))`` for cosine, the sums of KL's normalised values and, with
    ``stats``, the exact float64 (mean, std) of each side (``xstat``/``ystat``). ``nonzero``: pass A's
    :attr:`PassA.leaf_nonzero`, which lets the kernel's quotients skip the divide instruction (same bits)."""
    n = x.shape[0]
    xfloor, yfloor = kl.floors() if kl is not None else (None, None)
    k = kernel.KERNEL
    if k is not None:
        nx, ny = norms if norms is not None else (1.0, 1.0)
        lims = (kl.xlo, kl.xspan, kl.ylo, kl.yspan) if kl is not None else (0.0, 1.0, 0.0, 1.0)
        sides = _KernelLeaves(x, y, leaf)

    def one(a: int, b: int) -> dict:
        r: dict = {}
        if k is not None and (norms is not None or kl is not None):
            cos, px, py = k.pass_b(*sides(a, b), nx, ny, *lims, *_least(nonzero, a), **sides.kinds)
            if norms is not None:                # float32 values as Python floats (made float32 below)
                r["cos"] = cos
            if kl is not None:
                r["px"], r["py"] = px, py
        if k is not None and not stats:
            return r
        s, xs, ys, t, u = _leaf(x, y, a, b, leaf)
        with np.errstate(all="ignore"):
            if k is None and norms is not None:
                np.divide(xs, norms[0], out=t)
                np.divide(ys, norms[1], out=u)
                np.multiply(t, u, out=t)
                r["cos"] = _SUM(t)
            if k is None and kl is not None:
                r["px"] = _SUM(_norm01(xs, kl.xlo, kl.xspan, _skips(xfloor, kl.leaf_xmin.get(a)), t))
                r["py"] = _SUM(_norm01(ys, kl.ylo, kl.yspan, _skips(yfloor, kl.leaf_ymin.get(a)), u))
            if stats:
                r["xstat"] = stdev.leaf_stat(xs, s.f64)
                r["ystat"] = stdev.leaf_stat(ys, s.f64)
        return r

    parts = pairwise.map_leaves(one, leaf_tree.leaves(n, leaf))
    out: dict = {}
    with np.errstate(all="ignore"):
        out.update(_combine32(n, parts, ("cos", "px", "py"), leaf))
        if stats:
            out["xstat"] = stdev.merge_stats([p["xstat"] for p in parts])
            out["ystat"] = stdev.merge_stats([p["ystat"] for p in parts])
    return out


def pass_c(x: np.ndarray, y: np.ndarray, kl: KLRange, psum: np.floating, qsum: np.floating,
           leaf: int = leaf_tree.DEFAULT_LEAF, nonzero: dict[int, tuple[float, float]] | None = None) -> np.floating:
    """Third pass: ``sum(P * log(P / Q))`` with P, Q the normalised distributions (recomputed: cheaper
    than keeping pass B's values, which costs a write and a read of both tensors' size); ``nonzero`` as for
    :func:`pass_b`."""
    n = x.shape[0]
    xfloor, yfloor = kl.floors()
    k = kernel.KERNEL
    sides = _KernelLeaves(x, y, leaf) if k is not None else None

    def one(a: int, b: int) -> np.floating:
        with np.errstate(all="ignore"):
            if sides is not None:        # P and P / Q, numpy's log (its SIMD bits), the sum of P * log
                xs, ys = sides(a, b)
                p, q = _SCRATCH.t[:b - a], _SCRATCH.u[:b - a]
                k.kl_ratio(xs, ys, kl.xlo, kl.xspan, kl.ylo, kl.yspan, psum, qsum, p, q, *_least(nonzero, a),
                           **sides.kinds)
                return np.float32(k.kl_sum(p, np.log(q, out=q)))
            _, xs, ys, p, q = _leaf(x, y, a, b, leaf)
            np.divide(_norm01(xs, kl.xlo, kl.xspan, _skips(xfloor, kl.leaf_xmin.get(a)), p), psum, out=p)
            np.divide(_norm01(ys, kl.ylo, kl.yspan, _skips(yfloor, kl.leaf_ymin.get(a)), q), qsum, out=q)
            np.divide(p, q, out=q)
            np.log(q, out=q)
            np.multiply(p, q, out=q)
            return _SUM(q)

    parts = pairwise.map_leaves(one, leaf_tree.leaves(n, leaf))
    with np.errstate(all="ignore"):
        return leaf_tree.combine(n, parts, pairwise.add32, leaf)
