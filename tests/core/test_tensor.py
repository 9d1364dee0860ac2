"""core.tensor: display values, statistics, planes, min/max pyramids, histograms and exports."""

from __future__ import annotations

import io
from dataclasses import replace

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core import tensor
from ascend_dump_gui.core.dump import tensor_stats
from ascend_dump_gui.core.progress import Cancelled, CancelToken


def test_display_values_widens_low_precision_and_keeps_float32():
    f32 = np.arange(4, dtype=np.float32)
    assert tensor.display_values(f32) is f32
    assert tensor.display_values(f32.astype(np.float16)).dtype == np.float32
    assert tensor.display_values(f32.astype(ml_dtypes.bfloat16)).dtype == np.float32
    assert tensor.display_values(np.array([2**40], dtype=np.int64))[0] == 2**40
    assert tensor.display_values(np.array([True, False])).tolist() == [1.0, 0.0]
    assert tensor.display_values(np.array([3 + 4j])).tolist() == [5.0]


def test_plane_picks_axes_and_fixes_the_others():
    a = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    p = tensor.plane(a, (1, 3), (1, 0, 2, 0))
    assert p.shape == (3, 5)
    assert np.array_equal(p, a[1, :, 2, :])
    assert np.array_equal(tensor.plane(a, (3, 1), (1, 0, 2, 0)), a[1, :, 2, :].T)
    assert tensor.plane(np.float32(7), (0, 1), ()).shape == (1, 1)
    assert tensor.plane(np.arange(6), (0, 1), ()).shape == (1, 6)
    assert tensor.default_axes((2, 3, 4)) == (1, 2)
    with pytest.raises(ValueError):
        tensor.plane(a, (2, 2), (0, 0, 0, 0))


def test_decimate_plane_bounds_both_sides():
    p = np.zeros((5000, 300))
    small, steps = tensor.decimate_plane(p, 1024)
    assert steps == (5, 1) and small.shape == (1000, 300)


def test_pyramid_view_returns_raw_values_when_they_fit():
    values = np.arange(1000, dtype=np.float32)
    values[10] = np.inf
    pyr = tensor.build_pyramid(values)
    x, y = pyr.view(5, 20, max_points=100)
    assert x[0] == 5 and x[-1] == 20  # stop is included: the curve reaches the view edge
    assert np.isnan(y[x == 10]).all() and y[0] == 5


def test_pyramid_envelope_keeps_every_extreme_within_budget():
    rng = np.random.default_rng(1)
    values = rng.normal(size=200_000).astype(np.float32)
    values[123_457] = 50.0  # one spike must survive downsampling
    values[99_999] = -40.0
    pyr = tensor.build_pyramid(values, base=16, factor=4, top_bins=256)
    assert [lvl[0] for lvl in pyr.levels][:3] == [16, 64, 256]
    assert pyr.levels[-1][1].size <= 256
    x, y = pyr.view(0, values.size, max_points=2000)
    assert x.size <= 2000
    assert np.nanmax(y) == 50.0 and np.nanmin(y) == -40.0
    x, y = pyr.view(120_000, 130_000, max_points=2000)
    assert x.min() >= 120_000 - 64 and x.max() <= 130_000 + 64 and np.nanmax(y) == 50.0


def test_pyramid_ignores_nonfinite_values_in_envelopes():
    values = np.ones(4096, dtype=np.float32)
    values[:16] = np.nan
    values[100] = np.inf
    pyr = tensor.build_pyramid(values, base=16)
    size, mins, maxs = pyr.levels[0]
    assert np.isnan(mins[0]) and np.isnan(maxs[0])
    assert maxs[100 // 16] == 1.0


def test_histogram_counts_finite_values_only():
    for dtype in (np.float32, np.float16):  # the converting pass and the bit-pattern table
        values = np.array([0, 0, 1, 2, 3, 4, np.nan, np.inf], dtype=dtype)
        h = tensor.prepare_display(values, bins=4).histogram
        assert h.counts.tolist() == [2, 1, 1, 2]
        assert h.edges[0] == 0 and h.edges[-1] == 4
    flat = tensor.prepare_display(np.full(5, 2.0), bins=3).histogram
    assert flat.counts.sum() == 5 and flat.edges[0] < 2 < flat.edges[-1]


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_nonfinite_positions_are_flat_indices_capped_per_kind(monkeypatch, dtype):
    monkeypatch.setattr(tensor_stats, "CHUNK", 8)
    values = np.zeros(40, dtype=dtype)
    values[[3, 17, 30, 31]] = np.nan
    values[[5, 25]] = np.inf
    values[39] = -np.inf
    d = tensor.prepare_display(values, marker_limit=3)
    assert d.nan_at.tolist() == [3, 17, 30] and d.pos_inf_at.tolist() == [5, 25] and d.neg_inf_at.tolist() == [39]
    assert (d.stats.nan, d.stats.pos_inf, d.stats.neg_inf) == (4, 2, 1)


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16, np.int16, np.uint8, np.bool_, np.float32,
                                   np.float64, np.int64, np.complex64])
