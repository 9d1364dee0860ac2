"""msprobe (PyTorch) calls as the GE ops the replay covers: ``Functional.linear`` is a MatMul with the weight
transposed, ``Functional.layer_norm`` a LayerNorm over the trailing ``normalized_shape`` axes, and so on.

A call's arguments come from dump.json (tensors loaded, scalars by value) in PyTorch's positional order;
keyword arguments fill the rest. Arguments the replay cannot honour answer :class:`Unsupported`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.call import OpCall, Unsupported

Args = dict[str, Any]
Mapper = Callable[[Args, list[str]], tuple[str, list[np.ndarray], dict[str, Any]]]

SIGNATURES: dict[str, tuple[str, ...]] = {
    "linear": ("input", "weight", "bias"),
    "conv2d": ("input", "weight", "bias", "stride", "padding", "dilation", "groups"),
    "relu": ("input", "inplace"), "gelu": ("input", "approximate"), "silu": ("input", "inplace"),
    "softmax": ("input", "dim", "_stacklevel", "dtype"), "log_softmax": ("input", "dim", "_stacklevel", "dtype"),
    "layer_norm": ("input", "normalized_shape", "weight", "bias", "eps"),
    "embedding": ("input", "weight", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"),
    "dropout": ("input", "p", "training", "inplace"),
    "matmul": ("input", "other"), "bmm": ("input", "mat2"), "add": ("input", "other", "alpha"),
    "sub": ("input", "other", "alpha"), "mul": ("input", "other"), "div": ("input", "other", "rounding_mode"),
    "exp": ("input",), "log": ("input",), "sqrt": ("input",), "rsqrt": ("input",), "sum": ("input", "dim", "keepdim", "dtype"),
    "mean": ("input", "dim", "keepdim", "dtype"), "npu_rms_norm": ("input", "gamma", "epsilon"),
}
"""PyTorch's parameter order of each covered call (``Tensor.add(other)`` has ``self`` as ``input``)."""


def bind(api: str, positional: list[Any], keywords: dict[str, Any]) -> Args:
    """Arguments by name, as PyTorch binds them."""
    names = SIGNATURES[api]
    if len(positional) > len(names):
        raise Unsupported(msg("{api} with {count} positional arguments", api=api, count=len(positional)))
    args = dict(zip(names, positional, strict=False))
    args.update(keywords)
    return args


def _t(args: Args, name: str) -> np.ndarray:
    value = args.get(name)
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return np.asarray(value, dtype=np.float64)
    raise Unsupported(msg("argument {name} is missing", name=name) if value is None else
                      msg("argument {name} is not a dumped tensor", name=name))


def _pair(value: Any, name: str) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return int(value[0]), int(value[1])
    raise Unsupported(msg("conv2d {name}={value} is not covered", name=name, value=repr(value)))


