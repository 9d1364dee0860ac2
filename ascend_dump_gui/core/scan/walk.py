"""The scanner's optional C listing (``_walk.c``, built by setup.py with the package on POSIX systems).

:data:`WALK` is the compiled module, or None when it was not built (no C compiler at install time, Windows)
or when the environment sets ``ASCEND_DUMP_GUI_PURE_SCAN=1``; the scanner then lists folders in Python, with
the same records, order and problems. Tests switch by setting :data:`WALK`. It is imported on first use.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType

from ascend_dump_gui.core import optional_c

WALK: ModuleType | None
"""``list_folder(path) -> (files, common, rest)`` and the kinds DIR, LINK, OTHER, ERROR, or None."""

_load = partial(optional_c.load, "ascend_dump_gui.core.scan._walk", "ASCEND_DUMP_GUI_PURE_SCAN")
__getattr__ = optional_c.on_first_use("WALK", _load, globals())
