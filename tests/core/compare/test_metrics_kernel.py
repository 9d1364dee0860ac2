"""The C kernel (core/metrics/_kernel.c) against the numpy path and numpy's own sums, bit for bit.

The kernel tests skip where the kernel is not built or the CPU lacks AVX2; the numpy path is then the only
one, and these tests still run it against msaccucmp's whole-array formulas. Every test runs once per instruction
set of the kernel's walk of passes A and P that this CPU runs (AVX2, and AVX-512VL where it has it).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.compare import engine
from ascend_dump_gui.core.metrics import kernel
from ascend_dump_gui.core.metrics.metrics import METRIC_NAMES, evaluate
from ascend_dump_gui.core.metrics.msprobe_metrics import msprobe_metrics
from tests.core.compare.msaccucmp_reference import reference_values

BUILT = kernel.KERNEL
needs_kernel = pytest.mark.skipif(BUILT is None, reason="the C kernel is not built here (or the CPU lacks AVX2)")
EPS64 = np.float32(2.0 ** -52)
ISAS = BUILT.isas() if BUILT is not None else ()


@pytest.fixture(autouse=True, params=ISAS or ["none"])
def isa(request):
    """The instruction set the kernel's walk runs in this test (each one this CPU has, in turn)."""
    if request.param == "none":
        yield None
        return
    previous = BUILT.set_isa(request.param)
    try:
        yield request.param
    finally:
        BUILT.set_isa(previous)


