"""TF1 rules for profiling_mode and the profiling_options JSON (seed 002: Profiling)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import PRODUCT_NAME, effective_mode, flag, src
from ascend_dump_gui.core.config.schema.tf1.profiling import AIC_METRICS, PROFILING_OPTIONS_KEYS
from ascend_dump_gui.core.config.values import json_object
from ascend_dump_gui.core.messages import msg

SUB_KEYS: dict[str, FieldSpec] = {f.key: f for f in PROFILING_OPTIONS_KEYS}
INSTR_EXCLUSIVE = ("training_trace", "task_trace", "hccl", "aicpu", "fp_point", "bp_point", "aic_metrics", "l2",
                   "task_time", "runtime_api")
NEW_PRODUCT_METRICS = ("L2Cache", "MemoryAccess")
_CUSTOM = re.compile(r"Custom:(.+)")
_STORAGE = re.compile(r"(\d+)\s*MB")
_CONTROL = set("\n\f\r\b\t\v\x7f")


def profiling_settings(values: Mapping[str, Any]) -> dict[str, Any] | None:
    """profiling_options as a dict (it may arrive as the JSON string or already parsed), else None."""
    return json_object(values.get("profiling_options"))


def _json_problem(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    raw = values.get("profiling_options")
    if isinstance(raw, str) and profiling_settings(values) is None:
        try:
            json.loads(raw)
            reason = "it is valid JSON but not an object"
        except ValueError as exc:
            reason = str(exc)
        yield Hit(msg("profiling_options must be a JSON object such as {{\"output\":\"/tmp/prof\"}}: "
                      "{reason}.", reason=reason))


def _unknown_keys(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    if not isinstance(values.get("profiling_options"), str):
        return  # a dict is checked key by key by the schema check (columns)
    for key in profiling_settings(values) or {}:
        if key not in SUB_KEYS:
            close = difflib.get_close_matches(str(key), list(SUB_KEYS), n=1)
            hint = msg(" Did you mean {name!r}?", name=close[0]) if close else ""
            yield Hit(msg("profiling_options has an unknown key {key!r}, which is ignored.{hint}",
                          key=key, hint=hint))


def _int_value(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.strip().isdigit() else None


def _register(text: str) -> int | None:
    text = text.strip()
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", text):
        return int(text, 16)
    return int(text) if text.isdigit() else None


def _schema_problem(spec: FieldSpec, value: Any) -> str | None:
    """Choice and range problems (what the schema check reports when profiling_options arrives as a dict)."""
    if spec.kind is Kind.CHOICE and value not in spec.choices:
        return msg("{key} is {value!r}; allowed: {choices}",
                   key=spec.key, value=value, choices=", ".join(spec.choices))
    if spec.kind is Kind.INT:
        number = _int_value(value)
        if number is None or not spec.minimum <= number <= spec.maximum:
            return msg("{key} is {value!r}; it must be a whole number from {low:g} to {high:g}", key=spec.key,
                       value=value, low=spec.minimum, high=spec.maximum)
    if spec.kind in (Kind.STR, Kind.PATH) and not isinstance(value, str):
        return msg("{key} must be a string, not {value!r}", key=spec.key, value=value)
    return None


def _format_problem(key: str, value: Any) -> str | None:
    """Problems inside a string value that no schema kind expresses."""
    if not isinstance(value, str):
        return None
    if key == "aic_metrics":
        custom = _CUSTOM.fullmatch(value)
        if custom is None and value not in AIC_METRICS:
            return msg("aic_metrics {value!r} is not one of {choices} or Custom:<registers>", value=value,
                       choices=", ".join(AIC_METRICS))
        if custom is None:
            return None
        registers = [_register(r) for r in custom.group(1).split(",")]
        if len(registers) > 8 or not all(r is not None and 0x1 <= r <= 0x6E for r in registers):
            return msg("aic_metrics Custom takes at most 8 registers, each in 0x1..0x6E (hex or decimal)")
    if key == "storage_limit":
        match = _STORAGE.fullmatch(value.strip())
        if not match or not 200 <= int(match.group(1)) <= 4294967295:
            return msg("storage_limit {value!r} must be 200MB..4294967295MB, unit included", value=value)
    if key in ("host_sys", "host_sys_usage") and not set(value.split(",")) <= {"cpu", "mem"}:
        return msg("{key} {value!r} must be a comma list of cpu and mem", key=key, value=value)
    if key == "output" and _CONTROL & set(value):
        return msg("output must not contain control characters such as \\n or \\t")
    return None


def _bad_values(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    from_text = isinstance(values.get("profiling_options"), str)
    for key, value in (profiling_settings(values) or {}).items():
        spec = SUB_KEYS.get(key)
        if spec is None:
            continue
        problem = (_schema_problem(spec, value) if from_text else None) or _format_problem(key, value)
        if problem:
            yield Hit(msg("profiling_options: {problem}.", problem=problem))


def _active(settings: Mapping[str, Any], key: str) -> bool:
    return key in settings and settings[key] not in ("off", "")


def _instr_exclusive(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    settings = profiling_settings(values) or {}
    clashing = [k for k in INSTR_EXCLUSIVE if _active(settings, k)]
    if "instr_profiling_freq" in settings and clashing:
        yield Hit(msg("profiling_options: instr_profiling_freq cannot be combined with {clashing}.",
                      clashing=', '.join(clashing)))


def _mode_requirements(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    """The script's settings when profiling_mode is set there, else PROFILING_OPTIONS under PROFILING_MODE=true."""
    settings, mode = profiling_settings(values), effective_mode(values, ctx)
    if "profiling_mode" not in values and ctx.env.get("PROFILING_MODE", "").strip().lower() == "true":
        settings = json_object(ctx.env.get("PROFILING_OPTIONS"))
    elif not flag(values, "profiling_mode"):
        return
    if settings is None:
        return
    if mode == "training":
        off = [k for k in ("training_trace", "task_trace") if settings.get(k, SUB_KEYS[k].default) != "on"]
        if off:
            yield Hit(msg("Profiling a training job needs training_trace and task_trace set to on; {off} is not.",
                          off=off[0]) if len(off) == 1 else
                      msg("Profiling a training job needs training_trace and task_trace set to on; {off} are not.",
                          off=", ".join(off)))
    if mode == "online_inference" and _active(settings, "training_trace"):
        yield Hit(msg("Online inference does not support training_trace; it is ignored."))


