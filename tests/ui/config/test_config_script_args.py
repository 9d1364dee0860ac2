"""The Script arguments panel: a real widget on a real import; flipping a flag re-evaluates the script."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ascend_dump_gui.ui.config.panel import ConfigPanel
from tests.ui.test_dump_fixtures import drain

SCRIPT = '''import argparse
import tensorflow as tf
parser = argparse.ArgumentParser()
parser.add_argument("--over_dump", action="store_true", help="collect overflows")
parser.add_argument("--over_dump_path", default="/tmp/over")
parser.add_argument("--precision_mode", default="allow_mix_precision")
args = parser.parse_args()
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes(args.precision_mode)
if args.over_dump:
    custom_op.parameter_map["enable_dump_debug"].b = True
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(args.over_dump_path)
sess = tf.Session(config=config)
'''


def _artifacts(panel) -> set[str]:
    tree = panel.where.tree
    return {tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())}


def _row(tree, text):
    return next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(0) == text)


def test_flipping_a_flag_shows_the_overflow_options_and_where_they_land(shown_panel, qtbot, tmp_path):
    panel, runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    panel.open_config(script)
    assert panel.script_panel.isVisible() and panel.doc.values == {"precision_mode": "allow_mix_precision"}
    flags = panel.script_panel.flags
    assert [flags.topLevelItem(i).text(0) for i in range(flags.topLevelItemCount())] == \
        ["--over_dump", "--over_dump_path", "--precision_mode"]
    over_dump = _row(flags, "--over_dump")
    assert over_dump.text(2) == "False" and over_dump.text(4) == "4"
    inactive = _row(panel.script_panel.settings, "enable_dump_debug")
    assert inactive.text(1) == "not in this run" and inactive.text(4) == "args.over_dump"
    assert "overflow_dump" not in _artifacts(panel)

    over_dump.setCheckState(1, Qt.CheckState.Checked)           # the user ticks --over_dump
    qtbot.waitUntil(lambda: panel.doc.values.get("enable_dump_debug") is True, timeout=10_000)
    assert panel.doc.values["dump_path"] == "/tmp/over"
    assert panel.script_panel.args_line.text() == "--over_dump"
    setting = _row(panel.script_panel.settings, "dump_path")
    assert setting.text(3) == "--over_dump_path (default /tmp/over, line 5)" and setting.text(2) == "13"
    assert "overflow_dump" in _artifacts(panel)
    label = panel.form.findChild(QLabel, "dump_path__label")
    assert "line 13: --over_dump_path" in label.text()
    assert "line 13: --over_dump_path (default /tmp/over, line 5); when args.over_dump" in label.toolTip()

    panel.undo_stack.undo()                                    # one step back: the default run again
    assert "enable_dump_debug" not in panel.doc.values
    panel.script_panel.args_line.setText("--precision_mode force_fp32")
    panel.script_panel.args_line.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.doc.values.get("precision_mode") == "force_fp32", timeout=10_000)
    drain(qtbot, runner)


def test_a_finding_selects_the_setting_of_its_script_line(shown_panel, qtbot, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(SCRIPT.replace('default="/tmp/over"', 'default="/no/such/folder"'))
    panel.open_config(script)
    panel.evaluate_script("--over_dump")
    qtbot.waitUntil(lambda: "dump_path" in panel.doc.values, timeout=10_000)
    card = next(c for c in (panel.findings_panel.item_for(f.rule) for f in panel.findings)
                if c is not None and "dump_path" in c.finding.options)
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    current = panel.script_panel.settings.currentItem()
    assert current is not None and current.text(0) == "dump_path" and current.text(2) == "13"


def test_a_config_file_hides_the_panel(shown_panel, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    path = tmp_path / "acl.json"
    path.write_text('{"dump": {"dump_path": "out"}}')
    panel.open_config(path)
    assert not panel.script_panel.isVisible()


def test_arguments_that_cannot_be_split_leave_the_run_and_say_why(shown_panel, qtbot, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    panel.open_config(script)
    before = dict(panel.doc.values)
    panel.script_panel.args_line.setText("--over_dump_path 'unclosed")
    panel.script_panel.args_line.editingFinished.emit()
    qtbot.waitUntil(lambda: "split like a shell" in panel.script_panel.note.text(), timeout=10_000)
    assert panel.doc.values == before and panel.undo_stack.count() == 0


ENV_SCRIPT = '''import os
import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
if "autotune" in os.environ:
    if os.environ["autotune"] == "True":
        custom_op.parameter_map["auto_tune_mode"].s = tf.compat.as_bytes("RL,GA")
        custom_op.parameter_map["dump_debug_mode"].s = tf.compat.as_bytes("aicore_overflow")
sess = tf.Session(config=config)
'''


def test_an_undecided_setting_is_greyed_with_its_condition_until_the_environment_decides_it(shown_panel, qtbot,
                                                                                            tmp_path):
    panel, runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(ENV_SCRIPT)
    panel.open_config(script)
    assert "auto_tune_mode" not in panel.doc.values
    label = panel.form.findChild(QLabel, "dump_debug_mode__label")
    assert "undecided: set to aicore_overflow only when" in label.text() and "os.environ" in label.text()
    assert not label.font().bold()                                     # not shown as set
    setting = _row(panel.script_panel.settings, "auto_tune_mode")
    assert setting.text(1) == "RL,GA (undecided)" and "os.environ['autotune'] == 'True'" in setting.text(4)
    env_line = panel.script_panel.env_line
    assert "autotune=" in env_line.placeholderText()

    env_line.setText("autotune=True")                                  # the user decides the variable
    env_line.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.doc.values.get("auto_tune_mode") == "RL,GA", timeout=10_000)
    assert "undecided" not in panel.doc.facts
    assert panel.form.findChild(QLabel, "dump_debug_mode__label").font().bold()
    assert "undecided" not in panel.form.findChild(QLabel, "dump_debug_mode__label").text()
    assert panel.script_panel.env_line.text() == "autotune=True"
    panel.undo_stack.undo()                                            # one undoable step
    assert "auto_tune_mode" not in panel.doc.values and panel.script_panel.env_line.text() == ""

    env_line.setText("not a variable")
    env_line.editingFinished.emit()
    qtbot.waitUntil(lambda: "NAME=VALUE" in panel.script_panel.note.text(), timeout=10_000)
    drain(qtbot, runner)
