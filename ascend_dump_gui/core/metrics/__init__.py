"""The numbers of a compare: msaccucmp's and msprobe's metrics in fused chunked passes, and the overflow rule
(shared by the GE compare, msprobe's compare and the tree compare)."""

KERNEL_MODULE = "ascend_dump_gui.core.metrics._kernel"
"""The compiled per-leaf kernels (:mod:`.kernel` loads them for the metrics, :mod:`.early` for the early pass)."""
KERNEL_SWITCH = "ASCEND_DUMP_GUI_NUMPY_METRICS"
"""The environment variable that, set to 1, switches the kernels off (the numpy path runs)."""
KERNEL_KINDS = {"float32": 0, "float16": 1, "bfloat16": 2}
"""The dtypes the kernels read as they are (their ``kx``/``ky``): float32, and float16 and bfloat16 (as uint16), which
they widen to float32 as they read them, exactly as numpy's and ml_dtypes' casts."""
