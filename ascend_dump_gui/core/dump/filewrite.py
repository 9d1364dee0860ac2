"""Streaming atomic writes for outputs too big to build in memory (dump files, converted ``.npy``).

:func:`atomic_output` lives in :mod:`ascend_dump_gui.core.atomic` (temporary file in the target
folder, mode and owner of the replaced file kept, ``os.replace``). Streamed outputs pass
``durable=False``: an fsync per file would dominate writing thousands of small dumps or ``.npy`` files
(measured: 400 small converted tensors took ~5x longer). ``convert_paths`` flushes its batch once at
the end instead; the emulator's dump trees are generated data that can be written again.
"""

from __future__ import annotations

from typing import BinaryIO

import numpy as np
from numpy.lib import format as npy_format

from ascend_dump_gui.core.atomic import atomic_output

__all__ = ["atomic_output", "write_npy_header"]


def write_npy_header(fh: BinaryIO, shape: tuple[int, ...], dtype: np.dtype) -> None:
    """Write a ``.npy`` header for a C-order array; the raw data must follow."""
    header = {"descr": npy_format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False,
              "shape": tuple(int(d) for d in shape)}
    npy_format.write_array_header_1_0(fh, header)
