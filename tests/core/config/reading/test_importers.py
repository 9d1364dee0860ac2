"""Importers: detection, strict JSON with line/column, the runtime's limits, scripts read with ast, env files."""

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import detect_kind, load_config, load_env_file, parse_text
from ascend_dump_gui.core.errors import InputError


def _rules(doc):
    return {f.rule for f in doc.problems}


# -- JSON ---------------------------------------------------------------------------------------------------------

def test_acl_json_words_become_bools():
    doc = parse_text('{"dump": {"dump_path": "x", "dump_op_switch": "on", "dump_debug": "off"}}', kind="json")
    assert doc.scenario == "acl_json"
    assert doc.values == {"dump_path": "x", "dump_op_switch": True, "dump_debug": False}


@pytest.mark.parametrize("text, line, column, words", [
    ('{"dump": {"dump_path": "x",}}', 1, 28, "trailing comma"),
    ('{\n  "dump": {\n    // a comment\n  }\n}', 3, 5, "comments"),
    ("{'dump': {}}", 1, 2, "double quotes"),
    ('{"dump": {"dump_path": "x"}} extra', 1, 30, "extra text"),
    ('{"dump": {"dump_path": "x"\n"dump_mode": "all"}}', 2, 1, "a comma ',' was expected"),
])
def test_malformed_json_reports_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as info:
        parse_text(text, kind="json", origin="acl.json")
    assert (info.value.line, info.value.column) == (line, column)
    assert words in str(info.value) and str(info.value).startswith("acl.json (line")


def test_nan_is_not_json():
    with pytest.raises(InputError, match="NaN"):
        parse_text('{"dump": {"x": NaN}}', kind="json")


def test_nesting_limit_of_the_runtime():
    ok = '{"dump": {"dump_list": [{"layer": ["' + "x" + '"]}]}}'
    parse_text(ok, kind="json")
    deep = "[" * 11 + "]" * 11
    with pytest.raises(InputError, match="more than 10 levels"):
        parse_text(deep, kind="json")


def test_brackets_inside_strings_count_like_the_runtime():
    text = '{"dump": {"dump_path": "x", "dump_list": [{"layer": ["a[[[[[[[[[[x"]}]}}'
    with pytest.raises(InputError, match="inside strings"):
        parse_text(text, kind="json")


def test_very_deep_nesting_never_recurses():
    with pytest.raises(InputError):
        parse_text("[" * 100_000, kind="json")


def test_big_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "acl.json"
    with big.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    with pytest.raises(InputError, match="10 MiB"):
        load_config(big)


def test_binary_garbage(tmp_path):
    junk = tmp_path / "acl.json"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(InputError, match="not a text file"):
        load_config(junk)
    latin = tmp_path / "x.json"
    latin.write_bytes(b'{"dump": {"dump_path": "\xff"}}')
    with pytest.raises(InputError, match="UTF-8"):
        load_config(latin)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="cannot be read"):
        load_config(tmp_path / "absent.json")


def test_json_shapes_that_dump_nothing_or_fail():
    assert _rules(parse_text("", kind="json")) == {"acl.no_dump_section"}
    top = parse_text('{"dump_path": "x", "dump_list": []}', kind="json")
    assert "only reads them inside" in top.problems[0].message
    assert _rules(parse_text('{"dump": []}', kind="json")) == {"acl.dump_not_object"}
    assert _rules(parse_text("[1]", kind="json")) == {"acl.not_an_object"}
    foreign = parse_text('{"dump_enabled": true, "dump_token": [0]}', kind="json")
    assert "not an acl.json dump config" in foreign.problems[0].message


def test_duplicate_keys_keep_the_last():
    doc = parse_text('{"dump": {"dump_mode": "input", "dump_mode": "all", "dump_path": "x"}}', kind="json")
    assert doc.values["dump_mode"] == "all"
    assert _rules(doc) == {"import.duplicate_key"}


def test_project_file_round_and_refusals():
    doc = parse_text('{"scenario": "torchair", "schema_version": 1, "values": {"enable_dump": true}, '
                     '"facts": {"mode": "reduce-overhead"}}', kind="auto")
    assert (doc.scenario, doc.values, doc.facts) == ("torchair", {"enable_dump": True}, {"mode": "reduce-overhead"})
    for text, words in [('{"scenario": "x", "schema_version": 1}', "known scenarios"),
                        ('{"scenario": "env", "schema_version": 99}', "schema version 99"),
                        ('{"scenario": "env", "schema_version": "1"}', "whole number"),
                        ('{"scenario": "env", "schema_version": 1, "values": []}', '"values"')]:
        with pytest.raises(InputError, match=words):
            parse_text(text, kind="json")


