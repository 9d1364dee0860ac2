"""Import findings and fix descriptions built while checking are templates: English as before, zh_CN translated."""

from __future__ import annotations

import json
import re

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.messages import Text
from ascend_dump_gui.ui import i18n
from ascend_dump_gui.ui.config.panel import DEMO_ACL_JSON

_CJK = re.compile(r"[\u4e00-\u9fff]")

SCRIPT = """\
import os
custom_op.parameter_map[KEY].s = b"x"
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(my_dir)
custom_op.parameter_map["enable_dump"].s = b"true"
custom_op.parameter_map["dump_step"].s = b"1"
custom_op.parameter_map["dump_step"].s = b"2"
os.environ[name] = "1"
os.environ["ASCEND_WORK_PATH"] = base + "/w"
DumpConfig(**opts)
DumpConfig(enable_dump=True, bogus=1)
npu.global_options().dump_config.enable_dump = True
"""
SHELL = """\
echo hello
export A="unclosed
B=1 2
export C=1 oops
export D=$HOME/x
export E=$(pwd)
"""
ACL_TEXTS = ('{"dump": {"dump_path": "a", "dump_path": "b"}}', '[1]', '{"dump_path": "out"}', '{"x": 1}',
             '{"dump": 3}')


def import_findings():
    docs = [parse_text(SCRIPT, kind="python"), parse_text(SCRIPT, kind="python", scenario="tf2_npu_device"),
            parse_text(SHELL, kind="shell"), *(parse_text(t, kind="acl_json") for t in ACL_TEXTS),
            parse_text('{"scenario": "acl_json", "schema_version": 1, "values": {}, "extra": 1}', kind="acl_json")]
    return [f for doc in docs for f in doc.problems]


def test_every_import_finding_is_a_catalogued_template_that_gives_back_its_english():
    from ascend_dump_gui.ui.translations.catalog import schema_strings

    found = import_findings()
    rules = {f.rule for f in found}
    assert {"import.not_understood", "import.skipped", "import.set_again", "import.other_scenario",
            "import.wrong_accessor", "import.duplicate_key", "acl.not_an_object", "acl.no_dump_section",
            "acl.dump_not_object", "import.unknown_project_key", "import.unknown_module"} <= rules
    known = set(schema_strings())
    assert all("template" in f.extra for f in found)
    assert [f.message for f in found if Text(f.extra["template"], f.extra["params"]) != f.message] == []
    assert sorted({f.extra["template"] for f in found} - known) == []
    messages = {f.message for f in found}  # the English stays what it was
    assert "line 1: not a variable assignment; ignored" in messages
    assert "line 6: E uses a command, which the shell expands at run time; the checker keeps it as written" in messages
    assert ('dump_path sit at the top level; the runtime only reads them inside "dump": {...}, so nothing is dumped.'
            in messages)
    assert all(type(json.loads(json.dumps(f.to_json()))["message"]) is str for f in found)


def test_import_findings_show_in_chinese_with_their_values(chinese):
    found = {f.message: f for f in import_findings()}
    shell = found["line 3: B=1 2 has unquoted spaces; a shell runs `2` as a command with B set only for it"]
    text = i18n.finding_text(shell)
    assert text.startswith("第3行：") and "`2`" in text and "B=1 2" in text and _CJK.search(text)
    other = next(f for f in found.values() if f.rule == "import.other_scenario")
    text = i18n.finding_text(other)
    assert other.message.startswith("line 11: enable_dump is a TensorFlow 2 npu_device setting, not ")
    assert "--scenario tf2_npu_device" in text and "setting" not in text and _CJK.search(text)
    assert i18n.tr_schema("TensorFlow 2 npu_device") in text  # the scenario titles are translated too


def test_fix_descriptions_built_while_checking_are_translated(chinese, qtbot):
    from ascend_dump_gui.ui.config.findings_view import FindingsPanel

    found = check(ConfigDoc("acl_json", {"dump_path": "out", "dump_paht": "x"}))
    rename = next(f for f in found if f.rule == "schema.unknown_key")
    assert rename.fix.description == "Rename dump_paht to dump_path" == rename.to_json()["fix"]
    assert json.dumps(rename.to_json()["fix"]) == '"Rename dump_paht to dump_path"'
    assert i18n.fix_text(rename.fix) == "将dump_paht改名为dump_path"
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.set_findings(found)
    assert panel.fix_button("schema.unknown_key").toolTip() == "将dump_paht改名为dump_path"
    fixed = next(f for f in check(parse_text(DEMO_ACL_JSON, kind="acl_json")) if f.rule == "acl.watcher_with_dump_debug")
    assert fixed.fix.description == "Turn dump_debug off"
    assert _CJK.search(i18n.fix_text(fixed.fix))  # fixed descriptions still translate as before


def test_core_progress_messages_reach_the_status_bar_in_chinese(chinese, qtbot, tmp_path):
    """A worker's progress is a core Text: it crosses the thread unchanged and the status bar translates it."""
    from ascend_dump_gui.core.demo import make_demo
    from ascend_dump_gui.ui.status import StatusBar
    from ascend_dump_gui.ui.workers import TaskRunner, Worker

    runner = TaskRunner()
    bar = StatusBar(runner)
    qtbot.addWidget(bar)
    seen = []
    worker = Worker(make_demo, tmp_path / "demo")
    bar.track(worker, "演示")
    worker.signals.progress.connect(lambda *_: seen.append(bar.task_label.text()))
    with qtbot.waitSignal(worker.signals.finished, timeout=60_000):
        runner.start(worker)
    assert seen[0] == "演示: 正在写入演示配置" and seen[-1] == "演示: 演示数据已就绪"
    assert any(text.startswith("演示: 正在仿真 overflow_fp16：第 1 个 step（共") for text in seen)
