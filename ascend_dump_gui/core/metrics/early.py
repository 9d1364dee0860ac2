"""The compare's early pass: the ``compare`` command begins pass A (with msprobe's columns) of a big ``.npy`` pair
on a second CPU while it still imports numpy and the engine, and :func:`fused.pass_a` takes the leaves done.

This module imports no numpy (that import is what the pass overlaps). It maps both files itself, and
:func:`npy_file.map_npy` hands the same mappings to the compare (:func:`mapped`), so the arrays the compare sees
are the very memory the pass read: :func:`take` accepts them by address, never by name. The leaves are numpy's
pairwise leaves and each is the kernel's own ``pass_ap`` walk (``leaves_ap``: the same function, the same bits),
so the metrics are unchanged; anything unusual (no kernel, one CPU, another dtype, a small or unequal pair, a file
changed since) leaves the compare to run as it always did.
"""

from __future__ import annotations

import mmap
import os
import stat
import threading
from array import array
from types import ModuleType
from typing import TYPE_CHECKING

from ascend_dump_gui.core import optional_c, threaded
from ascend_dump_gui.core.metrics import KERNEL_KINDS, KERNEL_MODULE, KERNEL_SWITCH, leaf_tree
from ascend_dump_gui.core.npy_header import header_fields

if TYPE_CHECKING:
    import numpy as np

DESCRS = {"<f4": ("float32", 4), "<f2": ("float16", 2)}
"""The ``.npy`` descrs the early pass reads: their dtype (a kind of :data:`KERNEL_KINDS`) and item size."""
MIN_LEAVES = 16
"""A pair of fewer leaves than this is compared as usual (the pass would end before it helped)."""


class _Side:
    """One file as the pass mapped it (no dataclass here: dataclasses would import inspect before the pass begins)."""

    __slots__ = ("identity", "offset", "count", "kind", "size", "mm")

    def __init__(self, identity: tuple[int, int, int, int], offset: int, count: int, kind: int, size: int,
                 mm: mmap.mmap) -> None:
        self.identity = identity    # st_dev, st_ino, st_size, st_mtime_ns when mapped
        self.offset, self.count, self.kind, self.size, self.mm = offset, count, kind, size, mm

    def view(self) -> memoryview:
        return memoryview(self.mm)[self.offset:self.offset + self.count * self.size]


class _Run:
    """A pass begun: both sides, how it walks, and where its answers go."""

    __slots__ = ("x", "y", "leaf", "isa", "width", "out", "state", "thread")

    def __init__(self, x: _Side, y: _Side, leaf: int, isa: str, width: int, out: array, state: array,
                 thread: threading.Thread) -> None:
        self.x, self.y, self.leaf, self.isa = x, y, leaf, isa
        self.width = width          # float64 per leaf in out
        self.out = out
        self.state = state          # [stop, leaves done]: the kernel reads the first, writes the second
        self.thread = thread


_RUN: _Run | None = None
_LOCK = threading.Lock()


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _side(path: str, shared: _Side | None) -> _Side | None:
    """``path`` mapped read-only when it is a regular file holding a plain little-endian float32 or float16 ``.npy``
    (``shared``: the other side, reused when it is the same file). Opened without blocking: a FIFO named ``x.npy``
    is left to the compare's own reader."""
    with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            return None
        if shared is not None and shared.identity == _identity(st):
            return shared
        descr, fortran, shape = header_fields(fh)
        offset = fh.tell()
        if descr not in DESCRS or fortran:
            return None
        name, size = DESCRS[descr]
        kind = KERNEL_KINDS[name]
        count = 1
        for n in shape:
            count *= n
        if count == 0 or offset + count * size > st.st_size:
            return None
        return _Side(_identity(st), offset, count, kind, size, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ))


