"""The emulator explains a run before it runs (steps dumped, this run's warnings, what stops it) and after (why
nothing was dumped), for the GUI and ``emulate --plan`` alike."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.emulator.explain import preview_run, steps_text, why_nothing_dumped
from ascend_dump_gui.core.emulator.plan import DumpPlan
from ascend_dump_gui.core.errors import DumpError

ACL = {"dump_path": "out", "dump_mode": "output", "dump_step": "10", "dump_list": [{"model_name": "mlp"}]}

SCRIPT = '''
import argparse
import tensorflow as tf
parser = argparse.ArgumentParser()
parser.add_argument("--over_dump", type=str, default="False")
args = parser.parse_args()
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("out")
custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("10")
if args.over_dump == "True":
    custom_op.parameter_map["enable_dump_debug"].b = True
sess = tf.Session(config=config)
'''


def test_a_dump_step_beyond_the_run_is_said_before_and_after_with_a_fix(tmp_path):
    doc = ConfigDoc("acl_json", dict(ACL))
    preview = preview_run(doc, model="mlp", steps=2, cwd=tmp_path)
    assert preview.dumps_data and preview.dumped_steps == () and preview.nothing_dumped
    assert preview.fix_steps == 11 and not preview.blockers
    assert "none of the steps run (0 to 1)" in steps_text(preview)
    (tmp_path / "out").mkdir()
    result = emulate(doc, model="mlp", steps=2, cwd=tmp_path, golden_dir=tmp_path / "golden")
    assert result.written and not list((tmp_path / "out").rglob("*.*"))  # golden files only
    reason = [w for w in result.warnings if "writes no dump files" in w]
    assert reason and "dump_step 10 selects none of the 2 step(s)" in reason[0]
    fixed = preview_run(doc, model="mlp", steps=preview.fix_steps, cwd=tmp_path)
    assert fixed.dumped_steps == (10,) and fixed.fix_steps is None


def test_only_this_runs_warnings_are_given(tmp_path):
    doc = parse_text(SCRIPT, kind="python")
    preview = preview_run(doc, model="mlp", steps=2, cwd=tmp_path)
    assert not any("--over_dump" in w for w in preview.warnings)  # another run's conflict is not this run's
    (tmp_path / "out").mkdir()
    result = emulate(doc, model="mlp", steps=2, cwd=tmp_path)
    assert not any("--over_dump" in w for w in result.warnings)


def test_a_missing_mixlist_stops_the_run_and_the_preview_says_so(tmp_path):
    doc = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": "out", "precision_mode": "allow_mix_precision",
                                    "modify_mixlist": "ops_info.json"})
    preview = preview_run(doc, model="mlp", steps=1, cwd=tmp_path)
    assert any("modify_mixlist" in b for b in preview.blockers)
    (tmp_path / "out").mkdir()
    with pytest.raises(DumpError, match="modify_mixlist"):
        emulate(doc, model="mlp", steps=1, cwd=tmp_path)


def test_why_nothing_is_dumped_names_the_cause():
    assert "turns no dump on" in why_nothing_dumped(DumpPlan("acl_json"), 2, {})
    noted = DumpPlan("acl_json").note("model_name other is not the model run", "model_name")
    assert "model_name other" in why_nothing_dumped(noted, 2, {})
    every = DumpPlan("acl_json", data_dump=True)
    assert "no dump folder" in why_nothing_dumped(every, 2, {})


def test_cli_plan_prints_the_same_explanation(tmp_path):
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": ACL}), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "emulate", "--config", str(config),
                          "--steps", "2", "--plan", "--json", "--cwd", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    plan = json.loads(out.stdout)
    assert plan["dumped_steps"] == [] and plan["fix_steps"] == 11 and plan["dump_step"] == "10"
    assert not list(tmp_path.glob("out*"))  # --plan writes nothing
