"""acl.json rules: each fires on its case, stays quiet otherwise, and combinations (seed 001, runtime-rules §1)."""

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.model import ConfigDoc, apply_fix
from tests.core.config.confighelp import acl, errors, findings

MODEL = {"dump_path": "/tmp", "dump_list": [{"model_name": "m"}]}
WATCH = {"dump_path": "/tmp", "dump_scene": "watcher", "dump_list": [{"layer": ["A"], "watcher_nodes": ["C"]}]}


def test_clean_model_dump_has_no_findings():
    assert acl(MODEL) == set()
    assert acl(WATCH) == set()


@pytest.mark.parametrize("values", [{}, {"dump_path": "x"}, {"dump_path": "x", "dump_list": []},
                                    {"dump_path": "x", "dump_list": [], "dump_op_switch": False}])
def test_nothing_dumped(values):
    assert "acl.nothing_dumped" in acl(values)


@pytest.mark.parametrize("extra", [{"dump_op_switch": True}, {"dump_debug": True}, {"dump_scene": "watcher"},
                                   {"dump_list": [{}]}])
def test_something_dumped(extra):
    assert "acl.nothing_dumped" not in acl({"dump_path": "x", **extra})


def test_nothing_dumped_fix_turns_single_op_dump_on():
    doc = ConfigDoc("acl_json", {"dump_path": "/tmp", "dump_list": []})
    fix = next(f.fix for f in check(doc) if f.rule == "acl.nothing_dumped")
    assert "acl.nothing_dumped" not in {f.rule for f in check(apply_fix(doc, fix))}


@pytest.mark.parametrize("scene", ["aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump", "lite_exception"])
def test_exception_scene_conflicts(scene):
    base = {"dump_scene": scene}
    assert errors("acl_json", base) == set()
    assert "acl.scene_with_dump_debug" in errors("acl_json", {**base, "dump_debug": True})
    assert "acl.scene_with_op_switch" in errors("acl_json", {**base, "dump_op_switch": True})
    assert "acl.scene_with_dump_debug" not in acl({**base, "dump_debug": False})


def test_exception_scene_skips_the_other_checks():
    values = {"dump_scene": "aic_err_brief_dump", "dump_step": "5|", "dump_path": "", "dump_stats": []}
    found = acl(values)
    assert not found & {"acl.dump_step_invalid", "acl.dump_path_empty", "acl.dump_stats_empty",
                        "acl.dump_path_missing"}
    assert "acl.exception_ignores" in found


def test_exception_scene_with_model_dump_warns():
    found = findings("acl_json", {"dump_scene": "aic_err_norm_dump", "dump_list": [{"model_name": "m"}]})
    assert [f.severity for f in found if f.rule == "acl.exception_with_model_dump"] == [Severity.WARNING]


def test_watcher_conflicts_each_and_together():
    assert errors("acl_json", {**WATCH, "dump_debug": True}) == {"acl.watcher_with_dump_debug"}
    assert errors("acl_json", {**WATCH, "dump_op_switch": True}) == {"acl.watcher_with_op_switch"}
    assert errors("acl_json", {**WATCH, "dump_mode": "input"}) == {"acl.watcher_dump_mode"}
    assert "acl.watcher_dump_mode" not in acl({**WATCH, "dump_mode": "output"})
    both = errors("acl_json", {**WATCH, "dump_debug": True, "dump_op_switch": True, "dump_mode": "all"})
    # dump_debug + dump_op_switch is its own EP0005 (runtime-rules §1.3 step 3): reported beside the watcher ones
    assert both == {"acl.watcher_with_dump_debug", "acl.watcher_with_op_switch", "acl.watcher_dump_mode",
                    "acl.debug_with_op_switch"}


@pytest.mark.parametrize("scene", [None, "watcher", "aic_err_norm_dump", "lite_exception"])
def test_debug_with_op_switch_is_never_shadowed(scene):
    values = {"dump_path": "/tmp", "dump_debug": True, "dump_op_switch": True}
    if scene:
        values["dump_scene"] = scene
    assert "acl.debug_with_op_switch" in errors("acl_json", values)
    assert "acl.debug_with_op_switch" not in acl({**values, "dump_op_switch": False})


def test_watcher_nodes_missing_is_reported_beside_the_dump_debug_conflict():
    values = {**WATCH, "dump_debug": True, "dump_list": [{"layer": ["A"]}]}
    assert {"acl.watcher_with_dump_debug", "acl.watcher_nodes_missing"} <= errors("acl_json", values)


def test_watcher_list_rules_name_the_entry():
    values = {**WATCH, "dump_list": [{"model_name": "m", "watcher_nodes": ["C"]}, {"layer": ["A"]}]}
    found = {(f.rule, f.options[0]) for f in findings("acl_json", values)}
    assert ("acl.watcher_model_name", "dump_list[0].model_name") in found
    assert ("acl.watcher_nodes_missing", "dump_list[1].watcher_nodes") in found


