"""Opdebug overflow records (dump-format.md §1.4): decode, encode, and write Opdebug dump files.

An overflow event is a big dump named ``Opdebug.Node_OpDebug.{task}.{stream}.{timestamp}`` whose
outputs are binary records, each either the new format (u32 magic 0x5A5A5A5A, version, one acc record)
or the old fixed 2048-byte format. All integers are little-endian.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump

MAGIC = 0x5A5A5A5A
ACC_TYPES = {0: "AIC", 1: "AIV", 2: "AICPU", 3: "SDMA"}
ACC_CODES = {v: k for k, v in ACC_TYPES.items()}
_AI_CORE = ("model_id", "stream_id", "task_id", "task_type", "context_id", "thread_id", "pc_start",
            "para_base", "core_id", "block_id", "status")
ACC_FIELDS = {
    "AIC": _AI_CORE, "AIV": _AI_CORE,
    "AICPU": ("model_id", "stream_id", "task_id", "task_type", "context_id", "cpu_id", "thread_id", "status"),
    "SDMA": ("model_id", "stream_id", "task_id", "task_type", "context_id", "thread_id", "src_addr",
             "dst_addr", "channel_id", "status"),
}
"""The u64 fields of the new-format data area, in order, per accelerator type."""
HEX_FIELDS = ("pc_start", "para_base", "src_addr", "dst_addr")
STATUS_WORDS = 4  # AIC/AIV records of version 1 carry status as 4 u64
OLD_SIZE = 2048
OLD_INFO = ("model_id", "stream_id", "task_id", "task_type", "pc_start", "para_base")
_OLD_BLOCKS = (("DHA Atomic Add", 0, 512), ("L2 Atomic Add", 128, 768), ("AI Core", 256, None))
_HEAD = struct.Struct("<IIIIII")  # magic, version, valid, acc_type, rsv, data_len


@dataclass(frozen=True)
class OverflowRecord:
    """A new-format record; ``fields`` maps the names of :data:`ACC_FIELDS` to ints (status may be a tuple)."""

    acc_type: str
    fields: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    valid: int = 1

    @property
    def task_id(self) -> int | None:
        return self.fields.get("task_id")

    @property
    def stream_id(self) -> int | None:
        return self.fields.get("stream_id")

    def as_json(self) -> dict[str, Any]:
        """The record as msaccucmp's ``convert`` prints it (addresses as hex strings)."""
        data = {k: hex(v) if k in HEX_FIELDS else (list(v) if isinstance(v, tuple) else v)
                for k, v in self.fields.items()}
        names = ACC_FIELDS.get(self.acc_type, ())
        return {"magic": hex(MAGIC), "version": self.version,
                "acc_list": {"valid": self.valid, "acc_type": self.acc_type, "rsv": 0,
                             "data_len": 8 * _word_count(self.acc_type, self.version, len(names)),
                             "data": data}}


@dataclass(frozen=True)
class OldOverflowRecord:
    """An old-format 2048-byte record: three info blocks, each a dict of u64 values."""

    dha_atomic_add: dict[str, int]
    l2_atomic_add: dict[str, int]
    ai_core: dict[str, int]  # OLD_INFO + kernel_code, block_idx, status

    @property
    def task_id(self) -> int | None:
        return self.ai_core.get("task_id")

    @property
    def stream_id(self) -> int | None:
        return self.ai_core.get("stream_id")

    def as_json(self) -> dict[str, Any]:
        def fmt(block: dict[str, int]) -> dict[str, Any]:
            return {k: hex(v) if k in HEX_FIELDS + ("kernel_code",) else v for k, v in block.items()}

        return {"DHA Atomic Add": fmt(self.dha_atomic_add), "L2 Atomic Add": fmt(self.l2_atomic_add),
                "AI Core": fmt(self.ai_core)}


def _word_count(acc_type: str, version: int, n_fields: int) -> int:
    return n_fields + (STATUS_WORDS - 1 if acc_type in ("AIC", "AIV") and version == 1 else 0)


