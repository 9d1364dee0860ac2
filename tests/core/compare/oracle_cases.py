"""Deterministic tensor pairs for the metric oracle tests (plain numpy: also imported by the generator,
which runs in the msprobe venv without this package).

``shared_cases()`` re-creates the arrays of ``shared/tools/msprobe-oracle/make_compare_cases.py`` (same
seed, same draws, restored layouts), keyed by the TensorIndex msaccucmp gives them; ``edge_cases()`` are
ours: zeros, NaN/Inf, bool, scalars, empty, shape mismatch, mixed dtypes, multi-leaf tensors.
"""

from __future__ import annotations

import numpy as np

try:
    import ml_dtypes
except ImportError:  # the generator's venv has it; keep the module importable anyway
    ml_dtypes = None


def shared_cases() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """TensorIndex -> (npu, golden) for make_compare_cases.py's NPU-vs-NPU and offline-vs-golden rows."""
    rng = np.random.default_rng(7)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    a = rng.standard_normal((2, 3, 4)).astype(np.float32)
    b = (a * (1 + 1e-3 * rng.standard_normal(a.shape))).astype(np.float32)
    out["npu:add_f32:output:0"] = (a, b)
    x = rng.standard_normal((1, 20, 3, 3)).astype(np.float16)
    y = (x + np.float16(0.01) * rng.standard_normal(x.shape).astype(np.float16)).astype(np.float16)
    out["npu:conv_5hd:output:0"] = (x, y)
    m = rng.standard_normal((20, 35)).astype(np.float16)
    out["npu:matmul_nz:output:0"] = (m, (m * np.float16(1.01)).astype(np.float16))
    z = np.zeros(8, np.float32)
    out["npu:zeros_op:output:0"] = (z, z.copy())
    out["npu:zero_left:output:0"] = (z, np.linspace(-1, 1, 8).astype(np.float32))
    c = np.linspace(-1, 1, 8).astype(np.float32)
    cn = c.copy()
    cn[2], cn[5] = np.nan, np.inf
    out["npu:nan_inf:output:0"] = (cn, c)
    bl = rng.random(16) > 0.5
    br = bl.copy()
    br[:3] = ~br[:3]
    out["npu:bool_op:output:0"] = (bl, br)
    out["npu:scalar_op:output:0"] = (np.array(2.0, np.float32), np.array(2.5, np.float32))
    out["npu:fp16_overflow:output:0"] = (np.array([1.0, 2.0, 65504.0, -3.0], np.float16),
                                         np.array([1.0, 2.0, 60000.0, -3.0], np.float16))
    xin = rng.standard_normal((1, 20, 3, 3)).astype(np.float16)
    conv = rng.standard_normal((1, 20, 3, 3)).astype(np.float16)
    conv_g = (conv + np.float16(0.02) * rng.standard_normal(conv.shape).astype(np.float16)).astype(np.float16)
    mm = np.maximum(rng.standard_normal((20, 35)), 0).astype(np.float16)
    out["offline:conv_5hd:input:0"] = (xin, xin.copy())
    out["offline:conv_5hd:output:0"] = (conv, conv_g)
    out["offline:fused_mm_relu:output:0"] = (mm, (mm * np.float16(1.001)).astype(np.float16))
    return out


def _noisy(rng: np.random.Generator, shape, rel: float, dtype=np.float32) -> tuple[np.ndarray, np.ndarray]:
    a = rng.standard_normal(shape).astype(dtype)
    return a, (a * (1 + rel * rng.standard_normal(shape))).astype(dtype)


