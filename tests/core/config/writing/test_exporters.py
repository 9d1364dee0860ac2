"""Export then import gives back the same values, for every target; conversions that do not fit are refused."""

import ast

import pytest

from ascend_dump_gui.core.config.formats.exporters import EXPORT_TARGETS, export
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.errors import DumpError

DOCS = {
    "acl_json": ConfigDoc("acl_json", {
        "dump_list": [{"model_name": "m", "layer": ["a", 'q"uote'], "optype_blacklist": [{"name": "Conv2D",
                                                                                          "pos": ["input0"]}]}],
        "dump_path": "/d", "dump_op_switch": False, "dump_debug": True, "dump_stats": ["Max", "Negative Inf"],
        "dump_step": "0|3-5", "unknown_key": 7}),
    "tf1_session": ConfigDoc("tf1_session", {
        "enable_dump": True, "dump_path": "/d", "dump_step": "0|5", "enable_exception_dump": 1,
        "profiling_options": {"output": "/p", "training_trace": "on"}, "precision_mode": "allow_mix_precision",
        "quant_dumpable": "1", "dump_layer": "it's \"quoted\" \\ ünï"}),
    "tf2_npu_device": ConfigDoc("tf2_npu_device", {
        "enable_dump": True, "dump_path": "/d", "dump_step": "0|5|10", "enable_exception_dump": 2,
        "DUMP_GE_GRAPH": "2"}, facts={"env": {"ASCEND_WORK_PATH": "/w"}}),
    "torchair": ConfigDoc("torchair", {
        "enable_dump": True, "dump_path": "/d", "dump_layer": "Add_1 Mul", "quant_dumpable": True},
        facts={"mode": "reduce-overhead"}),
    "torch_npu": ConfigDoc("torch_npu", {
        "ACL_PRECISION_MODE": "allow_fp32_to_fp16", "ACL_OP_SELECT_IMPL_MODE": "high_precision",
        "matmul.allow_hf32": True, "conv.allow_hf32": False}),
    "env": ConfigDoc("env", {
        "ASCEND_WORK_PATH": "/w with space", "HCCL_EXEC_TIMEOUT": 600, "PROFILING_OPTIONS": {"output": "/p"},
        "LOSS_NOW": 7.5, "DUMP_GE_GRAPH": "3", "OTHER": "$not expanded'"}),
}
NATIVE = {"acl_json": "acl_json", "tf1_session": "tf1_python", "tf2_npu_device": "tf2_python",
          "torchair": "torchair_python", "env": "shell", "torch_npu": "torch_npu_python"}


@pytest.mark.parametrize("scenario", list(DOCS))
@pytest.mark.parametrize("target", ["native", "project"])
def test_round_trip(scenario, target):
    doc = DOCS[scenario]
    text = export(doc, NATIVE[scenario] if target == "native" else target)
    back = parse_text(text, kind="auto")
    assert back.scenario == scenario
    assert back.values == doc.values
    assert not [p for p in back.problems if p.severity.value == "error"]


def test_python_exports_are_valid_python_with_the_facts():
    for scenario in ("tf1_session", "tf2_npu_device", "torchair"):
        ast.parse(export(DOCS[scenario], NATIVE[scenario]))
    assert parse_text(export(DOCS["torchair"], "torchair_python"), kind="python").facts["mode"] == "reduce-overhead"
    tf2 = parse_text(export(DOCS["tf2_npu_device"], "tf2_python"), kind="python")
    assert tf2.facts["env"] == {"ASCEND_WORK_PATH": "/w"}


def test_acl_json_writes_on_off_words():
    text = export(DOCS["acl_json"], "acl_json")
    assert '"dump_op_switch": "off"' in text and '"dump_debug": "on"' in text


def test_tf1_uses_the_declared_accessors():
    text = export(DOCS["tf1_session"], "tf1_python")
    assert 'parameter_map["enable_dump"].b = True' in text
    assert 'parameter_map["enable_exception_dump"].i = 1' in text
    assert 'parameter_map["quant_dumpable"].s = tf.compat.as_bytes("1")' in text


def test_cross_scenario_export_when_options_fit():
    tf2 = ConfigDoc("tf2_npu_device", {"enable_dump": True, "dump_path": "/d", "DUMP_GE_GRAPH": "2"})
    tf1 = parse_text(export(tf2, "tf1_python"), kind="python")
    assert tf1.values == {"enable_dump": True, "dump_path": "/d"} and tf1.facts["env"] == {"DUMP_GE_GRAPH": "2"}
    graph_only = ConfigDoc("tf2_npu_device", {"DUMP_GE_GRAPH": "2"})
    assert parse_text(export(graph_only, "shell"), kind="shell").values == {"DUMP_GE_GRAPH": "2"}
    with pytest.raises(DumpError, match="dump_list"):
        export(DOCS["acl_json"], "tf1_python")
    with pytest.raises(DumpError, match="profiling_options"):
        export(DOCS["tf1_session"], "tf2_python")
    with pytest.raises(DumpError, match="unknown export target"):
        export(DOCS["env"], "yaml")


def test_targets_are_the_documented_ones():
    assert EXPORT_TARGETS == ("acl_json", "tf1_python", "tf2_python", "torchair_python", "shell", "project",
                              "msprobe_json", "torch_npu_python")