def _conv2d(args: Args) -> tuple[str, list[np.ndarray], dict[str, Any]]:
    x, w = _t(args, "input"), _t(args, "weight")
    sh, sw = _pair(args.get("stride", 1) if args.get("stride") is not None else 1, "stride")
    dh, dw = _pair(args.get("dilation", 1) if args.get("dilation") is not None else 1, "dilation")
    padding = args.get("padding", 0) if args.get("padding") is not None else 0
    if padding == "valid":
        padding = 0
    if padding == "same":
        if (sh, sw) != (1, 1):
            raise Unsupported(msg("conv2d padding='same' with strides"))
        th, tw = dh * (w.shape[2] - 1), dw * (w.shape[3] - 1)
        pads = [th // 2, th - th // 2, tw // 2, tw - tw // 2]
    else:
        ph, pw = _pair(padding, "padding")
        pads = [ph, ph, pw, pw]
    inputs = [x, w] + ([args["bias"]] if isinstance(args.get("bias"), np.ndarray) else [])
    return "Conv2D", inputs, {"strides": [1, 1, sh, sw], "pads": pads, "dilations": [1, 1, dh, dw],
                              "groups": args.get("groups") or 1, "data_format": "NCHW"}


def _dims(args: Args, ndim: int) -> list[int]:
    dim = args.get("dim")
    if dim is None:
        return list(range(ndim))
    return [dim] if not isinstance(dim, (list, tuple)) else list(dim)   # checked as the op's axes attribute


def _alpha(args: Args) -> None:
    if args.get("alpha", 1) not in (1, 1.0, None):
        raise Unsupported(msg("alpha={value} is not covered", value=repr(args.get('alpha'))))


def to_call(api: str, positional: list[Any], keywords: dict[str, Any], outputs: list[np.ndarray]) -> OpCall:
    """The :class:`OpCall` that replays the msprobe call ``api`` (``linear``, ``Tensor.add``'s ``add``, ...)."""
    if api not in SIGNATURES:
        raise Unsupported(msg("the call {api} is not covered by the replay", api=api))
    a = bind(api, positional, keywords)
    op, inputs, attrs = _map(api, a)
    fmts: list[str | None] = ["NCHW", "NCHW"] if op == "Conv2D" else []
    return OpCall(op, inputs, attrs, [str(o.dtype) for o in outputs], [tuple(o.shape) for o in outputs], fmts)


def _map(api: str, a: Args) -> tuple[str, list[np.ndarray], dict[str, Any]]:
    simple = {"relu": "Relu", "silu": "Swish", "exp": "Exp", "log": "Log", "sqrt": "Sqrt", "rsqrt": "Rsqrt", "mul": "Mul"}
    if api in simple:
        inputs = [_t(a, "input")] + ([_t(a, "other")] if api == "mul" else [])
        return simple[api], inputs, {}
    if api in ("add", "sub"):
        _alpha(a)
        return ("Add" if api == "add" else "Sub"), [_t(a, "input"), _t(a, "other")], {}
    if api == "div":
        if a.get("rounding_mode") is not None:
            raise Unsupported(msg("div with rounding_mode={rounding_mode} is not covered",
                                  rounding_mode=repr(a['rounding_mode'])))
        return "RealDiv", [_t(a, "input"), _t(a, "other")], {}
    if api == "linear":
        inputs = [_t(a, "input"), _t(a, "weight")] + ([a["bias"]] if isinstance(a.get("bias"), np.ndarray) else [])
        return "MatMulV2", inputs, {"transpose_x2": True}
    if api in ("matmul", "bmm"):
        x, y = _t(a, "input"), _t(a, "other" if api == "matmul" else "mat2")
        if x.ndim < 2 or y.ndim < 2:
            raise Unsupported(msg("{api} of a vector is not covered", api=api))
        return "BatchMatMulV2", [x, y], {}
    if api == "conv2d":
        return _conv2d(a)
    if api == "gelu":
        approximate = a.get("approximate") or "none"
        if approximate not in ("none", "tanh"):
            raise Unsupported(msg("gelu approximate={approximate}", approximate=repr(approximate)))
        return "GeluV2", [_t(a, "input")], {"approximate": approximate}
    if api in ("softmax", "log_softmax"):
        if a.get("dtype") is not None:
            raise Unsupported(msg("{api} with dtype={dtype} is not covered", api=api, dtype=repr(a['dtype'])))
        x = _t(a, "input")
        dim = a.get("dim")
        if dim is None:
            raise Unsupported(msg("{api} without dim is not covered", api=api))
        return ("SoftmaxV2" if api == "softmax" else "LogSoftmaxV2"), [x], {"axes": [dim]}
    if api == "layer_norm":
        x = _t(a, "input")
        shape = a.get("normalized_shape")
        shape = [shape] if isinstance(shape, int) else list(shape or [])
        if not shape or list(x.shape[x.ndim - len(shape):]) != [int(s) for s in shape]:
            raise Unsupported(msg("layer_norm normalized_shape {shape} does not fit {shape2}",
                                  shape=shape, shape2=list(x.shape)))
        gamma = a["weight"] if isinstance(a.get("weight"), np.ndarray) else np.ones(shape)
        beta = a["bias"] if isinstance(a.get("bias"), np.ndarray) else np.zeros(shape)
        axis = x.ndim - len(shape)
        eps = a.get("eps")
        return "LayerNorm", [x, gamma, beta], {"begin_norm_axis": axis, "begin_params_axis": axis,
                                               "epsilon": 1e-5 if eps is None else eps}
    if api == "embedding":
        if a.get("max_norm") is not None:
            raise Unsupported(msg("embedding with max_norm (it renormalises the weight) is not covered"))
        idx = a.get("input")
        if not isinstance(idx, np.ndarray):
            raise Unsupported(msg("embedding indices are not dumped"))
        return "GatherV2D", [_t(a, "weight"), idx], {"axis": 0}
    if api == "dropout":
        if a.get("training", True) and a.get("p", 0.5) not in (0, 0.0):
            raise Unsupported(msg("dropout in training mode is random: not covered"))
        return "Reshape", [_t(a, "input")], {}
    if api in ("sum", "mean"):
        if a.get("dtype") is not None:
            raise Unsupported(msg("{api} with dtype={dtype} is not covered", api=api, dtype=repr(a['dtype'])))
        x = _t(a, "input")
        return ("ReduceSumD" if api == "sum" else "ReduceMeanD"), [x], {
            "axes": _dims(a, x.ndim), "keep_dims": bool(a.get("keepdim") or False)}
    if api == "npu_rms_norm":
        eps = a.get("epsilon")
        return "RmsNorm", [_t(a, "input"), _t(a, "gamma")], {"epsilon": 1e-6 if eps is None else eps}
    raise Unsupported(msg("the call {api} is not covered by the replay", api=api))
