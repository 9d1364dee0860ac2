"""Reductions, pooling and data movement: ReduceSumD/MeanD/MaxD, MaxPool, AvgPool, Cast, TransData, Transpose,
Reshape, GatherV2, ConcatD, SplitD. Data movement is exact (only a flushed subnormal is allowed)."""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import Budget, is_float
from ascend_dump_gui.core.replay.call import MAX_ELEMENTS, MAX_WINDOW_WORK, OpCall, Reference, Unsupported
from ascend_dump_gui.core.replay.ge_norm import block_of
from ascend_dump_gui.core.replay.judge import Expected


def _exact(call: OpCall, values: list[np.ndarray], note: str = "exact data movement") -> list[Expected]:
    out = []
    for i, v in enumerate(values):
        dtype = call.out_dtypes[i] if i < len(call.out_dtypes) else call.out_dtype
        b = Budget(dtype, None, 1, output_roundings=0, note=note)
        out.append(Expected(v, b.tolerance(v), b))
    return out


def _reduce_axes(call: OpCall, ndim: int) -> tuple[int, ...]:
    axes = call.int_list("axes")
    if not axes:
        raise Unsupported(msg("{op_type} with empty axes is not covered", op_type=call.op_type))
    if any(not -ndim <= a < ndim for a in axes):
        raise Unsupported(msg("{op_type}: axes {axes} do not fit a {ndim}-D input",
                              op_type=call.op_type, axes=axes, ndim=ndim))
    return tuple(sorted({a % ndim for a in axes}))


def _reduce(call: OpCall) -> list[Expected]:
    """ReduceSumD / ReduceMeanD / ReduceMaxD: ``axes``, ``keep_dims`` (false); sums in float32."""
    x = call.x(0)
    axes = _reduce_axes(call, x.ndim)
    keep = bool(call.attr("keep_dims", False))
    call.expect([1 if a in axes else d for a, d in enumerate(x.shape) if keep or a not in axes])
    if call.op_type == "ReduceMaxD":
        return _exact(call, [x.max(axis=axes, keepdims=keep)], "maximum: exact")
    k = int(np.prod([x.shape[a] for a in axes]))
    r = x.sum(axis=axes, keepdims=keep)
    mag = np.abs(x).sum(axis=axes, keepdims=keep)
    mean = call.op_type == "ReduceMeanD"
    if mean:
        r, mag = r / k, mag / k
    acc = call.acc_dtype()
    b = Budget(call.out_dtype, acc, k, output_roundings=2 if mean else 1,
               note=msg("{dtype} accumulation, one rounding to the output dtype", dtype=acc),
               block=block_of(axes, x.ndim, acc))
    return [Expected(r, b.tolerance(r, mag), b)]


def cast(call: OpCall) -> list[Expected]:
    """Cast: float/int/bool to a float dtype rounds to nearest; float to an integer dtype is not covered."""
    src, dst = call.in_dtype(0), call.out_dtype
    if is_float(src) and not is_float(dst):
        raise Unsupported(msg("Cast from {src} to {dst} (the rounding mode is not documented) is not covered",
                              src=src, dst=dst))
    x = call.x(0)
    b = Budget(dst, None, 1, output_roundings=1 if is_float(dst) else 0, note=f"{src} -> {dst}")
    return [Expected(x, b.tolerance(x), b)]


def identity(call: OpCall) -> list[Expected]:
    """TransData, Reshape and Flatten: the values in the original layout are the input's (the dump reader restores
    device formats on both sides)."""
    x = call.x(0)
    return _exact(call, [x.reshape(call.out_shapes[0]) if x.size == int(np.prod(call.out_shapes[0])) else x])


