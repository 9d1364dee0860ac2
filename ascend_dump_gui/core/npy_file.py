"""``.npy`` files read without pickle and without Python's parser, with the shape checked against the file's size
before anything is allocated (golden dumps, msprobe's MindSpore tensors, Browse's header column).

numpy parses a header with ``ast.literal_eval``; CPython 3.11 can fail that with "AST constructor recursion depth
mismatch" when two threads parse at once (the compare reads goldens on a thread pool), so the usual header is read
with a pattern here, and an unusual one by ``literal_eval`` under a lock.
"""

from __future__ import annotations

import ast
import math
import re
import threading
from pathlib import Path
from typing import BinaryIO

import numpy as np

MAX_HEADER_BYTES = 1 << 16
"""numpy writes headers of a few hundred bytes; a longer one is refused before it is read."""
_MAGIC = b"\x93NUMPY"
_HEADER = re.compile(r"\{\s*'descr'\s*:\s*'([^'\\]{1,64})'\s*,\s*'fortran_order'\s*:\s*(True|False)\s*,"
                     r"\s*'shape'\s*:\s*\(\s*((?:\d{1,20}\s*,\s*)*(?:\d{1,20})?)\s*\)\s*,?\s*\}\s*$")
_PARSE_LOCK = threading.Lock()


class NpyFileError(ValueError):
    """A ``.npy`` file that cannot be read as one array (the message names the file)."""


def _fields(text: str) -> tuple[object, object, object]:
    found = _HEADER.match(text)
    if found is not None:
        shape = tuple(int(n) for n in found.group(3).replace(" ", "").split(",") if n)
        return found.group(1), found.group(2) == "True", shape
    with _PARSE_LOCK:       # structured dtypes and other spellings: Python's parser, one thread at a time
        value = ast.literal_eval(text)
    if not isinstance(value, dict) or set(value) != {"descr", "fortran_order", "shape"}:
        raise ValueError("not a .npy header dictionary")
    return value["descr"], value["fortran_order"], value["shape"]


def read_header(fh: BinaryIO, path: str | Path) -> tuple[tuple[int, ...], bool, np.dtype]:
    """(shape, Fortran order, dtype) of the ``.npy`` open in ``fh``, left at the first data byte."""
    try:
        magic = fh.read(8)
        if magic.startswith(b"PK\x03\x04"):
            raise ValueError("an .npz archive, not a single .npy array")
        if len(magic) < 8 or magic[:6] != _MAGIC or magic[6] not in (1, 2, 3):
            raise ValueError("no .npy magic")
        width = 2 if magic[6] == 1 else 4
        length = int.from_bytes(fh.read(width), "little")
        if length > MAX_HEADER_BYTES:
            raise ValueError(f"a header of {length} bytes")
        raw = fh.read(length)
        if len(raw) < length:
            raise ValueError("the header is cut short")
        descr, fortran, shape = _fields(raw.decode("utf-8" if magic[6] == 3 else "latin1"))
        if not isinstance(fortran, bool) or not isinstance(shape, tuple):
            raise ValueError("fortran_order or shape of the wrong type")
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in shape):
            raise ValueError(f"shape {shape!r:.80}")
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
    if math.prod(shape) == 0:
        return np.empty(shape, dtype=dtype, order="F" if fortran else "C")
    return np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape, order="F" if fortran else "C")
