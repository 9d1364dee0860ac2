"""``.npy`` files read without pickle, with the shape checked against the file's size before anything is allocated
(golden dumps, msprobe's MindSpore tensors, Browse's header column); the header itself: :mod:`.npy_header`."""

from __future__ import annotations

import math
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ascend_dump_gui.core.metrics import early
from ascend_dump_gui.core.npy_header import header_fields


class NpyFileError(ValueError):
    """A ``.npy`` file that cannot be read as one array (the message names the file)."""


def read_header(fh: BinaryIO, path: str | Path) -> tuple[tuple[int, ...], bool, np.dtype]:
    """(shape, Fortran order, dtype) of the ``.npy`` open in ``fh``, left at the first data byte."""
    try:
        descr, fortran, shape = header_fields(fh)
        dtype = np.dtype(descr)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, OverflowError) as exc:
        raise NpyFileError(f"{path}: not a readable .npy header ({str(exc)[:120]})") from None
    if dtype.hasobject:
        raise NpyFileError(f"{path}: holds Python objects (pickled), not read")
    return shape, fortran, dtype


def _checked(fh: BinaryIO, path: Path) -> tuple[tuple[int, ...], bool, np.dtype, int]:
    shape, fortran, dtype = read_header(fh, path)
    count = math.prod(shape)
    need, offset = count * dtype.itemsize, fh.tell()
    have = path.stat().st_size - offset
    if need > have:
        raise NpyFileError(f"{path}: shape {shape} of {dtype} is too big for the file: it needs {need} bytes, the "
                           f"file holds {have}")
    return shape, fortran, dtype, offset


def read_npy(path: str | Path) -> np.ndarray:
    """The array in ``path``; :class:`NpyFileError` when its header is damaged, it holds objects, or its shape
    needs more bytes than the file has (an 8 PiB shape in a 128-byte file is refused before allocating)."""
    path = Path(path)
    with open(path, "rb") as fh:
        shape, fortran, dtype, _ = _checked(fh, path)
        data = np.fromfile(fh, dtype=dtype, count=math.prod(shape))
    return data.reshape(shape, order="F" if fortran else "C")


def map_npy(path: str | Path) -> np.ndarray:
    """The array in ``path`` memory-mapped read-only (errors as :func:`read_npy`)."""
    path = Path(path)
    with open(path, "rb") as fh:
        shape, fortran, dtype, offset = _checked(fh, path)
    order, count = "F" if fortran else "C", math.prod(shape)
    if count == 0:
        return np.empty(shape, dtype=dtype, order=order)
    mm = early.mapped(path, offset, count * dtype.itemsize)      # the compare command's early pass mapped it
    if mm is not None:
        return np.frombuffer(mm, dtype, count, offset).reshape(shape, order=order)
    return np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape, order=order)