def decode_record(raw: bytes) -> OverflowRecord | OldOverflowRecord:
    """Decode one record; raises ValueError when it is too short for its declared kind."""
    if len(raw) >= 4 and struct.unpack_from("<I", raw, 0)[0] == MAGIC:
        if len(raw) < _HEAD.size:
            raise ValueError(f"overflow record of {len(raw)} bytes is shorter than its 24-byte head")
        _, version, valid, acc_code, _, _ = _HEAD.unpack_from(raw, 0)
        acc = ACC_TYPES.get(acc_code, f"UNKNOWN_{acc_code}")
        names = ACC_FIELDS.get(acc, ())
        words = _word_count(acc, version, len(names))
        if len(raw) < _HEAD.size + 8 * words:
            raise ValueError(f"{acc} overflow record needs {_HEAD.size + 8 * words} bytes, has {len(raw)}")
        values = struct.unpack_from(f"<{words}Q", raw, _HEAD.size)
        fields: dict[str, Any] = dict(zip(names, values, strict=False))
        if words > len(names):
            fields["status"] = tuple(values[len(names) - 1:])
        return OverflowRecord(acc, fields, version, valid)
    if len(raw) != OLD_SIZE:
        raise ValueError(f"old-format overflow record must be {OLD_SIZE} bytes, has {len(raw)}")
    blocks = []
    for _, info_at, status_at in _OLD_BLOCKS:
        block = dict(zip(OLD_INFO, struct.unpack_from("<6Q", raw, info_at), strict=True))
        if status_at is not None:
            block["status"] = struct.unpack_from("<Q", raw, status_at)[0]
        blocks.append(block)
    blocks[2].update(zip(("kernel_code", "block_idx", "status"), struct.unpack_from("<3Q", raw, 1024),
                         strict=True))
    return OldOverflowRecord(*blocks)


def encode_record(record: OverflowRecord | OldOverflowRecord) -> bytes:
    """The binary form of a record (missing fields are 0)."""
    if isinstance(record, OldOverflowRecord):
        raw = bytearray(OLD_SIZE)
        for (_, info_at, status_at), block in zip(_OLD_BLOCKS, (record.dha_atomic_add, record.l2_atomic_add,
                                                               record.ai_core), strict=True):
            struct.pack_into("<6Q", raw, info_at, *(block.get(k, 0) for k in OLD_INFO))
            if status_at is not None:
                struct.pack_into("<Q", raw, status_at, block.get("status", 0))
        struct.pack_into("<3Q", raw, 1024, *(record.ai_core.get(k, 0) for k in ("kernel_code", "block_idx",
                                                                                  "status")))
        return bytes(raw)
    names = ACC_FIELDS.get(record.acc_type)
    if names is None:
        raise ValueError(f"unknown accelerator type {record.acc_type!r}")
    values: list[int] = []
    for name in names:
        value = record.fields.get(name, 0)
        if name == "status" and _word_count(record.acc_type, record.version, 1) > 1:
            words = tuple(value) if isinstance(value, Sequence) else (value,)
            values += list(words[:STATUS_WORDS]) + [0] * (STATUS_WORDS - len(words[:STATUS_WORDS]))
        else:
            values.append(int(value))
    data = struct.pack(f"<{len(values)}Q", *values)
    return _HEAD.pack(MAGIC, record.version, record.valid, ACC_CODES[record.acc_type], 0, len(data)) + data


def write_opdebug(path: str | Path, *records: OverflowRecord | OldOverflowRecord, dump_time: int = 0,
                  op_name: str = "Node_OpDebug") -> Path:
    """Write an Opdebug dump: each record becomes one DT_UINT8 output (``output.i``)."""
    outputs = [TensorPayload(np.frombuffer(encode_record(r), np.uint8), dtype="DT_UINT8") for r in records]
    return write_dump(path, op_name=op_name, outputs=outputs, dump_time=dump_time)
