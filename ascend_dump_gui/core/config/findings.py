"""What the checker reports: findings with severity, involved options, source and an optional fix."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ascend_dump_gui.core.messages import Text


class Severity(str, Enum):
    ERROR = "error"        # the runtime rejects the config or fails
    WARNING = "warning"    # silently ignored or surprising
    INFO = "info"


@dataclass(frozen=True)
class Fix:
    """A change that resolves a finding: option key -> new value (``None`` removes the option).

    A description built while checking is a :class:`Text` (``msg(...)``): it reads as its English string, and the
    UI translates it by its template (``ui.i18n.fix_text``).
    """

    description: str
    changes: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Finding:
    """One problem. ``message`` may be given as a :class:`Text`: it is stored as its English string and the
    template and params go to ``extra["template"]`` / ``extra["params"]`` (for translation)."""

    rule: str
    severity: Severity
    options: tuple[str, ...]
    message: str  # or a Text, see above
    source: str = ""
    fix: Fix | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.message, Text):
            text = self.message
            object.__setattr__(self, "message", str.__str__(text))
            object.__setattr__(self, "extra", {**self.extra, "template": text.template, "params": text.params})

    @property
    def text(self) -> Text:
        """The message as a :class:`Text` (its template when it has one, else the fixed message)."""
        template = self.extra.get("template")
        return Text(template, self.extra.get("params", {})) if template else Text(self.message)

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
