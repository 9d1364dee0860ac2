"""Rules about environment variables that change what a config does (seed 000, runtime-rules §1.4, §1.7, §1.9).

They read ``ctx.env`` (the environment given to the check, the script's own ``os.environ`` lines, and the values of
an env file) and apply to every scenario; TF1's own env rules live with the TF1 rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules_acl import data_dump as acl_data_dump
from ascend_dump_gui.core.config.rules_acl import is_exception

W, N = Severity.WARNING, Severity.INFO
S000 = "seed 000: ASCEND_WORK_PATH"
ASCEND_DUMP_SCENES = ("aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump")
_WORK_PATH = re.compile(r"[A-Za-z0-9_\-./]*")


def _set(ctx: CheckContext, name: str) -> bool:
    return bool(ctx.env.get(name, "").strip())


def data_dump(values: Mapping[str, Any], ctx: CheckContext) -> bool:
    """The config asks for a data (model or operator) dump."""
    if ctx.scenario == "acl_json":
        return acl_data_dump(values)
    return ctx.scenario in ("tf2_npu_device", "torchair") and values.get("enable_dump") is True


def _collect_redirect(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if ctx.scenario == "tf1_session" or not _set(ctx, "NPU_COLLECT_PATH"):
        return []
    where = ctx.env["NPU_COLLECT_PATH"].rstrip("/") + "/extra-info/data-dump/<device_id>"
    extra = ""
    if ctx.scenario == "acl_json" and is_exception(v) and "dump_path" in v:
        extra = " dump_path is not used for them."
    return [(("NPU_COLLECT_PATH",), f"NPU_COLLECT_PATH is set: exception dumps go to {where} and the normal exception "
                                    "dump is switched on, whatever the config says about exception dump." + extra,
             None)]


def _work_path_chars(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = ctx.env.get("ASCEND_WORK_PATH", "")
    if not value or "$" in value or _WORK_PATH.fullmatch(value):
        return []
    bad = sorted({c for c in value if not _WORK_PATH.fullmatch(c)})
    return [(("ASCEND_WORK_PATH",), f"ASCEND_WORK_PATH contains {' '.join(map(repr, bad))}; only letters, digits, "
                                    "_, -, . and / are allowed.", None)]


def _exception_path_override(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if ctx.scenario != "acl_json" or not is_exception(v) or "dump_path" not in v or _set(ctx, "NPU_COLLECT_PATH"):
        return []
    for name in ("ASCEND_DUMP_PATH", "ASCEND_WORK_PATH"):
        if _set(ctx, name):
            return [((name, "dump_path"), f"{name} is set, so exception dumps go under {ctx.env[name]} and the "
                                          "config's dump_path is not used for them.", None)]
    return []


RULES = (
    Scan("env.npu_collect_path_exception", W, ("NPU_COLLECT_PATH",), _collect_redirect,
         "NPU_COLLECT_PATH silently redirects exception dumps", S000 + "; seed 002: enable_exception_dump"),
    When("env.npu_collect_path_data_dump", W, ("NPU_COLLECT_PATH",),
         lambda v, c: c.scenario != "tf1_session" and _set(c, "NPU_COLLECT_PATH") and data_dump(v, c),
         "NPU_COLLECT_PATH is set and the config asks for a data dump: GE refuses data dump while it is set "
         "(E10056), so no operator data is written. Unset NPU_COLLECT_PATH for data dump runs.",
         "runtime-rules §1.7"),
    Scan("env.exception_path_override", W, ("ASCEND_WORK_PATH", "ASCEND_DUMP_PATH", "dump_path"),
         _exception_path_override, "ASCEND_WORK_PATH/ASCEND_DUMP_PATH win over dump_path for exception dumps",
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
    Scan("env.work_path_chars", W, ("ASCEND_WORK_PATH",), _work_path_chars,
         "ASCEND_WORK_PATH with characters outside letters, digits, _ - . /", S000),
)
