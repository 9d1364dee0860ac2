"""Built-in models: deterministic, finite in float32, fused and compiled like the runtime."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.emulator.graph import execute
from ascend_dump_gui.core.emulator.models import MODELS, list_models
from tests.core.emulator.helpers import compiled


def test_list_models_names_the_required_models():
    names = {m.name for m in list_models()}
    assert {"mlp", "convnet", "transformer", "overflow_fp16"} <= names
    assert all(m.description for m in list_models())


@pytest.mark.parametrize("name", sorted(MODELS))
def test_models_are_deterministic_and_finite_in_float32(name):
    m = MODELS[name]
    feeds = m.make_inputs(np.random.default_rng(3))
    a = execute(m.build(), feeds)
    b = execute(m.build(), feeds)
    out = m.build().outputs[0]
    np.testing.assert_array_equal(a[out], b[out])
    assert np.isfinite(a[out]).all()


@pytest.mark.parametrize("name", ["mlp", "convnet", "transformer"])
def test_must_keep_origin_dtype_reproduces_the_golden_output(name):
    original, device, feeds = compiled(name, "must_keep_origin_dtype")
    gold = execute(original, feeds)[original.outputs[0]]
    got = execute(device, feeds)[device.outputs[0]]
    np.testing.assert_allclose(got, gold, rtol=1e-4, atol=1e-5)


def test_overflow_model_overflows_only_in_float16():
    original, device, feeds = compiled("overflow_fp16", "force_fp16")
    assert np.isfinite(execute(original, feeds)[original.outputs[0]]).all()
    memory = execute(device, feeds)
    assert np.isinf(memory["dense/MatMul:0"]).any()
    assert memory["dense/MatMul:0"].dtype == np.float16


def test_conv_bn_relu_fusion_carries_the_original_names():
    original, device, feeds = compiled("convnet", "must_keep_origin_dtype")
    fused = device.op("conv1conv1_relu")
    assert fused.type == "Conv2D"
    assert fused.origin_names == ("conv1", "bn_conv1", "conv1_relu")
    assert fused.origin_of(0) == ("conv1_relu", 0)
    names = {op.name for op in device.ops}
    assert not {"conv1", "bn_conv1", "conv1_relu"} & names
    gold = execute(original, feeds)["conv1_relu:0"]
    np.testing.assert_allclose(execute(device, feeds)["conv1conv1_relu:0"], gold, rtol=1e-4, atol=1e-5)


def test_matmul_bias_fusion_keeps_the_matmul_name():
    _, device, _ = compiled("mlp")
    mm = device.op("dense/MatMul")
    assert len(mm.inputs) == 3 and mm.origin_names == ("dense/MatMul", "dense/BiasAdd")
    assert mm.origin_of(0) == ("dense/BiasAdd", 0)


def test_device_formats_follow_the_op_kinds():
    _, device, _ = compiled("convnet")
    conv = device.op("conv1conv1_relu")
    assert conv.in_formats[:2] == ("NC1HWC0", "FRACTAL_Z") and conv.out_formats == ("NC1HWC0",)
    assert device.op("fc/MatMul").in_formats[:2] == ("FRACTAL_NZ", "FRACTAL_NZ")
    trans = [op for op in device.ops if op.type == "TransData"]
    assert {(op.attrs["src_format"], op.attrs["dst_format"]) for op in trans} >= {("NCHW", "NC1HWC0"),
                                                                                 ("NC1HWC0", "NCHW")}
    assert device.op("flatten").in_formats == ("NCHW",)
