"""Normalisations: SoftmaxV2, LogSoftmaxV2, LayerNorm, RmsNorm, BNInferenceD (replay-kernel-facts §2.5, §3).

Their sums run in float32 (float16 inputs are cast first); SoftmaxV2's ``x - max`` may be rounded in the
input dtype before ``exp`` (TBE), which the budget allows for through ``|x - max|``.
"""

from __future__ import annotations

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import (
    TRANSCENDENTAL,
    Budget,
    unit_roundoff,
    vector_block,
)
from ascend_dump_gui.core.replay.call import OpCall, Reference, Unsupported
from ascend_dump_gui.core.replay.judge import Expected


def _axes(call: OpCall, ndim: int, default: list[int]) -> tuple[int, ...]:
    axes = call.int_list("axes", None, default)
    if not axes or any(not -ndim <= a < ndim for a in axes):
        raise Unsupported(msg("{op_type}: axes {axes} do not fit a {ndim}-D input",
                              op_type=call.op_type, axes=axes, ndim=ndim))
    return tuple(sorted({a % ndim for a in axes}))


def block_of(axes: tuple[int, ...], ndim: int, acc: str) -> int:
    """How the kernel sums over ``axes``: a vector repeat at a time over the trailing (contiguous) axes, one row
    at a time over strided ones (see :mod:`~.budget`)."""
    return vector_block(acc) if axes == tuple(range(ndim - len(axes), ndim)) else 1


def _softmax_parts(call: OpCall) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, int, float, int]:
    x = call.x(0)
    axes = _axes(call, x.ndim, [-1])
    k = int(np.prod([x.shape[a] for a in axes]))
    d = x - x.max(axis=axes, keepdims=True)
    e = np.exp(d)
    s = e.sum(axis=axes, keepdims=True)
    p = e / s
    u_in = unit_roundoff(call.in_dtype(0))
    # each exp carries u_in |x - max| (x - max rounded in the input dtype) + 2 u_in (exp, cast): the sum
    # inherits their weighted mean
    carried = (p * ((u_in + TRANSCENDENTAL) * (np.abs(d) + 2))).sum(axis=axes, keepdims=True)
    return x, d, p, u_in, k, carried, block_of(axes, x.ndim, call.acc_dtype())


def softmax(call: OpCall) -> list[Expected]:
    """SoftmaxV2: ``axes`` ({-1}); ``half_to_float`` only changes the output dtype (read from the dump)."""
    _, d, p, u_in, k, carried, block = _softmax_parts(call)
    budget = Budget(call.out_dtype, call.acc_dtype(), k, output_roundings=2, compute=call.in_dtype(0),
                    note=msg("x - max in the input dtype, exp/sum/div in float32, one rounding to the output dtype"),
                    block=block)
    extra = p * ((u_in + TRANSCENDENTAL) * (np.abs(d) + 2) + carried)
    return [Expected(p, budget.tolerance(p, p, extra), budget)]


def log_softmax(call: OpCall) -> list[Expected]:
    """LogSoftmaxV2: ``axes`` ({-1}); ``x - max - log(sum(exp(x - max)))``."""
    _, d, p, u_in, k, carried, block = _softmax_parts(call)
    lse = np.log(np.exp(d).sum(axis=_axes(call, d.ndim, [-1]), keepdims=True))
    r = d - lse
    budget = Budget(call.out_dtype, call.acc_dtype(), k, output_roundings=2, compute=call.in_dtype(0),
                    note=msg("x - max in the input dtype, sum of exp in float32, log, one rounding"), block=block)
    extra = (u_in + TRANSCENDENTAL) * (np.abs(d) + np.abs(lse) + 2.0) + carried
    return [Expected(r, budget.tolerance(r, np.ones_like(r), extra), budget)]


def layer_norm(call: OpCall) -> list[Expected]:
    """LayerNorm: ``begin_norm_axis``, ``begin_params_axis``, ``epsilon`` (1e-7); outputs y, mean, variance.

    Mean and variance are two-pass sums in float32; ``rstd`` is ``1/sqrt(var + eps)`` (or exp(-ln/2))."""
    x, gamma_, beta = call.x(0), call.x(1), call.x(2)
    ndim = x.ndim
    norm_axis = call.integer("begin_norm_axis", lo=-ndim, hi=ndim - 1)
    params_axis = call.integer("begin_params_axis", norm_axis, lo=-ndim, hi=ndim - 1)
    norm_axis %= ndim
    params_axis %= ndim
    axes = tuple(range(norm_axis, ndim))
    pshape = x.shape[params_axis:]
    if gamma_.size != int(np.prod(pshape)) or beta.size != gamma_.size:
        raise Unsupported(msg("LayerNorm: gamma {shape} does not fit {pshape}",
                              shape=list(gamma_.shape), pshape=list(pshape)))
    gamma_, beta = gamma_.reshape(pshape), beta.reshape(pshape)
    eps = call.number("epsilon", 1e-7, lo=0.0)
    k = int(np.prod([x.shape[a] for a in axes]))
    mean = x.mean(axis=axes, keepdims=True)
    dev = x - mean
    var = (dev * dev).mean(axis=axes, keepdims=True)
    rstd = 1.0 / np.sqrt(var + eps)
    normed = dev * rstd
    y = normed * gamma_ + beta
    acc = call.acc_dtype()
    note = msg("mean and variance in float32 (two passes), rstd = 1/sqrt(var + eps), one rounding of y")
    b = Budget(call.out_dtype, acc, k, 1, call.in_dtype(0), note, block_of(axes, ndim, acc))
    g = b.coefficient()
    u_c = unit_roundoff(call.in_dtype(0))
    d_mean = g * np.abs(x).mean(axis=axes, keepdims=True) + unit_roundoff(acc) * np.abs(mean)
    d_var = (g + 3 * unit_roundoff(acc)) * var + 2 * d_mean * np.abs(dev).mean(axis=axes, keepdims=True)
    rel_rstd = 0.5 * d_var / (var + eps) + 3 * unit_roundoff(acc) + TRANSCENDENTAL
    d_y = np.abs(gamma_) * (d_mean * rstd + np.abs(normed) * rel_rstd) + 3 * u_c * (np.abs(normed * gamma_) + np.abs(beta))
    out = [Expected(y, b.tolerance(y, extra=d_y), b)]
    if len(call.out_dtypes) > 1:
        b = Budget(call.out_dtypes[1], acc, k, note=note, block=b.block)
        out.append(Expected(mean, b.tolerance(mean, extra=d_mean), b))
    if len(call.out_dtypes) > 2:
        b = Budget(call.out_dtypes[2], acc, k, note=note, block=b.block)
        out.append(Expected(var, b.tolerance(var, extra=d_var), b))
    return out


