"""What the checker reports: findings with severity, involved options, source and an optional fix."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Severity(str, Enum):
    ERROR = "error"        # the runtime rejects the config or fails
    WARNING = "warning"    # silently ignored or surprising
    INFO = "info"


@dataclass(frozen=True)
class Fix:
    """A change that resolves a finding: option key -> new value (``None`` removes the option)."""

    description: str
    changes: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: Severity
    options: tuple[str, ...]
    message: str
    source: str = ""
    fix: Fix | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The shape `ascend-dump config check --json` prints (see docs: the CLI contract)."""
        out = {
            "rule": self.rule,
            "severity": self.severity.value,
            "options": list(self.options),
            "message": self.message,
            "source": self.source,
            "fix": self.fix.description if self.fix else None,
        }
        if isinstance(self.extra.get("line"), int):
            out["line"] = self.extra["line"]   # import findings: the line of the source text
        return out
