"""TF1 rules for memory, performance, operator build, AOE, timeouts, data preprocessing and folders (seed 002)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import (
    effective_mode,
    env_on,
    flag,
    is_set,
    number,
    read_small_file,
    src,
    text,
)
from ascend_dump_gui.core.messages import msg

TRAINING_TIMEOUT_MAX = 17340
TRAINING_TIMEOUT_STEP = 68
MUST_EXIST_FOLDERS = ("dump_path", "graph_compiler_cache_dir", "work_path")
RESTRICTED_CHAR_PATHS = ("fusion_switch_file", "op_compiler_cache_dir")
_SAFE_PATH = re.compile(r"[A-Za-z0-9_\-./]*")
_ENGINES = re.compile(r"[A-Za-z_][A-Za-z0-9_]*:[1-9]\d*(,[A-Za-z_][A-Za-z0-9_]*:[1-9]\d*)*")
_AOE_FEATURE_MODE = {"deeper_opat": "2", "nonhomo_split": "1"}


def _aoe_mode(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
    """The AOE mode in effect: the option, else the AOE_MODE environment variable."""
    return text(values, "aoe_mode") or ctx.env.get("AOE_MODE") or None


def _hccl_timeout_training(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    timeout = number(values, "hccl_timeout")
    if ctx.product != "atlas_training" or timeout is None:
        return
    if not 0 < timeout <= TRAINING_TIMEOUT_MAX:
        yield Hit(msg("On Atlas training products hccl_timeout must be in (0, {training_timeout_max}] "
                      "seconds, not {timeout}.", training_timeout_max=TRAINING_TIMEOUT_MAX, timeout=timeout))


def _hccl_timeout_rounding(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    timeout = number(values, "hccl_timeout")
    if ctx.product != "atlas_training" or timeout is None or not 0 < timeout <= TRAINING_TIMEOUT_MAX:
        return
    actual = max(timeout // TRAINING_TIMEOUT_STEP, 1) * TRAINING_TIMEOUT_STEP
    if actual != timeout:
        yield Hit(msg("Atlas training products round hccl_timeout down to a multiple of "
                      "{training_timeout_step} (at least {training_timeout_step}): {timeout} s becomes "
                      "{actual} s.", training_timeout_step=TRAINING_TIMEOUT_STEP, timeout=timeout, actual=actual))


def _stream_sync_vs_hccl(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    stream_ms = number(values, "stream_sync_timeout")
    if stream_ms is None or stream_ms < 0:
        return
    hccl = number(values, "hccl_timeout")
    origin = "hccl_timeout"
    if hccl is None and ctx.env.get("HCCL_EXEC_TIMEOUT", "").strip().isdigit():
        hccl, origin = int(ctx.env["HCCL_EXEC_TIMEOUT"]), "HCCL_EXEC_TIMEOUT"
    if hccl is None:
        hccl, origin = number(values, "hccl_timeout", default=True), "the default hccl_timeout"
    if hccl and stream_ms <= hccl * 1000:
        yield Hit(msg("stream_sync_timeout is {stream_ms} ms but {origin} is {hccl} s; in a cluster the "
                      "stream timeout must be longer than the collective timeout.",
                      stream_ms=stream_ms, origin=origin, hccl=hccl))


def _aoe_config(values: Mapping[str, Any], ctx: CheckContext) -> dict[str, Any] | str | None:
    """The aoe_config_file object when readable here, the JSON error text when it is not JSON, else None."""
    content = read_small_file(values.get("aoe_config_file"), ctx)
    if content is None:
        return None
    try:
        config = json.loads(content)
    except ValueError as exc:
        return msg("it is not valid JSON ({error})", error=str(exc))
    return config if isinstance(config, dict) else msg("it is not a JSON object")


def _features(config: dict[str, Any]) -> list[Any]:
    features = config.get("feature", [])
    return features if isinstance(features, list) else [features]


def _aoe_content(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    config = _aoe_config(values, ctx)
    if isinstance(config, str):
        yield Hit(msg("The aoe_config_file cannot be used: {config}.", config=config))
        return
    if config is None:
        return
    if not config.get("tune_ops_name") and not config.get("tune_ops_type"):
        yield Hit(msg("The aoe_config_file names no operators: set tune_ops_name, tune_ops_type or both."))
    level = config.get("tune_optimization_level", "O2")
    if level not in ("O1", "O2"):
        yield Hit(msg("tune_optimization_level is {level!r}; use O1 (high performance) or O2 (normal).", level=level))
    unknown = [f for f in _features(config) if f not in _AOE_FEATURE_MODE]
    if unknown:
        yield Hit(msg("The aoe_config_file feature {unknown!r} is unknown; use deeper_opat or "
                      "nonhomo_split.", unknown=unknown[0]))


def _aoe_feature(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    config = _aoe_config(values, ctx)
    mode = _aoe_mode(values, ctx)
    for feature in _features(config) if isinstance(config, dict) else []:
        needed = _AOE_FEATURE_MODE.get(feature) if isinstance(feature, str) else None
        if needed and mode != needed:
            yield Hit(msg("The aoe_config_file feature {feature!r} needs aoe_mode {needed}, but it is "
                          "{mode}.", feature=feature, needed=needed, mode=mode or 'not set'))


def _missing_folders(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    if ctx.base_dir is None:
        return
    for key in MUST_EXIST_FOLDERS:
        value = text(values, key)
        if not value:
            continue
        path = Path(value).expanduser()
        if not (path if path.is_absolute() else ctx.base_dir / path).is_dir():
            yield Hit(msg("{key} {value!r} does not exist here; the folder must exist (and be writable) "
                          "on the machine that runs the script, or the run fails.", key=key, value=value), (key,))


def _path_chars(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    for key in RESTRICTED_CHAR_PATHS:
        value = text(values, key)
        if value and not _SAFE_PATH.fullmatch(value):
            yield Hit(msg("{key} {value!r} may only use letters, digits, '_', '-', '.' and '/'.",
                          key=key, value=value), (key,))


def _comma_items_empty(value: str | None) -> bool:
    return bool(value) and any(not item.strip() for item in value.split(","))


RUNTIME_RULES = (
    When("tf1.static_memory_policy_compat", Severity.INFO, ("static_memory_policy",),
         lambda v, c: number(v, "static_memory_policy") == 1,
         "static_memory_policy 1 is only kept for compatibility and behaves as 2.", src("static_memory_policy"),
         Fix("Use 2", (("static_memory_policy", 2),))),
    When("tf1.static_memory_policy_parallel", Severity.ERROR, ("static_memory_policy", "graph_max_parallel_model_num"),
         lambda v, c: number(v, "static_memory_policy") in (2, 4) and (number(v, "graph_max_parallel_model_num") or 1) > 1,
         "static_memory_policy 2 or 4 cannot be used while several graphs run concurrently "
         "(graph_max_parallel_model_num > 1).", src("static_memory_policy")),
    When("tf1.input_batch_cpy_fusion", Severity.INFO, ("input_batch_cpy", "input_fusion_size"),
         lambda v, c: flag(v, "input_batch_cpy") and (number(v, "input_fusion_size", default=True) or 0) > 0,
         "Inputs small enough for input_fusion_size are fused first and are then not batch-copied; set "
         "input_fusion_size to 0 to batch-copy every input.", src("input_batch_cpy")),
    When("tf1.small_channel_inference", Severity.WARNING, ("enable_small_channel", "graph_run_mode"),
         lambda v, c: number(v, "enable_small_channel") == 0 and effective_mode(v, c) == "online_inference",
         "enable_small_channel cannot be changed in online inference; it stays 1.", src("enable_small_channel")),
    When("tf1.small_channel_training", Severity.WARNING, ("enable_small_channel", "graph_run_mode"),
         lambda v, c: number(v, "enable_small_channel") == 1 and effective_mode(v, c) == "training",
         "enable_small_channel=1 is the online-inference setting; in training (graph_run_mode 1, the default) it is "
         "not advised: it only pays off for ResNet50/101/152 and may slow other networks down.",
         src("enable_small_channel"), Fix("Turn small channel optimization off", (("enable_small_channel", 0),))),
    When("tf1.iterations_per_loop_offload", Severity.WARNING, ("iterations_per_loop", "enable_data_pre_proc"),
         lambda v, c: (number(v, "iterations_per_loop") or 1) > 1 and not flag(v, "enable_data_pre_proc"),
         "iterations_per_loop > 1 offloads iterations to the device, which needs GetNext offload "
         "(enable_data_pre_proc=True, tf.data input).", src("enable_data_pre_proc"),
         Fix("Offload GetNext", (("enable_data_pre_proc", True),))),
    When("tf1.iterations_per_loop_sync", Severity.INFO, ("iterations_per_loop",),
         lambda v, c: (number(v, "iterations_per_loop") or 1) > 1,
         "iterations_per_loop must equal the value passed to set_iteration_per_loop in the script.",
         src("iterations_per_loop")),
    Scan("tf1.hccl_timeout_range", Severity.ERROR, ("hccl_timeout",), _hccl_timeout_training, src("hccl_timeout")),
    Scan("tf1.hccl_timeout_rounding", Severity.INFO, ("hccl_timeout",), _hccl_timeout_rounding,
             src("hccl_timeout")),
    When("tf1.hccl_timeout_env", Severity.INFO, ("hccl_timeout", "HCCL_EXEC_TIMEOUT"),
         lambda v, c: "hccl_timeout" in v and bool(c.env.get("HCCL_EXEC_TIMEOUT")),
         "hccl_timeout overrides the HCCL_EXEC_TIMEOUT environment variable.", src("hccl_timeout")),
    Scan("tf1.stream_sync_below_hccl", Severity.WARNING,
             ("stream_sync_timeout", "hccl_timeout", "HCCL_EXEC_TIMEOUT"), _stream_sync_vs_hccl,
             src("stream_sync_timeout")),
    When("tf1.aicore_num_format", Severity.ERROR, ("aicore_num",),
         lambda v, c: text(v, "aicore_num") is not None and not re.fullmatch(r"[1-9]\d*\|[1-9]\d*", text(v, "aicore_num")),
         "aicore_num must be cube|vector with two whole numbers above 0, e.g. 2|4.", src("aicore_num")),
    When("tf1.aicore_num_prebuilt", Severity.INFO, ("aicore_num", "jit_compile"),
         lambda v, c: is_set(v, "aicore_num") and text(v, "jit_compile") == "false",
         "With jit_compile=false, static-shape graphs reuse prebuilt operator binaries and aicore_num has no "
         "effect on them.", src("aicore_num")),
    When("tf1.stream_max_parallel_format", Severity.ERROR, ("stream_max_parallel_num",),
         lambda v, c: text(v, "stream_max_parallel_num") is not None
         and not _ENGINES.fullmatch(text(v, "stream_max_parallel_num")),
         "stream_max_parallel_num must be ENGINE:N pairs separated by commas, e.g. DNN_VM_AICPU:10,AIcoreEngine:1.",
         src("stream_max_parallel_num")),
    When("tf1.scope_fusion_format", Severity.ERROR, ("enable_scope_fusion_passes",),
         lambda v, c: _comma_items_empty(text(v, "enable_scope_fusion_passes")),
         "enable_scope_fusion_passes has an empty name (stray or doubled comma).", src("enable_scope_fusion_passes")),
    When("tf1.local_device_list_format", Severity.ERROR, ("local_device_list",),
         lambda v, c: text(v, "local_device_list") is not None
         and not re.fullmatch(r"\d+(,\d+)*", text(v, "local_device_list")),
         "local_device_list must be device IDs separated by commas, e.g. 0,1.", src("local_device_list")),
    When("tf1.local_device_list_without_rank", Severity.WARNING, ("local_device_list", "local_rank_id"),
         lambda v, c: is_set(v, "local_device_list") and "local_rank_id" not in v,
         "local_device_list is used together with local_rank_id, which is not set.", src("local_device_list")),
    When("tf1.multistream_conflict", Severity.ERROR,
         ("auto_multistream_parallel_mode", "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM"),
         lambda v, c: text(v, "auto_multistream_parallel_mode") == "cv" and env_on(c, "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM"),
         "Cube/Vector parallelism (auto_multistream_parallel_mode=cv) cannot run together with "
         "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM.", src("auto_multistream_parallel_mode")),
    When("tf1.aoe_subgraph_unsupported", Severity.ERROR, ("aoe_mode", "AOE_MODE"),
         lambda v, c: _aoe_mode(v, c) == "1" and c.product in ("atlas_a2", "atlas_a3"),
         "Subgraph tuning (aoe_mode 1) is not supported on Atlas A2/A3.", src("aoe_mode"),
         Fix("Use operator tuning", (("aoe_mode", "2"),))),
    When("tf1.aoe_options_without_mode", Severity.WARNING, ("work_path", "aoe_config_file", "aoe_mode", "AOE_MODE"),
         lambda v, c: (is_set(v, "work_path") or is_set(v, "aoe_config_file")) and _aoe_mode(v, c) is None,
         "work_path and aoe_config_file only matter when AOE tuning is on (aoe_mode or AOE_MODE).", src("aoe_mode")),
    When("tf1.aoe_mode_env", Severity.INFO, ("aoe_mode", "AOE_MODE"),
         lambda v, c: "aoe_mode" in v and bool(c.env.get("AOE_MODE")),
         "aoe_mode in the script overrides the AOE_MODE environment variable.", src("aoe_mode")),
    Scan("tf1.aoe_config_content", Severity.ERROR, ("aoe_config_file",), _aoe_content, src("aoe_config_file")),
    Scan("tf1.aoe_feature_mode", Severity.ERROR, ("aoe_config_file", "aoe_mode", "AOE_MODE"), _aoe_feature,
             src("aoe_config_file")),
    When("tf1.compile_cache_force", Severity.INFO, ("op_compiler_cache_mode",),
         lambda v, c: text(v, "op_compiler_cache_mode") == "force",
         "force clears the operator cache on every build; switch back to enable afterwards, and avoid it "
         "while other jobs compile with the same cache.", src("op_compiler_cache_mode")),
    When("tf1.compile_cache_dir_unused", Severity.WARNING, ("op_compiler_cache_dir", "op_compiler_cache_mode"),
         lambda v, c: is_set(v, "op_compiler_cache_dir") and text(v, "op_compiler_cache_mode") == "disable",
         "op_compiler_cache_dir is set but the operator compile cache is disabled.", src("op_compiler_cache_dir")),
    When("tf1.constant_folding_off", Severity.INFO, ("oo_constant_folding",),
         lambda v, c: v.get("oo_constant_folding") is False,
         "Without constant folding some networks fail to compile (operators that must be folded remain).",
         src("oo_constant_folding")),
    When("tf1.all_tensor_not_empty", Severity.INFO, ("all_tensor_not_empty",),
         lambda v, c: flag(v, "all_tensor_not_empty"),
         "all_tensor_not_empty removes empty-tensor checks; operators fail if an empty tensor appears.",
         src("all_tensor_not_empty")),
    Scan("tf1.folder_missing", Severity.WARNING, MUST_EXIST_FOLDERS, _missing_folders,
             "seed 002: dump_path, graph_compiler_cache_dir, work_path"),
    Scan("tf1.path_characters", Severity.WARNING, RESTRICTED_CHAR_PATHS, _path_chars,
             "seed 002: fusion_switch_file, op_compiler_cache_dir"),
)
