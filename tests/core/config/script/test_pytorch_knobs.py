"""PyTorch scripts as config sources: msprobe's PrecisionDebugger (its config.json under the keyword arguments),
torch_npu's set_option (a dict literal or one built before) and HF32 switches, one document per scenario."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import load_config, parse_text

CONFIG = {"task": "statistics", "dump_path": "./dump", "rank": [], "step": [], "level": "L1",
          "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "statistics"},
          "tensor": {"scope": [], "list": ["Functional.linear"], "data_mode": ["all"]}}
SCRIPT = '''\
import argparse
import torch
import torch_npu
import torchair
from msprobe.pytorch import PrecisionDebugger

parser = argparse.ArgumentParser()
parser.add_argument("--fp32", action="store_true")
args = parser.parse_args()
option = {}
option["ACL_PRECISION_MODE"] = "allow_fp32_to_fp16"
if args.fp32:
    option["ACL_PRECISION_MODE"] = "must_keep_origin_dtype"
    torch.npu.matmul.allow_hf32 = False
torch.npu.set_option(option)
unused = {"ACL_OP_SELECT_IMPL_MODE": "high_precision"}
debugger = PrecisionDebugger(config_path="./config.json", task="tensor", step=[0, "2-3"])
config = torchair.CompilerConfig()
config.dump_config.enable_dump = True
for step in range(3):
    debugger.start(model)
    debugger.stop()
    debugger.step()
'''


@pytest.fixture
def script(tmp_path: Path) -> Path:
    (tmp_path / "config.json").write_text(json.dumps(CONFIG))
    path = tmp_path / "train.py"
    path.write_text(SCRIPT)
    return path


def _docs(doc):
    return {d.scenario: d for d in (doc, *doc.facts.get("scenarios", ()))}


def test_every_scenario_of_the_script_is_read(script):
    docs = _docs(load_config(script))
    assert set(docs) == {"msprobe_config", "torch_npu", "torchair"}
    ms = docs["msprobe_config"]
    # config.json's tensor section (the task the script asks for), the keywords over the file
    assert ms.values["task"] == "tensor" and ms.values["list"] == ["Functional.linear"]
    assert ms.values["step"] == ["0", "2-3"] and ms.values["dump_path"] == "./dump"
    assert [c["call"] for c in ms.facts["msprobe_calls"]] == ["start", "stop", "step"]
    assert ms.facts["framework"] == "pytorch"
    assert docs["torch_npu"].values == {"ACL_PRECISION_MODE": "allow_fp32_to_fp16"}   # the dict never passed on
    assert docs["torchair"].values == {"enable_dump": True}


def test_script_arguments_decide_the_branch(script):
    docs = _docs(load_config(script, script_args="--fp32"))
    assert docs["torch_npu"].values == {"ACL_PRECISION_MODE": "must_keep_origin_dtype", "matmul.allow_hf32": False}
    rules = {f.rule for f in check(docs["torch_npu"])}
    assert "torch_npu.hf32_under_origin" in rules   # conv.allow_hf32 is on by default


def test_undecided_settings_stay_out(tmp_path):
    path = tmp_path / "t.py"
    path.write_text('import os\nimport torch_npu\nif os.environ.get("FP32"):\n'
                    '    torch_npu.npu.conv.allow_hf32 = False\ntorch_npu.npu.matmul.allow_hf32 = True\n')
    doc = load_config(path)
    assert doc.scenario == "torch_npu" and doc.values == {"matmul.allow_hf32": True}
    assert "conv.allow_hf32" in doc.facts["undecided"]


def test_unregistered_option_is_an_error_and_registered_ones_are_kept():
    doc = parse_text('import torch_npu\ntorch_npu.npu.set_option({"ACL_OP_COMPILER_CACHE_MODE": "enable", '
                     '"ACL_PRECISION": "force_fp32"})\n', kind="python")
    findings = check(doc)
    assert [f.options for f in findings if f.rule == "torch_npu.unregistered_option"] == [("ACL_PRECISION",)]
    assert not any("ACL_OP_COMPILER_CACHE_MODE" in f.options for f in findings)


def test_a_missing_config_file_is_an_error(tmp_path):
    path = tmp_path / "t.py"
    path.write_text('from msprobe.pytorch import PrecisionDebugger\nd = PrecisionDebugger(config_path="no.json", '
                    'level="L0")\n')
    doc = load_config(path)
    assert doc.scenario == "msprobe_config" and doc.values == {"level": "L0"}
    assert any(p.rule == "import.msprobe_config_path" and p.severity.value == "error" for p in doc.problems)


def test_export_round_trip_of_torch_npu():
    doc = parse_text('import torch_npu\ntorch_npu.npu.set_option({"ACL_PRECISION_MODE": "must_keep_origin_dtype"})'
                     '\ntorch_npu.npu.conv.allow_hf32 = False\n', kind="python")
    again = parse_text(export(doc, "torch_npu_python"), kind="python")
    assert again.scenario == "torch_npu" and again.values == doc.values


def test_cli_gives_one_result_per_scenario(script, capsys):
    assert main(["config", "check", str(script), "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["scenario"] for r in results] == ["msprobe_config", "torchair", "torch_npu"]
    assert main(["config", "export", str(script), "--to", "project"]) == 0
    project = json.loads(capsys.readouterr().out)
    assert [s["scenario"] for s in project["scenarios"]] == ["msprobe_config", "torchair", "torch_npu"]
    assert project["values"] == project["scenarios"][0]["values"]


TWO_SESSIONS = '''\
import tensorflow as tf


def make_eval_config():
    config = tf.ConfigProto()
    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["enable_data_pre_proc"].b = False
    custom_op.parameter_map["enable_dump"].b = False
    return config


HELP = "call make_eval_config() for the evaluation session"
{call}


def main():
    pass

config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_data_pre_proc"].b = True
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/tmp/d")
with tf.Session(config=config) as sess:
    main()
'''


def test_a_function_named_only_in_a_string_is_not_run():
    doc = parse_text(TWO_SESSIONS.format(call=""), kind="python")
    assert doc.values == {"enable_data_pre_proc": True, "enable_dump": True, "dump_path": "/tmp/d"}
    assert not any(p.rule == "import.set_again" for p in doc.problems)
    assert any(p.rule == "import.never_called" and "make_eval_config" in p.message for p in doc.problems)


def test_settings_on_two_config_objects_stay_apart(capsys, tmp_path):
    text = TWO_SESSIONS.format(call="eval_config = make_eval_config()")
    doc = parse_text(text, kind="python")
    assert doc.values == {"enable_data_pre_proc": True, "enable_dump": True, "dump_path": "/tmp/d"}
    assert doc.facts["object"] == "module config"
    [other] = doc.facts["scenarios"]
    assert other.scenario == "tf1_session" and other.facts["object"] == "make_eval_config:4 config"
    assert other.values == {"enable_data_pre_proc": False, "enable_dump": False}
    assert not any(p.rule == "import.set_again" for p in doc.problems + other.problems)
    path = tmp_path / "two.py"
    path.write_text(text)
    assert main(["config", "check", str(path), "--json"]) in (0, 1)
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r.get("object") for r in results] == ["module config", "make_eval_config:4 config"]
