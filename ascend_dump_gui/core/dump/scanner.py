"""Index a dump folder of any layout: one record per file, problems for what cannot be placed.

The walk uses ``os.scandir`` and one ``stat`` per file (for its size); headers are not opened unless
``with_headers=True``. Folders are visited depth first in name order; a folder's files come before its
sub-folders.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import attrgetter

from ascend_dump_gui.core.dump.layout import DirContext, child_context, root_context
from ascend_dump_gui.core.dump.naming import MAPPING_FILE, ParsedName
from ascend_dump_gui.core.dump.records import (
    DumpRecord,
    OverflowPartners,
    Problem,
    join_rel,
    load_mapping,
    make_record,
    parse_in_folder,
)
from ascend_dump_gui.core.errors import DumpError, InputError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

_BY_NAME = attrgetter("name")
_HEADER_KINDS = frozenset({"tensor", "overflow"})


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


def check_root(root: str | os.PathLike) -> str:
    """The absolute path of a folder to scan; :class:`InputError` if it is missing or not a folder."""
    path = os.path.abspath(os.fspath(root))
    if not os.path.exists(path):
        raise InputError(root, "no such folder")
    if not os.path.isdir(path):
        raise InputError(root, "not a folder")
    return path


def scan(root: str | os.PathLike, *, with_headers: bool = False, progress: ProgressFn = no_progress,
         cancel: CancelToken | None = None) -> ScanResult:
    """Index every file under ``root`` (see :func:`iter_scan`)."""
    result = ScanResult(check_root(root))
    records, problems = result.records.append, result.problems.append
    for item in iter_scan(root, with_headers=with_headers, progress=progress, cancel=cancel):
        if type(item) is DumpRecord:
            records(item)
        else:
            problems(item)
    return result


def iter_scan(root: str | os.PathLike, *, with_headers: bool = False, progress: ProgressFn = no_progress,
              cancel: CancelToken | None = None) -> Iterator[DumpRecord | Problem]:
    """Stream the index of ``root``: a :class:`DumpRecord` per file, a :class:`Problem` per file or folder
    that cannot be placed or read (junk files, empty or unreadable folders, symlink loops).

    ``progress(files_done, 0, folder)`` is called per folder; ``cancel`` is polled per folder.
    Raises :class:`InputError` only when ``root`` itself is missing, not a folder or unreadable.
    """
    path = check_root(root)
    real_root = os.path.realpath(path)
    stack = [_Folder(path, "", root_context(path), real_root)]
    followed: set[str] = set()
    done = 0
    while stack:
        if cancel is not None:
            cancel.raise_if_cancelled()
        folder = stack.pop()
        try:
            with os.scandir(folder.path) as it:
                entries = sorted(it, key=_BY_NAME)
        except OSError as exc:
            if not folder.rel:
                raise InputError(root, f"cannot read folder: {exc.strerror or exc}") from exc
            yield Problem(folder.rel, f"cannot read folder: {exc.strerror or exc}")
            continue
        if not entries:
            yield Problem(folder.rel or ".", "empty folder")
            continue
        subfolders: list[_Folder] = []
        files: list[tuple[str, int]] = []
        for entry in entries:
            item = _classify(entry, folder, real_root, followed, files)
            if type(item) is _Folder:
                subfolders.append(item)
            elif item is not None:
                yield item
        yield from _folder_records(folder, files, with_headers)
        done += len(files)
        progress(done, 0, folder.rel or ".")
        stack.extend(reversed(subfolders))


def _classify(entry: os.DirEntry, folder: _Folder, real_root: str, followed: set[str],
              files: list[tuple[str, int]]) -> _Folder | Problem | None:
    """Sort one entry: a sub-folder to visit, a file (appended to ``files``), or a problem."""
    rel = join_rel(folder.rel, entry.name)
    try:
        if entry.is_symlink():
            return _classify_link(entry, folder, rel, real_root, followed, files)
        if entry.is_dir():
            return _Folder(entry.path, rel, child_context(folder.ctx, entry.name),
                           folder.real + os.sep + entry.name)
        if entry.is_file():
            files.append((entry.name, entry.stat().st_size))
            return None
    except OSError as exc:
        return Problem(rel, f"cannot read: {exc.strerror or exc}")
    return Problem(rel, "not a regular file or folder")


def _classify_link(entry: os.DirEntry, folder: _Folder, rel: str, real_root: str, followed: set[str],
                   files: list[tuple[str, int]]) -> _Folder | Problem | None:
    if entry.is_file():
        files.append((entry.name, entry.stat().st_size))
        return None
    if not entry.is_dir():
        return Problem(rel, "broken or looping symbolic link")
    target = os.path.realpath(entry.path)
    if folder.real == target or folder.real.startswith(target + os.sep):
        return Problem(rel, "symbolic link loop: points to an enclosing folder, not followed")
    if target == real_root or target.startswith(real_root + os.sep) or target in followed:
        return Problem(rel, "symbolic link to a folder indexed elsewhere in this scan, not followed")
    followed.add(target)
    return _Folder(entry.path, rel, child_context(folder.ctx, entry.name), target)


def _folder_records(folder: _Folder, files: list[tuple[str, int]],
                    with_headers: bool) -> Iterator[DumpRecord | Problem]:
    """Records (and problems) for the files of one folder, in name order."""
    mapping: dict[str, str] = {}
    if any(name == MAPPING_FILE for name, _ in files):
        mapping, problem = load_mapping(folder.path, folder.rel)
        if problem is not None:
            yield problem
    ctx, rel = folder.ctx, folder.rel
    parsed = [parse_in_folder(ctx, name, mapping) for name, _ in files]
    partners = None
    if any(type(p) is ParsedName and p.kind == "overflow" for p in parsed):
        partners = OverflowPartners([p for p in parsed if type(p) is ParsedName])
    prefix = rel + "/" if rel else ""
    for (name, size), info in zip(files, parsed, strict=True):
        if type(info) is str:
            yield Problem(prefix + name, info)
            continue
        partner = partners.partner(info) if partners is not None and info.kind == "overflow" else None
        record = make_record(ctx, prefix + name, info, size, partner)
        yield record
        if with_headers and info.kind in _HEADER_KINDS:
            problem = _check_header(os.path.join(folder.path, name), record.path)
            if problem is not None:
                yield problem


def _check_header(path: str, rel: str) -> Problem | None:
    """Open a dump's header with the reader; a problem if it is not a readable dump."""
    from ascend_dump_gui.core.dump.reader import read_dump  # the reader is only needed with headers

    try:
        read_dump(path)
    except DumpError as exc:
        return Problem(rel, str(exc))
    return None
