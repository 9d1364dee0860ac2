"""Where an op sits in the model's hierarchy: the scopes that hold it, outermost first.

The GE graph dump has no hierarchy of its own, so :class:`NameScopes` reads it from the op names
(``layer_3/attention/MatMul`` sits in ``layer_3`` then ``attention``). Another source (msprobe's
construct.json, say) implements the same one-method :class:`Hierarchy` protocol, or fills a
:class:`MappedScopes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class Hierarchy(Protocol):
    """Gives the scope chain of an op name: ``()`` for an op at the top level."""

    def scope_of(self, op_name: str) -> tuple[str, ...]: ...


class NameScopes:
    """Scopes from ``/``-separated op names; empty segments (``a//b``, a leading ``/``) are dropped."""

    def scope_of(self, op_name: str) -> tuple[str, ...]:
        parts = [p for p in op_name.split("/") if p]
        return tuple(parts[:-1])


class MappedScopes:
    """Scopes given per op by another source; ops it does not name fall back to ``fallback``."""

    def __init__(self, scopes: Mapping[str, tuple[str, ...]], fallback: Hierarchy | None = None) -> None:
        self._scopes = {name: tuple(chain) for name, chain in scopes.items()}
        self._fallback = fallback or NameScopes()

    def scope_of(self, op_name: str) -> tuple[str, ...]:
        found = self._scopes.get(op_name)
        return found if found is not None else self._fallback.scope_of(op_name)
