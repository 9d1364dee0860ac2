"""Atomic file writes: a reader never sees a half-written file, and a failed save loses nothing.

Every write goes to a temporary ``.adg-*.tmp`` file in the target's folder, is flushed (and fsynced
unless the caller opts out), takes over the mode (setuid/setgid bits dropped) and, where the process
may, the owner of the file it replaces (a new file gets ``0666`` minus the umask, like any file the user
creates), and is then renamed over the target. A failure removes the temporary file. A link at the
target name is replaced, never written through; a folder, device, FIFO or socket there (or a link to a
device, FIFO or socket) is refused. After a ``kill -9`` a temporary file may remain:
:func:`remove_stale_temps` removes those older than a day.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

TEMP_PREFIX, TEMP_SUFFIX = ".adg-", ".tmp"
_TEMP_TOKEN_BYTES = 6
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + "[0-9a-f]{1,32}" + re.escape(TEMP_SUFFIX))
"""The names :func:`temp_beside` makes (a hex token): cleanup never touches a user's ``.adg-notes.tmp``."""
STALE_SECONDS = 24 * 3600


def temp_beside(path: Path) -> tuple[int, str]:
    """Create a temporary file in ``path``'s folder (made if missing); returns ``(fd, name)``.

    The name is short and independent of ``path.name``, so a target name near the 255-byte limit
    (the runtime writes such names) still gets a temporary file. The file is created ``0600`` (no one
    else can open it while it is written); :func:`atomic_output` gives it its final mode before the rename.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        name = os.path.join(path.parent, f"{TEMP_PREFIX}{os.urandom(_TEMP_TOKEN_BYTES).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue


def _umask() -> int:
    """The process's umask, read without changing it where Linux tells it (``/proc``); elsewhere set and
    restored at once."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _take_over_metadata(fd: int, path: Path) -> None:
    """Give the temporary file ``fd`` the mode (and, best effort, owner) of the regular file at ``path``;
    with none there (or a link), the mode of a new file: ``0666`` minus the umask."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is None or not stat.S_ISREG(st.st_mode):  # a link or nothing: a plain new file
        _chmod(fd, 0o666 & ~_umask())
        return
    if hasattr(os, "fchown") and (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
        for uid, gid in ((st.st_uid, st.st_gid), (-1, st.st_gid)):
            try:
                os.fchown(fd, uid, gid)  # before chmod: a chown may clear set-id bits
                break
            except OSError:
                continue
    _chmod(fd, stat.S_IMODE(st.st_mode) & ~(stat.S_ISUID | stat.S_ISGID))  # new content: no set-id bits


def _chmod(fd: int, mode: int) -> None:
    """``fchmod`` where the platform and file system have it (FAT keeps no modes and may refuse)."""
    if hasattr(os, "fchmod"):
        with suppress(OSError):
            os.fchmod(fd, mode)


def _check_replaceable(path: Path) -> None:
    """Refuse a target that is a folder, a device, a FIFO or a socket, or a link to a device, FIFO or socket
    (renaming over it would, run as root, turn ``/dev/null`` or ``/dev/stdout`` into a regular file); any
    other link is replaced like a file."""
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            st = os.stat(path)
            if stat.S_ISDIR(st.st_mode):
                return
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder; give a file name", str(path))
    if not stat.S_ISREG(st.st_mode):
        raise FileExistsError(errno.EEXIST, "is a device, FIFO or socket, not a regular file; refusing to "
                                            "replace it", str(path))


def _about_target(exc: OSError, path: Path) -> OSError:
    """``exc`` naming the target instead of the temporary file (the name the user knows)."""
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


@contextmanager
def atomic_output(path: str | Path, *, durable: bool = True) -> Iterator[BinaryIO]:
    """Open a temporary file next to ``path`` for streaming; on normal exit it replaces ``path``
    (when ``durable``, the data is fsynced before and the folder after the rename), on error it is
    removed and ``path`` is untouched. A folder, device, FIFO or socket at ``path`` is refused
    (``OSError``); errors name ``path``, not the temporary file."""
    path = Path(path)
    _check_replaceable(path)
    try:
        fd, tmp = temp_beside(path)
    except OSError as exc:
        raise _about_target(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            _take_over_metadata(fh.fileno(), path)
            if durable:
                os.fsync(fh.fileno())
        try:
            os.replace(tmp, path)
        except OSError as exc:
            raise _about_target(exc, path) from None
    except OSError as exc:      # a full disk while writing: the message names the file being written
        Path(tmp).unlink(missing_ok=True)
        if exc.filename is None:
            raise _about_target(exc, path) from None
        raise
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (best effort: not every platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes_atomic(path: str | Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder (fsynced when ``durable``)
    and ``os.replace``."""
    with atomic_output(path, durable=durable) as fh:
        fh.write(data)


def write_text_atomic(path: str | Path, text: str, *, durable: bool = True) -> None:
    """Write UTF-8 ``text`` atomically (see :func:`write_bytes_atomic`); file names that were not UTF-8
    (surrogate escapes) get their original bytes back."""
    write_bytes_atomic(path, text.encode("utf-8", "surrogateescape"), durable=durable)


def remove_stale_temps(folder: str | Path, *, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove this app's temporary files directly in ``folder`` not modified for ``older_than`` seconds
    (left by a killed process; a younger one may belong to a write in progress). Returns what was removed."""
    removed: list[Path] = []
    limit = time.time() - older_than
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
