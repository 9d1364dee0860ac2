"""msprobe's newer compare columns and its "Accuracy Reached or Not" rule (dump-format.md §6.3).

Columns: Cosine, EucDist, MaxAbsErr, MaxRelativeErr, One Thousandth Err Ratio, Five Thousandths Err
Ratio. Values are floats (12-decimal rounded, as msprobe stores them) or msprobe's marker strings
(``unsupported``, ``shape unmatched``, ``N/A``, ``Nan``). The rule's thresholds can be set per dtype.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.metrics import kernel, leaf_tree, pairwise

MSPROBE_NAMES: tuple[str, ...] = (
    "Cosine",
    "EucDist",
    "MaxAbsErr",
    "MaxRelativeErr",
    "One Thousandth Err Ratio",
    "Five Thousandths Err Ratio",
)
UNSUPPORTED = "unsupported"
SHAPE_UNMATCHED = "shape unmatched"
NOT_AVAILABLE = "N/A"
NAN_MARK = "Nan"
_EPS = float(np.finfo(float).eps)
_FLOATS = (np.float16, np.float32, np.float64, np.longdouble)
_MAX, _MIN = np.maximum.reduce, np.minimum.reduce


def fmt12(value: float) -> float:
    """msprobe's ``format_value``: ``float('{:.12f}'.format(v))``."""
    return float(f"{float(value):.12f}")


@dataclass
class MsprobeResult:
    values: dict[str, float | str] = field(default_factory=dict)
    message: str = ""


def msprobe_metrics(npu_array: np.ndarray, golden_array: np.ndarray, leaf: int = leaf_tree.DEFAULT_LEAF, *,
                    leaf_totals: Mapping[tuple[int, int], tuple | None] | None = None) -> MsprobeResult:
    """The six msprobe columns for one pair, after msprobe's validation chain (empty, shape, 0-d,
    NaN/Inf positions, dtype). ``leaf_totals``: leaf range -> :func:`kernel_leaf` totals already taken
    (by the msaccucmp pass over the same leaves, :func:`.fused.pass_a`); the other leaves are computed here."""
    n, b = np.asarray(npu_array), np.asarray(golden_array)
    if n.size == 0:
        return _all(UNSUPPORTED, msg("This is empty data, can not compare."))
    if n.shape != b.shape:
        return _all(SHAPE_UNMATCHED, msg("Shape of NPU and bench tensor do not match. Skipped."))
    if n.ndim == 0:
        return _scalar_metrics(n, b)
    message = msg("Dtype of NPU and bench tensor do not match.") if n.dtype != b.dtype else ""
    totals = _reduce(n.reshape(-1), b.reshape(-1), rel_type(n, b), leaf=leaf, known=leaf_totals or {})
    if totals is None:
        return _all(NOT_AVAILABLE, msg("The position of inf or nan in NPU and bench Tensor do not match."))
    nb, nn, bb, dd, max_abs, max_rel, below1, below5 = totals
    out: dict[str, float | str] = {}
    with np.errstate(all="ignore"):
        if n.size == 1:
            out["Cosine"] = UNSUPPORTED
        else:
            a_norm, b_norm = np.sqrt(nn), np.sqrt(bb)
            if a_norm <= _EPS and b_norm <= _EPS:
                out["Cosine"] = 1.0
            elif a_norm <= _EPS or b_norm <= _EPS:
                out["Cosine"] = NAN_MARK
            else:
                cos = nb / (a_norm * b_norm)
                if np.isnan(cos):
                    out["Cosine"] = NAN_MARK
                else:
                    value = fmt12(cos)
                    out["Cosine"] = round(value, 6) if value > 0.9999 else value
        out["EucDist"] = float(np.sqrt(dd))
        out["MaxAbsErr"] = NAN_MARK if np.isnan(max_abs) else fmt12(max_abs)
        out["MaxRelativeErr"] = NAN_MARK if np.isnan(max_rel) else fmt12(max_rel)
        for name, count in (("One Thousandth Err Ratio", below1), ("Five Thousandths Err Ratio", below5)):
            out[name] = fmt12(count / n.size)
    return MsprobeResult(out, message)


def rel_type(n: np.ndarray, b: np.ndarray) -> np.dtype:
    """The dtype msprobe computes relative errors in (non-float inputs are first made float64)."""
    return np.result_type(n if n.dtype in _FLOATS else np.float64,
                          b if b.dtype in _FLOATS else np.float64, np.float32)


def _relative_error(n: np.ndarray, b: np.ndarray, rel_type: np.dtype) -> np.ndarray:
    """|(n - b) / b| in ``rel_type``, with eps added to both sides where b == 0 (msprobe's rule)."""
    nt, bt = n.astype(rel_type), b.astype(rel_type)
    zero = bt == 0
    if zero.any():
        nt[zero] += np.finfo(rel_type).eps
        bt[zero] += np.finfo(rel_type).eps
    return np.abs((nt - bt) / bt)


