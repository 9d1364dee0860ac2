"""The ten classes of issue 13, each as a mechanism: it fires where the runtime (or the seed) says so and stays
quiet otherwise. TF1 rule-by-rule cases live in test_rules_tf1.py; these are the cross-cutting checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.rules.locations import SHADOWS
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELDS
from tests.core.config import finding_corpus
from tests.core.config.confighelp import errors, findings, rules

WORK = {"ASCEND_WORK_PATH": "/w"}


def by_rule(found, rule):
    return [f for f in found if f.rule == rule]


# -- class 1: explicit locations that win over an environment variable ------------------------------------------

@pytest.mark.parametrize("shadow", SHADOWS, ids=[s.id for s in SHADOWS])
def test_every_location_priority_is_a_note_when_both_sides_are_set(shadow):
    values, env = {}, {shadow.loser: "/lost"}
    if shadow.needs:
        env[shadow.needs] = "1"
    if shadow.winner.isupper():
        env[shadow.winner] = '{"output": "/won"}' if shadow.winner == "PROFILING_OPTIONS" else "/won"
    elif shadow.winner.startswith("profiling_options"):
        values = {"profiling_mode": True, "profiling_options": {"output": "/won"}}
    else:
        values = {shadow.winner: "/won"}
    hits = by_rule(findings("tf1_session", values, env=env), shadow.id)
    assert [f.severity for f in hits] == [Severity.INFO]
    assert {shadow.winner.split(".")[0], shadow.loser} <= set(hits[0].options)
    assert "/won" in hits[0].message and "/lost" in hits[0].message
    env.pop(shadow.loser)
    assert not by_rule(findings("tf1_session", values, env=env), shadow.id)


def test_graph_path_note_needs_graphs_to_be_dumped():
    env = {"DUMP_GRAPH_PATH": "/g", "ASCEND_WORK_PATH": "/w"}
    assert "env.graph_path_over_work_path" not in rules("env", {}, env=env)
    assert "env.graph_path_over_work_path" in rules("env", {}, env={**env, "DUMP_GE_GRAPH": "2"})


# -- class 2: online-inference-only options and values in training (graph_run_mode defaults to 1) ---------------

INFERENCE_ONLY = [f.key for f in TF1_FIELDS if {m.value for m in f.modes} == {"online_inference"}]


@pytest.mark.parametrize("key", INFERENCE_ONLY)
def test_inference_only_option_without_graph_run_mode_is_flagged(key):
    spec = next(f for f in TF1_FIELDS if f.key == key)
    value = spec.choices[0] if spec.choices else {"s": "x", "i": 1, "b": True}[spec.serialized]
    hits = by_rule(findings("tf1_session", {key: value}), "tf1.wrong_run_mode")
    assert hits and all(f.severity is Severity.WARNING and {key, "graph_run_mode"} <= set(f.options) for f in hits)
    assert not by_rule(findings("tf1_session", {key: value, "graph_run_mode": 0}), "tf1.wrong_run_mode")


def test_inference_only_values_in_default_training():
    assert "tf1.force_fp16_training" in rules("tf1_session", {"precision_mode": "force_fp16"})
    assert "tf1.force_fp16_training" not in rules("tf1_session", {"precision_mode": "force_fp16", "graph_run_mode": 0})
    assert "tf1.small_channel_training" in rules("tf1_session", {"enable_small_channel": 1})
    profiling = {"profiling_mode": True, "profiling_options": {"output": "/p", "task_trace": "on"}}
    assert "tf1.profiling_mode_requirements" in rules("tf1_session", profiling)   # training_trace missing
    assert "tf1.profiling_mode_requirements" not in rules("tf1_session", {**profiling, "graph_run_mode": 0})


def test_training_only_options_in_inference_still_flagged():
    assert "tf1.wrong_run_mode" in rules("tf1_session", {"graph_run_mode": 0, "iterations_per_loop": 10})


# -- class 3: caveats from seed 002 (more in test_rules_tf1.py) --------------------------------------------------

def test_experiment_parameters_get_their_note():
    experimental = [f.key for f in TF1_FIELDS if f.group == "Experiment Parameters"]
    assert {"jit_compile", "experimental_accelerate_train_mode", "graph_compiler_cache_dir"} <= set(experimental)
    found = findings("tf1_session", {"jit_compile": "auto", "shape_generalization_mode": "FULL"})
    notes = by_rule(found, "tf1.experiment_parameter")
    assert {f.options[0] for f in notes} == {"jit_compile", "shape_generalization_mode"}
    assert all("commercial" in f.message for f in notes)


def test_hi_float_32_in_op_precision_file(tmp_path: Path):
    (tmp_path / "p.ini").write_text("[ByOpType]\nMatMul=enable_hi_float_32_execution\nAdd=high_precision\n")
    found = findings("tf1_session", {"op_precision_mode": "p.ini"}, base_dir=tmp_path)
    hits = [f for f in found if f.rule == "file.op_precision_mode"]
    assert len(hits) == 1 and hits[0].severity is Severity.WARNING and "current version" in hits[0].message


# -- class 5: what the runtime refuses is an error -----------------------------------------------------------------

def test_accelerate_train_with_unsupported_precision_is_an_error():
    bad = {"experimental_accelerate_train_mode": "fast|step|0.9", "precision_mode": "allow_mix_precision"}
    assert "tf1.accelerate_train_precision" in errors("tf1_session", bad)
    ok = {"experimental_accelerate_train_mode": "fast|step|0.9", "precision_mode": "must_keep_origin_dtype"}
    assert "tf1.accelerate_train_precision" not in rules("tf1_session", ok)


def test_platform_checked_profiling_keys_are_errors_others_warnings():
    options = {"profiling_mode": True, "profiling_options": {"output": "/p", "instr_profiling_freq": 1000,
                                                             "sys_io_sampling_freq": 10}}
    found = findings("tf1_session", options, product="atlas_training")
    assert [f.severity for f in by_rule(found, "tf1.profiling_platform_refused")] == [Severity.ERROR]
    assert "profiling_options.instr_profiling_freq" in by_rule(found, "tf1.profiling_platform_refused")[0].options
    assert not by_rule(findings("tf1_session", options, product="atlas_a2"), "tf1.profiling_platform_refused")
    inference = findings("tf1_session", options, product="atlas_inference")
    assert [f.severity for f in by_rule(inference, "tf1.profiling_product")] == [Severity.WARNING]


# -- class 6: malformed values the runtime rejects ---------------------------------------------------------------

@pytest.mark.parametrize("key", ["dump_op_switch", "dump_debug"])
@pytest.mark.parametrize("raw", ["true", "false"])
def test_json_boolean_for_on_off_is_an_error(key, raw):
    doc = parse_text(f'{{"dump": {{"dump_path": "/tmp", "dump_list": [], "{key}": {raw}}}}}', kind="json")
    hits = [f for f in check(doc) if f.rule == "schema.type" and f.options == (key,)]
    assert hits and hits[0].severity is Severity.ERROR and "EP0001" in hits[0].message
    fine = parse_text(f'{{"dump": {{"dump_path": "/tmp", "dump_list": [], "{key}": "off"}}}}', kind="json")
    assert not [f for f in check(fine) if f.rule == "schema.type"]


@pytest.mark.parametrize("key, raw", [("dump_path", "true"), ("dump_mode", "1"), ("dump_step", "5"),
                                      ("dump_level", "false"), ("dump_data", "0"), ("dump_scene", "true")])
def test_acl_string_fields_given_json_booleans_or_numbers_are_errors(key, raw):
    doc = parse_text(f'{{"dump": {{"dump_path": "/tmp", "dump_list": [{{}}], "{key}": {raw}}}}}', kind="json")
    assert any(key in f.options and f.severity is Severity.ERROR for f in check(doc))


def test_parameter_map_direct_assignment_is_an_error():
    text = ('custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            'custom_op.name = "NpuOptimizer"\n'
            'custom_op.parameter_map["graph_run_mode"] = 1\n'
            'custom_op.parameter_map["use_off_line"].b = True\n')
    found = check(parse_text(text, kind="python"))
    hits = by_rule(found, "import.direct_assignment")
    assert len(hits) == 1 and hits[0].severity is Severity.ERROR and hits[0].options == ("graph_run_mode",)
    assert ".i = " in hits[0].message


# -- class 7: independent conflicts are never shadowed -----------------------------------------------------------

def test_dump_debug_with_op_switch_survives_watcher_conflicts():
    values = {"dump_path": "/tmp", "dump_scene": "watcher", "dump_debug": True, "dump_op_switch": True,
              "dump_mode": "input", "dump_list": [{"model_name": "m"}]}
    assert {"acl.debug_with_op_switch", "acl.watcher_with_dump_debug", "acl.watcher_with_op_switch",
            "acl.watcher_dump_mode", "acl.watcher_model_name", "acl.watcher_nodes_missing"} <= errors("acl_json", values)


def test_tf_dump_conflict_survives_other_errors():
    values = {"enable_dump": True, "enable_dump_debug": True, "dump_step": "5-3", "dump_mode": "bogus"}
    assert {"tf1.dump_and_dump_debug", "tf1.dump_path_required", "tf1.dump_step_invalid"} <= errors("tf1_session",
                                                                                                      values)


# -- class 8: several watcher entries -------------------------------------------------------------------------------

def test_several_watcher_entries_keep_only_the_last():
    values = {"dump_path": "/tmp", "dump_scene": "watcher",
              "dump_list": [{"layer": ["A"], "watcher_nodes": ["B"]}, {"layer": ["C"], "watcher_nodes": ["D"]}]}
    hits = by_rule(findings("acl_json", values), "acl.dump_list_entry_overwritten")
    assert len(hits) == 1 and hits[0].severity is Severity.WARNING
    assert {"dump_list", "dump_scene", "dump_list[0]", "dump_list[1]"} <= set(hits[0].options)
    assert "dump_list[1]" in hits[0].message
    one = {**values, "dump_list": [{"layer": ["A", "C"], "watcher_nodes": ["B", "D"]}]}
    assert not by_rule(findings("acl_json", one), "acl.dump_list_entry_overwritten")


def test_same_model_twice_in_dump_list():
    values = {"dump_path": "/tmp", "dump_list": [{"model_name": "m", "layer": ["a"]}, {"model_name": "n"},
                                                 {"model_name": "m", "layer": ["b"]}]}
    hits = by_rule(findings("acl_json", values), "acl.dump_list_entry_overwritten")
    assert len(hits) == 1 and "'m'" in hits[0].message and "dump_list[1]" not in hits[0].options


# -- class 9: no warnings on valid configs -------------------------------------------------------------------------

def test_tf2_dump_step_none_means_all_steps():
    text = ("import npu_device\n"
            "npu_device.global_options().dump_config.enable_dump = True\n"
            "npu_device.global_options().dump_config.dump_path = '/tmp'\n"
            "npu_device.global_options().dump_config.dump_step = None\n"
            "npu_device.open().as_default()\n")
    doc = parse_text(text, kind="python")
    assert doc.scenario == "tf2_npu_device"
    assert not [f for f in check(doc) if f.severity is not Severity.INFO]
    assert "schema.type" in {f.rule for f in findings("acl_json", {"dump_path": None})}   # JSON null stays an error


@pytest.mark.parametrize("scenario, values", [
    ("acl_json", {"dump_scene": "aic_err_norm_dump"}),
    ("tf1_session", {"enable_exception_dump": 1}),
    ("tf2_npu_device", {"enable_exception_dump": 1}),
])
def test_npu_collect_path_quiet_when_config_asks_for_the_forced_mode(scenario, values):
    env = {"NPU_COLLECT_PATH": "/c"}
    found = rules(scenario, values, env=env)
    assert "env.npu_collect_path_exception" not in found and "env.npu_collect_path_location" in found
    other = {"acl_json": {"dump_scene": "aic_err_brief_dump"}}.get(scenario, {"enable_exception_dump": 2})
    assert "env.npu_collect_path_exception" in rules(scenario, other, env=env)


# -- class 10: a finding names every key it is about ---------------------------------------------------------------

# option names that are also plain English in messages ("must be a list of strings")
KEYS = {name: {f.key for f in s.fields} - {"output", "layer", "mode", "list"} for name, s in SCENARIOS.items()}
MENTION_OK = {"schema.deprecated", "schema.unknown_key"}   # they name a replacement or a guess, not a culprit


def test_findings_name_every_option_they_mention(shared_dir, tmp_path: Path):
    missing = set()
    for doc in finding_corpus.docs(shared_dir, tmp_path):
        for f in check(doc, env={"ASCEND_WORK_PATH": "/w", "NPU_COLLECT_PATH": "/c", "DUMP_GE_GRAPH": "1"}):
            if f.rule in MENTION_OK or f.rule.startswith("file."):
                continue
            named = set(f.options) | {re.split(r"[\[.]", o)[-1] for o in f.options} | {o.split(".")[-1] for o in
                                                                                       f.options}
            keys = KEYS.get(doc.scenario, set())   # a finding names the options of its own scenario
            for key in set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.message)) & keys - named:
                missing.add((f.rule, key))
    assert not missing


def test_nested_options_also_name_their_top_level_key():
    values = {"dump_path": "/tmp", "dump_scene": "watcher", "dump_list": [{"model_name": "m", "watcher_nodes": ["C"]}]}
    for f in findings("acl_json", values):
        for option in f.options:
            if "[" in option:
                assert option.split("[")[0] in f.options


# -- class 5, both ways: the adapter's own checks decide the severity ---------------------------------------------

def test_adapter_refusals_are_errors():
    assert "tf1.modify_mixlist_without_mixed" in errors("tf1_session", {"modify_mixlist": "/m.json"})
    assert "tf1.modify_mixlist_without_mixed" not in rules("tf1_session", {"modify_mixlist": "/m.json",
                                                                           "precision_mode_v2": "mixed_hif8"})
    assert "tf1.optypelist_without_implmode" in errors("tf1_session", {"optypelist_for_implmode": "Pooling"})


def test_clamped_value_is_a_warning():
    found = [f for f in findings("tf1_session", {"input_fusion_size": 1 << 30}) if f.rule == "schema.range"]
    assert [f.severity for f in found] == [Severity.WARNING] and "33554432 instead" in found[0].message
    assert [f.severity for f in findings("tf1_session", {"hccl_timeout": -5}) if f.rule == "schema.range"] in (
        [], [Severity.ERROR])


@pytest.mark.parametrize("key, switch", [("dump_mode", "enable_dump"), ("dump_debug_mode", "enable_dump_debug")])
def test_values_the_adapter_checks_only_with_their_switch(key, switch):
    off = [f for f in findings("tf1_session", {key: "bogus"}) if f.rule == "schema.choice"]
    assert [f.severity for f in off] == [Severity.WARNING] and switch in off[0].options
    on = [f for f in findings("tf1_session", {key: "bogus", switch: True, "dump_path": "/tmp"})
          if f.rule == "schema.choice"]
    assert [f.severity for f in on] == [Severity.ERROR]
    assert "schema.choice" in errors("tf2_npu_device", {key: "bogus"})   # TF2's setter checks on assignment


@pytest.mark.parametrize("expression, bad", [
    ('"allow_mix_precision"', True), ('f"{MODE}"', True), ('"%s" % MODE', True), ('"{}".format(MODE)', True),
    ("MODE", True), ("str(MODE)", True), ('tf.compat.as_bytes("allow_mix_precision")', False),
    ('b"allow_mix_precision"', False), ('"allow_mix_precision".encode()', False), ("args.mode", False),
])
def test_str_for_a_bytes_field_is_an_error(expression, bad):
    text = ('MODE = "allow_mix_precision"\n'
            'custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            'custom_op.name = "NpuOptimizer"\n'
            f'custom_op.parameter_map["precision_mode"].s = {expression}\n')
    hits = by_rule(check(parse_text(text, kind="python")), "import.str_for_bytes")
    assert bool(hits) is bad
    assert all(f.severity is Severity.ERROR and f.options == ("precision_mode",) for f in hits)


@pytest.mark.parametrize("extra, rule", [
    ({"dump_step": "5-3"}, "acl.dump_step_invalid"),
    ({"dump_stats": ["Max"]}, "acl.dump_stats_needs_stats"),
    ({"dump_list": [{"model_name": "", "watcher_nodes": ["C"]}]}, "acl.list_empty_model_name"),
])
def test_watcher_with_dump_debug_does_not_hide_the_list_checks(extra, rule):
    """Turning dump_debug off is the fix for watcher + dump_debug, so what adump checks next is reported now."""
    values = {"dump_path": "/tmp", "dump_scene": "watcher", "dump_list": [{"watcher_nodes": ["C"]}], **extra}
    assert rule in errors("acl_json", values)
    both = errors("acl_json", {**values, "dump_debug": True})
    assert {rule, "acl.watcher_with_dump_debug"} <= both
    assert rule not in errors("acl_json", {**values, "dump_scene": None, "dump_debug": True} | (
        {"dump_list": [{"model_name": "m"}]} if rule != "acl.list_empty_model_name" else {}))


def test_torchair_dump_step_none_is_an_error_that_quotes_the_document():
    """seed 004 calls None the default; torchair's RegexValue setter raises TypeError on it (the runtime decides)."""
    found = [f for f in findings("torchair", {"enable_dump": True, "dump_step": None}) if f.rule == "schema.type"]
    assert [f.severity for f in found] == [Severity.ERROR]
    assert "document calls None the default" in found[0].message and "seed 004" in found[0].source


