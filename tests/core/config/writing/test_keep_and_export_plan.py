"""Saves keep what the app does not edit (acl.json sections and keys, env-file lines, project keys); exports map
options through the schema and say what they cannot carry."""

from __future__ import annotations

import difflib
import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.formats.export_plan import plan_export
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import load_config, parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.errors import DumpError

ACL = """{
  "x_top": {"kept": [1, 2]},
  "dump": {
    "dump_step": "0|2",
    "dump_mystery": {"a": true},
    "dump_list": [{"model_name": "resnet", "layer": ["conv1", "fc"]}],
    "dump_path": "/data/dump",
    "dump_mode": "all"
  },
  "profiler": {
    "switch": "on",
    "output": "/data/prof"
  }
}
"""
OVERFLOW = '{"dump": {"dump_path": "/out", "dump_debug": "on", "dump_step": "0|4"}}\n'


def diff(a: str, b: str) -> list[str]:
    return [line for line in difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="")
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def test_acl_json_keeps_sections_unknown_keys_and_order_changing_only_the_edited_value():
    doc = parse_text(ACL, kind="json")
    notes = {f.rule: f.message for f in doc.problems}
    assert "x_top, profiler" in notes["import.kept_sections"]
    assert "dump_mystery" in notes["import.kept_keys"]
    out = export(doc.with_values({**doc.values, "dump_step": "5"}), "acl_json")
    assert diff(ACL, out) == ['-    "dump_step": "0|2",', '+    "dump_step": "5",']
    removed = export(doc.with_values({k: v for k, v in doc.values.items() if k != "dump_mode"}), "acl_json")
    assert diff(ACL, removed) == ['-    "dump_path": "/data/dump",', '-    "dump_mode": "all"',
                                  '+    "dump_path": "/data/dump"']
    added = json.loads(export(doc.with_values({**doc.values, "dump_debug": False}), "acl_json"))
    assert list(added) == ["x_top", "dump", "profiler"]
    assert list(added["dump"]) == ["dump_step", "dump_mystery", "dump_list", "dump_path", "dump_mode", "dump_debug"]
    assert added["dump"]["dump_debug"] == "off" and added["profiler"] == {"switch": "on", "output": "/data/prof"}


def test_cli_export_acl_json_to_acl_json_keeps_everything(tmp_path, capsys):
    source, target = tmp_path / "acl.json", tmp_path / "copy.json"
    source.write_text(ACL)
    assert main(["config", "export", str(source), "--to", "acl_json", "-o", str(target)]) == 0
    assert target.read_text() == ACL


def test_acl_json_without_dump_section_keeps_the_others():
    doc = parse_text('{"profiler": {"switch": "on"}}', kind="json")
    out = json.loads(export(doc.with_values({"dump_path": "/d"}), "acl_json"))
    assert out == {"profiler": {"switch": "on"}, "dump": {"dump_path": "/d"}}


def test_env_file_keeps_comments_and_other_lines():
    text = "# job env\nexport ASCEND_WORK_PATH=/w  # work\nsource /etc/profile\nexport NPU_COLLECT_PATH='/a b'\n"
    doc = parse_text(text, kind="shell")
    values = {**doc.values, "ASCEND_WORK_PATH": "/new place", "DUMP_GE_GRAPH": "2"}
    values.pop("NPU_COLLECT_PATH")
    out = export(doc.with_values(values), "shell")
    assert out == "# job env\nexport ASCEND_WORK_PATH='/new place'  # work\nsource /etc/profile\nexport DUMP_GE_GRAPH=2\n"
    assert parse_text(out, kind="shell").values == values


def test_project_file_keeps_keys_it_does_not_know():
    text = json.dumps({"scenario": "acl_json", "schema_version": 1, "values": {"dump_path": "/d"},
                       "written_by": "a newer app"})
    doc = parse_text(text, kind="json")
    assert any("kept" in p.message for p in doc.problems)
    assert json.loads(export(doc, "project"))["written_by"] == "a newer app"


@pytest.mark.parametrize(("target", "key"), [("tf1_python", "enable_dump_debug"), ("tf2_python", "enable_dump_debug")])
def test_overflow_acl_json_exports_to_tf1_and_tf2(target, key):
    doc = parse_text(OVERFLOW, kind="json")
    back = parse_text(export(doc, target), kind="python")
    assert back.values == {"dump_path": "/out", key: True, "dump_step": "0|4"}
    assert parse_text(export(back, "acl_json"), kind="json").values == doc.values


