"""Walk a script's statements in source order with the chain of conditions that encloses each one.

``if``/``elif``/``else`` tests are decided as the walk reaches them (by a callback, so names bound earlier count);
a branch that is not taken is still walked, marked inactive, so its settings are known as variants. Loops, ``with``
and function bodies are walked once (a function is assumed to be called); ``except`` handlers and ``match`` cases
are conditions that cannot be decided. The module's own statements come first and then the bodies of its functions
and classes, in source order: functions run when called, after the module has bound its flags and constants.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

_MAX_TEXT = 120


@dataclass(frozen=True)
class Condition:
    """One enclosing condition: the test's source text, whether its else-branch is meant, and its truth in the run
    (None: undecided)."""

    text: str
    line: int
    negated: bool
    truth: bool | None
    node: ast.expr | None = None

    @property
    def holds(self) -> bool | None:
        if self.truth is None:
            return None
        return self.truth != self.negated

    def describe(self) -> str:
        return f"not ({self.text})" if self.negated else self.text


Conditions = tuple[Condition, ...]


def active(conditions: Conditions) -> bool:
    """The statement runs in this run (or might: undecided conditions count as running)."""
    return all(c.holds is not False for c in conditions)


def undecided(conditions: Conditions) -> tuple[Condition, ...]:
    return tuple(c for c in conditions if c.holds is None)


def describe(conditions: Conditions) -> str:
    return " and ".join(c.describe() for c in conditions)


class FlowWalker:
    """Calls ``visit(stmt, conditions)`` for every simple statement, in source order; ``scope(function, entering)``
    before and after a function body (its parameters are names of its own)."""

    def __init__(self, visit: Callable[[ast.stmt, Conditions], None],
                 decide: Callable[[ast.expr, Conditions], bool | None],
                 scope: Callable[[ast.FunctionDef | ast.AsyncFunctionDef, bool], None] | None = None) -> None:
        self.visit = visit
        self.decide = decide
        self.scope = scope

    def walk_module(self, module: ast.Module) -> None:
        """The module's statements, then its functions and classes (see the module docstring)."""
        self._deferred: list[tuple[ast.stmt, Conditions]] | None = []
        self.walk(module.body)
        deferred, self._deferred = self._deferred, None
        for stmt, conditions in deferred:
            self._statement(stmt, conditions)

    def walk(self, body: list[ast.stmt], conditions: Conditions = ()) -> None:
        for stmt in body:
            if getattr(self, "_deferred", None) is not None and isinstance(
                    stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self._deferred.append((stmt, conditions))
                continue
            self._statement(stmt, conditions)

    def _statement(self, stmt: ast.stmt, conditions: Conditions) -> None:   # noqa: PLR0912 - one case per kind
        if isinstance(stmt, ast.If):
            truth = self.decide(stmt.test, conditions)
            text = _text(stmt.test)
            self.walk(stmt.body, conditions + (Condition(text, stmt.lineno, False, truth, stmt.test),))
            if stmt.orelse:
                self.walk(stmt.orelse, conditions + (Condition(text, stmt.lineno, True, truth, stmt.test),))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and self.scope is not None:
            self.scope(stmt, True)
            try:
                self.walk(stmt.body, conditions)
            finally:
                self.scope(stmt, False)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.walk(stmt.body, conditions)
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            self.walk(stmt.body, conditions)
            self.walk(stmt.orelse, conditions)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            self.walk(stmt.body, conditions)
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            self.walk(stmt.body, conditions)
            for handler in stmt.handlers:
                what = ast.unparse(handler.type) if handler.type is not None else "an exception"
                self.walk(handler.body, conditions + (Condition(f"except {what}", handler.lineno, False, None),))
            self.walk(stmt.orelse, conditions)
            self.walk(stmt.finalbody, conditions)
        elif isinstance(stmt, ast.Match):
            subject = _text(stmt.subject)
            for case in stmt.cases:
                text = f"{subject} matches {_text(case.pattern)}"
                self.walk(case.body, conditions + (Condition(text, case.pattern.lineno, False, None),))
        else:
            self.visit(stmt, conditions)


def _text(node: ast.AST) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT - 1] + "…"
