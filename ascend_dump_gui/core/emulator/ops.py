"""Numpy kernels for the Ascend IR op types the built-in models use, with their precision policy.

Kernels compute in float32 from inputs that the executor has already rounded to the op's compute
dtype; the executor rounds the results to the op's output dtype (that rounding is where float16
saturates to inf, as on the device).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

Kernel = Callable[[Sequence[np.ndarray], Mapping[str, Any]], list[np.ndarray]]

FP32, FP16, BF16 = "float32", "float16", "bfloat16"
ALL_FLOATS = frozenset({FP32, FP16, BF16})


@dataclass(frozen=True)
class OpSpec:
    """What the emulated runtime knows about one op type."""

    type: str
    kernel: Kernel | None
    category: str                    # "cube", "vector", "data", "const", "format"
    mix_list: str = "gray"           # built-in mixed-precision policy: "white", "black" or "gray"
    aicore_dtypes: frozenset[str] = ALL_FLOATS   # float dtypes the AI Core kernel supports
    num_outputs: int = 1


def _f32(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float32)


def _conv2d(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    """Conv2D on NCHW; a third input is a bias, attr ``relu`` marks a fused Relu."""
    x, w = _f32(inputs[0]), _f32(inputs[1])
    stride = int(attrs.get("stride", 1))
    pad = int(attrs.get("pad", 0))
    if pad:
        x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    kh, kw = w.shape[2], w.shape[3]
    win = sliding_window_view(x, (kh, kw), axis=(2, 3))[:, :, ::stride, ::stride]
    y = np.einsum("nchwij,ocij->nohw", win, w, optimize=True)
    if len(inputs) > 2:
        y = y + _f32(inputs[2]).reshape(1, -1, 1, 1)
    return [np.maximum(y, 0) if attrs.get("relu") else y]


def _bn_inference(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, mean, var, scale, offset = (_f32(a) for a in inputs[:5])
    eps = float(attrs.get("epsilon", 1e-5))
    shape = (1, -1, 1, 1)
    inv = scale / np.sqrt(var + eps)
    return [(x - mean.reshape(shape)) * inv.reshape(shape) + offset.reshape(shape)]


def _relu(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.maximum(_f32(inputs[0]), 0)]


def _max_pool(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    k = int(attrs.get("ksize", [1, 1, 2, 2])[2])      # GE's 4 values in data_format (NCHW) order, VALID
    s = int(attrs.get("strides", attrs.get("ksize", [1, 1, 2, 2]))[2])
    win = sliding_window_view(_f32(inputs[0]), (k, k), axis=(2, 3))[:, :, ::s, ::s]
    return [win.max(axis=(4, 5))]


def _flatten(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = _f32(inputs[0])
    return [x.reshape(x.shape[0], -1)]


def _matmul(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    a, b = _f32(inputs[0]), _f32(inputs[1])
    if attrs.get("transpose_x1"):
        a = np.swapaxes(a, -1, -2)
    if attrs.get("transpose_x2"):
        b = np.swapaxes(b, -1, -2)
    y = a @ b
    if len(inputs) > 2:
        y = y + _f32(inputs[2])
    return [y]


def _add(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_f32(inputs[0]) + _f32(inputs[1])]


def _mul(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_f32(inputs[0]) * _f32(inputs[1])]


def _layer_norm(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, gamma, beta = (_f32(a) for a in inputs[:3])
    eps = float(attrs.get("epsilon", 1e-5))
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps) * gamma + beta
    return [y, mean, var]


def _softmax(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = _f32(inputs[0])
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return [e / e.sum(axis=-1, keepdims=True)]


def _gelu(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = _f32(inputs[0])
    return [0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))]


def _fast_gelu(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = _f32(inputs[0])
    return [x / (1.0 + np.exp(-1.702 * x))]


def _identity(inputs: Sequence[np.ndarray], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_f32(inputs[0])]


_SPECS = (
    OpSpec("Data", None, "data"),
    OpSpec("GetNext", None, "data"),
    OpSpec("Const", None, "const"),
    OpSpec("Conv2D", _conv2d, "cube", "white"),
    OpSpec("BNInferenceD", _bn_inference, "vector", "black", frozenset({FP16, FP32})),
    OpSpec("Relu", _relu, "vector"),
    OpSpec("MaxPool", _max_pool, "vector", aicore_dtypes=frozenset({FP16})),
    OpSpec("Flatten", _flatten, "vector"),
    OpSpec("MatMulV2", _matmul, "cube", "white"),
    OpSpec("Add", _add, "vector"),
    OpSpec("Mul", _mul, "vector"),
    OpSpec("LayerNorm", _layer_norm, "vector", "black", num_outputs=3),
    OpSpec("SoftmaxV2", _softmax, "vector", "black"),
    OpSpec("Gelu", _gelu, "vector"),
    OpSpec("FastGelu", _fast_gelu, "vector"),
    OpSpec("Cast", _identity, "format"),
    OpSpec("TransData", _identity, "format"),
)

OP_SPECS: dict[str, OpSpec] = {spec.type: spec for spec in _SPECS}


def spec_of(op_type: str) -> OpSpec:
    """The :class:`OpSpec` of ``op_type``; raises ``KeyError`` for a type the emulator lacks."""
    return OP_SPECS[op_type]
