"""Options that name files: open the file when it exists here and check its content too.

Relative paths are resolved against the checked file's folder (``ctx.base_dir``). TF1's op_debug_config and
aoe_config_file contents are checked by the TF1 rules; this module covers dump_config_path (torchair),
fusion_switch_file, modify_mixlist, customize_dtypes and op_precision_mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.dtype_files import DTYPES, parse_customize_line
from ascend_dump_gui.core.config.fields import Scenario
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.formats.acl_json import acl_text_doc
from ascend_dump_gui.core.config.rules.acl import RULES as ACL_RULES
from ascend_dump_gui.core.config.rules.engine import CheckContext, is_file, run_rules
from ascend_dump_gui.core.config.rules.env import RULES as ENV_RULES
from ascend_dump_gui.core.config.rules.locations import LOCATION_RULES
from ascend_dump_gui.core.config.rules.precision_files import side_file_findings
from ascend_dump_gui.core.config.schema.acl import ACL_JSON
from ascend_dump_gui.core.config.schema.acl_facts import is_exception
from ascend_dump_gui.core.config.schema.check import check_values
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
PRECISION_MODES = ("high_precision", "high_performance", "enable_float_32_execution",
                   "enable_hi_float_32_execution", "support_out_of_bound_index", "keep_fp16", "super_performance")
FILE_ENV_RULES = tuple(r for r in ENV_RULES if r not in LOCATION_RULES)   # location notes: once, for the config
Checker = Callable[[str, str, Mapping[str, Any], CheckContext], list[tuple[Severity, str]]]


def resolve(value: str, ctx: CheckContext) -> Path | None:
    """Where ``value`` points on this machine, or None when it is relative and there is no base folder."""
    path = Path(value).expanduser()
    if path.is_absolute():
        return path
    return ctx.base_dir / path if ctx.base_dir is not None else None


def check_files(scenario: Scenario, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
    """Findings about the files that options point to (content problems, or an info when absent here)."""
    out: list[Finding] = []
    for key, value in values.items():
        if not scenario.has(key) or not scenario.field(key).points_to_file or not isinstance(value, str) or not value:
            continue
        source = scenario.field(key).source
        path = resolve(value, ctx)
        if path is None or not is_file(path):
            out.append(_not_found(key, value, path, ctx, source))
            continue
        if key == "dump_config_path":
            out.extend(_acl_file(path, ctx))
            continue
        checker = CONTENT.get(key)
        if checker is None:
            continue
        try:
            text = jsontext.read_text(path)
        except InputError as exc:
            out.append(Finding("file.unreadable", E, (key,), msg("{key}: {exc}", key=key, exc=str(exc)), source))
            continue
        out.extend(Finding(f"file.{key}", severity, (key,), msg("{key} ({name}): {message}",
                                                                key=key, name=path.name, message=message), source)
                   for severity, message in checker(text, str(path), values, ctx))
        out.extend(side_file_findings(key, path.name, text, ctx))
    return out


def _not_found(key: str, value: str, path: Path | None, ctx: CheckContext, source: str) -> Finding:
    """A warning when the file is missing where it was looked for (the job fails or ignores it); a note when a
    relative path has no folder to resolve against here."""
    if path is None:
        return Finding("file.not_found", N, (key,), msg("{key}: {value} is relative and there is no "
                                                        "folder to resolve it against, so its content is "
                                                        "not checked; it must exist where the job runs.",
                                                        key=key, value=value), source)
    shown = value if Path(value).is_absolute() else f"{value} (looked in {ctx.base_dir})"
    return Finding("file.not_found", W, (key,), msg("{key}: {shown} is not a file on this machine, so "
                                                    "its content is not checked; it must exist where the "
                                                    "job runs, or the job fails.", key=key, shown=shown), source)


def _acl_file(path: Path, ctx: CheckContext) -> list[Finding]:
    """torchair's dump_config_path file goes to the acl.json parser, so every acl.json rule applies."""
    source = "seed 004: dump_config_path; runtime-rules §2.4"
    try:
        doc = acl_text_doc(jsontext.read_text(path), path)
    except InputError as exc:
        return [Finding("file.dump_config_path", E, ("dump_config_path",), msg("dump_config_path: {exc}",
                                                                               exc=str(exc)), source)]
    inner = CheckContext(env=ctx.env, product=ctx.product, base_dir=path.parent, mode=ctx.mode, facts=doc.facts,
                         scenario="acl_json")
    found = doc.problems + check_values(ACL_JSON, doc.values, product=ctx.product) \
        + run_rules(ACL_RULES, doc.values, inner) + run_rules(FILE_ENV_RULES, doc.values, inner)
    out = [Finding(f.rule, f.severity, ("dump_config_path", *f.options),
                   msg("dump_config_path ({name}): {message}", name=path.name, message=f.text), f.source, None)
           for f in found]
    if is_exception(doc.values):
        out.append(Finding("torchair.json_exception_scene", W, ("dump_config_path", "dump_scene"),
                           msg("dump_config_path ({name}) sets an exception dump_scene; under torchair "
                               "this has no effect because torch_npu already switches exception dump on.",
                               name=path.name), source))
    return out


