"""Saving over what was read: only the edited values change in the original text, everything else is kept.

acl.json: the ``"dump"`` members whose values changed are replaced in place (removed ones are cut, new ones
appended), so other sections (``profiler`` ...), unknown keys, key order, layout and unchanged values stay byte for
byte. Env files: the assignment line of a changed variable is rewritten, comments and other lines stay.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from typing import Any

_DECODER = json.JSONDecoder()
_WS = re.compile(r"[ \t\n\r]*")
DELETE = object()   # a change that removes the key


class _Member:
    def __init__(self, key: str, start: int, value_start: int, value_end: int) -> None:
        self.key, self.start, self.value_start, self.value_end = key, start, value_start, value_end


def _members(text: str, pos: int) -> tuple[list[_Member], int] | None:
    """The members of the JSON object starting at ``text[pos] == "{"`` and the position of its ``}``."""
    members: list[_Member] = []
    pos = _WS.match(text, pos + 1).end()
    if text[pos:pos + 1] == "}":
        return members, pos
    while True:
        start = pos
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _WS.match(text, pos).end()
        if text[pos:pos + 1] != ":" or not isinstance(key, str):
            return None
        value_start = _WS.match(text, pos + 1).end()
        _value, value_end = _DECODER.raw_decode(text, value_start)
        members.append(_Member(key, start, value_start, value_end))
        pos = _WS.match(text, value_end).end()
        if text[pos:pos + 1] == "}":
            return members, pos
        if text[pos:pos + 1] != ",":
            return None
        pos = _WS.match(text, pos + 1).end()


def patch_json_section(text: str, section: str, changes: dict[str, Any]) -> str | None:
    """``text`` (a JSON object) with the members of its ``section`` object changed: key -> new JSON value, or
    :data:`DELETE`. None when the text is not laid out as such an object (the caller writes it afresh)."""
    try:
        start = _WS.match(text).end()
        if text[start:start + 1] != "{":
            return None
        top = _members(text, start)
        owner = next((m for m in reversed(top[0]) if m.key == section), None) if top else None
        if owner is None or text[owner.value_start] != "{":
            return None
        found = _members(text, owner.value_start)
    except (ValueError, IndexError):
        return None
    if found is None:
        return None
    members, close = found
    indent = _indent_of(text, members[0].start) if members else _indent_of(text, owner.start) + _unit(text)
    edits: list[tuple[int, int, str]] = []
    for key, value in changes.items():
        mine = [m for m in members if m.key == key]
        if value is DELETE:
            edits += [_cut(text, members, m, owner.value_start) for m in mine]
        elif mine:
            edits += [(m.value_start, m.value_end, _dump(value, text, indent)) for m in mine]
    added = [(k, v) for k, v in changes.items() if v is not DELETE and not any(m.key == k for m in members)]
    if added:
        inside = text[owner.value_start:close]
        newline = "\n" in inside or not members and "\n" in text
        eol = "\r\n" if "\r\n" in text else "\n"
        sep = "," + eol if newline else ", "
        lines = [f"{json.dumps(k, ensure_ascii=False)}: {_dump(v, text, indent)}" for k, v in added]
        joined = sep.join((indent if newline else "") + line for line in lines)
        if members:
            at = members[-1].value_end
            edits.append((at, at, sep + joined))
        elif newline:
            edits.append((owner.value_start + 1, close, f"{eol}{joined}{eol}{_indent_of(text, owner.start)}"))
        else:
            edits.append((owner.value_start + 1, close, joined))
    for begin, end, new in sorted(edits, reverse=True):
        text = text[:begin] + new + text[end:]
    return text


def _cut(text: str, members: list[_Member], member: _Member, open_brace: int) -> tuple[int, int, str]:
    index = members.index(member)
    if index > 0:
        return members[index - 1].value_end, member.value_end, ""
    if len(members) > 1:
        return member.start, members[1].start, ""
    return open_brace + 1, _WS.match(text, member.value_end).end(), ""


def _indent_of(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    prefix = text[line_start:pos]
    return prefix if not prefix.strip() else ""


def _unit(text: str) -> str:
    match = re.search(r"\n([ \t]+)\S", text)
    return match.group(1) if match else "    "


def _dump(value: Any, text: str, indent: str) -> str:
    """A JSON value laid out like the file: inline when short, else indented below ``indent``."""
    inline = json.dumps(value, ensure_ascii=False)
    if len(inline) <= 80 or "\n" not in text:
        return inline
    block = json.dumps(value, ensure_ascii=False, indent=_unit(text))
    return block.replace("\n", "\n" + indent)


# -- env files ---------------------------------------------------------------------------------------------------
_ASSIGN = re.compile(r"""(?P<lead>\s*(?:export\s+)?)(?P<name>[A-Za-z_][A-Za-z0-9_]*)="""
                     r"""(?P<value>'[^']*'|"(?:\\.|[^"\\])*"|[^\s#]*)(?P<rest>\s*(?:#.*)?)""")


def patch_shell(text: str, lines: dict[str, int], changes: dict[str, Any],
                quote: Callable[[str, Any], str]) -> str:
    """Env-file ``text`` with variables changed in place (key -> new text or :data:`DELETE`); ``lines`` gives the
    1-based line that last sets each variable; ``quote(key, value)`` gives the shell word. New variables are appended as ``export K=V`` lines."""
    rows = text.splitlines(keepends=True)
    added = []
    for key, value in changes.items():
        number = lines.get(key)
        if number is None or number > len(rows):
            if value is not DELETE:
                added.append(f"export {key}={quote(key, value)}\n")
            continue
        row = rows[number - 1]
        body = row.rstrip("\r\n")
        match = _ASSIGN.fullmatch(body)
        if value is DELETE:
            rows[number - 1] = "" if match and match["name"] == key else row
            continue
        ending = row[len(body):]
        if match and match["name"] == key:
            rows[number - 1] = f"{match['lead']}{key}={quote(key, value)}{match['rest']}{ending}"
        else:   # several assignments on one line: set the new value after it
            added.append(f"export {key}={quote(key, value)}\n")
    kept = "".join(rows)
    if added and kept and not kept.endswith(("\n", "\r")):
        kept += "\n"
    return kept + "".join(added)


def shell_word(text: str) -> str:
    """``text`` as one shell word (quoted only when needed)."""
    plain = bool(text) and all(c.isalnum() or c in "_-./:,@%+=" for c in text)
    return text if plain else shlex.quote(text)