def test_watcher_model_name_fix_removes_only_that_key():
    doc = ConfigDoc("acl_json", {**WATCH, "dump_list": [{"model_name": "m", "watcher_nodes": ["C"]}]})
    fix = next(f.fix for f in check(doc) if f.rule == "acl.watcher_model_name")
    assert apply_fix(doc, fix).values["dump_list"] == [{"watcher_nodes": ["C"]}]
    assert doc.values["dump_list"] == [{"model_name": "m", "watcher_nodes": ["C"]}]


def test_watcher_nodes_without_scene_and_empty_watch_list():
    assert "acl.watcher_nodes_without_scene" in errors("acl_json",
                                                       {**MODEL, "dump_list": [{"watcher_nodes": ["C"]}]})
    assert "acl.watcher_empty_list" in acl({"dump_path": "/tmp", "dump_scene": "watcher"})
    overlap = {**WATCH, "dump_list": [{"layer": ["A", "C"], "watcher_nodes": ["C"]}]}
    assert "acl.watcher_overlap" in acl(overlap)


@pytest.mark.parametrize("values, rule", [
    ({"dump_list": [{"model_name": "m"}]}, "acl.dump_path_missing"),
    ({"dump_debug": True}, "acl.dump_path_missing"),
    ({"dump_scene": "watcher", "dump_list": [{"watcher_nodes": ["C"]}]}, "acl.dump_path_missing"),
    ({**MODEL, "dump_path": ""}, "acl.dump_path_empty"),
    ({**MODEL, "dump_path": "/" + "a" * 512}, "acl.dump_path_too_long"),
    ({**MODEL, "dump_path": "192.168.1.254:"}, "acl.dump_path_remote"),
    ({**MODEL, "dump_path": "192.168.1.254:opt/my data"}, "acl.dump_path_remote"),
])
def test_dump_path_errors(values, rule):
    assert rule in errors("acl_json", values)


def test_dump_path_not_required_for_exception_scene_and_remote_ok():
    assert "acl.dump_path_missing" not in acl({"dump_scene": "aic_err_brief_dump"})
    assert errors("acl_json", {**MODEL, "dump_path": "192.168.1.254:opt/data/"}) == set()
    assert "acl.dump_path_remote" not in acl({**MODEL, "dump_path": "999.1.1.1:x"})   # not IPv4: local path


def test_dump_path_warnings_for_ge_characters_and_variables():
    assert "acl.dump_path_chars" in acl({**MODEL, "dump_path": "/home/my dump"})
    assert "acl.dump_path_variable" in acl({**MODEL, "dump_path": "$HOME/output"})
    assert "acl.dump_path_variable" in acl({**MODEL, "dump_path": "~/output"})
    missing = [f for f in findings("acl_json", {**MODEL, "dump_path": "/no/such/folder/anywhere"})
               if f.rule == "acl.dump_path_not_found"]
    assert [f.severity for f in missing] == [Severity.WARNING]
    assert "acl.dump_path_not_found" not in acl({**MODEL, "dump_path": "/tmp"})
    assert "acl.dump_path_not_found" not in acl({"dump_path": "/no/such", "dump_scene": "aic_err_norm_dump"})
    assert not acl({**MODEL, "dump_path": "relative/out"}) & {"acl.dump_path_not_found", "acl.dump_path_chars"}


def test_overflow_conflicts():
    assert "acl.debug_with_op_switch" in errors("acl_json", {"dump_path": "/tmp", "dump_debug": True,
                                                             "dump_op_switch": True})
    found = findings("acl_json", {**MODEL, "dump_debug": True})
    assert [f.severity for f in found if f.rule == "acl.debug_with_dump_list"] == [Severity.WARNING]
    assert "acl.dump_step_invalid" not in acl({"dump_path": "/tmp", "dump_debug": True, "dump_step": "5|"})


@pytest.mark.parametrize("step, bad", [("0|5-10|20", False), ("5-5", False), ("5|", True), ("0|5-3|20", True),
                                       ("5||10", True), ("-1", True)])
def test_dump_step_in_acl(step, bad):
    assert ("acl.dump_step_invalid" in errors("acl_json", {**MODEL, "dump_step": step})) is bad


def test_dump_step_beyond_uint64_passes_adump_but_fails_at_model_load():
    found = [f for f in findings("acl_json", {**MODEL, "dump_step": "1|" + "9" * 21}) if f.rule == "acl.dump_step_invalid"]
    assert found and "device AICPU" in found[0].message and "fails to load" in found[0].message
    assert "acl.dump_step_invalid" not in acl({**MODEL, "dump_step": "1|" + "9" * 19})


