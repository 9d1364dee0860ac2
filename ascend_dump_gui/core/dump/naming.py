"""Dump file names: the one place that parses and builds them (dump-format.md §3, runtime-rules.md §3).

``parse_name`` turns a file name into a :class:`ParsedName`; ``dump_file_name`` builds the name the runtime
writes (sanitised parts, and a hashed name plus a ``mapping.csv`` row when it exceeds NAME_MAX).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.errors import InputError, os_problem
from ascend_dump_gui.core.messages import msg

NAME_MAX = 255
"""Longest file name (bytes, UTF-8) Linux accepts; longer names are written hashed."""
MAPPING_FILE = "mapping.csv"
OVERFLOW_OP_TYPE = "Opdebug"
OVERFLOW_OP_NAME = "Node_OpDebug"
FFTSPLUS_TASK_TYPE = 4

_SANITISE = str.maketrans({" ": "_", ".": "_", "/": "_", "\\": "_"})

# {op_type}.{op_name}.[{dump_number}.]{task}.{stream}.{ts}[.{task_type}.{context}.{thread}.{device}]
_DUMP = re.compile(r"([^.]+)\.([^.]+)\.(?:(\d+)\.)?(\d+)\.(\d+)\.(\d+)"
                   r"(?:\.(\d+|FFTSPLUS)\.(\d+)\.(\d+)\.(\d+))?")
# stream id absent: {op_type}.{op_name}.{task}.{ts}[.{task_type}.{context}.{thread}.{device}]
_NO_STREAM = re.compile(r"([^.]+)\.([^.]+)\.(\d+)\.(\d+)(?:\.(\d+|FFTSPLUS)\.(\d+)\.(\d+)\.(\d+))?")
# an op name that kept its dots: op name = fields[1:-3] (torchair compare's rule)
_DOTTED = re.compile(r"([^.]+)\.(.+)\.(\d+)\.(\d+)\.(\d+)")
_ACLNN_OP_NAME = re.compile(r"aclnn\w*_\d+_L\d+")
_KERNEL_OP_NAME = re.compile(r"(.+)_\d+_L\d+")  # aclnnBatchMatMul_0_L2: {op_type}_{n}_L{level}
_LXSLICE = re.compile(r".*_lxslice(\d+)")
_FX_GOLDEN = re.compile(r"(.+)\.(INPUT|OUTPUT)\.(\d+)(?:\.(\d+))?\.(\d+)\.npy")
_GOLDEN = re.compile(r"(.+)\.(\d+)\.(\d+)\.(?:npy|pb|quant)")
_GRAPH = re.compile(r"ge_proto_\d+_.*\.txt|ge_onnx_\d+_.*\.pbtxt|dynamo_(?:original|optimized)_.*\.txt")
_HASHED = re.compile(r"\d+(?:\.npy)?|[0-9a-f]{32}(?:\..*)?")
_EXC_INFO = re.compile(r"exception_info\.(\d+)\.(\d+)\.(\d+)")
_EXC_ARGS = re.compile(r"([^.]+)\.(\d+)\.(\d+)\.([^.]+)\.(\d+)\.(\d+)")
_EXC_CORE = re.compile(r"(.+)\.(\d+)\.(\d+)\.(\d+)\.core")
_EXC_CUSTOM = re.compile(r"(.+)\.custom\.(\d+)")
_EXC_TENSOR = re.compile(r"([^.]+)\.([^.]+)\.(\d+)\.(\d+)\.(input|output|workspace)\.(\d+)\.bin")


class ParsedName(NamedTuple):
    """What a file name says. ``kind`` is tensor|stats|overflow|exception|graph|mapping|golden."""

    kind: str
    op_type: str | None = None
    op_name: str | None = None
    task_id: int | None = None
    stream_id: int | None = None
    timestamp: int | None = None
    task_type: int | None = None
    """FFTS+ suffix fields (task_type 4 = FFTSPLUS); context/thread/device as in the name."""
    context_id: int | None = None
    thread_id: int | None = None
    device_id: int | None = None
    dump_number: int | None = None
    """The extra counter of adump's stream-based op dump names."""
    io: str | None = None
    """``input``/``output`` for torchair FX golden files and exception tensor exports."""
    index: int | None = None
    """Golden output index, or the FX / exported tensor index."""
    sub_index: int | None = None
    lxslice: int | None = None
    """Manual FFTS+ slice number from an ``_lxslice{N}`` op-name suffix."""


def sanitize_part(text: str) -> str:
    """Replace ``' '``, ``.``, ``/`` and ``\\`` by ``_``, as the runtime does for op type/name and model name."""
    return text.translate(_SANITISE)


def _int(text: str | None) -> int | None:
    return None if text is None else int(text)


def _task_type(text: str | None) -> int | None:
    if text is None:
        return None
    return FFTSPLUS_TASK_TYPE if text == "FFTSPLUS" else int(text)


