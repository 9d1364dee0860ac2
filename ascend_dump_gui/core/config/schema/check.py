"""Checks every set value against its :class:`FieldSpec`: unknown keys, types, choices, ranges, products."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario
from ascend_dump_gui.core.config.findings import Finding, Fix, Severity
from ascend_dump_gui.core.messages import msg

_KIND_WORDS = {
    Kind.BOOL: msg("true or false"), Kind.INT: msg("a whole number"), Kind.FLOAT: msg("a number"),
    Kind.STR: msg("a string"), Kind.PATH: msg("a path string"), Kind.STEP: msg('a string such as "0|3-5|10"'),
    Kind.STR_LIST: msg("a list of strings"), Kind.TABLE: msg("a list of objects"), Kind.MAPPING: msg("an object"),
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
                               msg("{key} is supported only on {products}, not on {product}; the runtime rejects or "
                                   "ignores it there.", key=key, products=", ".join(spec.products), product=product),
                               spec.source))
        if mode and spec.modes and mode not in {m.value for m in spec.modes}:
            out.append(Finding("schema.mode", Severity.WARNING, (key,),
                               msg("{key} applies to {modes} only, not to {mode}.", key=key,
                                   modes=" / ".join(sorted(m.value for m in spec.modes)), mode=mode), spec.source))
    return out


def _with_adump_code(finding: Finding) -> Finding:
    """The adump error code (runtime-rules §1.8) added to an acl.json value finding, as the runtime log shows it."""
    code = ADUMP_CODES.get(finding.rule) if finding.severity is Severity.ERROR else None
    return replace(finding, message=msg("{message} ({code})", message=finding.text, code=code)) if code else finding


def _deprecated(spec: FieldSpec, key: str) -> Finding:
    """One finding per deprecated option: a warning when the runtime no longer reads it, else a note."""
    if spec.no_effect:
        return Finding("schema.deprecated", Severity.WARNING, (key,), _deprecation(spec, key), spec.source,
                       Fix(msg("Remove {key}", key=key), ((key, None),)))
    return Finding("schema.deprecated", Severity.INFO, (key,), _deprecation(spec, key), spec.source)


def _deprecation(spec: FieldSpec, key: str) -> str:
    return msg("{key} is deprecated: {note}", key=key, note=msg(spec.deprecated))


def _unknown(scenario: Scenario, key: str, value: Any, known: list[str]) -> list[Finding]:
    retired = dict(scenario.retired_keys).get(key)
    if retired:
        return [Finding("schema.retired_key", Severity.WARNING, (key,), msg("{key} is {retired}; it changes nothing.",
                                                                            key=key, retired=msg(retired)),
                        "schema", Fix(msg("Remove {key}", key=key), ((key, None),)))]
    guess = nearest(key, known, cutoff=0.8 if scenario.unknown_keys == "quiet" else 0.6)
    if scenario.unknown_keys == "quiet" and guess is None:
        return []
    consequence = {
        "error": msg("the runtime rejects unknown options"),
        "warning": msg("the runtime ignores unknown keys"),
        "quiet": msg("the runtime does not read it"),
    }.get(scenario.unknown_keys, msg("it is not checked"))
    title = msg(scenario.title)
    severity = Severity.ERROR if scenario.unknown_keys == "error" else Severity.WARNING
    fix = Fix(msg("Rename {key} to {guess}", key=key, guess=guess), ((key, None), (guess, value))) if guess else None
    return [Finding("schema.unknown_key", severity, (key,),
                    msg("{key} is not an {scenario} option ({consequence}); did you mean {guess}?", key=key,
                        scenario=title, consequence=consequence, guess=guess) if guess and _article(title) == "an" else
                    msg("{key} is not a {scenario} option ({consequence}); did you mean {guess}?", key=key,
                        scenario=title, consequence=consequence, guess=guess) if guess else
                    msg("{key} is not an {scenario} option ({consequence})", key=key, scenario=title,
                        consequence=consequence) if _article(title) == "an" else
                    msg("{key} is not a {scenario} option ({consequence})", key=key, scenario=title,
                        consequence=consequence), "schema", fix,
                    extra={"suggestion": guess} if guess else {})]


# Python APIs whose dump options default to None: None written in the script means "not set" (seed 003:
# dump_step None dumps every step; tensorflow tf_adapter npu_config.py DumpConfig, npu_device dump_config.py).
NONE_MEANS_UNSET = ("tf1_session", "tf2_npu_device")


def _check_value(spec: FieldSpec, name: str, value: Any, severity: Severity, scenario: str) -> list[Finding]:
    kind = spec.kind
    if value is None and spec.default is None and scenario in NONE_MEANS_UNSET:
        return []
    if kind is Kind.BOOL:
        if isinstance(value, bool):
            return []
        if spec.bool_words:
            return [_bad(spec, name, severity, msg('{name} must be "{yes}" or "{no}", got {value!r}', name=name,
                                                   yes=spec.bool_words[0], no=spec.bool_words[1], value=value),
                         "schema.choice")]
        if isinstance(value, int) and value in (0, 1):
            return [Finding("schema.type", Severity.INFO, (name,),
                            msg("{name} is {value}; write {word} (the runtime compares it with True/False).",
                                name=name, value=value, word=bool(value)),
                            spec.source)]
        return [_bad(spec, name, severity, msg("{name} must be True or False, got {value!r}",
                                               name=name, value=value))]
    if kind is Kind.CHOICE:
        return _check_choice(spec, name, value, severity)
    if kind is Kind.INT or kind is Kind.FLOAT:
        return _check_number(spec, name, value, severity)
    if kind in (Kind.STR, Kind.PATH, Kind.STEP):
        if not isinstance(value, str):
            return [_bad(spec, name, severity, _wrong_kind(name, kind, value))]
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
        return [_bad(spec, name, severity, msg("{name} is empty; use one of {choices}", name=name, choices=listed),
                     "schema.empty")]
    words = [str(c) for c in spec.choices]
    guess = nearest(str(value), words)
    fix = None
    if guess is not None:
        new = spec.choices[words.index(guess)]
        fix = Fix(msg("Set {name} to {new!r}", name=name, new=new), ((name, new),)) if "[" not in name else None
        message = msg("{name} must be one of {choices}, got {value!r}; did you mean {guess}?", name=name,
                      choices=listed, value=value, guess=guess)
    else:
        message = msg("{name} must be one of {choices}, got {value!r}", name=name, choices=listed, value=value)
    return [Finding("schema.choice", severity, (name,), message, spec.source, fix)]


def _check_number(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if spec.kind is Kind.FLOAT:
        ok = ok or isinstance(value, float)
    if not ok:
        return [_bad(spec, name, severity, _wrong_kind(name, spec.kind, value))]
    if spec.clamped and (spec.minimum is not None and value < spec.minimum
                         or spec.maximum is not None and value > spec.maximum):
        bound = spec.minimum if spec.minimum is not None and value < spec.minimum else spec.maximum
        return [Finding("schema.range", Severity.WARNING, (name,),
                        msg("{name} must be between {low} and {high}, got {value}; the runtime uses {bound} instead",
                            name=name, low=_num(spec.minimum), high=_num(spec.maximum), value=value,
                            bound=_num(bound)), spec.source)]
    if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
        return [_bad(spec, name, severity, msg("{name} must be between {low} and {high}, got {value}", name=name,
                                               low=_num(spec.minimum), high=_num(spec.maximum), value=value),
                     "schema.range")]
    return []


def _check_str_list(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        return [_bad(spec, name, severity, msg("{name} must be a list of strings, got {value!r}", name=name,
                                               value=value))]
    if spec.choices:
        wrong = [v for v in value if v not in spec.choices]
        if wrong:
            return [_bad(spec, name, severity, msg("{name}: {wrong} not allowed; items must be among {choices} "
                                                   "(exact spelling)", name=name, wrong=", ".join(map(repr, wrong)),
                                                   choices=", ".join(spec.choices)), "schema.choice")]
    return []


def _check_table(spec: FieldSpec, name: str, value: Any, severity: Severity) -> list[Finding]:
    if not isinstance(value, (list, tuple)):
        return [_bad(spec, name, severity, msg("{name} must be a list of objects, got {kind}", name=name,
                                               kind=_type_word(value)))]
    out: list[Finding] = []
    for i, row in enumerate(value):
        where = f"{name}[{i}]"
        if not isinstance(row, dict):
            out.append(_bad(spec, where, severity, msg("{name} must be an object, got {kind} {value!r}", name=where,
                                                       kind=_type_word(row), value=row)))
            continue
        out.extend(_check_entries(spec, where, row, severity, "", msg("is not a known {name} entry key (ignored)",
                                                                      name=name)))
        out.extend(_bad(column, f"{where}.{column.key}", severity, msg("{name} needs a {key} entry", name=where,
                                                                       key=column.key),
                        "schema.missing") for column in spec.columns if column.required and column.key not in row)
    return out


def _check_mapping(spec: FieldSpec, name: str, value: Any, severity: Severity, scenario: str) -> list[Finding]:
    if not isinstance(value, dict):
        return [_bad(spec, name, severity, msg("{name} must be a JSON object, got {kind} {value!r}", name=name,
                                               kind=_type_word(value), value=value))]
    if not spec.columns:
        return []
    return _check_entries(spec, name, value, severity, scenario, msg("is not a known {name} key", name=name))


def _check_entries(spec: FieldSpec, where: str, entries: Mapping[str, Any], severity: Severity, scenario: str,
                   unknown: str) -> list[Finding]:
    """Each key of an object against ``spec.columns``; unknown keys get a warning saying ``unknown``."""
    columns = {c.key: c for c in spec.columns}
    out: list[Finding] = []
    for key, item in entries.items():
        column = columns.get(key)
        if column is None:
            guess = nearest(key, list(columns))
            message = (msg("{name} {unknown}; did you mean {guess}?", name=f"{where}.{key}", unknown=unknown,
                           guess=guess) if guess else msg("{name} {unknown}", name=f"{where}.{key}", unknown=unknown))
            out.append(Finding("schema.unknown_key", Severity.WARNING, (f"{where}.{key}",), message, "schema"))
        else:
            out.extend(_check_value(column, f"{where}.{key}", item, severity, scenario))
    return out


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _wrong_kind(name: str, kind: Kind, value: Any) -> str:
    return msg("{name} must be {expected}, got {kind} {value!r}", name=name, expected=_KIND_WORDS[kind],
               kind=_type_word(value), value=value)


def _bad(spec: FieldSpec, name: str, severity: Severity, message: str, rule: str = "schema.type") -> Finding:
    return Finding(rule, severity, (name,), message, spec.source)


def _type_word(value: Any) -> str:
    return {bool: msg("a boolean"), int: msg("a number"), float: msg("a number"), str: msg("a string"),
            list: msg("a list"), dict: msg("an object"), type(None): "null"}.get(type(value), type(value).__name__)


def _num(value: float | None) -> str:
    if value is None:
        return "any"
    return str(int(value)) if float(value).is_integer() else str(value)
