"""What a reference function is given (:class:`OpCall`) and how it says no (:class:`Unsupported`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay.judge import Expected


class Unsupported(Exception):
    """The op type, its attributes or its inputs are not covered; the message says which."""

    @property
    def reason(self) -> str:
        """The message as it was raised (a translatable ``msg`` text keeps its template)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


_REQUIRED = object()


@dataclass
class OpCall:
    """One op to replay: its inputs (original layout, dumped dtype), attributes and output dtypes/shapes."""

    op_type: str
    inputs: list[np.ndarray]
    attrs: dict[str, Any]
    out_dtypes: list[str]
    out_shapes: list[tuple[int, ...]]
    in_formats: list[str | None] = field(default_factory=list)

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

    def int_list(self, name: str, length: int | None = None, default: Any = _REQUIRED) -> list[int]:
        value = self.attr(name, default)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            value = [int(value)]
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, (int, np.integer)) for v in value):
            raise Unsupported(msg("{op_type}: attribute {name}={value} is not a list of integers",
                                  op_type=self.op_type, name=name, value=repr(value)))
        if length is not None and len(value) != length:
            raise Unsupported(msg("{op_type}: attribute {name} has {count} values, {length} expected",
                                  op_type=self.op_type, name=name, count=len(value), length=length))
        return [int(v) for v in value]

    @property
    def out_dtype(self) -> str:
        return self.out_dtypes[0]


Reference = Callable[[OpCall], list[Expected]]
"""A reference implementation: the float64 replay and budget of each output of one op."""
