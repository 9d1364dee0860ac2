"""Every covered GE op type: honest float16/float32 results are faithful, results off by 1e-2 are kernel."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.replay.call import OpCall, Unsupported
from ascend_dump_gui.core.replay.judge import FAITHFUL, KERNEL, judge, worst
from ascend_dump_gui.core.replay.registry import covered, reference_of
from tests.core.replay.cases import CASES, Case, cast_case, perturb

DTYPES = (np.float16, np.float32)
BF16 = ml_dtypes.bfloat16
ALL = [*CASES, cast_case(np.float32, np.float16), cast_case(np.float16, np.float32)]


def _run(case: Case, dtype, *, wrong: bool, seed: int = 0, rel: float | None = None) -> list[str]:
    rng = np.random.default_rng(seed)
    xs = case.make(rng, dtype)
    out_dtype = np.float16 if case.op_type == "Cast" and xs[0].dtype == np.float32 else \
        np.float32 if case.op_type == "Cast" else dtype
    honest = [np.asarray(y) for y in case.device(xs, case.attrs)]
    outs = [y.astype(out_dtype) if i == 0 or case.op_type != "RmsNorm" else y.astype(np.float32)
            for i, y in enumerate(honest)]
    if wrong:
        outs = [perturb(y, rel or case.kernel_rel).astype(y.dtype) for y in outs]
    call = OpCall(case.op_type, xs, dict(case.attrs), [str(o.dtype) for o in outs], [o.shape for o in outs],
                  list(case.in_formats))
    expected = reference_of(case.op_type)(call)
    return [judge(o, e).verdict for o, e in zip(outs, expected, strict=True)]


def test_every_listed_ge_op_type_is_covered():
    listed = ["MatMul", "MatMulV2", "BatchMatMul", "BatchMatMulV2", "Conv2D", "Add", "Sub", "Mul", "RealDiv",
              "Maximum", "Minimum", "BiasAdd", "Relu", "Gelu", "FastGelu", "Sigmoid", "Tanh", "Swish", "LeakyRelu",
              "SoftmaxV2", "LogSoftmaxV2", "LayerNorm", "RmsNorm", "BNInferenceD", "ReduceSumD", "ReduceMeanD",
              "ReduceMaxD", "Cast", "TransData", "Transpose", "Reshape", "Exp", "Log", "Sqrt", "Rsqrt", "Pow",
              "Square", "MaxPool", "AvgPool", "GatherV2", "ConcatD", "SplitD"]
    assert set(listed) <= set(covered())
    assert set(listed) <= {c.op_type for c in ALL}


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("case", ALL, ids=lambda c: c.id)
def test_honest_result_is_faithful(case: Case, dtype):
    for seed in range(3):
        assert worst(_run(case, dtype, wrong=False, seed=seed)) == FAITHFUL, seed


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("case", ALL, ids=lambda c: c.id)
def test_result_off_by_one_percent_is_kernel(case: Case, dtype):
    assert worst(_run(case, dtype, wrong=True)) == KERNEL


BF16_CASES = [c for c in ALL if c.op_type != "Cast"]


@pytest.mark.parametrize("case", BF16_CASES, ids=lambda c: c.id)
def test_bfloat16_honest_is_faithful_and_ten_percent_off_is_kernel(case: Case):
    """bfloat16 keeps 8 bits: its budget (2^-8 per rounding, up to 7 roundings for composite activations,
    times the safety factor) cannot see 1e-2; ten times that it does."""
    for seed in range(2):
        assert worst(_run(case, BF16, wrong=False, seed=seed)) == FAITHFUL, seed
    assert worst(_run(case, BF16, wrong=True, rel=10 * case.kernel_rel)) == KERNEL


def test_gelu_high_performance_polynomial_is_a_faithful_variant():
    x = np.linspace(-4, 4, 97).astype(np.float16)
    xf = x.astype(np.float32)
    sgn = np.sign(xf + 1e-12)
    y = (xf * (sgn * (-0.1444 * (np.minimum(np.abs(0.7071 * xf), 1.769) - 1.769) ** 2 + 0.5) + 0.5)).astype(np.float16)
    call = OpCall("Gelu", [x], {}, ["float16"], [y.shape])
    expected = reference_of("Gelu")(call)[0]
    assert judge(y, expected).verdict == FAITHFUL
    assert judge(perturb(y).astype(np.float16), expected).verdict == KERNEL


def _matmul(k: int, seed: int, *, wrong: bool) -> str:
    rng = np.random.default_rng(seed)
    a = rng.normal(0, 1, (32, k)).astype(np.float16)
    b = rng.normal(0, 1, (k, 48)).astype(np.float16)
    y = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)   # fp32 accumulation, one rounding
    if wrong:
        y = (y.astype(np.float64) * (1 + 1e-2 * rng.choice([-1.0, 1.0], y.shape))).astype(np.float16)
    call = OpCall("MatMulV2", [a, b], {}, ["float16"], [y.shape])
    return judge(y, reference_of("MatMulV2")(call)[0]).verdict


@pytest.mark.parametrize("seed", range(4))
def test_calibration_fp16_matmul_k4096(seed):
    """The issue's calibration: K=4096 accumulated in float32 and rounded to float16 is faithful; a 1e-2
    relative perturbation is kernel."""
    assert _matmul(4096, seed, wrong=False) == FAITHFUL
    assert _matmul(4096, seed, wrong=True) == KERNEL


def test_float16_accumulation_is_beyond_the_float32_accumulation_budget():
    rng = np.random.default_rng(1)
    a = rng.normal(0, 1, (16, 4096)).astype(np.float16)
    b = rng.normal(0, 1, (4096, 16)).astype(np.float16)
    acc = np.zeros((16, 16), np.float16)
    for k in range(0, 4096, 16):           # a kernel that accumulates in float16: not what the Cube does
        acc = (acc + (a[:, k:k + 16].astype(np.float32) @ b[k:k + 16].astype(np.float32))).astype(np.float16)
    call = OpCall("MatMul", [a, b], {}, ["float16"], [acc.shape])
    assert judge(acc, reference_of("MatMul")(call)[0]).verdict == KERNEL


def test_flushed_subnormals_are_faithful():
    x = np.array([1e-6, -3e-7, 2.0, 5e-5], np.float16)          # float16 subnormals below 6.1e-5
    flushed = np.where(np.abs(x) < 2 ** -14, 0, x).astype(np.float16)
    call = OpCall("Relu", [x], {}, ["float16"], [x.shape])
    assert judge(np.maximum(flushed, 0), reference_of("Relu")(call)[0]).verdict == FAITHFUL


def test_float16_overflow_to_inf_is_faithful():
    a = np.full((2, 4), 200.0, np.float16)
    b = np.full((4, 2), 100.0, np.float16)
    with np.errstate(over="ignore"):
        y = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    assert np.isinf(y).all()
    call = OpCall("MatMul", [a, b], {}, ["float16"], [y.shape])
    assert judge(y, reference_of("MatMul")(call)[0]).verdict == FAITHFUL


def test_nan_where_the_replay_is_finite_is_kernel():
    x = np.linspace(-2, 2, 12, dtype=np.float32)
    y = np.maximum(x, 0)
    y[3] = np.nan
    call = OpCall("Relu", [x], {}, ["float32"], [y.shape])
    assert judge(y, reference_of("Relu")(call)[0]).verdict == KERNEL


def test_softmax_x_minus_max_rounded_in_float16_is_faithful():
    """TBE computes x - max in float16 before exp: large spreads make that rounding visible."""
    rng = np.random.default_rng(3)
    x = (rng.normal(0, 6, (8, 64))).astype(np.float16)
    d = (x - x.max(axis=-1, keepdims=True)).astype(np.float16)
    e = np.exp(d.astype(np.float32))
    y = (e / e.sum(axis=-1, keepdims=True)).astype(np.float16)
    call = OpCall("SoftmaxV2", [x], {"axes": [-1]}, ["float16"], [y.shape])
    assert judge(y, reference_of("SoftmaxV2")(call)[0]).verdict == FAITHFUL


UNSUPPORTED = [
    ("ScatterNd", [np.ones((2, 3), np.float16)], {}, "not covered"),
    ("Conv2D", [np.ones((1, 2, 4, 4), np.float16), np.ones((2, 2, 3, 3), np.float16)], {"data_format": "NCHW"},
     "strides"),
    ("MatMul", [np.ones((2, 3), np.int8), np.ones((3, 2), np.int8)], {}, "quantized"),
    ("ReduceSumD", [np.ones((2, 3), np.float16)], {"axes": []}, "empty axes"),
    ("Cast", [np.ones((2, 3), np.float32)], {}, "rounding mode"),
    ("GeluV2", [np.ones((2, 3), np.float16)], {"approximate": "sigmoid"}, "approximate"),
    ("LayerNorm", [np.ones((2, 8), np.float16), np.ones(8, np.float16), np.zeros(8, np.float16)], {},
     "begin_norm_axis"),
    ("MaxPool", [np.ones((1, 1, 4, 4), np.float16)], {"ksize": 2, "strides": 2, "padding": "VALID"}, "ksize"),
    ("MatMul", [np.ones((2, 3), np.float16), np.ones((4, 2), np.float16)], {}, "do not multiply"),
]


@pytest.mark.parametrize(("op_type", "xs", "attrs", "why"), UNSUPPORTED, ids=[u[0] + "-" + u[3] for u in UNSUPPORTED])
def test_uncovered_types_and_attributes_are_unsupported_with_the_reason(op_type, xs, attrs, why):
    out = "int32" if op_type == "Cast" else "float16"
    call = OpCall(op_type, xs, attrs, [out], [(2, 3)])
    with pytest.raises(Unsupported, match=f"(?i){why}"):
        reference_of(op_type)(call)


_ERF = np.vectorize(math.erf)
ACTIVATIONS = {   # every step in the compute dtype, as a float16-native TBE kernel or PyTorch's float32 does
    "FastGelu": lambda x, dt: x / (dt(1) + np.exp(dt(-1.702) * x)),
    "Swish": lambda x, dt: x / (dt(1) + np.exp(-x)),
    "Sigmoid": lambda x, dt: dt(1) / (dt(1) + np.exp(-x)),
    "Gelu": lambda x, dt: x / (dt(1) + np.exp(dt(-1.5957691) * (x + dt(0.044715) * x * x * x))),
    "GeluV2": lambda x, dt: dt(0.5) * x * (dt(1) + _ERF(x * dt(0.70710678)).astype(dt)),
    "Tanh": lambda x, dt: np.tanh(x),
}


@pytest.mark.parametrize("name", ACTIVATIONS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_activations_far_out_are_faithful(name, dtype):
    """Where exp overflows (x / inf = 0) or 1 + erf cancels, honest kernels lose the tiny tail: faithful."""
    x = np.linspace(-100, 100, 4001).astype(dtype)
    call = OpCall(name, [x], {"approximate": "none"} if name == "GeluV2" else {}, [np.dtype(dtype).name], [x.shape])
    expected = reference_of(name)(call)[0]
    for compute in {dtype, np.float32}:
        with np.errstate(all="ignore"):
            y = ACTIVATIONS[name](x.astype(compute), compute).astype(dtype)
        assert judge(y, expected).verdict == FAITHFUL, compute
