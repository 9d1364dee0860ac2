"""Output names built from untrusted text, and the check that a write stays in the folder the user chose.

Op names in dump headers, ``mapping.csv`` originals, graph names and dump file names are untrusted:
:func:`safe_name` turns any such text into one harmless file-name component, :func:`inside` builds a
path below a chosen folder and refuses one that would leave it (``..``, a separator, or a link on the
way), :class:`NameClaims` keeps two outputs of one run from landing on the same name, and
:func:`refuse_replacing_inputs` keeps an output from replacing a file the same run reads.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from ascend_dump_gui.core.atomic import TEMP_PREFIX
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.links import is_inside

NAME_MAX = 255
"""Bytes in one file-name component (Linux and macOS file systems)."""
_HASH_CHARS = 16


class UnsafePathError(InputError):
    """An output path would leave the folder it was meant for (the message says how)."""


def _clean_char(ch: str) -> str:
    if ch in "/\\\0" or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
        return "_"
    return ch


def safe_name(text: str, suffix: str = "", *, max_bytes: int = NAME_MAX) -> str:
    """``text`` + ``suffix`` as one file-name component: separators, NUL, control and format characters
    and bytes that are not UTF-8 (surrogate escapes in a file name) become ``_``; ``""``/``.``/``..`` and
    names that look like this app's temporary files get a ``_`` prefix; a name over ``max_bytes`` UTF-8 bytes keeps its head plus ``~`` and a hash of the whole text
    (deterministic, so the same input always gets the same name). ``suffix`` is trusted and kept whole.
    """
    cleaned = "".join(map(_clean_char, text))
    name = cleaned + suffix
    if name in ("", ".", "..") or name.startswith(TEMP_PREFIX):
        cleaned = "_" + cleaned
        name = cleaned + suffix
    if len(name.encode("utf-8")) <= max_bytes:
        return name
    import hashlib  # here: loading OpenSSL costs every command that never hashes a name about 4 ms

    tag = "~" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_CHARS]
    room = max_bytes - len((tag + suffix).encode("utf-8"))
    if room < 1:
        raise ValueError(f"suffix {suffix!r} leaves no room for a name within {max_bytes} bytes")
    head = cleaned.encode("utf-8")[:room].decode("utf-8", "ignore")
    return head + tag + suffix


def _plain(path: Path) -> Path:
    return Path(os.path.abspath(path))


def check_inside(root: str | Path, path: str | Path, *, is_folder: bool = False) -> Path:
    """``path`` (absolute) once it is known to stay in ``root``: below it lexically, and with no link
    among its existing folders below ``root`` (a link there could send the write anywhere). A link at
    the final name of a file is allowed: atomic writes replace it, never write through it. With
    ``is_folder``, ``path`` is a folder to write into (``root`` itself allowed, a link at its name not).
    ``root`` itself may be a link the user chose. Raises :class:`UnsafePathError`."""
    root, path = _plain(Path(root)), _plain(Path(path))
    if not path.is_relative_to(root) or (path == root and not is_folder):
        raise UnsafePathError(path, f"is not inside the output folder {root}")
    folder = root
    parts = path.relative_to(root).parts
    for part in parts if is_folder else parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            raise UnsafePathError(folder, f"is a link inside the output folder {root}; "
                                          "refusing to write through it (remove it or choose another folder)")
    return path


def inside(root: str | Path, *parts: str) -> Path:
    """``root / parts...`` where every part must already be one plain component (see :func:`safe_name`);
    checked with :func:`check_inside`."""
    for part in parts:
        if part != safe_name(part) or part in ("", ".", ".."):
            raise UnsafePathError(Path(root) / part, "is not a plain file name")
    return check_inside(root, Path(root).joinpath(*parts))


def _folded(name: str) -> str:
    """``name`` as a case-insensitive or normalising file system (exFAT, NTFS, macOS) compares it."""
    return unicodedata.normalize("NFC", name).casefold()


class NameClaims:
    """Names handed out in one run, per folder: the first claim of a name gets it as it is, later claims
    of the same name get ``name~2``, ``name~3``... (in claim order, so a rerun gives the same names).
    Names that differ only in case or Unicode normalisation count as the same: on many file systems they
    are one file."""

    def __init__(self) -> None:
        self._taken: dict[Path, set[str]] = {}

    def claim(self, folder: Path, name: str, *, max_bytes: int = NAME_MAX - 32) -> str:
        """A name in ``folder`` no earlier claim of this run holds (``max_bytes`` leaves room for suffixes
        the caller appends)."""
        taken = self._taken.setdefault(_plain(folder), set())
        base = safe_name(name, max_bytes=max_bytes)
        candidate, n = base, 1
        while _folded(candidate) in taken:
            n += 1
            candidate = safe_name(name, f"~{n}", max_bytes=max_bytes)
        taken.add(_folded(candidate))
        return candidate


def file_ids(paths: Iterable[str | Path]) -> set[tuple[int, int]]:
    """(device, inode) of each existing file in ``paths`` (links followed), for :func:`refuse_replacing_inputs`."""
    ids = set()
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            continue
        ids.add((st.st_dev, st.st_ino))
    return ids


def refuse_replacing_tree_files(output: str | Path, roots: Iterable[str | Path]) -> None:
    """Raise :class:`UnsafePathError` when ``output`` is a regular file inside one of the trees ``roots`` given as
    input (dump.json, stack.json, a tensor, a graph: whether or not the verb read it)."""
    try:
        st = os.lstat(output)
    except OSError:
        return
    real = os.path.realpath(output)
    if stat.S_ISREG(st.st_mode) and any(is_inside(real, os.path.realpath(root)) for root in roots):
        raise UnsafePathError(output, "is a file of a compared dump tree; refusing to replace it (choose another "
                                      "output name)")


def refuse_replacing_inputs(output: str | Path, inputs: set[tuple[int, int]], what: str) -> None:
    """Raise :class:`UnsafePathError` when ``output`` is a regular file that is one of ``inputs`` (see
    :func:`file_ids`: the same file whatever the spelling); ``what`` says what it is ("the config being
    exported"). A link at ``output`` is fine: the atomic write replaces the link, not what it points to."""
    try:
        st = os.lstat(output)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode) and (st.st_dev, st.st_ino) in inputs:
        raise UnsafePathError(output, f"is {what}; refusing to replace it (choose another output name)")
