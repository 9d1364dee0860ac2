"""Dump rules shared by the scenarios that set GE session options: TF1 NpuOptimizer and TF2 npu_device.

Both hand enable_dump, dump_path, dump_step, dump_mode, dump_data, dump_layer, enable_dump_debug, dump_debug_mode
and enable_exception_dump to GE's DumpProperties (runtime-rules §2.1-2.3, seed 002 dump options, seed 003).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Rule, Scan, When, step_hits
from ascend_dump_gui.core.config.rules.tf1.base import src
from ascend_dump_gui.core.messages import msg

E, W = Severity.ERROR, Severity.WARNING
DATA_DUMP_OPTIONS = ("dump_mode", "dump_step", "dump_data", "dump_layer")


def _on(values: Mapping[str, Any], key: str) -> bool:
    return values.get(key) is True


def any_dump(values: Mapping[str, Any]) -> bool:
    """Data dump or overflow dump is switched on."""
    return _on(values, "enable_dump") or _on(values, "enable_dump_debug")


def _path_set(values: Mapping[str, Any]) -> bool:
    return values.get("dump_path") not in (None, "")


def _layer_commas(values: Mapping[str, Any], ctx: CheckContext) -> bool:
    layer = values.get("dump_layer")
    return isinstance(layer, str) and "," in layer and " " not in layer.strip()


def _ignored_data_dump_options(values: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _on(values, "enable_dump"):
        return []
    return [Hit(msg("{key} only takes effect with enable_dump=True; as set it is ignored.",
                    key=key), (key, "enable_dump"))
            for key in DATA_DUMP_OPTIONS if key in values]


def ge_dump_rules(prefix: str, step_path: str) -> tuple[Rule, ...]:
    """The shared rules with ids ``{prefix}.<name>``; ``step_path`` picks the dump_step validators (step_grammar)."""

    def step(values: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
        if not _on(values, "enable_dump") or values.get("dump_step") in (None, ""):
            return []
        return step_hits(values["dump_step"], step_path, msg("The session fails to start."))

    return (
        When(f"{prefix}.dump_and_dump_debug", E, ("enable_dump", "enable_dump_debug"),
             lambda v, c: _on(v, "enable_dump") and _on(v, "enable_dump_debug"),
             "enable_dump and enable_dump_debug cannot both be True; GE refuses the session. Dump data and "
             "collect overflows in separate runs.", src("enable_dump") + "; runtime-rules §2.1",
             Fix("Turn enable_dump_debug off", (("enable_dump_debug", None),))),
        When(f"{prefix}.dump_path_required", E, ("dump_path", "enable_dump", "enable_dump_debug"),
             lambda v, c: any_dump(v) and not _path_set(v),
             "A dump switch is on but dump_path is not set; the session fails to start. Set dump_path to an "
             "existing writable folder.", src("dump_path") + "; runtime-rules §2.1 (E10058)"),
        Scan(f"{prefix}.dump_step_invalid", E, ("dump_step", "enable_dump"), step,
             src("dump_step") + "; runtime-rules §1.5"),
        Scan(f"{prefix}.dump_options_ignored", W, DATA_DUMP_OPTIONS + ("enable_dump",), _ignored_data_dump_options,
             src("enable_dump"), Fix("Turn enable_dump on", (("enable_dump", True),))),
        When(f"{prefix}.dump_debug_mode_ignored", W, ("dump_debug_mode", "enable_dump_debug"),
             lambda v, c: "dump_debug_mode" in v and not _on(v, "enable_dump_debug"),
             "dump_debug_mode only takes effect with enable_dump_debug=True; as set it is ignored.",
             src("dump_debug_mode")),
        When(f"{prefix}.dump_path_unused", W, ("dump_path", "enable_dump", "enable_dump_debug"),
             lambda v, c: _path_set(v) and not any_dump(v),
             "dump_path is set but neither enable_dump nor enable_dump_debug is on, so nothing is dumped there.",
             src("dump_path")),
        When(f"{prefix}.dump_debug_mode_a2", W, ("dump_debug_mode",),
             lambda v, c: c.product == "atlas_a2" and v.get("dump_debug_mode") not in (None, "all"),
             "Atlas A2 only supports dump_debug_mode=all.", src("dump_debug_mode"),
             Fix("Use all", (("dump_debug_mode", "all"),))),
        When(f"{prefix}.dump_layer_separator", W, ("dump_layer",), _layer_commas,
             "dump_layer separates operator names with spaces; the commas become part of one long name that "
             "matches no operator.", src("dump_layer")),
        When(f"{prefix}.exception_dump_with_data_dump", W,
             ("enable_exception_dump", "enable_dump", "enable_dump_debug"),
             lambda v, c: any_dump(v) and v.get("enable_exception_dump") == 1,
             "With enable_exception_dump=1, dynamic-shape networks only produce the exception dump; the data "
             "or overflow dump only works for static-shape networks.", src("enable_exception_dump")),
    )
