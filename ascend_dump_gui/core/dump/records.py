"""Index records: one :class:`DumpRecord` per file (the `scan --json` fields of cli.md), and problems."""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, fields

from ascend_dump_gui.core.dump.layout import DirContext
from ascend_dump_gui.core.dump.naming import (
    MAPPING_FILE,
    OVERFLOW_OP_TYPE,
    ParsedName,
    is_hashed_name,
    parse_exception_name,
    parse_name,
    read_mapping_csv,
    split_common_form,
)
from ascend_dump_gui.core.errors import InputError

UNRECOGNISED = "unrecognised file: not a dump, stats, overflow, graph, golden or mapping.csv file name"
_CONFIG_SIDECAR = re.compile(r"kernel_config_\d+\.json|acl_dump_\d+\.json")
_CONVERTED = re.compile(r".+\.(?:input|output)\.\d+(?:\.[^.]+)*\.(?:npy|bin)")


@dataclass(slots=True)
class DumpRecord:
    """One indexed file; exactly the fields of ``ascend-dump scan --json`` (``path`` is relative, ``/``)."""

    path: str
    kind: str
    world_size: int | None
    rank: int | None
    time: str | None
    device: int | None
    model_name: str | None
    model_id: int | None
    iteration: int | None
    op_type: str | None
    op_name: str | None
    task_id: int | None
    stream_id: int | None
    timestamp: int | None
    size: int

    def to_json(self) -> dict:
        """The record as the JSON object of cli.md (key order as documented)."""
        return {
            "path": self.path, "kind": self.kind, "world_size": self.world_size, "rank": self.rank,
            "time": self.time, "device": self.device, "model_name": self.model_name,
            "model_id": self.model_id, "iteration": self.iteration, "op_type": self.op_type,
            "op_name": self.op_name, "task_id": self.task_id, "stream_id": self.stream_id,
            "timestamp": self.timestamp, "size": self.size,
        }


@dataclass(frozen=True, slots=True)
class Problem:
    """A file or folder the scan could not place or read (``path`` relative to the root)."""

    path: str
    message: str

    def to_json(self) -> dict:
        return {"path": self.path, "message": self.message}


def load_mapping(folder: str, rel_folder: str) -> tuple[dict[str, str], Problem | None]:
    """The folder's ``mapping.csv`` rows, or an empty mapping and a problem if it cannot be read."""
    try:
        return read_mapping_csv(os.path.join(folder, MAPPING_FILE)), None
    except InputError as exc:
        return {}, Problem(join_rel(rel_folder, MAPPING_FILE), exc.reason + _where(exc))


def _where(exc: InputError) -> str:
    return f" (line {exc.line})" if exc.line is not None else ""


def join_rel(rel_folder: str, name: str) -> str:
    """A path relative to the scan root, with ``/`` separators (``rel_folder`` is ``""`` at the root)."""
    return f"{rel_folder}/{name}" if rel_folder else name


def mapped_name(name: str, mapping: dict[str, str]) -> str:
    """The original name ``mapping.csv`` gives a hashed file name; any other name stands for itself (a row
    for an ordinary name would hide or rename a dump the runtime never hashed)."""
    return mapping.get(name, name) if mapping and is_hashed_name(name) else name


def parse_in_folder(ctx: DirContext, name: str, mapping: dict[str, str]) -> ParsedName | None:
    """Parse a file name found in a folder with context ``ctx`` (hashed names through ``mapping``);
    None if it cannot be placed (see :func:`problem_message`)."""
    original = mapped_name(name, mapping)
    if ctx.area == "exception":
        return parse_exception_name(original)
    return parse_name(original)


def problem_message(name: str, mapping: dict[str, str]) -> str:
    """Why a file name that :func:`parse_in_folder` rejected cannot be placed."""
    original = mapping.get(name) if is_hashed_name(name) else None
    if original is not None:
        return f"mapping.csv gives {original!r}, which is not a dump file name"
    if is_hashed_name(name):
        return "hashed file name not listed in the folder's mapping.csv"
    if _CONFIG_SIDECAR.fullmatch(name):
        return "dump config written next to the dump data, not indexed"
    if _CONVERTED.fullmatch(name):
        return "tensor converted from a dump file (convert output), not indexed"
    return UNRECOGNISED


def make_record(ctx: DirContext, rel_path: str, parsed: ParsedName, size: int) -> DumpRecord:
    """The record of a parsed file in a folder with context ``ctx``."""
    device = ctx.device if ctx.device is not None else parsed.device_id
    return DumpRecord(rel_path, parsed.kind, ctx.world_size, ctx.rank, ctx.time, device, ctx.model_name,
                      ctx.model_id, ctx.iteration, parsed.op_type, parsed.op_name, parsed.task_id,
                      parsed.stream_id, parsed.timestamp, size)


_SETTERS = tuple(DumpRecord.__dict__[f.name] for f in fields(DumpRecord))
"""DumpRecord's field descriptors in field order: what the scanner's C ``records`` sets each record's fields with."""


def _unhashed(common: list, files: list[tuple[str, int]], hashed: dict[str, str]) -> list:
    """``common`` with None for the files named in ``hashed`` (their names are read through ``mapping.csv``);
    ``files`` are in name order."""
    if not hashed:
        return common
    common = list(common)
    for name in hashed:
        at = bisect_left(files, (name,))
        if at < len(files) and files[at][0] == name:
            common[at] = None
    return common


