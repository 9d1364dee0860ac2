"""Names of an msprobe dump tree (no numpy, so the folder scanner can test for them cheaply)."""

from __future__ import annotations

import os
import re
from pathlib import Path

DUMP_JSON = "dump.json"
TENSOR_DIR = "dump_tensor_data"
SIDE_FILES = frozenset({DUMP_JSON, "stack.json", "construct.json"})
_STEP = re.compile(r"step(\d+)$")
_RANK = re.compile(r"rank(\d*)$")
_PROC = re.compile(r"proc(\d+)$")


def is_file_name(name: str) -> bool:
    """Whether a ``data_name`` from dump.json names a file inside ``dump_tensor_data/`` (names are untrusted: no
    path separator, no ``.``/``..``, no NUL)."""
    return bool(name) and not any(c in name for c in "/\\\0") and name not in (".", "..")


def folder_ids(run_dir: Path) -> tuple[int | None, int | None, int | None]:
    """(step, rank, pid) from ``step{N}/rank{R}`` or ``step{N}/proc{pid}`` folder names."""
    rank = pid = None
    if m := _RANK.match(run_dir.name):
        rank = int(m.group(1)) if m.group(1) else None
    elif m := _PROC.match(run_dir.name):
        pid = int(m.group(1))
    step_match = _STEP.match(run_dir.parent.name)
    return (int(step_match.group(1)) if step_match else None), rank, pid


def is_msprobe_dir(path: str | Path) -> bool:
    """True when ``path`` is an msprobe dump path, step folder or rank folder.

    Cheap enough for the GUI thread on a huge folder: at most two folder listings, following only
    ``step*`` / ``rank*`` / ``proc*`` names.
    """
    path = Path(path)
    if (path / DUMP_JSON).is_file():
        return True
    for child in _named_dirs(path):
        if (child / DUMP_JSON).is_file():
            return True
        if child.name.startswith("step"):
            return any((grandchild / DUMP_JSON).is_file() for grandchild in _named_dirs(child))
    return False


def _named_dirs(path: Path, limit: int = 64) -> list[Path]:
    """Up to ``limit`` sub-folders named like msprobe's step, rank or proc folders."""
    found: list[Path] = []
    try:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.name.startswith(("step", "rank", "proc")) and entry.is_dir():
                    found.append(Path(entry.path))
                    if len(found) >= limit:
                        break
    except OSError:
        return []
    return sorted(found)