@pytest.mark.parametrize("values, code", [
    ({**MODEL, "dump_step": 5}, "EP0001"), ({**MODEL, "dump_mode": ""}, "EP0001"), ({**MODEL, "dump_mode": "al"}, "EP0002"),
    ({**MODEL, "dump_list": [{"model_name": "m", "opname_range": [{"end": "b"}]}], "dump_level": "op"}, "EP0001"),
])
def test_value_errors_carry_the_adump_code(values, code):
    messages = [f.message for f in findings("acl_json", values) if f.rule.startswith("schema.")]
    assert messages and all(m.endswith(f"({code})") for m in messages)
    assert not [f for f in findings("tf2_npu_device", {"dump_mode": ""}) if "EP000" in f.message]


def test_dump_step_must_be_a_string():
    assert "schema.type" in errors("acl_json", {**MODEL, "dump_step": 5})


def test_empty_model_name_and_layer_only_with_op_switch_off():
    values = {"dump_path": "/tmp", "dump_list": [{"model_name": ""}, {"model_name": "m", "layer": []}]}
    assert {"acl.list_empty_model_name", "acl.list_empty_layer"} <= errors("acl_json", values)
    assert not errors("acl_json", {**values, "dump_op_switch": True}) & {"acl.list_empty_model_name",
                                                                        "acl.list_empty_layer"}


def test_blacklists():
    entry = {"name": "Conv2D", "pos": ["input0"]}
    values = {**MODEL, "dump_list": [{"model_name": "m", "optype_blacklist": [entry]}]}
    assert "acl.blacklist_needs_op_level" in errors("acl_json", values)
    assert "acl.blacklist_needs_op_level" in errors("acl_json", {**values, "dump_level": "kernel"})
    assert errors("acl_json", {**values, "dump_level": "op"}) == set()
    many = {**values, "dump_level": "op", "dump_list": [{"opname_blacklist": [entry] * 101}]}
    assert "acl.blacklist_too_long" in errors("acl_json", many)
    odd = {**values, "dump_level": "op", "dump_list": [{"model_name": "m",
                                                         "optype_blacklist": [{"name": "X", "pos": ["in0"]}]}]}
    assert "acl.blacklist_pos" in acl(odd)


def test_opname_range():
    values = {"dump_path": "/tmp", "dump_level": "op",
              "dump_list": [{"model_name": "m", "opname_range": [{"begin": "conv1", "end": "conv2"}]}]}
    assert errors("acl_json", values) == set()
    assert "acl.opname_range_needs_op_level" in errors("acl_json", {**values, "dump_level": "all"})
    no_model = {**values, "dump_list": [{"opname_range": [{"begin": "a", "end": "b"}]}]}
    assert "acl.opname_range_needs_model_name" in errors("acl_json", no_model)
    empty = {**values, "dump_list": [{"model_name": "m", "opname_range": [{"begin": "", "end": "b"}]}]}
    assert "acl.opname_range_empty_bound" in errors("acl_json", empty)
    missing = {**values, "dump_list": [{"model_name": "m", "opname_range": [{"end": "b"}]}]}
    assert "schema.missing" in errors("acl_json", missing)


def test_dump_stats():
    base = {**MODEL, "dump_stats": ["Max", "Min"]}
    assert "acl.dump_stats_needs_stats" in errors("acl_json", base)
    assert "acl.dump_stats_needs_stats" in errors("acl_json", {**base, "dump_data": "tensor"})
    assert errors("acl_json", {**base, "dump_data": "stats"}) == set()
    assert "acl.dump_stats_empty" in errors("acl_json", {**MODEL, "dump_stats": [], "dump_data": "stats"})
    assert "schema.choice" in errors("acl_json", {**base, "dump_data": "stats", "dump_stats": ["max"]})


def test_dump_kernel_data_and_level_kernel():
    assert errors("acl_json", {**MODEL, "dump_kernel_data": "printf,assert"}) == set()
    assert "acl.dump_kernel_data_invalid" in errors("acl_json", {**MODEL, "dump_kernel_data": "printf,"})
    assert "acl.dump_level_kernel_model_dump" in acl({**MODEL, "dump_level": "kernel"})


def test_aic_err_detail_dump_products():
    values = {"dump_scene": "aic_err_detail_dump"}
    assert "acl.aic_err_detail_product" not in acl(values)
    assert "acl.aic_err_detail_product" not in acl(values, product="atlas_a2")
    assert "acl.aic_err_detail_product" in errors("acl_json", values, product="atlas_training")
    assert "acl.aic_err_detail_effects" in acl(values)


