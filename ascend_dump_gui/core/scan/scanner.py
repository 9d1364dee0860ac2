"""Index a dump folder of any layout: one record per file, problems for what cannot be placed.

The walk lists each folder once and makes one ``lstat`` per entry (for its size); headers are not opened unless
``with_headers=True``. Folders are visited depth first in name order; a folder's files come before its
sub-folders. A symbolic link that leads outside the scanned folder is listed as a problem and not followed
unless ``follow_links=True``; links into the tree and link loops are never followed twice.

With the C listing (core/scan/walk.py) a worker thread lists the next folders of the walk, the GIL released,
while this thread turns a folder's names into records; the C listing also splits the usual 5-field op dump
names, and its ``records`` makes their records. Without it the same walk runs in Python, with the same records,
order and problems.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from stat import S_IFDIR, S_IFLNK, S_IFREG, S_ISDIR, S_ISREG
from typing import TYPE_CHECKING

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.dump.layout import DirContext, child_context, root_context
from ascend_dump_gui.core.dump.naming import MAPPING_FILE
from ascend_dump_gui.core.dump.records import DumpRecord, Problem, folder_records, load_mapping
from ascend_dump_gui.core.errors import DumpError, InputError
from ascend_dump_gui.core.links import LINK_OUTSIDE, is_inside
from ascend_dump_gui.core.msprobe.layout import TENSOR_DIR as MSPROBE_TENSOR_DIR
from ascend_dump_gui.core.msprobe.scan import msprobe_folder
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.scan import walk

if TYPE_CHECKING:
    from concurrent.futures import Future
    from types import ModuleType

_USE_FD = os.listdir in os.supports_fd and os.stat in os.supports_dir_fd
_S_IFMT = 0o170000
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_HEADER_KINDS = frozenset({"tensor", "overflow"})
_AHEAD = 2
"""Folders of the walk the C listing lists ahead of the one being turned into records (their listings are what
the look-ahead holds in memory)."""
_WORKERS = 2
"""Threads listing them: the system calls of two folders run on two cores."""
_AHEAD_SIZE = 16384
"""Only folders whose ``st_size`` reaches this (a few hundred entries on ext4) are listed ahead: a small
folder is listed sooner than a worker thread takes it over."""


@dataclass(slots=True)
class ScanResult:
    """The whole index of ``root``: records and problems in walk order."""

    root: str
    records: list[DumpRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict:
        """The `scan --json` document of cli.md."""
        return {"root": self.root, "records": [r.to_json() for r in self.records],
                "problems": [p.to_json() for p in self.problems]}


@dataclass(slots=True)
class _Folder:
    path: str
    rel: str
    ctx: DirContext
    real: str
    size: int = 0
    """Its ``st_size``: how much it holds, roughly (0: unknown)."""
    listing: Future | None = None
    """Its C listing, when it was started ahead of the walk."""


_Listed = tuple[list[_Folder], list[tuple[str, int]], list[Problem], list | None]
"""A folder's sub-folders to visit, ``(name, size)`` of its files, problems (all in name order), and the common
form fields of each file (:func:`~ascend_dump_gui.core.dump.naming.split_common_form`, None: not split yet)."""


class _Ahead:
    """Lists the next folders of the walk on worker threads (the C listing releases the GIL)."""

    __slots__ = ("_list", "_pool")

    def __init__(self, built: ModuleType) -> None:
        from concurrent.futures import ThreadPoolExecutor  # only with the C listing

        self._list = built.list_folder
        self._pool = ThreadPoolExecutor(_WORKERS, thread_name_prefix="scan-listing")

    def start(self, stack: list[_Folder]) -> None:
        """Start listing the large folders on top of ``stack`` (the next ones to visit) not started yet."""
        for folder in reversed(stack[-_AHEAD:]):
            if folder.listing is None and folder.size >= _AHEAD_SIZE:
                folder.listing = self._pool.submit(self._list, folder.path)

    def listing(self, folder: _Folder) -> tuple[list, list, list]:
        """The C listing of ``folder``; OSError if it cannot be read."""
        return self._list(folder.path) if folder.listing is None else folder.listing.result()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def check_root(root: str | os.PathLike) -> str:
    """The absolute path of a folder to scan; :class:`InputError` if it is missing or not a folder."""
    path = os.path.abspath(os.fspath(root))
    if not os.path.exists(path):
        raise InputError(root, "no such folder")
    if not os.path.isdir(path):
        raise InputError(root, "not a folder" if os.path.isfile(path)
                         else "neither a folder nor a regular file (a FIFO, socket or device)")
    return path


def scan(root: str | os.PathLike, *, with_headers: bool = False, follow_links: bool = False,
         progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> ScanResult:
    """Index every file under ``root`` (see :func:`iter_scan`)."""
    result = ScanResult(check_root(root))
    with gc_paused():  # 100k+ long-lived records: the cyclic GC would re-walk them over and over
        for records, problems in iter_folders(root, with_headers=with_headers, follow_links=follow_links,
                                              progress=progress, cancel=cancel):
            result.records += records
            result.problems += problems
    return result


def iter_scan(root: str | os.PathLike, *, with_headers: bool = False, follow_links: bool = False,
              progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> Iterator[DumpRecord | Problem]:
    """Stream the index of ``root``: a :class:`DumpRecord` per file, a :class:`Problem` per file or folder
    that cannot be placed or read (junk files, empty or unreadable folders, symlink loops, links to
    outside ``root`` unless ``follow_links``).

    ``progress(files_done, 0, folder)`` is called per folder; ``cancel`` is polled per folder.
    ``with_headers=True`` also reads the header of every tensor and Opdebug file and reports the files that
    are not readable dumps. Raises :class:`InputError` only when ``root`` itself is missing, not a folder or
    unreadable.
    """
    for records, problems in iter_folders(root, with_headers=with_headers, follow_links=follow_links,
                                          progress=progress, cancel=cancel):
        yield from problems
        yield from records


def iter_folders(root: str | os.PathLike, *, with_headers: bool = False, follow_links: bool = False,
                 progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> Iterator[tuple[list[DumpRecord], list[Problem]]]:
    """:func:`iter_scan` one folder at a time: ``(records, problems)`` of each folder visited.

    The records of one batch come from one folder, so they share every layout field but ``device``.
    """
    path = check_root(root)
    real_root = os.path.realpath(path)
    stack = [_Folder(path, "", root_context(path), real_root)]
    followed: set[str] = set()
    done = 0
    built = walk.WALK
    ahead = _Ahead(built) if built is not None else None
    try:
        while stack:
            if cancel is not None:
                cancel.raise_if_cancelled()
            folder = stack.pop()
            try:
                subfolders, files, problems, common = (
                    _list_folder(folder, real_root, followed, follow_links) if ahead is None
                    else _sort_listing(ahead.listing(folder), folder, real_root, followed, follow_links))
            except OSError as exc:
                if not folder.rel:
                    raise InputError(root, f"cannot read folder: {exc.strerror or exc}") from exc
                yield [], [Problem(folder.rel, f"cannot read folder: {exc.strerror or exc}")]
                continue
            records: list[DumpRecord] = []
            msprobe = (msprobe_folder(folder.path, folder.rel, files, "" if follow_links else real_root) if files
                       else None)
            if msprobe is not None:  # an msprobe run: its records, and dump_tensor_data is not walked again
                subfolders = [s for s in subfolders if os.path.basename(s.path) != MSPROBE_TENSOR_DIR]
            stack.extend(reversed(subfolders))
            if ahead is not None:
                ahead.start(stack)
            if msprobe is not None:
                records, problems = msprobe[0], problems + msprobe[1]
            elif files:
                records = _folder_items(folder, files, problems, with_headers, common)
            elif not subfolders and not problems:
                problems.append(Problem(folder.rel or ".", "empty folder"))
            if records or problems:
                yield records, problems
            done += len(files)
            progress(done, 0, folder.rel or ".")
    finally:
        if ahead is not None:
            ahead.close()


def _list_folder(folder: _Folder, real_root: str, followed: set[str], follow_links: bool) -> _Listed:
    """The folder's entries in Python: one ``lstat`` per entry, relative to a folder descriptor where the OS
    allows (a short lookup)."""
    fd = os.open(folder.path, _DIR_FLAGS) if _USE_FD else None
    try:
        names = os.listdir(folder.path if fd is None else fd)
        names.sort()
        entries = _Entries(folder, real_root, followed, follow_links)
        files = entries.files
        for name in names:
            try:
                st = (os.stat(name, dir_fd=fd, follow_symlinks=False) if fd is not None
                      else os.stat(os.path.join(folder.path, name), follow_symlinks=False))
            except OSError as exc:
                entries.unreadable(name, exc)
                continue
            kind = st.st_mode & _S_IFMT
            if kind == S_IFREG:
                files.append((name, st.st_size))
            else:
                entries.add(name, kind, st.st_size)
        return entries.subfolders, files, entries.problems, None
    finally:
        if fd is not None:
            os.close(fd)


def _sort_listing(listing: tuple[list, list, list], folder: _Folder, real_root: str, followed: set[str],
                  follow_links: bool) -> _Listed:
    """The folder's C listing (``files, common, rest``: see ``_walk.c``) as :func:`_list_folder` gives it."""
    files, common, rest = listing
    if not rest:
        return [], files, [], common
    entries = _Entries(folder, real_root, followed, follow_links)
    entries.files = files
    for name, kind, err, size in rest:
        if err:
            entries.unreadable(name, OSError(err, os.strerror(err)))
        else:
            entries.add(name, kind, size)
    if len(files) != len(common):  # links to files joined the list: back in name order, split in Python
        files.sort()
        common = None
    return entries.subfolders, files, entries.problems, common


