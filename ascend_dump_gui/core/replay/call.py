"""What a reference function is given (:class:`OpCall`) and how it says no (:class:`Unsupported`).

Attribute values are untrusted (a graph dump or dump.json may hold ``inf``, ``10^400`` or a negative stride):
:meth:`OpCall.integer`, :meth:`OpCall.number` and :meth:`OpCall.int_list` give a value only inside the range the
op accepts, else :class:`Unsupported` naming it. Sizes are checked before anything large is built:
:data:`MAX_ELEMENTS` per array, :meth:`OpCall.expect` for the output shape, :meth:`OpCall.check_work`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.budget import accumulation_dtype, largest
from ascend_dump_gui.core.replay.judge import Expected


class Unsupported(Exception):
    """The op type, its attributes or its inputs are not covered; the message says which."""

    @property
    def reason(self) -> str:
        """The message as it was raised (a translatable ``msg`` text keeps its template)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


_REQUIRED = object()

MAX_ELEMENTS = 1 << 25
"""Largest input or output the replay takes (float64 copies of 256 MiB each)."""
MAX_CUBE_WORK = 1 << 37
"""Largest number of multiply-adds of a MatMul or convolution replay (BLAS float64)."""
MAX_WINDOW_WORK = 1 << 31
"""Largest number of window elements a pooling replay reads (numpy reductions over strided views)."""
INT_LIMIT = (1 << 31) - 1
"""Integer attributes (strides, axes, sizes) beyond int32's range are not values a kernel takes."""
FLOAT_LIMIT = largest("float32")
"""Float attributes are float32 in the graph: beyond its range, or not finite, they are not values a kernel takes."""


def _count(shape: tuple[int, ...] | list[int]) -> int:
    return math.prod(int(d) for d in shape)


