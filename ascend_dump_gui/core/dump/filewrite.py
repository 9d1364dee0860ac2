"""Streaming atomic writes for outputs too big to build in memory (dump files, converted ``.npy``).

Same scheme as :mod:`ascend_dump_gui.core.atomic` (temporary file in the target folder, then
``os.replace``), but the caller streams into the open file instead of passing one ``bytes`` object.
There is no fsync: these are derived data that can be written again, and an fsync per file would
dominate emulating thousands of small dumps or converting a 1 GiB tensor.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import numpy as np
from numpy.lib import format as npy_format

from ascend_dump_gui.core.atomic import temp_beside


@contextmanager
def atomic_output(path: str | Path) -> Iterator[BinaryIO]:
    """Open a temporary file next to ``path``; on normal exit it replaces ``path``, on error it is removed."""
    path = Path(path)
    fd, tmp = temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_npy_header(fh: BinaryIO, shape: tuple[int, ...], dtype: np.dtype) -> None:
    """Write a ``.npy`` header for a C-order array; the raw data must follow."""
    header = {"descr": npy_format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False,
              "shape": tuple(int(d) for d in shape)}
    npy_format.write_array_header_1_0(fh, header)
