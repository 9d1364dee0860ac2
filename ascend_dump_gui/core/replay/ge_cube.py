"""Cube ops (MatMul, BatchMatMul, Conv2D): float64 products, float32 accumulation budget (L0C), bias in L0C.

An fp16/bf16 Cube op accumulates in float32 and rounds once to its output dtype (replay-kernel-facts §1), one
fractal of k0 products after another (:func:`~.budget.cube_block`);
``S_i = sum_k |a_ik||b_kj|`` is computed exactly for products up to :data:`EXACT_MAGNITUDE` multiply-adds and
bounded by ``||a_i|| ||b_j||`` (Cauchy-Schwarz) above, so a large replay costs about one float64 matmul.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import Budget, accumulation_dtype, cube_block, is_float
from ascend_dump_gui.core.replay.call import MAX_CUBE_WORK, MAX_ELEMENTS, OpCall, Reference, Unsupported
from ascend_dump_gui.core.replay.judge import Expected
from ascend_dump_gui.core.threaded import CHUNK, over_chunks

EXACT_MAGNITUDE = 1 << 26
"""Above this many multiply-adds, ``S`` is the Cauchy-Schwarz bound instead of ``|A| @ |B|``."""


def _check_float(call: OpCall, count: int) -> None:
    for i in range(min(count, len(call.inputs))):
        if not is_float(call.in_dtype(i)):
            raise Unsupported(msg("{op_type} with {dtype} input {i} (quantized Cube ops are not covered)",
                                  op_type=call.op_type, dtype=call.in_dtype(i), i=i))
    if len(call.inputs) > 3 and call.inputs[3].size:
        raise Unsupported(msg("{op_type} with an offset_w input (quantized) is not covered", op_type=call.op_type))


def _magnitude(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``|a| @ |b|`` (exact) for small products, else ``||a_i|| * ||b_j||`` (an upper bound)."""
    k = a.shape[-1]
    if a.size // k * b.shape[-1] * k <= EXACT_MAGNITUDE:
        return np.matmul(np.abs(a), np.abs(b))
    na = np.sqrt(np.einsum("...ik,...ik->...i", a, a))
    nb = np.sqrt(np.einsum("...kj,...kj->...j", b, b))
    if na.ndim > 1:
        return na[..., :, None] * nb[..., None, :]
    out = np.empty((na.size, nb.size))     # a large 2-D outer product: row chunks on a thread per core
    over_chunks(na.size, lambda rows: np.multiply(na[rows, None], nb[None, :], out=out[rows]),
                chunk=max(1, CHUNK // max(1, nb.size)))
    return out


def _matmul(call: OpCall, a: np.ndarray, b: np.ndarray) -> list[Expected]:
    if a.ndim < 2 or b.ndim < 2 or a.shape[-1] != b.shape[-2]:
        raise Unsupported(msg("{op_type}: operand shapes {shape} and {shape2} do not multiply (check transpose/adj "
                              "attributes)", op_type=call.op_type, shape=list(a.shape), shape2=list(b.shape)))
    k = a.shape[-1]
    try:
        shape = (*np.broadcast_shapes(a.shape[:-2], b.shape[:-2]), a.shape[-2], b.shape[-1])
    except ValueError:
        raise Unsupported(msg("{op_type}: batch dimensions {a} and {b} do not broadcast", op_type=call.op_type,
                              a=list(a.shape[:-2]), b=list(b.shape[:-2]))) from None
    call.expect(shape)
    call.check_work(int(np.prod(shape)) * k, MAX_CUBE_WORK, msg("multiply-adds"))
    ref = np.matmul(a, b)
    mag = _magnitude(a, b)
    if len(call.inputs) > 2 and call.inputs[2].size:
        bias = call.x(2)
        ref += bias
        mag += np.abs(bias)
        k += 1
    out = call.out_dtype
    budget = Budget(out, accumulation_dtype(call.in_dtype(0)), k,
                    note=msg("float32 accumulation (L0C), bias added in L0C, one rounding to the output dtype"),
                    block=cube_block(call.in_dtype(0)))
    return [Expected(ref, budget.tolerance(ref, mag, scratch=True), budget)]


def matmul(call: OpCall) -> list[Expected]:
    """MatMul / MatMulV2: ``transpose_x1``/``transpose_x2``, optional bias."""
    _check_float(call, 3)
    a, b = call.x(0), call.x(1)
    if call.attr("transpose_x1", False):
        a = np.swapaxes(a, -1, -2)
    if call.attr("transpose_x2", False):
        b = np.swapaxes(b, -1, -2)
    return _matmul(call, a, b)


def batch_matmul(call: OpCall) -> list[Expected]:
    """BatchMatMul / BatchMatMulV2: ``adj_x1``/``adj_x2``, broadcast batch dimensions, optional bias."""
    _check_float(call, 3)
    a, b = call.x(0), call.x(1)
    if call.attr("adj_x1", False):
        a = np.swapaxes(a, -1, -2)
    if call.attr("adj_x2", False):
        b = np.swapaxes(b, -1, -2)
    return _matmul(call, a, b)      # enable_hf32: the hf32 precision (precision.py), allowed by the graph


_FILTER_AXES = {"NCHW": (0, 1, 2, 3), "HWCN": (3, 2, 0, 1), "NHWC": (0, 3, 1, 2)}
"""Filter original format -> axes that give (out channels, in channels, kh, kw)."""


def _hw(data_format: str, values: list[int]) -> tuple[int, int]:
    """The (h, w) entries of a 4-value attribute in ``data_format`` order."""
    if data_format == "NCHW":
        return values[2], values[3]
    return values[1], values[2]


def conv2d(call: OpCall) -> list[Expected]:
    """Conv2D: NCHW/NHWC data (NC1HWC0 restored by the dump reader), NCHW/HWCN/NHWC filters (FRACTAL_Z
    restored), ``strides``, ``pads`` (top, bottom, left, right), ``dilations``, ``groups``, optional bias.
    A filter whose original format neither the graph nor the dump names is tried in each layout its shape
    fits (the data format's usual one first)."""
    _check_float(call, 3)
    fmt = str(call.attr("data_format", "NHWC"))
    if fmt not in ("NCHW", "NHWC"):
        raise Unsupported(msg("Conv2D with data_format {fmt} is not covered", fmt=fmt))
    if call.attr("padding", "") not in ("", "EXPLICIT") and "pads" not in call.attrs:
        raise Unsupported(msg("Conv2D with padding {value} and no pads attribute is not covered",
                              value=call.attr('padding')))
    for fused in ("relu", "fused_relu"):
        if call.attrs.get(fused):
            raise Unsupported(msg("Conv2D with a fused {fused} is not covered", fused=fused))
    x = call.x(0)
    w = call.x(1)
    if x.ndim != 4 or w.ndim != 4:
        raise Unsupported(msg("Conv2D with a {ndim}-D input and a {ndim2}-D filter", ndim=x.ndim, ndim2=w.ndim))
    if fmt == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    known = call.in_formats[1] if len(call.in_formats) > 1 else None
    if known is not None and known not in _FILTER_AXES:
        raise Unsupported(msg("Conv2D filter in format {known} is not covered", known=known))
    groups = call.integer("groups", 1, lo=1, hi=max(1, x.shape[1]))
    order = [known] if known else ["NCHW", "HWCN", "NHWC"] if fmt == "NCHW" else ["HWCN", "NHWC", "NCHW"]
    fitting = [f for f in order if _fits(x.shape[1], w.transpose(_FILTER_AXES[f]).shape, groups)]
    if not fitting:
        raise Unsupported(msg("Conv2D: {shape} input channels, filter {shape2} and groups={groups} do not fit",
                              shape=x.shape[1], shape2=list(w.shape), groups=groups))
    found = [_conv(call, fmt, x, w.transpose(_FILTER_AXES[f]), groups, f) for f in fitting]
    found[0].alternatives += [e for other in found[1:] for e in (other, *other.alternatives)]
    return found[:1]


def _fits(channels: int, oihw: tuple[int, ...], groups: int) -> bool:
    return groups >= 1 and channels == oihw[1] * groups and oihw[0] % groups == 0


def _conv_geometry(call: OpCall, fmt: str, x: np.ndarray, w: np.ndarray
                   ) -> tuple[tuple[int, int], tuple[int, int], list[int]]:
    """Strides (at least 1), dilations (at least 1) and pads (at least 0), with the output shape and the work
    checked before anything is built."""
    strides = _hw(fmt, call.int_list("strides", 4, lo=1))
    dilations = _hw(fmt, call.int_list("dilations", 4, [1, 1, 1, 1], lo=1))
    pads = call.int_list("pads", 4, lo=0)
    n, c, h, wd = x.shape
    o, ci, kh, kw = w.shape
    ph, pw = h + pads[0] + pads[1], wd + pads[2] + pads[3]
    oh = (ph - (kh - 1) * dilations[0] - 1) // strides[0] + 1
    ow = (pw - (kw - 1) * dilations[1] - 1) // strides[1] + 1
    if oh < 1 or ow < 1:
        raise Unsupported(msg("Conv2D: a {kh}x{kw} filter does not fit the padded {ph}x{pw} input", kh=kh, kw=kw,
                              ph=ph, pw=pw))
    call.expect((n, o, oh, ow))
    call.check_work(n * c * ph * pw, MAX_ELEMENTS, msg("padded input elements"))
    call.check_work(n * o * oh * ow * ci * kh * kw, MAX_CUBE_WORK, msg("multiply-adds"))
    return strides, dilations, pads


def _conv(call: OpCall, fmt: str, x: np.ndarray, w: np.ndarray, groups: int, wfmt: str) -> Expected:
    strides, dilations, (top, bottom, left, right) = _conv_geometry(call, fmt, x, w)
    o, ci, kh, kw = w.shape
    x = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
    dh, dw = dilations
    win = sliding_window_view(x, ((kh - 1) * dh + 1, (kw - 1) * dw + 1), axis=(2, 3))
    win = win[:, :, ::strides[0], ::strides[1], ::dh, ::dw]          # n, c, oh, ow, kh, kw
    og = o // groups
    parts, mags = [], []
    for g in range(groups):
        xs, ws = win[:, g * ci:(g + 1) * ci], w[g * og:(g + 1) * og]
        parts.append(np.einsum("nchwij,ocij->nohw", xs, ws, optimize=True))
        mags.append(np.einsum("nchwij,ocij->nohw", np.abs(xs), np.abs(ws), optimize=True))
    ref, mag = np.concatenate(parts, axis=1), np.concatenate(mags, axis=1)
    k = ci * kh * kw
    if len(call.inputs) > 2 and call.inputs[2].size:
        bias = call.x(2).reshape(1, -1, 1, 1)
        ref += bias
        mag += np.abs(bias)
        k += 1
    if fmt == "NHWC":
        ref, mag = ref.transpose(0, 2, 3, 1), mag.transpose(0, 2, 3, 1)
    budget = Budget(call.out_dtype, accumulation_dtype(call.in_dtype(0)), k,
                    note=msg("float32 accumulation (mad f162f32), bias in L0C, one rounding; filter {format}",
                             format=wfmt),
                    block=cube_block(call.in_dtype(0)))
    return Expected(ref, budget.tolerance(ref, mag, scratch=True), budget)


REFERENCES: dict[str, Reference] = {
    "MatMul": matmul, "MatMulV2": matmul, "BatchMatMul": batch_matmul, "BatchMatMulV2": batch_matmul,
    "Conv2D": conv2d,
}