def test_operator_rows_map_to_dump_layer_and_back():
    doc = parse_text('{"dump": {"dump_path": "/o", "dump_list": [{"layer": ["a/b", "c"]}]}}', kind="json")
    plan = plan_export(doc, "torchair_python")
    assert plan.values == {"dump_mode": "output", "dump_path": "/o", "enable_dump": True, "dump_layer": "a/b c"}
    tf1 = parse_text(export(doc, "tf1_python"), kind="python")
    assert tf1.values["enable_dump"] is True and tf1.values["dump_layer"] == "a/b c"
    assert plan_export(tf1, "acl_json").values["dump_list"] == [{"layer": ["a/b", "c"]}]


def test_refusals_name_the_options_and_drops_are_listed():
    acl = parse_text(ACL, kind="json")
    plan = plan_export(acl, "tf1_python")
    assert [k for k, _ in plan.refused] == ["dump_list"] and "model_name" in plan.reason
    assert "dump_mystery" in [k for k, _ in plan.dropped]
    assert any("profiler" in why for _k, why in plan.dropped)
    with pytest.raises(DumpError, match="model_name"):
        export(acl, "tf1_python")
    overflow = parse_text(OVERFLOW, kind="json")
    assert "dump_debug has no PyTorch torchair equivalent" in plan_export(overflow, "torchair_python").reason
    tf1 = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": "/d", "dump_debug_mode": "all"},
                    facts={"env": {"ASCEND_WORK_PATH": "/w"}})
    to_acl = plan_export(tf1, "acl_json")
    assert "operator names" in to_acl.reason
    assert {k for k, _ in to_acl.dropped} == {"env", "dump_debug_mode"}


def test_cli_export_refusal_exits_2_and_notes_go_to_stderr(tmp_path, capsys):
    (tmp_path / "acl.json").write_text(ACL)
    (tmp_path / "over.json").write_text('{"profiler": {"switch": "on"}, ' + OVERFLOW[1:])
    assert main(["config", "export", str(tmp_path / "acl.json"), "--to", "tf2_python"]) == 2
    assert "model_name" in capsys.readouterr().err
    assert main(["config", "export", str(tmp_path / "over.json"), "--to", "tf2_python"]) == 0
    captured = capsys.readouterr()
    assert "dump_config.enable_dump_debug = True" in captured.out
    assert "note: tf2_python leaves out" in captured.err and "profiler" in captured.err
    assert load_config(tmp_path / "over.json").values["dump_debug"] is True


def test_exception_scenes_map_to_enable_exception_dump_both_ways():
    for scene, level in (("aic_err_norm_dump", 1), ("aic_err_brief_dump", 2), ("lite_exception", 2)):
        doc = ConfigDoc("acl_json", {"dump_scene": scene})
        tf1 = parse_text(export(doc, "tf1_python"), kind="python")
        assert tf1.values == {"enable_exception_dump": level}
        assert plan_export(ConfigDoc("tf2_npu_device", {"enable_exception_dump": level}), "acl_json").values == \
            {"dump_scene": "aic_err_brief_dump" if level == 2 else scene}
    assert plan_export(ConfigDoc("tf1_session", {"enable_exception_dump": 0}), "acl_json").values == {}
    watcher = plan_export(ConfigDoc("acl_json", {"dump_scene": "watcher"}), "tf2_python")
    assert 'dump_scene="watcher" has no TensorFlow 2 npu_device equivalent' in watcher.reason


def test_every_declared_equivalent_names_a_real_option():
    from ascend_dump_gui.core.config.scenarios import SCENARIOS

    declared = 0
    for scenario in SCENARIOS.values():
        specs = list(scenario.fields) + [c for f in scenario.fields for c in f.columns]
        for spec in specs:
            for ref in spec.same_as:
                other, _, key = ref.partition(".")
                assert other in SCENARIOS and other != scenario.name and SCENARIOS[other].has(key), ref
                declared += 1
            target_choices = {v for _mine, v in spec.same_values}
            assert all(v in spec.choices for v, _t in spec.same_values if v is not None), spec.key
            for ref in spec.same_as if spec.same_values else ():
                other, _, key = ref.partition(".")
                assert target_choices <= set(SCENARIOS[other].field(key).choices), ref
    assert declared >= 8


@pytest.mark.parametrize(("text", "expected"), [
    ('{"dump": {}}', '{"dump": {"dump_path": "/x"}}'),
    ('{"dump": {"dump_mode": "all"}, "dump": {"dump_step": "1"}}',        # the runtime reads the last "dump"
     '{"dump": {"dump_mode": "all"}, "dump": {"dump_step": "1", "dump_path": "/x"}}'),
    ('{\r\n  "dump": {\r\n    "dump_step": "1"\r\n  }\r\n}\r\n',
     '{\r\n  "dump": {\r\n    "dump_step": "1",\r\n    "dump_path": "/x"\r\n  }\r\n}\r\n'),
])
def test_acl_json_layouts_are_kept_when_a_key_is_added(text, expected):
    doc = parse_text(text, kind="json")
    assert export(doc.with_values({**doc.values, "dump_path": "/x"}), "acl_json") == expected
