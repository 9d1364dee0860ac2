"""The error budget: how far an honest result of an op may lie from its float64 replay.

Per output element ``i`` with float64 reference ``r_i``::

    tol_i = SAFETY * (n_out * u_out * |r_i| + gamma(K, u_acc) * S_i + E_i) + floor

* ``u_out``: unit roundoff of the output dtype (float16 2^-11, bfloat16 2^-8, float32 2^-24); ``n_out`` the
  roundings a kernel applies at that precision (1 for a plain cast; more for chains of vector instructions).
* ``u_acc``: unit roundoff of the accumulation dtype. Ascend's Cube accumulates float16/bfloat16 products in
  float32 (L0C) and rounds once; reductions and normalisations cast float16 to float32 first.
* ``K``: the reduction length (MatMul's inner dimension, a reduced axis, a convolution window x channels);
  ``S_i = sum |a_k| |b_k|`` (or its Cauchy-Schwarz bound ``||a|| ||b||`` for large products).
* ``gamma(K, u) = min(K, LAMBDA * sqrt(K)) * u / (1 - K u)``: the worst-case forward-error bound
  ``gamma_K`` of a recursive sum for short sums, and the probabilistic bound of Higham and Mary (2019) for
  long ones (exceeded with probability below ``2 exp(-LAMBDA^2 / 2)`` ~ 1e-14 per element).
* ``E_i``: op-specific terms for documented intermediate roundings (e.g. SoftmaxV2's float16 ``x - max``),
  at the precision the kernel may use for them.
* ``floor``: the output dtype's smallest normal (a subnormal flushed to zero is faithful).
* Vectorised transcendental functions (exp, log, erf, tanh, rsqrt) are not correctly rounded: they may be off by
  :data:`TRANSCENDENTAL` relative (64 float32 ulps) of the values they work on. Float16/bfloat16 roundings
  dominate this term; it keeps honest float32 library results (e.g. PyTorch's vectorised erf) faithful.
* An output that holds only values of a narrower float dtype (float16 or bfloat16 in a float32 tensor) is judged
  again with that dtype's rounding: the precision mode computed the op in it (the result names the precision).

Calibration (tests/core/replay): a float16 MatMul with K=4096 accumulated in float32 and rounded to float16
is within budget; the same result with a 1e-2 relative perturbation is not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ascend_dump_gui.core.threaded import over_chunks

SAFETY = 2.0
"""Every bound is multiplied by this before an element is judged."""
LAMBDA = 8.0
"""Probabilistic error-bound constant for long reductions (see the module doc)."""

TRANSCENDENTAL = 2.0 ** -18
"""Relative error allowed to a vectorised transcendental function, whatever its dtype."""

_UNIT = {"float16": 2.0 ** -11, "bfloat16": 2.0 ** -8, "float32": 2.0 ** -24, "float64": 2.0 ** -53}
_TINY = {"float16": 2.0 ** -14, "bfloat16": 2.0 ** -126, "float32": 2.0 ** -126, "float64": 2.0 ** -1022}
_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38, "float32": 3.4028234663852886e38,
        "float64": 1.7976931348623157e308}
FLOATS = frozenset(_UNIT)


def is_float(dtype: str) -> bool:
    return dtype in _UNIT


def unit_roundoff(dtype: str) -> float:
    """Half the distance from 1 to the next number of ``dtype`` (0 for integer and bool dtypes: exact)."""
    return _UNIT.get(dtype, 0.0)


def smallest_normal(dtype: str) -> float:
    return _TINY.get(dtype, 0.0)


def largest(dtype: str) -> float:
    return _MAX.get(dtype, math.inf)


def accumulation_dtype(dtype: str) -> str:
    """What Ascend kernels accumulate ``dtype`` in: float32 for float16/bfloat16/float32 (Cube L0C, and
    reductions cast to float32 first); integers exactly."""
    return "float32" if dtype in ("float16", "bfloat16", "float32") else dtype


def gamma(k: int, u: float) -> float:
    """Forward-error coefficient of a sum of ``k`` terms at unit roundoff ``u`` (see the module doc)."""
    if k <= 1 or u == 0.0:
        return 0.0
    if k * u >= 1.0:
        return math.inf
    return min(k, LAMBDA * math.sqrt(k)) * u / (1.0 - k * u)


@dataclass
class Budget:
    """The budget of one output tensor, stated in the result (``describe``)."""

    dtype: str                    # the output dtype
    accumulation: str | None      # accumulation dtype of its reduction (None: no reduction)
    reduction: int                # K (1: no reduction)
    output_roundings: int = 1
    compute: str | None = None    # precision assumed for documented intermediate roundings
    note: str = ""

    @property
    def u_out(self) -> float:
        return unit_roundoff(self.dtype)

    @property
    def u_acc(self) -> float:
        return unit_roundoff(self.accumulation) if self.accumulation else 0.0

    @property
    def u_compute(self) -> float:
        return unit_roundoff(self.compute or self.dtype)

    @property
    def floor(self) -> float:
        return smallest_normal(self.dtype)

    def tolerance(self, ref: np.ndarray, magnitude: np.ndarray | float | None = None,
                  extra: np.ndarray | float | None = None, *, scratch: bool = False) -> np.ndarray:
        """``tol_i`` for a float64 reference; ``magnitude`` is ``S_i``, ``extra`` is ``E_i`` (both unscaled).
        ``scratch``: ``magnitude`` is a float64 array the caller no longer needs (it is scaled in place).
        Element-wise operands of a large reference are worked through in chunks on a thread per core."""
        g = gamma(self.reduction, self.u_acc) if magnitude is not None and self.reduction > 1 else 0.0
        mag = np.asarray(magnitude, dtype=np.float64) if g else None
        ref = np.asarray(ref)
        tol = np.empty(ref.shape)
        if ref.ndim and (mag is None or mag.shape == ref.shape) and np.ndim(extra) == 0:
            t, r, m = tol.reshape(-1), ref.reshape(-1), None if mag is None else mag.reshape(-1)
            over_chunks(tol.size, lambda s: self._fill(t[s], r[s], None if m is None else m[s], g, extra, scratch))
        else:
            self._fill(tol, ref, mag, g, extra, scratch and mag is not None and mag.shape == ref.shape)
        return tol

    def _fill(self, tol: np.ndarray, ref: np.ndarray, mag: np.ndarray | None, g: float,
              extra: np.ndarray | float | None, scratch: bool) -> None:
        """``tol`` (in place) from ``ref``, ``mag`` and ``extra``: one chunk, or the whole when they broadcast."""
        with np.errstate(invalid="ignore", over="ignore"):   # inf * 0 where the reference overflowed
            np.abs(ref, out=tol)
            tol *= self.output_roundings * self.u_out
            if mag is not None:
                if scratch:                                   # in place: large products keep one temporary
                    mag *= g
                    tol += mag
                else:
                    tol += g * mag
            if extra is not None:
                tol += extra
            tol *= SAFETY
            tol += self.floor

    def describe(self) -> dict:
        return {
            "output_dtype": self.dtype, "output_unit_roundoff": self.u_out, "output_roundings": self.output_roundings,
            "accumulation_dtype": self.accumulation, "accumulation_unit_roundoff": self.u_acc or None,
            "reduction_length": self.reduction,
            "gamma": gamma(self.reduction, self.u_acc) if self.accumulation else 0.0,
            "intermediate_precision": self.compute or self.dtype,
            "safety_factor": SAFETY, "lambda": LAMBDA, "floor": self.floor,
            "rule": "|npu - replay| <= safety * (n * u_out * |replay| + gamma(K, u_acc) * sum|a||b| + "
                    "documented intermediate roundings) + smallest normal, for every element",
            **({"note": self.note} if self.note else {}),
        }
