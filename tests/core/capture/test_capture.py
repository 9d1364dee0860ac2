"""`capture`: the next capture config per framework, names checked against the run, and — run by the emulator —
a capture config dumps exactly the ops it names (plus the data ops the runtime dumps as their inputs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.dump.naming import parse_name, sanitize_part
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES
from ascend_dump_gui.core.nextrun import capture_forms as forms
from tests.core.fix.runs import ENV, tf1_run
from tests.emulator_runs import emulated, model_dump


def _capture(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["capture", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _dumped_ops(folder: Path, written: list[Path]) -> set[str]:
    """The ops (sanitised names) with a dump file among ``written``, data ops left out."""
    names = (parse_name(p.name) for p in written if p.is_relative_to(folder))
    return {n.op_name for n in names if n is not None and n.kind == "tensor" and n.op_type not in INPUT_TYPES}


def _no_errors(path: Path) -> None:
    errors = [f for f in check(load_config(path)) if f.severity.value == "error"]
    assert errors == [], [f.message for f in errors]


def test_acl_capture_dumps_exactly_the_ops_it_names(tmp_path, capsys):
    _, step, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    config = tmp_path / "run" / "acl.json"
    out = tmp_path / "next" / "acl.json"
    out.parent.mkdir()
    code, doc = _capture(capsys, str(step), "--op", "dense_1/MatMul", "--around", "1", "--config", str(config),
                         "--out", str(out))
    assert code == 0 and doc["framework"] == "acl" and doc["unknown"] == []
    assert doc["ops"] == ["dense_1/MatMul", "dense/Relu"]                 # its producer one level up
    assert doc["config"]["dump_list"] == [{"model_name": "mlp", "layer": ["dense_1/MatMul", "dense/Relu"]}]
    assert doc["findings"] == [] or all(f["severity"] != "error" for f in doc["findings"])
    _no_errors(out)
    dump = tmp_path / "next" / "dump"
    dump.mkdir()
    data = json.loads(out.read_text())
    data["dump"]["dump_path"] = str(dump)
    out.write_text(json.dumps(data))
    result = emulate(out, model="mlp", cwd=out.parent)
    assert _dumped_ops(dump, result.written) == {sanitize_part(n) for n in doc["ops"]}


def test_tf1_first_divergence_capture_dumps_exactly_it(tmp_path, capsys):
    script, step, golden = tf1_run(tmp_path / "before", "mixed_precision", ("precision_mode_v2", "mixed_float16"))
    out = tmp_path / "next" / "train.py"
    out.parent.mkdir()
    code, doc = _capture(capsys, str(step), str(golden), "--first-divergence", "--config", str(script), "--step",
                         "0", "--data", "stats", "--out", str(out))
    assert code == 0 and doc["ops"] == ["velocity/MatMul"] and doc["steps"] == [0]
    text = out.read_text()
    assert 'parameter_map["dump_layer"].s = tf.compat.as_bytes("velocity/MatMul")' in text
    assert 'parameter_map["precision_mode_v2"]' in text                 # the script's own lines stay
    _no_errors(out)
    (out.parent / "dump").mkdir()
    result = emulate(out, env=dict(ENV), model="mixed_precision", cwd=out.parent)
    dumped = {parse_name(p.name) for p in result.written if "/dump/" in str(p)}
    assert {n.op_name for n in dumped if n.op_type not in INPUT_TYPES} == {"velocity_MatMul"}
    assert all(n.kind == "stats" for n in dumped)


@pytest.mark.parametrize("framework,line", [
    ("tf2", 'npu_device.global_options().dump_config.dump_layer = "dense/MatMul dense/Relu"'),
    ("torchair", 'config.dump_config.dump_layer = "dense/MatMul dense/Relu"'),
])
def test_other_forms_pass_config_check(tmp_path, capsys, framework, line):
    _, step, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    out = tmp_path / f"{framework}.py"
    code, doc = _capture(capsys, str(step), "--op", "dense/MatMul", "--op", "dense/Relu", "--framework", framework,
                         "--out", str(out))
    assert code == 0 and line in out.read_text()
    _no_errors(out)
    (tmp_path / "dump").mkdir()
    result = emulate(out, model="mlp", cwd=tmp_path)
    assert _dumped_ops(tmp_path / "dump", result.written) == {"dense_MatMul", "dense_Relu"}


def test_unknown_name_writes_nothing(tmp_path, capsys):
    _, step, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    out = tmp_path / "next.json"
    code, doc = _capture(capsys, str(step), "--op", "dense/MatMul", "--op", "dense_7/MatMul", "--out", str(out))
    assert code == 1 and doc["unknown"] == ["dense_7/MatMul"] and not out.exists()


def test_a_fused_original_name_becomes_the_fused_op(tmp_path, capsys):
    _, step, _, _ = emulated(tmp_path, model_dump("convnet"), "convnet")
    code, doc = _capture(capsys, str(step), "--op", "bn_conv1")
    assert code == 0 and doc["ops"] == ["conv1conv1_relu"]
    assert any("fused into conv1conv1_relu" in n for n in doc["notes"])


def test_more_than_100_step_groups_are_refused(tmp_path, capsys):
    _, step, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    steps = [a for s in range(0, 404, 4) for a in ("--step", str(s))]
    out = tmp_path / "next.json"
    code, doc = _capture(capsys, str(step), "--op", "dense/MatMul", *steps, "--out", str(out))
    assert code == 1 and doc["refused"][0]["name"] == "dump_step" and not out.exists()
    assert forms.step_text(range(0, 202, 2)).count("|") == 100
    assert forms.step_text([0, 1, 2, 5, 7, 8]) == "0-2|5|7-8"


def test_torchair_dump_layer_characters():
    assert forms.torchair_refused(["dense/MatMul", "a-b", "x:0", "scope\\op.1 2"]) == ["a-b", "x:0"]


def _msprobe_run(tmp_path: Path, level: str = "L1") -> Path:
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": "out", "level": level, "statistics": {}}))
    emulate(config, model="mlp", cwd=tmp_path)
    return next((tmp_path / "out").rglob("dump.json")).parent


def test_msprobe_substring_match_is_reported_with_the_exact_form(tmp_path, capsys):
    run = _msprobe_run(tmp_path)
    out = tmp_path / "next.json"
    code, doc = _capture(capsys, str(run), "--op", "Torch.add.1", "--step", "0", "--rank", "3", "--out", str(out))
    assert code == 0 and doc["framework"] == "msprobe"
    assert doc["also_matches"] == {"Torch.add.1": ["Torch.add.1.forward", "Torch.add.1.backward"]}
    assert any("list the full names instead, e.g. Torch.add.1.forward" in n for n in doc["notes"])
    written = json.loads(out.read_text())
    assert written["tensor"]["list"] == ["Torch.add.1"] and written["step"] == [0] and written["rank"] == [3]
    _no_errors(out)
    code, doc = _capture(capsys, str(run), "--op", "Torch.add.1.forward")
    assert doc["also_matches"] == {}


def test_msprobe_modules_and_unknown_calls(tmp_path, capsys):
    run = _msprobe_run(tmp_path, "mix")
    modules = [m for m in json.loads((run / "construct.json").read_text()) if m.startswith("Module.")]
    code, doc = _capture(capsys, str(run), "--module", modules[0])
    assert code == 0 and doc["config"]["level"] == "L0" and doc["config"]["list"] == [modules[0]]
    code, doc = _capture(capsys, str(run), "--op", "Torch.conv9.forward")
    assert code == 1 and doc["unknown"] == ["Torch.conv9.forward"]


def test_json_shapes_of_the_contract(tmp_path, capsys):
    _, step, golden, _ = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    code, doc = _capture(capsys, str(step), str(golden), "--first-divergence")
    assert code == 0 and {"framework", "ops", "steps", "ranks", "config", "files", "unknown", "also_matches",
                          "findings"} <= set(doc)
    assert all(set(f) == {"path", "content"} for f in doc["files"])
    assert main(["fix", str(step), str(golden), "--framework", "ge", "--json"]) == 0
    fix = json.loads(capsys.readouterr().out)
    assert {"framework", "ops", "changes", "files", "findings", "verify"} <= set(fix)
    assert all({"op", "op_type", "verdict", "precision"} <= set(o) for o in fix["ops"])
    assert all({"option", "value", "why"} <= set(c) for c in fix["changes"])


def test_around_without_a_graph_takes_the_execution_order():
    from ascend_dump_gui.core.nextrun.capture import _upstream
    from ascend_dump_gui.core.nextrun.run_ops import RunOps

    run = RunOps(Path("."), "ge", names=["a", "b", "c", "d"], types=dict.fromkeys("abcd", "Add"))
    assert _upstream(run, ["c"], 2) == (["a", "b"], "execution order")
    run.producers = {"d": ["a"], "a": []}
    assert _upstream(run, ["d"], 2) == (["a"], "graph")
