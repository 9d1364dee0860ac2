"""The in-memory config document every importer produces and every checker, exporter and editor uses."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Fix


@dataclass
class ConfigDoc:
    """One config of one scenario.

    ``values`` holds only the options that are set (an absent key means the runtime default), as Python values:
    bool, int, float, str, list (dump_list is a list of dicts) or dict. ``problems`` are import findings about the
    source text; ``facts`` are things the importer learnt besides options, e.g. ``{"mode": "reduce-overhead",
    "backend": "torchair", "env": {...}, "unresolved": [...], "lines": {key: line}}``.
    """

    scenario: str
    values: dict[str, Any]
    origin: Path | None = None
    problems: list[Finding] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def with_values(self, values: dict[str, Any]) -> ConfigDoc:
        """A copy with other values (problems and facts kept)."""
        return replace(self, values=dict(values), problems=list(self.problems), facts=dict(self.facts))


def apply_fix(doc: ConfigDoc, fix: Fix) -> ConfigDoc:
    """A new document with ``fix`` applied: each change sets an option, ``None`` removes it."""
    values = dict(doc.values)
    for key, value in fix.changes:
        if value is None:
            values.pop(key, None)
        else:
            values[key] = value
    return doc.with_values(values)