PLATFORM_CHECKED = ("instr_profiling_freq", "aic_metrics")
"""Sub-options msprof validates against the platform: an unsupported one makes profiling fail to start
(msprof params_adapter_geopt.cpp GetParamFromInputCfg: PlatformAdapterInit / ComCfgCheck return PROFILING_FAILED)."""


def _unsupported(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[tuple[str, Hit]]:
    """(key, hit) for each profiling_options key the selected product does not support."""
    settings = profiling_settings(values)
    if settings is None or ctx.product is None:
        return
    here = PRODUCT_NAME.get(ctx.product, ctx.product)
    for key in settings:
        spec = SUB_KEYS.get(key)
        if spec and spec.products and ctx.product not in spec.products:
            yield key, Hit(msg("profiling_options: {key} is not supported on {here}.", key=key, here=here))
    if settings.get("aic_metrics") in NEW_PRODUCT_METRICS and ctx.product in ("atlas_training", "atlas_inference"):
        yield "aic_metrics", Hit(msg("profiling_options: aic_metrics {aic_metrics} is not supported on {here}.",
                                     aic_metrics=settings['aic_metrics'], here=here))


def _product_keys(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    """Unsupported keys the collector skips on this product (a warning)."""
    yield from (hit for key, hit in _unsupported(values, ctx) if key not in PLATFORM_CHECKED)


def _platform_refused(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    """Unsupported keys msprof checks against the platform: profiling does not start (an error)."""
    for key, hit in _unsupported(values, ctx):
        if key in PLATFORM_CHECKED:
            yield Hit(msg("{problem} msprof checks it against the platform, so profiling fails to start.",
                          problem=hit.message), ("profiling_options", f"profiling_options.{key}"))


def _deprecated_keys(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    for key in profiling_settings(values) or {}:
        spec = SUB_KEYS.get(key)
        if spec and spec.deprecated:
            yield Hit(msg("profiling_options: {deprecated}", deprecated=spec.deprecated))


def _fp_bp_dynamic(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    settings = profiling_settings(values) or {}
    dynamic = flag(values, "compile_dynamic_mode") or flag(values, "dynamic_input")
    if dynamic and settings.get("training_trace") == "on" and not (settings.get("fp_point") and settings.get("bp_point")):
        yield Hit(msg("Dynamic-shape graphs need fp_point and bp_point named by hand for the iteration trace."))


PROFILING_RULES = (
    Scan("tf1.profiling_options_json", Severity.ERROR, ("profiling_options",), _json_problem,
             src("profiling_options")),
    Scan("tf1.profiling_unknown_key", Severity.WARNING, ("profiling_options",), _unknown_keys,
             src("profiling_options")),
    Scan("tf1.profiling_value", Severity.ERROR, ("profiling_options",), _bad_values, src("profiling_options")),
    Scan("tf1.profiling_instr_exclusive", Severity.ERROR, ("profiling_options",), _instr_exclusive,
             "seed 002: profiling_options.instr_profiling_freq"),
    Scan("tf1.profiling_mode_requirements", Severity.WARNING,
             ("profiling_options", "profiling_mode", "graph_run_mode", "PROFILING_MODE", "PROFILING_OPTIONS"),
             _mode_requirements, src("profiling_options")),
    Scan("tf1.profiling_product", Severity.WARNING, ("profiling_options",), _product_keys, src("profiling_options")),
    Scan("tf1.profiling_platform_refused", Severity.ERROR, ("profiling_options",), _platform_refused,
         src("profiling_options") + "; msprof collector params_adapter_geopt.cpp (GetParamFromInputCfg)"),
    Scan("tf1.profiling_deprecated_key", Severity.INFO, ("profiling_options",), _deprecated_keys,
             "seed 002: profiling_options.hccl"),
    Scan("tf1.profiling_fp_bp_dynamic", Severity.WARNING,
             ("profiling_options", "compile_dynamic_mode", "dynamic_input"), _fp_bp_dynamic,
             "seed 002: profiling_options (fp_point/bp_point note)"),
    When("tf1.profiling_options_ignored", Severity.WARNING, ("profiling_options", "profiling_mode", "PROFILING_MODE"),
         lambda v, c: "profiling_options" in v and not flag(v, "profiling_mode")
         and not ("profiling_mode" not in v and c.env.get("PROFILING_MODE", "").lower() == "true"),
         "profiling_options is only used when profiling_mode=True.", src("profiling_mode")),
    When("tf1.profiling_mode_env", Severity.INFO, ("profiling_mode", "PROFILING_MODE"),
         lambda v, c: "profiling_mode" in v and bool(c.env.get("PROFILING_MODE")),
         "profiling_mode overrides the PROFILING_MODE environment variable.", src("profiling_mode")),
    When("tf1.profiling_without_options", Severity.INFO, ("profiling_mode", "profiling_options", "PROFILING_OPTIONS"),
         lambda v, c: flag(v, "profiling_mode") and "profiling_options" not in v and not c.env.get("PROFILING_OPTIONS"),
         "profiling_mode is on without profiling_options, so the collection settings are all defaults.",
         src("profiling_options")),
)