def _op(kind: str, op_type: str, op_name: str, **fields) -> ParsedName:
    """A tensor/overflow name; swaps kernel dumps ``{op_type}_{n}_L{level}.{op_type}`` back into place."""
    kernel = _KERNEL_OP_NAME.fullmatch(op_type)
    if kernel is not None and kernel.group(1) == op_name:
        op_type, op_name = op_name, op_type
    if kind == "tensor" and op_type == OVERFLOW_OP_TYPE:
        kind = "overflow"
    slice_match = _LXSLICE.fullmatch(op_name)
    lxslice = int(slice_match.group(1)) if slice_match else None
    return ParsedName(kind, op_type, op_name, lxslice=lxslice, **fields)


def split_common_form(name: str) -> tuple[str, str, int, int, int] | None:
    """``(op_type, op_name, task_id, stream_id, timestamp)`` of the usual 5-field op dump name, without
    regex (the scan's hot path); None for every other form, which :func:`parse_name` handles.

    The scanner's C listing (core/scan/_walk.c) applies this rule to plain ASCII names and leaves the others to
    this function, which stays the definition (tests/core/dump/test_scan_listing.py holds the two together)."""
    parts = name.split(".")
    if len(parts) != 5:
        return None
    op_type, op_name, task, stream, ts = parts
    if not (task.isdecimal() and stream.isdecimal() and ts.isdecimal() and op_type and op_name):
        return None
    if "_L" in op_type or "_lxslice" in op_name or op_type.startswith("exception_info"):
        return None  # maybe swapped or sliced: the regex path decides
    return op_type, op_name, int(task), int(stream), int(ts)


def _common_form(name: str, kind: str) -> ParsedName | None:
    fields = split_common_form(name)
    if fields is None:
        return None
    if kind == "tensor" and fields[0] == OVERFLOW_OP_TYPE:
        kind = "overflow"
    return ParsedName(kind, *fields)


def parse_op_dump_name(name: str, kind: str = "tensor") -> ParsedName | None:
    """Parse an NPU op dump / Opdebug name in any documented form, or None."""
    parsed = _common_form(name, kind)
    if parsed is not None:
        return parsed
    m = _DUMP.fullmatch(name)
    if m:
        g = m.groups()
        return _op(kind, g[0], g[1], dump_number=_int(g[2]), task_id=int(g[3]), stream_id=int(g[4]),
                   timestamp=int(g[5]), task_type=_task_type(g[6]), context_id=_int(g[7]),
                   thread_id=_int(g[8]), device_id=_int(g[9]))
    m = _NO_STREAM.fullmatch(name)
    if m:
        g = m.groups()
        return _op(kind, g[0], g[1], task_id=int(g[2]), timestamp=int(g[3]), task_type=_task_type(g[4]),
                   context_id=_int(g[5]), thread_id=_int(g[6]), device_id=_int(g[7]))
    m = _DOTTED.fullmatch(name)
    if m:
        g = m.groups()
        return _op(kind, g[0], g[1], task_id=int(g[2]), stream_id=int(g[3]), timestamp=int(g[4]))
    return None


def _parse_golden(name: str) -> ParsedName | None:
    m = _FX_GOLDEN.fullmatch(name)
    if m:
        fx_name, io, index, sub, ts = m.groups()
        target = fx_name.split("-", 1)[1] if "-" in fx_name else None
        return ParsedName("golden", op_type=target, op_name=fx_name, timestamp=int(ts), io=io.lower(),
                          index=int(index), sub_index=_int(sub))
    m = _GOLDEN.fullmatch(name)
    if m:
        return ParsedName("golden", op_name=m.group(1), index=int(m.group(2)), timestamp=int(m.group(3)))
    return None


def parse_name(name: str) -> ParsedName | None:
    """Parse any dump-tree file name (outside an exception folder); None if it is not one we know.

    Hashed names (all digits) are not resolved here: look them up with :func:`read_mapping_csv` first.
    """
    if name.startswith("exception_info."):
        return parse_exception_name(name)
    parsed = parse_op_dump_name(name)
    if parsed is not None:
        return parsed
    if name == MAPPING_FILE:
        return ParsedName("mapping")
    if name.endswith(".csv"):
        if name == "statistic.csv":
            return ParsedName("stats")
        return parse_op_dump_name(name[:-4], "stats")
    if name.endswith((".npy", ".pb", ".quant")):
        return _parse_golden(name)
    if _GRAPH.fullmatch(name):
        return ParsedName("graph")
    return None


