"""Rules as data: each rule names its options, severity, source and message; checking never raises."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ascend_dump_gui.core.config.findings import Finding, Fix, Severity


@dataclass(frozen=True)
class CheckContext:
    """What a rule may consult besides the option values."""

    env: Mapping[str, str] = field(default_factory=dict)  # environment variables in effect
    product: str | None = None                            # atlas_a2, atlas_a3, atlas_training, atlas_inference
    base_dir: Path | None = None                          # folder of the checked file (relative paths)
    mode: str | None = None                               # "training" / "online_inference" when known
    facts: Mapping[str, Any] = field(default_factory=dict)  # importer facts, e.g. torchair compile mode


class Rule(Protocol):
    """Anything with these attributes and ``check`` is a rule."""

    id: str
    severity: Severity
    options: tuple[str, ...]
    source: str

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]: ...


Predicate = Callable[[Mapping[str, Any], CheckContext], bool]


@dataclass(frozen=True)
class When:
    """Report ``message`` when ``applies(values, ctx)`` is true. ``values`` holds only options that are set."""

    id: str
    severity: Severity
    options: tuple[str, ...]
    applies: Predicate
    message: str
    source: str
    fix: Fix | None = None

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
        if not self.applies(values, ctx):
            return []
        return [Finding(self.id, self.severity, self.options, self.message, self.source, self.fix)]
