"""Translatable messages of the core: English text that remembers its template and values, so the GUI can show it
in the user's language (``ui.i18n``); the translation catalogue collects every ``msg("...")`` template in core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Text(str):
    """A message built while checking: the English text, plus the template with named ``{placeholders}`` and
    the values it was filled with (``template``, ``params``).

    It is a ``str`` (the English message), so callers that only want text need not care. The UI translates
    ``template`` and fills in ``params`` (values are names, paths and numbers, shown as they are; a value that
    is itself a :class:`Text` is translated too). A template without params is plain text (no ``format``).
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Text:
        params = dict(params or {})
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self


def msg(template: str, /, **params: Any) -> Text:
    """A translatable message: always call with a literal template (the translation catalogue collects them)."""
    return Text(template, params)


def joined(parts: list[str], separator: str) -> Text:
    """``separator.join(parts)`` that stays translatable part by part (a part that is a :class:`Text`)."""
    template = separator.replace("{", "{{").replace("}", "}}").join(f"{{p{k}}}" for k in range(len(parts)))
    return Text(template, {f"p{k}": part for k, part in enumerate(parts)})
