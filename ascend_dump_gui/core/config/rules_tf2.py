"""Rules for TF2 ``npu_device.global_options()`` dump options (seed 003, runtime-rules §2.1, §2.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules import CheckContext, Hit, Scan, When, is_dir

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
S003 = "seed 003: Configuring Dump Parameters"
GE = "runtime-rules §2.1"
DATA_ONLY = ("dump_step", "dump_mode", "dump_data", "dump_layer")


def _on(values: Mapping[str, Any], key: str) -> bool:
    return values.get(key) is True


def _any_dump(values: Mapping[str, Any]) -> bool:
    return _on(values, "enable_dump") or _on(values, "enable_dump_debug")


def _step(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    step = v.get("dump_step")
    if not _on(v, "enable_dump") or not isinstance(step, str):
        return []
    reason = step_grammar.problem(step, "tf2")
    return [(("dump_step",), reason + " GE reports E10001.", None)] if reason else []


def _ignored(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    hits: list[Hit] = []
    if not _on(v, "enable_dump"):
        unused = [k for k in DATA_ONLY if k in v]
        if unused:
            hits.append(((*unused, "enable_dump"), f"{', '.join(unused)} only apply to data dump, which is off "
                                                   "(enable_dump is not True); they are ignored.", None))
    if "dump_debug_mode" in v and not _on(v, "enable_dump_debug"):
        hits.append((("dump_debug_mode", "enable_dump_debug"),
                     "dump_debug_mode only applies when enable_dump_debug is True; it is ignored.", None))
    if "dump_path" in v and not _any_dump(v):
        hits.append((("dump_path", "enable_dump", "enable_dump_debug"),
                     "dump_path is set but neither enable_dump nor enable_dump_debug is True, so nothing is dumped "
                     "there.", None))
    return hits


def _path_absent(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = v.get("dump_path")
    if not _any_dump(v) or not isinstance(path, str) or not path.startswith("/") or is_dir(path):
        return []
    return [(("dump_path",), f"dump_path {path} does not exist on this machine; GE needs an existing, writable "
                             "folder on the machine that trains.", None)]


RULES = (
    When("tf2.dump_and_dump_debug", E, ("enable_dump", "enable_dump_debug"),
         lambda v, c: _on(v, "enable_dump") and _on(v, "enable_dump_debug"),
         "enable_dump and enable_dump_debug cannot both be True: GE refuses the session options.",
         GE + "; seed 002: enable_dump", Fix("Turn enable_dump_debug off", (("enable_dump_debug", None),))),
    When("tf2.dump_path_required", E, ("dump_path", "enable_dump", "enable_dump_debug"),
         lambda v, c: _any_dump(v) and not v.get("dump_path"),
         "dump_path is required when enable_dump or enable_dump_debug is True (GE E10058).", S003),
    Scan("tf2.dump_step_invalid", E, ("dump_step",), _step, "a dump_step GE refuses", "runtime-rules §1.5"),
    Scan("tf2.options_ignored", W, ("enable_dump", "enable_dump_debug"), _ignored,
         "dump options set while their switch is off", GE),
    When("tf2.exception_dump_with_data_dump", N, ("enable_exception_dump", "enable_dump", "enable_dump_debug"),
         lambda v, c: v.get("enable_exception_dump") == 1 and _any_dump(v),
         "With enable_exception_dump 1 and data or overflow dump on, dynamic-shape networks only do the exception "
         "dump; static-shape networks do both.", "seed 002: enable_dump"),
    Scan("tf2.dump_path_not_found", N, ("dump_path",), _path_absent, "an absolute dump_path missing here", GE),
)
