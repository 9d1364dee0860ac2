"""What an export target can carry of a config, under which names, and what it cannot — known before writing.

Options move between scenarios when the target has an option of the same name and kind, or when the schema says
they mean the same (``FieldSpec.same_as``, read both ways): acl.json ``dump_debug`` <-> ``enable_dump_debug``,
``dump_list`` rows of operator names <-> ``enable_dump`` + ``dump_layer``. An option at its default needs no
counterpart; any other option without one refuses the target, naming it. What is not an option (environment
variables set in a script, other acl.json sections, torchair's compile mode) is listed as dropped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario
from ascend_dump_gui.core.config.formats.acl_json import ACL_TEXT
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.names import EXPORT_TARGETS, format_name
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.tf2 import ENV_KEYS
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.messages import Text, joined, msg

TARGET_SCENARIO = {"acl_json": "acl_json", "tf1_python": "tf1_session", "tf2_python": "tf2_npu_device",
                   "torchair_python": "torchair", "shell": "env", "msprobe_json": "msprobe_config",
                   "torch_npu_python": "torch_npu"}
_EMPTY = (None, "", [], (), {})


@dataclass(frozen=True)
class ExportPlan:
    """``values`` as the target names them; ``refused`` options stop the export, ``dropped`` things are lost."""

    target: str
    scenario: str
    values: dict[str, Any]
    refused: tuple[tuple[str, Text], ...] = ()
    dropped: tuple[tuple[str, Text], ...] = ()

    @property
    def reason(self) -> str:
        """Why the target cannot carry the config ("" when it can)."""
        if not self.refused:
            return ""
        return msg("{problems}; export it as {scenario} or as a project file instead",
                   problems=joined([why for _key, why in self.refused], "; "), scenario=format_name(self.scenario))


def plan_export(doc: ConfigDoc, to: str) -> ExportPlan:
    """How ``doc`` maps onto export target ``to``. DumpError for an unknown target."""
    if to not in EXPORT_TARGETS:
        raise DumpError(f"unknown export target {to!r}; use one of {', '.join(EXPORT_TARGETS)}")
    dropped = _not_options(doc, to)
    if (to == "msprobe_json") != (doc.scenario == "msprobe_config") and to != "project":
        if not (to == "acl_json" and doc.values.get("level") == "L2"):   # L2 hands msprobe's kernel config to ACL
            why = msg("msprobe config.json and {scenario} share no options", scenario=format_name(
                doc.scenario if to == "msprobe_json" else TARGET_SCENARIO.get(to, to)))
            return ExportPlan(to, doc.scenario, {}, (("scenario", why),), tuple(dropped))
        return ExportPlan(to, doc.scenario, dict(doc.values), (), tuple(dropped))
    target = SCENARIOS.get(TARGET_SCENARIO.get(to, ""))
    if to == "project" or target is None or doc.scenario == target.name or doc.scenario not in SCENARIOS:
        return ExportPlan(to, doc.scenario, dict(doc.values), (), tuple(dropped))
    source = SCENARIOS[doc.scenario]
    values: dict[str, Any] = {}
    refused: dict[str, Text] = {}
    consumed: set[str] = set()
    for key, value in doc.values.items():
        if doc.scenario == "tf2_npu_device" and key in ENV_KEYS and target.name != "env":
            if to == "acl_json":
                dropped.append((key, msg("{key} is an environment variable; acl.json cannot set it", key=key)))
            else:
                values[key] = value
            continue
        if not source.has(key):
            dropped.append((key, msg("{key} is not an option of {scenario}; it is not carried", key=key,
                                     scenario=format_name(source.name))))
            continue
        spec = source.field(key)
        name = equivalent(source, key, target)
        if name is None:
            if _is_default(spec, value):
                dropped.append((key, msg("{key} is at its default; {target} needs no counterpart", key=key,
                                         target=format_name(target.name))))
            else:
                refused[key] = msg("{key} has no {target} equivalent", key=key, target=format_name(target.name))
            continue
        carried, problem = _carry(source, spec, target, target.field(name), value, doc.values, consumed)
        if problem is not None:
            refused[key] = problem
        else:
            values.update(carried)
    refusals = tuple((k, why) for k, why in refused.items() if k not in consumed)
    return ExportPlan(to, doc.scenario, {**_default_gaps(source, target, doc.values), **values}, refusals,
                      tuple(dropped))


def _default_gaps(source: Scenario, target: Scenario, values: dict[str, Any]) -> dict[str, Any]:
    """Unset options whose default differs in the target (acl.json dump_mode "output", torchair's "all"): written
    out, so the exported config behaves as the original."""
    out: dict[str, Any] = {}
    for spec in source.fields:
        name = equivalent(source, spec.key, target) if spec.key not in values else None
        if name is None or spec.default in _EMPTY or spec.kind in (Kind.TABLE, Kind.BOOL):
            continue
        other = target.field(name)
        if other.kind is spec.kind and other.default != spec.default and spec.default in (other.choices or
                                                                                              (spec.default,)):
            out[name] = spec.default
    return out


def equivalent(source: Scenario, key: str, target: Scenario) -> str | None:
    """The option of ``target`` that means ``key`` of ``source``: declared in the schema (either side), else the
    same name."""
    for ref in source.field(key).same_as:
        scenario, _, name = ref.partition(".")
        if scenario == target.name and target.has(name):
            return name
    mine = f"{source.name}.{key}"
    declared = next((f.key for f in target.fields if mine in f.same_as), None)
    if declared is not None:
        return declared
    return key if target.has(key) else None


def _column_counterpart(column: FieldSpec, scenario: str) -> str | None:
    return next((ref.partition(".")[2] for ref in column.same_as if ref.partition(".")[0] == scenario), None)


def _carry(source: Scenario, spec: FieldSpec, target: Scenario, tspec: FieldSpec, value: Any,
           values: dict[str, Any], consumed: set[str]) -> tuple[dict[str, Any], Text | None]:
    """The target values for one option, or why it cannot be carried."""
    pairs = spec.same_values or tuple((b, a) for a, b in tspec.same_values)
    if pairs and (f"{target.name}.{tspec.key}" in spec.same_as or f"{source.name}.{spec.key}" in tspec.same_as):
        return _mapped_value(spec, target, tspec, value, pairs)
    if spec.kind is tspec.kind:
        if tspec.kind is Kind.CHOICE and tspec.choices and value not in tspec.choices:
            return {}, msg("{key}={value} is not one of the {target} values ({choices})", key=spec.key,
                           value=json.dumps(value), target=format_name(target.name),
                           choices=", ".join(map(str, tspec.choices)))
        return {tspec.key: value}, None
    if spec.kind is Kind.TABLE and tspec.kind is Kind.BOOL:
        return _rows_to_switch(spec, target, tspec, value)
    if spec.kind is Kind.BOOL and tspec.kind is Kind.TABLE:
        return _switch_to_rows(source, spec, tspec, value, values, consumed)
    return {}, msg("{key} is a {kind} option here and a {other} option in {target}", key=spec.key,
                   kind=spec.kind.value, other=tspec.kind.value, target=format_name(target.name))


def _mapped_value(spec: FieldSpec, target: Scenario, tspec: FieldSpec, value: Any,
                  pairs: tuple[tuple[Any, Any], ...]) -> tuple[dict[str, Any], Text | None]:
    """A value spelled differently in the target (dump_scene "aic_err_norm_dump" <-> enable_exception_dump 1)."""
    found = next((theirs for mine, theirs in pairs if mine == value), _NONE)
    if found is None:   # the target's way of saying "not set"
        return {}, None
    if found is not _NONE:
        return {tspec.key: found}, None
    return {}, msg("{key}={value} has no {target} equivalent", key=spec.key, value=json.dumps(value),
                   target=format_name(target.name))


_NONE = object()


def _rows_to_switch(spec: FieldSpec, target: Scenario, tspec: FieldSpec,
                    rows: Any) -> tuple[dict[str, Any], Text | None]:
    """acl.json dump_list -> enable_dump, with the row columns that have a counterpart (layer -> dump_layer)."""
    columns = {c.key: c for c in spec.columns}
    names: dict[str, list[str]] = {}
    for row in rows if isinstance(rows, list) else []:
        for column, cell in (row.items() if isinstance(row, dict) else ()):
            other = _column_counterpart(columns[column], target.name) if column in columns else None
            if other is None:
                if cell in _EMPTY:
                    continue
                return {}, msg("{key} rows set {column}, which has no {target} equivalent", key=spec.key,
                               column=column, target=format_name(target.name))
            names.setdefault(other, []).extend(cell if isinstance(cell, list) else str(cell).split())
    out: dict[str, Any] = {tspec.key: bool(rows)}
    for other, found in names.items():
        kind = target.field(other).kind if target.has(other) else Kind.STR
        out[other] = " ".join(found) if kind is Kind.STR else found
    return out, None


def _switch_to_rows(source: Scenario, spec: FieldSpec, tspec: FieldSpec, value: Any, values: dict[str, Any],
                    consumed: set[str]) -> tuple[dict[str, Any], Text | None]:
    """enable_dump (+ dump_layer) -> one acl.json dump_list row of operator names."""
    if not value:
        return {}, None
    row: dict[str, Any] = {}
    for column in tspec.columns:
        other = _column_counterpart(column, source.name)
        if other is not None and values.get(other) not in _EMPTY:
            cell = values[other]
            row[column.key] = cell.split() if isinstance(cell, str) and column.kind is Kind.STR_LIST else cell
            consumed.add(other)
    if not row:
        return {}, msg("{key} without operator names has no acl.json equivalent (acl.json dumps a whole model only "
                       "under its model_name in {table})", key=spec.key, table=tspec.key)
    return {tspec.key: [row]}, None


def _is_default(spec: FieldSpec, value: Any) -> bool:
    if value == spec.default:
        return True
    return value in _EMPTY and spec.default in _EMPTY


def _not_options(doc: ConfigDoc, to: str) -> list[tuple[str, Text]]:
    """What the config carries besides options and the target ``to`` would lose."""
    out: list[tuple[str, Text]] = []
    env = doc.facts.get("env")
    if env and to in ("acl_json", "shell"):
        out.append(("env", msg("the environment variables the script sets ({names}) are not written",
                               names=", ".join(env))))
    undecided = doc.facts.get("undecided")
    if isinstance(undecided, dict) and undecided and to != "project":   # the project file lists them
        out.append(("undecided", msg("settings the run may or may not make are not written: {items}", items=joined(
            [msg("{key} (only when {condition})", key=key, condition=u["condition"])
             for key, u in undecided.items()], "; "))))
    mode = doc.facts.get("mode")
    if doc.scenario == "torchair" and isinstance(mode, str) and to not in ("torchair_python", "project"):
        out.append(("mode", msg("torchair's compile mode ({mode}) is not written", mode=mode)))
    text = doc.facts.get(ACL_TEXT)
    if doc.scenario == "acl_json" and isinstance(text, str) and to != "acl_json":
        try:
            whole = json.loads(text) if text.strip() else {}
        except ValueError:
            whole = {}
        others = [k for k in whole if k != "dump"] if isinstance(whole, dict) else []
        if others:
            out.append(("acl_json", msg("acl.json sections other than dump ({keys}) are not written",
                                        keys=", ".join(others))))
    return out