def test_forcing_a_scenario_that_does_not_fit():
    with pytest.raises(InputError, match="cannot be read as torchair"):
        parse_text('{"dump": {}}', kind="json", scenario="torchair")
    with pytest.raises(InputError, match="Python script"):
        parse_text("x = 1", kind="python", scenario="acl_json")
    with pytest.raises(InputError, match="unknown scenario"):
        parse_text("{}", kind="json", scenario="nope")


# -- Python -------------------------------------------------------------------------------------------------------

TF1 = '''
import tensorflow as tf
from npu_bridge.npu_init import *
DUMP_DIR = "/home/test/output"
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(DUMP_DIR)
custom_op.parameter_map["dump_step"].s = b"0|5|10"
custom_op.parameter_map["dump_mode"].s = "all".encode()
custom_op.parameter_map["enable_exception_dump"].i = 1
custom_op.parameter_map["profiling_options"].s = tf.compat.as_bytes('{"output":"/tmp/p","task_trace":"on"}')
'''


def test_tf1_parameter_map_lines():
    doc = parse_text(TF1, kind="python")
    assert doc.scenario == "tf1_session"
    assert doc.values == {"enable_dump": True, "dump_path": "/home/test/output", "dump_step": "0|5|10",
                          "dump_mode": "all", "enable_exception_dump": 1,
                          "profiling_options": {"output": "/tmp/p", "task_trace": "on"}}
    assert doc.problems == []
    assert doc.facts["lines"]["dump_step"] == 10


def test_tf1_wrong_accessor_and_expressions():
    text = ('custom_op.parameter_map["enable_dump"].s = tf.compat.as_bytes("True")\n'
            'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.out)\n'
            'custom_op.parameter_map[key].s = b"x"\n')
    doc = parse_text(text, kind="python")
    assert {"import.wrong_accessor", "import.not_understood"} <= _rules(doc)
    assert doc.values == {"enable_dump": False}       # the adapter reads .b, which is unset: False
    assert doc.facts["unresolved"] == ["dump_path"]
    assert any("args.out" in f.message and f.extra["line"] == 2 for f in doc.problems)


def test_tf1_dump_config_and_run_config_keywords():
    text = ('run_config = NPURunConfig(model_dir="/m", precision_mode="allow_mix_precision",\n'
            '    dump_config=DumpConfig(enable_dump=True, dump_path="/d", dump_step="0|5|10", dump_mode="all"),\n'
            '    profiling_config=ProfilingConfig(enable_profiling=True, profiling_options=\'{"output":"/p"}\'))\n'
            'other = DumpConfig(True, "/e")\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {"precision_mode": "allow_mix_precision", "enable_dump": True, "dump_path": "/d",
                          "dump_step": "0|5|10", "dump_mode": "all", "profiling_mode": True,
                          "profiling_options": {"output": "/p"}}
    assert "import.not_passed_on" in _rules(doc)    # `other` never reaches NPURunConfig
    bad = parse_text("DumpConfig(enable_dump=True, dump_pth='/x')", kind="python")
    assert any(f.severity is Severity.ERROR and "dump_pth" in f.message for f in bad.problems)


def test_tf2_aliases_and_global_options():
    text = ('import os\nimport npu_device as npu\n'
            'opts = npu.global_options()\n'
            'opts.dump_config.enable_dump = True\n'
            'dc = npu.global_options().dump_config\n'
            'dc.dump_path = "/d"\n'
            'npu.global_options().enable_exception_dump = 1\n'
            'npu.global_options().precision_mode = "allow_mix_precision"\n'
            'npu.global_options().overflow_flag = 1\n'
            'os.environ["DUMP_GE_GRAPH"] = "2"\n'
            'os.environ.setdefault("ASCEND_WORK_PATH", "/w")\n')
    doc = parse_text(text, kind="python")
    assert doc.scenario == "tf2_npu_device"
    assert doc.values == {"enable_dump": True, "dump_path": "/d", "enable_exception_dump": 1,
                          "precision_mode": "allow_mix_precision", "DUMP_GE_GRAPH": "2"}
    assert doc.facts["env"] == {"ASCEND_WORK_PATH": "/w"}
    assert "import.skipped" in _rules(doc)          # overflow_flag has no TF1 counterpart
    assert not any(f.severity is Severity.ERROR for f in check(doc))


