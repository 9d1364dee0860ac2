"""``.npy`` tensor files of msprobe (MindSpore, MSAdapter) read without pickle, with the shape checked against
the file's size before anything is allocated."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

MAX_HEADER_BYTES = 1 << 16
"""numpy writes headers of a few hundred bytes; a longer one is refused before it is read."""


class NpyFileError(ValueError):
    """A ``.npy`` file that cannot be read as one array (message names the file)."""


def read_npy(path: str | Path) -> np.ndarray:
    """The array in ``path``; :class:`NpyFileError` when its header is damaged, it holds objects, or its shape
    needs more bytes than the file has (an 8 PiB shape in a 128-byte file is refused before allocating)."""
    path = Path(path)
    with open(path, "rb") as fh:
        try:
            version = np.lib.format.read_magic(fh)
            width = 2 if version == (1, 0) else 4
            header_length = int.from_bytes(fh.read(width), "little")
            if header_length > MAX_HEADER_BYTES:
                raise ValueError(f"a header of {header_length} bytes")
            fh.seek(-width, 1)
            shape, fortran, dtype = (np.lib.format.read_array_header_1_0(fh) if version == (1, 0)
                                     else np.lib.format.read_array_header_2_0(fh))
        except (ValueError, SyntaxError, TypeError, EOFError, OverflowError) as exc:
            raise NpyFileError(f"{path}: not a readable .npy header ({str(exc)[:120]})") from None
        if any(not isinstance(n, int) or n < 0 for n in shape):
            raise NpyFileError(f"{path}: not a readable .npy header (shape {shape!r:.80})")
        if dtype.hasobject:
            raise NpyFileError(f"{path}: holds Python objects (pickled), not read")
        count = math.prod(shape)
        need = count * dtype.itemsize
        have = path.stat().st_size - fh.tell()
        if need > have:
            raise NpyFileError(f"{path}: shape {shape} of {dtype} needs {need} bytes, the file holds {have}")
        data = np.fromfile(fh, dtype=dtype, count=count)
    return data.reshape(shape, order="F" if fortran else "C")
