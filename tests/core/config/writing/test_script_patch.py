"""Apply to script: only the expressions that set changed options are rewritten; everything else stays."""

from __future__ import annotations

import stat

import pytest

from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.script.patch import inactive_lines, patch_script, plan_apply, write_script
from ascend_dump_gui.core.errors import InputError

TF1 = '''import tensorflow as tf
config = tf.compat.v1.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["use_off_line"].b = True   # run on the NPU
custom_op.parameter_map["precision_mode"].s = b'allow_mix_precision'
if FLAGS.dump:
    custom_op.parameter_map["enable_dump"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(FLAGS.dump_path)
    custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes('all')  # inputs too
'''


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    old, new = before.splitlines(), after.splitlines()
    return [line for line in old if line not in new], [line for line in new if line not in old]


def patched(text: str, edit, script_args: str | None = None) -> tuple:
    """Edit the run of ``text`` that ``script_args`` starts (default: the flags' defaults)."""
    doc = parse_text(text, kind="python", script_args=script_args)
    after = dict(doc.values)
    edit(after)
    return patch_script(text, doc.scenario, doc.values, after, inactive_lines(doc)), doc


def test_tf1_values_are_replaced_inside_their_wrappers_keeping_quotes_and_comments():
    patch, _doc = patched(TF1, lambda v: v.update(dump_mode="output", precision_mode="force_fp32",
                                                  use_off_line=False), "--dump=True")
    removed, added = changed_lines(TF1, patch.text)
    assert added == [
        'custom_op.parameter_map["use_off_line"].b = False   # run on the NPU',
        "custom_op.parameter_map[\"precision_mode\"].s = b'force_fp32'",
        "    custom_op.parameter_map[\"dump_mode\"].s = tf.compat.as_bytes('output')  # inputs too"]
    assert len(removed) == 3
    # the dump lines sit under `if FLAGS.dump:`, a switch declared elsewhere: off by default, on when asked
    assert "dump_mode" not in parse_text(patch.text, kind="python").values
    assert parse_text(patch.text, kind="python", script_args="--dump=True").values["dump_mode"] == "output"
    assert set(patch.changed) == {"dump_mode", "precision_mode", "use_off_line"} and not patch.skipped


def test_tf1_new_option_goes_after_the_last_unconditional_parameter_map_line():
    patch, _doc = patched(TF1, lambda v: v.update(dump_step="0|5", enable_dump_debug=False))
    lines = patch.text.splitlines()
    assert lines[6] == 'custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("0|5")'
    assert lines[7] == 'custom_op.parameter_map["enable_dump_debug"].b = False'
    assert lines[8] == "if FLAGS.dump:"
    values = parse_text(patch.text, kind="python").values
    assert values["dump_step"] == "0|5" and values["enable_dump_debug"] is False


def test_variable_values_are_not_rewritten_and_say_so():
    patch, _doc = patched(TF1, lambda v: v.update(dump_path="/data"), "--dump=True")
    assert patch.text == TF1 and not patch.changed
    (key, why), = patch.skipped
    assert key == "dump_path" and "FLAGS.dump_path" in why and "line 9" in why


def test_removing_an_option_drops_its_line_only():
    patch, _doc = patched(TF1, lambda v: v.pop("precision_mode"))
    removed, added = changed_lines(TF1, patch.text)
    assert removed == ["custom_op.parameter_map[\"precision_mode\"].s = b'allow_mix_precision'"] and added == []


def test_dump_config_and_npu_run_config_keywords():
    text = ('from npu_bridge.npu_init import DumpConfig, NPURunConfig\n'
            'dump_config = DumpConfig(enable_dump=True, dump_path="/tmp/d",\n'
            '                         dump_step="0|1")  # keep\n'
            'run_config = NPURunConfig(dump_config=dump_config, precision_mode="allow_mix_precision")\n')
    patch, doc = patched(text, lambda v: v.update(dump_path="/new", dump_mode="all", precision_mode="force_fp16"))
    assert doc.scenario == "tf1_session"
    assert patch.text == ('from npu_bridge.npu_init import DumpConfig, NPURunConfig\n'
                          'dump_config = DumpConfig(enable_dump=True, dump_path="/new",\n'
                          '                         dump_step="0|1", dump_mode="all")  # keep\n'
                          'run_config = NPURunConfig(dump_config=dump_config, precision_mode="force_fp16")\n')
    removed, _doc = patched(text, lambda v: v.pop("dump_step"))
    assert removed.text.splitlines()[1] == 'dump_config = DumpConfig(enable_dump=True, dump_path="/tmp/d")  # keep'
    assert "dump_step" not in parse_text(removed.text, kind="python").values


def test_tf2_dump_config_global_option_and_env_line():
    text = ('import os\nimport npu_device\n'
            "os.environ['DUMP_GE_GRAPH'] = '2'\n"
            'npu_device.global_options().dump_config.enable_dump = True\n'
            'npu_device.global_options().dump_config.dump_path = "/d"\n'
            'npu_device.open().as_default()\n')
    patch, doc = patched(text, lambda v: v.update(DUMP_GE_GRAPH="3", dump_path="/e", dump_step="0|2",
                                                  enable_exception_dump=1))
    assert doc.scenario == "tf2_npu_device"
    assert patch.text.splitlines() == [
        "import os", "import npu_device", "os.environ['DUMP_GE_GRAPH'] = '3'",
        "npu_device.global_options().dump_config.enable_dump = True",
        'npu_device.global_options().dump_config.dump_path = "/e"',
        'npu_device.global_options().dump_config.dump_step = "0|2"',
        "npu_device.global_options().enable_exception_dump = 1",
        "npu_device.open().as_default()"]
    assert parse_text(patch.text, kind="python").values == {
        "DUMP_GE_GRAPH": "3", "enable_dump": True, "dump_path": "/e", "dump_step": "0|2", "enable_exception_dump": 1}