def parse_exception_name(name: str) -> ParsedName:
    """Parse a file of an exception dump folder (``extra-info/data-dump/{device}``); always a record."""
    if name == MAPPING_FILE:
        return ParsedName("mapping")
    m = _EXC_INFO.fullmatch(name)
    if m:
        return ParsedName("exception", stream_id=int(m.group(1)), task_id=int(m.group(2)),
                          timestamp=int(m.group(3)))
    m = _EXC_TENSOR.fullmatch(name)
    if m:
        g = m.groups()
        op_name, op_type = (g[0], g[1]) if _ACLNN_OP_NAME.fullmatch(g[0]) else (g[1], g[0])
        return ParsedName("exception", op_type, op_name, task_id=int(g[2]), timestamp=int(g[3]), io=g[4],
                          index=int(g[5]))
    m = _EXC_ARGS.fullmatch(name) or _EXC_CORE.fullmatch(name)
    if m:
        kernel = None if m.group(1) == "exception_info" else m.group(1)
        return ParsedName("exception", op_name=kernel, stream_id=int(m.group(2)), task_id=int(m.group(3)),
                          timestamp=int(m.group(m.re.groups)))
    m = _EXC_CUSTOM.fullmatch(name)
    if m:
        return ParsedName("exception", op_name=m.group(1), timestamp=int(m.group(2)))
    parsed = parse_op_dump_name(name, "exception")
    if parsed is not None and parsed.kind == "exception":
        return parsed
    return ParsedName("exception")


def is_hashed_name(name: str) -> bool:
    """True for the names the runtime / msaccucmp give over-long files (digits, digits.npy, uuid hex)."""
    return _HASHED.fullmatch(name) is not None


def std_hash(text: str) -> int:
    """libstdc++'s 64-bit ``std::hash<std::string>`` (``_Hash_bytes``, seed 0xc70f6907) of UTF-8 ``text``."""
    data = text.encode("utf-8")
    mask = (1 << 64) - 1
    mul = (0xC6A4A793 << 32) + 0x5BD1E995
    n = len(data)
    aligned = n & ~7
    h = (0xC70F6907 ^ (n * mul)) & mask
    for pos in range(0, aligned, 8):
        word = int.from_bytes(data[pos:pos + 8], "little")
        word = (word * mul) & mask
        word = ((word ^ (word >> 47)) * mul) & mask
        h = ((h ^ word) * mul) & mask
    if n & 7:
        h = ((h ^ int.from_bytes(data[aligned:], "little")) * mul) & mask
    h = ((h ^ (h >> 47)) * mul) & mask
    return h ^ (h >> 47)


@dataclass(frozen=True, slots=True)
class DumpFileName:
    """The name written to disk, and the formatted name it stands for."""

    file_name: str
    original_name: str

    @property
    def hashed(self) -> bool:
        return self.file_name != self.original_name

    @property
    def mapping_row(self) -> tuple[str, str] | None:
        """The ``mapping.csv`` row ``(file_name, original_name)`` the runtime appends, if hashed."""
        return (self.file_name, self.original_name) if self.hashed else None


def fit_name(name: str) -> DumpFileName:
    """Apply the NAME_MAX rule: over-long names are written under their decimal ``std::hash``."""
    if len(name.encode("utf-8")) <= NAME_MAX:
        return DumpFileName(name, name)
    return DumpFileName(str(std_hash(name)), name)


def dump_file_name(op_type: str, op_name: str, task_id: int, stream_id: int | None, timestamp: int, *,
                   ffts: tuple[int, int, int, int] | None = None, suffix: str = "") -> DumpFileName:
    """The file name the runtime writes for an op dump.

    ``stream_id=None`` gives the stream-less form (exception and host-executor dumps); ``ffts`` is
    ``(task_type, context_id, thread_id, device_id)``; ``suffix=".csv"`` names the stats file.
    Use ``OVERFLOW_OP_TYPE``/``OVERFLOW_OP_NAME`` for Opdebug files.
    """
    parts = [sanitize_part(op_type), sanitize_part(op_name), str(task_id)]
    if stream_id is not None:
        parts.append(str(stream_id))
    parts.append(str(timestamp))
    if ffts is not None:
        parts.extend(str(v) for v in ffts)
    return fit_name(".".join(parts) + suffix)


def golden_file_name(op_name: str, output_index: int, timestamp: int) -> str:
    """``{op_name}.{output_index}.{timestamp}.npy``, the golden (TF/ONNX/Caffe side) name."""
    return f"{sanitize_part(op_name)}.{output_index}.{timestamp}.npy"


def read_mapping_csv(path: str | Path) -> dict[str, str]:
    """Read ``mapping.csv`` rows ``{file_name},{original_name}`` (no header) into a dict. Only a regular
    file is read: a FIFO planted under that name would block the reader forever."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise InputError(path, msg("is not a regular file; not read"))
            text = fh.read().decode("utf-8", errors="surrogateescape")
    except OSError as exc:
        raise InputError(path, msg("cannot read mapping file: {problem}", problem=os_problem(exc))) from exc
    rows: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        new_name, sep, original = line.partition(",")
        if not sep or not new_name or not original:
            raise InputError(path, msg("expected 2 columns '{file_name},{original_name}'"), line=number)
        rows[new_name.strip()] = original.strip()
    return rows


def write_mapping_csv(path: str | Path, rows: list[tuple[str, str]] | dict[str, str]) -> None:
    """Write ``mapping.csv`` exactly as the runtime does: ``{file_name},{original_name}\\n`` per row."""
    items = rows.items() if isinstance(rows, dict) else rows
    write_text_atomic(path, "".join(f"{new},{original}\n" for new, original in items))
