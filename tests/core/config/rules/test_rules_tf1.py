"""TF1_RULES: each rule fires on a minimal bad config and stays quiet on a good one; combinations; seed examples."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext
from ascend_dump_gui.core.config.rules.tf1 import TF1_ENV_VARS, TF1_RULES
from ascend_dump_gui.core.config.schema.tf1 import TF1_SESSION
from tests.core.config.test_schema_tf1 import seed_examples

D = {"dump_path": "/d"}
PROFILES = {"input_shape": "data:1,-1", "dynamic_dims": "1;2", "dynamic_node_type": 1}


@dataclass(frozen=True)
class Case:
    rule: str
    bad: dict[str, Any]
    good: dict[str, Any]
    env: dict[str, str] = field(default_factory=dict)
    product: str | None = None
    mode: str | None = None
    files: dict[str, str | None] = field(default_factory=dict)  # name -> content; None makes a folder
    cann: str | None = None                                     # the CANN release checked for (None: the latest)
    facts: dict[str, Any] = field(default_factory=dict)         # importer facts (e.g. the accessor used)


CASES = [
    Case("tf1.wrong_run_mode", {"graph_run_mode": 0, "iterations_per_loop": 1}, {"graph_run_mode": 1, "iterations_per_loop": 1}),
    Case("tf1.graph_run_mode_mismatch", {"graph_run_mode": 0}, {"graph_run_mode": 1}, mode="training"),
    Case("tf1.dump_and_dump_debug", {"enable_dump": True, "enable_dump_debug": True, **D},
         {"enable_dump": True, "enable_dump_debug": False, **D}),
    Case("tf1.dump_path_required", {"enable_dump_debug": True}, {"enable_dump_debug": True, **D}),
    Case("tf1.dump_step_invalid", {"enable_dump": True, "dump_step": "5-5", **D}, {"enable_dump": True, "dump_step": "5-6", **D}),
    Case("tf1.dump_options_ignored", {"dump_mode": "all"}, {"enable_dump": True, "dump_mode": "all", **D}),
    Case("tf1.dump_debug_mode_ignored", {"dump_debug_mode": "all"}, {"enable_dump_debug": True, "dump_debug_mode": "all", **D}),
    Case("tf1.dump_path_unused", D, {"enable_dump": True, **D}),
    Case("tf1.dump_debug_mode_a2", {"dump_debug_mode": "aicore_overflow"}, {"dump_debug_mode": "all"}, product="atlas_a2"),
    Case("tf1.dump_layer_separator", {"dump_layer": "a,b,c"}, {"dump_layer": "a b c"}),
    Case("tf1.quant_dumpable_without_dump", {"quant_dumpable": "1"}, {"quant_dumpable": "1", "enable_dump": True, **D}),
    Case("tf1.exception_dump_with_data_dump", {"enable_dump": True, "enable_exception_dump": 1, **D},
         {"enable_dump": True, "enable_exception_dump": 2, **D}),
    Case("tf1.use_off_line_dump", {"use_off_line": False, "enable_dump": True, **D}, {"use_off_line": True, "enable_dump": True, **D}),
    Case("tf1.op_debug_config_content", {"op_debug_config": "bad.cfg"}, {"op_debug_config": "ok.cfg"},
         files={"bad.cfg": "op_debug_config=oom,dump_ccee\n", "ok.cfg": "op_debug_config=ccec_g,oom\nop_debug_list=GatherV2\n"}),
    Case("tf1.op_debug_oom_conflict", {"op_debug_config": "o0.cfg"}, {"op_debug_config": "g.cfg"},
         files={"o0.cfg": "op_debug_config=ccec_O0,oom\n", "g.cfg": "op_debug_config=ccec_g\n"}),
    Case("tf1.compile_cache_ignored", {"op_compiler_cache_mode": "enable", "op_debug_level": 1},
         {"op_compiler_cache_mode": "enable", "op_debug_level": 0}),
    Case("tf1.debug_dir_unused", {"debug_dir": "/x"}, {"debug_dir": "/x", "op_debug_level": 1}),
    Case("tf1.op_debug_level_cost", {"op_debug_level": 2}, {"op_debug_level": 3}),
    Case("tf1.precision_mode_both", {"precision_mode": "force_fp32", "precision_mode_v2": "origin"}, {"precision_mode_v2": "origin"}),
    Case("tf1.bf16_unsupported_product", {"precision_mode_v2": "mixed_bfloat16"}, {"precision_mode_v2": "mixed_float16"},
         product="atlas_training"),
    Case("tf1.precision_mode_v2_hif8", {"precision_mode_v2": "mixed_hif8"}, {"precision_mode_v2": "mixed_float16"}),
    Case("tf1.force_fp16_training", {"precision_mode": "force_fp16"}, {"precision_mode": "allow_fp32_to_fp16"}, mode="training"),
    Case("tf1.modify_mixlist_without_mixed", {"modify_mixlist": "/m.json"},
         {"modify_mixlist": "/m.json", "precision_mode_v2": "mixed_float16"}),
    Case("tf1.customize_dtypes_no_effect", {"customize_dtypes": "/c.cfg", "precision_mode_v2": "origin"},
         {"customize_dtypes": "/c.cfg", "precision_mode_v2": "fp16"}),
    Case("tf1.accelerate_train_format", {"experimental_accelerate_train_mode": "fast|step|0.95"},
         {"experimental_accelerate_train_mode": "fast|step|0.9"}),
    Case("tf1.accelerate_train_precision", {"experimental_accelerate_train_mode": "fast|step|0.9", "precision_mode_v2": "fp16"},
         {"experimental_accelerate_train_mode": "fast|step|0.9", "precision_mode_v2": "origin"}),
    Case("tf1.accelerate_train_env", {"experimental_accelerate_train_mode": "fast|loss|1.05"}, {"precision_mode_v2": "origin"}),
    Case("tf1.accelerate_train_small_loops",
         {"experimental_accelerate_train_mode": "fast|step|0.9", "iterations_per_loop": 10, "enable_data_pre_proc": True},
         {"experimental_accelerate_train_mode": "fast|step|0.9", "iterations_per_loop": 1}),
    Case("tf1.op_precision_mode_overrides", {"op_precision_mode": "/p.ini", "op_select_implmode": "high_precision"},
         {"op_precision_mode": "/p.ini"}),
    Case("tf1.optypelist_without_implmode", {"optypelist_for_implmode": "Pooling"},
         {"optypelist_for_implmode": "Pooling", "op_select_implmode": "high_precision"}),
    Case("tf1.optypelist_types", {"optypelist_for_implmode": "Pooling,Conv2D"}, {"optypelist_for_implmode": "Pooling,SoftmaxV2"}),
    Case("tf1.dynamic_profiles_partial", {"input_shape": "data:1,-1"}, PROFILES),
    Case("tf1.input_shape_format", {**PROFILES, "input_shape": "data:1,x"}, PROFILES),
    Case("tf1.input_shape_order", {**PROFILES, "input_shape": "mask:-1;data:1"}, {**PROFILES, "input_shape": "data:1;mask:-1"}),
    Case("tf1.dynamic_dims_format", {**PROFILES, "dynamic_dims": "20"}, PROFILES),
    Case("tf1.dynamic_dims_mismatch", {**PROFILES, "dynamic_dims": "1,2;3,4"}, PROFILES),
    Case("tf1.compile_hybrid_requirements", {"compile_hybrid_mode": 1, "external_weight": True},
         {"compile_hybrid_mode": 1, "external_weight": True, **PROFILES}),
    Case("tf1.compile_hybrid_external_weight", {"compile_hybrid_mode": 1, **PROFILES},
         {"compile_hybrid_mode": 1, "external_weight": True, **PROFILES}),
    Case("tf1.compile_dynamic_with_profiles", {"compile_dynamic_mode": True, **PROFILES}, {"compile_dynamic_mode": True}),
    Case("tf1.shape_generalization_without_jit", {"shape_generalization_mode": "FULL"},
         {"shape_generalization_mode": "FULL", "jit_compile": "true"}),
    Case("tf1.shape_generalization_compile_dynamic",
         {"shape_generalization_mode": "FULL", "jit_compile": "true", "compile_dynamic_mode": True},
         {"shape_generalization_mode": "FULL", "jit_compile": "true", "compile_dynamic_mode": False}),
    Case("tf1.shape_range_with_dims", {"dynamic_inputs_shape_range": "data:[3~5]", "dynamic_dims": "1;2"},
         {"dynamic_inputs_shape_range": "data:[3~5]"}),
    Case("tf1.dynamic_execute_without_input", {"dynamic_graph_execute_mode": "dynamic_execute"},
         {"dynamic_graph_execute_mode": "dynamic_execute", "dynamic_input": True, "dynamic_inputs_shape_range": "data:[3~5]"}),
    Case("tf1.dynamic_input_incomplete", {"dynamic_input": True},
         {"dynamic_graph_execute_mode": "dynamic_execute", "dynamic_input": True, "dynamic_inputs_shape_range": "data:[3~5]"}),
    Case("tf1.shape_range_format", {"dynamic_inputs_shape_range": "getnext: [3~5]"},
         {"dynamic_inputs_shape_range": "getnext:[3~5],[3~6];data:[]"}),
    Case("tf1.in_out_pair_without_mix", {"in_out_pair": "[[['a'], ['b']]]"},
         {"in_out_pair": "[[['a'], ['b']]]", "mix_compile_mode": True}),
    Case("tf1.in_out_pair_format", {"in_out_pair": "[[['a'], 'b']]"}, {"in_out_pair": "[[['a'], ['b', 'c']]]"}),
    Case("tf1.variable_placement_host", {"variable_placement": "Host"}, {"variable_placement": "Host", "mix_compile_mode": True}),
    Case("tf1.static_memory_policy_compat", {"static_memory_policy": 1}, {"static_memory_policy": 2}),
    Case("tf1.static_memory_policy_parallel", {"static_memory_policy": 4, "graph_max_parallel_model_num": 4},
         {"static_memory_policy": 3, "graph_max_parallel_model_num": 4}),
    Case("tf1.input_batch_cpy_fusion", {"input_batch_cpy": True}, {"input_batch_cpy": True, "input_fusion_size": 0}),
    Case("tf1.small_channel_inference", {"graph_run_mode": 0, "enable_small_channel": 0},
         {"graph_run_mode": 0, "enable_small_channel": 1}),
    Case("tf1.small_channel_training", {"enable_small_channel": 1}, {"enable_small_channel": 0}, mode="training"),
    Case("tf1.iterations_per_loop_offload", {"iterations_per_loop": 10},
         {"iterations_per_loop": 10, "enable_data_pre_proc": True}),
    Case("tf1.iterations_per_loop_sync", {"iterations_per_loop": 10}, {"iterations_per_loop": 1}),
    Case("tf1.hccl_timeout_range", {"hccl_timeout": 20000}, {"hccl_timeout": 1836}, product="atlas_training"),
    Case("tf1.hccl_timeout_rounding", {"hccl_timeout": 600}, {"hccl_timeout": 612}, product="atlas_training"),
    Case("tf1.hccl_timeout_env", {"hccl_timeout": 1800}, {}, env={"HCCL_EXEC_TIMEOUT": "1800"}),
    Case("tf1.stream_sync_below_hccl", {"stream_sync_timeout": 60000}, {"stream_sync_timeout": 2_000_000}),
    Case("tf1.aicore_num_format", {"aicore_num": "2,4"}, {"aicore_num": "2|4"}),
    Case("tf1.aicore_num_prebuilt", {"aicore_num": "2|4", "jit_compile": "false"}, {"aicore_num": "2|4", "jit_compile": "auto"}),
    Case("tf1.stream_max_parallel_format", {"stream_max_parallel_num": "DNN_VM_AICPU=10"},
         {"stream_max_parallel_num": "DNN_VM_AICPU:10,AIcoreEngine:1"}),
    Case("tf1.scope_fusion_format", {"enable_scope_fusion_passes": "A,,B"}, {"enable_scope_fusion_passes": "A,B"}),
    Case("tf1.local_device_list_format", {"local_device_list": "0;1", "local_rank_id": 0},
         {"local_device_list": "0,1", "local_rank_id": 0}),
    Case("tf1.local_device_list_without_rank", {"local_device_list": "0,1"}, {"local_device_list": "0,1", "local_rank_id": 0}),
    Case("tf1.multistream_conflict", {"auto_multistream_parallel_mode": "cv"}, {},
         env={"ENABLE_DYNAMIC_SHAPE_MULTI_STREAM": "1"}),
    Case("tf1.aoe_subgraph_unsupported", {"aoe_mode": "1"}, {"aoe_mode": "2"}, product="atlas_a2"),
    Case("tf1.aoe_options_without_mode", {"work_path": "/w"}, {"work_path": "/w", "aoe_mode": "2"}),
    Case("tf1.aoe_mode_env", {"aoe_mode": "2"}, {}, env={"AOE_MODE": "1"}),
    Case("tf1.aoe_feature_mode", {"aoe_config_file": "t.json", "aoe_mode": "1"}, {"aoe_config_file": "t.json", "aoe_mode": "2"},
         files={"t.json": '{"tune_ops_type": ["Add", "Mul"], "feature": ["deeper_opat"]}'}),
    Case("tf1.aoe_config_content", {"aoe_config_file": "bad.json", "aoe_mode": "2"},
         {"aoe_config_file": "good.json", "aoe_mode": "2"},
         files={"bad.json": '{"tune_optimization_level": "O3"}',
                "good.json": '{"tune_ops_name": ["loss/MatMul"], "tune_optimization_level": "O1", "feature": ["deeper_opat"]}'}),
    Case("tf1.compile_cache_force", {"op_compiler_cache_mode": "force"}, {"op_compiler_cache_mode": "enable"}),
    Case("tf1.compile_cache_dir_unused", {"op_compiler_cache_dir": "/k", "op_compiler_cache_mode": "disable"},
         {"op_compiler_cache_dir": "/k", "op_compiler_cache_mode": "enable"}),
    Case("tf1.constant_folding_off", {"oo_constant_folding": False}, {"oo_constant_folding": True}),
    Case("tf1.all_tensor_not_empty", {"all_tensor_not_empty": True}, {"all_tensor_not_empty": False}),
    Case("tf1.folder_missing", {"enable_dump": True, "dump_path": "missing"}, {"enable_dump": True, "dump_path": "out"},
         files={"out": None}),
    Case("tf1.path_characters", {"fusion_switch_file": "/home/my file.cfg"}, {"fusion_switch_file": "/home/test/fusion_switch.cfg"}),
    Case("tf1.profiling_options_json", {"profiling_mode": True, "profiling_options": '{"output": }'},
         {"profiling_mode": True, "profiling_options": '{"output": "/tmp"}'}),
    Case("tf1.profiling_unknown_key", {"profiling_mode": True, "profiling_options": '{"outptu": "/tmp"}'},
         {"profiling_mode": True, "profiling_options": '{"output": "/tmp"}'}),
    Case("tf1.profiling_value", {"profiling_mode": True, "profiling_options": '{"storage_limit": "100MB"}'},
         {"profiling_mode": True, "profiling_options": '{"storage_limit": "200MB"}'}),
    Case("tf1.profiling_instr_exclusive", {"profiling_mode": True, "profiling_options": {"instr_profiling_freq": 500, "aicpu": "on"}},
         {"profiling_mode": True, "profiling_options": {"instr_profiling_freq": 500, "aicpu": "off"}}),
    Case("tf1.profiling_mode_requirements", {"profiling_mode": True, "profiling_options": '{"output": "/tmp"}'},
         {"profiling_mode": True, "profiling_options": '{"training_trace": "on", "task_trace": "on"}'}, mode="training"),
    Case("tf1.profiling_product", {"profiling_mode": True, "profiling_options": {"sys_io_sampling_freq": 10}},
         {"profiling_mode": True, "profiling_options": {"aic_metrics": "L2Cache"}}, product="atlas_inference"),
    Case("tf1.profiling_platform_refused", {"profiling_mode": True, "profiling_options": {"aic_metrics": "L2Cache"}},
         {"profiling_mode": True, "profiling_options": {"aic_metrics": "PipeUtilization"}}, product="atlas_training"),
    Case("tf1.profiling_deprecated_key", {"profiling_mode": True, "profiling_options": '{"hccl": "on"}'},
         {"profiling_mode": True, "profiling_options": '{"task_time": "on"}'}),
    Case("tf1.profiling_fp_bp_dynamic",
         {"compile_dynamic_mode": True, "profiling_mode": True, "profiling_options": '{"training_trace": "on"}'},
         {"compile_dynamic_mode": True, "profiling_mode": True,
          "profiling_options": '{"training_trace": "on", "fp_point": "a", "bp_point": "b"}'}),
    Case("tf1.profiling_options_ignored", {"profiling_options": '{"output": "/tmp"}'},
         {"profiling_mode": True, "profiling_options": '{"output": "/tmp"}'}),
    Case("tf1.profiling_mode_env", {"profiling_mode": True}, {}, env={"PROFILING_MODE": "true"}),
    Case("tf1.profiling_without_options", {"profiling_mode": True}, {"profiling_mode": True, "profiling_options": "{}"}),
]

# seed 002 caveat sentences (rules/tf1/caveats.py): each fires on the sentence's condition and not without it
DYN = {"compile_dynamic_mode": True}
CASES += [
    Case("tf1.in_out_pair_flag_without_pair", {"in_out_pair_flag": False, "mix_compile_mode": True},
         {"in_out_pair_flag": False, "mix_compile_mode": True, "in_out_pair": "[[['a'], ['b']]]"}),
    Case("tf1.input_fusion_size_dynamic", {"input_fusion_size": 1024, **DYN}, {"input_fusion_size": 1024}),
    Case("tf1.multistream_dynamic", {"auto_multistream_parallel_mode": "cv", "dynamic_input": True},
         {"auto_multistream_parallel_mode": "cv"}),
    Case("tf1.static_memory_policy_dynamic", {"static_memory_policy": 2, **DYN}, {"static_memory_policy": 3, **DYN}),
    Case("tf1.static_memory_policy_tradeoff", {"static_memory_policy": 4}, {"static_memory_policy": 2}),
    Case("tf1.input_batch_cpy_inputs", {"input_batch_cpy": True}, {"input_batch_cpy": False}),
    Case("tf1.experiment_parameter", {"jit_compile": "auto"}, {"op_compiler_cache_mode": "enable"}),
    Case("tf1.graph_compiler_cache_limits", {"graph_compiler_cache_dir": "/c"}, {"graph_compiler_cache_dir": ""}),
    Case("tf1.jit_compile_scope", {"jit_compile": "false"}, {}),
    Case("tf1.multistream_scope", {"auto_multistream_parallel_mode": "cv"}, {}),
    Case("tf1.stream_max_parallel_scope", {"stream_max_parallel_num": "AIcoreEngine:1"}, {}),
    Case("tf1.tailing_optimization_scope", {"is_tailing_optimization": True}, {"is_tailing_optimization": False}),
    Case("tf1.variable_placement_control_flow", {"variable_placement": "Host"}, {"variable_placement": "Device"}),
    Case("tf1.op_cache_ini_invalid", {"op_compiler_cache_dir": "bad"}, {"op_compiler_cache_dir": "good"},
         files={"bad": None, "bad/op_cache.ini": "[op_compiler_cache]\nmax_op_cache_size=500\nremain_cache_size_ratio=0\n",
                "good": None, "good/op_cache.ini": "[op_compiler_cache]\nmax_op_cache_size=-1\nremain_cache_size_ratio=80\n"}),
    Case("tf1.op_cache_ini_over_env", {"op_compiler_cache_dir": "good"}, {"op_compiler_cache_dir": "bad"},
         env={"ASCEND_MAX_OP_CACHE_SIZE": "1000"},
         files={"bad": None, "bad/op_cache.ini": "max_op_cache_size=500\nremain_cache_size_ratio=80\n",
                "good": None, "good/op_cache.ini": "[op_compiler_cache]\nmax_op_cache_size=500\nremain_cache_size_ratio=80\n"}),
    Case("tf1.remain_cache_ratio_env", {}, {"op_compiler_cache_mode": "disable"}, env={"ASCEND_REMAIN_CACHE_SIZE_RATIO": "0"}),
    Case("tf1.lazy_recompile_loops",
         {"dynamic_input": True, "dynamic_graph_execute_mode": "lazy_recompile", "iterations_per_loop": 10,
          "enable_data_pre_proc": True},
         {"dynamic_input": True, "dynamic_graph_execute_mode": "lazy_recompile", "iterations_per_loop": 1}),
    Case("tf1.ccec_dynamic_shape", {"op_debug_config": "g.cfg", **DYN}, {"op_debug_config": "g.cfg"},
         files={"g.cfg": "op_debug_config=ccec_g,oom\n"}),
    Case("tf1.op_debug_list_cache", {"op_debug_config": "l.cfg"}, {"op_debug_config": "l.cfg", "op_compiler_cache_mode": "disable"},
         files={"l.cfg": "op_debug_config=ccec_g\nop_debug_list=GatherV2,OpType::ReduceSum\n"}),
]

# Release-dependent acceptance (rules/tf1/versions.py): the same setting is refused by one release, read by another
B = {"accessors": {"jit_compile": {"accessor": "b", "line": 3}}}
CASES += [
    Case("tf1.jit_compile_release", {"jit_compile": True}, {"precision_mode": "force_fp16"}, facts=B),
    Case("tf1.option_release", {"precision_mode_v2": "fp16"}, {"precision_mode": "force_fp16"}, cann="6.3.RC1"),
]


@pytest.mark.parametrize(("cann", "value", "facts", "severity"), [
    (None, True, B, Severity.ERROR), ("7.0.RC1", True, B, Severity.ERROR), ("9.0.0", True, B, Severity.ERROR),
    ("6.3.RC2", True, B, Severity.WARNING), ("6.3.RC1", True, B, Severity.WARNING),
    ("6.3.RC2", "true", {}, Severity.WARNING), ("7.0.0", "true", {}, None), (None, "auto", {}, None),
])
def test_jit_compile_by_release(cann, value, facts, severity):
    found = [f for f in run({"jit_compile": value}, CheckContext(cann_version=cann, facts=facts))
             if f.rule == "tf1.jit_compile_release"]
    assert (found[0].severity if found else None) is severity
    if found:
        assert (f"CANN {cann}" if cann else "the latest release this checker knows") in found[0].message


@pytest.mark.parametrize(("cann", "severity"), [("6.3.RC1", Severity.WARNING), ("7.0.0", Severity.WARNING),
                                                ("8.0.RC2", Severity.INFO), ("9.0.0", None), (None, None)])
def test_options_added_after_a_release(cann, severity):
    found = [f for f in run({"quant_dumpable": "1"}, CheckContext(cann_version=cann)) if f.rule == "tf1.option_release"]
    assert (found[0].severity if found else None) is severity


def run(values: dict[str, Any], ctx: CheckContext | None = None) -> list:
    ctx = ctx or CheckContext()
    return [f for rule in TF1_RULES for f in rule.check(values, ctx)]


def context(case: Case, base: Path) -> CheckContext:
    for name, content in case.files.items():
        target = base / name
        if content is None:
            target.mkdir()
        else:
            target.write_text(content, encoding="utf-8")
    return CheckContext(env=case.env, product=case.product, mode=case.mode, base_dir=base, cann_version=case.cann,
                        facts=case.facts)


@pytest.mark.parametrize("case", CASES, ids=[c.rule for c in CASES])
def test_rule_fires_on_bad_and_not_on_good(case: Case, tmp_path: Path):
    ctx = context(case, tmp_path)
    bad = [f for f in run(case.bad, ctx) if f.rule == case.rule]
    assert bad, f"{case.rule} did not fire on {case.bad}"
    rule = next(r for r in TF1_RULES if r.id == case.rule)
    assert all(f.severity is rule.severity and f.message and f.source == rule.source for f in bad)
    assert not [f for f in run(case.good, ctx) if f.rule == case.rule]


def test_every_rule_has_a_case():
    assert {r.id for r in TF1_RULES} == {c.rule for c in CASES}


def test_rule_declarations():
    ids = [r.id for r in TF1_RULES]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"tf1\.[a-z0-9_]+", i) for i in ids)
    for rule in TF1_RULES:
        assert rule.source.startswith(("seed 002", "runtime-rules")), rule.id
        unknown = [o for o in rule.options if not TF1_SESSION.has(o) and o not in TF1_ENV_VARS]
        assert not unknown, (rule.id, unknown)


def test_env_vars_named_by_rules_are_documented(shared_dir: Path):
    text = "".join(p.read_text(encoding="utf-8") for p in (shared_dir / "seeds").glob("00[02]_*.txt"))
    assert TF1_ENV_VARS and all(re.search(rf"\b{name}\b", text) for name in TF1_ENV_VARS)


@pytest.mark.parametrize("step, ok", [
    ("0|5|10", True), ("0|3-5|10", True), ("7", True), ("5-6", True), ("|".join(map(str, range(100))), True),
    ("5-5", False), ("5-3", False), ("5|", False), ("|5", False), ("5||10", False), ("-1", False), ("1 | 2", False),
    ("2147483648", False), ("0-5-10", False), ("|".join(map(str, range(101))), False), ("a", False),
])
def test_dump_step_grammar(step: str, ok: bool):
    findings = [f for f in run({"enable_dump": True, "dump_path": "/d", "dump_step": step}) if f.rule == "tf1.dump_step_invalid"]
    assert (not findings) is ok


def test_dump_step_is_not_judged_while_dump_is_off():
    findings = run({"dump_step": "5-3"})
    assert {f.rule for f in findings} == {"tf1.dump_options_ignored"}


def errors(values: dict[str, Any], ctx: CheckContext | None = None) -> set[str]:
    return {f.rule for f in run(values, ctx) if f.severity is Severity.ERROR}


def test_real_world_data_dump_is_clean():
    values = {"enable_dump": True, "dump_path": "/home/out", "dump_step": "0|5|10", "dump_mode": "all"}
    assert run(values, CheckContext(mode="training")) == []


def test_overflow_branch_with_both_switches_is_refused():
    values = {"enable_dump": True, "enable_dump_debug": True, "dump_path": "/o", "dump_debug_mode": "all"}
    assert errors(values) == {"tf1.dump_and_dump_debug"}


def test_disabled_dump_with_leftover_options_only_warns():
    values = {"enable_dump": False, "dump_path": "/p", "dump_step": "0-5", "dump_mode": "all"}
    findings = run(values)
    assert {f.rule for f in findings} == {"tf1.dump_options_ignored", "tf1.dump_path_unused"}
    assert {f.options[0] for f in findings if f.rule == "tf1.dump_options_ignored"} == {"dump_step", "dump_mode"}


def test_oom_conflicts_from_level_and_environment(tmp_path: Path):
    (tmp_path / "d.cfg").write_text("op_debug_config = ccec_g, oom\n", encoding="utf-8")
    ctx = CheckContext(env={"NPU_COLLECT_PATH": "/c"}, base_dir=tmp_path)
    findings = [f for f in run({"op_debug_config": "d.cfg", "op_debug_level": 2}, ctx) if f.rule == "tf1.op_debug_oom_conflict"]
    assert {f.options for f in findings} == {("op_debug_level", "op_debug_config"), ("op_debug_config", "NPU_COLLECT_PATH")}


def test_compile_cache_ignored_without_op_debug_list(tmp_path: Path):
    (tmp_path / "d.cfg").write_text("op_debug_config=dump_cce\n", encoding="utf-8")
    ctx = CheckContext(base_dir=tmp_path)
    values = {"op_debug_config": "d.cfg", "op_compiler_cache_mode": "force"}
    assert "tf1.compile_cache_ignored" in {f.rule for f in run(values, ctx)}
    (tmp_path / "d.cfg").write_text("op_debug_config=dump_cce\nop_debug_list=GatherV2\n", encoding="utf-8")
    assert "tf1.compile_cache_ignored" not in {f.rule for f in run(values, ctx)}


def test_stream_sync_compares_milliseconds_with_the_env_timeout():
    ctx = CheckContext(env={"HCCL_EXEC_TIMEOUT": "100"})
    assert "tf1.stream_sync_below_hccl" not in {f.rule for f in run({"stream_sync_timeout": 200_000}, ctx)}
    assert "tf1.stream_sync_below_hccl" in {f.rule for f in run({"stream_sync_timeout": 50_000}, ctx)}
    assert "tf1.stream_sync_below_hccl" in {f.rule for f in run({"stream_sync_timeout": 200_000, "hccl_timeout": 300}, ctx)}


def test_a2_a3_training_default_keeps_origin_dtypes():
    values = {"customize_dtypes": "/c.cfg"}
    assert "tf1.customize_dtypes_no_effect" in {f.rule for f in run(values, CheckContext(product="atlas_a2", mode="training"))}
    assert "tf1.customize_dtypes_no_effect" not in {f.rule for f in run(values, CheckContext(product="atlas_training", mode="training"))}


def test_hybrid_mode_with_dataset_inputs_is_refused():
    values = {"compile_hybrid_mode": 1, "external_weight": True, **PROFILES, "dynamic_node_type": 0}
    findings = [f for f in run(values) if f.rule == "tf1.compile_hybrid_requirements"]
    assert findings and findings[0].fix.changes == (("dynamic_node_type", 1),)


WEIRD = [None, [], {}, 3.5, -1, True, "x", "", "|", "a:b;c"]


@pytest.mark.parametrize("key", [f.key for f in TF1_SESSION.fields])
def test_rules_never_raise_on_odd_values(key: str, tmp_path: Path):
    ctx = CheckContext(env={"NPU_COLLECT_PATH": "/c", "HCCL_EXEC_TIMEOUT": "x"}, product="atlas_training",
                       mode="training", base_dir=tmp_path)
    for weird in WEIRD:
        run({key: weird, "enable_dump": True, "profiling_mode": True}, ctx)


# ---- seed 002's own example lines

COMPANIONS: dict[str, dict[str, Any]] = {
    # the seed documents these options as used together; values come from the seed's examples unless overridden
    "input_shape": {"dynamic_dims": None, "dynamic_node_type": None},
    "dynamic_dims": {"input_shape": None, "dynamic_node_type": None},
    "dynamic_node_type": {"input_shape": None, "dynamic_dims": None},
    "compile_hybrid_mode": {"input_shape": None, "dynamic_dims": None, "dynamic_node_type": 1},  # placeholder only
    "enable_dump": {"dump_path": None},
    "enable_dump_debug": {"dump_path": None},
    # the adapter refuses these without their partner (npu_attrs.cc: internal error / LOG(FATAL))
    "modify_mixlist": {"precision_mode_v2": "mixed_float16"},
    "optypelist_for_implmode": {"op_select_implmode": "high_precision"},
}


def test_every_seed_example_line_passes_without_errors(shared_dir: Path):
    examples = seed_examples(next((shared_dir / "seeds").glob("002_*.txt")).read_text(encoding="utf-8"))
    first = {}
    for key, _field, value in examples:
        first.setdefault(key, value)
    assert len(examples) >= 70
    for key, _field, value in examples:
        values = {key: value}
        for other, override in COMPANIONS.get(key, {}).items():
            values[other] = first[other] if override is None else override
        assert not errors(values), (key, value, [f.message for f in run(values) if f.severity is Severity.ERROR])


def test_in_out_pair_example_block_passes(shared_dir: Path):
    in_nodes, out_nodes = ["import/conv2d_1/convolution"], ["import/conv2d_59/BiasAdd", "import/conv2d_67/BiasAdd"]
    values = {"mix_compile_mode": True, "in_out_pair_flag": False, "in_out_pair": str([[in_nodes, out_nodes]])}
    assert run(values, CheckContext(mode="online_inference")) == []


def test_seed_aoe_config_file_example_is_accepted(tmp_path: Path):
    (tmp_path / "tuning_config.cfg").write_text(
        '{"tune_ops_name":["bert/embeddings/addbert/embeddings/add_1","loss/MatMul"], "tune_ops_type":["Add", "Mul"],'
        ' "tune_optimization_level":"O1", "feature":["deeper_opat"]}', encoding="utf-8")
    values = {"aoe_mode": "2", "aoe_config_file": "tuning_config.cfg", "work_path": "."}
    assert run(values, CheckContext(base_dir=tmp_path, mode="training", product="atlas_a2")) == []


def test_unreadable_aoe_config_file_is_reported(tmp_path: Path):
    (tmp_path / "t.json").write_text("{tune_ops_name: [}", encoding="utf-8")
    findings = [f for f in run({"aoe_mode": "2", "aoe_config_file": "t.json"}, CheckContext(base_dir=tmp_path))
                if f.rule == "tf1.aoe_config_content"]
    assert len(findings) == 1 and "not valid JSON" in findings[0].message
