"""Shared CLI output helpers: exactly one JSON document on stdout, messages on stderr."""

from __future__ import annotations

import json
import math
import sys
from typing import Any


def _clean(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def print_json(document: Any) -> None:
    """Print one JSON document (NaN/Inf become null, so the output is strict JSON)."""
    json.dump(_clean(document), sys.stdout, indent=2, ensure_ascii=False, allow_nan=False)
    sys.stdout.write("\n")


def warn(message: str) -> None:
    """A human-readable note on stderr."""
    print(f"ascend-dump: {message}", file=sys.stderr)