def test_one_pass_statistics_match_float64_numpy(monkeypatch, dtype):
    monkeypatch.setattr(tensor_stats, "CHUNK", 1024)  # several chunks, the last one partial
    rng = np.random.default_rng(3)
    raw = rng.normal(3, 5, size=5000)
    if np.dtype(dtype).kind == "c":
        raw = raw + 1j * raw[::-1]
    a = raw.astype(dtype)
    if np.dtype(dtype).kind in "fV":
        a[[7, 4000]] = np.nan
        a[9] = np.inf
    ref = np.asarray(np.abs(a) if a.dtype.kind == "c" else a, dtype=np.float64)
    good = ref[np.isfinite(ref)]
    d = tensor.prepare_display(a, bins=16)
    s = d.stats
    assert (s.min, s.max) == (good.min(), good.max())
    assert s.mean == pytest.approx(good.mean(), rel=1e-6, abs=1e-9)
    assert s.std == pytest.approx(good.std(), rel=1e-5)
    assert s.nan == int(np.isnan(ref).sum()) and s.pos_inf == int(np.isposinf(ref).sum())
    assert d.histogram.counts.sum() == good.size
    assert d.values is a or a.dtype.kind == "c"  # no float copy of the tensor
    assert tensor_stats.tensor_stats(a) == replace(s, dtype=str(a.dtype))


def test_signalling_nan_patterns_convert_without_warnings():
    every = np.arange(1 << 16, dtype=np.uint16).view(np.float16)  # includes NaNs without the quiet bit
    d = tensor.prepare_display(every)  # filterwarnings = error: any RuntimeWarning fails here
    assert d.stats.nan == 2046 and d.stats.pos_inf == 1 and d.stats.neg_inf == 1
    assert d.stats.max == 65504.0 and d.stats.min == -65504.0
    err = tensor.abs_error(every, every[::-1].copy())
    assert err.dtype == np.float32


def test_pyramid_bins_raw_values_when_the_finest_level_is_too_coarse():
    values = np.arange(100_000, dtype=np.float32)
    values[50_001] = 1e6
    pyr = tensor.build_pyramid(values, base=1024, top_bins=16)
    x, y = pyr.view(40_000, 60_000, max_points=2000)  # 20k elements: coarser than budget at base 1024
    assert 1000 <= x.size <= 2000 and np.nanmax(y) == 1e6
    assert x.min() >= 40_000 - 20 and x.max() <= 60_000 + 20


def test_prepare_display_bundles_everything_and_reports_progress():
    seen = []
    a = np.arange(100, dtype=np.float16).reshape(10, 10)
    a[3, 3] = np.nan
    d = tensor.prepare_display(a, bins=10, progress=lambda done, total, msg: seen.append((done, total)))
    assert d.stats.dtype == "float16" and d.stats.nan == 1
    assert d.values.shape == (10, 10) and d.values is a
    assert d.nan_at.tolist() == [33] and d.histogram.counts.sum() == 99
    assert seen[-1][0] == seen[-1][1] and all(b >= a for a, b in zip(seen, seen[1:], strict=False))


def test_abs_error_aligns_shapes_by_element_count():
    err = tensor.abs_error(np.array([1, 2, 3, 5], dtype=np.float16), np.array([[1.0, 2.5], [3.0, 4.0]]))
    assert err.shape == (2, 2) and err.tolist() == [[0.0, 0.5], [0.0, 1.0]]
    with pytest.raises(ValueError, match="3 NPU elements"):
        tensor.abs_error(np.zeros(3), np.zeros(4))


def test_csv_and_npy_exports_read_back():
    p = np.array([[1.5, np.nan], [np.inf, -2.0]], dtype=np.float32)
    back = np.loadtxt(io.StringIO(tensor.csv_text(p)), delimiter=",")
    assert np.array_equal(back, p, equal_nan=True)
    bf = np.array([1.0, 2.5], dtype=ml_dtypes.bfloat16)
    loaded = np.load(io.BytesIO(tensor.npy_bytes(bf)), allow_pickle=False)
    assert loaded.dtype == np.float32 and loaded.tolist() == [1.0, 2.5]


def test_prepare_pair_reshapes_npu_to_golden_and_measures_error():
    npu = np.array([1, 2, 3, np.inf], dtype=np.float16)  # 70000 overflowed to inf
    golden = np.array([[1.0, 2.0], [3.5, 65504.0]], dtype=np.float32)
    pair = tensor.prepare_pair(npu, golden)
    assert pair.npu.values.shape == (2, 2) and pair.npu.stats.pos_inf == 1
    assert pair.error.stats.pos_inf == 1 and pair.error.stats.max == 0.5
    assert pair.golden.source is golden


def test_prepare_display_honours_cancel():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        tensor.prepare_display(np.zeros(10), cancel=token)


def test_statistics_of_values_near_the_float32_limit_stay_finite_and_quiet():
    a = np.array([3.0e38, -3.0e38, 1.0, 2.0e38], dtype=np.float32)
    s = tensor.prepare_display(a).stats  # filterwarnings = error: an overflow warning fails here
    assert s.max == float(a.max()) and s.std == pytest.approx(float(a.astype(np.float64).std()), rel=1e-6)


def test_values_spanning_more_than_the_float64_range_are_binned_quietly():
    d = tensor.prepare_display(np.array([1e308, -1e308, 0.0]))
    assert d.histogram.counts.sum() == 3 and d.histogram.counts[0] == 1 and d.histogram.counts[-1] == 1
    assert d.stats.std == float("inf")  # the variance overflows float64: said, not warned
    err = tensor.prepare_pair(np.array([1e308, -1e308]), np.array([-1e308, 1e308])).error
    assert err.stats.pos_inf == 2
