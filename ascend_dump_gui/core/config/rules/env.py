"""Rules about environment variables that change what a config does (seed 000, runtime-rules §1.4, §1.7, §1.9).

They read ``ctx.env`` (the environment given to the check, the script's own ``os.environ`` lines, and the values of
an env file) and apply to every scenario; TF1's own env rules live with the TF1 rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.locations import LOCATION_RULES
from ascend_dump_gui.core.config.schema.acl_facts import data_dump as acl_data_dump
from ascend_dump_gui.core.config.schema.acl_facts import is_exception
from ascend_dump_gui.core.config.values import json_object
from ascend_dump_gui.core.messages import msg

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
S000 = "seed 000: ASCEND_WORK_PATH"
ASCEND_DUMP_SCENES = ("aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump")
_WORK_PATH = re.compile(r"[A-Za-z0-9_\-./]*")


def _set(ctx: CheckContext, name: str) -> bool:
    return bool(ctx.env.get(name, "").strip())


def data_dump(values: Mapping[str, Any], ctx: CheckContext) -> bool:
    """The config asks for a data (model or operator) dump."""
    if ctx.scenario == "acl_json":
        return acl_data_dump(values)
    return ctx.scenario in ("tf1_session", "tf2_npu_device", "torchair") and values.get("enable_dump") is True


def asks_norm_exception_dump(values: Mapping[str, Any], ctx: CheckContext) -> bool:
    """The config already asks for the normal (L1) exception dump that NPU_COLLECT_PATH forces: acl.json
    dump_scene aic_err_norm_dump, enable_exception_dump=1 (seed 002: enable_exception_dump), or
    ASCEND_DUMP_SCENE=aic_err_norm_dump (runtime-rules §1.9)."""
    if ctx.env.get("ASCEND_DUMP_SCENE", "").strip() == "aic_err_norm_dump":
        return True
    if ctx.scenario == "acl_json":
        return values.get("dump_scene") == "aic_err_norm_dump"
    return ctx.scenario in ("tf1_session", "tf2_npu_device") and values.get("enable_exception_dump") == 1


def _collect_redirect(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not _set(ctx, "NPU_COLLECT_PATH") or asks_norm_exception_dump(v, ctx):
        return []
    where = ctx.env["NPU_COLLECT_PATH"].rstrip("/") + "/extra-info/data-dump/<device_id>"
    keys = ("NPU_COLLECT_PATH",) + tuple(k for k in ("dump_scene", "enable_exception_dump") if k in v)
    if ctx.scenario == "acl_json" and is_exception(v) and "dump_path" in v:
        return [Hit(msg("NPU_COLLECT_PATH is set: exception dumps go to {where} and the normal exception dump is "
                        "switched on, whatever the config says about exception dump. dump_path is not used for them.",
                        where=where), keys + ("dump_path",))]
    return [Hit(msg("NPU_COLLECT_PATH is set: exception dumps go to {where} and the normal exception dump is switched "
                    "on, whatever the config says about exception dump.", where=where), keys)]


def _collect_location(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    """The normal exception dump the config asks for is kept, but lands under NPU_COLLECT_PATH."""
    if not _set(ctx, "NPU_COLLECT_PATH") or not asks_norm_exception_dump(v, ctx):
        return []
    where = ctx.env["NPU_COLLECT_PATH"].rstrip("/") + "/extra-info/data-dump/<device_id>"
    keys = ("NPU_COLLECT_PATH",) + tuple(k for k in ("dump_scene", "enable_exception_dump") if k in v) + (
        ("ASCEND_DUMP_SCENE",) if _set(ctx, "ASCEND_DUMP_SCENE") else ())
    shadowed = [k for k in ("ASCEND_DUMP_PATH", "ASCEND_WORK_PATH") if _set(ctx, k)]
    if ctx.scenario == "acl_json" and "dump_path" in v:   # TF's dump_path is for data dumps only
        shadowed.insert(0, "dump_path")
    if not shadowed:
        return [Hit(msg("NPU_COLLECT_PATH is set: the normal exception dump the config asks for goes to {where}.",
                        where=where), keys)]
    return [Hit(msg("NPU_COLLECT_PATH is set: the normal exception dump the config asks for goes to {where}; "
                    "{shadowed} is not used for it.", where=where, shadowed=", ".join(shadowed)),
                keys + tuple(shadowed))]


def _work_path_chars(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = ctx.env.get("ASCEND_WORK_PATH", "")
    if not value or "$" in value or _WORK_PATH.fullmatch(value):
        return []
    bad = sorted({c for c in value if not _WORK_PATH.fullmatch(c)})
    return [Hit(msg("ASCEND_WORK_PATH contains {bad}; only letters, digits, _, -, . and / are allowed.",
                    bad=' '.join(map(repr, bad))))]


def _exception_path_override(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if ctx.scenario != "acl_json" or not is_exception(v) or "dump_path" not in v or _set(ctx, "NPU_COLLECT_PATH"):
        return []
    for name in ("ASCEND_DUMP_PATH", "ASCEND_WORK_PATH"):
        if _set(ctx, name):
            return [Hit(msg("{name} is set, so exception dumps go under {path} and the config's dump_path "
                            "is not used for them.", name=name, path=ctx.env[name]), (name, "dump_path"))]
    return []


def profiling_output(values: Mapping[str, Any], env: Mapping[str, str]) -> tuple[str, str] | None:
    """(folder, what set it) for TensorFlow profiling: profiling_options.output > PROFILING_OPTIONS output >
    ASCEND_WORK_PATH/profiling_data (seed 000, seed 002 profiling_options); None when none is set."""
    for name, options in (("profiling_options.output", values.get("profiling_options")),
                          ("PROFILING_OPTIONS", env.get("PROFILING_OPTIONS"))):
        output = (json_object(options) or {}).get("output")
        if isinstance(output, str) and output:
            return output, name
    work = env.get("ASCEND_WORK_PATH", "").strip()
    return (work.rstrip("/") + "/profiling_data", "ASCEND_WORK_PATH") if work else None


def adapter_default_options(values: Mapping[str, Any], scenario: str) -> bool:
    """TF1 profiling_mode=True without profiling_options (or with ""): the adapter substitutes its default options,
    whose output is "./" (tensorflow tf_adapter/util/npu_attrs.cc profiling_default_options)."""
    return scenario == "tf1_session" and values.get("profiling_mode") is True \
        and values.get("profiling_options") in (None, "")


def tf_profiling_on(values: Mapping[str, Any], ctx_scenario: str, env: Mapping[str, str]) -> bool:
    """Profiling is on for a TensorFlow job: TF1's profiling_mode, else the PROFILING_MODE variable."""
    if ctx_scenario == "tf1_session" and "profiling_mode" in values:
        return values["profiling_mode"] is True
    return ctx_scenario in ("tf1_session", "tf2_npu_device") and env.get("PROFILING_MODE", "").strip().lower() == "true"