def test_training_profiling_without_training_trace_from_the_environment():
    env = {"PROFILING_MODE": "true", "PROFILING_OPTIONS": '{"output": "/p", "task_trace": "on"}'}
    assert "tf1.profiling_mode_requirements" in rules("tf1_session", {}, env=env)
    env["PROFILING_OPTIONS"] = '{"output": "/p", "task_trace": "on", "training_trace": "on"}'
    assert "tf1.profiling_mode_requirements" not in rules("tf1_session", {}, env=env)


def test_op_cache_ini_precedence_even_before_it_exists(tmp_path: Path):
    env = {"ASCEND_MAX_OP_CACHE_SIZE": "2000"}
    assert "tf1.op_cache_ini_over_env" in rules("tf1_session", {"op_compiler_cache_dir": "/nowhere/cache"}, env=env)
    assert "tf1.op_cache_ini_over_env" not in rules("tf1_session", {"op_compiler_cache_dir": "/nowhere/cache",
                                                                    "op_compiler_cache_mode": "disable"}, env=env)
    assert "tf1.op_cache_ini_over_env" not in rules("tf1_session", {"op_compiler_cache_dir": "/nowhere/cache"})
    (tmp_path / "op_cache.ini").write_text("[op_compiler_cache]\nmax_op_cache_size=100\nremain_cache_size_ratio=101\n")
    found = rules("tf1_session", {"op_compiler_cache_dir": str(tmp_path)}, env=env)
    assert "tf1.op_cache_ini_invalid" in found and "tf1.op_cache_ini_over_env" not in found   # invalid: env stays


