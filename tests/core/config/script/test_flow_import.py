"""Flow- and flag-aware script import: runs, variants, provenance, objects that never reach the session."""

from __future__ import annotations

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import parse_text

MODEL_ZOO = '''
import argparse
import tensorflow as tf
parser = argparse.ArgumentParser()
parser.add_argument("--data_dump_flag", type=int, default=0)
parser.add_argument("--over_dump", type=str, default="False")
parser.add_argument("--data_dump_path", default="/home/data")
parser.add_argument("--precision_mode", default="allow_mix_precision")
args = parser.parse_args()
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes(args.precision_mode)
if args.data_dump_flag == 1:
    custom_op.parameter_map["enable_dump"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.data_dump_path)
if args.over_dump == "True":
    custom_op.parameter_map["enable_dump_debug"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.data_dump_path)
sess = tf.Session(config=config)
'''


def _errors(findings):
    return [f for f in findings if f.severity is Severity.ERROR]


def test_default_run_takes_no_branch_and_the_conflict_is_a_named_warning():
    doc = parse_text(MODEL_ZOO, kind="python")
    assert doc.values == {"precision_mode": "allow_mix_precision"}
    assert {i["key"] for i in doc.facts["inactive"]} == {"enable_dump", "dump_path", "enable_dump_debug"}
    findings = check(doc)
    assert not _errors(findings)
    conflict = next(f for f in findings if f.rule == "tf1.dump_and_dump_debug")
    assert conflict.severity is Severity.WARNING
    assert "--data_dump_flag=1" in conflict.message and "--over_dump=True" in conflict.message


def test_a_run_with_arguments_is_evaluated_and_its_conflict_is_an_error():
    doc = parse_text(MODEL_ZOO, kind="python", script_args="--over_dump=True --data_dump_path /dump")
    assert doc.values == {"precision_mode": "allow_mix_precision", "enable_dump_debug": True, "dump_path": "/dump"}
    assert doc.facts["provenance"]["dump_path"] == {"key": "dump_path", "line": 19,
                                                   "conditions": ["args.over_dump == 'True'"],
                                                   "flags": ["data_dump_path"], "config": "module config"}
    both = parse_text(MODEL_ZOO, kind="python", script_args="--over_dump True --data_dump_flag=1")
    assert [f.rule for f in _errors(check(both))] == ["tf1.dump_and_dump_debug"]


def test_project_export_prints_the_effective_values_of_the_run():
    import json
    doc = parse_text(MODEL_ZOO, kind="python", script_args="--data_dump_flag=1")
    payload = json.loads(export(doc, "project"))
    assert payload["values"] == {"precision_mode": "allow_mix_precision", "enable_dump": True,
                                 "dump_path": "/home/data"}
    assert payload["scenario"] == "tf1_session" and isinstance(payload["schema_version"], int)