RULES = (
    Scan("env.npu_collect_path_exception", W, ("NPU_COLLECT_PATH",), _collect_redirect, S000 + "; seed 002: enable_exception_dump"),
    Scan("env.npu_collect_path_location", N, ("NPU_COLLECT_PATH",), _collect_location,
         S000 + "; seed 002: enable_exception_dump"),
    When("env.npu_collect_path_data_dump", W, ("NPU_COLLECT_PATH",),
         lambda v, c: _set(c, "NPU_COLLECT_PATH") and data_dump(v, c),
         "NPU_COLLECT_PATH is set and the config asks for a data dump: GE refuses data dump while it is set "
         "(E10056), so no operator data is written. Unset NPU_COLLECT_PATH for data dump runs.",
         "runtime-rules §1.7"),
    Scan("env.exception_path_override", W, ("ASCEND_WORK_PATH", "ASCEND_DUMP_PATH", "dump_path"),
         _exception_path_override,
         "seed 001: dump_path priority; runtime-rules §1.4"),
    When("env.ascend_dump_scene_ignored", W, ("ASCEND_DUMP_SCENE",),
         lambda v, c: _set(c, "ASCEND_DUMP_SCENE") and c.env["ASCEND_DUMP_SCENE"].strip() not in ASCEND_DUMP_SCENES,
         "ASCEND_DUMP_SCENE only accepts aic_err_brief_dump, aic_err_norm_dump or aic_err_detail_dump; other values "
         "are ignored with a log warning.", "runtime-rules §1.9"),
    When("env.ascend_dump_scene_on", N, ("ASCEND_DUMP_SCENE",),
         lambda v, c: c.env.get("ASCEND_DUMP_SCENE", "").strip() in ASCEND_DUMP_SCENES,
         "ASCEND_DUMP_SCENE switches exception dump on without any dump config.", "runtime-rules §1.9"),
    When("env.graph_settings_without_dump", W, ("DUMP_GRAPH_PATH", "DUMP_GRAPH_LEVEL", "DUMP_GE_GRAPH"),
         lambda v, c: (_set(c, "DUMP_GRAPH_PATH") or _set(c, "DUMP_GRAPH_LEVEL")) and not _set(c, "DUMP_GE_GRAPH"),
         "DUMP_GRAPH_PATH / DUMP_GRAPH_LEVEL only matter when DUMP_GE_GRAPH is set; no graph is dumped.", S000),
    When("env.dump_graph_level_value", W, ("DUMP_GRAPH_LEVEL",),
         lambda v, c: c.env.get("DUMP_GRAPH_LEVEL", "").strip().isdigit()
         and c.env["DUMP_GRAPH_LEVEL"].strip() not in ("1", "2", "3", "4"),
         "DUMP_GRAPH_LEVEL as a number must be 1, 2, 3 or 4.", S000),
    Scan("env.work_path_chars", W, ("ASCEND_WORK_PATH",), _work_path_chars, S000),
    When("env.profiling_without_output", E, ("profiling_mode", "profiling_options", "PROFILING_MODE",
                                             "PROFILING_OPTIONS", "ASCEND_WORK_PATH"),
         lambda v, c: tf_profiling_on(v, c.scenario, c.env) and profiling_output(v, c.env) is None
         and not adapter_default_options(v, c.scenario),
         "Profiling is on but no output folder is set: give profiling_options (or PROFILING_OPTIONS) an \"output\" "
         "or set ASCEND_WORK_PATH; otherwise collecting the profile data fails with an error.",
         "seed 000: ASCEND_WORK_PATH (profiling_data); seed 002: profiling_options"),
    When("env.profiling_default_output", N, ("profiling_mode", "profiling_options", "ASCEND_WORK_PATH"),
         lambda v, c: adapter_default_options(v, c.scenario),
         "profiling_mode is on without profiling_options: the TF adapter then uses its default options (output ./, "
         "training_trace, task_time, hccl and aicpu on, aic_metrics PipeUtilization), so the profile lands in the "
         "working directory. The environment-variable reference asks for an output folder or ASCEND_WORK_PATH; the "
         "adapter does not need one here.",
         "tensorflow tf_adapter/util/npu_attrs.cc (profiling_default_options); seed 000: ASCEND_WORK_PATH"),
) + LOCATION_RULES
