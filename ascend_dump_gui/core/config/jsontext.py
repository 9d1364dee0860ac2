"""Reading config text safely: size and binary checks, strict JSON with line/column errors, the runtime's limits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.errors import InputError, os_problem
from ascend_dump_gui.core.messages import Text, msg

MAX_BYTES = 10 * 1024 * 1024      # acl::JsonParser refuses larger files (runtime-rules §1.1)
ACL_MAX_DEPTH = 10                # at most 10 levels of { and 10 of [, counted naively (runtime-rules §1.1)
PROJECT_MAX_DEPTH = 32


def read_text(path: str | Path) -> str:
    """The UTF-8 text of a config file; InputError when missing, too large, or not text."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise InputError(path, msg("is not a file"))
        if size > MAX_BYTES:
            raise InputError(path, msg("is {size} MiB; config files are at most 10 MiB (the runtime refuses larger "
                                       "ones)", size=f"{size / 1048576:.1f}"))
        data = path.read_bytes()
    except (OSError, ValueError) as exc:
        raise InputError(path, msg("cannot be read: {problem}", problem=os_problem(exc))) from None
    return decode(data, path)


def decode(data: bytes, origin: str | Path | None) -> str:
    """UTF-8 text of ``data`` (a BOM is dropped); InputError for binary data."""
    if len(data) > MAX_BYTES:
        raise InputError(origin, msg("is {size} MiB; config files are at most 10 MiB",
                                     size=f"{len(data) / 1048576:.1f}"))
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(origin, msg("is not a text file (binary data at byte {offset})", offset=nul))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(origin, msg("is not a UTF-8 text file (undecodable byte at offset {offset})",
                                     offset=exc.start)) from None
    return text[1:] if text.startswith("\ufeff") else text


def check_depth(text: str, origin: str | Path | None, limit: int) -> None:
    """Refuse more than ``limit`` nested { or [, counted the runtime's naive way (brackets in strings count)."""
    depth = {"{": 0, "[": 0}
    close = {"}": "{", "]": "["}
    for pos, ch in enumerate(text):
        if ch in depth:
            depth[ch] += 1
            if depth[ch] > limit:
                line, column = _line_col(text, pos)
                inside = "" if _real_depth(text, pos, ch) > limit else \
                    " The runtime counts brackets inside strings too, so an operator name with brackets trips it."
                raise InputError(origin, f"nests more than {limit} levels of '{ch}'; the runtime refuses such "
                                         f"files (ACL_ERROR_PARSE_FILE).{inside}", line=line, column=column)
        elif ch in close:
            depth[close[ch]] = max(0, depth[close[ch]] - 1)


def loads(text: str, origin: str | Path | None, *, max_depth: int = ACL_MAX_DEPTH) -> tuple[Any, list[str]]:
    """Strict JSON (no comments, trailing commas, NaN): the value and the keys that appeared twice."""
    check_depth(text, origin, max_depth)
    duplicates: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                duplicates.append(key)
            out[key] = value
        return out

    def constant(name: str) -> Any:
        raise ValueError(name)

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise InputError(origin, msg("is not valid JSON: {reason}", reason=_reason(exc)), line=exc.lineno,
                         column=exc.colno) from None
    except ValueError as exc:
        raise InputError(origin, msg("is not valid JSON: {name} is not a JSON value", name=str(exc))) from None
    except RecursionError:
        raise InputError(origin, msg("is not valid JSON: nested too deeply")) from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(origin, msg("is not valid JSON: a \\uD800-\\uDFFF escape without its surrogate pair "
                                     "(the runtime's parser refuses it)")) from None
    return value, duplicates


_DECODER_MESSAGES = {  # json.JSONDecodeError.msg (its position is said by the error's line and column)
    "Expecting value": msg("a value was expected here"),
    "Expecting property name enclosed in double quotes": msg("a key in double quotes was expected here"),
    "Expecting ',' delimiter": msg("a comma ',' was expected here"),
    "Expecting ':' delimiter": msg("a colon ':' was expected here"),
    "Unterminated string starting at": msg("a string is not closed (its closing double quote is missing)"),
    "Invalid control character at": msg("a string holds a control character (a tab or line break must be "
                                        "written as an escape such as \\t or \\n)"),
    "Invalid \\escape": msg("a string holds an invalid backslash escape"),
    "Invalid \\uXXXX escape": msg("a string holds an invalid \\uXXXX escape"),
}


def _reason(exc: json.JSONDecodeError) -> Text:
    """Why ``exc``'s text is not JSON, as a translatable sentence."""
    text, pos = exc.doc, exc.pos
    here = text[pos:pos + 1]
    before = text[:pos].rstrip()
    if here == "/":
        return msg("comments are not allowed in JSON (the runtime's parser refuses them)")
    if here in ("}", "]") and before.endswith(","):
        return msg("trailing comma before '{bracket}' (the runtime's parser refuses it)", bracket=here)
    if exc.msg.startswith("Extra data"):
        return msg("extra text after the end of the JSON value")
    if here == "'":
        return msg("strings must use double quotes")
    if exc.msg.startswith("Illegal trailing comma"):
        return msg("trailing comma (the runtime's parser refuses it)")
    return _DECODER_MESSAGES.get(exc.msg, msg("{problem}", problem=exc.msg))


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _real_depth(text: str, stop: int, opener: str) -> int:
    """Nesting of ``opener`` brackets at ``stop``, ignoring brackets inside strings."""
    closer = "}" if opener == "{" else "]"
    depth, in_string, escaped = 0, False, False
    for ch in text[:stop + 1]:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == opener:
            depth += 1
        elif ch == closer:
            depth -= 1
    return depth
