"""Element-wise GE ops: binary arithmetic with broadcasting, BiasAdd, activations, Exp/Log/Sqrt/Rsqrt/Pow.

Each op is budgeted for ``n`` roundings at its output dtype plus, for composite functions, ``n`` roundings
of the intermediate values propagated through the function's condition ``|x f'(x)|`` at the input dtype
(TBE kernels may compute float16 activations in float16, replay-kernel-facts §2). Activations follow the
Ascend kernels' documented formulas: Gelu in its tanh form, FastGelu as ``x / (1 + exp(-1.702 x))``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import TRANSCENDENTAL, Budget, largest
from ascend_dump_gui.core.replay.call import OpCall, Reference, Unsupported
from ascend_dump_gui.core.replay.judge import Expected

_DELTA = 2.0 ** -20


SATURATING = frozenset({"Add", "Sub"})
"""Ops whose integer overflow saturates on Ascend ("any result that overflows is saturated to the representable
maximum": the TensorFlow migration guide's uint8/quint8 sum and subtraction FAQ)."""


def _one(call: OpCall, ref: np.ndarray, roundings: int, extra: np.ndarray | None = None,
         note: str = "") -> list[Expected]:
    budget = Budget(call.out_dtype, None, 1, output_roundings=roundings, compute=call.in_dtype(0), note=note)
    if ref.shape != tuple(call.out_shapes[0]) and ref.size != int(np.prod(call.out_shapes[0])):
        raise Unsupported(msg("{op_type}: the replay has shape {shape}, the dumped output {out_shapes}",
                              op_type=call.op_type, shape=list(ref.shape), out_shapes=list(call.out_shapes[0])))
    return [Expected(ref, budget.tolerance(ref, extra=extra), budget,
                     overflow="saturate" if call.op_type in SATURATING else None)]


def _broadcast(call: OpCall) -> None:
    """The output shape of an element-wise op of several inputs, checked before it is built."""
    try:
        shape = np.broadcast_shapes(*(np.shape(x) for x in call.inputs))
    except ValueError:
        raise Unsupported(msg("{op_type}: input shapes {shapes} do not broadcast", op_type=call.op_type,
                              shapes=[list(np.shape(x)) for x in call.inputs])) from None
    call.expect(shape)


def _condition(f: Callable[[np.ndarray], np.ndarray], x: np.ndarray) -> np.ndarray:
    """``|x f'(x)|`` by a central difference (the error an input-relative rounding causes, per unit)."""
    with np.errstate(all="ignore"):
        h = np.abs(x) * _DELTA
        d = np.abs(f(x + h) - f(x - h)) / (2.0 * _DELTA)
    return np.where(np.isfinite(d), d, 0.0)


def _binary(fn: Callable[[np.ndarray, np.ndarray], np.ndarray], roundings: int) -> Reference:
    def ref(call: OpCall) -> list[Expected]:
        if len(call.inputs) != 2:
            raise Unsupported(msg("{op_type} with {count} inputs", op_type=call.op_type, count=len(call.inputs)))
        _broadcast(call)
        with np.errstate(all="ignore"):
            return _one(call, fn(call.x(0), call.x(1)), roundings)
    return ref


def _unary(fn: Callable[[np.ndarray], np.ndarray], roundings: int, composite: int = 0,
           absolute: float = 0.0, note: str = "", transcendental: bool = True, x_scale: float = 0.0,
           exp_arg: Callable[[np.ndarray], np.ndarray] | None = None) -> Reference:
    """``composite``: intermediate roundings propagated through the condition; ``absolute``: an absolute
    error per intermediate rounding of values of order one (Tanh's ``e^2x - 1``); ``x_scale``: the same, of
    order ``x_scale |x|`` (erf-GELU's ``x (1 + erf)``, where ``1 + erf`` cancels); ``transcendental``: the
    function is a vectorised approximation (see :data:`~.budget.TRANSCENDENTAL`); ``exp_arg``: the argument of
    the kernel's ``exp(z)`` in ``x / (1 + exp(z))`` forms: where ``exp`` overflows the input dtype the kernel
    honestly gives ``x / inf = 0`` (or a clamped value), so ``|r|`` is allowed there."""

    def ref(call: OpCall) -> list[Expected]:
        x = call.x(0)
        with np.errstate(all="ignore"):
            r = fn(x)
        extra = None
        if composite or transcendental:
            u = Budget(call.in_dtype(0), None, 1).u_out
            cond = _condition(fn, x) + absolute
            extra = composite * u * cond + (TRANSCENDENTAL * (np.abs(r) + cond) if transcendental else 0.0)
            if x_scale:
                extra = extra + x_scale * np.abs(x) * (2 * u + TRANSCENDENTAL)
            if exp_arg is not None:
                big = largest(call.in_dtype(0))
                with np.errstate(all="ignore"):
                    overflow = exp_arg(x) > np.log(big) - 1.0
                extra = extra + np.where(overflow, np.abs(r) + np.abs(x) / big, 0.0)
        return _one(call, r, roundings, extra, note)
    return ref


def _gelu_arg(x: np.ndarray) -> np.ndarray:
    return -1.5957691216057308 * (x + 0.044715 * x ** 3)


def _gelu(x: np.ndarray) -> np.ndarray:
    return x / (1.0 + np.exp(_gelu_arg(x)))


_TANH_NOTE = msg("tanh form x / (1 + exp(-1.5957691 (x + 0.044715 x^3)))")


_ERF = np.vectorize(math.erf, otypes=[np.float64])


def _gelu_erf(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _ERF(x * 0.7071067811865476))


def gelu_v2(call: OpCall) -> list[Expected]:
    """GeluV2: ``approximate`` "none" (erf; the tanh form of Ascend's Gelu is accepted as its variant) or
    "tanh"."""
    approximate = str(call.attr("approximate", "none"))
    tanh_form = _unary(_gelu, 3, 4, note=_TANH_NOTE, exp_arg=_gelu_arg)(call)
    if approximate == "tanh":
        return tanh_form
    if approximate != "none":
        raise Unsupported(msg("GeluV2 with approximate={approximate}", approximate=repr(approximate)))
    erf_form = _unary(_gelu_erf, 3, 4, note=msg("erf form 0.5 x (1 + erf(x / sqrt 2))"), x_scale=0.5)(call)
    erf_form[0].alternatives = tanh_form
    return erf_form


def _gelu_poly(x: np.ndarray) -> np.ndarray:
    """TBE Gelu's high_performance polynomial (= FastGeluV2, replay-kernel-facts §2.1, §2.3)."""
    sgn = np.sign(x + 1e-12)
    return x * (sgn * (-0.1444 * (np.minimum(np.abs(0.7071 * x), 1.769) - 1.769) ** 2 + 0.5) + 0.5)


_POLY_NOTE = msg("high_performance polynomial x (sgn(x) (-0.1444 (clip(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5)")


def gelu(call: OpCall) -> list[Expected]:
    """Gelu: the tanh form; TBE's high_performance polynomial is accepted as its variant."""
    out = _unary(_gelu, 3, 4, note=_TANH_NOTE, exp_arg=_gelu_arg)(call)
    out[0].alternatives = _unary(_gelu_poly, 3, 4, note=_POLY_NOTE)(call)
    return out


def _fast_gelu(x: np.ndarray) -> np.ndarray:
    return x / (1.0 + np.exp(-1.702 * x))


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def swish(call: OpCall) -> list[Expected]:
    """Swish: ``x / (1 + exp(-scale x))``, attribute ``scale`` (1.0)."""
    scale = call.number("scale", 1.0)
    return _unary(lambda x: x / (1.0 + np.exp(-scale * x)), 3, 4, exp_arg=lambda x: -scale * x)(call)


def leaky_relu(call: OpCall) -> list[Expected]:
    """LeakyRelu: attribute ``negative_slope`` (0.0)."""
    slope = call.number("negative_slope", 0.0)
    return _unary(lambda x: np.where(x >= 0, x, x * slope), 1, transcendental=False)(call)


def bias_add(call: OpCall) -> list[Expected]:
    """BiasAdd: the bias along the channel axis of ``data_format`` (NHWC: last; NCHW: 1)."""
    call.expect(np.shape(call.inputs[0]) if call.inputs else ())
    x, bias = call.x(0), call.x(1)
    fmt = str(call.attr("data_format", "NHWC"))
    if bias.ndim != 1:
        raise Unsupported(msg("BiasAdd with a {ndim}-D bias", ndim=bias.ndim))
    if fmt == "NCHW" and x.ndim >= 3:
        shape = [1] * x.ndim
        shape[1] = -1
        bias = bias.reshape(shape)
    elif fmt not in ("NHWC", "NCHW", "ND"):
        raise Unsupported(msg("BiasAdd with data_format {fmt}", fmt=fmt))
    return _one(call, x + bias, 1)


def _base_scale_shift(call: OpCall) -> tuple[float, float, float]:
    base, scale, shift = call.number("base", -1.0), call.number("scale", 1.0), call.number("shift", 0.0)
    if base != -1.0 and base <= 0:
        raise Unsupported(msg("{op_type} with base {base}", op_type=call.op_type, base=base))
    return base, scale, shift


def exp(call: OpCall) -> list[Expected]:
    """Exp: ``base ^ (scale x + shift)`` (base -1: e)."""
    base, scale, shift = _base_scale_shift(call)
    ln_base = 1.0 if base == -1.0 else float(np.log(base))
    plain = scale == 1.0 and shift == 0.0 and ln_base == 1.0
    return _unary(lambda x: np.exp((scale * x + shift) * ln_base), 2, 0 if plain else 2)(call)


def log(call: OpCall) -> list[Expected]:
    """Log: ``log_base(scale x + shift)`` (base -1: e)."""
    base, scale, shift = _base_scale_shift(call)
    if base == 1.0:
        raise Unsupported(msg("Log with base 1 (no logarithm)"))
    inv_ln = 1.0 if base == -1.0 else 1.0 / float(np.log(base))
    plain = scale == 1.0 and shift == 0.0 and inv_ln == 1.0
    # an input-relative rounding of x costs |x f'(x)| = 1 absolute: log's own rounding next to 1
    return _unary(lambda x: np.log(scale * x + shift) * inv_ln, 2, 1 if plain else 3)(call)


def power(call: OpCall) -> list[Expected]:
    """Pow: ``x ^ y`` (broadcast), computed by kernels as ``exp(y ln x)``: its error grows with ``|y ln x|``."""
    _broadcast(call)
    x, y = call.x(0), call.x(1)
    with np.errstate(all="ignore"):
        r = np.power(x, y)
        cond = np.abs(r * y * np.log(np.abs(x)))
    u = Budget(call.in_dtype(0), None, 1).u_out
    cond = np.where(np.isfinite(cond), cond, 0.0)
    return _one(call, r, 3, 3 * u * cond + TRANSCENDENTAL * (np.abs(r) + cond))


REFERENCES: dict[str, Reference] = {
    "Add": _binary(np.add, 1), "Sub": _binary(np.subtract, 1), "Mul": _binary(np.multiply, 1),
    "RealDiv": _binary(np.divide, 3), "Maximum": _binary(np.maximum, 1), "Minimum": _binary(np.minimum, 1),
    "BiasAdd": bias_add, "Relu": _unary(lambda x: np.maximum(x, 0.0), 1, transcendental=False), "LeakyRelu": leaky_relu,
    "Gelu": gelu, "FastGeluV2": _unary(_gelu_poly, 3, 4, note=_POLY_NOTE),
    "GeluV2": gelu_v2,
    "FastGelu": _unary(_fast_gelu, 3, 4, note=msg("x / (1 + exp(-1.702 x))"), exp_arg=lambda x: -1.702 * x),
    "Sigmoid": _unary(_sigmoid, 3, 3, exp_arg=lambda x: -x), "Tanh": _unary(np.tanh, 3, 3, absolute=1.0),
    "Swish": swish,
    "Exp": exp, "Log": log, "Sqrt": _unary(np.sqrt, 2), "Rsqrt": _unary(lambda x: 1.0 / np.sqrt(x), 3),
    "Square": _unary(np.square, 1, transcendental=False), "Pow": power,
}
