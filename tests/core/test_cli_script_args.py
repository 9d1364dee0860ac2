"""`config check|where|export PATH --script-args ARGS`: a training script evaluated as run with ARGS."""

import json

import pytest

from ascend_dump_gui.cli import main

SCRIPT = '''import argparse
import tensorflow as tf
parser = argparse.ArgumentParser()
parser.add_argument("--data_dump_flag", type=int, default=0)
parser.add_argument("--over_dump", type=str, default="False")
parser.add_argument("--dump_path", default="/dump")
args = parser.parse_args()
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
if args.data_dump_flag == 1:
    custom_op.parameter_map["enable_dump"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.dump_path)
if args.over_dump == "True":
    custom_op.parameter_map["enable_dump_debug"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.dump_path)
sess = tf.Session(config=config)
'''


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(SCRIPT)
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_default_run_warns_about_the_conflict_of_other_arguments(script, capsys):
    code, out, _ = run(capsys, "config", "check", str(script), "--json")
    findings = json.loads(out)["results"][0]["findings"]
    conflict = next(f for f in findings if f["rule"] == "tf1.dump_and_dump_debug")
    assert code == 0 and conflict["severity"] == "warning"
    assert "--data_dump_flag=1 --over_dump=True" in conflict["message"] and conflict["line"] == 11


def test_script_args_select_the_run(script, capsys):
    code, out, _ = run(capsys, "config", "check", str(script), "--script-args", "--over_dump True --data_dump_flag=1")
    assert code == 1 and "error   tf1.dump_and_dump_debug [enable_dump, enable_dump_debug] (line 11)" in out
    code, out, _ = run(capsys, "config", "export", str(script), "--to", "project", "--script-args", "--over_dump=True")
    payload = json.loads(out)
    assert code == 0 and payload["values"] == {"enable_dump_debug": True, "dump_path": "/dump"}
    assert set(payload) >= {"scenario", "schema_version", "values"}
    code, out, _ = run(capsys, "config", "where", str(script), "--json", "--script-args=--over_dump=True")
    artifacts = {a["artifact"]: a for a in json.loads(out)["artifacts"]}
    assert code == 0 and artifacts["overflow_dump"]["path"] == "/dump"


def test_unknown_arguments_are_findings_and_bad_quoting_is_exit_2(script, capsys):
    code, out, _ = run(capsys, "config", "check", str(script), "--json", "--script-args", "--nope 1")
    findings = json.loads(out)["results"][0]["findings"]
    assert code == 0 and any(f["rule"] == "script.args" and "--nope" in f["message"] for f in findings)
    code, out, err = run(capsys, "config", "export", str(script), "--to", "project", "--script-args", "--a 'open")
    assert code == 2 and "split like a shell" in err and "Traceback" not in err
