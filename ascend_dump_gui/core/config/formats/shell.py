"""Shell / env files: ``export K=V`` and ``K=V`` lines become an ``env`` document (never executed)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.fields import Scenario
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.sources import IMPORT_SOURCE
from ascend_dump_gui.core.config.values import from_text
from ascend_dump_gui.core.messages import Text, msg

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_REFERENCE = re.compile(r"\$(\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)\}|(?P<plain>[A-Za-z_][A-Za-z0-9_]*))")
_ASSIGNMENT = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)")
_SOURCE = IMPORT_SOURCE
SHELL_TEXT = "shell_text"   # fact: the file's text, so a save rewrites only the changed lines
# Linux refuses to exec with one environment string longer than MAX_ARG_STRLEN (32 pages: 131072 bytes, E2BIG) or
# with arguments and environment beyond ARG_MAX (2 MiB by default): an expansion past these is never a real run's.
MAX_VALUE = 131_072
MAX_TOTAL = 2 * 1024 * 1024


def parse_assignments(text: str) -> tuple[dict[str, str], dict[str, int], list[Finding]]:
    """Variables a shell file sets (as strings), the line of each, and findings for lines it cannot read."""
    env: dict[str, str] = {}
    lines: dict[str, int] = {}
    problems: list[Finding] = []
    budget = [MAX_TOTAL]   # characters expansions may still add, over the whole file
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("unset "):
            for name in line.split()[1:]:
                env.pop(name, None)
            continue
        match = _ASSIGNMENT.fullmatch(line)
        if match is None:
            if not re.fullmatch(r"export\s+[A-Za-z_][A-Za-z0-9_\s]*", line):
                problems.append(_finding(number, msg("not a variable assignment; ignored"), Severity.INFO))
            continue
        name, rest = match.groups()
        try:
            words = shlex.split(_ansi_c_words(rest), comments=True)
        except ValueError as exc:
            problems.append(_finding(number, msg("{name}: {error} (unbalanced quotes)", name=name, error=str(exc)),
                                     Severity.WARNING, name))
            continue
        if len(words) > 1 and not line.startswith("export"):
            problems.append(_finding(number, msg("{name}={value} has unquoted spaces; a shell runs `{command}` as a "
                                                 "command with {name} set only for it", name=name,
                                                 value=rest.strip(), command=words[1]),
                                     Severity.WARNING, name))
            continue
        pairs = [(name, words[0] if words else "")]
        for word in words[1:]:
            other, sep, value = word.partition("=")
            if sep and _NAME.fullmatch(other):
                pairs.append((other, value))
            else:
                problems.append(_finding(number, msg("{word!r} after {name}= is not NAME=value; ignored", word=word, name=name),
                                         Severity.WARNING, name))
        for key, value in pairs:
            if "$" in value and not rest.lstrip().startswith(("'", "$'")):
                value = _expand(value, env, number, key, problems, budget)
            env[key] = value
            lines[key] = number
    return env, lines, problems


_ANSI_C = re.compile(r"\$'((?:[^'\\]|\\.)*)'", re.DOTALL)
_ANSI_ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|.)", re.DOTALL)
_ANSI_NAMED = {"n": "\n", "t": "\t", "r": "\r", "e": "\x1b", "E": "\x1b", "a": "\a", "b": "\b", "f": "\f",
               "v": "\v"}


def _ansi_c_words(rest: str) -> str:
    """``$'...'`` words (bash's ANSI-C quoting, as exports write control characters) as plain quoted words; ``\\xHH``
    and octal escapes are bytes (UTF-8 together), ``\\u``/``\\U`` characters."""
    if "$'" not in rest:
        return rest

    def decoded(body: str) -> str:
        out = bytearray()
        position = 0
        for match in _ANSI_ESCAPE.finditer(body):
            out += body[position:match.start()].encode("utf-8", "surrogatepass")
            position = match.end()
            code = match[1]
            if code[0] == "x" and len(code) > 1 or code[0] in "01234567":
                out.append(int(code[1:], 16) & 0xFF if code[0] == "x" else int(code, 8) & 0xFF)
            elif code[0] in "uU" and len(code) > 1:
                value = int(code[1:], 16)
                out += (chr(value) if value <= 0x10FFFF else "\ufffd").encode("utf-8", "surrogatepass")
            else:
                out += _ANSI_NAMED.get(code, code).encode("utf-8", "surrogatepass")
        out += body[position:].encode("utf-8", "surrogatepass")
        return out.decode("utf-8", "replace")

    out: list[str] = []
    i, n = 0, len(rest)
    while i < n:       # only a $' outside quotes starts ANSI-C quoting ('$'"'"'' is the text $')
        c = rest[i]
        if c == "\\":
            out.append(rest[i:i + 2])
            i += 2
        elif c == "'":
            end = rest.find("'", i + 1)
            end = n if end < 0 else end + 1
            out.append(rest[i:end])
            i = end
        elif c == '"':
            end = i + 1
            while end < n and rest[end] != '"':
                end += 2 if rest[end] == "\\" else 1
            out.append(rest[i:end + 1])
            i = end + 1
        elif (match := _ANSI_C.match(rest, i)) is not None:
            out.append(shlex.quote(decoded(match[1])))
            i = match.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _expand(value: str, env: dict[str, str], number: int, name: str, problems: list[Finding],
            budget: list[int]) -> str:
    """``value`` with the references to variables set earlier replaced, when the result stays within
    :data:`MAX_VALUE` and the file's remaining ``budget`` (measured before it is built); else kept as written."""
    unknown: list[str] = []
    length = len(value) + sum(len(env[m["braced"] or m["plain"]]) - len(m.group(0))
                              for m in _REFERENCE.finditer(value) if (m["braced"] or m["plain"]) in env)
    if length > min(MAX_VALUE, len(value) + max(budget[0], 0)):
        if length > MAX_VALUE:
            message = msg("{name} would expand to {length:,} characters, more than {limit:,} (Linux refuses to start a "
                          "program with one environment string that long: MAX_ARG_STRLEN); the checker keeps it as "
                          "written", name=name, length=length, limit=MAX_VALUE)
        elif budget[0] < 0:
            return value   # said once for the file
        else:
            budget[0] = -1
            message = msg("{name} would bring the file's expanded variables beyond {limit:,} characters (Linux "
                          "refuses to start a program with an environment that large: ARG_MAX); the checker keeps "
                          "it as written", name=name, limit=MAX_TOTAL)
        problems.append(_finding(number, message, Severity.WARNING, name))
        return value
    budget[0] -= max(0, length - len(value))

    def sub(match: re.Match) -> str:
        ref = match["braced"] or match["plain"]
        if ref in env:
            return env[ref]
        unknown.append(ref)
        return match.group(0)

    expanded = _REFERENCE.sub(sub, value)
    if unknown or "$(" in value or "`" in value:
        if unknown:
            message = msg("{name} uses {references}, which the shell expands at run time; the checker keeps it as "
                          "written", name=name, references=", ".join("$" + u for u in unknown))
        else:
            message = msg("{name} uses a command, which the shell expands at run time; the checker keeps it as "
                          "written", name=name)
        problems.append(_finding(number, message, Severity.INFO))
    return expanded


def _finding(line: int, message: Text, severity: Severity, option: str = "") -> Finding:
    return Finding("import.not_understood" if severity is not Severity.INFO else "import.skipped", severity,
                   (option,) if option else (), msg("line {line}: {message}", line=line, message=message), _SOURCE,
                   extra={"line": line})


def parse_shell(text: str, origin: Path | None, scenario: Scenario) -> ConfigDoc:
    """An ``env`` document from shell text; values are typed by the env schema."""
    env, lines, problems = parse_assignments(text)
    values: dict[str, Any] = {k: from_text(scenario.field(k) if scenario.has(k) else None, v) for k, v in env.items()}
    return ConfigDoc("env", values, origin, problems, {"lines": lines, SHELL_TEXT: text})
