"""Building blocks for the TF1 session rules: typed value accessors, text grammars, small files."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.rules.engine import CheckContext
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELD_INDEX

MAX_READ_BYTES = 1 << 20
MODE_NAME = {"training": "training", "online_inference": "online inference"}
PRODUCT_NAME = {"atlas_a2": "Atlas A2", "atlas_a3": "Atlas A3", "atlas_training": "Atlas training products",
                "atlas_inference": "Atlas inference products"}


def src(option: str) -> str:
    return f"seed 002: {option}"


# ---- typed access: a value of the wrong type reads as "not set" (schema.check reports the type)

def flag(values: Mapping[str, Any], key: str) -> bool:
    """True when a bool option is set to True."""
    return values.get(key) is True


def number(values: Mapping[str, Any], key: str, *, default: bool = False) -> int | None:
    """The int of an ``.i`` option (``default=True``: fall back to the documented default)."""
    value = values.get(key, TF1_FIELD_INDEX[key].default if default else None)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def text(values: Mapping[str, Any], key: str, *, default: bool = False) -> str | None:
    """The str of an ``.s`` option (``default=True``: fall back to the documented default)."""
    value = values.get(key, TF1_FIELD_INDEX[key].default if default else None)
    return value if isinstance(value, str) else None


def is_set(values: Mapping[str, Any], key: str) -> bool:
    """Set to something other than an empty string."""
    return key in values and values[key] != ""


def effective_mode(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
    """training / online_inference from the context, else from graph_run_mode (unset: its default 1, training;
    seed 002: graph_run_mode). None when graph_run_mode has a value the adapter does not know."""
    if ctx.mode:
        return ctx.mode
    if "graph_run_mode" not in values:
        return "training"
    return {0: "online_inference", 1: "training"}.get(number(values, "graph_run_mode"))


def env_on(ctx: CheckContext, name: str) -> bool:
    """An environment switch that is set to something other than empty, 0 or false."""
    return ctx.env.get(name, "").strip().lower() not in ("", "0", "false", "off")


# ---- grammars

def parse_input_shape(value: str) -> list[tuple[str, list[int]]]:
    """Parse ``data:1,-1;label:1,-1`` into (name, dims); raises ``ValueError`` with a reason."""
    inputs = []
    for item in value.split(";"):
        name, sep, dims_text = item.rpartition(":")
        if not sep or not name.strip():
            raise ValueError(f"{item!r} is not name:dims")
        dims = []
        for dim in dims_text.split(","):
            dim = dim.strip()
            if not re.fullmatch(r"-1|\d+", dim):
                raise ValueError(f"dimension {dim!r} of {name.strip()!r} is not a size or -1")
            dims.append(int(dim))
        inputs.append((name.strip(), dims))
    return inputs


def parse_int_lists(value: str, outer: str, inner: str) -> list[list[int]]:
    """Split ``value`` on ``outer`` then ``inner`` into non-negative ints; raises ``ValueError``."""
    result = []
    for part in value.split(outer):
        items = [item.strip() for item in part.split(inner)]
        if not all(item.isdigit() for item in items):
            raise ValueError(f"{part!r} is not a list of whole numbers separated by {inner!r}")
        result.append([int(item) for item in items])
    return result


def read_small_file(value: Any, ctx: CheckContext) -> str | None:
    """Text of the file an option points to, when it exists here (relative to ``ctx.base_dir``), else None."""
    if not isinstance(value, str) or not value:
        return None
    path = Path(value).expanduser()
    if not path.is_absolute():
        if ctx.base_dir is None:
            return None
        path = ctx.base_dir / path
    try:
        if not path.is_file() or path.stat().st_size > MAX_READ_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
