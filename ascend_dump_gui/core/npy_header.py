"""The header of a ``.npy`` file read without numpy, pickle or Python's parser for the usual spelling (the compare's
early pass reads it before numpy is imported; :mod:`.npy_file` turns it into a dtype and an array).

numpy parses a header with ``ast.literal_eval``; CPython 3.11 can fail that with "AST constructor recursion depth
mismatch" when two threads parse at once (the compare reads goldens on a thread pool), so the usual header is read
with a pattern here, and an unusual one by ``literal_eval`` under a lock.
"""

from __future__ import annotations

import re
import threading
from typing import BinaryIO

MAX_HEADER_BYTES = 1 << 16
"""numpy writes headers of a few hundred bytes; a longer one is refused before it is read."""
_MAGIC = b"\x93NUMPY"
_HEADER = re.compile(r"\{\s*'descr'\s*:\s*'([^'\\]{1,64})'\s*,\s*'fortran_order'\s*:\s*(True|False)\s*,"
                     r"\s*'shape'\s*:\s*\(\s*((?:\d{1,20}\s*,\s*)*(?:\d{1,20})?)\s*\)\s*,?\s*\}\s*$")
_PARSE_LOCK = threading.Lock()


def _fields(text: str) -> tuple[object, object, object]:
    found = _HEADER.match(text)
    if found is not None:
        shape = tuple(int(n) for n in found.group(3).replace(" ", "").split(",") if n)
        return found.group(1), found.group(2) == "True", shape
    import ast  # loaded only for such a header

    with _PARSE_LOCK:       # structured dtypes and other spellings: Python's parser, one thread at a time
        value = ast.literal_eval(text)
    if not isinstance(value, dict) or set(value) != {"descr", "fortran_order", "shape"}:
        raise ValueError("not a .npy header dictionary")
    return value["descr"], value["fortran_order"], value["shape"]


def header_fields(fh: BinaryIO) -> tuple[object, bool, tuple[int, ...]]:
    """(descr, Fortran order, shape) of the ``.npy`` open in ``fh``, left at the first data byte; ValueError (or
    SyntaxError, RecursionError... from an unusual header) when it is not one; descr is still unchecked."""
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
    return descr, fortran, shape
