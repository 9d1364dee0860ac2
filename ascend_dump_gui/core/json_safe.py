"""Values ready for strict JSON: RFC 8259 has no NaN or Infinity, so ``json.dumps(allow_nan=False)`` refuses them."""

from __future__ import annotations

import math
from typing import Any


def json_safe(value: Any) -> Any:
    """``value`` with NaN and ±Inf floats replaced by None, walking dicts, lists and tuples (tuples become
    lists); everything else is returned as it is."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value