class _Entries:
    """One folder's entries other than regular files, placed in name order: sub-folders to visit, files
    (links to files) and problems."""

    __slots__ = ("folder", "prefix", "real_root", "followed", "follow_links", "subfolders", "files", "problems")

    def __init__(self, folder: _Folder, real_root: str, followed: set[str], follow_links: bool) -> None:
        self.folder, self.real_root, self.followed, self.follow_links = folder, real_root, followed, follow_links
        self.prefix = folder.rel + "/" if folder.rel else ""
        self.subfolders: list[_Folder] = []
        self.files: list[tuple[str, int]] = []
        self.problems: list[Problem] = []

    def add(self, name: str, kind: int, size: int) -> None:
        """An entry whose ``lstat`` gave ``kind`` (``st_mode & S_IFMT``) and ``size``."""
        folder, rel = self.folder, self.prefix + name
        try:
            if kind == S_IFDIR:
                self.subfolders.append(_Folder(os.path.join(folder.path, name), rel, child_context(folder.ctx, name),
                                               folder.real + os.sep + name, size))
            elif kind == S_IFLNK:
                item = _follow_link(name, folder, rel, self.real_root, self.followed, self.files, self.follow_links)
                if type(item) is _Folder:
                    self.subfolders.append(item)
                elif item is not None:
                    self.problems.append(item)
            else:
                self.problems.append(Problem(rel, "not a regular file or folder"))
        except OSError as exc:
            self.unreadable(name, exc)

    def unreadable(self, name: str, exc: OSError) -> None:
        self.problems.append(Problem(self.prefix + name, f"cannot read: {exc.strerror or exc}"))


