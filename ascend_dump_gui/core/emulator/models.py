"""Built-in models with deterministic weights, written as the original (unfused, float32) graphs."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ascend_dump_gui.core.emulator.graph import Graph, GraphBuilder
from ascend_dump_gui.core.messages import msg


@dataclass(frozen=True)
class ModelInfo:
    name: str
    description: str  # a Text (``msg``): the GUI shows it translated


@dataclass(frozen=True)
class ModelDef:
    """A built-in model: its graph, its per-step inputs and where each fault kind strikes."""

    info: ModelInfo
    build: Callable[[], Graph]
    make_inputs: Callable[[np.random.Generator], dict[str, np.ndarray]]
    overwrite: tuple[str, str]          # (culprit op, victim op): culprit scribbles over victim's output
    fault_op: str                       # where "aicore_error", "nan" and "perturb" strike (name after fusion)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def _dense(b: GraphBuilder, rng: np.random.Generator, scope: str, x: str, n_in: int, n_out: int,
           scale: float | None = None) -> str:
    scale = scale if scale is not None else 1.0 / np.sqrt(n_in)
    w = b.const(f"{scope}/kernel", rng.normal(0.0, scale, (n_in, n_out)))
    bias = b.const(f"{scope}/bias", rng.normal(0.0, 0.1, (n_out,)))
    y = b.op("MatMulV2", f"{scope}/MatMul", [x, w])
    return b.op("Add", f"{scope}/BiasAdd", [y, bias])


def _build_mlp() -> Graph:
    rng = _rng("mlp")
    b = GraphBuilder("mlp")
    x = b.data("input", (8, 32))
    h1 = b.op("Relu", "dense/Relu", [_dense(b, rng, "dense", x, 32, 64)])
    h2 = b.op("Relu", "dense_1/Relu", [_dense(b, rng, "dense_1", h1, 64, 64)])
    skip = b.op("Add", "residual/Add", [h2, h1])
    logits = _dense(b, rng, "dense_2", skip, 64, 10)
    return b.build([b.op("SoftmaxV2", "prob/Softmax", [logits])])


def _conv_block(b: GraphBuilder, rng: np.random.Generator, n: int, x: str, c_in: int, c_out: int) -> str:
    w = b.const(f"conv{n}/weights", rng.normal(0.0, np.sqrt(2.0 / (9 * c_in)), (c_out, c_in, 3, 3)))
    y = b.op("Conv2D", f"conv{n}", [x, w], stride=1, pad=1)
    params = [b.const(f"bn_conv{n}/{p}", v) for p, v in (
        ("mean", rng.normal(0.0, 0.1, c_out)), ("variance", rng.uniform(0.5, 1.5, c_out)),
        ("scale", rng.uniform(0.8, 1.2, c_out)), ("offset", rng.normal(0.0, 0.1, c_out)))]
    y = b.op("BNInferenceD", f"bn_conv{n}", [y, *params], epsilon=1e-5)
    y = b.op("Relu", f"conv{n}_relu", [y])
    return b.op("MaxPool", f"pool{n}", [y], ksize=[1, 1, 2, 2], strides=[1, 1, 2, 2], padding="VALID",
                data_format="NCHW")


def _build_convnet() -> Graph:
    rng = _rng("convnet")
    b = GraphBuilder("convnet")
    x = b.data("data", (2, 3, 16, 16))
    y = _conv_block(b, rng, 1, x, 3, 8)
    y = _conv_block(b, rng, 2, y, 8, 16)
    y = b.op("Flatten", "flatten", [y])
    logits = _dense(b, rng, "fc", y, 16 * 4 * 4, 10)
    return b.build([b.op("SoftmaxV2", "prob", [logits])])


def _layer_norm(b: GraphBuilder, rng: np.random.Generator, name: str, x: str, dim: int) -> str:
    gamma = b.const(f"{name}/gamma", rng.uniform(0.9, 1.1, dim))
    beta = b.const(f"{name}/beta", rng.normal(0.0, 0.05, dim))
    return b.op("LayerNorm", f"{name}/LayerNorm", [x, gamma, beta], epsilon=1e-5, begin_norm_axis=-1,
                begin_params_axis=-1)


def _build_transformer() -> Graph:
    rng = _rng("transformer")
    seq, hidden, ffn = 16, 64, 256
    b = GraphBuilder("transformer")
    x = b.data("hidden_states", (seq, hidden))
    h = _layer_norm(b, rng, "encoder/ln_1", x, hidden)
    q, k, v = (_dense(b, rng, f"encoder/attn/{p}", h, hidden, hidden) for p in "qkv")
    scores = b.op("MatMulV2", "encoder/attn/scores/MatMul", [q, k], transpose_x2=True)
    scale = b.const("encoder/attn/scale/y", np.full((1,), 1.0 / np.sqrt(hidden)))
    scores = b.op("Mul", "encoder/attn/scale/Mul", [scores, scale])
    probs = b.op("SoftmaxV2", "encoder/attn/Softmax", [scores])
    ctx = b.op("MatMulV2", "encoder/attn/context/MatMul", [probs, v])
    attn = _dense(b, rng, "encoder/attn/out", ctx, hidden, hidden)
    res1 = b.op("Add", "encoder/attn/residual/Add", [x, attn])
    h2 = _layer_norm(b, rng, "encoder/ln_2", res1, hidden)
    f = b.op("Gelu", "encoder/ffn/Gelu", [_dense(b, rng, "encoder/ffn/fc1", h2, hidden, ffn)])
    f = _dense(b, rng, "encoder/ffn/fc2", f, ffn, hidden)
    return b.build([b.op("Add", "encoder/ffn/residual/Add", [res1, f])])


def _build_overflow() -> Graph:
    rng = _rng("overflow_fp16")
    b = GraphBuilder("overflow_fp16")
    x = b.data("input", (4, 16))
    w = b.const("dense/kernel", rng.uniform(200.0, 300.0, (16, 32)))
    bias = b.const("dense/bias", rng.normal(0.0, 1.0, (32,)))
    y = b.op("Add", "dense/BiasAdd", [b.op("MatMulV2", "dense/MatMul", [x, w]), bias])
    y = b.op("Relu", "dense/Relu", [y])
    return b.build([_dense(b, rng, "dense_1", y, 32, 8)])


SAMPLE_PERIOD = 0.01
"""Seconds between two position samples of the ``mixed_precision`` model (100 Hz)."""
FRAME_ORIGIN = 96.0
"""Metres from the world origin to the sensor frame's origin (``mixed_precision``)."""


