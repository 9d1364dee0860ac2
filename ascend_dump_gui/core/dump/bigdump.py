"""The "big dump" layout (dump-format.md §1.1): read and write, in one place so they cannot drift.

::

    u64 LE  H                      header length
    H bytes DumpData protobuf      the header (``data`` fields empty)
    raw tensor bytes               input[0..], output[0..], buffer[0..], space[0..], no padding

Reading parses only the header; tensors keep their file offsets and are mapped on demand.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump import schema
from ascend_dump_gui.core.dump.dtypes import DtypeInfo, dtype_by_name, dtype_for_numpy, dtype_info, encode
from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor
from ascend_dump_gui.core.dump.ffts import FftsInfo, ffts_info
from ascend_dump_gui.core.dump.filewrite import atomic_output
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.messages import msg

PREFIX = struct.Struct("<Q")
"""The u64 little-endian header length at offset 0."""
ROLE_FIELDS = (("input", "input"), ("output", "output"), ("buffer", "buffer"), ("workspace", "space"))
"""(role, DumpData field) in the order their bytes follow the header."""
_BUFFER_TYPES = {0: "L1"}
_SPACE_TYPES = {0: "LOG"}


def header_length(head: bytes) -> int:
    """The header length H from the first 8 bytes."""
    return PREFIX.unpack_from(head, 0)[0]


def parse_header(data: bytes) -> schema.DumpData:
    """Parse a serialized DumpData header; raises ``DecodeError`` on malformed protobuf."""
    proto = schema.DumpData()
    proto.ParseFromString(data)
    return proto


def _shape_of(entry, info: DtypeInfo) -> tuple[int, ...]:
    if info.kind == "undefined":
        return (entry.size,)
    if entry.HasField("shape"):
        return tuple(entry.shape.dim)
    # no Shape sub-message: one flat axis of what `size` holds (msprobe reads a single element here)
    return (entry.size * 8 // info.bits,) if info.bits else ()


def _tensor(path: Path, role: str, index: int, entry, offset: int, ffts: FftsInfo | None) -> DumpTensor:
    size = int(entry.size)
    if role in ("buffer", "workspace"):
        code = entry.buffer_type if role == "buffer" else entry.type
        kind = (_BUFFER_TYPES if role == "buffer" else _SPACE_TYPES).get(code, str(code))
        return DumpTensor(path, role, index, dtype_by_name("DT_UINT8"), "ND", (size,), size, offset, kind=kind)
    info = dtype_info(entry.data_type)
    shape = (ffts.thread_shape(role, index) if ffts else None) or _shape_of(entry, info)
    original_format = original_name = None
    if role == "output" and entry.HasField("original_op"):
        original_format = schema.FORMAT_NAMES.get(entry.original_op.format)
        original_name = entry.original_op.name or None
    tensor = DumpTensor(
        path, role, index, info, schema.FORMAT_NAMES.get(entry.format, f"UNKNOWN_{entry.format}"), shape,
        size, offset,
        original_shape=tuple(entry.original_shape.dim) if entry.HasField("original_shape") else None,
        original_format=original_format, address=int(entry.address), sub_format=int(entry.sub_format),
        original_name=original_name)
    check_tensor_size(tensor)
    return tensor


MAX_RANK = 32
MAX_DIM = 1 << 48


def check_tensor_size(tensor: DumpTensor) -> None:
    """Raise when the declared shapes are absurd or need more bytes than the tensor's size.

    Runs on the header values only, before anything is allocated.
    """
    for label, dims in (("shape", tensor.shape), ("original shape", tensor.original_shape or ())):
        if len(dims) > MAX_RANK or any(d >= MAX_DIM for d in dims):
            raise DumpFormatError(tensor.path, msg("{name}: implausible {what} {dims}", name=tensor.name, what=label,
                                                     dims=list(dims)[:MAX_RANK + 1]))
    if tensor.info.supported and tensor.info.kind != "undefined":
        needed = tensor.info.storage_nbytes(math.prod(tensor.shape))
        if needed > tensor.nbytes:
            raise DumpFormatError(tensor.path, msg("{name}: shape {shape} of {dtype} needs {needed} bytes but its size "
                                                   "is {size}", name=tensor.name, shape=list(tensor.shape),
                                                   dtype=tensor.dtype, needed=needed, size=tensor.nbytes))


def dump_from_header(path: Path, proto: schema.DumpData, data_start: int, file_size: int,
                     layout: str = "big") -> DumpFile:
    """A :class:`DumpFile` for a parsed header whose tensor bytes start at ``data_start``.

    Raises DumpFormatError when the declared sizes run past the end of the file.
    """
    from google.protobuf.unknown_fields import UnknownFieldSet  # loaded with the schema's classes

    ffts = ffts_info([a.value for a in proto.attr], path)
    dump = DumpFile(path, layout, proto.version, int(proto.dump_time), proto.op_name,
                    attrs={a.name: a.value for a in proto.attr}, ffts=ffts,
                    unknown_fields=tuple(sorted({f.field_number for f in UnknownFieldSet(proto)})))
    groups = {"input": dump.inputs, "output": dump.outputs, "buffer": dump.buffers, "workspace": dump.workspaces}
    offset = data_start
    for role, fname in ROLE_FIELDS:
        for index, entry in enumerate(getattr(proto, fname)):
            end = offset + int(entry.size)
            if end > file_size:
                raise DumpFormatError(path, msg("truncated or inconsistent: {tensor} declares {size} bytes at offset "
                                                "{offset}, but the file has {file_size} bytes",
                                                tensor=f"{role}.{index}", size=entry.size, offset=offset,
                                                file_size=file_size))
            groups[role].append(_tensor(path, role, index, entry, offset, ffts))
            offset = end
    return dump


# ---------------------------------------------------------------------------------------------- writing
@dataclass
class TensorPayload:
    """One tensor to write. ``array`` is ALREADY in the device layout (pack with ``to_device``).

    ``dtype`` is the proto name (default: from ``array.dtype``); hifloat8 is given as uint8 codes;
    ``bytes`` are stored as they are (any type, e.g. to write an unsupported one).
    ``shape`` overrides the device shape written to the header (default ``array.shape``).
    ``original_format`` and ``original_name`` go to ``OriginalOp``, which only outputs have.
    """

    array: np.ndarray | bytes
    dtype: str | None = None
    format: str = "ND"
    original_shape: Sequence[int] | None = None
    original_format: str | None = None
    address: int = 0
    shape: Sequence[int] | None = None
    sub_format: int = 0
    original_name: str | None = None

    def encoded(self) -> tuple[DtypeInfo, tuple[int, ...], np.ndarray]:
        """(type, header shape, stored bytes as a C-contiguous array)."""
        if isinstance(self.array, (bytes, bytearray, memoryview)):  # stored as given, any type
            raw = np.frombuffer(bytes(self.array), np.uint8)
            shape = tuple(int(d) for d in (self.shape if self.shape is not None else raw.shape))
            return dtype_by_name(self.dtype or "DT_UINT8"), shape, raw
        arr = np.asarray(self.array)
        info = dtype_by_name(self.dtype) if self.dtype else dtype_for_numpy(arr.dtype)
        shape = tuple(int(d) for d in (self.shape if self.shape is not None else arr.shape))
        return info, shape, encode(info, arr)


def fill_entry(entry, payload: TensorPayload, role: str, index: int) -> np.ndarray:
    """Fill an OpInput/OpOutput header entry from ``payload``; returns the stored bytes (data not set)."""
    info, shape, stored = payload.encoded()
    entry.data_type = info.code
    entry.format = schema.FORMAT_CODES[payload.format]
    entry.shape.SetInParent()
    entry.shape.dim.extend(shape)
    entry.size = stored.nbytes
    if payload.original_shape is not None:
        entry.original_shape.SetInParent()
        entry.original_shape.dim.extend(int(d) for d in payload.original_shape)
    entry.sub_format = payload.sub_format
    entry.address = payload.address
    if role == "output" and (payload.original_format or payload.original_name):
        entry.original_op.name = payload.original_name or ""
        entry.original_op.output_index = index
        entry.original_op.data_type = info.code
        entry.original_op.format = schema.FORMAT_CODES[payload.original_format or payload.format]
    return stored


def as_byte_view(arr: np.ndarray) -> np.ndarray:
    """The bytes of ``arr`` in C order as a flat uint8 array (no copy when already C-contiguous)."""
    return np.ascontiguousarray(arr).reshape(-1).view(np.uint8)


def _raw(item: TensorPayload | bytes) -> np.ndarray:
    data = item.array if isinstance(item, TensorPayload) else item
    if isinstance(data, (bytes, bytearray, memoryview)):
        return np.frombuffer(bytes(data), np.uint8)
    return as_byte_view(np.asarray(data))


def encode_dump(*, op_name: str, inputs: Sequence[TensorPayload] = (), outputs: Sequence[TensorPayload] = (),
                buffers: Sequence[TensorPayload | bytes] = (), workspaces: Sequence[TensorPayload | bytes] = (),
                dump_time: int = 0, version: str = "2.0",
                attrs: Sequence[tuple[str, str]] = ()) -> tuple[bytes, list[np.ndarray]]:
    """(8-byte prefix + header, payload arrays in file order) of a big dump."""
    proto = schema.DumpData(version=version, dump_time=int(dump_time), op_name=op_name)
    payloads = [fill_entry(proto.input.add(), p, "input", i) for i, p in enumerate(inputs)]
    payloads += [fill_entry(proto.output.add(), p, "output", i) for i, p in enumerate(outputs)]
    for group, field in ((buffers, proto.buffer), (workspaces, proto.space)):
        for item in group:
            raw = _raw(item)
            field.add(size=raw.nbytes)
            payloads.append(raw)
    for name, value in attrs:
        proto.attr.add(name=name, value=value)
    header = proto.SerializeToString()
    return PREFIX.pack(len(header)) + header, payloads


def write_dump(path: str | Path, *, op_name: str, inputs: Sequence[TensorPayload] = (),
               outputs: Sequence[TensorPayload] = (), buffers: Sequence[TensorPayload | bytes] = (),
               workspaces: Sequence[TensorPayload | bytes] = (), dump_time: int = 0, version: str = "2.0",
               attrs: Sequence[tuple[str, str]] = ()) -> Path:
    """Write a big-dump file (temporary file + rename). ``attrs`` only for FFTS+ data (msprobe needs it)."""
    head, payloads = encode_dump(op_name=op_name, inputs=inputs, outputs=outputs, buffers=buffers,
                                 workspaces=workspaces, dump_time=dump_time, version=version, attrs=attrs)
    path = Path(path)
    with atomic_output(path, durable=False) as fh:  # generated dumps: no fsync (see filewrite)
        fh.write(head)
        for arr in payloads:
            fh.write(as_byte_view(arr))
    return path
