"""TF2 npu_device and torchair rules, and the environment rules every scenario shares."""

import pytest

from ascend_dump_gui.core.config.check import check, effective_env
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from tests.core.config.confighelp import errors, findings, rules

TF2 = {"enable_dump": True, "dump_path": "/tmp", "dump_step": "0|5|10", "dump_mode": "all"}
TORCH = {"enable_dump": True, "dump_path": "/tmp", "dump_mode": "all", "dump_step": "0|1"}


def test_tf2_clean():
    assert rules("tf2_npu_device", TF2) == set()


def test_tf2_dump_and_debug_together():
    assert "tf2.dump_and_dump_debug" in errors("tf2_npu_device", {**TF2, "enable_dump_debug": True})
    assert "tf2.dump_and_dump_debug" not in rules("tf2_npu_device", {**TF2, "enable_dump_debug": False})


def test_tf2_dump_path_required_for_either_switch():
    assert "tf2.dump_path_required" in errors("tf2_npu_device", {"enable_dump": True})
    assert "tf2.dump_path_required" in errors("tf2_npu_device", {"enable_dump_debug": True})
    assert "tf2.dump_path_required" not in rules("tf2_npu_device", {"enable_dump": False})


@pytest.mark.parametrize("step, bad", [("0|3-5|10", False), ("5-5", True), ("5|", True), ("3-1", True)])
def test_tf2_dump_step_uses_the_ge_validator(step, bad):
    assert ("tf2.dump_step_invalid" in errors("tf2_npu_device", {**TF2, "dump_step": step})) is bad


def test_tf2_ignored_options_and_unknown_attribute():
    found = rules("tf2_npu_device", {"enable_dump": False, "dump_path": "/tmp", "dump_step": "0-5"})
    assert {"tf2.dump_options_ignored", "tf2.dump_path_unused"} <= found
    assert "tf2.dump_step_invalid" not in found
    assert "tf2.dump_debug_mode_ignored" in rules("tf2_npu_device", {**TF2, "dump_debug_mode": "all"})
    assert not rules("tf2_npu_device", TF2) & {"tf2.dump_options_ignored", "tf2.dump_path_unused"}
    unknown = [f for f in check(ConfigDoc("tf2_npu_device", {**TF2, "dump_stpe": "1"}))
               if f.rule == "schema.unknown_key"]
    assert unknown[0].severity is Severity.ERROR


@pytest.mark.parametrize("scenario", ["tf1_session", "tf2_npu_device"])
def test_ge_option_rules_are_shared_by_tf1_and_tf2(scenario):
    """seed 002 / seed 003 / runtime-rules §2.1: both frameworks hand the same options to GE."""
    prefix = scenario[:3]
    assert f"{prefix}.dump_layer_separator" in rules(scenario, {**TF2, "dump_layer": "a,b"})
    assert f"{prefix}.dump_layer_separator" not in rules(scenario, {**TF2, "dump_layer": "a b"})
    overflow = {"enable_dump_debug": True, "dump_path": "/tmp", "dump_debug_mode": "atomic_overflow"}
    assert f"{prefix}.dump_debug_mode_a2" in rules(scenario, overflow, product="atlas_a2")
    assert f"{prefix}.dump_debug_mode_a2" not in rules(scenario, overflow, product="atlas_a3")
    both = [f for f in findings(scenario, {**TF2, "enable_exception_dump": 1})
            if f.rule == f"{prefix}.exception_dump_with_data_dump"]
    assert [f.severity for f in both] == [Severity.WARNING]
    assert f"{prefix}.exception_dump_with_data_dump" not in rules(scenario, {**TF2, "enable_exception_dump": 2})


