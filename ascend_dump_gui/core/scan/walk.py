"""The scanner's optional C listing (``_walk.c``, built by setup.py with the package on POSIX systems).

:data:`WALK` is the compiled module, or None when it was not built (no C compiler at install time, Windows)
or when the environment sets ``ASCEND_DUMP_GUI_PURE_SCAN=1``; the scanner then lists folders in Python, with
the same records, order and problems. Tests switch by setting :data:`WALK`. It is imported on first use.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

WALK: ModuleType | None
"""``list_folder(path) -> (files, common, rest)`` and the kinds DIR, LINK, OTHER, ERROR, or None."""


def _load() -> ModuleType | None:
    if os.environ.get("ASCEND_DUMP_GUI_PURE_SCAN") == "1":
        return None
    try:
        return importlib.import_module("ascend_dump_gui.core.scan._walk")
    except ImportError:        # not compiled here: the Python listing
        return None


def __getattr__(name: str) -> ModuleType | None:
    if name != "WALK":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()["WALK"] = value = _load()
    return value