def _build_mixed_precision() -> Graph:
    rng = _rng("mixed_precision")
    samples = 65
    b = GraphBuilder("mixed_precision")
    x = b.data("local_positions", (8, samples))
    world = b.op("Add", "world_frame/Add", [x, b.const("world_frame/origin", np.full((1,), FRAME_ORIGIN))])
    diff = np.zeros((samples, samples - 1))
    steps = np.arange(samples - 1)
    diff[steps, steps], diff[steps + 1, steps] = -1.0 / SAMPLE_PERIOD, 1.0 / SAMPLE_PERIOD
    velocity = b.op("MatMulV2", "velocity/MatMul", [world, b.const("velocity/finite_difference", diff)])
    h = b.op("Relu", "encoder/Relu", [_dense(b, rng, "encoder", velocity, samples - 1, 32)])
    return b.build([b.op("SoftmaxV2", "prob/Softmax", [_dense(b, rng, "head", h, 32, 4)])])


def _mixed_precision_inputs(rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Tracks of 8 objects in the sensor frame: start -20..20 m, 1-3 m/s either way, 0.5 mm noise."""
    start = rng.uniform(-20.0, 20.0, (8, 1))
    speed = rng.uniform(1.0, 3.0, (8, 1)) * rng.choice([-1.0, 1.0], (8, 1))
    t = np.arange(65) * SAMPLE_PERIOD
    return {"local_positions": start + speed * t + rng.normal(0.0, 5e-4, (8, 65))}


LONG_SCOPE = ("training/keras_functional_model/residual_tower_with_bottleneck_projection_shortcuts/"
              "stage_3_high_resolution_branch/unit_7_depthwise_separable_block/"
              "pointwise_expansion_projection_with_squeeze_and_excitation_gating/dense_projection_with_bias")


def _build_long_names() -> Graph:
    rng = _rng("long_names")
    b = GraphBuilder("long_names")
    x = b.data("input", (4, 16))
    h = b.op("FastGelu", f"{LONG_SCOPE}/FastGelu", [_dense(b, rng, LONG_SCOPE, x, 16, 16)])
    return b.build([_dense(b, rng, "head", h, 16, 4)])


MODELS: dict[str, ModelDef] = {m.info.name: m for m in (
    ModelDef(ModelInfo("mlp", msg("3-layer MLP (MatMulV2, bias Add, Relu, a residual Add, SoftmaxV2), input 8x32")),
             _build_mlp, lambda r: {"input": r.normal(0.0, 1.0, (8, 32))},
             overwrite=("dense_1/Relu", "dense/Relu"), fault_op="dense_1/MatMul"),
    ModelDef(ModelInfo("convnet", msg("NCHW conv net: 2x (Conv2D, BNInferenceD, Relu, MaxPool), Flatten, "
                                  "MatMulV2, SoftmaxV2; input 2x3x16x16")),
             _build_convnet, lambda r: {"data": r.normal(0.0, 1.0, (2, 3, 16, 16))},
             overwrite=("pool2", "pool1"), fault_op="conv2conv2_relu"),
    ModelDef(ModelInfo("transformer", msg("one encoder block: LayerNorm, Q/K/V MatMulV2, SoftmaxV2, Gelu FFN, "
                                      "residual Adds; 16 tokens x 64")),
             _build_transformer, lambda r: {"hidden_states": r.normal(0.0, 1.0, (16, 64))},
             overwrite=("encoder/ffn/Gelu", "encoder/attn/residual/Add"), fault_op="encoder/attn/Softmax"),
    ModelDef(ModelInfo("overflow_fp16", msg("2-layer MLP whose first MatMulV2 exceeds the float16 range "
                                        "(finite in float32)")),
             _build_overflow, lambda r: {"input": r.uniform(10.0, 20.0, (4, 16))},
             overwrite=("dense/Relu", "dense/MatMul"), fault_op="dense_1/MatMul"),
    ModelDef(ModelInfo("long_names", msg("small MLP (MatMulV2, FastGelu) with deeply nested scope names: its dump "
                                     "file names exceed 255 "
                                     "bytes, so they are written hashed with mapping.csv rows")),
             _build_long_names, lambda r: {"input": r.normal(0.0, 1.0, (4, 16))},
             overwrite=(f"{LONG_SCOPE}/FastGelu", f"{LONG_SCOPE}/MatMul"), fault_op="head/MatMul"),
    ModelDef(ModelInfo("mixed_precision", msg("velocity head: sensor-frame positions (8 tracks x 65 samples at "
                                          "100 Hz) + a 96 m frame origin (Add), finite-difference velocity "
                                          "(MatMulV2), dense Relu, dense, SoftmaxV2. velocity/MatMul diverges "
                                          "when it runs in float16/bfloat16 (mixed precision): its inputs "
                                          "(76-116 m, moving 1-3 cm per sample) keep 3 (float16) or 2 "
                                          "(bfloat16) significant digits, so the differences of neighbours "
                                          "are rounding noise; world_frame/Add (float32 in mixed modes) and "
                                          "the rounded inputs still match the golden")),
             _build_mixed_precision, _mixed_precision_inputs,
             overwrite=("encoder/Relu", "velocity/MatMul"), fault_op="head/MatMul"),
)}


def list_models() -> list[ModelInfo]:
    """The built-in models, by name."""
    return [m.info for m in MODELS.values()]