def _scalar_metrics(n: np.ndarray, b: np.ndarray) -> MsprobeResult:
    """0-d tensors: msprobe skips its NaN/Inf and dtype checks and computes only the two max errors,
    in the tensors' own dtype."""
    out: dict[str, float | str] = {name: UNSUPPORTED for name in MSPROBE_NAMES}
    with np.errstate(all="ignore"):
        nv, bv = (n.astype(float), b.astype(float)) if n.dtype == np.bool_ else (n, b)
        max_abs = np.max(np.abs(nv - bv))
        max_rel = np.max(np.abs(_relative_error(n.reshape(1), b.reshape(1), rel_type(n, b))))
    out["MaxAbsErr"] = NAN_MARK if np.isnan(max_abs) else fmt12(max_abs)
    out["MaxRelativeErr"] = NAN_MARK if np.isnan(max_rel) else fmt12(max_rel)
    return MsprobeResult(out, msg("This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', "
                                  "'One Thousandth Err Ratio' and 'Five Thousandths Err Ratio'."))


def _all(value: str, message: str) -> MsprobeResult:
    return MsprobeResult({name: value for name in MSPROBE_NAMES}, message)


class _Buffers(threading.local):
    """Per-thread leaf buffers, reused so the hot loop allocates nothing."""

    def take(self, name: str, size: int, dtype: np.dtype) -> np.ndarray:
        buf = self.__dict__.get(name)
        if buf is None or buf.shape[0] < size or buf.dtype != dtype:
            buf = np.empty(size, dtype)
            setattr(self, name, buf)
        return buf[:size]


_BUF = _Buffers()


def _as(v: np.ndarray, dtype: np.dtype, name: str) -> np.ndarray:
    """``v`` as a contiguous array of ``dtype``: itself when it already is, else a buffer copy."""
    if v.dtype == dtype and v.flags.c_contiguous:
        return v
    out = _BUF.take(name, v.shape[0], dtype)
    np.copyto(out, v, casting="unsafe")
    return out


def kernel_leaf(nl: np.ndarray, bl: np.ndarray) -> tuple | None:
    """:func:`_fast_leaf` of two contiguous float32 leaves by the C kernel (which must be there)."""
    return kernel_totals(kernel.KERNEL.msprobe(nl, bl))


def kernel_totals(done: tuple | None, rel64: bool = False) -> tuple | None:
    """The kernel's ``msprobe`` answer (from ``msprobe`` or ``pass_ap``) as :func:`_fast_leaf`'s totals (the max
    relative error a float32 value unless the kernel took them in float64, ``rel64``)."""
    if done is None:
        return None
    return (*done[:5], np.float64(done[5]) if rel64 else np.float32(done[5]), *done[6:])


def _fast_leaf(nl: np.ndarray, bl: np.ndarray, rel_type: np.dtype) -> tuple | None:
    """A leaf's totals in preallocated buffers when every value is finite and no golden value is 0
    (then msprobe's NaN/Inf handling and eps rule change nothing); None otherwise. A float32 pair goes to the
    C kernel when it is built (float64 sums in another order than BLAS: the same values to ~1e-15)."""
    if kernel.KERNEL is not None and rel_type == np.float32 and kernel.float32_leaf(nl) and kernel.float32_leaf(bl):
        return kernel_leaf(nl, bl)
    m = nl.shape[0]
    n64, b64 = _as(nl, np.dtype(np.float64), "n64"), _as(bl, np.dtype(np.float64), "b64")
    nn, bb = pairwise.dot(n64, n64), pairwise.dot(b64, b64)
    if not (math.isfinite(nn) and math.isfinite(bb)):     # sums of float64 squares: all values finite
        return None
    d = np.subtract(n64, b64, out=_BUF.take("d", m, np.float64))
    # max |d| as msprobe's max(abs(d)): + 0.0 makes the -0.0 that -min(d) gives where every d is 0 a +0.0
    totals = (pairwise.dot(n64, b64), nn, bb, pairwise.dot(d, d), np.maximum(_MAX(d), -_MIN(d)) + 0.0)
    if rel_type == np.float64:
        rel = np.divide(d, b64, out=d)
    else:
        bt = _as(bl, rel_type, "bt")
        rel = np.subtract(_as(nl, rel_type, "nt"), bt, out=_BUF.take("rel", m, rel_type))
        np.divide(rel, bt, out=rel)
    np.absolute(rel, out=rel)
    max_rel = _MAX(rel)
    if not np.isfinite(max_rel):                          # a golden 0 (or an overflow): msprobe's rule
        return None
    mask = _BUF.take("mask", m, np.dtype(np.bool_))
    return (*totals, max_rel, int(np.count_nonzero(np.less(rel, 0.001, out=mask))),
            int(np.count_nonzero(np.less(rel, 0.005, out=mask))))


