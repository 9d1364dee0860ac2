"""The legacy whole-protobuf layout (dump-format.md §1.2): one DumpData with the tensor bytes inline.

There is no length prefix. msprobe 26.2.0 no longer reads these; we do, and write them for tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ascend_dump_gui.core.atomic import write_bytes_atomic
from ascend_dump_gui.core.dump import schema
from ascend_dump_gui.core.dump.bigdump import ROLE_FIELDS, TensorPayload, dump_from_header, fill_entry
from ascend_dump_gui.core.dump.dumpfile import DumpFile, NotADumpError
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.messages import msg

KEY_BYTES = frozenset({0x0A, 0x10, 0x1A, 0x22, 0x2A, 0x32, 0x3A, 0x42})
"""First bytes a serialized DumpData can start with (the keys of fields 1-8)."""
MAX_SIZE = 1 << 31
"""Legacy files are parsed whole; larger files are not tried."""


def could_be_legacy(head: bytes, file_size: int) -> bool:
    """Cheap pre-check before reading a whole file: it starts with a DumpData field key."""
    return 0 < file_size <= MAX_SIZE and head[:1] != b"" and head[0] in KEY_BYTES


def read_legacy(path: Path, data: bytes) -> DumpFile:
    """Parse a whole-file DumpData; raises DumpFormatError when it is not one."""
    header = schema.DumpData()
    try:
        header.ParseFromString(data)
    except (schema.DecodeError, RecursionError):
        raise NotADumpError(path, "not a dump file (no known layout matches)") from None
    entries = [(role, e) for role, fname in ROLE_FIELDS for e in getattr(header, fname)]
    if not entries or not (header.version or header.op_name):
        raise NotADumpError(path, "not a dump file (no known layout matches)")
    inline = []
    for _, entry in entries:
        if entry.size not in (0, len(entry.data)):
            raise DumpFormatError(path, msg("legacy dump: a tensor declares {size} bytes but holds {held}",
                                            size=entry.size, held=len(entry.data)))
        entry.size = len(entry.data)
        inline.append(entry.data)
    dump = dump_from_header(path, header, 0, sum(len(b) for b in inline), layout="legacy")
    for tensor, raw in zip(dump.tensors(), inline, strict=True):
        tensor.inline, tensor.offset = raw, None
    return dump


def write_legacy(path: str | Path, *, op_name: str, inputs: Sequence[TensorPayload] = (),
                 outputs: Sequence[TensorPayload] = (), dump_time: int = 0, version: str = "1.0") -> Path:
    """Write a legacy whole-protobuf dump (tensor bytes inline in ``data``)."""
    header = schema.DumpData(version=version, dump_time=int(dump_time), op_name=op_name)
    for role, items, field in (("input", inputs, header.input), ("output", outputs, header.output)):
        for index, item in enumerate(items):
            entry = field.add()
            entry.data = fill_entry(entry, item, role, index).tobytes()
    write_bytes_atomic(path, header.SerializeToString())
    return Path(path)