@dataclass
class OpCall:
    """One op to replay: its inputs (original layout, dumped dtype), attributes and output dtypes/shapes."""

    op_type: str
    inputs: list[np.ndarray]
    attrs: dict[str, Any]
    out_dtypes: list[str]
    out_shapes: list[tuple[int, ...]]
    in_formats: list[str | None] = field(default_factory=list)
    accumulate: str | None = None      # the accumulation dtype of a reduction, where not the kernel's usual one

    def acc_dtype(self) -> str:
        """What a reduction of this call accumulates in (float32 for float inputs unless ``accumulate`` says)."""
        return self.accumulate or accumulation_dtype(self.in_dtype(0))

    def x(self, i: int) -> np.ndarray:
        """Input ``i`` as float64 (raises :class:`Unsupported` when it was not dumped)."""
        if i >= len(self.inputs):
            raise Unsupported(msg("{op_type} needs input {i}, the dump has {count} inputs",
                                  op_type=self.op_type, i=i, count=len(self.inputs)))
        return np.asarray(self.inputs[i], dtype=np.float64)

    def in_dtype(self, i: int) -> str:
        return str(self.inputs[i].dtype) if i < len(self.inputs) else self.out_dtypes[0]

    def attr(self, name: str, default: Any = _REQUIRED) -> Any:
        value = self.attrs.get(name, default)
        if value is _REQUIRED:
            raise Unsupported(msg("{op_type}: the attribute {name} is not in the graph (no GE graph dump found, or "
                                  "it lacks this op)", op_type=self.op_type, name=name))
        return value

    def integer(self, name: str, default: Any = _REQUIRED, lo: int = -INT_LIMIT - 1, hi: int = INT_LIMIT) -> int:
        """Attribute ``name`` as an integer in ``[lo, hi]``."""
        value = self.attr(name, default)
        if isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= int(value) <= hi:
            raise Unsupported(msg("{op_type}: attribute {name}={value} is not an integer in [{lo}, {hi}]",
                                  op_type=self.op_type, name=name, value=_shown(value), lo=lo, hi=hi))
        return int(value)

    def number(self, name: str, default: Any = _REQUIRED, lo: float = -FLOAT_LIMIT, hi: float = FLOAT_LIMIT
               ) -> float:
        """Attribute ``name`` as a finite number in ``[lo, hi]`` (float32's range at most)."""
        value = self.attr(name, default)
        ok = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)
        if ok and isinstance(value, (int, np.integer)):
            ok = abs(int(value)) <= FLOAT_LIMIT          # compared as integers: 10**400 has no float
        if not ok or not math.isfinite(float(value)) or not lo <= float(value) <= hi:
            raise Unsupported(msg("{op_type}: attribute {name}={value} is not a finite number in [{lo}, {hi}]",
                                  op_type=self.op_type, name=name, value=_shown(value), lo=f"{lo:g}", hi=f"{hi:g}"))
        return float(value)

    def int_list(self, name: str, length: int | None = None, default: Any = _REQUIRED, lo: int = -INT_LIMIT - 1,
                 hi: int = INT_LIMIT) -> list[int]:
        """Attribute ``name`` as a list of integers in ``[lo, hi]`` (``length`` of them when given)."""
        value = self.attr(name, default)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            value = [int(value)]
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value):
            raise Unsupported(msg("{op_type}: attribute {name}={value} is not a list of integers",
                                  op_type=self.op_type, name=name, value=_shown(value)))
        if length is not None and len(value) != length:
            raise Unsupported(msg("{op_type}: attribute {name} has {count} values, {length} expected",
                                  op_type=self.op_type, name=name, count=len(value), length=length))
        if not all(lo <= int(v) <= hi for v in value):
            raise Unsupported(msg("{op_type}: attribute {name}={value} has a value outside [{lo}, {hi}]",
                                  op_type=self.op_type, name=name, value=_shown(value), lo=lo, hi=hi))
        return [int(v) for v in value]

    def expect(self, shape: tuple[int, ...] | list[int], i: int = 0) -> None:
        """Raise :class:`Unsupported` before the replay of output ``i`` is built when its ``shape`` cannot match
        the dumped output (another element count)."""
        if i < len(self.out_shapes) and _count(shape) != _count(self.out_shapes[i]):
            raise Unsupported(msg("{op_type}: the replay would have shape {shape}, the dumped output {dumped}",
                                  op_type=self.op_type, shape=[int(d) for d in shape],
                                  dumped=[int(d) for d in self.out_shapes[i]]))

    def check_work(self, work: int, limit: int, what: str) -> None:
        """Raise :class:`Unsupported` when the replay would do more than ``limit`` steps of ``what``."""
        if work > limit:
            raise Unsupported(msg("{op_type}: the replay would take {work} {what} (more than {limit}): not replayed",
                                  op_type=self.op_type, work=work, what=what, limit=limit))

    def check_sizes(self) -> None:
        """Raise :class:`Unsupported` when an input or dumped output is too large to replay in float64."""
        for kind, shapes in ((msg("input"), [np.shape(x) for x in self.inputs]), (msg("output"), self.out_shapes)):
            for i, shape in enumerate(shapes):
                if _count(shape) > MAX_ELEMENTS:
                    raise Unsupported(msg("{op_type}: {kind} {i} holds {count} elements, more than the replay "
                                          "takes in float64 ({limit})", op_type=self.op_type, kind=kind, i=i,
                                          count=_count(shape), limit=MAX_ELEMENTS))

    @property
    def out_dtype(self) -> str:
        return self.out_dtypes[0]


def _shown(value: Any) -> str:
    """An attribute value for a message (a 5,000-digit number shortened)."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(v) for v in value[:8]) + (", …" if len(value) > 8 else "") + "]"
    if isinstance(value, int) and abs(value).bit_length() > 64:
        return f"<an integer of {abs(value).bit_length()} bits>"
    text = repr(value)
    return text if len(text) <= 40 else text[:20] + "…" + text[-8:]


Reference = Callable[[OpCall], list[Expected]]
"""A reference implementation: the float64 replay and budget of each output of one op."""
