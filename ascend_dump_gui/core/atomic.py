"""Atomic file writes: a reader never sees a half-written file, and a failed save loses nothing."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def temp_beside(path: Path) -> tuple[int, str]:
    """Create a temporary file in ``path``'s folder (made if missing); returns ``(fd, name)``.

    The name is short and independent of ``path.name``, so a target name near the 255-byte limit
    (the runtime writes such names) still gets a temporary file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    return tempfile.mkstemp(prefix=".adg-", suffix=".tmp", dir=path.parent)


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``."""
    path = Path(path)
    fd, tmp = temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write UTF-8 ``text`` atomically (see :func:`write_bytes_atomic`)."""
    write_bytes_atomic(path, text.encode("utf-8"))