def test_config_where_and_config_check_agree_on_what_beats_ascend_work_path():
    """Every artifact `config where` gives to something other than ASCEND_WORK_PATH while ASCEND_WORK_PATH is set
    has a finding in `config check` naming both (class 1: the explicit location wins, and the user is told)."""
    from ascend_dump_gui.core.config.paths import resolve_paths
    values = {"debug_dir": "/dbg", "op_debug_level": 1, "op_compiler_cache_dir": "/cache", "aoe_mode": "2",
              "work_path": "/aoe", "profiling_mode": True, "profiling_options": {"output": "/prof"}}
    env = {"ASCEND_WORK_PATH": "/w", "ASCEND_PROCESS_LOG_PATH": "/log", "DUMP_GE_GRAPH": "2",
           "DUMP_GRAPH_PATH": "/g", "ASCEND_CACHE_PATH": "/ac", "HOME": "/h"}
    doc = ConfigDoc("tf1_session", values)
    found = check(doc, env=env)
    for artifact in resolve_paths(doc, env=env, cwd="/run"):
        winner = artifact.decided_by.split(" ")[0].split(".")[0]
        if winner in ("ASCEND_WORK_PATH", "cwd", "default") or artifact.artifact == "exception_dump":
            continue
        assert any(winner in f.options and "ASCEND_WORK_PATH" in f.options for f in found), artifact