def test_tf2_dump_path_must_exist_here(tmp_path):
    missing = [f for f in findings("tf2_npu_device", {**TF2, "dump_path": str(tmp_path / "nope")})
               if f.rule == "tf2.dump_path_not_found"]
    assert [f.severity for f in missing] == [Severity.WARNING]
    assert "tf2.dump_path_not_found" not in rules("tf2_npu_device", {**TF2, "dump_path": str(tmp_path)})
    assert "tf2.dump_path_not_found" not in rules("tf2_npu_device", {**TF2, "dump_path": "relative/out"})
    (tmp_path / "file").write_text("x")
    found = [f for f in findings("tf2_npu_device", {**TF2, "dump_path": str(tmp_path / "file")})
             if f.rule == "tf2.dump_path_not_found"]
    assert "is a file, not a folder" in found[0].message


def test_tf2_type_errors_as_the_setter_raises():
    assert "schema.type" in errors("tf2_npu_device", {**TF2, "enable_dump": "True"})
    assert "schema.choice" in errors("tf2_npu_device", {**TF2, "dump_debug_mode": "overflow"})
    assert "schema.choice" in errors("tf2_npu_device", {**TF2, "enable_exception_dump": 3})


def test_torchair_clean_in_max_autotune():
    assert errors("torchair", TORCH) == set()
    assert "torchair.mode_not_max_autotune" not in rules("torchair", TORCH)


@pytest.mark.parametrize("step, rule", [("-1", "torchair.dump_step_pattern"), ("5||6", "torchair.dump_step_pattern"),
                                        ("5-3", "torchair.dump_step_invalid"), ("5|", "torchair.dump_step_invalid")])
def test_torchair_dump_step(step, rule):
    assert errors("torchair", {**TORCH, "dump_step": step}) == {rule}


def test_torchair_pattern_applies_even_without_enable_dump():
    assert "torchair.dump_step_pattern" in errors("torchair", {"dump_step": "-1"})
    assert "torchair.dump_step_invalid" not in rules("torchair", {"dump_step": "5-3"})


def test_torchair_dump_layer_chars():
    assert "torchair.dump_layer_chars" in errors("torchair", {**TORCH, "dump_layer": "Add-1 Mul:0"})
    assert "torchair.dump_layer_chars" not in rules("torchair", {**TORCH, "dump_layer": "Add_1Mul_1 Add2"})


def test_torchair_dump_config_path():
    assert "torchair.dump_config_path_json" in errors("torchair", {"dump_config_path": "/x/dump.cfg"})
    assert "torchair.dump_config_path_json" in errors("torchair", {"dump_config_path": ""})
    both = rules("torchair", {**TORCH, "dump_config_path": "/x/dump.json"})
    assert "torchair.dump_config_path_with_options" in both
    assert "torchair.dump_config_path_with_options" not in rules("torchair", {"dump_config_path": "/x/d.json"})


def test_torchair_options_without_enable_dump():
    assert "torchair.options_ignored" in rules("torchair", {"dump_path": "/tmp", "dump_mode": "all"})
    assert "torchair.options_ignored" not in rules("torchair", TORCH)


def _torch_doc(values, **facts):
    return ConfigDoc("torchair", values, facts=facts)


def test_torchair_compile_mode():
    found = {f.rule: f for f in check(_torch_doc(TORCH, mode="reduce-overhead"))}
    assert "torchair.mode_not_max_autotune" in found
    assert "dump_mode" in found["torchair.mode_not_max_autotune"].message
    assert "torchair.mode_not_max_autotune" not in {f.rule for f in check(_torch_doc(TORCH, mode="max-autotune"))}
    stage = {**TORCH, "data_dump_stage": "original"}
    assert "torchair.data_dump_stage_ge_mode" in {f.rule for f in check(_torch_doc(stage))}
    assert "torchair.data_dump_stage_ge_mode" not in {f.rule for f in check(_torch_doc(stage, mode="npugraph_ex"))}
    assert "torchair.unknown_mode" in {f.rule for f in check(_torch_doc(TORCH, mode="turbo"))}