def _json(text: str, origin: str) -> tuple[Any, str | None]:
    try:
        return jsontext.loads(text, origin, max_depth=jsontext.PROJECT_MAX_DEPTH)[0], None
    except InputError as exc:
        return None, str(exc).split(": ", 1)[-1] + (f" (line {exc.line}, column {exc.column})" if exc.line else "")


def _fusion_switch(text: str, origin: str, values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, str]]:
    obj, problem = _json(text, origin)
    if problem:
        return [(E, problem)]
    switch = obj.get("Switch") if isinstance(obj, dict) else None
    if not isinstance(switch, dict):
        return [(E, 'the file must be a JSON object {"Switch": {"GraphFusion": {...}, "UBFusion": {...}}}')]
    out = []
    for group, passes in switch.items():
        if group not in ("GraphFusion", "UBFusion"):
            out.append((W, msg("\"{group}\" is not GraphFusion or UBFusion; it is ignored", group=group)))
            continue
        if not isinstance(passes, dict):
            out.append((E, msg("{group} must be an object of pass names to \"on\"/\"off\"", group=group)))
            continue
        out.extend((E, msg("{group}.{name} is {state!r}; use \"on\" or \"off\"", group=group, name=name, state=state))
                   for name, state in passes.items() if state not in ("on", "off"))
    return out


def _mixlist(text: str, origin: str, values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, str]]:
    obj, problem = _json(text, origin)
    if problem:
        return [(E, problem)]
    if not isinstance(obj, dict):
        return [(E, 'the file must be a JSON object such as {"black-list": {"to-add": ["MatMul"]}}')]
    out = []
    for name, lists in obj.items():
        if name not in ("black-list", "white-list", "gray-list"):
            out.append((W, msg("\"{name}\" is not black-list, white-list or gray-list; it is ignored", name=name)))
            continue
        if not isinstance(lists, dict):
            out.append((E, msg("{name} must be an object with to-add / to-remove lists", name=name)))
            continue
        for action, ops in lists.items():
            if action not in ("to-add", "to-remove"):
                out.append((W, msg("{name}.\"{action}\" is not to-add or to-remove; it is ignored",
                                   name=name, action=action)))
            elif not isinstance(ops, list) or not all(isinstance(o, str) for o in ops):
                out.append((E, msg("{name}.{action} must be a list of operator type names",
                                   name=name, action=action)))
    return out


def _dtypes(text: str, origin: str, values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, str]]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rule = parse_customize_line(line)
        if rule is None:
            out.append((E, msg("line {number} is not 'OpName::InputDtype:...,OutputDtype:...' or "
                               "'OpType::TypeName:InputDtype:...,OutputDtype:...': {line}",
                               number=number, line=line[:80])))
            continue
        unknown = [w for w in rule.inputs + rule.outputs if w not in DTYPES]
        if unknown:
            out.append((W, msg("line {number}: {unknown} is not a data type name the compiler knows",
                               number=number, unknown=', '.join(unknown))))
    return out


def _precision_ini(text: str, origin: str, values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, str]]:
    out = []
    section = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            if section not in ("ByOpType", "ByNodeName"):
                out.append((W, msg("line {number}: section [{section}] is not [ByOpType] or [ByNodeName]",
                                   number=number, section=section)))
            continue
        name, sep, mode = line.partition("=")
        if not sep or not name.strip():
            out.append((E, msg("line {number} is not name=mode: {line}", number=number, line=line[:80])))
        elif section is None:
            out.append((E, msg("line {number}: {name} comes before any [ByOpType]/[ByNodeName] section",
                               number=number, name=name.strip())))
        elif mode.strip() not in PRECISION_MODES:
            out.append((E, msg("line {number}: {mode!r} is not one of {precision_modes}",
                               number=number, mode=mode.strip(), precision_modes=', '.join(PRECISION_MODES))))
        elif mode.strip() == "enable_float_32_execution" and ctx.product not in (None, "atlas_a2", "atlas_a3"):
            out.append((W, msg("line {number}: enable_float_32_execution needs Atlas A2/A3", number=number)))
        elif mode.strip() == "enable_hi_float_32_execution":   # seed 002 op_precision_mode
            out.append((W, msg("line {number}: enable_hi_float_32_execution is not supported in the current version",
                               number=number)))
    return out


CONTENT: dict[str, Checker] = {
    "fusion_switch_file": _fusion_switch,
    "modify_mixlist": _mixlist,
    "customize_dtypes": _dtypes,
    "op_precision_mode": _precision_ini,
}