def rms_norm(call: OpCall) -> list[Expected]:
    """RmsNorm: ``epsilon`` (1e-6), normalised over gamma's trailing dimensions; outputs y and float32 rstd.
    The A2/A3 kernel multiplies by gamma in float32 and rounds once (replay-kernel-facts §3.2)."""
    x, gamma_ = call.x(0), call.x(1)
    if gamma_.ndim > x.ndim or x.shape[x.ndim - gamma_.ndim:] != gamma_.shape:
        raise Unsupported(msg("RmsNorm: gamma {shape} does not fit x {shape2}",
                              shape=list(gamma_.shape), shape2=list(x.shape)))
    axes = tuple(range(x.ndim - gamma_.ndim, x.ndim))
    k = int(np.prod(gamma_.shape))
    eps = call.number("epsilon", 1e-6, lo=0.0)
    ms = (x * x).mean(axis=axes, keepdims=True)
    rstd = 1.0 / np.sqrt(ms + eps)
    y = x * rstd * gamma_
    acc = call.acc_dtype()
    note = msg("x^2 summed in float32, rstd as a float32 scalar, gamma multiplied in float32, one rounding")
    b = Budget(call.out_dtype, acc, k, 1, note=note, block=vector_block(acc))
    rel = 0.5 * b.coefficient() * ms / (ms + eps) + 4 * unit_roundoff(acc) + TRANSCENDENTAL
    out = [Expected(y, b.tolerance(y, extra=np.abs(y) * rel), b)]
    if len(call.out_dtypes) > 1:
        b2 = Budget(call.out_dtypes[1], acc, k, 1, note=note, block=b.block)
        out.append(Expected(rstd, b2.tolerance(rstd, extra=rstd * rel), b2))
    return out


def bn_inference(call: OpCall) -> list[Expected]:
    """BNInferenceD on the channel axis (1 for NCHW/NC1HWC0 restored, last for NHWC).

    The TBE kernel computes ``(x + mean) * variance`` then ``* scale + offset``, the framework having folded
    ``-mean`` and ``1/sqrt(var + eps)`` into its inputs; a graph may also carry the raw statistics, so the
    textbook ``(x - mean) / sqrt(var + epsilon) * scale + offset`` is accepted as the other variant."""
    x, mean, var = call.x(0), call.x(1), call.x(2)
    axis = 3 if x.ndim == 4 and call.in_formats[:1] == ["NHWC"] else 1
    if x.ndim < 2 or mean.size != x.shape[axis] or var.size != mean.size:
        raise Unsupported(msg("BNInferenceD: mean of {size} values does not fit x {shape}",
                              size=mean.size, shape=list(x.shape)))
    shape = [1] * x.ndim
    shape[axis] = -1
    mean, var = mean.reshape(shape), var.reshape(shape)
    scale = call.x(3).reshape(shape) if len(call.inputs) > 3 and call.inputs[3].size else 1.0
    offset = call.x(4).reshape(shape) if len(call.inputs) > 4 and call.inputs[4].size else 0.0
    u_c = unit_roundoff(call.in_dtype(0))
    eps = call.number("epsilon", 1e-5, lo=0.0)
    variants = []
    for note, y, parts in (
            (msg("TBE: (x + mean) * variance * scale + offset"),
             (x + mean) * var * scale + offset, np.abs((x + mean) * var * scale) + np.abs(offset)),
            ("(x - mean) / sqrt(variance + epsilon) * scale + offset",
             (x - mean) / np.sqrt(var + eps) * scale + offset,
             np.abs((x - mean) / np.sqrt(var + eps) * scale) + np.abs(offset) + np.abs(x * scale / np.sqrt(var + eps)))):
        b = Budget(call.out_dtype, None, 1, 1, call.in_dtype(0), note)
        variants.append(Expected(y, b.tolerance(y, extra=(4 * u_c + TRANSCENDENTAL) * parts), b))
    variants[0].alternatives = variants[1:]
    return variants[:1]


REFERENCES: dict[str, Reference] = {
    "SoftmaxV2": softmax, "LogSoftmaxV2": log_softmax, "LayerNorm": layer_norm, "RmsNorm": rms_norm,
    "BNInferenceD": bn_inference,
}