def transpose(call: OpCall) -> list[Expected]:
    """Transpose (``perm`` input) / TransposeD (``perm`` attribute)."""
    x = call.x(0)
    perm = call.int_list("perm", lo=-x.ndim, hi=x.ndim) if call.op_type == "TransposeD" or len(call.inputs) < 2 \
        else [int(v) for v in np.asarray(call.inputs[1]).reshape(-1)[:64]]
    if sorted(perm) != list(range(x.ndim)):
        raise Unsupported(msg("{op_type}: perm {perm} is not a permutation of {ndim} axes",
                              op_type=call.op_type, perm=perm, ndim=x.ndim))
    return _exact(call, [x.transpose(perm)])


def gather(call: OpCall) -> list[Expected]:
    """GatherV2 (``axis`` input) / GatherV2D (``axis`` attribute); ``batch_dims`` 0 only."""
    if call.integer("batch_dims", 0):
        raise Unsupported(msg("{op_type} with batch_dims is not covered", op_type=call.op_type))
    x = call.x(0)
    idx = np.asarray(call.inputs[1]) if len(call.inputs) > 1 else None
    if idx is None or not np.issubdtype(idx.dtype, np.integer):
        raise Unsupported(msg("{op_type} needs integer indices", op_type=call.op_type))
    axis = call.integer("axis", lo=-x.ndim, hi=x.ndim - 1) if call.op_type == "GatherV2D" or len(call.inputs) < 3 else \
        int(np.asarray(call.inputs[2]).reshape(-1)[0])
    if not -x.ndim <= axis < x.ndim or (idx.size and (idx.min() < -x.shape[axis] or idx.max() >= x.shape[axis])):
        raise Unsupported(msg("{op_type}: indices or axis {axis} out of range", op_type=call.op_type, axis=axis))
    call.expect((*x.shape[:axis % x.ndim], *idx.shape, *x.shape[axis % x.ndim + 1:]))
    return _exact(call, [np.take(x, idx, axis=axis)])


def concat(call: OpCall) -> list[Expected]:
    """ConcatD: ``concat_dim``."""
    ndim = np.ndim(call.inputs[0]) if call.inputs else 0
    dim = call.integer("concat_dim", lo=-max(ndim, 1), hi=max(ndim - 1, 0))
    call.expect((sum(int(np.size(x)) for x in call.inputs),))
    parts = [call.x(i) for i in range(len(call.inputs))]
    try:
        return _exact(call, [np.concatenate(parts, axis=dim)])
    except (ValueError, np.exceptions.AxisError) as exc:
        raise Unsupported(msg("ConcatD: {exc}", exc=exc)) from None


def split(call: OpCall) -> list[Expected]:
    """SplitD: ``split_dim``, ``num_split`` equal parts."""
    x = call.x(0)
    dim = call.integer("split_dim", lo=-max(x.ndim, 1), hi=max(x.ndim - 1, 0))
    num = call.integer("num_split", lo=1, hi=max(1, x.shape[dim] if x.ndim else 1))
    if not -x.ndim <= dim < x.ndim or x.shape[dim] % num:
        raise Unsupported(msg("SplitD: {num} equal parts of axis {dim} of {shape}",
                              num=num, dim=dim, shape=list(x.shape)))
    return _exact(call, np.split(x, num, axis=dim))


