"""The compare's optional C kernel (``_kernel.c``, built by setup.py with the package).

:data:`KERNEL` is the compiled module, or None when it was not built (no C compiler at install time), when
the CPU lacks its instruction set (AVX2 on x86-64; other architectures have no kernels) or when the
environment sets ``ASCEND_DUMP_GUI_NUMPY_METRICS=1``; the metrics then run their numpy path, which gives the
same bits (msprobe's float64 sums: the same values to ~1e-15). Tests switch by setting :data:`KERNEL`.
It is imported on first use (:mod:`ascend_dump_gui.core.optional_c`; this module imports nothing else of
the package but the names in :mod:`ascend_dump_gui.core.metrics`: the GUI's start imports one module at a time).
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from ascend_dump_gui.core import optional_c
from ascend_dump_gui.core.metrics import KERNEL_KINDS, KERNEL_MODULE, KERNEL_SWITCH

KERNEL: ModuleType | None
"""The per-leaf kernels (pass_a, pass_ap, pass_b, kl_ratio, kl_sum, msprobe, nonfinite, leaves_ap), or None for the
numpy path."""


def _load() -> ModuleType | None:
    built = optional_c.load(KERNEL_MODULE, KERNEL_SWITCH)
    return built if built is not None and built.isa() is not None else None


__getattr__ = optional_c.on_first_use("KERNEL", _load, globals())


def float32_leaf(v: np.ndarray) -> bool:
    """Whether the kernel can read ``v`` directly: contiguous float32."""
    return v.dtype == np.float32 and v.flags.c_contiguous



def exact_float32(v: np.ndarray) -> bool:
    """Whether the kernel sees ``v``'s own values as float32: float32, or float16/bfloat16 it widens (exact, so its
    Inf/NaN and extremes are ``v``'s), contiguous."""
    return v.dtype.name in KERNEL_KINDS and v.flags.c_contiguous


def widen(k: ModuleType, chunk: np.ndarray, out: np.ndarray) -> bool:
    """``chunk`` (contiguous float16 or bfloat16) into the float32 ``out`` of its length by the kernel ``k``; False,
    with nothing done, for any other chunk."""
    if chunk.dtype.itemsize != 2 or KERNEL_KINDS.get(chunk.dtype.name, 0) == 0 or not chunk.flags.c_contiguous \
            or out.dtype != np.float32:           # (itemsize first: numpy's dtype.name is slow, about 12 us)
        return False
    k.widen(chunk.view(np.uint16), out, KERNEL_KINDS[chunk.dtype.name] == KERNEL_KINDS["bfloat16"])
    return True