def test_torchair_config_lines_crlf_and_non_ascii_columns():
    text = ('import torchair\r\nconfig = torchair.CompilerConfig()\r\n'
            'config.dump_config.enable_dump = True\r\n'
            'note = "ünïcode"; config.dump_config.dump_path = "/dümp"\r\n'
            'config.dump_config.dump_layer = layers\r\n')
    patch, doc = patched(text, lambda v: v.update(dump_path="/ok", dump_mode="input", dump_layer="A B"))
    assert doc.scenario == "torchair"
    assert patch.text == ('import torchair\r\nconfig = torchair.CompilerConfig()\r\n'
                          'config.dump_config.enable_dump = True\r\n'
                          'note = "ünïcode"; config.dump_config.dump_path = "/ok"\r\n'
                          'config.dump_config.dump_layer = layers\r\n'
                          'config.dump_config.dump_mode = "input"\r\n')
    assert [k for k, _ in patch.skipped] == ["dump_layer"] and set(patch.changed) == {"dump_path", "dump_mode"}


def test_env_script_lines():
    text = 'import os\nos.environ["ASCEND_WORK_PATH"] = "/w"  # work\nos.environ["X_OTHER"] = "1"\n'
    patch, doc = patched(text, lambda v: v.update(ASCEND_WORK_PATH="/v", DUMP_GE_GRAPH=2))
    assert doc.scenario == "env"
    assert patch.text == ('import os\nos.environ["ASCEND_WORK_PATH"] = "/v"  # work\nos.environ["X_OTHER"] = "1"\n'
                          'os.environ["DUMP_GE_GRAPH"] = "2"\n')


def test_plan_apply_and_write_keep_bom_and_mode(tmp_path):
    path = tmp_path / "train.py"
    path.write_bytes(b"\xef\xbb\xbf" + TF1.encode())
    path.chmod(0o640)
    doc = parse_text(TF1, kind="python", script_args="--dump=True")   # the run that takes the dump branch
    change = plan_apply(path, doc.with_values({**doc.values, "dump_mode": "input"}))
    assert change.after.startswith(b"\xef\xbb\xbf") and b"as_bytes('input')" in change.after
    write_script(path, change.after, change.before)
    assert path.read_bytes() == change.after and stat.S_IMODE(path.stat().st_mode) == 0o640
    with pytest.raises(InputError, match="changed on disk"):
        write_script(path, change.before, change.before)
    assert path.read_bytes() == change.after


def test_option_objects_held_in_variables():
    tf2 = ('import npu_device\nopts = npu_device.global_options()\n'
           'opts.dump_config.enable_dump = True\n')
    patch, _doc = patched(tf2, lambda v: v.update(enable_exception_dump=0, dump_path="/p"))
    assert patch.text.splitlines()[3:] == ["opts.enable_exception_dump = 0", 'opts.dump_config.dump_path = "/p"']
    torch = ('import torchair\nconfig = torchair.CompilerConfig()\ndc = config.dump_config\n'
             'dc.enable_dump = True\n')
    patch, doc = patched(torch, lambda v: v.update(enable_dump=False, dump_path="/q"))
    assert doc.scenario == "torchair"
    assert patch.text.splitlines()[3:] == ["dc.enable_dump = False", 'dc.dump_path = "/q"']


def test_plan_apply_with_a_baseline_keeps_edits_made_to_the_file_meanwhile(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(TF1)
    doc = parse_text(TF1, kind="python", origin=path, script_args="--dump=True")
    baseline = dict(doc.values)
    path.write_text(TF1.replace("b'allow_mix_precision'", "b'force_fp16'"))   # someone else's edit
    edited = doc.with_values({**doc.values, "dump_mode": "input"})
    change = plan_apply(path, edited, baseline)
    assert change.patch.changed == ("dump_mode",)
    assert b"force_fp16" in change.after and b"as_bytes('input')" in change.after
    assert plan_apply(path, edited).patch.changed == ("precision_mode", "dump_mode")   # no baseline: all differences


def test_values_are_written_as_inert_literals():
    hostile = 'x"); import os; os.system("rm -rf ~") #\nnext line'
    patch, _doc = patched(TF1, lambda v: v.update(dump_mode=hostile, dump_step="it's"), "--dump=True")
    back = parse_text(patch.text, kind="python", script_args="--dump=True").values
    assert back["dump_mode"] == hostile and back["dump_step"] == "it's"
    assert len(patch.text.splitlines()) == len(TF1.splitlines()) + 1


def test_a_long_expression_does_not_overflow(tmp_path):
    text = TF1 + "total = " + " + ".join(["1"] * 1500) + "\n"
    patch, _doc = patched(text, lambda v: v.update(dump_mode="input"))
    assert patch.changed == ("dump_mode",)


def test_removing_every_keyword_of_a_call_and_overlaps():
    text = ('from npu_bridge.npu_init import DumpConfig, NPURunConfig\n'
            'dump_config = DumpConfig(enable_dump=True, dump_path="/d")\n'
            'run_config = NPURunConfig(dump_config=dump_config)\n')
    patch, _doc = patched(text, lambda v: v.clear())
    assert patch.text.splitlines()[1] == "dump_config = DumpConfig()"
    with pytest.raises(ValueError, match="same text|valid Python"):
        patched(text, lambda v: (v.clear(), v.update(dump_mode="all")))