def _pool_geometry(call: OpCall, x: np.ndarray) -> tuple[np.ndarray, str, tuple[int, int], tuple[int, int], str]:
    fmt = str(call.attr("data_format", "NHWC"))
    if fmt not in ("NCHW", "NHWC") or x.ndim != 4:
        raise Unsupported(msg("{op_type} with data_format {fmt} on a {ndim}-D input",
                              op_type=call.op_type, fmt=fmt, ndim=x.ndim))
    ksize, strides = call.int_list("ksize", 4, lo=1), call.int_list("strides", 4, lo=1)
    hw = (2, 3) if fmt == "NCHW" else (1, 2)
    if any(ksize[a] != 1 or strides[a] != 1 for a in range(4) if a not in hw):
        raise Unsupported(msg("{op_type}: pooling over the batch or channel axis", op_type=call.op_type))
    padding = str(call.attr("padding"))
    if padding not in ("SAME", "VALID"):
        raise Unsupported(msg("{op_type} with padding {padding}", op_type=call.op_type, padding=padding))
    xc = x.transpose(0, 3, 1, 2) if fmt == "NHWC" else x
    k, s = (ksize[hw[0]], ksize[hw[1]]), (strides[hw[0]], strides[hw[1]])
    n, c, h, w = xc.shape
    if padding == "SAME":
        oh, ow = -(-h // s[0]), -(-w // s[1])
        padded = max((oh - 1) * s[0] + k[0], h) * max((ow - 1) * s[1] + k[1], w)
    else:
        oh, ow = (h - k[0]) // s[0] + 1, (w - k[1]) // s[1] + 1
        padded = h * w
    if oh < 1 or ow < 1:
        raise Unsupported(msg("{op_type}: a {kh}x{kw} window does not fit the {h}x{w} input (VALID)",
                              op_type=call.op_type, kh=k[0], kw=k[1], h=h, w=w))
    call.expect((n, c, oh, ow))
    call.check_work(n * c * padded, MAX_ELEMENTS, msg("padded input elements"))
    call.check_work(n * c * oh * ow * k[0] * k[1], MAX_WINDOW_WORK, msg("window elements"))
    return xc, fmt, k, s, padding


def _pool_windows(xc: np.ndarray, k: tuple[int, int], s: tuple[int, int], padding: str, fill: float
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Windows (n, c, oh, ow, kh, kw) and a mask of the real (not padded) elements, TF's SAME/VALID."""
    h, w = xc.shape[2:]
    mask = np.ones((1, 1, h, w))
    if padding == "SAME":
        oh, ow = -(-h // s[0]), -(-w // s[1])
        ph, pw = max((oh - 1) * s[0] + k[0] - h, 0), max((ow - 1) * s[1] + k[1] - w, 0)
        pads = ((0, 0), (0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2))
        xc, mask = np.pad(xc, pads, constant_values=fill), np.pad(mask, pads)
    win = sliding_window_view(xc, k, axis=(2, 3))[:, :, ::s[0], ::s[1]]
    mwin = sliding_window_view(mask, k, axis=(2, 3))[:, :, ::s[0], ::s[1]]
    return win, mwin


def _pool(call: OpCall) -> list[Expected]:
    """MaxPool / AvgPool: ``ksize``, ``strides`` (4 values in ``data_format`` order), ``padding`` SAME/VALID.
    AvgPool divides by the real elements of each window (padding excluded); its sum may run in the input
    dtype."""
    xc, fmt, k, s, padding = _pool_geometry(call, call.x(0))
    if call.op_type == "MaxPool":
        win, _ = _pool_windows(xc, k, s, padding, -np.inf)
        r = win.max(axis=(4, 5))
        out = r.transpose(0, 2, 3, 1) if fmt == "NHWC" else r
        return _exact(call, [out], "maximum: exact")
    win, mwin = _pool_windows(xc, k, s, padding, 0.0)
    count = mwin.sum(axis=(4, 5))
    r = win.sum(axis=(4, 5)) / count
    mag = _pool_windows(np.abs(xc), k, s, padding, 0.0)[0].sum(axis=(4, 5)) / count   # windows stay views
    if fmt == "NHWC":
        r, mag = r.transpose(0, 2, 3, 1), mag.transpose(0, 2, 3, 1)
    b = Budget(call.out_dtype, call.accumulate or call.in_dtype(0), k[0] * k[1], output_roundings=2,
               note=msg("window sum in the input dtype, one window element after another, one division"))
    return [Expected(r, b.tolerance(r, mag), b)]


REFERENCES: dict[str, Reference] = {
    "ReduceSumD": _reduce, "ReduceMeanD": _reduce, "ReduceMaxD": _reduce, "Cast": cast, "TransData": identity,
    "Reshape": identity, "Flatten": identity, "Transpose": transpose, "TransposeD": transpose, "GatherV2": gather,
    "GatherV2D": gather,
    "ConcatD": concat, "SplitD": split, "MaxPool": _pool, "AvgPool": _pool,
}
