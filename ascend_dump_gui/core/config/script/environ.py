"""The environment a script run is evaluated with: what the user decided (``--script-env``) and how a script reads it.

Without a decision, ``os.environ["autotune"]``, ``os.environ.get("autotune")``, ``os.getenv("autotune")`` and
``"autotune" in os.environ`` are unknown, so a setting made under them is undecided. ``--script-env "autotune=true
-u OTHER"`` (``env(1)``'s syntax: ``NAME=VALUE`` sets, ``-u NAME`` unsets) decides them for the evaluation.
"""

from __future__ import annotations

import ast
import re
import shlex

ENV_READS = frozenset({"os.environ.get", "environ.get", "os.getenv", "getenv"})
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

Environ = dict[str, "str | None"]   # name -> value, None: decided absent


def split_env(text: str) -> Environ:
    """The variables ``text`` decides; ValueError naming the word it cannot read."""
    try:
        words = shlex.split(text or "")
    except ValueError as exc:
        raise ValueError(f"--script-env cannot be split like a shell: {exc}") from None
    decided: Environ = {}
    words_iter = iter(words)
    for word in words_iter:
        if word == "-u":
            name = next(words_iter, "")
            if not _NAME.fullmatch(name):
                raise ValueError(f"--script-env: -u needs a variable name, not {name!r}")
            decided[name] = None
            continue
        name, sep, value = word.partition("=")
        if not sep or not _NAME.fullmatch(name):
            raise ValueError(f"--script-env: {word!r} is not NAME=VALUE or -u NAME")
        decided[name] = value
    return decided


def join_env(decided: Environ) -> str:
    """The ``--script-env`` text for ``decided`` (the inverse of :func:`split_env`)."""
    return " ".join(f"-u {name}" if value is None else shlex.quote(f"{name}={value}")
                    for name, value in decided.items())


def is_environ(node: ast.expr) -> bool:
    """``os.environ`` (or ``environ`` imported from os)."""
    return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) \
        and node.value.id == "os" or isinstance(node, ast.Name) and node.id == "environ"


def variables_read(node: ast.AST) -> list[str]:
    """Names of the environment variables an expression reads with a literal key, in order."""
    names: list[str] = []
    for sub in ast.walk(node):
        key: ast.expr | None = None
        if isinstance(sub, ast.Subscript) and is_environ(sub.value):
            key = sub.slice
        elif isinstance(sub, ast.Call) and sub.args and _call_name(sub.func) in ENV_READS:
            key = sub.args[0]
        elif isinstance(sub, ast.Compare) and len(sub.ops) == 1 and isinstance(sub.ops[0], (ast.In, ast.NotIn)) \
                and is_environ(sub.comparators[0]):
            key = sub.left
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value not in names:
            names.append(key.value)
    return names


def _call_name(node: ast.expr) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))
