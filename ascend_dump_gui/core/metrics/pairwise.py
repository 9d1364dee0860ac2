"""Chunked reductions that give numpy's exact results (the tree's leaves: :mod:`.leaf_tree`).

numpy sums a contiguous float array with a pairwise scheme: a range of ``n > 128`` elements is split at
``n2 = n // 2 - (n // 2) % 8`` and the two halves are summed recursively. Any sub-range of that recursion
is itself summed by ``ndarray.sum`` exactly as it would be inside the whole array. So splitting a tensor
the same way down to leaves of at most ``leaf`` elements, summing each leaf with numpy and adding the leaf
sums back up along the same tree gives the same float32 bits as one ``sum`` over the whole tensor, while
only one leaf at a time is in memory (and leaves can be processed by several threads).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import numpy as np

from ascend_dump_gui.core import threaded

T = TypeVar("T")

_POOL_LOCK = threading.Lock()
_POOL: ThreadPoolExecutor | None = None


def add32(a: np.floating, b: np.floating) -> np.float32:
    """float32 addition, as numpy's float32 reduction does it."""
    return np.float32(a) + np.float32(b)


def add64(a: float, b: float) -> np.float64:
    """float64 addition, as numpy's float64 reduction does it."""
    return np.float64(a) + np.float64(b)


BLAS_SINGLE_THREAD_MAX = 8192
"""OpenBLAS runs ``dot`` on one thread up to about 10000 elements; longer ones wake its own thread pool,
which stalls badly when our leaf threads or other processes hold the cores."""
_VECDOT = getattr(np, "vecdot", None)   # numpy >= 2.0: one call for all rows


def dot(a: np.ndarray, b: np.ndarray) -> float:
    """``a . b`` of two 1-D contiguous arrays by BLAS in rows short enough to run on the calling thread
    (the same bits as ``np.dot`` for vectors up to :data:`BLAS_SINGLE_THREAD_MAX`)."""
    step = BLAS_SINGLE_THREAD_MAX
    k = a.shape[0] - a.shape[0] % step
    total = float(np.dot(a[k:], b[k:]))
    if k and _VECDOT is not None:
        total += float(_VECDOT(a[:k].reshape(-1, step), b[:k].reshape(-1, step)).sum())
    elif k:
        total += sum(float(np.dot(a[i:i + step], b[i:i + step])) for i in range(0, k, step))
    return total


BLOCKS_PER_WORKER = 16
"""How many blocks of leaves :func:`map_leaves` cuts per worker thread."""


def worker_count() -> int:
    """Threads used for leaf-level parallelism (numpy releases the GIL in its loops): one per CPU this process may
    run on."""
    return threaded.cpus()


def _pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=worker_count(), thread_name_prefix="compare-leaf")
        return _POOL


def map_leaves(fn: Callable[[int, int], T], ranges: Sequence[tuple[int, int]],
               parallel: bool = True) -> list[T]:
    """``[fn(start, stop) for each range]``, run on the shared leaf pool when there are enough leaves.

    Results come back in range order. The leaf pool is separate from any pool the caller runs in, so a
    tensor-level task may wait on its leaves without deadlock.
    """
    workers = worker_count()
    if not parallel or workers == 1 or len(ranges) < 4:
        return [fn(a, b) for a, b in ranges]
    if threading.current_thread().name.startswith("compare-leaf"):
        return [fn(a, b) for a, b in ranges]
    # Contiguous blocks of leaves (locality), several per worker (no thread idles long at the end).
    per = max(1, len(ranges) // (workers * BLOCKS_PER_WORKER))
    blocks = [ranges[i:i + per] for i in range(0, len(ranges), per)]
    futures = [_pool().submit(lambda blk=blk: [fn(a, b) for a, b in blk]) for blk in blocks]
    out: list[T] = []
    for fut in futures:
        out.extend(fut.result())
    return out
