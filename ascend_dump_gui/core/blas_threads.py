"""OpenBLAS's idle threads told to sleep rather than spin: set by the ``ascend-dump`` command before numpy loads."""

from __future__ import annotations

import os

SPIN_SETTING = "OPENBLAS_THREAD_TIMEOUT"
"""OpenBLAS reads it when it loads: its idle threads poll for work for 2**N cycles (default 2**28, about 0.1 s)
before they sleep."""
SPIN_EXPONENT = "4"
"""OpenBLAS's least: an idle thread sleeps at once (a call that uses it wakes it, some microseconds)."""


def quiet_blas_threads() -> None:
    """Keep OpenBLAS's idle threads from spinning, unless the user set :data:`SPIN_SETTING` (no effect once numpy is
    loaded). Loading numpy starts them, and they polled (``sched_yield``) about 130 ms of one of this machine's two
    CPUs, into the compare's first pass, whose own threads want both (a 2 x 512 MiB compare end to end: median
    0.535 -> 0.495 s in 14 interleaved runs); the app's dot products run on the calling thread
    (``core.metrics.pairwise.dot``), so none waits for a woken thread. The GUI does not set it: its start measured
    no better with it, within that benchmark's noise."""
    os.environ.setdefault(SPIN_SETTING, SPIN_EXPONENT)