def _follow_link(name: str, folder: _Folder, rel: str, real_root: str, followed: set[str],
                 files: list[tuple[str, int]], follow_links: bool) -> _Folder | Problem | None:
    """A symbolic link: a file (appended to ``files``), a folder outside the tree to visit (only with
    ``follow_links``), or a problem."""
    path = os.path.join(folder.path, name)
    try:
        st = os.stat(path)
    except OSError:
        return Problem(rel, "broken or looping symbolic link")
    target = os.path.realpath(path)
    if not follow_links and not is_inside(target, real_root):
        return Problem(rel, LINK_OUTSIDE.format(target=target))
    if S_ISREG(st.st_mode):
        files.append((name, st.st_size))
        return None
    if not S_ISDIR(st.st_mode):
        return Problem(rel, "not a regular file or folder")
    if folder.real == target or folder.real.startswith(target + os.sep):
        return Problem(rel, "symbolic link loop: points to an enclosing folder, not followed")
    if is_inside(target, real_root) or target in followed:
        return Problem(rel, "symbolic link to a folder indexed elsewhere in this scan, not followed")
    followed.add(target)
    return _Folder(path, rel, child_context(folder.ctx, name), target)


def _folder_items(folder: _Folder, files: list[tuple[str, int]], problems: list[Problem], with_headers: bool,
                  common: list | None) -> list[DumpRecord]:
    """Records for the files of one folder, in name order; their problems are added to ``problems``."""
    mapping: dict[str, str] = {}
    at = bisect_left(files, (MAPPING_FILE,))  # files are in name order
    if at < len(files) and files[at][0] == MAPPING_FILE:
        mapping, problem = load_mapping(folder.path, folder.rel)
        if problem is not None:
            problems.append(problem)
    build = getattr(walk.WALK, "records", None) if common is not None else None   # common: the C listing's
    records, unplaced = folder_records(folder.ctx, folder.rel, files, mapping, common, build)
    problems += unplaced
    if with_headers:
        for record in records:
            if record.kind in _HEADER_KINDS:
                problem = _check_header(os.path.join(folder.path, record.path.rpartition("/")[2]), record.path)
                if problem is not None:
                    problems.append(problem)
    return records


def _check_header(path: str, rel: str) -> Problem | None:
    """Open a dump's header with the reader; a problem if it is not a readable dump."""
    from ascend_dump_gui.core.dump.reader import read_dump  # the reader is only needed with headers

    try:
        read_dump(path)
    except DumpError as exc:
        return Problem(rel, str(exc))
    return None