def _adversarial(n: int, kind: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    x = rng.standard_normal(n).astype(np.float32)
    y = (x + rng.standard_normal(n).astype(np.float32) * np.float32(10 ** rng.uniform(-6, 0))).astype(np.float32)
    k = max(1, n // 10)
    if kind == 1:
        y[rng.integers(0, n, k)] = 0
        x[rng.integers(0, n, k)] = -0.0
    elif kind == 2:
        x[rng.integers(0, n, 2)] = np.nan
    elif kind == 3:
        y[rng.integers(0, n, 2)] = np.inf
        x[rng.integers(0, n, 1)] = -np.inf
    elif kind == 4:                                  # |y| around msaccucmp's eps, subnormal squares
        x, y = (x * np.float32(1e-16)).astype(np.float32), (y * np.float32(1e-16)).astype(np.float32)
    elif kind == 5:                                  # squares overflow float32
        x, y = (x * np.float32(1e19)).astype(np.float32), (y * np.float32(3e19)).astype(np.float32)
    elif kind == 6:
        x[:], y[:] = 0, 0
    elif kind == 7:                                  # constant sides: KL's span 0
        x[:], y[:] = np.float32(0.5), np.float32(2)
    elif kind == 8:                                  # subnormal values, zeros and a NaN in golden
        x, y = (x * np.float32(1e-39)).astype(np.float32), (y * np.float32(1e-39)).astype(np.float32)
        y[rng.integers(0, n, k)] = 0
        y[rng.integers(0, n, 1)] = np.nan
    elif kind == 9:                                  # around the division-free quotients' bounds (2^-100)
        k = int(rng.integers(0, n + 1))
        scale = np.exp2(rng.uniform(-112, -88, k)).astype(np.float32)
        x[:k], y[:k] = x[:k] * scale, y[:k] * scale
        x[rng.integers(0, n, k // 4 + 1)] = 0
    return x, y


KINDS = range(10)


def _same(a, b) -> bool:
    a, b = np.float32(a), np.float32(b)
    return bool((np.isnan(a) and np.isnan(b)) or a.tobytes() == b.tobytes() or (a == 0 and b == 0))


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_pass_a_sums_equal_numpys_pairwise_sums(kind):
    rng = np.random.default_rng(kind)
    sizes = list(range(1, 300)) + [int(v) for v in rng.integers(300, 200_000, 40)] + [1000, 1024, 4097, 131_072]
    sizes += [8191, 8192, 8193, 16_391, 3 * 8192 + 9]          # around the walk's subtrees of 8192 elements
    for n in sizes:
        x, y = _adversarial(n, kind, rng)
        with np.errstate(all="ignore"):
            d = x - y
            rel = np.abs(x / y - np.float32(1))
            rel[~(np.abs(y) > EPS64)] = 0
            want = (np.sum(d * d), np.sum(np.abs(d)), np.sum(x * x), np.sum(y * y), np.sum(rel), np.sum(x),
                    np.sum(y), np.max(np.abs(d)), np.max(rel), np.max(x), np.max(y), np.min(x), np.min(y))
        got = BUILT.pass_a(x, y)
        bad = [i for i, (g, w) in enumerate(zip(got[:13], want, strict=True)) if not _same(g, w)]
        assert not bad, (n, kind, bad)
        assert got[13] == np.max(np.abs(x[~np.isnan(x)]), initial=0)
        for v, least in ((x, got[14]), (y, got[15])):
            nonzero = np.abs(v[(v != 0) & ~np.isnan(v)])
            assert least == (nonzero.min() if nonzero.size else np.inf) or (np.isnan(least) and not nonzero.size)


@needs_kernel
def test_sums_keep_numpys_bits_for_every_small_size():
    rng = np.random.default_rng(11)
    for n in range(1, 1001):
        x = (rng.standard_normal(n) * 10 ** rng.uniform(-3, 3, n)).astype(np.float32)
        ones = np.ones(n, np.float32)
        assert BUILT.pass_a(x, ones)[5] == np.sum(x), n
        cos, px, _ = BUILT.pass_b(x, ones, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0)
        assert cos == np.sum(x), n
        with np.errstate(all="ignore"):
            assert _same(px, np.sum(np.maximum(x, np.finfo(np.float32).eps))), n


@needs_kernel
def test_instruction_sets_are_chosen_by_name(isa):
    assert BUILT.isa() == isa and isa in BUILT.isas()
    assert BUILT.isas()[0] == "avx2+fma"
    with pytest.raises(ValueError, match="does not run"):
        BUILT.set_isa("sse2")
    assert BUILT.isa() == isa


@needs_kernel
def test_every_instruction_set_gives_the_same_bits(isa):
    rng = np.random.default_rng(31)
    for kind in KINDS:
        for n in (5, 200, 8200, 40_000):
            x, y = _adversarial(n, kind, rng)
            got = {}
            for name in BUILT.isas():
                BUILT.set_isa(name)
                a, p = BUILT.pass_ap(x, y)
                got[name] = (np.array(a).tobytes(), None if p is None else np.array(p).tobytes(),
                             np.array(BUILT.pass_a(x, y)).tobytes(), repr(BUILT.msprobe(x, y)))
            BUILT.set_isa(isa)
            assert len(set(got.values())) == 1, (kind, n)


@needs_kernel
def test_kernel_rejects_mismatched_buffers():
    with pytest.raises(ValueError, match="same length"):
        BUILT.pass_a(np.zeros(4, np.float32), np.zeros(5, np.float32))
    with pytest.raises(ValueError, match="empty"):
        BUILT.pass_a(np.zeros(0, np.float32), np.zeros(0, np.float32))
    with pytest.raises(ValueError, match="contiguous"):
        BUILT.pass_a(np.zeros(8, np.float32)[::2], np.zeros(4, np.float32))


def _both_paths(monkeypatch, fn):
    """``fn()`` with the kernel, then with the numpy path."""
    with_kernel = fn()
    monkeypatch.setattr(kernel, "KERNEL", None)
    numpy_path = fn()
    monkeypatch.setattr(kernel, "KERNEL", BUILT)
    return with_kernel, numpy_path


def _cast(x: np.ndarray, dtype) -> np.ndarray:
    with np.errstate(all="ignore"):
        return x.astype(dtype)


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
def test_evaluate_with_kernel_equals_numpy_path(kind, dtype, monkeypatch):
    rng = np.random.default_rng([kind, len(dtype)])
    dt = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
    for n in (1, 7, 8, 9, 129, 1000, 5003, int(rng.integers(10_000, 40_000))):
        x, y = (_cast(v, dt) for v in _adversarial(n, kind, rng))
        leaf = int(rng.choice([128, 1024, 4096]))
        got, want = _both_paths(monkeypatch, lambda x=x, y=y, leaf=leaf: evaluate(x, y, leaf=leaf))
        for name in METRIC_NAMES:
            assert got.texts[name] == want.texts[name], (n, name)
            g, w = got.values[name], want.values[name]
            assert g == w or (isinstance(g, float) and math.isnan(g) and math.isnan(w)), (n, name, g, w)
        assert got.messages == want.messages


@needs_kernel
@pytest.mark.parametrize("kind", ["noise", "relu", "cauchy", "nan_inf"])
def test_random_pairs_with_kernel_equal_whole_array_msaccucmp(kind):
    from tests.core.compare.test_metrics_random import _pair

    rng = np.random.default_rng(len(kind))
    x, y = _pair(kind, 50_001, rng)
    got, want = evaluate(x, y, leaf=2048), reference_values(x, y)
    for name in METRIC_NAMES:
        if name != "StandardDeviation":
            assert _same(got.values[name], want[name]), name


def _assert_msprobe_close(got, want, n: int) -> None:
    """msprobe's columns of two computations: texts equal, numbers equal to rounding."""
    for name, w in want.values.items():
        g = got.values[name]
        if isinstance(w, str) or isinstance(g, str):
            assert g == w, (n, name)
        else:      # float64 sums in another order than BLAS: rounding-level differences only
            assert g == pytest.approx(w, rel=1e-12, abs=2e-12) or (math.isinf(g) and g == w), (n, name, g, w)


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_msprobe_columns_with_kernel_equal_numpy_path(kind, monkeypatch):
    rng = np.random.default_rng([kind, 3])
    for n in (2, 9, 1000, 30_011):
        x, y = _adversarial(n, kind, rng)
        got, want = _both_paths(monkeypatch, lambda x=x, y=y: msprobe_metrics(x, y, leaf=4096))
        assert got.message == want.message
        _assert_msprobe_close(got, want, n)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_msprobe_max_abs_error_of_equal_tensors_is_plus_zero_on_both_paths(dtype, monkeypatch):
    """msprobe takes max(abs(x - y)): +0.0 where x == y everywhere, never -0.0 (its MaxAbsErr cell printed "-0.0")."""
    x = np.linspace(-1, 1, 3000).astype(dtype)
    paths = _both_paths(monkeypatch, lambda: msprobe_metrics(x, x.copy())) if BUILT is not None else \
        (msprobe_metrics(x, x.copy()),)
    for got in paths:
        assert np.float64(got.values["MaxAbsErr"]).tobytes() == np.float64(0.0).tobytes()


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_msprobe_relative_errors_in_float64_equal_numpys(kind):
    """The walk's float64 relative errors (rel64, for a bfloat16 side) against numpy's, leaf by leaf."""
    rng = np.random.default_rng([kind, 4])
    for n in (1, 7, 9, 1000, 30_011):
        x, y = _adversarial(n, kind, rng)
        got = BUILT.msprobe(x, y, True)
        with np.errstate(all="ignore"):
            rel = np.abs((x.astype(np.float64) - y.astype(np.float64)) / y.astype(np.float64))
        if got is None:          # msprobe's special rules: some value not finite, or a golden 0
            assert not (np.isfinite(x).all() and np.isfinite(y).all() and np.isfinite(rel).all())
            continue
        assert got[5] == rel.max() and got[6:] == (np.count_nonzero(rel < 0.001), np.count_nonzero(rel < 0.005))
        assert got[4] == np.abs(x.astype(np.float64) - y.astype(np.float64)).max()
        assert BUILT.pass_ap(x, y, True)[1] == got


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_overflow_check_with_kernel_equals_numpy(kind, monkeypatch):
    rng = np.random.default_rng(kind)
    x, _ = _adversarial(50_000, kind, rng)
    got, want = _both_paths(monkeypatch, lambda: engine._nonfinite(x))
    assert got == want == (bool(np.isinf(x).any()), bool(np.isnan(x).any()))


def test_environment_forces_the_numpy_path():
    code = "from ascend_dump_gui.core.metrics import kernel; print(kernel.KERNEL is None)"
    env = {**os.environ, "ASCEND_DUMP_GUI_NUMPY_METRICS": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "True"


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_msprobe_totals_taken_in_the_first_pass_equal_their_own_pass(kind):
    rng = np.random.default_rng([kind, 5])
    x, y = _adversarial(50_003, kind, rng)
    first = evaluate(x, y, leaf=4096, with_msprobe=True)
    assert first.msprobe_leaves is not None and len(first.msprobe_leaves) > 1
    shared = msprobe_metrics(x, y, leaf=4096, leaf_totals=first.msprobe_leaves)
    own = msprobe_metrics(x, y, leaf=4096)
    assert shared.values == own.values and shared.message == own.message
    # totals of other leaves (another leaf size) are not taken for these
    other = evaluate(x, y, leaf=1024, with_msprobe=True).msprobe_leaves
    assert msprobe_metrics(x, y, leaf=4096, leaf_totals=other).values == own.values
    # a float16 or bfloat16 side is widened by the kernel, whose walk takes msprobe's relative errors in float32
    # (float16) or float64 (msprobe makes bfloat16, not a numpy float, float64) as msprobe does
    for dtype in (np.float16, ml_dtypes.bfloat16):
        for npu, golden in ((_cast(x, dtype), y), (_cast(x, dtype), _cast(y, dtype))):
            taken = evaluate(npu, golden, leaf=4096, with_msprobe=True).msprobe_leaves
            assert taken is not None and len(taken) > 1
            own = msprobe_metrics(npu, golden, leaf=4096)
            shared = msprobe_metrics(npu, golden, leaf=4096, leaf_totals=taken)
            assert shared.message == own.message
            _assert_msprobe_close(shared, own, 50_003)
    assert evaluate(x.astype(np.float64), y, with_msprobe=True).msprobe_leaves is None    # float64: its own values


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_npu_nonfinite_seen_by_the_kernel_equals_the_overflow_pass(kind):
    rng = np.random.default_rng([kind, 9])
    x, y = _adversarial(20_011, kind, rng)
    if kind == 2:
        x[5] = np.inf                                  # NaN and Inf in one tensor
    for npu, golden in ((x, y), (y, x)):
        seen = evaluate(npu, golden, leaf=2048).npu_nonfinite
        assert seen == engine._nonfinite(npu) == (bool(np.isinf(npu).any()), bool(np.isnan(npu).any()))
    assert evaluate(x.astype(np.float64), y).npu_nonfinite is None      # a cast could make an Inf


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_a_2_byte_npu_side_widened_by_the_kernel_gives_the_overflow_checks_facts(kind, dtype):
    """The kernel widens float16/bfloat16 exactly, so pass A's facts about the NPU side are the tensor's own:
    its Inf/NaN and (for float16's overflow cell) max |x| with NaN propagating, as the separate passes give them."""
    rng = np.random.default_rng([kind, 10])
    x, y = _adversarial(20_011, kind, rng)
    with np.errstate(all="ignore"):
        x[7] = 70_000.0                                 # beyond float16's range: inf once cast
    npu = _cast(x, getattr(ml_dtypes, dtype, None) or np.dtype(dtype))
    got = evaluate(npu, y, leaf=2048)
    assert got.npu_nonfinite == engine._nonfinite(npu)
    assert _bits([got.npu_abs_max]) == _bits([engine._abs_max(npu)])


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_2_byte_values_read_by_the_kernel_equal_their_float32_copies(kind):
    """Every kernel reads float16 (kind 1) and bfloat16 (kind 2) buffers itself, widening as it reads: the same
    answers as on float32 copies, for either side and mixed with float32."""
    rng = np.random.default_rng([kind, 12])
    for n in (1, 7, 8, 130, 1000, 8200, 20_011):
        x, y = _adversarial(n, kind, rng)
        for code, dtype in ((1, np.float16), (2, ml_dtypes.bfloat16)):
            for kx, ky in ((code, code), (code, 0), (0, code)):
                xa, ya = (_cast(x, dtype) if kx else x), (_cast(y, dtype) if ky else y)
                x32, y32 = xa.astype(np.float32), ya.astype(np.float32)
                xr, yr = (xa.view(np.uint16) if kx else xa), (ya.view(np.uint16) if ky else ya)
                kinds = {"kx": kx, "ky": ky}
                assert _bits(BUILT.pass_a(xr, yr, **kinds)) == _bits(BUILT.pass_a(x32, y32)), (n, kx, ky)
                for rel64 in (False, True):
                    assert repr(BUILT.pass_ap(xr, yr, rel64, **kinds)) == repr(BUILT.pass_ap(x32, y32, rel64))
                with np.errstate(all="ignore"):
                    lims = [float(np.float32(v)) for v in (x32.min(), x32.max() - x32.min(), y32.min(),
                                                           y32.max() - y32.min())]
                nz = BUILT.pass_a(x32, y32)[14:16]
                assert _bits(BUILT.pass_b(xr, yr, 3.0, 5.0, *lims, *nz, **kinds)) == \
                    _bits(BUILT.pass_b(x32, y32, 3.0, 5.0, *lims, *nz))
                p1, r1, p2, r2 = (np.empty(n, np.float32) for _ in range(4))
                BUILT.kl_ratio(xr, yr, *lims, 7.0, 9.0, p1, r1, *nz, **kinds)
                BUILT.kl_ratio(x32, y32, *lims, 7.0, 9.0, p2, r2, *nz)
                assert p1.tobytes() == p2.tobytes() and r1.tobytes() == r2.tobytes()
    with pytest.raises(ValueError, match="same length"):
        BUILT.pass_a(np.zeros(4, np.uint16), np.zeros(4, np.float32), kx=1, ky=1)
    with pytest.raises(ValueError, match="kinds"):
        BUILT.pass_a(np.zeros(4, np.float32), np.zeros(4, np.float32), kx=3)


@needs_kernel
def test_widening_equals_numpys_and_ml_dtypes_casts_for_every_2_byte_value():
    every = np.arange(1 << 16, dtype=np.uint16)
    out = np.empty(every.shape, np.float32)
    for bf16, dtype in ((False, np.float16), (True, ml_dtypes.bfloat16)):
        BUILT.widen(every, out, bf16)
        want = every.view(dtype).astype(np.float32)
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(out), nan)
        assert out[~nan].tobytes() == want[~nan].tobytes()
    for n in (1, 7, 8, 9, 1001):                         # the vector loop's tail
        part = np.empty(n, np.float32)
        BUILT.widen(every[:n], part)
        assert part.tobytes() == every[:n].view(np.float16).astype(np.float32).tobytes()
    with pytest.raises(ValueError, match="as many"):
        BUILT.widen(every[:4], np.empty(5, np.float32))


def _bits(values) -> list[bytes]:
    """Each value's float64 bits (ints as they are), so NaN and -0.0 compare exactly."""
    return [np.float64(v).tobytes() if isinstance(v, float) else v for v in values]


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_fused_pass_equals_pass_a_and_msprobe_bit_for_bit(kind):
    rng = np.random.default_rng([kind, 21])
    sizes = list(range(1, 300)) + [int(v) for v in rng.integers(300, 200_000, 12)] + [1023, 4097, 131_072, 131_075]
    for n in sizes:
        x, y = _adversarial(n, kind, rng)
        a, p = BUILT.pass_ap(x, y)
        assert _bits(a) == _bits(BUILT.pass_a(x, y)), (n, kind)
        want = BUILT.msprobe(x, y)
        assert (p is None) == (want is None) and (p is None or _bits(p) == _bits(want)), (n, kind)


@needs_kernel
@pytest.mark.parametrize("kind", KINDS)
def test_msprobe_columns_from_the_fused_pass_equal_numpy_path(kind, monkeypatch):
    rng = np.random.default_rng([kind, 22])
    for n in (1, 2, 9, 1000, 30_011):
        x, y = _adversarial(n, kind, rng)
        fused = evaluate(x, y, leaf=4096, with_msprobe=True).msprobe_leaves
        got = msprobe_metrics(x, y, leaf=4096, leaf_totals=fused)
        monkeypatch.setattr(kernel, "KERNEL", None)
        want = msprobe_metrics(x, y, leaf=4096)
        monkeypatch.setattr(kernel, "KERNEL", BUILT)
        assert got.message == want.message
        _assert_msprobe_close(got, want, n)


@needs_kernel
def test_kl_kernels_keep_numpys_bits():
    rng = np.random.default_rng(23)
    eps = np.finfo(np.float32).eps
    for n in list(range(2, 300)) + [1000, 4097]:           # spans > 0 (span 0: the evaluate tests)
        x, y = (rng.standard_normal(n) * 3).astype(np.float32), rng.standard_normal(n).astype(np.float32)
        (xlo, xspan), (ylo, yspan) = ((v.min(), v.max() - v.min()) for v in (x, y))
        psum, qsum = np.float32(n * 0.37), np.float32(n * 0.41)
        p, r = np.empty(n, np.float32), np.empty(n, np.float32)
        BUILT.kl_ratio(x, y, xlo, xspan, ylo, yspan, psum, qsum, p, r)
        with np.errstate(all="ignore"):
            want_p = np.maximum((x - xlo) / xspan, eps) / psum
            want_r = want_p / (np.maximum((y - ylo) / yspan, eps) / qsum)
        assert p.tobytes() == want_p.tobytes() and r.tobytes() == want_r.tobytes(), n
        log_r = np.log(r)
        assert _same(BUILT.kl_sum(p, log_r), np.sum(p * log_r)), n
    with pytest.raises(ValueError, match="two"):
        BUILT.kl_ratio(x, y, xlo, xspan, ylo, yspan, psum, qsum, p, p)


@needs_kernel
@pytest.mark.parametrize("d", [3.0, 1 + 2 ** -23, 2 - 2 ** -23, 0.1, 1234.5678])
def test_quotients_without_a_divide_equal_numpys_on_every_significand(d):
    """Passes B and C divide by loop-invariant divisors with multiply-adds (Markstein's correction): the
    quotients of every float32 significand equal numpy's division, in KL's normalisation and in P."""
    x = (np.arange(1 << 23, dtype=np.uint32) | np.uint32(0x3F800000)).view(np.float32)    # all of [1, 2)
    d, eps = np.float32(d), np.finfo(np.float32).eps
    p, r = np.empty_like(x), np.empty_like(x)
    BUILT.kl_ratio(x, x, 0.0, d, 0.0, d, 1.0, 1.0, p, r, 1.0, 1.0)        # max((x - 0) / d, eps) / 1
    assert p.tobytes() == (np.maximum(x / d, eps) / np.float32(1)).tobytes()
    BUILT.kl_ratio(x, x, 0.0, 1.0, 0.0, 1.0, d, d, p, r, 1.0, 1.0)        # max(x / 1, eps) / d
    assert p.tobytes() == (np.maximum(x, eps) / d).tobytes()


@needs_kernel
def test_max_and_min_of_signed_zeros_keep_the_first_zero():
    """Among zeros no value is greater, so numpy's running max/min (and the kernel's lanes) keep the first."""
    rng = np.random.default_rng(24)
    for n in list(range(1, 300)) + [4097]:
        for first in (0.0, -0.0):
            x = np.where(rng.random(n) < 0.5, np.float32(0.0), np.float32(-0.0)).astype(np.float32)
            y = np.where(rng.random(n) < 0.5, np.float32(0.0), np.float32(-0.0)).astype(np.float32)
            x[0], y[0] = first, -first
            a, _ = BUILT.pass_ap(x, y)
            assert [np.float32(v).tobytes() for v in a[9:13]] == [x[0].tobytes(), y[0].tobytes()] * 2, n
