"""`fix` for the GE-graph frameworks (tf1, tf2, ge, atc) on emulated runs: the knob follows the precision mode,
the fix is per type when other ops of the type diverge or overflow, and applied by the emulator it removes the
divergence."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.nextrun.fix import propose_fix
from ascend_dump_gui.core.nextrun.fix_write import write_fix
from tests.core.fix.runs import run_config, tf1_run


def _fix_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["fix", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("mode", [("precision_mode_v2", "mixed_float16"), ("precision_mode", "allow_mix_precision")])
def test_mixed_mode_fix_blacklists_the_type_and_the_emulator_confirms_it(tmp_path, capsys, mode):
    script, step, golden = tf1_run(tmp_path / "before", "mixed_precision", mode)
    assert compare(step, golden).first_divergence.op_name == "velocity/MatMul"
    out = tmp_path / "after" / "train.py"
    out.parent.mkdir()
    code, doc = _fix_json(capsys, str(step), str(golden), "--config", str(script), "--out", str(out))
    assert code == 0 and doc["framework"] == "tf1"
    assert doc["ops"][0] | {"op": "velocity/MatMul", "verdict": "faithful", "precision": "float16",
                            "dtype": "float32"} == doc["ops"][0]
    assert [c["option"] for c in doc["changes"]] == ["modify_mixlist"]
    mixlist = json.loads((out.parent / "train.modify_mixlist.json").read_text())
    assert mixlist["black-list"]["to-add"] == ["MatMulV2"]
    assert not [f for f in doc["findings"] if f["severity"] == "error"]
    assert f'parameter_map["{mode[0]}"]' in out.read_text()        # the mode line is kept
    after, golden_after = run_config(out.parent, out, "mixed_precision")
    result = compare(after, golden_after)
    assert result.first_divergence is None and result.summary["not_reached"] == 0


def test_overflow_without_golden_is_judged_against_the_original_graph(tmp_path, capsys):
    script, step, _ = tf1_run(tmp_path, "overflow_fp16")   # TF1 default: allow_fp32_to_fp16
    code, doc = _fix_json(capsys, str(step), "--config", str(script))
    assert code == 0
    fixed = [o for o in doc["ops"] if "why" not in o]
    assert {o["op"] for o in fixed} == {"dense/MatMul", "dense_1/MatMul"}
    assert all(o["precision"] == "float16" and o["dtype"] == "float32" for o in fixed)
    relu = next(o for o in doc["ops"] if o["op"] == "dense/Relu")
    assert "came in through its inputs" in relu["why"]              # carried, not born there: no fix for it
    assert [c["option"] for c in doc["changes"]] == ["customize_dtypes"]
    side = next(f for f in doc["files"] if f["path"] == "customize_dtypes.cfg")
    assert side["content"] == "OpType::MatMulV2:InputDtype:float32,float32,float32,OutputDtype:float32\n"
    assert not [f for f in doc["findings"] if f["severity"] == "error"]


@pytest.mark.parametrize("framework,option,form", [
    ("ge", "ge.customizeDtypes", "options = {"),
    ("atc", "--customize_dtypes", "atc --customize_dtypes="),
    ("tf2", "customize_dtypes", "npu_device.global_options().customize_dtypes = "),
    ("tf1", "customize_dtypes", 'custom_op.parameter_map["customize_dtypes"].s'),
])
def test_each_graph_framework_names_the_knob_its_own_way(tmp_path, capsys, framework, option, form):
    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    out = tmp_path / "fix" / ("fix.sh" if framework == "atc" else "fix.py")
    out.parent.mkdir()
    code, doc = _fix_json(capsys, str(step), str(golden), "--framework", framework, "--out", str(out))
    assert code == 0 and doc["framework"] == framework
    assert [c["option"] for c in doc["changes"]] == [option]
    assert form in out.read_text()
    assert (out.parent / f"{out.stem}.customize_dtypes.cfg").is_file()


def test_out_never_replaces_a_file(tmp_path, capsys):
    _, step, golden = tf1_run(tmp_path, "overflow_fp16")
    out = tmp_path / "fix.py"
    (tmp_path / "fix.customize_dtypes.cfg").write_text("mine\n")
    assert main(["fix", str(step), str(golden), "--framework", "tf1", "--out", str(out)]) == 2
    assert "already there" in capsys.readouterr().err
    assert (tmp_path / "fix.customize_dtypes.cfg").read_text() == "mine\n" and not out.exists()


def test_kernel_op_gets_no_precision_fix(tmp_path, capsys):
    script, step, golden = tf1_run(tmp_path, "mixed_precision", ("precision_mode", "must_keep_origin_dtype"),
                                   fault="perturb")
    code, doc = _fix_json(capsys, str(step), str(golden), "--config", str(script), "--op", "head/MatMul")
    assert code == 1 and doc["changes"] == [] and doc["proposed"] is False
    op = doc["ops"][0]
    assert op["verdict"] == "kernel" and "Report it" in op["why"]


def test_faithful_op_names_the_op_upstream(tmp_path):
    script, step, golden = tf1_run(tmp_path, "mixed_precision", ("precision_mode_v2", "mixed_float16"))
    proposal = propose_fix(step, golden, ops=["prob/Softmax"], config=script)
    assert not proposal.proposed
    assert "upstream" in proposal.ops[0]["why"] and "trans_Cast_1" in proposal.ops[0]["why"]


def test_unknown_op_is_bad_input(tmp_path, capsys):
    _, step, golden = tf1_run(tmp_path, "mlp")
    assert main(["fix", str(step), str(golden), "--op", "no/such/op"]) == 2
    assert "no op named" in capsys.readouterr().err


def test_a_producer_that_rounds_the_ops_inputs_is_fixed_with_it(tmp_path):
    script, step, golden = tf1_run(tmp_path, "mixed_precision", ("precision_mode_v2", "fp16"))
    proposal = propose_fix(step, golden, config=script)
    add = next(o for o in proposal.ops if o["op"] == "world_frame/Add")   # fp16 Add feeds velocity/MatMul
    assert add["precision"] == "float16" and add["fix_by"] == "name"
    assert proposal.side_files[0].content == ("OpType::MatMulV2:InputDtype:float32,float32,OutputDtype:float32\n"
                                              "world_frame/Add::InputDtype:float32,float32,OutputDtype:float32\n")


def test_nan_from_a_kernel_fault_gets_no_precision_fix_downstream_either(tmp_path, capsys):
    script, step, golden = tf1_run(tmp_path, "mlp", ("precision_mode", "force_fp16"), fault="nan")
    for args in ([str(step), str(golden)], [str(step)]):
        code, doc = _fix_json(capsys, *args, "--config", str(script))
        assert code == 1 and doc["changes"] == []
        assert doc["ops"][0]["op"] == "dense_1/MatMul" and doc["ops"][0]["verdict"] == "kernel"
        carried = [o for o in doc["ops"][1:] if "carried from upstream" in o.get("why", "")]
        assert {o["op"] for o in carried} >= {"dense_1/Relu", "residual/Add"}


def test_an_op_fed_inf_that_overflows_by_itself_too_is_fixed(tmp_path):
    script, step, golden = tf1_run(tmp_path, "overflow_fp16", ("precision_mode", "force_fp16"))
    proposal = propose_fix(step, golden, config=script)
    relu = next(o for o in proposal.ops if o["op"] == "dense/Relu")   # its golden exceeds float16 too
    assert "why" not in relu and relu["fix_by"] == "name"


def test_tf2_script_gets_one_line_added_where_its_global_options_are(tmp_path):
    script = tmp_path / "train.py"
    script.write_text('import npu_device\nnpu_device.global_options().dump_config.enable_dump = True\n'
                      'npu_device.global_options().dump_config.dump_path = "dump"\n'
                      'npu_device.global_options().dump_config.dump_mode = "all"\n'
                      'npu_device.global_options().precision_mode = "allow_fp32_to_fp16"\n'
                      'npu_device.open().as_default()\n')
    step, golden = run_config(tmp_path, script, "overflow_fp16")
    proposal = propose_fix(step, golden, config=script)
    out = tmp_path / "out" / "train.py"
    out.parent.mkdir()
    write_fix(proposal, out)
    added = set(out.read_text().splitlines()) - set(script.read_text().splitlines())
    assert added == {f'npu_device.global_options().customize_dtypes = "{out.parent / "train.customize_dtypes.cfg"}"'}