def test_torchair_dump_config_path_outside_max_autotune():
    values = {"dump_config_path": "/x/dump.json"}
    found = {f.rule: f for f in check(_torch_doc(values, mode="npugraph_ex"))}
    assert found["torchair.mode_not_max_autotune"].options == ("dump_config_path", "mode")
    assert "torchair.mode_not_max_autotune" not in {f.rule for f in check(_torch_doc(values, mode="max-autotune"))}
    assert "torchair.mode_not_max_autotune" not in {f.rule for f in check(_torch_doc({}, mode="reduce-overhead"))}


def test_torchair_dump_path_must_exist_when_assigned(tmp_path):
    found = [f for f in findings("torchair", {"dump_path": str(tmp_path / "nope")})
             if f.rule == "torchair.dump_path_not_found"]
    assert [f.severity for f in found] == [Severity.WARNING]
    assert "torchair.dump_path_not_found" not in rules("torchair", {"dump_path": str(tmp_path)})


def test_torchair_backend():
    assert "torchair.backend_not_torchair" in {f.rule for f in check(_torch_doc(TORCH, backend="inductor"))}
    assert "torchair.backend_not_torchair" not in {f.rule for f in check(_torch_doc(TORCH, backend="torchair"))}


def test_torchair_enable_dump_types():
    assert "schema.type" in errors("torchair", {**TORCH, "enable_dump": "1"})
    assert errors("torchair", {**TORCH, "enable_dump": 1}) == set()
    assert "schema.type" in errors("torchair", {**TORCH, "dump_path": None})


# -- environment --------------------------------------------------------------------------------------------------

ACL_MODEL = {"dump_path": "/tmp", "dump_list": [{"model_name": "m"}]}
ACL_EXC = {"dump_path": "/tmp", "dump_scene": "aic_err_brief_dump"}


@pytest.mark.parametrize("scenario, values", [("acl_json", ACL_MODEL), ("tf1_session", TF2),
                                              ("tf2_npu_device", TF2), ("torchair", TORCH)])
def test_npu_collect_path_refuses_data_dump(scenario, values):
    assert "env.npu_collect_path_data_dump" in rules(scenario, values, env={"NPU_COLLECT_PATH": "/c"})
    assert "env.npu_collect_path_data_dump" not in rules(scenario, values)


def test_npu_collect_path_redirects_exception_dumps():
    found = [f for f in check(ConfigDoc("acl_json", ACL_EXC), env={"NPU_COLLECT_PATH": "/c"})
             if f.rule == "env.npu_collect_path_exception"]
    assert "/c/extra-info/data-dump" in found[0].message and "dump_path is not used" in found[0].message
    assert "env.npu_collect_path_data_dump" not in rules("acl_json", ACL_EXC, env={"NPU_COLLECT_PATH": "/c"})


def test_npu_collect_path_reported_once_for_tf1():
    found = [f.rule for f in findings("tf1_session", {"enable_exception_dump": 0}, env={"NPU_COLLECT_PATH": "/c"})]
    assert found.count("env.npu_collect_path_exception") == 1
    assert not [r for r in found if r.startswith("tf1.npu_collect")]


@pytest.mark.parametrize("scenario, values, env, fires", [
    ("tf1_session", {"profiling_mode": True}, {}, False),   # the adapter's default options write to ./
    ("tf1_session", {"profiling_mode": True, "profiling_options": ""}, {}, False),
    ("tf1_session", {"profiling_mode": True, "profiling_options": '{"output": "/p"}'}, {}, False),
    ("tf1_session", {"profiling_mode": True, "profiling_options": {"task_trace": "on"}}, {}, True),
    ("tf1_session", {"profiling_mode": True}, {"ASCEND_WORK_PATH": "/w"}, False),
    ("tf1_session", {"profiling_mode": True}, {"PROFILING_OPTIONS": '{"output": "/p"}'}, False),
    ("tf1_session", {"profiling_mode": False}, {"PROFILING_MODE": "true"}, False),
    ("tf1_session", {}, {"PROFILING_MODE": "true"}, True),
    ("tf2_npu_device", TF2, {"PROFILING_MODE": "true"}, True),
    ("tf2_npu_device", TF2, {"PROFILING_MODE": "true", "ASCEND_WORK_PATH": "/w"}, False),
    ("torchair", TORCH, {"PROFILING_MODE": "true"}, False),
])
def test_tensorflow_profiling_needs_an_output_folder(scenario, values, env, fires):
    """seed 000: TF training/online inference needs output/output_path or ASCEND_WORK_PATH for profiling."""
    assert ("env.profiling_without_output" in errors(scenario, values, env=env)) is fires