def _reduce(n: np.ndarray, b: np.ndarray, rel_type: np.dtype, leaf: int,
            known: Mapping[tuple[int, int], tuple | None]) -> tuple | None:
    """One fused pass: dot products, max errors and ratio counts; None if NaN/Inf positions differ.
    ``known``: the totals of some leaves (by range), already taken."""
    size = n.shape[0]
    fast = rel_type in (np.float32, np.float64)

    def one(lo: int, hi: int) -> tuple | None:
        done = known.get((lo, hi))
        if done is not None:
            return done
        with np.errstate(all="ignore"):
            done = _fast_leaf(n[lo:hi], b[lo:hi], rel_type) if fast else None
            if done is not None:
                return done
            n64 = n[lo:hi].astype(np.float64)
            b64 = b[lo:hi].astype(np.float64)
            bad = False
            if not (np.isfinite(n64).all() and np.isfinite(b64).all()):
                if not (np.array_equal(np.isinf(n64), np.isinf(b64))
                        and np.array_equal(np.isnan(n64), np.isnan(b64))):
                    return None
                bad = True
                for v in (n64, b64):
                    v[~np.isfinite(v)] = 0
            d = n64 - b64
            if rel_type == np.float64 or bad:
                rel = _relative_error(n64, b64, rel_type)
            else:
                rel = _relative_error(n[lo:hi], b[lo:hi], rel_type)
            return (pairwise.dot(n64, b64), pairwise.dot(n64, n64), pairwise.dot(b64, b64),
                    pairwise.dot(d, d), np.max(np.abs(d)), np.max(rel),
                    int(np.count_nonzero(rel < 0.001)), int(np.count_nonzero(rel < 0.005)))

    parts = pairwise.map_leaves(one, leaf_tree.leaves(size, leaf))
    if any(p is None for p in parts):
        return None
    with np.errstate(all="ignore"):
        sums = [sum(p[i] for p in parts) for i in range(4)]
        return (*sums, np.maximum.reduce([p[4] for p in parts]), np.maximum.reduce([p[5] for p in parts]),
                sum(p[6] for p in parts), sum(p[7] for p in parts))


@dataclass(frozen=True)
class Tolerance:
    """Thresholds of msprobe's "Accuracy Reached or Not" rule (defaults: msprobe's constants).

    Not reached when ``cos < cos_min and max_abs > max_abs_max`` or ``cos < cos_floor or max_abs >
    max_abs_ceiling``.
    """

    cos_min: float = 0.99
    max_abs_max: float = 0.001
    cos_floor: float = 0.9
    max_abs_ceiling: float = 1.0


@dataclass(frozen=True)
class Tolerances:
    """Per-dtype tolerances (keyed by numpy dtype name, e.g. ``float16``); ``default`` for the rest."""

    default: Tolerance = Tolerance()
    by_dtype: Mapping[str, Tolerance] = field(default_factory=dict)

    def for_dtype(self, dtype: str) -> Tolerance:
        return self.by_dtype.get(str(dtype), self.default)

    @classmethod
    def parse(cls, spec: str) -> Tolerances:
        """Parse ``"[DTYPE:]key=value,...;..."``; keys are the :class:`Tolerance` field names.

        Example: ``"cos_min=0.999;float16:max_abs_max=0.01,max_abs_ceiling=2"``.
        """
        default = Tolerance()
        by_dtype: dict[str, Tolerance] = {}
        for part in filter(None, (p.strip() for p in spec.split(";"))):
            dtype, _, body = part.rpartition(":")
            try:
                kwargs = {k.strip(): float(v) for k, v in (kv.split("=", 1) for kv in body.split(","))}
                base = by_dtype.get(dtype.strip(), default) if dtype else default
                tol = Tolerance(**{**base.__dict__, **kwargs})
            except (TypeError, ValueError) as exc:
                raise ValueError(f"bad tolerance {part!r}: use [DTYPE:]cos_min=0.99,max_abs_max=0.001,"
                                 f"cos_floor=0.9,max_abs_ceiling=1") from exc
            if dtype:
                by_dtype[dtype.strip()] = tol
            else:
                default = tol
        return cls(default, by_dtype)


def accuracy_reached(cos: float | str | None, max_abs: float | str | None,
                     tolerance: Tolerance | None = None) -> str:
    """msprobe's ``check_accuracy``: ``Yes``, ``No``, ``None`` or ``Unmatched``."""
    tol = tolerance or Tolerance()
    if cos == SHAPE_UNMATCHED:
        return "Unmatched"
    if None in (cos, max_abs) or "None" in (cos, max_abs):
        return "None"
    if NOT_AVAILABLE in (cos, max_abs):
        return "No"
    try:
        c, m = float(cos), float(max_abs)
    except ValueError:
        return "None"
    if c < tol.cos_min and m > tol.max_abs_max:
        return "No"
    if c < tol.cos_floor or m > tol.max_abs_ceiling:
        return "No"
    return "Yes"