def test_torchair_mode_and_backend():
    text = ('import torch, torchair\n'
            'config = torchair.CompilerConfig()\n'
            'config.mode = "reduce-overhead"\n'
            'config.dump_config.enable_dump = True\n'
            'npu_backend = torchair.get_npu_backend(compiler_config=config)\n'
            'model = torch.compile(model, backend=npu_backend)\n')
    doc = parse_text(text, kind="python")
    assert doc.scenario == "torchair"
    assert doc.facts["mode"] == "reduce-overhead" and doc.facts["backend"] == "torchair"
    assert "torchair.mode_not_max_autotune" in {f.rule for f in check(doc)}
    other = parse_text('c = torchair.CompilerConfig()\nc.dump_config.enable_dump = True\n'
                       'm = torch.compile(m, backend="inductor")\n', kind="python")
    assert other.facts["backend"] == "inductor"


def test_mixed_scripts_keep_the_majority_and_report_the_rest():
    text = ('custom_op.parameter_map["enable_dump"].b = True\n'
            'custom_op.parameter_map["dump_path"].s = b"/d"\n'
            'npu_device.global_options().dump_config.enable_dump = True\n')
    doc = parse_text(text, kind="python")
    assert doc.scenario == "tf1_session" and "import.other_scenario" in _rules(doc)
    forced = parse_text(text, kind="python", scenario="tf2_npu_device")
    assert forced.values == {"enable_dump": True}


def test_env_only_script_becomes_env_doc():
    doc = parse_text('import os\nos.environ["HCCL_EXEC_TIMEOUT"] = "600"\n', kind="python")
    assert doc.scenario == "env" and doc.values == {"HCCL_EXEC_TIMEOUT": 600}


def test_script_without_settings_or_with_syntax_error():
    with pytest.raises(InputError, match="no dump settings"):
        parse_text("print('hello')\n", kind="python")
    with pytest.raises(InputError) as info:
        parse_text("x = (\n", kind="python", origin="train.py")
    assert info.value.line == 1 and "not valid Python" in str(info.value)


def test_constants_follow_rebinding_and_mutation():
    text = ('P = "/a"\nP = compute()\n'
            'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(P)\n'
            'nodes = []\nnodes.append("x")\n'
            'custom_op.parameter_map["in_out_pair"].s = tf.compat.as_bytes(str(nodes))\n')
    doc = parse_text(text, kind="python")
    assert doc.values == {} and doc.facts["unresolved"] == ["dump_path", "in_out_pair"]


# -- shell --------------------------------------------------------------------------------------------------------

def test_shell_file(tmp_path):
    text = ("# run settings\nexport ASCEND_WORK_PATH=/repo/task001/172.16.1.12_01_03\n"
            "export PROFILING_OPTIONS='{\"output\":\"/tmp/prof\"}'\nHCCL_EXEC_TIMEOUT=1800\n"
            "export DUMP_GE_GRAPH=2 DUMP_GRAPH_PATH=$ASCEND_WORK_PATH/graphs\ncd /x\n")
    doc = parse_text(text, kind="auto")
    assert doc.scenario == "env"
    assert doc.values == {"ASCEND_WORK_PATH": "/repo/task001/172.16.1.12_01_03",
                          "PROFILING_OPTIONS": {"output": "/tmp/prof"}, "HCCL_EXEC_TIMEOUT": 1800,
                          "DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": "/repo/task001/172.16.1.12_01_03/graphs"}
    assert [f.extra["line"] for f in doc.problems] == [6]
    env_file = tmp_path / "run.env"
    env_file.write_text(text)
    assert load_env_file(env_file)["HCCL_EXEC_TIMEOUT"] == "1800"


def test_shell_oddities():
    doc = parse_text('A=1 python train.py\nexport B="unclosed\nexport C=$HOME/x\n', kind="shell")
    assert {f.extra["line"] for f in doc.problems} == {1, 2, 3}
    assert doc.values == {"C": "$HOME/x"}


@pytest.mark.parametrize("text, name, kind", [
    ("{}", "a.json", "json"), ("x = 1", "a.py", "python"), ("X=1", "run.sh", "shell"), ("X=1", ".env", "shell"),
    ('{"dump": {}}', "cfg", "json"), ("export X=1\n# c\n", "cfg", "shell"), ("import os", "cfg", "python"),
])
def test_detect_kind(text, name, kind, tmp_path):
    assert detect_kind(text, tmp_path / name) == kind
