"""The error budget: how far an honest result of an op may lie from its float64 replay. One model, never vacuous.

Per output element ``i`` with float64 reference ``r_i``::

    tol_i = SAFETY * (n_out * u_out * |r_i| + gamma(n, u_acc) * S_i + E_i) + floor

* ``u_out``: unit roundoff of the output dtype (float16 2^-11, bfloat16 2^-8, float32 2^-24); ``n_out`` the
  roundings a kernel applies at that precision (1 for a plain cast; more for chains of vector instructions).
* ``u_acc``: unit roundoff of the accumulation dtype. Ascend's Cube accumulates float16/bfloat16 products in
  float32 (L0C) and rounds once; reductions and normalisations cast float16 to float32 first.
* ``K``: the reduction length (MatMul's inner dimension, a reduced axis, a convolution window x channels);
  ``S_i = sum |a_k| |b_k|`` (or its Cauchy-Schwarz bound ``||a|| ||b||`` for large products).
* ``n``: the longest chain of roundings in the kernel's sum of ``K`` terms, in the order the kernel documents
  (:func:`chain_length`): blocks of ``block`` terms summed as a binary tree, the blocks' sums added in sequence.
  The Cube sums one fractal's products (k0 = 32 bytes of operands: 16 float16, 8 float32) and accumulates the
  fractals in sequence in L0C; a vector reduction over the trailing (contiguous) axes sums each 256-byte repeat
  as a binary tree and the repeats in sequence (Ascend C ``ReduceSum``, the longer of its two documented
  orders); a reduction over strided axes, or a pooling window, adds one row at a time (``block`` 1).
* ``gamma(n, u) = n u / (1 - n u)``: Higham's worst-case bound ``gamma_n``, valid for any data.
* **Never vacuous.** Where ``n u >= 1/2`` (``gamma_n >= 1``: the bound allows all of ``S_i >= |r_i|``), or where
  the reduction term ``SAFETY gamma ||S||`` reaches the replay's own norm ``||r||``, the bound says nothing: the
  reduction term is left out and :attr:`Budget.vacuous` says why; an output within what is left (its own
  roundings) is faithful, any other is ``unsupported`` with that reason, never judged against the vacuous bound.
* ``E_i``: op-specific terms for documented intermediate roundings (e.g. SoftmaxV2's float16 ``x - max``),
  at the precision the kernel may use for them.
* ``floor``: the output dtype's smallest normal (a subnormal flushed to zero is faithful).
* Vectorised transcendental functions (exp, log, erf, tanh, rsqrt) are not correctly rounded: they may be off by
  :data:`TRANSCENDENTAL` relative (64 float32 ulps) of the values they work on. Float16/bfloat16 roundings
  dominate this term; it keeps honest float32 library results (e.g. PyTorch's vectorised erf) faithful.
* A non-finite reference element is met only by the same value, or where the run saturates (float16 overflow
  on the Atlas training series) by the dtype's largest finite value of that sign, said in the reason; a budget
  that is not finite where the reference is, is vacuous (``judge.py``).
* Integer outputs are exact; where the exact result leaves the dtype's range they follow the op's documented
  overflow behaviour (Ascend saturates additions and subtractions), else the op is ``unsupported``.
* This budget is for the dtype it is built for: the op's own dtype first, then each lower precision the op may
  have run at, with the reference recomputed there (``precision.py``; the verdict ``reduced_precision``).

Calibration (tests/core/replay): a float16 MatMul with K=4096 accumulated in float32 and rounded to float16
is within budget; the same result with a 1e-2 relative perturbation is not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.threaded import over_chunks

SAFETY = 2.0
"""Every bound is multiplied by this before an element is judged."""

TRANSCENDENTAL = 2.0 ** -18
"""Relative error allowed to a vectorised transcendental function, whatever its dtype."""

CUBE_FRACTAL_BYTES = 32
"""The Cube's k0: one fractal holds 32 bytes of operands along K (16 float16/bfloat16, 8 float32 values)."""
VECTOR_REPEAT_BYTES = 256
"""One repeat of a vector instruction: 64 float32 or 128 float16 values, summed as a binary tree."""

