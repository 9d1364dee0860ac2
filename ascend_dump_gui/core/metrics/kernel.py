"""The compare's optional C kernel (``_kernel.c``, built by setup.py with the package).

:data:`KERNEL` is the compiled module, or None when it was not built (no C compiler at install time), when
the CPU lacks its instruction set (AVX2 on x86-64; other architectures have no kernels) or when the
environment sets ``ASCEND_DUMP_GUI_NUMPY_METRICS=1``; the metrics then run their numpy path, which gives the
same bits (msprobe's float64 sums: the same values to ~1e-15). Tests switch by setting :data:`KERNEL`.
"""

from __future__ import annotations

import os
from types import ModuleType

import numpy as np

try:
    from ascend_dump_gui.core.metrics import _kernel as _built
except ImportError:       # not compiled here: the numpy path
    _built = None

KERNEL: ModuleType | None = _built if _built is not None and _built.isa() is not None \
    and os.environ.get("ASCEND_DUMP_GUI_NUMPY_METRICS") != "1" else None
"""The per-leaf kernels (pass_a, pass_b, kl_ratio, kl_sum, msprobe, nonfinite), or None for the numpy path."""


def float32_leaf(v: np.ndarray) -> bool:
    """Whether the kernel can read ``v`` directly: contiguous float32."""
    return v.dtype == np.float32 and v.flags.c_contiguous
