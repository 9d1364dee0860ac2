"""The chunked engine against msaccucmp's whole-array formulas on random tensors, bit for bit.

The leaf size is made small so that modest tensors span many leaves (and both threads); the
distributions are picked to hit the shortcuts: KL's floor skipped per leaf, the |y| > eps test decided
from y*y, and StandardDeviation decided from float32 sums or, when that is undecided, exact float64.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from ascend_dump_gui.core.metrics import fused, kernel, pairwise, stdev
from ascend_dump_gui.core.metrics import msprobe_metrics as msprobe_metrics_mod
from ascend_dump_gui.core.metrics.metrics import FAILED, METRIC_NAMES, evaluate, fmt6, format_std
from ascend_dump_gui.core.metrics.msprobe_metrics import msprobe_metrics
from tests.core.compare.msaccucmp_reference import reference_values


def _pair(kind: str, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    g = rng.standard_normal(n)
    if kind == "noise":
        return g.astype(np.float32), (g + 10 ** rng.uniform(-6, -1) * rng.standard_normal(n)).astype(np.float32)
    if kind == "offset":          # big mean: StandardDeviation needs the exact float64 pass
        x = (g * 3 + 1000).astype(np.float32)
        return x, (x + 0.01 * rng.standard_normal(n)).astype(np.float32)
    if kind == "relu":            # golden zeros: the masked relative error
        x = np.maximum(g, 0).astype(np.float32)
        return x, np.maximum(x + 0.01 * rng.standard_normal(n), 0).astype(np.float32)
    if kind == "uniform":         # one-signed golden
        return rng.uniform(0, 1, n).astype(np.float32), rng.uniform(0.5, 1, n).astype(np.float32)
    if kind == "cauchy":
        x = rng.standard_cauchy(n).astype(np.float32)
        return x, (x * (1 + 1e-3 * rng.standard_normal(n))).astype(np.float32)
    if kind == "tiny":            # |y| around EPS64
        x = (g * 1e-16).astype(np.float32)
        return x, (x * 1.001).astype(np.float32)
    if kind == "float16":
        x = g.astype(np.float16)
        return x, (x + np.float16(0.01) * rng.standard_normal(n)).astype(np.float16)
    if kind == "integers":
        x = rng.integers(-100, 100, n).astype(np.float32)
        return x, (x + rng.integers(-1, 2, n)).astype(np.float32)
    if kind == "nan_inf":
        x = g.astype(np.float32)
        y = (x * 1.01).astype(np.float32)
        x[rng.integers(0, n, 3)] = np.nan
        y[rng.integers(0, n, 2)] = np.inf
        return x, y
    raise AssertionError(kind)


KINDS = ["noise", "offset", "relu", "uniform", "cauchy", "tiny", "float16", "integers", "nan_inf"]


def _same_bits(got, want) -> bool:
    if want is None or got is None:
        return got is want
    return (math.isnan(float(got)) and math.isnan(float(want))) or float(got) == float(want)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(3))
def test_random_pairs_equal_whole_array_msaccucmp(kind, seed):
    rng = np.random.default_rng([seed, KINDS.index(kind)])
    n = int(rng.integers(20_000, 60_000))
    x, y = _pair(kind, n, rng)
    got = evaluate(x, y, leaf=int(rng.choice([1024, 4096, 8192])))
    want = reference_values(x, y)
    for name in METRIC_NAMES:
        if name == "StandardDeviation":
            assert got.texts[name] == format_std(want[name]), name
            continue
        assert _same_bits(got.values[name], want[name]), (name, got.values[name], want[name])
        assert got.texts[name] == (FAILED if want[name] is None else fmt6(want[name])), name


@pytest.mark.parametrize("kind", ["noise", "offset", "relu", "cauchy", "nan_inf"])
def test_float32_std_shortcut_equals_exact_float64(kind, monkeypatch):
    rng = np.random.default_rng(KINDS.index(kind))
    x, y = _pair(kind, 30_000, rng)
    quick = evaluate(x, y, ["StandardDeviation"], leaf=2048).texts
    monkeypatch.setattr(stdev, "side_from_float32", lambda *args: None)
    assert evaluate(x, y, ["StandardDeviation"], leaf=2048).texts == quick


def test_std_shortcut_decides_ordinary_data_and_refuses_ties_and_big_values():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(100_000).astype(np.float32)
    side = stdev.side_from_float32(x.size, float(x.sum()), float(np.square(x).sum()))
    assert side == (stdev.cell_value(np.mean(x, dtype=np.float64)), stdev.cell_value(np.std(x, dtype=np.float64)))
    # a mean a hair from the 0.0015 rounding boundary cannot be decided from float32 sums
    tie = np.full(1000, 0.0015, np.float32)
    assert stdev.side_from_float32(tie.size, float(tie.sum()), float(np.square(tie).sum())) is None
    big = (x * 50 + 1e4).astype(np.float32)
    assert stdev.side_from_float32(big.size, float(big.sum()), float(np.square(big).sum())) is None
    assert stdev.side_from_float32(10, math.nan, 1.0) is None
    assert stdev.side_from_float32(10, 1.0, math.inf) is None


def test_exact_moments_without_vecdot(monkeypatch):
    rng = np.random.default_rng(9)
    v = (rng.standard_normal(20_000) * 2 + 5).astype(np.float32)
    buf = np.empty(v.size)
    with_vecdot = stdev.leaf_stat(v, buf)
    monkeypatch.setattr(pairwise, "_VECDOT", None)
    without = stdev.leaf_stat(v, buf)
    assert without[0] == with_vecdot[0]
    assert without[1:] == pytest.approx(with_vecdot[1:], rel=1e-12)
    assert stdev.merge_stats([without]) == pytest.approx((np.mean(v, dtype=np.float64), np.std(v, dtype=np.float64)),
                                                          rel=1e-12)


def test_tiny_square_decides_the_eps_test_exactly():
    eps = np.float32(2.0 ** -52)
    near = [np.nextafter(eps, np.float32(0)), eps, np.nextafter(eps, np.float32(1)), np.float32(0),
            np.float32(1e-45), np.float32(1e-30), np.float32(1e-16), np.float32(3e-16), np.float32(1),
            np.float32(np.inf), np.float32(np.nan), np.float32(3e38)]
    y = np.array(near + [-v for v in near], np.float32)
    with np.errstate(all="ignore"):
        assert np.array_equal(np.square(y) > fused._TINY_SQUARE, np.abs(y) > fused.EPS64)


def test_kl_floor_threshold_is_above_the_floor():
    rng = np.random.default_rng(3)
    for _ in range(200):
        lo = np.float32(rng.standard_normal() * 10 ** rng.uniform(-5, 5))
        span = np.float32(10 ** rng.uniform(-5, 5))
        floor = fused._floor_from(lo, span)
        assert floor is not None
        above = floor + np.abs(floor) * rng.uniform(0, 1e-3, 50).astype(np.float32)
        with np.errstate(all="ignore"):
            assert np.all(np.divide(np.subtract(np.append(above, floor), lo), span) >= fused.EPS32)
    assert fused._floor_from(np.float32(1), np.float32(0)) is None
    assert fused._floor_from(np.float32(np.nan), np.float32(1)) is None


@pytest.mark.parametrize("kind", KINDS + ["float64", "mixed"])
def test_msprobe_buffered_leaves_equal_the_general_path(kind, monkeypatch):
    monkeypatch.setattr(kernel, "KERNEL", None)       # numpy's buffered leaves (the kernel: test_metrics_kernel)
    rng = np.random.default_rng([7, len(kind)])
    if kind == "float64":
        x = rng.standard_normal(30_000)
        pair = (x, x * (1 + 1e-6 * rng.standard_normal(30_000)))
    elif kind == "mixed":
        x = rng.standard_normal(30_000).astype(np.float32)
        pair = (x, x.astype(np.float64) * 1.001)
    else:
        pair = _pair(kind, 30_000, rng)
    quick = msprobe_metrics(*pair, leaf=4096)
    monkeypatch.setattr(msprobe_metrics_mod, "_fast_leaf", lambda *args: None)
    general = msprobe_metrics(*pair, leaf=4096)
    assert quick.values == general.values
    assert quick.message == general.message