def begin(npu: str, golden: str, leaf: int = leaf_tree.DEFAULT_LEAF) -> bool:
    """Begin the early pass over ``npu`` and ``golden`` when they make a big plain pair and a second CPU and the
    kernel are there; whether it began. Nothing it finds wrong is reported here: the compare reads the files."""
    global _RUN
    if _RUN is not None or threaded.cpus() < 2 or not (npu.endswith(".npy") and golden.endswith(".npy")):
        return False
    k = optional_c.load(KERNEL_MODULE, KERNEL_SWITCH)
    if k is None or k.isa() is None:
        return False
    try:
        x = _side(npu, None)
        y = _side(golden, x) if x is not None else None
    except (OSError, ValueError, SyntaxError, TypeError, MemoryError, RecursionError, OverflowError):
        return False
    if x is None or y is None or x.count != y.count or x.count < MIN_LEAVES * leaf:
        return False
    ranges = leaf_tree.leaves(x.count, leaf)
    bounds = array("q", [v for r in ranges for v in r])
    out = array("d", bytes(8 * k.LEAF_AP_WIDTH * len(ranges)))
    state = array("q", [0, 0])
    thread = threading.Thread(target=_walk, args=(k, x.view(), y.view(), bounds, out, state, x.kind, y.kind),
                              name="compare-early", daemon=True)
    with _LOCK:
        _RUN = _Run(x, y, leaf, k.isa(), k.LEAF_AP_WIDTH, out, state, thread)
    thread.start()
    return True


def _walk(k: ModuleType, xv: memoryview, yv: memoryview, bounds: array, out: array, state: array, kx: int,
          ky: int) -> None:
    try:
        k.leaves_ap(xv, yv, bounds, out, state, kx=kx, ky=ky)
    except (ValueError, RuntimeError):      # checked before it began; no leaf is then counted done
        state[1] = 0


def mapped(path: str | os.PathLike, offset: int, nbytes: int) -> mmap.mmap | None:
    """The early pass's mapping of ``path`` when it is that file, unchanged, with its data at ``offset`` for
    ``nbytes`` (the compare then reads the same memory); None otherwise."""
    run = _RUN
    if run is None:
        return None
    try:
        identity = _identity(os.stat(path))
    except OSError:
        return None
    for side in (run.x, run.y):
        if side.identity == identity and side.offset == offset and side.count * side.size == nbytes:
            return side.mm
    return None


def take(x: np.ndarray, y: np.ndarray, kinds: tuple[int, int], leaf: int, rel64: bool,
         isa: str) -> list[tuple[tuple[float, ...], tuple | None]]:
    """The kernel's ``pass_ap(x_leaf, y_leaf)`` answers of the first leaves, when ``x`` and ``y`` (flat, contiguous,
    as the kernel reads them, of the kernel's ``kinds``) are the early pass's memory and it walked them as asked
    (``leaf``, ``rel64``, the kernel's ``isa``); [] otherwise. The pass is stopped (after the leaf it is in) and
    forgotten."""
    global _RUN
    with _LOCK:             # one taker: checked and forgotten at once
        run = _RUN
        if run is None or (leaf, rel64, isa, kinds) != (run.leaf, False, run.isa, (run.x.kind, run.y.kind)) \
                or not _is(x, run.x) or not _is(y, run.y):
            return []
        _RUN = None
    done, width = _stop(run), run.width
    rows = []
    for i in range(done):
        row = run.out[i * width:(i + 1) * width]
        totals = (*row[16:22], int(row[22]), int(row[23])) if row[24] else None
        rows.append((tuple(row[:16]), totals))
    return rows


def _is(v: np.ndarray, side: _Side) -> bool:
    """Whether the array ``v`` is ``side``'s data, read as the kernel reads it."""
    # numpy is loaded by now: the caller holds numpy arrays
    import numpy as np

    start = np.frombuffer(side.mm, np.uint8, count=1, offset=side.offset)
    return (v.ndim == 1 and v.shape[0] == side.count and v.dtype.itemsize == side.size and v.flags.c_contiguous
            and v.__array_interface__["data"][0] == start.__array_interface__["data"][0])


def _stop(run: _Run) -> int:
    run.state[0] = 1
    run.thread.join()
    return run.state[1]


def end() -> None:
    """Stop and forget a pass nothing took (the compare took another path, or failed)."""
    global _RUN
    with _LOCK:
        run, _RUN = _RUN, None
    if run is not None:
        _stop(run)
