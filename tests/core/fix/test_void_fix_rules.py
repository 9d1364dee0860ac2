"""The checker's rules for what makes a precision fix void: modify_mixlist without a mixed mode, customize_dtypes
under the modes that keep dtypes, per-op lines naming no op of the run (fused, renamed, another model), both
precision modes, values a product does not accept."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.model import ConfigDoc

RUN = {"dense/MatMul": "MatMulV2", "conv1conv1_relu": "Conv2D; fused from conv1, bn_conv1, conv1_relu",
       "conv1": "fused into conv1conv1_relu", "bn_conv1": "fused into conv1conv1_relu"}


def _rules(doc: ConfigDoc, tmp: Path, **kw) -> dict[str, list]:
    found: dict[str, list] = {}
    for f in check(doc, base_dir=tmp, **kw):
        found.setdefault(f.rule, []).append(f)
    return found


@pytest.mark.parametrize("scenario", ["tf1_session", "tf2_npu_device"])
def test_modify_mixlist_without_a_mixed_mode(tmp_path, scenario):
    (tmp_path / "mix.json").write_text('{"black-list": {"to-add": ["MatMulV2"]}}')
    void = _rules(ConfigDoc(scenario, {"modify_mixlist": "mix.json", "precision_mode": "allow_fp32_to_fp16"}), tmp_path)
    assert void["tf1.modify_mixlist_without_mixed"][0].severity.value == "error"
    fine = _rules(ConfigDoc(scenario, {"modify_mixlist": "mix.json", "precision_mode": "allow_mix_precision"}), tmp_path)
    assert "tf1.modify_mixlist_without_mixed" not in fine


@pytest.mark.parametrize("mode", [("precision_mode", "must_keep_origin_dtype"), ("precision_mode_v2", "origin")])
def test_customize_dtypes_under_a_mode_that_keeps_dtypes(tmp_path, mode):
    (tmp_path / "d.cfg").write_text("OpType::MatMulV2:InputDtype:float32,float32,OutputDtype:float32\n")
    found = _rules(ConfigDoc("tf1_session", {"customize_dtypes": "d.cfg", mode[0]: mode[1]}), tmp_path)
    assert "tf1.customize_dtypes_no_effect" in found
    assert "tf1.customize_dtypes_no_effect" not in _rules(ConfigDoc("tf1_session", {"customize_dtypes": "d.cfg"}),
                                                         tmp_path)


def test_a_name_line_for_an_op_not_in_the_run(tmp_path):
    (tmp_path / "d.cfg").write_text("dense/MatMul::InputDtype:float32,float32,OutputDtype:float32\n"
                                    "dense_9/MatMul::InputDtype:float32,OutputDtype:float32\n"
                                    "conv1::InputDtype:float32,OutputDtype:float32\n"
                                    "conv1conv1_relu::InputDtype:float32,OutputDtype:float32\n"
                                    "OpType::Foo:InputDtype:float32,OutputDtype:float32\n")
    (tmp_path / "p.ini").write_text("[ByNodeName]\nghost=high_precision\n[ByOpType]\nGhost=high_precision\n")
    (tmp_path / "m.json").write_text('{"black-list": {"to-add": ["MatMulV2", "Ghost"]}}')
    doc = ConfigDoc("tf1_session", {"customize_dtypes": "d.cfg", "op_precision_mode": "p.ini",
                                    "modify_mixlist": "m.json", "precision_mode": "allow_mix_precision"})
    found = _rules(doc, tmp_path, dump_ops=RUN)["file.name_not_in_run"]
    text = " | ".join(f.message for f in found)
    assert "dense_9/MatMul is no op of the run" in text and "ghost is no op of the run" in text
    assert "conv1 was fused into conv1conv1_relu" in text
    assert "conv1conv1_relu is the name fusion gave to ops conv1, bn_conv1, conv1_relu" in text
    assert "no op of type Ghost" in text and "dense/MatMul" not in text and "Foo" not in text
    assert "file.name_not_in_run" not in _rules(doc, tmp_path)           # no run given: names not judged
    assert all("before fusion" in f.source for f in found if f.severity.value == "warning")


@pytest.mark.parametrize("scenario", ["tf1_session", "tf2_npu_device"])
def test_both_precision_modes(tmp_path, scenario):
    found = _rules(ConfigDoc(scenario, {"precision_mode": "allow_fp32_to_fp16", "precision_mode_v2": "fp16"}),
                   tmp_path)
    assert found["tf1.precision_mode_both"][0].severity.value == "error"


def test_values_a_product_does_not_accept(tmp_path):
    (tmp_path / "d.cfg").write_text("OpType::MatMulV2:InputDtype:bfloat16,bfloat16,OutputDtype:bfloat16\n")
    doc = ConfigDoc("tf1_session", {"customize_dtypes": "d.cfg", "precision_mode_v2": "mixed_bfloat16"})
    found = _rules(doc, tmp_path, product="atlas_training")
    assert "file.dtype_on_product" in found and "tf1.bf16_unsupported_product" in found
    assert "file.dtype_on_product" not in _rules(doc, tmp_path, product="atlas_a2")
    old = _rules(ConfigDoc("tf1_session", {"precision_mode_v2": "fp16"}), tmp_path, cann_version="6.3.RC1")
    assert any("precision_mode_v2" in f.options for fs in old.values() for f in fs)


def test_hif8_modes_are_not_confirmed(tmp_path):
    found = _rules(ConfigDoc("tf1_session", {"precision_mode_v2": "mixed_hif8"}), tmp_path)
    assert found["tf1.precision_mode_v2_hif8"][0].severity.value == "warning"
    assert "tf1.precision_mode_v2_hif8" not in _rules(ConfigDoc("tf1_session", {"precision_mode_v2": "fp16"}),
                                                      tmp_path)