def test_truthiness_follows_the_declared_type():
    text = ('import argparse\np = argparse.ArgumentParser()\n'
            'p.add_argument("--a", default="False")\n'          # a non-empty string: true
            'p.add_argument("--b", type=int, default=0)\n'
            'p.add_argument("--c", action="store_true")\n'
            'args = p.parse_args()\n'
            'if args.a:\n    custom_op.parameter_map["enable_dump"].b = True\n'
            'if args.b:\n    custom_op.parameter_map["dump_mode"].s = b"all"\n'
            'if args.c:\n    custom_op.parameter_map["dump_step"].s = b"0"\n'
            'if not args.c and args.b == 0:\n    custom_op.parameter_map["dump_path"].s = b"/d"\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {"enable_dump": True, "dump_path": "/d"}


def test_absl_flags_values_and_else_branches():
    text = ('from absl import flags\nimport npu_device\n'
            'flags.DEFINE_boolean("over_dump", False, "")\n'
            'flags.DEFINE_string("dump_dir", "/o", "")\nFLAGS = flags.FLAGS\n'
            'if FLAGS.over_dump:\n'
            '    npu_device.global_options().dump_config.enable_dump_debug = True\n'
            '    npu_device.global_options().dump_config.dump_path = FLAGS.dump_dir\n'
            'else:\n'
            '    npu_device.global_options().precision_mode = "allow_mix_precision"\n')
    off = parse_text(text, kind="python")
    assert off.scenario == "tf2_npu_device" and off.values == {"precision_mode": "allow_mix_precision"}
    on = parse_text(text, kind="python", script_args="--over_dump")
    assert on.values == {"enable_dump_debug": True, "dump_path": "/o"}
    assert parse_text(text, kind="python", script_args="--noover_dump").values == off.values


def test_undecided_settings_are_not_values_and_their_errors_are_warnings():
    text = ('def build(is_training):\n'
            '    config = tf.ConfigProto()\n'
            '    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            '    custom_op.parameter_map["enable_dump"].b = True\n'
            '    custom_op.parameter_map["dump_path"].s = b"/d"\n'
            '    if is_training:\n'
            '        custom_op.parameter_map["enable_dump_debug"].b = True\n'
            '    return config\n')
    doc = parse_text(text, kind="python")
    assert "enable_dump_debug" not in doc.values
    undecided = doc.facts["undecided"]["enable_dump_debug"]
    assert (undecided["value"], undecided["condition"], undecided["line"]) == (True, "is_training", 7)
    conflict = next(f for f in check(doc) if f.rule == "tf1.dump_and_dump_debug")
    assert conflict.severity is Severity.WARNING and "is_training" in conflict.message


def test_objects_that_never_reach_the_session_do_not_count():
    text = ('import tensorflow as tf\n'
            'unused = tf.ConfigProto()\n'
            'op = unused.graph_options.rewrite_options.custom_optimizers.add()\n'
            'op.parameter_map["enable_dump"].b = True\n'
            'used = tf.ConfigProto()\n'
            'op2 = used.graph_options.rewrite_options.custom_optimizers.add()\n'
            'op2.parameter_map["precision_mode"].s = b"force_fp32"\n'
            'dump_config = DumpConfig(enable_dump_debug=True, dump_path="/o")\n'
            'run_config = NPURunConfig(session_config=used, model_dir="/m")\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {"precision_mode": "force_fp32"}
    notes = [f for f in doc.problems if f.rule == "import.not_passed_on"]
    assert len(notes) == 2 and all(f.severity is Severity.INFO for f in notes)


def test_a_dump_config_built_again_replaces_the_earlier_one():
    text = ('import argparse\np = argparse.ArgumentParser()\np.add_argument("--over_dump", action="store_true")\n'
            'args = p.parse_args()\n'
            'dump_config = DumpConfig(enable_dump=True, dump_path="/d", dump_mode="all")\n'
            'if args.over_dump:\n'
            '    dump_config = DumpConfig(enable_dump_debug=True, dump_path="/o")\n'
            'run_config = NPURunConfig(dump_config=dump_config, model_dir="/m")\n')
    assert parse_text(text, kind="python").values == {"enable_dump": True, "dump_path": "/d", "dump_mode": "all"}
    on = parse_text(text, kind="python", script_args="--over_dump")
    assert on.values == {"enable_dump_debug": True, "dump_path": "/o"}
    assert not _errors(check(on))


def test_run_config_without_dump_arguments_is_a_valid_tf1_config():
    doc = parse_text("from npu_bridge.npu_init import *\nrun_config = NPURunConfig(model_dir='/m', "
                     "save_summary_steps=0)\n", kind="python")
    assert doc.scenario == "tf1_session" and doc.values == {}
    assert not _errors(check(doc))


def test_expressions_that_cannot_be_evaluated_stay_unchecked():
    text = ('custom_op.parameter_map["profiling_mode"].b = True\n'
            'custom_op.parameter_map["profiling_options"].s = tf.compat.as_bytes('
            '\'{"output":"\' + hparams.profiling_dump_path + \'"}\')\n')
    doc = parse_text(text, kind="python")
    assert "profiling_options" not in doc.values and doc.facts["unresolved"] == ["profiling_options"]
    assert not any("profiling_options" in f.options and f.rule.startswith("tf1.") for f in check(doc))


def test_tf2_global_options_share_tf1_rules_and_fields():
    text = ('import npu_device\n'
            'npu_device.global_options().precision_mode = "allow_mix_precision"\n'
            'npu_device.global_options().graph_memory_max_size = 31 * 1024 * 1024 * 1024\n'
            'npu_device.global_options().op_debug_level = 0\n'
            'npu_device.global_options().debug_dir = "/dbg"\n'
            'npu_device.global_options().dump_config.dump_step = 10\n'
            'npu_device.open().as_default()\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {"precision_mode": "allow_mix_precision", "graph_memory_max_size": str(31 * 1024 ** 3),
                          "op_debug_level": 0, "debug_dir": "/dbg", "dump_step": "10"}
    assert "tf1.debug_dir_unused" in {f.rule for f in check(doc)}       # a TF1 rule on the shared options
    assert 'npu_device.global_options().precision_mode = "allow_mix_precision"' in export(doc, "tf2_python")


def test_lazy_recompile_is_accepted_as_the_tf_adapter_does():
    text = ('custom_op.parameter_map["dynamic_input"].b = True\n'
            'custom_op.parameter_map["dynamic_graph_execute_mode"].s = tf.compat.as_bytes("lazy_recompile")\n')
    assert not _errors(check(parse_text(text, kind="python")))
    bad = text.replace("lazy_recompile", "lazy")
    assert [f.rule for f in _errors(check(parse_text(bad, kind="python")))] == ["schema.choice"]


def test_settings_on_different_config_objects_stay_different():
    text = ('import tensorflow as tf\n'
            'def train_config():\n'
            '    config = tf.ConfigProto()\n'
            '    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            '    custom_op.parameter_map["enable_dump"].b = True\n'
            '    custom_op.parameter_map["dump_path"].s = b"/d"\n'
            '    return config\n'
            'def eval_config():\n'
            '    config = tf.ConfigProto()\n'
            '    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            '    custom_op.parameter_map["enable_dump_debug"].b = True\n'
            '    return config\n')
    doc = parse_text(text, kind="python")   # two objects, two documents: neither holds both options
    [other] = doc.facts["scenarios"]
    assert (doc.values, other.values) == ({"enable_dump": True, "dump_path": "/d"}, {"enable_dump_debug": True})
    assert (doc.facts["object"], other.facts["object"]) == ("train_config:2 config", "eval_config:8 config")
    assert not any(f.rule == "tf1.dump_and_dump_debug" for d in (doc, other) for f in check(d))
    same = text.replace("    return config\ndef eval_config():\n    config = tf.ConfigProto()\n"
                        "    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n", "")
    assert [f.rule for f in _errors(check(parse_text(same, kind="python")))] == ["tf1.dump_and_dump_debug"]


def test_arguments_returned_by_a_local_function_are_flags():
    text = ('import argparse\n'
            'def get_config():\n'
            '    parser = argparse.ArgumentParser()\n'
            '    parser.add_argument("--over_dump", default="False")\n'
            '    opts = parser.parse_args()\n'
            '    return opts\n'
            'config = get_config()\n'
            'if config.over_dump == "True":\n'
            '    custom_op.parameter_map["enable_dump_debug"].b = True\n')
    assert parse_text(text, kind="python").values == {}
    assert parse_text(text, kind="python", script_args="--over_dump True").values == {"enable_dump_debug": True}


def test_a_wrong_accessor_is_what_the_adapter_reads():
    text = ('custom_op.parameter_map["op_debug_level"].s = tf.compat.as_bytes("2")\n'
            'custom_op.parameter_map["precision_mode"].b = True\n'
            'custom_op.parameter_map["jit_compile"].b = True\n')
    doc = parse_text(text, kind="python")
    assert doc.values["op_debug_level"] == 0 and doc.values["precision_mode"] == ""
    accessor = {f.options[0]: f.severity for f in doc.problems if f.rule == "import.wrong_accessor"}
    assert accessor == {"op_debug_level": Severity.WARNING, "precision_mode": Severity.WARNING}
    assert doc.facts["accessors"] == {"jit_compile": {"accessor": "b", "line": 3}}   # its release decides
    by_release = {v: next(f.severity for f in check(doc, cann_version=v) if f.rule == "tf1.jit_compile_release")
                  for v in (None, "6.3.RC2", "7.0.RC1")}
    assert by_release == {None: Severity.ERROR, "6.3.RC2": Severity.WARNING, "7.0.RC1": Severity.ERROR}
    ints = parse_text('custom_op.parameter_map["dynamic_input"].b = 1\n'
                      'custom_op.parameter_map["op_debug_level"].i = True\n', kind="python")
    assert ints.values == {"dynamic_input": True, "op_debug_level": 1}
    assert type(ints.values["op_debug_level"]) is int
    errors = {(f.rule, f.options) for f in _errors(check(doc))}
    assert any(options == ("precision_mode",) for _rule, options in errors)   # "" is not a precision mode
    assert not any("op_debug_level" in options for _rule, options in errors)   # 0 is valid: silently used


def test_run_config_memory_sizes_are_passed_as_text():
    doc = parse_text("run_config = NPURunConfig(model_dir='/m', graph_memory_max_size=13 * 1024 ** 3 if True "
                     "else 0, variable_memory_max_size=19327352832, stream_max_parallel_num=10 ** 999)\n",
                     kind="python")
    assert doc.values == {"graph_memory_max_size": str(13 * 1024 ** 3), "variable_memory_max_size": "19327352832"}
    assert doc.facts["unresolved"] == ["stream_max_parallel_num"]            # no huge numbers are computed
    assert not _errors(check(doc))


def test_flags_of_another_file_and_config_dicts():
    text = ('from config import FLAGS\n'
            'class Trainer:\n'
            '    def __init__(self, config):\n'
            '        self.config = config\n'
            '    def run_config(self):\n'
            '        if self.config["over_dump"] == "True":\n'
            '            custom_op.parameter_map["enable_dump_debug"].b = True\n'
            '        if FLAGS.profiling is True:\n'
            '            custom_op.parameter_map["profiling_mode"].b = True\n'
            '        if FLAGS.chip == "npu":\n'
            '            custom_op.parameter_map["precision_mode"].s = b"allow_mix_precision"\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {}     # debug switches are off, chip is unknown
    assert doc.facts["undecided"]["precision_mode"]["condition"] == "FLAGS.chip == 'npu'"
    flags = doc.facts["script"].flags
    assert flags["over_dump"].kind == "external" and flags["over_dump"].default is False
    on = parse_text(text, kind="python", script_args="--over_dump=True --profiling True --chip npu")
    assert on.values == {"enable_dump_debug": True, "profiling_mode": True, "precision_mode": "allow_mix_precision"}
    assert "undecided" not in on.facts
    off = parse_text(text, kind="python", script_args="--over_dump False --chip gpu")
    assert off.values == {}


def test_self_feeding_expressions_stay_bounded():
    lines = ['import argparse', 'p = argparse.ArgumentParser()', 'p.add_argument("--x", default="ab")',
             'args = p.parse_args()', 'v0 = args.x']
    lines += [f"v{i} = v{i - 1} + v{i - 1}" for i in range(1, 60)]
    lines += ['custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(v59)',
              'custom_op.parameter_map["dump_layer"].s = tf.compat.as_bytes(v10)']
    doc = parse_text("\n".join(lines) + "\n", kind="python")
    assert doc.values == {"dump_layer": "ab" * 1024} and doc.facts["unresolved"] == ["dump_path"]


def test_the_alternative_run_satisfies_a_whole_if_elif_chain():
    text = ('from absl import flags\n'
            'flags.DEFINE_string(name="chip", default="gpu", help="gpu, npu, cpu")\n'
            'flags.DEFINE_boolean("over_dump", False, "")\n'
            'Flags = flags.FLAGS\n'
            'if Flags.chip == "gpu":\n'
            '    pass\n'
            'elif Flags.chip == "npu":\n'
            '    custom_op.parameter_map["enable_dump"].b = True\n'
            '    custom_op.parameter_map["dump_path"].s = b"/d"\n'
            '    if Flags.over_dump:\n'
            '        custom_op.parameter_map["enable_dump_debug"].b = True\n')
    doc = parse_text(text, kind="python")
    run = doc.facts["script"]
    assert doc.values == {} and run.alternative_args() == "--chip=npu --over_dump"
    conflict = next(f for f in check(doc) if f.rule == "tf1.dump_and_dump_debug")
    assert conflict.severity is Severity.WARNING and "--chip=npu --over_dump" in conflict.message


def test_function_parameters_hide_module_names():
    text = ('import argparse\n'
            'DUMP_DIR = "/module"\n'
            'def configure(custom_op, DUMP_DIR, args):\n'
            '    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(DUMP_DIR)\n'
            '    if args.over_dump:\n'
            '        custom_op.parameter_map["enable_dump_debug"].b = True\n'
            'custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all" if DUMP_DIR else "input")\n'
            'parser = argparse.ArgumentParser()\n'
            'parser.add_argument("--over_dump", action="store_true")\n')
    doc = parse_text(text, kind="python", script_args="--over_dump")
    assert doc.values == {"enable_dump_debug": True, "dump_mode": "all"}   # args stays the flag namespace
    assert doc.facts["unresolved"] == ["dump_path"]                          # the caller's DUMP_DIR is unknown


def test_function_bodies_see_the_module_as_it_is_when_they_run():
    text = ('import argparse\n'
            'def session_config():\n'
            '    config = tf.ConfigProto()\n'
            '    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            '    if command_line.over_dump is True:\n'
            '        custom_op.parameter_map["enable_dump_debug"].b = True\n'
            '        custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(command_line.over_dump_path)\n'
            '    return config\n'
            'def parse():\n'
            '    parser = argparse.ArgumentParser()\n'
            '    parser.add_argument("--over_dump", type=bool, default=False)\n'
            '    parser.add_argument("--over_dump_path", default="/o")\n'
            '    return parser.parse_args()\n'
            'if __name__ == "__main__":\n'
            '    command_line = parse()\n'
            '    sess = tf.Session(config=session_config())\n')
    assert parse_text(text, kind="python").values == {}
    on = parse_text(text, kind="python", script_args="--over_dump=True")
    assert on.values == {"enable_dump_debug": True, "dump_path": "/o"} and "undecided" not in on.facts


def test_an_opened_npu_device_is_a_tf2_config_with_defaults():
    doc = parse_text("import npu_device as npu\nnpu.open().as_default()\n", kind="python")
    assert doc.scenario == "tf2_npu_device" and doc.values == {} and not _errors(check(doc))
    doc = parse_text("import torchair\nconfig = torchair.CompilerConfig()\n", kind="python")
    assert doc.scenario == "torchair" and doc.values == {}


def test_text_given_for_flags_of_another_file_takes_the_option_kind():
    text = ('custom_op.parameter_map["enable_dump"].b = FLAGS.dump_on\n'
            'custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes(FLAGS.steps)\n'
            'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(FLAGS.out)\n')
    doc = parse_text(text, kind="python", script_args="--dump_on True --steps 10 --out /d")
    assert doc.values == {"enable_dump": True, "dump_step": "10", "dump_path": "/d"}
    assert [type(v) for v in doc.values.values()] == [bool, str, str]