def edge_cases() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Our own cases (name -> (npu, golden)), all regenerated from fixed seeds."""
    rng = np.random.default_rng(20240611)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    out["noise_f32_1000"] = _noisy(rng, (10, 100), 1e-3)
    out["noise_f16_4096"] = _noisy(rng, (64, 64), 5e-3, np.float16)
    out["multi_leaf_f32_200003"] = _noisy(rng, (200003,), 2e-3)
    big = (rng.standard_normal(300000) * 50 + 1000).astype(np.float32)
    out["multi_leaf_offset_300000"] = (big, (big + rng.standard_normal(300000).astype(np.float32)))
    out["diverged"] = (rng.standard_normal(500).astype(np.float32), rng.standard_normal(500).astype(np.float32))
    out["zeros_both"] = (np.zeros((4, 4), np.float32), np.zeros((4, 4), np.float32))
    out["zeros_golden"] = (np.linspace(-2, 2, 16).astype(np.float32), np.zeros(16, np.float32))
    g = rng.standard_normal(64).astype(np.float32)
    g[::5] = 0
    g[1] = 1e-20
    out["golden_with_zeros"] = (g + np.float32(0.01), g)
    out["negative_zero"] = (np.array([-0.0, 0.0, -0.0, 1.0], np.float32), np.array([0.0, -0.0, -0.0, 1.0], np.float32))
    v = np.linspace(-3, 3, 32).astype(np.float32)
    vn = v.copy()
    vn[[3, 7]] = np.nan
    out["nan_npu"] = (vn, v)
    out["nan_golden"] = (v, vn)
    out["nan_same_positions"] = (vn, vn * 1.01)
    vi = v.copy()
    vi[[4, 9]] = [np.inf, -np.inf]
    out["inf_same_positions"] = (vi, vi.copy())
    vi2 = v.copy()
    vi2[4] = np.inf
    out["inf_npu_only"] = (vi2, v)
    vni = v.copy()
    vni[[1, 2]] = [np.nan, np.inf]
    out["nan_inf_mixed_match"] = (vni, vni * 0.5)
    out["neg_inf_golden"] = (v, np.where(v > 2.5, -np.inf, v).astype(np.float32))
    out["huge_values_f32"] = (np.array([1e20, -3e19, 5.0, 2e25], np.float32), np.array([1e20, -3e19, 5.5, 2e25], np.float32))
    out["fp16_extremes"] = (np.array([65504, -65504, np.inf, 1, 0.5, -0.25], np.float16),
                            np.array([65000, -65504, 70000, 1, 0.5, -0.25], np.float32))
    out["constant_both"] = (np.full(20, 3.0, np.float32), np.full(20, 3.0, np.float32))
    out["constant_npu"] = (np.full(20, 3.0, np.float32), np.linspace(0, 1, 20).astype(np.float32))
    out["tiny_mean_std"] = (np.array([0.0004, -0.0008, 0.0002, -0.0006], np.float32),
                            np.array([0.0003, -0.0009, 0.0002, -0.0006], np.float32))
    out["kl_negative_values"] = (np.linspace(-5, -1, 50).astype(np.float32), np.linspace(-5, -0.5, 50).astype(np.float32))
    out["int32_vs_float64"] = (np.arange(-6, 6, dtype=np.int32).reshape(3, 4), np.arange(-6, 6).reshape(3, 4) * 1.05)
    out["int8_vs_int8"] = (np.arange(-8, 8, dtype=np.int8), np.arange(-8, 8, dtype=np.int8)[::-1].copy())
    out["f16_vs_f64"] = (np.linspace(-1, 1, 30).astype(np.float16), np.linspace(-1, 1, 30) * 1.0001)
    out["bool_identical"] = (rng.random(40) > 0.5,) * 2
    bl = rng.random(40) > 0.5
    out["bool_different"] = (bl, ~bl)
    out["bool_golden_false"] = (bl, np.zeros(40, bool))
    out["bool_npu_false"] = (np.zeros(40, bool), bl)
    out["bool_all_false"] = (np.zeros(40, bool), np.zeros(40, bool))
    out["bool_scalar_shape"] = (np.array([True]), np.array([False]))
    out["bool_vs_float"] = (bl, bl.astype(np.float32) * 0.9)
    out["scalar_0d"] = (np.array(1.5, np.float32), np.array(1.25, np.float32))
    out["scalar_0d_f16"] = (np.array(0.1, np.float16), np.array(0.3, np.float16))
    out["scalar_0d_nan"] = (np.array(np.nan, np.float32), np.array(1.0, np.float32))
    out["scalar_1"] = (np.array([3.0], np.float32), np.array([2.0], np.float32))
    out["scalar_1x1x1"] = (np.array([[[0.0]]], np.float32), np.array([[[2.0]]], np.float32))
    out["size1_zero_golden"] = (np.array([[0.5]], np.float32), np.array([[0.0]], np.float32))
    out["empty"] = (np.zeros(0, np.float32), np.zeros(0, np.float32))
    out["empty_0x2"] = (np.zeros((0, 2), np.float32), np.zeros((0, 2), np.float32))
    out["shape_mismatch_same_size"] = _noisy(rng, (2, 3), 1e-2)
    out["shape_mismatch_same_size"] = (out["shape_mismatch_same_size"][0],
                                       out["shape_mismatch_same_size"][1].reshape(3, 2))
    out["length_mismatch"] = (np.ones((2, 3), np.float32), np.ones(4, np.float32))
    if ml_dtypes is not None:
        a = rng.standard_normal(256).astype(np.float32)
        out["bfloat16_vs_f32"] = (a.astype(ml_dtypes.bfloat16), a)
    out.update(shortcut_cases())
    return out


def shortcut_cases() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Tensors over several 128K-element leaves that steer the engine's shortcuts both ways: the
    StandardDeviation decided from float32 sums or by the exact float64 pass, KL's floor skipped or
    applied per leaf, the |y| > eps test decided from y*y or masked (own seed: the cases above keep
    their draws)."""
    rng = np.random.default_rng(20261122)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    big = (rng.standard_normal(300001) * 3 + 1000).astype(np.float32)
    out["std_offset_mean_300001"] = (big, (big + 0.01 * rng.standard_normal(300001)).astype(np.float32))
    tie = np.full(270000, 0.0015, np.float32)               # mean a hair above the 0.0015 boundary
    out["std_near_rounding_tie"] = (tie, (tie + 1e-9 * rng.standard_normal(270000)).astype(np.float32))
    lo = rng.uniform(0, 1, 270000).astype(np.float32)
    lo[rng.integers(0, 50000, 40)] = np.float32(1e-9)         # KL's floor acts in the first leaf only
    out["kl_floor_leaves"] = (lo, rng.uniform(0.2, 1, 270000).astype(np.float32))
    tiny = (rng.standard_normal(150001) * 3e-16).astype(np.float32)
    tiny[:40000] *= np.float32(1e15)                          # first leaf: every |y| > eps
    out["golden_near_eps_multi_leaf"] = ((tiny * 1.5).astype(np.float32), tiny)
    relu = np.maximum(rng.standard_normal(200003), 0).astype(np.float32)
    out["relu_multi_leaf"] = (relu, np.maximum(relu + 0.01 * rng.standard_normal(200003), 0).astype(np.float32))
    heavy = rng.standard_cauchy(180000).astype(np.float32)
    out["cauchy_multi_leaf"] = (heavy, (heavy * (1 + 1e-3 * rng.standard_normal(180000))).astype(np.float32))
    near = rng.standard_normal(140000).astype(np.float32)
    out["nearly_equal_multi_leaf"] = (near, (near + np.float32(1e-7) * rng.standard_normal(140000)).astype(np.float32))
    return out
