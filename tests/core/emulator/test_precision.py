"""Per-op dtypes for each precision mode, Cast insertion, float16/bfloat16 rounding, modify_mixlist."""

from __future__ import annotations

import json
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.emulator.graph import cast_to, execute
from ascend_dump_gui.core.emulator.precision import policy_from_values
from ascend_dump_gui.core.errors import ConfigRefused, InputError
from tests.core.emulator.helpers import compiled


def _dtypes(model, mode):
    _, device, _ = compiled(model, mode)
    return {op.name: (op.in_dtype, op.out_dtype, op.engine) for op in device.ops}


def test_float16_rounds_and_saturates_to_inf():
    y = cast_to(np.array([1.0 + 2 ** -12, 70000.0, -1e6, 65504.0], dtype=np.float32), "float16")
    assert y.dtype == np.float16
    assert y[0] == 1.0 and np.isposinf(y[1]) and np.isneginf(y[2]) and y[3] == 65504.0


def test_bfloat16_keeps_8_mantissa_bits():
    y = cast_to(np.array([1.0 + 2 ** -9, 3e38], dtype=np.float32), "bfloat16")
    assert y.dtype == ml_dtypes.bfloat16
    assert float(y[0]) == 1.0 and np.isfinite(float(y[1]))


def test_force_fp16_puts_every_compute_op_in_float16():
    d = _dtypes("transformer", "force_fp16")
    assert d["encoder/attn/Softmax"][:2] == ("float16", "float16")
    assert d["encoder/ln_1/LayerNorm"][:2] == ("float16", "float16")


def test_allow_fp32_to_fp16_reduces_cube_ops_only():
    d = _dtypes("transformer", "allow_fp32_to_fp16")
    assert d["encoder/attn/q/MatMul"][:2] == ("float16", "float16")
    assert d["encoder/attn/Softmax"][:2] == ("float32", "float32")
    assert d["encoder/ffn/Gelu"][:2] == ("float32", "float32")


def test_must_keep_origin_dtype_sends_fp16_only_ops_to_aicpu():
    d = _dtypes("convnet", "must_keep_origin_dtype")
    assert d["pool1"] == ("float32", "float32", "AICPUEngine")
    assert d["conv1conv1_relu"] == ("float32", "float32", "AIcoreEngine")


def test_cube_fp16in_fp32out_casts_cube_inputs_only():
    _, device, _ = compiled("mlp", "cube_fp16in_fp32out")
    mm = device.op("dense/MatMul")
    assert (mm.in_dtype, mm.out_dtype) == ("float16", "float32")
    assert device.op("dense/Relu").in_dtype == "float32"
    casts = [op for op in device.ops if op.type == "Cast"]
    assert casts and all(op.out_dtype == "float16" for op in casts)


@pytest.mark.parametrize("mode,low", [("allow_mix_precision", "float16"), ("allow_mix_precision_bf16", "bfloat16")])
def test_mixed_precision_follows_white_black_gray_lists(mode, low):
    d = _dtypes("transformer", mode)
    assert d["encoder/attn/q/MatMul"][1] == low                   # white
    assert d["encoder/attn/Softmax"][1] == "float32"              # black
    assert d["encoder/ln_1/LayerNorm"][1] == "float32"            # black
    assert d["encoder/attn/scale/Mul"][1] == low                  # gray after a white op
    assert d["encoder/attn/residual/Add"][1] == "float32"         # gray after Data (float32)


def test_precision_mode_v2_names_map_to_the_same_policies():
    for v2, v1 in (("fp16", "force_fp16"), ("origin", "must_keep_origin_dtype"),
                   ("mixed_float16", "allow_mix_precision"), ("mixed_bfloat16", "allow_mix_precision_bf16")):
        a, _ = policy_from_values({"precision_mode_v2": v2}, default="force_fp16", cwd=Path("."))
        b, _ = policy_from_values({"precision_mode": v1}, default="force_fp16", cwd=Path("."))
        assert a.mode == b.mode and "precision_mode_v2" in a.described_as


def test_both_precision_options_or_bad_values_are_refused():
    with pytest.raises(ConfigRefused):
        policy_from_values({"precision_mode": "force_fp16", "precision_mode_v2": "fp16"}, default="force_fp16",
                           cwd=Path("."))
    with pytest.raises(ConfigRefused):
        policy_from_values({"precision_mode": "fp8"}, default="force_fp16", cwd=Path("."))


def test_modify_mixlist_moves_ops_between_lists(tmp_path):
    (tmp_path / "ops_info.json").write_text(json.dumps({
        "black-list": {"to-add": ["MatMulV2"], "to-remove": ["SoftmaxV2"]},
        "white-list": {"to-add": ["Gelu"]}}))
    pol, warnings = policy_from_values({"precision_mode": "allow_mix_precision", "modify_mixlist": "ops_info.json"},
                                       default="force_fp16", cwd=tmp_path)
    assert not warnings
    assert pol.list_of("MatMulV2") == "black" and pol.list_of("SoftmaxV2") == "gray"
    assert pol.list_of("Gelu") == "white"
    _, warnings = policy_from_values({"precision_mode": "force_fp16", "modify_mixlist": "ops_info.json"},
                                     default="force_fp16", cwd=tmp_path)
    assert warnings and "no effect" in warnings[0]


def test_modify_mixlist_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"black-list": {// comment\n}}')
    with pytest.raises(InputError) as exc:
        policy_from_values({"precision_mode": "allow_mix_precision", "modify_mixlist": str(bad)},
                           default="force_fp16", cwd=tmp_path)
    assert "bad.json" in str(exc.value) and exc.value.line == 1


def test_mixed_precision_changes_numbers_against_float32():
    original, device, feeds = compiled("transformer", "allow_mix_precision")
    gold = execute(original, feeds)[original.outputs[0]]
    got = execute(device, feeds)[device.outputs[0]]
    err = np.abs(got - gold).max()
    assert 0 < err < 0.1
