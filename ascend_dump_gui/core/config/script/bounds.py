"""Size limits of what the script evaluator builds, each checked before the value is built.

A script is untrusted text: ``"{:>4000000000}".format(x)``, ``"%01000000000d" % 0``, ``y = y * y`` repeated or an
f-string of thousands of parts would build gigabytes if evaluated as Python does. The evaluator asks these functions
first and gives up on the expression (:class:`TooLarge`, the value is then unknown) instead.
"""

from __future__ import annotations

import ast
import re
import string
from typing import Any

MAX_TEXT = 100_000        # characters of a string (or items of a list/tuple) the evaluator builds
MAX_INT_BITS = 4_096      # bits of an integer it builds or reads (str() of it stays far below Python's digit limit)
BIG_INT_NAME = "<big integer>"   # what a literal beyond MAX_INT_BITS becomes in the syntax tree
_PERCENT = re.compile(r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-#0 +]*)(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d+))?"
                      r"[hlL]?(?P<type>[diouxXeEfFgGcrsa%])")
_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>\d+)?[_,]?(?:\.(?P<precision>\d+))?[bcdeEfFgGnosxX%]?")


class TooLarge(ValueError):
    """The expression would build a value beyond the limits; the message says what."""


def check_int(value: Any) -> Any:
    """``value``, or TooLarge when it is an integer beyond :data:`MAX_INT_BITS`."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TooLarge(f"an integer of more than {MAX_INT_BITS} bits")
    return value


def check_length(length: int) -> None:
    """TooLarge when a text or sequence of ``length`` would exceed :data:`MAX_TEXT`."""
    if length > MAX_TEXT:
        raise TooLarge(f"a text or list longer than {MAX_TEXT:,}")


def product_bits(left: int, right: int) -> None:
    """TooLarge when ``left * right`` would exceed :data:`MAX_INT_BITS`."""
    if left.bit_length() + right.bit_length() > MAX_INT_BITS + 1:
        raise TooLarge(f"an integer of more than {MAX_INT_BITS} bits")


def format_length(value: Any, depth: int = 0) -> int:
    """An upper bound of ``len(str(value))`` for the values the evaluator holds, without building the text."""
    if isinstance(value, str):
        return len(value) * 4 + 2 if depth else len(value)   # repr() inside a container may escape each character
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() // 3 + 2
    if isinstance(value, (float, bool)) or value is None:
        return 32
    if isinstance(value, (list, tuple, dict)) and depth < 2:
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        return sum(format_length(item, depth + 1) + 2 for item in items) + 2
    return MAX_TEXT + 1


def _field_length(spec: str, value: Any) -> int:
    """Upper bound of one formatted field's length; TooLarge for a spec the evaluator does not follow."""
    match = _SPEC.fullmatch(spec)
    if match is None:
        raise TooLarge(f"a format spec it does not follow ({spec[:40]!r})")
    width, precision = (int(match[g]) if match[g] else 0 for g in ("width", "precision"))
    for number in (width, precision):
        check_length(number)
    return width + precision + format_length(value) + 8


def format_call(template: str, args: list[Any]) -> str:
    """``template.format(*args)`` after checking every field: positional or automatic numbering only (no
    ``{0.attr}`` / ``{0[key]}`` walks, no nested fields) and the widths, precisions and the total within bounds."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise TooLarge(f"a format string Python refuses ({exc})") from None
    total = 0
    automatic = 0
    for literal, name, spec, conversion in fields:
        total += len(literal)
        if name is None:
            continue
        if name and not name.isdigit() or "{" in (spec or ""):
            raise TooLarge(f"an attribute, index or nested field in a format string ({{{name[:40]}}})")
        index = int(name) if name else automatic
        automatic += not name
        if index >= len(args) or conversion not in (None, "s", "r", "a"):
            raise TooLarge("a format field without an argument")
        total += _field_length(spec or "", args[index]) * (2 if conversion else 1)
        check_length(total)
    return template.format(*args)


def percent_format(template: str, args: Any) -> str:
    """``template % args`` after checking every ``%`` field's width and precision (``*`` is not followed) and the
    total length."""
    values = args if isinstance(args, tuple) else (args,)
    total = len(template)
    position = 0
    for match in _PERCENT.finditer(template):
        if "*" in (match["width"] or "") + (match["precision"] or ""):
            raise TooLarge("a %-format with a * width")
        if match["type"] == "%":
            continue
        value = args.get(match["key"]) if isinstance(args, dict) and match["key"] is not None else \
            values[position] if position < len(values) else ""
        position += match["key"] is None
        spec = (match["width"] or "") + ("." + match["precision"] if match["precision"] else "")
        total += _field_length(spec, value)
        check_length(total)
    return template % args


def join_length(parts: list[str]) -> None:
    """TooLarge when joining ``parts`` would exceed the bound (checked before the join)."""
    check_length(sum(len(p) for p in parts))


def scrub_big_ints(tree: ast.AST) -> list[tuple[int, int]]:
    """Replace integer literals beyond :data:`MAX_INT_BITS` (hex literals escape Python's digit limit) by a name
    that evaluates to unknown; return (line, bits) of each, for a finding."""
    found = []
    for node in ast.walk(tree):
        for name, child in ast.iter_fields(node):
            if isinstance(child, ast.Constant) and _is_big(child.value):
                setattr(node, name, _placeholder(child))
                found.append((child.lineno, child.value.bit_length()))
            elif isinstance(child, list):
                for i, item in enumerate(child):
                    if isinstance(item, ast.Constant) and _is_big(item.value):
                        child[i] = _placeholder(item)
                        found.append((item.lineno, item.value.bit_length()))
    return found


def _is_big(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS


def _placeholder(node: ast.Constant) -> ast.Name:
    return ast.copy_location(ast.Name(BIG_INT_NAME, ast.Load()), node)
