"""One spelling of numbers everywhere in the UI: NaN, +Inf and -Inf (never nan/inf), finite values formatted, and a
rank or step a run does not have as "—" (never "None")."""

from __future__ import annotations

import math


def number_text(value: float, spec: str = ".6g") -> str:
    """``value`` with ``format(value, spec)``; NaN, +Inf and -Inf spelled as such."""
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return format(value, spec)


def id_text(value: int | None) -> str:
    """A rank or step number; "—" for a run without one (an msprobe ``proc{pid}`` folder has no rank)."""
    return "—" if value is None else str(value)
