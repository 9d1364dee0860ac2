"""TF1 rules for data dump, overflow dump, exception dump and operator debugging (seed 002 + runtime-rules §2)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.ge_dump import any_dump, ge_dump_rules
from ascend_dump_gui.core.config.rules.tf1.base import flag, is_set, number, read_small_file, src, text
from ascend_dump_gui.core.messages import msg

OP_DEBUG_SWITCHES = ("oom", "dump_cce", "dump_loc", "ccec_O0", "ccec_g", "check_flag")


def op_debug_config_file(values: Mapping[str, Any], ctx: CheckContext) -> dict[str, list[str]] | None:
    """The key=comma,list lines of the op_debug_config file when it can be read here, else None."""
    content = read_small_file(values.get("op_debug_config"), ctx)
    if content is None:
        return None
    entries: dict[str, list[str]] = {}
    for line in content.splitlines():
        key, sep, rest = line.partition("=")
        if sep and not line.lstrip().startswith("#"):
            entries[key.strip()] = [item.strip() for item in rest.split(",") if item.strip()]
    return entries


def _debug_switches(values: Mapping[str, Any], ctx: CheckContext) -> set[str]:
    entries = op_debug_config_file(values, ctx) or {}
    return set(entries.get("op_debug_config", ()))


def _unknown_debug_switches(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    entries = op_debug_config_file(values, ctx)
    if entries is None:
        return
    if "op_debug_config" not in entries:
        yield Hit(msg("The op_debug_config file has no 'op_debug_config=' line, so no debug switch is on."))
    for switch in sorted(set(entries.get("op_debug_config", ())) - set(OP_DEBUG_SWITCHES)):
        yield Hit(msg("The op_debug_config file names {switch!r}; known switches are {op_debug_switches}.",
                      switch=switch, op_debug_switches=', '.join(OP_DEBUG_SWITCHES)))


def _oom_conflicts(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    switches = _debug_switches(values, ctx)
    if "oom" not in switches:
        return
    if "ccec_O0" in switches:
        yield Hit(msg("The op_debug_config file turns on both ccec_O0 and oom; that combination raises an AI "
                      "Core error at run time."), ("op_debug_config",))
    if number(values, "op_debug_level") == 2:
        yield Hit(msg("op_debug_level 2 compiles with -O0 -g, which cannot be combined with oom in the "
                      "op_debug_config file; the run ends with an AI Core error."),
                  ("op_debug_level", "op_debug_config"), Fix("Set op_debug_level to 0", (("op_debug_level", 0),)))
    if ctx.env.get("NPU_COLLECT_PATH"):
        yield Hit(msg("NPU_COLLECT_PATH is set, so the oom memory check cannot be used; the compiled model or "
                      "operator package fails when used."), ("op_debug_config", "NPU_COLLECT_PATH"))


def _cache_ignored(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    mode = text(values, "op_compiler_cache_mode")
    if mode not in ("enable", "force"):
        return
    level = number(values, "op_debug_level")
    if level:
        yield Hit(msg("op_debug_level {level} turns the operator compile cache off and rebuilds every "
                      "operator, so op_compiler_cache_mode={mode} is ignored.",
                      level=level, mode=mode), ("op_compiler_cache_mode", "op_debug_level"))
    entries = op_debug_config_file(values, ctx)
    if entries is not None and entries.get("op_debug_config") and "op_debug_list" not in entries:
        yield Hit(msg("The op_debug_config file has no op_debug_list, so the compile cache is off and "
                      "every operator is rebuilt; op_compiler_cache_mode={mode} is ignored.", mode=mode),
                  ("op_compiler_cache_mode", "op_debug_config"))


DUMP_RULES = ge_dump_rules("tf1", "tf1") + (
    When("tf1.quant_dumpable_without_dump", Severity.INFO, ("quant_dumpable", "enable_dump"),
         lambda v, c: text(v, "quant_dumpable") == "1" and not flag(v, "enable_dump"),
         "quant_dumpable only matters when data dump is on.", src("quant_dumpable")),
    When("tf1.use_off_line_dump", Severity.WARNING, ("use_off_line", "enable_dump", "enable_dump_debug"),
         lambda v, c: v.get("use_off_line") is False and any_dump(v),
         "use_off_line=False runs the graph on the host CPU, so no NPU operator data is dumped.",
         src("use_off_line"), Fix("Run on the device", (("use_off_line", True),))),
    Scan("tf1.op_debug_config_content", Severity.ERROR, ("op_debug_config",), _unknown_debug_switches,
             src("op_debug_config")),
    Scan("tf1.op_debug_oom_conflict", Severity.ERROR, ("op_debug_config", "op_debug_level", "NPU_COLLECT_PATH"),
             _oom_conflicts, src("op_debug_config")),
    Scan("tf1.compile_cache_ignored", Severity.WARNING,
             ("op_compiler_cache_mode", "op_debug_level", "op_debug_config"), _cache_ignored,
             src("op_compiler_cache_mode")),
    When("tf1.debug_dir_unused", Severity.WARNING, ("debug_dir", "op_debug_level", "op_debug_config"),
         lambda v, c: is_set(v, "debug_dir") and not number(v, "op_debug_level") and not is_set(v, "op_debug_config"),
         "debug_dir only receives files when operator debugging is on (op_debug_config with dump_cce or "
         "dump_loc, or a non-zero op_debug_level).", src("debug_dir")),
    When("tf1.op_debug_level_cost", Severity.INFO, ("op_debug_level",),
         lambda v, c: number(v, "op_debug_level") in (1, 2),
         "op_debug_level 1 or 2 is for locating AI Core errors and slows the network; level 2 also "
         "enlarges kernels, which can break dynamic-shape builds.", src("op_debug_level")),
)
