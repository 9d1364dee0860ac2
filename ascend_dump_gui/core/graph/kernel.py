"""The msprobe graph's optional C kernel (``_kernel.c``, built by setup.py with the package): the per-name passes of
a construct.json of a million modules (the split by direction, the enclosing modules, depths, box labels, control
edges) and the ``graph --json`` document's node and edge dicts, without a Python step per name.

:data:`KERNEL` is the compiled module, or None when it was not built (no C compiler at install time) or when the
environment sets ``ASCEND_DUMP_GUI_PURE_GRAPH=1``; the Python code beside each use then runs, which gives the
same output (the kernel does the common case itself and hands every other name to that same Python code).
Tests switch by setting :data:`KERNEL`. It is imported on first use.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType

from ascend_dump_gui.core import optional_c

KERNEL: ModuleType | None
"""The compiled module (its functions: see ``_kernel.c``), or None for the Python path."""

_load = partial(optional_c.load, "ascend_dump_gui.core.graph._kernel", "ASCEND_DUMP_GUI_PURE_GRAPH")
__getattr__ = optional_c.on_first_use("KERNEL", _load, globals())
