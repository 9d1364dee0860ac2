"""Flag definitions, their defaults and a run's command line (script.flags)."""

from __future__ import annotations

import ast

import pytest

from ascend_dump_gui.core.config.script.flags import (
    UNKNOWN,
    collect_flags,
    evaluate_args,
    external_flags,
    format_arg,
    split_args,
)

SCRIPT = '''
import argparse, ast
import tensorflow as tf
from absl import flags
parser = argparse.ArgumentParser()
parser.add_argument("--over_dump", type=str, default="False")
parser.add_argument("--data_dump_flag", type=int, default="0")
parser.add_argument("--use_amp", action="store_true")
parser.add_argument("--no_fusion", action="store_false")
parser.add_argument("-p", "--dump-path", dest="data_dump_path", default="/home/data")
parser.add_argument("--literal", type=ast.literal_eval, default=False)
parser.add_argument("--as_bool", type=bool, default=False)
parser.add_argument("--str2", type=str2bool, default=False)
parser.add_argument("--computed", default=os.getcwd())
tf.app.flags.DEFINE_boolean("profiling", False, "profile")
flags.DEFINE_integer(name="steps", default=5, help="steps")
flags.DEFINE_enum("mode", "train", ["train", "eval"], "mode")
flags.DEFINE_list("layers", "a,b", "layers")
'''


@pytest.fixture(scope="module")
def flags():
    return collect_flags(ast.parse(SCRIPT))


def test_declared_types_and_defaults(flags):
    assert flags["over_dump"].default == "False" and flags["over_dump"].kind == "str"
    assert flags["data_dump_flag"].default == 0                  # argparse converts a string default by type
    assert flags["use_amp"].default is False and flags["no_fusion"].default is True
    assert flags["data_dump_path"].option == "--dump-path" and flags["data_dump_path"].default == "/home/data"
    assert flags["literal"].kind == "literal" and flags["as_bool"].kind == "bool_text"
    assert flags["str2"].kind == "str2bool"
    assert flags["computed"].default is UNKNOWN
    assert flags["profiling"].kind == "bool" and flags["profiling"].default is False
    assert flags["steps"].default == 5 and flags["mode"].choices == ("train", "eval")
    assert flags["layers"].default == ["a", "b"]


def test_command_line_conversion(flags):
    run = evaluate_args(flags, split_args(
        "--over_dump=True --data_dump_flag 1 --use_amp -p '/d x' --literal True --as_bool False --str2 no "
        "--noprofiling --steps=7 --mode eval --layers=c,d"))
    assert run.problems == []
    values = run.values
    assert values["over_dump"] == "True" and values["data_dump_flag"] == 1 and values["use_amp"] is True
    assert values["data_dump_path"] == "/d x" and values["literal"] is True
    assert values["as_bool"] is True                 # bool("False"): argparse's type=bool trap
    assert values["str2"] is False and values["profiling"] is False and values["steps"] == 7
    assert values["mode"] == "eval" and values["layers"] == ["c", "d"]
    assert run.given["data_dump_flag"] == "--data_dump_flag=1"


def test_bad_arguments_are_findings_not_crashes(flags):
    run = evaluate_args(flags, ["--unknown", "3", "--steps=x", "stray", "--mode=other"])
    messages = [f.message for f in run.problems]
    assert len(messages) == 4 and all(f.rule == "script.args" for f in run.problems)
    assert "--unknown is not declared" in messages[0]
    assert run.values["steps"] == 5 and run.values["mode"] == "train"     # the defaults stay
    with pytest.raises(ValueError, match="split like a shell"):
        split_args("--a 'unclosed")


def test_format_arg_round_trips(flags):
    for name, value in (("use_amp", True), ("profiling", False), ("over_dump", "True"), ("data_dump_path", "/a b"),
                        ("as_bool", False), ("as_bool", True), ("literal", True)):
        text = format_arg(flags[name], value)
        assert evaluate_args(flags, split_args(text)).values[name] == value


def test_external_flags_debug_switches_are_off():
    tree = ast.parse("FLAGS = flags.FLAGS\nif FLAGS.over_dump:\n    x = FLAGS.dump_dir\nconfig = parser.parse_args()\n"
                     "y = config.chip\nargs.parse_known_args()\n")
    found = external_flags(tree, {})
    assert found["over_dump"].default is False
    assert found["dump_dir"].default is UNKNOWN and found["chip"].default is UNKNOWN
    assert "FLAGS" not in found and "parse_known_args" not in found
