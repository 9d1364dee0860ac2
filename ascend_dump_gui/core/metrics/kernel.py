"""The compare's optional C kernel (``_kernel.c``, built by setup.py with the package).

:data:`KERNEL` is the compiled module, or None when it was not built (no C compiler at install time), when
the CPU lacks its instruction set (AVX2 on x86-64; other architectures have no kernels) or when the
environment sets ``ASCEND_DUMP_GUI_NUMPY_METRICS=1``; the metrics then run their numpy path, which gives the
same bits (msprobe's float64 sums: the same values to ~1e-15). Tests switch by setting :data:`KERNEL`.
It is imported on first use (importing this module imports nothing else of the package: the GUI's start
imports one module at a time).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import numpy as np

KERNEL: ModuleType | None
"""The per-leaf kernels (pass_a, pass_ap, pass_b, kl_ratio, kl_sum, msprobe, nonfinite), or None for the numpy path."""


def _load() -> ModuleType | None:
    if os.environ.get("ASCEND_DUMP_GUI_NUMPY_METRICS") == "1":
        return None
    try:
        built = importlib.import_module("ascend_dump_gui.core.metrics._kernel")
    except ImportError:        # not compiled here: the numpy path
        return None
    return built if built.isa() is not None else None


def __getattr__(name: str) -> ModuleType | None:
    if name != "KERNEL":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()["KERNEL"] = value = _load()
    return value


def float32_leaf(v: np.ndarray) -> bool:
    """Whether the kernel can read ``v`` directly: contiguous float32."""
    return v.dtype == np.float32 and v.flags.c_contiguous
