"""Open any dump file: detect its layout and read its header (tensor data stay on disk).

Detection order (dump-format.md §1.2): nano magic; big dump (u64 header length that fits the file and a
DumpData header); whole-file legacy protobuf. Opdebug and exception dumps are big dumps recognised by
name; Opdebug outputs are decoded into overflow records.
"""

from __future__ import annotations

import os
from pathlib import Path

from ascend_dump_gui.core.dump import bigdump, legacy, nano, schema
from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor, NotADumpError
from ascend_dump_gui.core.dump.opdebug import decode_record
from ascend_dump_gui.core.errors import DumpFormatError, os_problem
from ascend_dump_gui.core.messages import msg

FIRST_READ = 1 << 16
"""Bytes read up front; headers are almost always shorter."""
MAX_HEADER = 1 << 28
"""A header longer than this (256 MiB) is treated as corrupt rather than read."""

__all__ = ["DumpFile", "DumpTensor", "NotADumpError", "read_dump"]


def _read_exact(fh, path: Path, n: int) -> bytes:
    data = fh.read(n)
    if len(data) != n:
        raise DumpFormatError(path, msg("the file changed size while being read"))
    return data


def _classify(dump: DumpFile) -> DumpFile:
    name = dump.path.name
    if name.startswith("Opdebug.") or dump.op_name == "Node_OpDebug":
        dump.layout = "opdebug"
        for tensor in dump.outputs:
            try:
                dump.overflow.append(decode_record(tensor.raw_bytes().tobytes()))
            except ValueError as exc:
                raise DumpFormatError(dump.path, msg("{name}: bad overflow record: {problem}", name=tensor.name,
                                                     problem=str(exc))) from None
    elif name.startswith("exception_info"):
        dump.layout = "exception"
    return dump


def read_dump(path: str | os.PathLike) -> DumpFile:
    """Read the header of the dump file at ``path`` (any layout).

    Raises :class:`~ascend_dump_gui.core.errors.DumpFormatError` naming the file and the problem for
    anything that is not a readable dump: a directory, an empty, truncated or inconsistent file, or bytes
    that match no layout (:class:`NotADumpError`). Declared sizes are checked against the file size before
    anything is allocated.
    """
    p = Path(path)
    if p.is_dir():
        raise DumpFormatError(p, msg("is a directory, not a dump file"))
    try:
        if p.exists() and not p.is_file():  # a FIFO or device would block or never end
            raise DumpFormatError(p, msg("is not a regular file"))
        with open(p, "rb") as fh:
            return _read_open(p, fh)
    except OSError as exc:
        raise DumpFormatError(p, msg("cannot read: {problem}", problem=os_problem(exc))) from None


def _read_open(p: Path, fh) -> DumpFile:
    size = os.fstat(fh.fileno()).st_size
    if size == 0:
        raise NotADumpError(p, "empty file (0 bytes)")
    head = fh.read(min(size, FIRST_READ))
    if nano.is_nano(head, size):
        t_len = bigdump.header_length(head)
        if 8 + t_len > size:
            raise DumpFormatError(p, msg("nano head length {length} exceeds the file size {size}", length=t_len,
                                         size=size))
        if 8 + t_len > len(head):
            head += _read_exact(fh, p, 8 + t_len - len(head))
        return nano.read_nano(p, head, size)
    if size > 8:
        h_len = bigdump.header_length(head)
        if 0 < h_len <= size - 8:
            if h_len > MAX_HEADER:
                raise DumpFormatError(p, msg("header length {length} is implausibly large", length=h_len))
            if 8 + h_len > len(head):
                head += _read_exact(fh, p, 8 + h_len - len(head))
            try:
                header = bigdump.parse_header(head[8:8 + h_len])
            except (schema.DecodeError, RecursionError):
                raise DumpFormatError(p, msg("the {length}-byte header is not a valid DumpData protobuf "
                                             "(corrupt or not a dump file)", length=h_len)) from None
            return _classify(bigdump.dump_from_header(p, header, 8 + h_len, size))
    if legacy.could_be_legacy(head, size):
        data = head + _read_exact(fh, p, size - len(head))
        try:
            return _classify(legacy.read_legacy(p, data))
        except NotADumpError:
            pass
    if size <= 8:
        raise NotADumpError(p, f"too short to be a dump ({size} bytes)")
    h_len = bigdump.header_length(head)
    if h_len == 0:
        raise NotADumpError(p, "not a dump file: the header length is 0")
    raise NotADumpError(p, f"not a dump file: the first 8 bytes give a header length of {h_len}, "
                           f"but the file has {size} bytes (truncated, or no known layout matches)")
