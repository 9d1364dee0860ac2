"""A lazy, Qt-free tree over a dump folder for the GUI: a folder's children are listed only when asked.

Listing costs one ``os.scandir`` of that folder and no ``stat`` per file, whatever the tree size; a file's
record (kind, op, size) is worked out on first use. A link that leads outside the opened folder is shown as
a link with a problem and not followed, unless the tree was opened with ``follow_links=True``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ascend_dump_gui.core.dump.layout import DirContext, child_context, describe, root_context
from ascend_dump_gui.core.dump.naming import MAPPING_FILE
from ascend_dump_gui.core.dump.records import (
    DumpRecord,
    OverflowPartners,
    Problem,
    join_rel,
    load_mapping,
    make_record,
    mapped_name,
    parse_in_folder,
    problem_message,
)
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.links import LINK_OUTSIDE, is_inside
from ascend_dump_gui.core.scan.scanner import check_root

LINK_LOOP = "symbolic link loop: points to an enclosing folder"

def natural_key(name: str) -> tuple:
    """Sort key that orders digit runs by value: ``layer2`` < ``layer10`` < ``layer100``."""
    parts = tuple((0, int(part)) if part.isdigit() else (1, part.casefold())
                  for part in re.split(r"(\d+)", name) if part)
    return parts, name


def _BY_NAME(entry: os.DirEntry) -> tuple:  # noqa: N802 - the sort key of listed entries
    return natural_key(entry.name)
OVERFLOW_OF = "overflow of {op}"
"""How a file's label names the op an Opdebug file reports (the UI's catalogue translates it)."""


class _Siblings:
    """What the files of one listed folder share: context, mapping.csv rows, sibling names."""

    __slots__ = ("ctx", "names", "mapping", "_partners")

    def __init__(self, path: str, rel: str, ctx: DirContext, names: list[str]) -> None:
        self.ctx, self.names = ctx, names
        self.mapping: dict[str, str] = load_mapping(path, rel)[0] if MAPPING_FILE in names else {}
        self._partners: OverflowPartners | None = None

    def partners(self) -> OverflowPartners:
        if self._partners is None:
            parsed = (parse_in_folder(self.ctx, n, self.mapping) for n in self.names)
            self._partners = OverflowPartners([p for p in parsed if p is not None])
        return self._partners


@dataclass(eq=False, slots=True)
class DumpNode:
    """A folder or file of a dump tree. Identity semantics: Qt indexes may point at nodes."""

    name: str
    path: str
    is_dir: bool
    row: int = 0
    parent: DumpNode | None = field(default=None, repr=False)
    rel: str = ""
    """Path relative to the tree root, ``/`` separated (``""`` for the root)."""
    context: DirContext = field(default_factory=DirContext, repr=False)
    """For a folder its own context; for a file its folder's."""
    problem: str | None = None
    """Why an entry is not followed (symlink loop, link to outside the opened folder), if so."""
    children: list[DumpNode] | None = field(default=None, repr=False)
    """Attached by the caller after :meth:`list_children`; None = not listed yet."""
    _folder: _Siblings | None = field(default=None, repr=False)
    _record: DumpRecord | Problem | None = field(default=None, repr=False)
    _count: int | None = field(default=None, repr=False)
    fence: str = field(default="", repr=False)
    """The opened folder's real path: links leading outside it are not followed ("" = follow links)."""

    @classmethod
    def root(cls, path: str | os.PathLike, *, follow_links: bool = False) -> DumpNode:
        """The node of a dump folder; :class:`InputError` if it is missing or not a folder. Links that
        leave it are shown, not followed, unless ``follow_links``."""
        full = check_root(path)
        return cls(os.path.basename(full) or full, full, True, context=root_context(full),
                   fence="" if follow_links else os.path.realpath(full))

    def list_children(self) -> list[DumpNode]:
        """The sorted child nodes (pure I/O: ``children`` is not set). Raises :class:`InputError` if the
        folder cannot be read."""
        if not self.is_dir or self.problem is not None:
            return []
        try:
            with os.scandir(self.path) as it:
                entries = sorted(it, key=_BY_NAME)
        except OSError as exc:
            raise InputError(self.path, f"cannot read folder: {exc.strerror or exc}") from exc
        folder = _Siblings(self.path, self.rel, self.context,
                         [e.name for e in entries if not _is_dir(e)])
        real = os.path.realpath(self.path) if any(e.is_symlink() for e in entries) else ""
        return [self._child(e, row, folder, real) for row, e in enumerate(entries)]

    def _child(self, entry: os.DirEntry, row: int, folder: _Siblings, real: str) -> DumpNode:
        rel = join_rel(self.rel, entry.name)
        target = os.path.realpath(entry.path) if entry.is_symlink() else ""
        problem = None
        if target and self.fence and not is_inside(target, self.fence):
            problem = LINK_OUTSIDE.format(target=target)
        if not _is_dir(entry):
            return DumpNode(entry.name, entry.path, False, row, self, rel, self.context, problem, _folder=folder,
                            fence=self.fence)
        if target and problem is None and (real == target or real.startswith(target + os.sep)):
            problem = LINK_LOOP
        return DumpNode(entry.name, entry.path, True, row, self, rel, child_context(self.context, entry.name),
                        problem, fence=self.fence)

    @property
    def kind(self) -> str:
        """A folder's level (rank, time, device, model_name, model_id, iteration, exception, folder), a
        file's record kind (``unknown`` if the scan could not place it), or ``link-loop`` / ``link`` for a
        link that is not followed."""
        if self.problem is not None:
            return "link-loop" if self.problem == LINK_LOOP else "link"
        if self.is_dir:
            return self.context.level
        record = self.record()
        return record.kind if type(record) is DumpRecord else "unknown"

    def label(self, translate: Callable[[str], str] | None = None) -> str:
        """The text to show: the folder's name and meaning, or the file name (plus the original of a
        hashed name and the op an Opdebug file reports). ``translate`` maps the English templates
        (:data:`~.layout.FOLDER_MEANINGS`, :data:`OVERFLOW_OF`) before they are filled."""
        if self.is_dir:
            return describe(self.context, self.name, translate)
        record = self.record()
        if type(record) is not DumpRecord:
            return self.name
        extra = []
        original = mapped_name(self.name, self._folder.mapping) if self._folder else self.name
        if original != self.name:
            extra.append(original)
        if record.kind == "overflow" and record.op_name != "Node_OpDebug" and record.op_name:
            extra.append((translate or str)(OVERFLOW_OF).format(op=record.op_name))
        return f"{self.name} ({'; '.join(extra)})" if extra else self.name

    def record(self) -> DumpRecord | Problem | None:
        """A file's record (its ``size`` costs one stat, done here), or the problem why it has none."""
        if self.is_dir:
            return None
        if self._record is None:
            self._record = Problem(self.rel, self.problem) if self.problem else self._make_record()
        return self._record

    def _make_record(self) -> DumpRecord | Problem:
        folder = self._folder or _Siblings(os.path.dirname(self.path), "", self.context, [self.name])
        parsed = parse_in_folder(self.context, self.name, folder.mapping)
        if parsed is None:
            return Problem(self.rel, problem_message(self.name, folder.mapping))
        try:
            size = os.stat(self.path).st_size
        except OSError as exc:
            return Problem(self.rel, f"cannot read: {exc.strerror or exc}")
        record = make_record(self.context, self.rel, parsed, size)
        partner = folder.partners().partner(parsed) if parsed.kind == "overflow" else None
        if partner is not None:
            record.op_type, record.op_name = partner.op_type, partner.op_name
        return record

    def count(self) -> int | None:
        """How many entries a folder holds (one scandir, cached); None for files and unreadable folders."""
        if not self.is_dir or self.problem is not None:
            return None
        if self._count is None:
            try:
                with os.scandir(self.path) as it:
                    self._count = sum(1 for _ in it)
            except OSError:
                return None
        return self._count


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False
