"""The "nano" / TLV layout (dump-format.md §1.3): detection, reading and writing.

::

    u64 T | u32 0x5A5A5A5A | u32 version | TLV tag 4 (inputs) | TLV tag 5 (outputs) | tensor bytes
    with 8 + T + Σ sizes == file size

Data types use ge::DataType numbering (translated here to the proto names); the op name and dump time
come from the file name (``{op_type}.{op_name}.{task}.{stream}.{timestamp}``).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from pathlib import Path

from ascend_dump_gui.core.dump import schema
from ascend_dump_gui.core.dump.bigdump import TensorPayload, as_byte_view, check_tensor_size
from ascend_dump_gui.core.dump.dtypes import DtypeInfo, dtype_by_name
from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor
from ascend_dump_gui.core.dump.filewrite import atomic_output
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.messages import msg

MAGIC = 0x5A5A5A5A
GE_TO_PROTO = {0: "DT_FLOAT", 1: "DT_FLOAT16", 2: "DT_INT8", 3: "DT_INT32", 4: "DT_UINT8", 6: "DT_INT16",
               7: "DT_UINT16", 8: "DT_UINT32", 9: "DT_INT64", 10: "DT_UINT64", 11: "DT_DOUBLE", 12: "DT_BOOL",
               16: "DT_COMPLEX64", 17: "DT_COMPLEX128", 23: "DT_RESOURCE", 27: "DT_BF16", 30: "DT_UINT1"}
"""ge::DataType number -> proto data-type name (nano_dump_data.py's table); others are unsupported."""
PROTO_TO_GE = {v: k for k, v in GE_TO_PROTO.items()}
_IN = struct.Struct("<iiiQQQI")  # data_type, format, address_type, address, offset, size, tlv_list_len
_OUT = struct.Struct("<iiiiiiQQQI")  # + original_index, original_data_type, original_format
_TL = struct.Struct("<II")


def is_nano(head: bytes, file_size: int) -> bool:
    """The discriminator: more than 12 bytes and the u32 at offset 8 is the magic."""
    return file_size > 12 and len(head) >= 12 and struct.unpack_from("<I", head, 8)[0] == MAGIC


def _ge_dtype(code: int) -> DtypeInfo:
    name = GE_TO_PROTO.get(code)
    return dtype_by_name(name) if name else DtypeInfo(code, f"GE_DT_{code}", "unsupported", None, 0)


class _Cursor:
    def __init__(self, path: Path, data: bytes, pos: int, end: int) -> None:
        self.path, self.data, self.pos, self.end = path, data, pos, end

    def take(self, n: int, what: str) -> bytes:
        if n < 0 or self.pos + n > self.end:
            raise DumpFormatError(self.path, msg("nano header truncated while reading {what}", what=what))
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def unpack(self, st: struct.Struct, what: str) -> tuple:
        return st.unpack(self.take(st.size, what))


def _sub_tlvs(cur: _Cursor, budget: int, what: str) -> dict[int, bytes]:
    found: dict[int, bytes] = {}
    while budget > 0:
        tag, length = cur.unpack(_TL, what)
        found[tag] = cur.take(length, what)
        budget -= _TL.size + length
    if budget < 0:
        raise DumpFormatError(cur.path, msg("{what}: sub-TLVs overrun their declared length", what=what))
    return found


def _dims(raw: bytes | None, cur: _Cursor, what: str) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if len(raw) % 8:
        raise DumpFormatError(cur.path, msg("{what}: shape length {length} is not a multiple of 8", what=what,
                                                length=len(raw)))
    return struct.unpack(f"<{len(raw) // 8}Q", raw)


def read_nano(path: Path, head: bytes, file_size: int) -> DumpFile:
    """Parse a nano file whose first bytes (the whole TLV head at least) are ``head``."""
    if len(head) < 16:
        raise DumpFormatError(path, msg("nano header truncated"))
    t_len = struct.unpack_from("<Q", head, 0)[0]
    if 8 + t_len > file_size:
        raise DumpFormatError(path, msg("nano head length {length} exceeds the file size {size}", length=t_len,
                                                size=file_size))
    if 8 + t_len > len(head):
        raise DumpFormatError(path, msg("nano header truncated"))
    version = struct.unpack_from("<I", head, 12)[0]
    cur = _Cursor(path, head, 16, 8 + t_len)
    lists: dict[int, bytes] = {}
    while cur.pos < cur.end:
        tag, length = cur.unpack(_TL, "a TLV")
        lists[tag] = cur.take(length, f"TLV {tag}")
    parts = path.name.split(".")
    op_name = parts[1] if len(parts) >= 5 else ""
    dump_time = int(parts[4]) if len(parts) >= 5 and parts[4].isdigit() else 0
    dump = DumpFile(path, "nano", str(version), dump_time, op_name)
    offset = 8 + t_len
    for role, tag, st, group in (("input", 4, _IN, dump.inputs), ("output", 5, _OUT, dump.outputs)):
        body = lists.get(tag, b"")
        sub = _Cursor(path, body, 0, len(body))
        count = struct.unpack("<I", sub.take(4, f"{role} count"))[0] if body else 0
        for index in range(count):
            what = f"{role}.{index}"
            fields = sub.unpack(st, what)
            tlvs = _sub_tlvs(sub, fields[-1], what)
            size = fields[-2]
            shape = _dims(tlvs.get(0), sub, what) or ()
            original_format = schema.FORMAT_NAMES.get(fields[5] & 0xFF) if role == "output" else None
            name = tlvs.get(2)
            tensor = DumpTensor(path, role, index, _ge_dtype(fields[0]),
                                schema.FORMAT_NAMES.get(fields[1] & 0xFF, f"UNKNOWN_{fields[1]}"), shape,
                                size, offset, original_shape=_dims(tlvs.get(1), sub, what),
                                original_format=original_format, address=fields[-4],
                                original_name=name.decode("utf-8", "replace") if name else None)
            check_tensor_size(tensor)
            group.append(tensor)
            offset += size
    if offset != file_size:
        raise DumpFormatError(path, msg("nano sizes do not add up: header and tensors need {needed} bytes, the file "
                                        "has {size}", needed=offset, size=file_size))
    return dump


def _tlv(tag: int, value: bytes) -> bytes:
    return _TL.pack(tag, len(value)) + value


def _dims_bytes(dims: Sequence[int]) -> bytes:
    return struct.pack(f"<{len(dims)}Q", *dims)


def write_nano(path: str | Path, inputs: Sequence[TensorPayload] = (), outputs: Sequence[TensorPayload] = (),
               version: int = 1) -> Path:
    """Write a nano/TLV dump (only the types of :data:`GE_TO_PROTO`); arrays are in the device layout."""
    payloads = []
    lists = []
    for role, st, items in (("input", _IN, inputs), ("output", _OUT, outputs)):
        body = struct.pack("<I", len(items))
        for index, item in enumerate(items):
            info, shape, stored = item.encoded()
            if info.name not in PROTO_TO_GE:
                raise ValueError(f"{role}.{index}: {info.name} has no ge::DataType code in the nano layout")
            ge, fmt = PROTO_TO_GE[info.name], schema.FORMAT_CODES[item.format]
            orig = tuple(item.original_shape) if item.original_shape is not None else shape
            tlvs = _tlv(0, _dims_bytes(shape)) + _tlv(1, _dims_bytes(orig))
            if role == "input":
                body += st.pack(ge, fmt, 0, item.address, 0, stored.nbytes, len(tlvs)) + tlvs
            else:
                tlvs += _tlv(2, (item.original_name or "").encode())
                ofmt = schema.FORMAT_CODES[item.original_format or item.format]
                body += st.pack(ge, fmt, 0, index, ge, ofmt, item.address, 0, stored.nbytes, len(tlvs)) + tlvs
            payloads.append(stored)
        lists.append(body)
    head = struct.pack("<II", MAGIC, version) + _tlv(4, lists[0]) + _tlv(5, lists[1])
    path = Path(path)
    with atomic_output(path, durable=False) as fh:  # generated dumps: no fsync (see filewrite)
        fh.write(struct.pack("<Q", len(head)) + head)
        for arr in payloads:
            fh.write(as_byte_view(arr))
    return path
