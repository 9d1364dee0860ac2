"""Checks every set value against its :class:`FieldSpec`: unknown keys, types, choices, ranges, products."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario
from ascend_dump_gui.core.config.findings import Finding, Fix, Severity

_KIND_WORDS = {
    Kind.BOOL: "true or false", Kind.INT: "a whole number", Kind.FLOAT: "a number", Kind.STR: "a string",
    Kind.PATH: "a path string", Kind.STEP: 'a string such as "0|3-5|10"', Kind.STR_LIST: "a list of strings",
    Kind.TABLE: "a list of objects", Kind.MAPPING: "an object",
}


# adump's codes for the value checks (runtime-rules §1.8): EP0001 missing/empty/wrong type, EP0002 not in the set.
ADUMP_CODES = {"schema.type": "EP0001", "schema.empty": "EP0001", "schema.missing": "EP0001",
               "schema.choice": "EP0002"}


def nearest(name: str, known: Sequence[str], cutoff: float = 0.6) -> str | None:
    """The known name closest to ``name`` (difflib), or None."""
    found = difflib.get_close_matches(name, list(known), n=1, cutoff=cutoff)
    return found[0] if found else None


def check_values(scenario: Scenario, values: Mapping[str, Any], *, product: str | None = None,
                 mode: str | None = None) -> list[Finding]:
    """Findings for unknown keys and for values that do not fit their spec. Never raises."""
    severity = Severity.WARNING if scenario.name == "env" else Severity.ERROR
    out: list[Finding] = []
    known = [f.key for f in scenario.fields]
    for key, value in values.items():
        if not scenario.has(key):
            out.extend(_unknown(scenario, key, value, known))
            continue
        spec = scenario.field(key)
        found = _check_value(spec, key, value, severity, scenario.name)
        if scenario.name == "acl_json":
            found = [_with_adump_code(f) for f in found]
        out.extend(found)
        if spec.deprecated:
            out.append(_deprecated(spec, key))
        if product and spec.products and product not in spec.products:
            out.append(Finding("schema.product", Severity.WARNING, (key,),
                               f"{key} is supported only on {', '.join(spec.products)}, not on {product}; the runtime "
                               "rejects or ignores it there.", spec.source))
        if mode and spec.modes and mode not in {m.value for m in spec.modes}:
            out.append(Finding("schema.mode", Severity.WARNING, (key,),
                               f"{key} applies to {' / '.join(sorted(m.value for m in spec.modes))} only, "
                               f"not to {mode}.", spec.source))
    return out


def _with_adump_code(finding: Finding) -> Finding:
    """The adump error code (runtime-rules §1.8) added to an acl.json value finding, as the runtime log shows it."""
    code = ADUMP_CODES.get(finding.rule) if finding.severity is Severity.ERROR else None
    return replace(finding, message=f"{finding.message} ({code})") if code else finding


def _deprecated(spec: FieldSpec, key: str) -> Finding:
    """One finding per deprecated option: a warning when the runtime no longer reads it, else a note."""
    if spec.no_effect:
        return Finding("schema.deprecated", Severity.WARNING, (key,), f"{key} is deprecated: {spec.deprecated}",
                       spec.source, Fix(f"Remove {key}", ((key, None),)))
    return Finding("schema.deprecated", Severity.INFO, (key,), f"{key} is deprecated: {spec.deprecated}", spec.source)


def _unknown(scenario: Scenario, key: str, value: Any, known: list[str]) -> list[Finding]:
    retired = dict(scenario.retired_keys).get(key)
    if retired:
        return [Finding("schema.retired_key", Severity.WARNING, (key,), f"{key} is {retired}; it changes nothing.",
                        "schema", Fix(f"Remove {key}", ((key, None),)))]
    guess = nearest(key, known, cutoff=0.8 if scenario.unknown_keys == "quiet" else 0.6)
    if scenario.unknown_keys == "quiet" and guess is None:
        return []
    consequence = {
        "error": "the runtime rejects unknown options",
        "warning": "the runtime ignores unknown keys",
        "quiet": "the runtime does not read it",
    }.get(scenario.unknown_keys, "it is not checked")
    hint = f"; did you mean {guess}?" if guess else ""
    severity = Severity.ERROR if scenario.unknown_keys == "error" else Severity.WARNING
    fix = Fix(f"Rename {key} to {guess}", ((key, None), (guess, value))) if guess else None
    return [Finding("schema.unknown_key", severity, (key,),
                    f"{key} is not {_article(scenario.title)} {scenario.title} option ({consequence}){hint}", "schema", fix,
                    extra={"suggestion": guess} if guess else {})]


def _check_value(spec: FieldSpec, name: str, value: Any, severity: Severity, scenario: str) -> list[Finding]:
    kind = spec.kind
    if kind is Kind.BOOL:
        if isinstance(value, bool):
            return []
        if spec.bool_words:
            return [_bad(spec, name, severity, f'{name} must be "{spec.bool_words[0]}" or "{spec.bool_words[1]}", '
                                               f"got {value!r}", "schema.choice")]
        if isinstance(value, int) and value in (0, 1):
            return [Finding("schema.type", Severity.INFO, (name,),
                            f"{name} is {value}; write {bool(value)} (the runtime compares it with True/False).",
                            spec.source)]
        return [_bad(spec, name, severity, f"{name} must be True or False, got {value!r}")]
    if kind is Kind.CHOICE:
        return _check_choice(spec, name, value, severity)
    if kind is Kind.INT or kind is Kind.FLOAT:
        return _check_number(spec, name, value, severity)
    if kind in (Kind.STR, Kind.PATH, Kind.STEP):
        if not isinstance(value, str):
            return [_bad(spec, name, severity, f"{name} must be {_KIND_WORDS[kind]}, got {_type_word(value)} "
                                               f"{value!r}")]
        return []
    if kind is Kind.STR_LIST:
        return _check_str_list(spec, name, value, severity)
    if kind is Kind.TABLE:
        return _check_table(spec, name, value, severity)
    if kind is Kind.MAPPING:
        return _check_mapping(spec, name, value, severity, scenario)
    return []


def _check_choice(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    if value in spec.choices and type(value) is type(spec.choices[0]):
        return []
    listed = ", ".join(repr(c) if not isinstance(c, str) else c for c in spec.choices)
    if value == "":
        return [_bad(spec, name, severity, f"{name} is empty; use one of {listed}", "schema.empty")]
    words = [str(c) for c in spec.choices]
    guess = nearest(str(value), words)
    fix = None
    if guess is not None:
        new = spec.choices[words.index(guess)]
        fix = Fix(f"Set {name} to {new!r}", ((name, new),)) if "[" not in name else None
        hint = f"; did you mean {guess}?"
    else:
        hint = ""
    return [Finding("schema.choice", severity, (name,), f"{name} must be one of {listed}, got {value!r}{hint}",
                    spec.source, fix)]


def _check_number(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if spec.kind is Kind.FLOAT:
        ok = ok or isinstance(value, float)
    if not ok:
        return [_bad(spec, name, severity, f"{name} must be {_KIND_WORDS[spec.kind]}, got {_type_word(value)} "
                                           f"{value!r}")]
    if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
        return [_bad(spec, name, severity, f"{name} must be between {_num(spec.minimum)} and {_num(spec.maximum)}, "
                                           f"got {value}", "schema.range")]
    return []


def _check_str_list(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        return [_bad(spec, name, severity, f"{name} must be a list of strings, got {value!r}")]
    if spec.choices:
        wrong = [v for v in value if v not in spec.choices]
        if wrong:
            return [_bad(spec, name, severity, f"{name}: {', '.join(map(repr, wrong))} not allowed; items must be "
                                               f"among {', '.join(spec.choices)} (exact spelling)",
                         "schema.choice")]
    return []


def _check_table(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    if not isinstance(value, (list, tuple)):
        return [_bad(spec, name, severity, f"{name} must be a list of objects, got {_type_word(value)}")]
    out: list[Finding] = []
    for i, row in enumerate(value):
        where = f"{name}[{i}]"
        if not isinstance(row, dict):
            out.append(_bad(spec, where, severity, f"{where} must be an object, got {_type_word(row)} {row!r}"))
            continue
        out.extend(_check_entries(spec, where, row, severity, "", f"is not a known {name} entry key (ignored)"))
        out.extend(_bad(column, f"{where}.{column.key}", severity, f"{where} needs a {column.key} entry",
                        "schema.missing") for column in spec.columns if column.required and column.key not in row)
    return out


def _check_mapping(spec: FieldSpec, name: str, value: Any, severity: Severity, scenario: str) -> list[Finding]:
    if not isinstance(value, dict):
        return [_bad(spec, name, severity, f"{name} must be a JSON object, got {_type_word(value)} {value!r}")]
    if not spec.columns:
        return []
    return _check_entries(spec, name, value, severity, scenario, f"is not a known {name} key")


def _check_entries(spec: FieldSpec, where: str, entries: Mapping[str, Any], severity: Severity, scenario: str,
                   unknown: str) -> list[Finding]:
    """Each key of an object against ``spec.columns``; unknown keys get a warning saying ``unknown``."""
    columns = {c.key: c for c in spec.columns}
    out: list[Finding] = []
    for key, item in entries.items():
        column = columns.get(key)
        if column is None:
            guess = nearest(key, list(columns))
            hint = f"; did you mean {guess}?" if guess else ""
            out.append(Finding("schema.unknown_key", Severity.WARNING, (f"{where}.{key}",),
                               f"{where}.{key} {unknown}{hint}", "schema"))
        else:
            out.extend(_check_value(column, f"{where}.{key}", item, severity, scenario))
    return out


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _bad(spec: FieldSpec, name: str, severity: Severity, message: str, rule: str = "schema.type") -> Finding:
    return Finding(rule, severity, (name,), message, spec.source)


def _type_word(value: Any) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _num(value: float | None) -> str:
    if value is None:
        return "any"
    return str(int(value)) if float(value).is_integer() else str(value)