def test_lite_exception_fix_uses_new_name():
    doc = ConfigDoc("acl_json", {"dump_scene": "lite_exception"})
    fix = next(f.fix for f in check(doc) if f.rule == "acl.lite_exception_alias")
    assert apply_fix(doc, fix).values == {"dump_scene": "aic_err_brief_dump"}


def test_choice_errors_suggest_the_nearest_value():
    found = [f for f in findings("acl_json", {**MODEL, "dump_mode": "outputs"}) if f.rule == "schema.choice"]
    assert "did you mean output" in found[0].message
    assert found[0].fix.changes == (("dump_mode", "output"),)
    assert "acl.nothing_dumped" not in acl({**MODEL, "dump_op_switch": "ON"})
    assert "schema.choice" in errors("acl_json", {**MODEL, "dump_op_switch": "ON"})
    assert "schema.empty" in errors("acl_json", {**MODEL, "dump_mode": ""})


def test_unknown_key_names_the_nearest_and_offers_a_rename():
    found = [f for f in findings("acl_json", {**MODEL, "dump_stpe": "0"}) if f.rule == "schema.unknown_key"]
    assert found[0].severity is Severity.WARNING and "dump_step" in found[0].message
    fixed = apply_fix(ConfigDoc("acl_json", {**MODEL, "dump_stpe": "0"}), found[0].fix)
    assert fixed.values["dump_step"] == "0" and "dump_stpe" not in fixed.values


def test_wrong_types_never_raise():
    odd = {"dump_path": 3, "dump_list": "x", "dump_mode": ["a"], "dump_stats": "Max", "dump_scene": 1,
           "dump_kernel_data": 5, "dump_step": None, "dump_debug": "yes"}
    found = findings("acl_json", odd)
    assert {"schema.type", "schema.choice"} <= {f.rule for f in found}
    nested = {"dump_path": "/tmp", "dump_list": [1, {"layer": "x", "optype_blacklist": [5]}]}
    assert "schema.type" in {f.rule for f in findings("acl_json", nested)}


@pytest.mark.parametrize("values, severity", [
    # runtime-rules §4 real-world configs: V valid, N no dump, E error
    ({"dump_list": [], "dump_path": "/home/ascend/run/dump"}, "N"),
    ({"dump_list": [], "dump_path": "/tmp", "dump_mode": "all", "dump_op_switch": True}, "V"),
    ({"dump_path": "./dumps/", "dump_scene": "aic_err_detail_dump"}, "V"),
    ({"dump_path": "./", "dump_list": [{}], "dump_op_switch": True, "dump_data": "tensor"}, "V"),
    ({"dump_list": [{"model_name": "ResNet-50", "layer": ["pool1"]}], "dump_mode": "output",
      "dump_op_switch": False, "dump_step": "0|5-10|20", "dump_path": "/tmp"}, "V"),
    ({"dump_list": [{"model_name": "m", "optype_blacklist": [{"name": "Conv2D", "pos": ["input0"]}]}],
      "dump_level": "kernel", "dump_path": "/tmp"}, "E"),
    ({"dump_level": "op", "dump_data": "stats", "dump_stats": ["Min", "Max"], "dump_path": "/tmp",
      "dump_list": [{"model_name": "m"}]}, "V"),
    ({"dump_data": "tensor", "dump_stats": ["Max"], "dump_path": "/tmp", "dump_list": [{"model_name": "m"}]}, "E"),
    ({"dump_scene": "watcher", "dump_mode": "input", "dump_path": "/tmp",
      "dump_list": [{"layer": ["A"], "watcher_nodes": ["B"]}]}, "E"),
])
def test_real_world_configs(values, severity):
    found = findings("acl_json", values)
    has_error = any(f.severity is Severity.ERROR for f in found)
    assert has_error is (severity == "E")
    assert ("acl.nothing_dumped" in {f.rule for f in found}) is (severity == "N")


def test_retired_dump_status_is_not_renamed_to_dump_stats():
    found = [f for f in findings("acl_json", {**MODEL, "dump_status": "on"}) if f.options == ("dump_status",)]
    assert [(f.rule, f.severity) for f in found] == [("schema.retired_key", Severity.WARNING)]
    assert found[0].fix.changes == (("dump_status", None),)
    typo = [f for f in findings("acl_json", {**MODEL, "dump_stpe": "0"}) if f.rule == "schema.unknown_key"]
    assert "is not an acl.json dump section option" in typo[0].message


def test_overflow_dump_skips_step_and_stats_checks():
    overflow = {"dump_path": "/tmp", "dump_debug": True}
    notes = [f for f in findings("acl_json", {**overflow, "dump_step": "0|3"}) if f.rule == "acl.debug_ignores"]
    assert [f.severity for f in notes] == [Severity.INFO]
    assert "acl.debug_ignores" not in acl(overflow)
    assert "acl.debug_ignores" not in acl({**MODEL, "dump_step": "0|3"})
