"""Memory-mapped tensors read into the process in one call before a pass reads all of them (Linux).

The first pass over a mapped file otherwise takes a page fault per 64 KiB: measured 42 ms for a 512 MiB file in the
page cache, where one ``madvise(MADV_POPULATE_READ)`` takes 19 ms. Elsewhere (another OS, a kernel before 5.14,
an array that is not mapped, a small or a very large mapping) nothing happens and the pass faults as before.
"""

from __future__ import annotations

import mmap
import os
import sys
import threading

import numpy as np

MADV_POPULATE_READ = 22
"""Linux's advice (5.14+) to fault in every page of a range for reading, as ``<linux/mman.h>`` defines it."""
MIN_BYTES = 16 << 20
"""Smaller mappings fault in a few milliseconds: not worth a system call and a thread."""
MEMORY_SHARE = 4
"""A mapping above 1/4 of the machine's memory is read as it is used: populating it could evict its own start."""


def _mapping(array: np.ndarray) -> mmap.mmap | None:
    """The ``mmap`` behind ``array`` (a ``np.memmap``, a view of one, or an array over a mapped buffer), or None."""
    base: object = array
    while base is not None and not isinstance(base, mmap.mmap):
        base = base.obj if isinstance(base, memoryview) else getattr(base, "base", None)
    return base


def _populate(mapping: mmap.mmap) -> None:
    import ctypes  # on use: the compare of small tensors never needs it

    libc = ctypes.CDLL(None, use_errno=True)
    start = np.frombuffer(mapping, np.uint8, count=1).ctypes.data      # the mapping's page-aligned address
    libc.madvise(ctypes.c_void_p(start), ctypes.c_size_t(len(mapping)), ctypes.c_int(MADV_POPULATE_READ))


def populate(*arrays: np.ndarray) -> None:
    """Fault in the whole mapping of each memory-mapped array, one thread per mapping (the call releases the GIL);
    errors are ignored (the pass then faults the pages itself)."""
    if not sys.platform.startswith("linux"):
        return
    limit = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // MEMORY_SHARE
    mappings = [m for m in map(_mapping, arrays) if m is not None and not m.closed and MIN_BYTES <= len(m) <= limit]
    threads = [threading.Thread(target=_populate, args=(m,), name="populate") for m in mappings[1:]]
    for t in threads:
        t.start()
    if mappings:
        _populate(mappings[0])
    for t in threads:
        t.join()
