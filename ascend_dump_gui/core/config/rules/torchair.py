"""Rules for torchair ``CompilerConfig().dump_config`` (seed 004, runtime-rules §2.4), incl. the compile mode."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When, folder_hits, step_hits
from ascend_dump_gui.core.config.schema.torchair import (
    ACLGRAPH_MODES,
    COMPILE_MODES,
    DEFAULT_MODE,
    DUMP_LAYER_REGEX,
    GE_MODE,
    GE_ONLY_KEYS,
)
from ascend_dump_gui.core.messages import msg

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
    return [Hit(msg("dump_step \"{step}\" does not match torchair's pattern; the assignment raises "
                    "ValueError.", step=step))]


def _step_ge(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    step = v.get("dump_step")
    if not _on(v) or not isinstance(step, str) or step_grammar.torchair(step) is not None:
        return []
    return step_hits(step, "torchair", msg("torchair lets it through; GE then refuses the options (E10001)."))


def _layer(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    layer = v.get("dump_layer")
    if not isinstance(layer, str) or _LAYER.match(layer):
        return []
    bad = sorted({c for c in layer if not _LAYER.match(c)})
    return [Hit(msg("dump_layer contains {bad}; torchair only accepts letters, digits, _, space, \", /, "
                    "\\ and . and raises ValueError on assignment.", bad=' '.join(map(repr, bad))))]


def _config_path(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = v.get("dump_config_path")
    if not isinstance(path, str) or path.endswith(".json"):
        return []
    return [Hit(msg("dump_config_path {path!r} must name an existing .json file; torchair refuses other "
                    "values on assignment.", path=path))]


def _ignored(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    unused = [k for k in OPTION_KEYS if k in v] if not _on(v) else []
    if not unused:
        return []
    return [Hit(msg("{unused} only apply when enable_dump is True; they are ignored.", unused=', '.join(unused)),
                (*unused, "enable_dump"), Fix("Set enable_dump to True", (("enable_dump", True),)))]


def dump_config_acts(facts: Mapping[str, Any]) -> bool:
    """Whether the script's compile mode and backend let dump_config act at all (seed 004: max-autotune only, and
    only through torchair's backend); unknown facts mean the defaults (max-autotune, torchair)."""
    compile_mode, backend = facts.get("mode"), facts.get("backend")
    return (not isinstance(compile_mode, str) or compile_mode == GE_MODE) \
        and (not isinstance(backend, str) or backend == "torchair")


def _aclgraph(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    current = mode(ctx)
    if current not in ACLGRAPH_MODES:
        return []
    if _on(v):
        ge_only = [k for k in GE_ONLY_KEYS if k in v]
        extra = msg(" In that mode {keys} have no effect.", keys=", ".join(ge_only)) if ge_only else ""
        return [Hit(msg('config.mode is "{mode}": torchair\'s dump guide documents data dump in max-autotune '
                        "mode only, so the emulator and `config where` expect no dump. torchair from 2026-02 does dump through aclgraph "
                        "in this mode (only enable_dump, dump_path and data_dump_stage apply); older torchair skips "
                        'it with a "may not take effect" warning.{extra}', mode=current, extra=extra),
                    ("enable_dump", "mode"))]
    if isinstance(v.get("dump_config_path"), str):
        return [Hit(msg("config.mode is \"{current}\": torchair's dump guide documents dump (dump_config_path "
                        "included) in max-autotune mode only; the json file goes to GE's session, which "
                        "this mode does not run the graph through, so nothing is dumped.",
                        current=current), ("dump_config_path", "mode"))]
    return []


def _unknown_mode(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = ctx.facts.get("mode")
    if not isinstance(value, str) or value in COMPILE_MODES:
        return []
    return [Hit(msg("config.mode \"{value}\" is not a torchair mode ({compile_modes}).",
                    value=value, compile_modes=', '.join(COMPILE_MODES)), ("mode",))]


def _backend(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    backend = ctx.facts.get("backend")
    if not isinstance(backend, str) or backend == "torchair" or not v:
        return []
    return [Hit(msg("torch.compile uses backend \"{backend}\", not "
                    "torchair.get_npu_backend(compiler_config=...), so dump_config is never read.",
                    backend=backend), ("backend",))]


def _path_absent(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    return folder_hits("dump_path", v.get("dump_path"), msg("torchair checks it when the script assigns it "
                                                        "(FileNotFoundError), so it must exist on the machine that runs."))


RULES = (
    Scan("torchair.dump_step_pattern", E, ("dump_step",), _step_regex, RT),
    Scan("torchair.dump_step_invalid", E, ("dump_step",), _step_ge, "runtime-rules §1.5"),
    Scan("torchair.dump_layer_chars", E, ("dump_layer",), _layer, RT),
    Scan("torchair.dump_config_path_json", E, ("dump_config_path",), _config_path, RT),
    When("torchair.dump_config_path_with_options", W, ("dump_config_path", "enable_dump"),
         lambda v, c: isinstance(v.get("dump_config_path"), str) and _on(v),
         "dump_config_path is combined with enable_dump and the other options. torchair's dump guide advises "
         "against it: the options then win and the json file stops taking effect (GE's source says the acl.json "
         "side wins; it depends on the version). Use one or the other.", S004 + "; " + RT,
         Fix("Drive dump through the json file only: turn enable_dump off", (("enable_dump", None),))),
    Scan("torchair.options_ignored", W, ("enable_dump",), _ignored, RT),
    Scan("torchair.mode_not_max_autotune", W, ("enable_dump", "dump_config_path"), _aclgraph,
         S004 + " (使用约束); " + RT),
    When("torchair.data_dump_stage_ge_mode", W, ("data_dump_stage",),
         lambda v, c: "data_dump_stage" in v and mode(c) not in ACLGRAPH_MODES,
         "data_dump_stage only applies in reduce-overhead / npugraph_ex (aclgraph) mode; in max-autotune it has "
         "no effect.", RT, Fix("Remove data_dump_stage", (("data_dump_stage", None),))),
    Scan("torchair.unknown_mode", W, (), _unknown_mode, RT),
    Scan("torchair.backend_not_torchair", W, (), _backend, S004),
    Scan("torchair.dump_path_not_found", W, ("dump_path",), _path_absent, RT),
)