_UNIT = {"float16": 2.0 ** -11, "bfloat16": 2.0 ** -8, "float32": 2.0 ** -24, "float64": 2.0 ** -53}
_TINY = {"float16": 2.0 ** -14, "bfloat16": 2.0 ** -126, "float32": 2.0 ** -126, "float64": 2.0 ** -1022}
_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38, "float32": 3.4028234663852886e38,
        "float64": 1.7976931348623157e308}
_BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8}
FLOATS = frozenset(_UNIT)


class VacuousBudget(Exception):
    """The bound would allow an error of the output's own magnitude: the op is not judged (the message says
    why)."""


def is_float(dtype: str) -> bool:
    return dtype in _UNIT


def integer_range(dtype: str) -> tuple[int, int] | None:
    """(smallest, largest) value of an integer dtype; None for float and bool dtypes."""
    try:
        info = np.iinfo(dtype)
    except (TypeError, ValueError):
        return None
    return int(info.min), int(info.max)


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


def cube_block(in_dtype: str) -> int:
    """Products the Cube sums in one fractal before accumulating in L0C (k0)."""
    return max(1, CUBE_FRACTAL_BYTES // _BYTES.get(in_dtype, 4))


def vector_block(acc_dtype: str) -> int:
    """Values one vector repeat sums as a binary tree."""
    return max(1, VECTOR_REPEAT_BYTES // _BYTES.get(acc_dtype, 4))


def chain_length(k: int, block: int = 1) -> int:
    """The longest chain of roundings in a sum of ``k`` terms: blocks of ``block`` terms summed as a binary tree
    (depth ceil(log2 block)), the blocks' sums added in sequence (``block`` 1: one running sum, k - 1)."""
    if k <= 1:
        return 0
    block = max(1, min(int(block), int(k)))
    return math.ceil(math.log2(block)) + -(-int(k) // block) - 1


def gamma(n: int, u: float) -> float:
    """Higham's ``gamma_n = n u / (1 - n u)``: the forward-error coefficient of a chain of ``n`` roundings at unit
    roundoff ``u``; infinite where ``n u >= 1`` (:meth:`Budget.coefficient` refuses it before that)."""
    if n <= 0 or u == 0.0:
        return 0.0
    if n * u >= 1.0:
        return math.inf
    return n * u / (1.0 - n * u)


def _squares(c: np.ndarray) -> float:
    """The sum of squares of the finite values of the flat float64 array ``c``."""
    total = float(c @ c)
    if not math.isfinite(total):
        c = c[np.isfinite(c)]
        total = float(c @ c)
    return total


def _norm(a: np.ndarray) -> float:
    """The 2-norm of the finite elements of ``a`` (chunked, on a thread per core)."""
    flat = np.asarray(a, dtype=np.float64).reshape(-1)
    return math.sqrt(sum(over_chunks(flat.size, lambda s: _squares(flat[s]))))


@dataclass
class Budget:
    """The budget of one output tensor, stated in the result (``describe``)."""

    dtype: str                    # the output dtype
    accumulation: str | None      # accumulation dtype of its reduction (None: no reduction)
    reduction: int                # K (1: no reduction)
    output_roundings: int = 1
    compute: str | None = None    # precision assumed for documented intermediate roundings
    note: str = ""
    block: int = 1                # terms the kernel sums as a binary tree before adding them in sequence
    vacuous: str | None = None    # why the reduction's bound says nothing (set by :meth:`tolerance`)

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

    @property
    def chain(self) -> int:
        return chain_length(self.reduction, self.block) if self.accumulation else 0

    def order(self) -> str:
        """The summation order assumed, in words."""
        if self.reduction <= 1 or not self.accumulation:
            return msg("no reduction")
        if self.block <= 1:
            return msg("{count} terms added in sequence", count=self.reduction)
        return msg("{count} terms in blocks of {block} summed as a binary tree, the blocks in sequence",
                   count=self.reduction, block=self.block)

    def coefficient(self) -> float:
        """``gamma(n, u_acc)`` of the reduction; raises :class:`VacuousBudget` where ``n u_acc >= 1/2``."""
        n, u = self.chain, self.u_acc
        if n * u >= 0.5:
            raise VacuousBudget(msg("the error bound of a {dtype} sum of {order} ({n} roundings in a chain at unit "
                                    "roundoff {u}) reaches the output's own magnitude", dtype=self.accumulation,
                                    order=self.order(), n=n, u=f"{u:.3g}"))
        return gamma(n, u)

    def tolerance(self, ref: np.ndarray, magnitude: np.ndarray | float | None = None,
                  extra: np.ndarray | float | None = None, *, scratch: bool = False) -> np.ndarray:
        """``tol_i`` for a float64 reference; ``magnitude`` is ``S_i``, ``extra`` is ``E_i`` (both unscaled).
        ``scratch``: ``magnitude`` is a float64 array the caller no longer needs (it is scaled in place).
        Element-wise operands of a large reference are worked through in chunks on a thread per core.
        Where the reduction term is vacuous it is left out and :attr:`vacuous` says why."""
        try:
            g = self.coefficient() if magnitude is not None and self.reduction > 1 else 0.0
        except VacuousBudget as exc:
            self.vacuous, g = exc.args[0], 0.0
        mag = np.asarray(magnitude, dtype=np.float64) if g else None
        ref = np.asarray(ref)
        tol = np.empty(ref.shape)
        if ref.ndim and (mag is None or mag.shape == ref.shape) and np.ndim(extra) == 0:
            t, r, m = tol.reshape(-1), ref.reshape(-1), None if mag is None else mag.reshape(-1)
            sums = over_chunks(tol.size, lambda s: self._fill(t[s], r[s], None if m is None else m[s], g, extra,
                                                              scratch))
            r_sq, s_sq = sum(p[0] for p in sums), sum(p[1] for p in sums)
        else:
            same = mag is not None and mag.shape == ref.shape
            s_broadcast = _norm(np.broadcast_to(mag, ref.shape)) ** 2 if mag is not None and not same else 0.0
            r_sq, s_sq = self._fill(tol, ref, mag, g, extra, scratch and same)
            s_sq = s_sq if same else s_broadcast
        if mag is not None and self._reaches(math.sqrt(r_sq), math.sqrt(s_sq), g):
            return self.tolerance(ref, None, extra)        # the reduction term left out (vacuous)
        return tol

    def _reaches(self, r_norm: float, s_norm: float, g: float) -> bool:
        """Whether ``SAFETY g ||S|| >= ||r||`` (norms over finite elements): then :attr:`vacuous` says so."""
        if s_norm > 0.0 and SAFETY * g * s_norm >= r_norm:
            self.vacuous = msg("the error bound of a {dtype} sum of {order} (±{bound} as a norm) reaches the "
                               "replay's own magnitude ({norm})", dtype=self.accumulation, order=self.order(),
                               bound=f"{SAFETY * g * s_norm:.3g}", norm=f"{r_norm:.3g}")
            return True
        return False

    def _fill(self, tol: np.ndarray, ref: np.ndarray, mag: np.ndarray | None, g: float,
              extra: np.ndarray | float | None, scratch: bool) -> tuple[float, float]:
        """``tol`` (in place) from ``ref``, ``mag`` and ``extra``: one chunk, or the whole when they broadcast.
        Returns the squared norms of the finite elements of ``ref`` and ``mag`` (0 for ``mag`` None) while they
        are at hand, for :meth:`_check_magnitude`."""
        r_sq = s_sq = 0.0
        with np.errstate(invalid="ignore", over="ignore"):   # inf * 0 where the reference overflowed
            np.abs(ref, out=tol)
            if mag is not None:
                r_sq = _squares(tol.reshape(-1))
                s_sq = _squares(mag.reshape(-1)) if mag.shape == tol.shape else 0.0
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
        return r_sq, s_sq

    def describe(self) -> dict:
        n = self.chain
        return {
            "output_dtype": self.dtype, "output_unit_roundoff": self.u_out, "output_roundings": self.output_roundings,
            "accumulation_dtype": self.accumulation, "accumulation_unit_roundoff": self.u_acc or None,
            "reduction_length": self.reduction, "summation_order": self.order(), "rounding_chain": n,
            "gamma": gamma(n, self.u_acc) if self.accumulation else 0.0,
            "intermediate_precision": self.compute or self.dtype,
            "safety_factor": SAFETY, "floor": self.floor,
            "rule": "|npu - replay| <= safety * (n * u_out * |replay| + gamma(chain, u_acc) * sum|a||b| + "
                    "documented intermediate roundings) + smallest normal, for every element; unsupported where "
                    "the reduction term reaches the replay's own magnitude",
            **({"note": self.note} if self.note else {}), **({"vacuous": self.vacuous} if self.vacuous else {}),
        }
