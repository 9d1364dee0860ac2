"""Names of an msprobe dump tree (no numpy, so the folder scanner can test for them cheaply)."""

from __future__ import annotations

import re
from pathlib import Path

DUMP_JSON = "dump.json"
TENSOR_DIR = "dump_tensor_data"
SIDE_FILES = frozenset({DUMP_JSON, "stack.json", "construct.json"})
_STEP = re.compile(r"step(\d+)$")
_RANK = re.compile(r"rank(\d*)$")
_PROC = re.compile(r"proc(\d+)$")


def folder_ids(run_dir: Path) -> tuple[int | None, int | None, int | None]:
    """(step, rank, pid) from ``step{N}/rank{R}`` or ``step{N}/proc{pid}`` folder names."""
    rank = pid = None
    if m := _RANK.match(run_dir.name):
        rank = int(m.group(1)) if m.group(1) else None
    elif m := _PROC.match(run_dir.name):
        pid = int(m.group(1))
    step_match = _STEP.match(run_dir.parent.name)
    return (int(step_match.group(1)) if step_match else None), rank, pid
