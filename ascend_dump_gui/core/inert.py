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


def csv_cell(text: str) -> str:
    """``text`` as a spreadsheet shows it without running it: a cell starting with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's advice), unless it is a plain number
    (``-0.5``, ``+1e-3``, ``-inf``, ``nan``). Leading spaces and full-width or small forms of these signs
    (``" =1+1"``, ``"＝1+1"``) count too: some spreadsheets trim or fold them on import."""
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
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")


def terminal_text(text: object) -> str:
    """``str(text)`` for a terminal: control and format characters (ESC, newline, carriage return,
    backspace, C1 controls, bidirectional overrides) appear as ``\\x1b``, ``\\n``, ``\\u202e``..."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(_escape(ch) if _is_control(ch) else ch for ch in s)
