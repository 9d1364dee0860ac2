"""Untrusted text made inert for the program that reads it: spreadsheet cells and terminals.

Op names and types come from file names, dump headers and ``mapping.csv``; printed raw they can carry
spreadsheet formulas (``=HYPERLINK(...)``) or terminal escape sequences (ANSI ``ESC[``, a newline that
fakes a line of output).
"""

from __future__ import annotations

import re
import unicodedata

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)", re.IGNORECASE)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_PLAIN_FIRST = frozenset(chr(c) for c in range(0x21, 0x7F)) - set(_FORMULA_START)
"""A cell starting with one of these ASCII characters is shown as it is (NFKC leaves them, nothing to strip)."""


def csv_cell(text: str) -> str:
    """``text`` as a spreadsheet shows it without running it: a cell starting with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's advice), unless it is a plain number
    (``-0.5``, ``+1e-3``, ``-inf``, ``nan``). Leading spaces and full-width or small forms of these signs
    (``" =1+1"``, ``"＝1+1"``) count too: some spreadsheets trim or fold them on import."""
    if text[:1] in _PLAIN_FIRST:      # most cells: no normalisation needed
        return text
    first = unicodedata.normalize("NFKC", text.lstrip()[:1])
    if (text.startswith(_FORMULA_START) or first.startswith(_FORMULA_START)) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs")


def terminal_text(text: object) -> str:
    """``str(text)`` for a terminal: control and format characters (ESC, newline, carriage return,
    backspace, C1 controls, bidirectional overrides) appear as ``\\x1b``, ``\\n``, ``\\u202e``..."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(_escape(ch) if _is_control(ch) else ch for ch in s)


_JSON_SUSPECT = re.compile(r"[^\n -~]")


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    if not _is_control(ch):
        return ch
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_text(text: str) -> str:
    """JSON text (as :mod:`json` writes it) with the control and format characters it leaves raw (DEL,
    C1 controls such as the 8-bit CSI, bidirectional overrides, line separators, lone surrogates) written
    as ``\\uXXXX`` escapes: the same document for a program, nothing hidden on a terminal. Outside strings
    JSON text holds only ASCII, so escaping everywhere is safe."""
    return text if text.isascii() and "\x7f" not in text else _JSON_SUSPECT.sub(_json_escape, text)