def folder_records(ctx: DirContext, rel_folder: str, files: list[tuple[str, int]], mapping: dict[str, str],
                   common: list[tuple[str, str, int, int, int] | None] | None = None,
                   build: Callable | None = None) -> tuple[list[DumpRecord], list[Problem]]:
    """Records for the ``(name, size)`` files of one folder (in the given order), and problems for the files
    that cannot be placed. Opdebug records take the op of the dump they report (:class:`OverflowPartners`).

    ``common``, one item per file: what :func:`split_common_form` gives its name, already worked out (the
    scanner's C listing), or None where it is not. ``build``: the C listing's ``records``, which makes the records
    of those files (the same records as :func:`_placed` makes) but for the names read through ``mapping.csv``;
    ``files`` are then in name order.
    """
    prefix = rel_folder + "/" if rel_folder else ""
    exception_area = ctx.area == "exception"
    hashed = {name: original for name, original in mapping.items() if is_hashed_name(name)}  # as mapped_name
    if build is not None and common is not None and not exception_area:
        made, overflow_count, left = build(DumpRecord, _SETTERS, files, _unhashed(common, files, hashed), prefix,
                                           (ctx.world_size, ctx.rank, ctx.time, ctx.device, ctx.model_name,
                                            ctx.model_id, ctx.iteration), OVERFLOW_OP_TYPE)
        rest, problems, overflows = _placed(ctx, prefix, [files[i] for i in left], [common[i] for i in left],
                                            mapping, hashed)
        for i, record in zip(left, rest, strict=True):
            made[i] = record
        overflows = overflows or overflow_count > 0
    else:
        splits = [None] * len(files) if common is None or exception_area else common
        made, problems, overflows = _placed(ctx, prefix, files, splits, mapping, hashed)
    out = made if not problems else list(filter(None, made))     # a problem's file left a None (a record is true)
    if overflows:
        partners = OverflowPartners(out)
        for record in out:
            if record.kind == "overflow":
                partner = partners.partner(record)
                if partner is not None:
                    record.op_type, record.op_name = partner.op_type, partner.op_name
    return out, problems


def _placed(ctx: DirContext, prefix: str, files: list[tuple[str, int]], splits: list, mapping: dict[str, str],
            hashed: dict[str, str]) -> tuple[list[DumpRecord | None], list[Problem], bool]:
    """For each file its record, or None and a problem; and whether any record is an Opdebug file's."""
    out: list[DumpRecord | None] = []
    problems: list[Problem] = []
    add = out.append
    ws, rank, time, device, model_name, model_id, iteration = (
        ctx.world_size, ctx.rank, ctx.time, ctx.device, ctx.model_name, ctx.model_id, ctx.iteration)
    exception_area = ctx.area == "exception"
    parse = parse_exception_name if exception_area else parse_name
    overflows = False
    for (name, size), split in zip(files, splits, strict=True):
        original = name
        if hashed and name in hashed:
            original, split = hashed[name], None
        if split is None and not exception_area:
            split = split_common_form(original)
        if split is not None:  # the usual op dump name: straight to the record
            op_type, op_name, task_id, stream_id, timestamp = split
            kind = "overflow" if op_type == OVERFLOW_OP_TYPE else "tensor"
            overflows = overflows or kind == "overflow"
            add(DumpRecord(prefix + name, kind, ws, rank, time, device, model_name, model_id, iteration,
                           op_type, op_name, task_id, stream_id, timestamp, size))
            continue
        p = parse(original)
        if p is None:
            problems.append(Problem(prefix + name, problem_message(name, mapping)))
            add(None)
            continue
        kind = p.kind
        overflows = overflows or kind == "overflow"
        add(DumpRecord(prefix + name, kind, ws, rank, time, p.device_id if device is None else device,
                       model_name, model_id, iteration, p.op_type, p.op_name, p.task_id, p.stream_id,
                       p.timestamp, size))
    return out, problems, overflows


class OverflowPartners:
    """Finds, among the files of one folder, the op dump an Opdebug file reports (same task and stream).

    Works on anything with ``kind``, ``task_id``, ``stream_id``, ``timestamp`` (ParsedName, DumpRecord).
    """

    __slots__ = ("_by_task",)

    def __init__(self, files) -> None:
        self._by_task: dict[tuple[int | None, int | None], list] = {}
        for item in files:
            if item.kind == "tensor" and item.task_id is not None:
                self._by_task.setdefault((item.task_id, item.stream_id), []).append(item)

    def partner(self, overflow):
        """The dump with the same task and stream id (the latest one not after the Opdebug file), or None."""
        candidates = self._by_task.get((overflow.task_id, overflow.stream_id))
        if not candidates:
            return None
        ts = overflow.timestamp or 0
        return min(candidates, key=lambda p: (p.timestamp is not None and p.timestamp > ts,
                                              abs(ts - (p.timestamp or 0))))


def record_name(root: str, record: DumpRecord) -> ParsedName | None:
    """Everything the file name of ``record`` says (golden output index, FFTS+ fields, ...).

    Hashed names are read through the ``mapping.csv`` next to the file.
    """
    folder, _, name = record.path.rpartition("/")
    if is_hashed_name(name):
        try:
            name = read_mapping_csv(os.path.join(root, folder, MAPPING_FILE)).get(name, name)
        except InputError:
            return None
    if record.kind == "exception":
        return parse_exception_name(name)
    return parse_name(name)
