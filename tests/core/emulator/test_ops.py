"""Kernels against straightforward references."""

from __future__ import annotations

import numpy as np

from ascend_dump_gui.core.emulator.ops import OP_SPECS, spec_of


def _run(op_type, inputs, **attrs):
    return spec_of(op_type).kernel([np.asarray(a, dtype=np.float32) for a in inputs], attrs)


def test_conv2d_matches_a_direct_loop():
    rng = np.random.default_rng(1)
    x, w, b = rng.normal(size=(1, 2, 5, 5)), rng.normal(size=(3, 2, 3, 3)), rng.normal(size=3)
    y = _run("Conv2D", [x, w, b], stride=2, pad=1)[0]
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros((1, 3, 3, 3))
    for o in range(3):
        for i in range(3):
            for j in range(3):
                ref[0, o, i, j] = (xp[0, :, 2 * i:2 * i + 3, 2 * j:2 * j + 3] * w[o]).sum() + b[o]
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)
    assert (_run("Conv2D", [x, w, b], stride=2, pad=1, relu=True)[0] >= 0).all()


def test_layer_norm_has_three_outputs_and_normalises():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    y, mean, var = _run("LayerNorm", [x, np.ones(4), np.zeros(4)])
    np.testing.assert_allclose(y.mean(axis=-1), 0, atol=1e-5)
    np.testing.assert_allclose(mean[:, 0], x.mean(axis=-1))
    np.testing.assert_allclose(var[:, 0], x.var(axis=-1))
    assert spec_of("LayerNorm").num_outputs == 3


def test_softmax_rows_sum_to_one_and_pool_takes_max():
    s = _run("SoftmaxV2", [[[1000.0, 1000.0, 0.0]]])[0]
    np.testing.assert_allclose(s.sum(axis=-1), 1.0, rtol=1e-6)
    x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    np.testing.assert_array_equal(_run("MaxPool", [x], ksize=[1, 1, 2, 2], strides=[1, 1, 2, 2])[0][0, 0],
                                  [[5, 7], [13, 15]])


def test_matmul_transpose_and_bias():
    a, b = np.ones((2, 3)), np.arange(12).reshape(4, 3)
    y = _run("MatMulV2", [a, b, np.ones(4)], transpose_x2=True)[0]
    np.testing.assert_array_equal(y, a @ b.T + 1)


def test_every_compute_op_has_a_kernel_and_a_valid_policy():
    for spec in OP_SPECS.values():
        assert spec.mix_list in {"white", "black", "gray"}
        assert (spec.kernel is None) == (spec.category in {"data", "const"})


def test_gelu_variants_agree_roughly_and_are_odd_around_zero():
    x = np.linspace(-3, 3, 13)
    gelu = _run("Gelu", [x])[0]
    fast = _run("FastGelu", [x])[0]
    assert np.abs(gelu - fast).max() < 0.03
    assert gelu[6] == 0 and fast[6] == 0 and (gelu[7:] > 0).all()
