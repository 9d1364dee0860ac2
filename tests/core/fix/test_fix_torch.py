"""`fix` for torch_npu and torchair: ACL_PRECISION_MODE where torch_npu's mode lowered the op, the HF32 switches,
and code (autocast off) where the mode keeps dtypes; and the HF32 / float16-accumulation knobs of GE frameworks."""

from __future__ import annotations

from pathlib import Path

from ascend_dump_gui.core.nextrun import fix_forms as forms
from ascend_dump_gui.core.nextrun.evidence import REDUCED, OpEvidence
from ascend_dump_gui.core.nextrun.fix import FixProposal, _plan, propose_fix
from ascend_dump_gui.core.nextrun.fix_write import findings
from ascend_dump_gui.core.nextrun.run_ops import RunOps
from tests.core.fix.runs import tf1_run


def test_torch_npu_under_allow_fp32_to_fp16_sets_acl_precision_mode(tmp_path):
    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    proposal = propose_fix(step, golden, framework="torch_npu", product="atlas_training")
    assert proposal.precision_mode == {"value": "allow_fp32_to_fp16", "source": "product default"}
    assert [(c["option"], c["value"]) for c in proposal.changes] == [("ACL_PRECISION_MODE", "must_keep_origin_dtype")]
    assert 'torch.npu.set_option({"ACL_PRECISION_MODE": "must_keep_origin_dtype"})' in proposal.snippet
    # config check of the changed torch_npu settings: no error; the checker notes conv HF32 is still on by default
    assert [f.rule for f in findings(proposal, product=None, dump_ops=None)] == ["torch_npu.hf32_under_origin"]


def test_torch_npu_when_the_mode_keeps_dtypes_the_fix_is_code(tmp_path):
    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    proposal = propose_fix(step, golden, framework="torch_npu", product="atlas_a2")
    assert [c["option"] for c in proposal.changes] == ["code"]
    assert "torch.autocast(device_type=\"npu\", enabled=False)" in proposal.snippet
    assert "ACL_PRECISION_MODE" not in proposal.snippet


def test_torchair_fix_is_code(tmp_path):
    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    proposal = propose_fix(step, golden, framework="torchair")
    assert proposal.framework == "torchair" and [c["option"] for c in proposal.changes] == ["code"]
    assert "torch.compile" in proposal.snippet


def _hf32_proposal(framework: str) -> FixProposal:
    run = RunOps(Path("."), "ge", names=["fc/MatMul", "conv1"], types={"fc/MatMul": "MatMulV2", "conv1": "Conv2D"},
                 io_dtypes={"fc/MatMul": (["float32", "float32"], ["float32"]),
                            "conv1": (["float32", "float32"], ["float32"])})
    evidence = [OpEvidence("fc/MatMul", "MatMulV2", REDUCED, "hf32", "float32", "", {}),
                OpEvidence("conv1", "Conv2D", REDUCED, "float16 accumulation", "float32", "", {})]
    proposal = FixProposal(framework, ops=[{"op": e.op} for e in evidence])
    _plan(proposal, evidence, run, {}, "must_keep_origin_dtype", set(), None)
    return proposal


def test_hf32_and_accumulation_go_to_op_precision_mode_by_name():
    proposal = _hf32_proposal("tf1")
    assert [c["option"] for c in proposal.changes] == ["op_precision_mode"]
    assert proposal.side_files[0].content == "[ByNodeName]\nfc/MatMul=enable_float_32_execution\nconv1=high_precision\n"


def test_hf32_for_torch_npu_turns_the_switch_off():
    proposal = _hf32_proposal("torch_npu")
    assert ("matmul.allow_hf32", False) in [(c["option"], c["value"]) for c in proposal.changes]
    assert "torch.npu.matmul.allow_hf32 = False" in proposal.snippet


def test_side_files_merge_with_what_the_config_had():
    ini = forms.op_precision_mode_text("[ByOpType]\nSoftmaxV2=high_precision\n",
                                       [(forms.Line("MatMulV2", True), "enable_float_32_execution")])
    assert ini == "[ByOpType]\nSoftmaxV2=high_precision\nMatMulV2=enable_float_32_execution\n"
    mix = forms.modify_mixlist_text({"white-list": {"to-add": ["MatMulV2", "Relu"]}, "black-list": {"to-add": ["Exp"]}},
                                    ["MatMulV2"])
    assert '"to-add": [\n      "Exp",\n      "MatMulV2"' in mix and '"Relu"' in mix
    assert '"MatMulV2",\n      "Relu"' not in mix                      # off the white-list's to-add
    dtypes = forms.customize_dtypes_text("OpType::MatMulV2:InputDtype:float16,OutputDtype:float16\nconv1::x\n",
                                         [forms.Line("MatMulV2", True, ("float32",), ("float32",))])
    assert dtypes == "conv1::x\nOpType::MatMulV2:InputDtype:float32,OutputDtype:float32\n"


def test_msprobe_run_without_values_gets_no_fix_and_says_why(tmp_path, capsys):
    import json

    from ascend_dump_gui.cli import main
    from ascend_dump_gui.core.emulator import emulate

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": "out", "level": "L1", "statistics": {}}))
    emulate(config, model="mlp", cwd=tmp_path)
    run = next((tmp_path / "out").rglob("dump.json")).parent
    assert main(["fix", str(run), "--op", "Torch.matmul.1.forward", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["framework"] == "torch_npu" and "no precision fix without a verdict" in doc["ops"][0]["why"]
    assert main(["fix", str(run), "--op", "Torch.conv9.forward"]) == 2


def test_a_config_that_holds_no_precision_options_is_refused(tmp_path, capsys):
    from ascend_dump_gui.cli import main

    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    acl = tmp_path / "acl.json"
    acl.write_text('{"dump": {"dump_path": "dump", "dump_list": []}}')
    assert main(["fix", str(step), str(golden), "--config", str(acl)]) == 2
    assert "not into acl.json;" in capsys.readouterr().err


def test_cli_choices_match_the_core():
    from ascend_dump_gui.cli import capture_cmd, fix_cmd
    from ascend_dump_gui.core.nextrun import capture_forms

    assert fix_cmd.FRAMEWORKS == forms.FRAMEWORKS and capture_cmd.FRAMEWORKS == capture_forms.FRAMEWORKS


def test_a_renamed_fused_op_is_fixed_by_type_a_lone_op_by_name():
    run = RunOps(Path("."), "ge", names=["conv1conv1_relu", "fc/MatMul"],
                 types={"conv1conv1_relu": "Conv2D", "fc/MatMul": "MatMulV2"},
                 fused={"conv1conv1_relu": ("conv1", "bn_conv1", "conv1_relu")}, renamed={"conv1conv1_relu"},
                 io_dtypes={"conv1conv1_relu": (["float16", "float16", "float16"], ["float16"]),
                            "fc/MatMul": (["float16", "float16", "int32"], ["float16"])})
    evidence = [OpEvidence("conv1conv1_relu", "Conv2D", REDUCED, "float16", "float32", "", {}),
                OpEvidence("fc/MatMul", "MatMulV2", REDUCED, "float16", "float32", "", {})]
    proposal = FixProposal("tf1", ops=[{"op": e.op} for e in evidence])
    _plan(proposal, evidence, run, {}, "allow_fp32_to_fp16", set(), None)
    assert proposal.side_files[0].content == (
        "OpType::Conv2D:InputDtype:float32,float32,float32,OutputDtype:float32\n"
        "fc/MatMul::InputDtype:float32,float32,int32,OutputDtype:float32\n")     # integers stay