def test_none_through_an_accessor_is_an_error_but_none_as_a_keyword_default_is_not():
    head = ('custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
            'custom_op.name = "NpuOptimizer"\n')
    found = check(parse_text(head + 'custom_op.parameter_map["dump_step"].s = None\n', kind="python"))
    assert [f.severity for f in by_rule(found, "import.none_for_attr")] == [Severity.ERROR]
    text = ("from npu_bridge.npu_init import *\n"
            "dump_config = DumpConfig(enable_dump=True, dump_path='/tmp', dump_step=None, dump_mode='all')\n"
            "config = NPURunConfig(dump_config=dump_config)\n")
    found = check(parse_text(text, kind="python"))
    assert not [f for f in found if f.severity is Severity.ERROR], [f.message for f in found]


def test_watcher_layer_with_collective_operators_gets_the_seed_note():
    values = {"dump_path": "/tmp", "dump_scene": "watcher",
              "dump_list": [{"layer": ["HcomAllReduce_1", "conv1"], "watcher_nodes": ["C"]}]}
    hits = [f for f in findings("acl_json", values) if f.rule == "acl.watcher_overlap"]
    assert len(hits) == 1 and "HcomAllReduce_1" in hits[0].message and "conv1" not in hits[0].message
    assert not [f for f in findings("acl_json", {**values, "dump_list": [{"layer": ["conv1"], "watcher_nodes": ["C"]}]})
                if f.rule == "acl.watcher_overlap"]


@pytest.mark.parametrize("value, severity", [(5, Severity.INFO), (-1, Severity.ERROR), (5.5, Severity.ERROR)])
def test_tf2_free_options_take_str_of_a_number(value, severity):
    """npu_device's dump_step has no allowed list and hands str(value) to GE; torchair's regex setter refuses."""
    found = [f for f in findings("tf2_npu_device", {"enable_dump": True, "dump_path": "/tmp", "dump_step": value})
             if f.rule == "schema.type"]
    assert [f.severity for f in found] == [severity]
    assert "schema.type" in errors("torchair", {"enable_dump": True, "dump_step": 5})


def test_npu_collect_path_quiet_when_the_environment_asks_for_the_normal_exception_dump():
    env = {"NPU_COLLECT_PATH": "/c", "ASCEND_DUMP_SCENE": "aic_err_norm_dump"}
    found = findings("env", {}, env=env)
    assert "env.npu_collect_path_exception" not in {f.rule for f in found}
    notes = [f for f in found if f.rule == "env.npu_collect_path_location"]
    assert notes and "ASCEND_DUMP_SCENE" in notes[0].options
