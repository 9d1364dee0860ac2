"""Op cases for the replay tests: inputs, GE attributes and an honest result computed the way the device does
(float32 arithmetic from the dtype's inputs, float32 accumulation, one rounding to the output dtype)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

F32 = np.float32


@dataclass
class Case:
    op_type: str
    make: Callable[[np.random.Generator, Any], list[np.ndarray]]
    device: Callable[[list[np.ndarray], dict], list[np.ndarray]]   # float32 results, before the output cast
    attrs: dict = field(default_factory=dict)
    name: str = ""
    in_formats: list[str | None] = field(default_factory=list)
    exact_dtypes: bool = False      # outputs keep the input dtype exactly (data movement)
    kernel_rel: float = 1e-2        # the perturbation of the kernel case

    @property
    def id(self) -> str:
        return self.name or self.op_type


def normal(*shape: int, scale: float = 1.0, low: float | None = None) -> Callable:
    def make(rng: np.random.Generator, dtype: Any) -> np.ndarray:
        x = rng.normal(0.0, scale, shape)
        if low is not None:
            x = low + np.abs(x)
        return x.astype(dtype)
    return make


def inputs(*makers: Callable) -> Callable[[np.random.Generator, Any], list[np.ndarray]]:
    return lambda rng, dtype: [m(rng, dtype) for m in makers]


def f32(xs: list[np.ndarray]) -> list[np.ndarray]:
    return [np.asarray(x, F32) for x in xs]


def _softmax(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
    x = xs[0]
    axis = tuple(attrs.get("axes", [-1]))
    d = (x - x.max(axis=axis, keepdims=True)).astype(x.dtype)       # x - max in the input dtype (TBE)
    e = np.exp(d.astype(F32))
    return [e / e.sum(axis=axis, keepdims=True, dtype=F32)]


def _log_softmax(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
    x = xs[0].astype(F32)
    axis = tuple(attrs.get("axes", [-1]))
    d = x - x.max(axis=axis, keepdims=True)
    return [d - np.log(np.exp(d).sum(axis=axis, keepdims=True))]


def _layer_norm(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
    x, g, b = f32(xs)
    axis = tuple(range(attrs["begin_norm_axis"] % x.ndim, x.ndim))
    mean = x.mean(axis=axis, keepdims=True, dtype=F32)
    var = ((x - mean) ** 2).mean(axis=axis, keepdims=True, dtype=F32)
    y = (x - mean) / np.sqrt(var + F32(attrs["epsilon"])) * g + b
    return [y, mean, var]


def _rms_norm(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
    x, g = f32(xs)
    rstd = F32(1.0) / np.sqrt((x * x).mean(axis=-1, keepdims=True, dtype=F32) + F32(attrs.get("epsilon", 1e-6)))
    return [x * rstd * g, rstd]


def _conv(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
    x, w = f32(xs[:2])
    fmt = attrs["data_format"]
    if fmt == "NHWC":
        x = x.transpose(0, 3, 1, 2)
        w = w.transpose(3, 2, 0, 1)             # HWCN -> OIHW
    s = attrs["strides"][2:] if fmt == "NCHW" else attrs["strides"][1:3]
    d = attrs["dilations"][2:] if fmt == "NCHW" else attrs["dilations"][1:3]
    t, b, le, r = attrs["pads"]
    x = np.pad(x, ((0, 0), (0, 0), (t, b), (le, r)))
    g = attrs.get("groups", 1)
    o, ci, kh, kw = w.shape
    win = sliding_window_view(x, ((kh - 1) * d[0] + 1, (kw - 1) * d[1] + 1), axis=(2, 3))
    win = win[:, :, ::s[0], ::s[1], ::d[0], ::d[1]]
    og = o // g
    y = np.concatenate([np.einsum("nchwij,ocij->nohw", win[:, i * ci:(i + 1) * ci], w[i * og:(i + 1) * og])
                        for i in range(g)], axis=1).astype(F32)
    if len(xs) > 2:
        y = y + xs[2].astype(F32).reshape(1, -1, 1, 1)
    return [y.transpose(0, 2, 3, 1) if fmt == "NHWC" else y]


def _pool(kind: str) -> Callable:
    def run(xs: list[np.ndarray], attrs: dict) -> list[np.ndarray]:
        x = xs[0].astype(F32)                    # NCHW, VALID
        k, s = attrs["ksize"][2:], attrs["strides"][2:]
        win = sliding_window_view(x, tuple(k), axis=(2, 3))[:, :, ::s[0], ::s[1]]
        return [win.max(axis=(4, 5)) if kind == "max" else win.mean(axis=(4, 5), dtype=F32)]
    return run


def _erf_gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2))).astype(F32)


def one(fn: Callable) -> Callable:
    return lambda xs, attrs: [fn(*f32(xs))]


CASES: list[Case] = [
    Case("MatMul", inputs(normal(16, 64), normal(64, 24)), one(lambda a, b: a @ b)),
    Case("MatMulV2", inputs(normal(64, 16), normal(24, 64), normal(24)),
         one(lambda a, b, c: a.T @ b.T + c), {"transpose_x1": True, "transpose_x2": True}, "MatMulV2_t_bias"),
    Case("BatchMatMul", inputs(normal(3, 8, 32), normal(3, 8, 16)), one(lambda a, b: np.swapaxes(a, -1, -2) @ b),
         {"adj_x1": True}),
    Case("BatchMatMulV2", inputs(normal(2, 8, 32), normal(16, 32)), one(lambda a, b: a @ b.T),
         {"adj_x2": True}),
    Case("Conv2D", inputs(normal(2, 4, 9, 9), normal(6, 2, 3, 3), normal(6)), _conv,
         {"strides": [1, 1, 2, 1], "pads": [1, 0, 2, 1], "dilations": [1, 1, 1, 2], "groups": 2,
          "data_format": "NCHW"}, "Conv2D_nchw_groups", ["NCHW", "NCHW"]),
    Case("Conv2D", inputs(normal(2, 7, 7, 3), normal(3, 3, 3, 5)), _conv,
         {"strides": [1, 1, 1, 1], "pads": [1, 1, 1, 1], "dilations": [1, 1, 1, 1], "data_format": "NHWC"},
         "Conv2D_nhwc_hwcn", ["NHWC", "HWCN"]),
    Case("Add", inputs(normal(4, 8), normal(8)), one(np.add)),
    Case("Sub", inputs(normal(4, 1), normal(1, 8)), one(np.subtract)),
    Case("Mul", inputs(normal(4, 8), normal(4, 8)), one(np.multiply)),
    Case("RealDiv", inputs(normal(4, 8), normal(4, 8, low=0.5)), one(np.divide)),
    Case("Maximum", inputs(normal(4, 8), normal(8)), one(np.maximum)),
    Case("Minimum", inputs(normal(4, 8), normal(4, 1)), one(np.minimum)),
    Case("BiasAdd", inputs(normal(2, 3, 4, 5), normal(3)), one(lambda x, b: x + b.reshape(1, 3, 1, 1)),
         {"data_format": "NCHW"}),
    Case("Relu", inputs(normal(6, 7)), one(lambda x: np.maximum(x, 0))),
    Case("Gelu", inputs(normal(6, 7, scale=2.0)),
         one(lambda x: x / (1 + np.exp(F32(-1.5957691) * (x + F32(0.044715) * x ** 3))))),
    Case("GeluV2", inputs(normal(6, 7, scale=2.0)), one(_erf_gelu), {"approximate": "none"}),
    Case("FastGelu", inputs(normal(6, 7, scale=2.0)), one(lambda x: x / (1 + np.exp(F32(-1.702) * x)))),
    Case("Sigmoid", inputs(normal(6, 7, scale=3.0)), one(lambda x: 1 / (1 + np.exp(-x)))),
    Case("Tanh", inputs(normal(6, 7, scale=2.0)), one(np.tanh)),
    Case("Swish", inputs(normal(6, 7, scale=2.0)), one(lambda x: x / (1 + np.exp(F32(-1.5) * x))), {"scale": 1.5}),
    Case("LeakyRelu", inputs(normal(6, 7)), one(lambda x: np.where(x >= 0, x, x * F32(0.2))),
         {"negative_slope": 0.2}),
    Case("SoftmaxV2", inputs(normal(4, 6, 16, scale=3.0)), _softmax, {"axes": [-1]}),
    Case("SoftmaxV2", inputs(normal(4, 6, 5, scale=3.0)), _softmax, {"axes": [1]}, "SoftmaxV2_axis1"),
    Case("LogSoftmaxV2", inputs(normal(4, 32, scale=3.0)), _log_softmax, {"axes": [-1]}),
    Case("LayerNorm", inputs(normal(4, 3, 64, scale=2.0), normal(64), normal(64)), _layer_norm,
         {"begin_norm_axis": -1, "begin_params_axis": -1, "epsilon": 1e-5}),
    Case("RmsNorm", inputs(normal(8, 128), normal(128)), _rms_norm, {"epsilon": 1e-6}),
    Case("BNInferenceD", inputs(normal(2, 4, 3, 3), normal(4), normal(4, scale=0.5, low=0.5), normal(4), normal(4)),
         lambda xs, a: [(lambda x, m, v, s, o: (x + m.reshape(1, -1, 1, 1)) * v.reshape(1, -1, 1, 1)
                         * s.reshape(1, -1, 1, 1) + o.reshape(1, -1, 1, 1))(*f32(xs))],
         {"epsilon": 1e-5}),
    Case("ReduceSumD", inputs(normal(8, 512)), one(lambda x: x.sum(axis=1, dtype=F32)), {"axes": [1]}),
    Case("ReduceMeanD", inputs(normal(6, 5, 7)), one(lambda x: x.mean(axis=(0, 2), keepdims=True, dtype=F32)),
         {"axes": [0, 2], "keep_dims": True}),
    Case("ReduceMaxD", inputs(normal(6, 5, 7)), one(lambda x: x.max(axis=-1)), {"axes": [-1]}),
    Case("TransData", inputs(normal(2, 3, 4, 5)), one(lambda x: x), exact_dtypes=True),
    Case("Transpose", lambda rng, dt: [rng.normal(0, 1, (2, 3, 4)).astype(dt), np.array([2, 0, 1], np.int32)],
         lambda xs, a: [xs[0].astype(F32).transpose(2, 0, 1)]),
    Case("Reshape", lambda rng, dt: [rng.normal(0, 1, (2, 3, 4)).astype(dt), np.array([6, 4], np.int64)],
         lambda xs, a: [xs[0].astype(F32).reshape(6, 4)]),
    Case("Exp", inputs(normal(6, 7, scale=2.0)), one(np.exp)),
    Case("Log", inputs(normal(6, 7, low=0.01)), one(np.log)),
    Case("Sqrt", inputs(normal(6, 7, low=0.0)), one(np.sqrt)),
    Case("Rsqrt", inputs(normal(6, 7, low=0.05)), one(lambda x: 1 / np.sqrt(x))),
    Case("Pow", inputs(normal(6, 7, low=0.2), normal(6, 7, scale=0.5)), one(np.power)),
    Case("Square", inputs(normal(6, 7)), one(np.square)),
    Case("MaxPool", inputs(normal(2, 3, 8, 8)), _pool("max"),
         {"ksize": [1, 1, 2, 2], "strides": [1, 1, 2, 2], "padding": "VALID", "data_format": "NCHW"}),
    # the vector pooling2d may sum a float16 window in float16: its budget cannot see 1e-2, 5e-2 it does
    Case("AvgPool", inputs(normal(2, 3, 8, 8)), _pool("avg"),
         {"ksize": [1, 1, 3, 3], "strides": [1, 1, 2, 2], "padding": "VALID", "data_format": "NCHW"},
         kernel_rel=5e-2),
    Case("GatherV2", lambda rng, dt: [rng.normal(0, 1, (10, 6)).astype(dt), np.array([3, 0, 9, 3], np.int32),
                                      np.array([0], np.int32)], lambda xs, a: [xs[0].astype(F32)[[3, 0, 9, 3]]]),
    Case("ConcatD", inputs(normal(2, 3), normal(2, 5)), lambda xs, a: [np.concatenate(f32(xs), axis=1)],
         {"concat_dim": 1}),
    Case("SplitD", inputs(normal(4, 6)), lambda xs, a: np.split(xs[0].astype(F32), 3, axis=1),
         {"split_dim": 1, "num_split": 3}),
]


def cast_case(src: Any, dst: Any) -> Case:
    return Case("Cast", lambda rng, dt: [rng.normal(0, 3, (5, 9)).astype(src)], lambda xs, a: [xs[0].astype(F32)],
                name=f"Cast_{np.dtype(src).name}_{np.dtype(dst).name}")


def perturb(y: np.ndarray, rel: float = 1e-2) -> np.ndarray:
    """``y`` off by a relative ``rel`` with alternating sign on every element (a wrong kernel)."""
    flat = y.astype(np.float64).reshape(-1)
    signs = np.resize([1.0, -1.0, -1.0, 1.0], flat.size)
    return (flat * (1.0 + rel * signs)).reshape(y.shape)
