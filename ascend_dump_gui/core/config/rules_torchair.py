"""Rules for torchair ``CompilerConfig().dump_config`` (seed 004, runtime-rules §2.4), incl. the compile mode."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules import CheckContext, Hit, Scan, When, is_dir
from ascend_dump_gui.core.config.schema_torchair import (
    ACLGRAPH_MODES,
    COMPILE_MODES,
    DEFAULT_MODE,
    DUMP_LAYER_REGEX,
    GE_ONLY_KEYS,
)

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
S004 = "seed 004: 算子输入输出dump功能(图模式)"
RT = "runtime-rules §2.4"
OPTION_KEYS = ("dump_path", "dump_mode", "quant_dumpable", "dump_step", "dump_layer", "dump_data", "data_dump_stage")
_LAYER = re.compile(DUMP_LAYER_REGEX)


def _on(values: Mapping[str, Any]) -> bool:
    return values.get("enable_dump") is True


def mode(ctx: CheckContext) -> str:
    """torchair's config.mode as the script sets it (default max-autotune)."""
    value = ctx.facts.get("mode")
    return value if isinstance(value, str) else DEFAULT_MODE


def _step_regex(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    step = v.get("dump_step")
    if not isinstance(step, str) or step_grammar.torchair(step) is None:
        return []
    return [(("dump_step",), f'dump_step "{step}" does not match torchair\'s pattern; the assignment raises '
                             "ValueError.", None)]


def _step_ge(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    step = v.get("dump_step")
    if not _on(v) or not isinstance(step, str) or step_grammar.torchair(step) is not None:
        return []
    reason = step_grammar.problem(step, "torchair")
    return [(("dump_step",), reason + " torchair lets it through; GE then refuses the options (E10001).", None)] \
        if reason else []


def _layer(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    layer = v.get("dump_layer")
    if not isinstance(layer, str) or _LAYER.match(layer):
        return []
    bad = sorted({c for c in layer if not _LAYER.match(c)})
    return [(("dump_layer",), f"dump_layer contains {' '.join(map(repr, bad))}; torchair only accepts letters, "
                              "digits, _, space, \", /, \\ and . and raises ValueError on assignment.", None)]


def _config_path(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = v.get("dump_config_path")
    if not isinstance(path, str):
        return []
    if path == "" or not path.endswith(".json"):
        return [(("dump_config_path",), f"dump_config_path {path!r} must name an existing .json file; torchair "
                                         "refuses other values on assignment.", None)]
    return []


def _ignored(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _on(v):
        return []
    unused = [k for k in OPTION_KEYS if k in v]
    if not unused:
        return []
    return [((*unused, "enable_dump"), f"{', '.join(unused)} only apply when enable_dump is True; they are "
                                       "ignored.", Fix("Set enable_dump to True", (("enable_dump", True),)))]


def _aclgraph(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    current = mode(ctx)
    if not _on(v) or current not in ACLGRAPH_MODES:
        return []
    ge_only = [k for k in GE_ONLY_KEYS if k in v]
    extra = f" In that mode {', '.join(ge_only)} have no effect." if ge_only else ""
    return [(("enable_dump", "mode"),
             f'config.mode is "{current}": seed 004 documents data dump for max-autotune only. torchair from '
             "2026-02 dumps through aclgraph in this mode (only enable_dump, dump_path and data_dump_stage apply); "
             "older torchair skips dump here with a \"may not take effect\" warning." + extra, None)]


def _unknown_mode(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = ctx.facts.get("mode")
    if not isinstance(value, str) or value in COMPILE_MODES:
        return []
    return [(("mode",), f'config.mode "{value}" is not a torchair mode ({", ".join(COMPILE_MODES)}).', None)]


def _backend(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    backend = ctx.facts.get("backend")
    if not isinstance(backend, str) or backend == "torchair" or not v:
        return []
    return [(("backend",), f'torch.compile uses backend "{backend}", not torchair.get_npu_backend(compiler_config='
                           "...), so dump_config is never read.", None)]


def _path_absent(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = v.get("dump_path")
    if not isinstance(path, str) or not path.startswith("/") or is_dir(path):
        return []
    return [(("dump_path",), f"dump_path {path} does not exist on this machine; torchair checks it when the script "
                             "assigns it (FileNotFoundError), so it must exist on the machine that runs.", None)]


RULES = (
    Scan("torchair.dump_step_pattern", E, ("dump_step",), _step_regex, "dump_step torchair refuses", RT),
    Scan("torchair.dump_step_invalid", E, ("dump_step",), _step_ge, "dump_step GE refuses", "runtime-rules §1.5"),
    Scan("torchair.dump_layer_chars", E, ("dump_layer",), _layer, "dump_layer characters torchair refuses", RT),
    Scan("torchair.dump_config_path_json", E, ("dump_config_path",), _config_path,
         "dump_config_path that is not a .json file", RT),
    When("torchair.dump_config_path_with_options", W, ("dump_config_path", "enable_dump"),
         lambda v, c: isinstance(v.get("dump_config_path"), str) and _on(v),
         "dump_config_path is combined with enable_dump and the other options. Seed 004 advises against it: the "
         "options then win and the json file stops taking effect (GE's source says the acl.json side wins; it "
         "depends on the version). Use one or the other.", S004 + "; " + RT,
         Fix("Drive dump through the json file only: turn enable_dump off", (("enable_dump", None),))),
    Scan("torchair.options_ignored", W, ("enable_dump",), _ignored, "dump options without enable_dump", RT),
    Scan("torchair.mode_not_max_autotune", W, ("enable_dump",), _aclgraph, "data dump outside max-autotune",
         S004 + " (使用约束); " + RT),
    When("torchair.data_dump_stage_ge_mode", W, ("data_dump_stage",),
         lambda v, c: "data_dump_stage" in v and mode(c) not in ACLGRAPH_MODES,
         "data_dump_stage only applies in reduce-overhead / npugraph_ex (aclgraph) mode; in max-autotune it has "
         "no effect.", RT, Fix("Remove data_dump_stage", (("data_dump_stage", None),))),
    Scan("torchair.unknown_mode", W, (), _unknown_mode, "an unknown config.mode", RT),
    Scan("torchair.backend_not_torchair", W, (), _backend, "torch.compile without the torchair backend", S004),
    Scan("torchair.dump_path_not_found", N, ("dump_path",), _path_absent, "an absolute dump_path missing here", RT),
)
