"""Conversions between Python values and their serialized forms (acl.json words, env strings, JSON objects)."""

from __future__ import annotations

import json
import re
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind

_INT_RE = re.compile(r"[+-]?\d+")


def from_json(spec: FieldSpec, raw: Any) -> Any:
    """A JSON value as the Python value of ``spec`` ("on"/"off" words become bools); unknown forms stay raw."""
    if spec.kind is Kind.BOOL and spec.bool_words and isinstance(raw, str) and raw in spec.bool_words:
        return raw == spec.bool_words[0]
    return raw


def to_json(spec: FieldSpec | None, value: Any) -> Any:
    """The JSON form of a Python value (bools become the field's words when it has them)."""
    if spec is not None and spec.kind is Kind.BOOL and spec.bool_words and isinstance(value, bool):
        return spec.bool_words[0] if value else spec.bool_words[1]
    if isinstance(value, tuple):
        return list(value)
    return value


def from_text(spec: FieldSpec | None, text: str) -> Any:
    """An environment-variable string as the Python value of ``spec``; text that does not fit stays a string."""
    if spec is None:
        return text
    if spec.kind is Kind.INT and _INT_RE.fullmatch(text.strip()):
        return int(text)
    if spec.kind is Kind.FLOAT:
        try:
            return float(text)
        except ValueError:
            return text
    if spec.kind is Kind.MAPPING:
        parsed = json_object(text)
        return text if parsed is None else parsed
    if spec.kind is Kind.CHOICE and spec.choices and all(isinstance(c, int) for c in spec.choices) \
            and _INT_RE.fullmatch(text.strip()):
        return int(text)
    if spec.kind is Kind.BOOL and spec.bool_words and text in spec.bool_words:
        return text == spec.bool_words[0]
    return text


def json_object(value: Any) -> dict | None:
    """``value`` as a JSON object: a dict as is, JSON text of an object parsed, anything else None."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def to_text(spec: FieldSpec | None, value: Any) -> str:
    """The environment-variable string of a Python value."""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, bool) and spec is not None and spec.bool_words:
        return spec.bool_words[0] if value else spec.bool_words[1]
    return str(value)