def test_work_path_overrides_dump_path_for_exception_dumps():
    assert "env.exception_path_override" in rules("acl_json", ACL_EXC, env={"ASCEND_WORK_PATH": "/w"})
    assert "env.exception_path_override" not in rules("acl_json", ACL_MODEL, env={"ASCEND_WORK_PATH": "/w"})


def test_env_file_values_are_the_environment():
    assert "env.graph_settings_without_dump" in rules("env", {"DUMP_GRAPH_PATH": "/g"})
    assert "env.graph_settings_without_dump" not in rules("env", {"DUMP_GRAPH_PATH": "/g", "DUMP_GE_GRAPH": "2"})
    assert "env.ascend_dump_scene_ignored" in rules("env", {"ASCEND_DUMP_SCENE": "watcher"})
    assert "env.ascend_dump_scene_on" in rules("env", {"ASCEND_DUMP_SCENE": "aic_err_norm_dump"})
    assert "env.work_path_chars" in rules("env", {"ASCEND_WORK_PATH": "/repo/my task"})
    assert "env.dump_graph_level_value" in rules("env", {"DUMP_GE_GRAPH": "1", "DUMP_GRAPH_LEVEL": "7"})


def test_env_schema_types_and_quiet_unknowns():
    assert "schema.range" in rules("env", {"ASCEND_REMAIN_CACHE_SIZE_RATIO": 0})
    assert "schema.type" in rules("env", {"HCCL_EXEC_TIMEOUT": "soon"})
    assert rules("env", {"LD_LIBRARY_PATH": "/x", "PATH": "/bin"}) == set()
    assert "schema.unknown_key" in rules("env", {"ASCEND_WORK_PAHT": "/w"})


def test_effective_env_layers():
    doc = ConfigDoc("tf2_npu_device", {"DUMP_GE_GRAPH": "2"}, facts={"env": {"NPU_COLLECT_PATH": "/c"}})
    env = effective_env(doc, {"NPU_COLLECT_PATH": "/outer", "HOME": "/h"})
    assert env == {"NPU_COLLECT_PATH": "/c", "HOME": "/h", "DUMP_GE_GRAPH": "2"}
    assert effective_env(ConfigDoc("env", {"HCCL_EXEC_TIMEOUT": 600})) == {"HCCL_EXEC_TIMEOUT": "600"}


def test_unresolved_options_are_not_judged():
    doc = ConfigDoc("tf2_npu_device", {"enable_dump": True}, facts={"unresolved": ["dump_path"]})
    assert "tf2.dump_path_required" not in {f.rule for f in check(doc)}


def test_unknown_scenario_is_a_finding():
    assert [f.rule for f in check(ConfigDoc("nope", {}))] == ["check.unknown_scenario"]


def test_profiling_without_options_uses_the_adapter_default_output():
    """seed 000 asks for an output folder; the TF adapter fills in default options with output "./"."""
    found = findings("tf1_session", {"profiling_mode": True})
    notes = [f for f in found if f.rule == "env.profiling_default_output"]
    assert [f.severity for f in notes] == [Severity.INFO]
    assert not [f for f in findings("tf1_session", {"profiling_mode": True, "profiling_options": '{"output": "/p"}'})
                if f.rule == "env.profiling_default_output"]
