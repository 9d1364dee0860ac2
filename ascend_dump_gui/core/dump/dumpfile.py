"""What a dump file holds once its header is read: :class:`DumpFile` and its lazy :class:`DumpTensor` s."""

from __future__ import annotations

import math
import mmap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.dump.device_formats import RESTORABLE, LayoutError, check_restorable, to_original
from ascend_dump_gui.core.dump.dtypes import DtypeInfo, decode
from ascend_dump_gui.core.dump.tensor_stats import TensorStats, tensor_stats
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress


class NotADumpError(DumpFormatError):
    """The file matches no dump layout at all (as opposed to a dump that is corrupt)."""


def map_bytes(path: Path, offset: int, nbytes: int) -> np.ndarray:
    """A read-only uint8 view of ``nbytes`` of ``path`` from ``offset`` (memory-mapped; no read)."""
    if nbytes == 0:
        return np.empty(0, np.uint8)
    start = offset - offset % mmap.ALLOCATIONGRANULARITY
    with open(path, "rb") as fh:
        mm = mmap.mmap(fh.fileno(), offset + nbytes - start, access=mmap.ACCESS_READ, offset=start)
    return np.frombuffer(mm, np.uint8, count=nbytes, offset=offset - start)


@dataclass(eq=False)
class DumpTensor:
    """One input/output/buffer/workspace of a dump. The data stay on disk until asked for."""

    path: Path
    role: str  # "input" | "output" | "buffer" | "workspace"
    index: int
    info: DtypeInfo
    format: str  # device format name, e.g. "NC1HWC0"
    shape: tuple[int, ...]  # device shape
    nbytes: int  # the header's size: bytes of this tensor in the file
    offset: int | None  # byte offset in the file; None when the bytes are inline
    original_shape: tuple[int, ...] | None = None
    original_format: str | None = None
    address: int = 0
    sub_format: int = 0
    original_name: str | None = None  # OriginalOp.name / the nano origin name
    kind: str | None = None  # buffer type ("L1") or workspace type ("LOG")
    inline: bytes | None = field(default=None, repr=False)

    @property
    def dtype(self) -> str:
        """The proto data-type name, e.g. ``DT_FLOAT16``."""
        return self.info.name

    @property
    def np_dtype(self) -> np.dtype | None:
        """The numpy dtype :meth:`device_array` returns; None when the type is not supported."""
        return self.info.np_dtype

    @property
    def count(self) -> int:
        return math.prod(self.shape)

    @property
    def name(self) -> str:
        """``input.0``-style label."""
        return f"{self.role}.{self.index}"

    def raw_bytes(self) -> np.ndarray:
        """The tensor's bytes as a read-only uint8 array (memory-mapped)."""
        if self.inline is not None:
            return np.frombuffer(self.inline, np.uint8)
        return map_bytes(self.path, self.offset or 0, self.nbytes)

    def device_array(self) -> np.ndarray:
        """The values in the device shape and layout: a lazy view for byte-aligned types."""
        if not self.info.supported:
            raise DumpFormatError(self.path, msg("{name}: data type {dtype} is not supported", name=self.name,
                                                          dtype=self.dtype))
        return decode(self.info, self.raw_bytes(), self.shape)

    @property
    def restorable(self) -> bool:
        """True when :meth:`array` reorders the device layout (not just a reshape)."""
        return self.format in RESTORABLE and self.original_shape is not None

    def check_layout(self) -> None:
        """Raise :class:`DumpFormatError` when the original shape cannot be restored from the device
        data (checked on the header, before anything is allocated)."""
        if not self.restorable:
            return
        try:
            check_restorable(self.shape, self.format, self.original_shape,  # type: ignore[arg-type]
                             original_format=self.original_format)
        except LayoutError as exc:
            raise DumpFormatError(self.path, msg("{name}: cannot restore {format}: {problem}", name=self.name,
                                                          format=self.format, problem=str(exc))) from None

    def original_layout_shape(self) -> tuple[int, ...]:
        """The shape :meth:`array` returns (when :meth:`check_layout` passes)."""
        if self.restorable or (self.original_shape is not None
                               and math.prod(self.original_shape) == self.count):
            return self.original_shape  # type: ignore[return-value]
        return self.shape

    def array(self, dtype=None) -> np.ndarray:
        """The values in the original shape and layout, padding removed (one copy at most).

        Plain formats whose original shape holds the same number of elements are reshaped; tensors
        without an original shape keep the device shape. ``dtype`` casts (e.g. bfloat16 -> float32).
        """
        self.check_layout()
        dev = self.device_array()
        if self.restorable:
            try:
                return to_original(dev, self.format, self.original_shape, dtype=dtype,
                                   original_format=self.original_format)
            except LayoutError as exc:
                raise DumpFormatError(self.path, msg("{name}: cannot restore {format}: {problem}", name=self.name,
                                                          format=self.format, problem=str(exc))) from None
        out = dev.reshape(self.original_layout_shape())
        return out if dtype is None else out.astype(dtype)

    def stats(self, *, progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> TensorStats:
        """min/max/mean/std over the finite values plus NaN/±Inf counts, of :meth:`array` (chunked)."""
        return tensor_stats(self.array(), progress=progress, cancel=cancel)

    def describe(self) -> dict[str, Any]:
        """The header facts as a JSON-ready dict."""
        return {"role": self.role, "index": self.index, "dtype": self.dtype, "format": self.format,
                "shape": list(self.shape),
                "original_shape": None if self.original_shape is None else list(self.original_shape),
                "original_format": self.original_format, "size": self.nbytes, "address": self.address,
                **({"kind": self.kind} if self.kind else {}),
                **({"original_name": self.original_name} if self.original_name else {})}


@dataclass(eq=False)
class DumpFile:
    """A dump file's header: op name, time, version and its tensors by role."""

    path: Path
    layout: str  # "big" | "nano" | "legacy" | "opdebug" | "exception"
    version: str
    dump_time: int
    op_name: str
    inputs: list[DumpTensor] = field(default_factory=list)
    outputs: list[DumpTensor] = field(default_factory=list)
    buffers: list[DumpTensor] = field(default_factory=list)
    workspaces: list[DumpTensor] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)
    ffts: Any = None  # FftsInfo when the dump is an FFTS+ thread file
    overflow: list[Any] = field(default_factory=list)  # decoded Opdebug records
    unknown_fields: tuple[int, ...] = ()  # top-level header fields not in the schema

    def tensors(self) -> Iterator[DumpTensor]:
        """All tensors: inputs, outputs, buffers, workspaces, in file order."""
        yield from self.inputs
        yield from self.outputs
        yield from self.buffers
        yield from self.workspaces

