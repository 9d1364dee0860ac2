"""A tiny op graph (Ascend IR names and types) and the executor that runs it step by step in numpy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.emulator.ops import FP32, spec_of

INPUT_TYPES = frozenset({"Data", "GetNext"})
"""Op types fed per step (Data; GetNext is the dataset iterator of TF graphs)."""
GE_LOCAL = "DNN_VM_GE_LOCAL_OP_STORE"
"""The engine of Data/Const ops (no device task)."""
NP_DTYPES: dict[str, np.dtype] = {
    "float32": np.dtype(np.float32),
    "float16": np.dtype(np.float16),
    "bfloat16": np.dtype(ml_dtypes.bfloat16),
}


def ref(op_name: str, index: int = 0) -> str:
    """The tensor reference ``"op_name:index"`` used for graph edges."""
    return f"{op_name}:{index}"


def split_ref(tensor: str) -> tuple[str, int]:
    """``"op:1"`` -> ``("op", 1)``; op names may contain ``:`` only before the last one."""
    name, _, index = tensor.rpartition(":")
    return name, int(index)


@dataclass(frozen=True)
class Op:
    """One node. ``in_dtype``/``out_dtype`` are the compute dtypes the precision pass chose;
    ``in_formats``/``out_formats`` the device formats the layout pass chose."""

    name: str
    type: str
    inputs: tuple[str, ...] = ()
    attrs: Mapping[str, Any] = field(default_factory=dict)
    num_outputs: int = 1
    in_dtype: str = FP32
    out_dtype: str = FP32
    in_formats: tuple[str, ...] = ()
    out_formats: tuple[str, ...] = ()
    origin_names: tuple[str, ...] = ()      # _datadump_original_op_names (fused ops)
    output_origins: tuple[str, ...] = ()    # _datadump_origin_name per output
    engine: str = "AIcoreEngine"

    @property
    def outputs(self) -> tuple[str, ...]:
        return tuple(ref(self.name, i) for i in range(self.num_outputs))

    def origin_of(self, index: int) -> tuple[str, int]:
        """The original (pre-fusion) op name and output index this output stands for."""
        if index < len(self.output_origins) and self.output_origins[index]:
            return self.output_origins[index], 0
        return self.name, index


@dataclass(frozen=True)
class Graph:
    """Ops in execution (topological) order; ``Data`` ops are fed per step, ``Const`` ops hold weights."""

    name: str
    ops: tuple[Op, ...]
    outputs: tuple[str, ...]

    def op(self, name: str) -> Op:
        for op in self.ops:
            if op.name == name:
                return op
        raise KeyError(name)

    def producers(self) -> dict[str, Op]:
        """Tensor reference -> the op that produces it."""
        return {t: op for op in self.ops for t in op.outputs}

    def consumers(self) -> dict[str, list[tuple[Op, int]]]:
        """Tensor reference -> (consumer op, input position) pairs, in execution order."""
        found: dict[str, list[tuple[Op, int]]] = {}
        for op in self.ops:
            for pos, t in enumerate(op.inputs):
                found.setdefault(t, []).append((op, pos))
        return found

    def with_ops(self, ops: list[Op] | tuple[Op, ...]) -> Graph:
        return replace(self, ops=tuple(ops))


class GraphBuilder:
    """Builds a :class:`Graph` in execution order; every method returns tensor references."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._ops: list[Op] = []

    def data(self, name: str, shape: tuple[int, ...]) -> str:
        self._ops.append(Op(name, "Data", attrs={"shape": tuple(shape)}, engine=GE_LOCAL))
        return ref(name)

    def const(self, name: str, value: np.ndarray) -> str:
        self._ops.append(Op(name, "Const", attrs={"value": np.asarray(value, dtype=np.float32)}, engine=GE_LOCAL))
        return ref(name)

    def op(self, op_type: str, name: str, inputs: list[str], **attrs: Any) -> str:
        n = spec_of(op_type).num_outputs
        self._ops.append(Op(name, op_type, tuple(inputs), attrs, num_outputs=n))
        return ref(name)

    def build(self, outputs: list[str]) -> Graph:
        return Graph(self._name, tuple(self._ops), tuple(outputs))


class AICoreError(RuntimeError):
    """An AI Core exception raised by one op (the emulated device aborts the run)."""

    def __init__(self, op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray]) -> None:
        super().__init__(f"AI Core exception in op {op.name} ({op.type})")
        self.op = op
        self.inputs = inputs
        self.outputs = outputs


Observer = Callable[[Op, list[np.ndarray], list[np.ndarray], dict[str, np.ndarray]], None]
"""``observer(op, inputs, outputs, memory)``, called after each op; ``memory`` maps refs to arrays."""

OutputHook = Callable[[Op, list[np.ndarray], list[np.ndarray], dict[str, np.ndarray]], list[np.ndarray]]
"""``hook(op, inputs, outputs, memory) -> outputs``: lets a fault change results or device memory."""


def cast_to(array: np.ndarray, dtype: str) -> np.ndarray:
    """Round ``array`` to ``dtype`` as the device stores it (float16 overflow gives inf)."""
    target = NP_DTYPES[dtype]
    if array.dtype == target:
        return array
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(array).astype(target)


def execute(graph: Graph, feeds: Mapping[str, np.ndarray], *, observer: Observer | None = None,
            hook: OutputHook | None = None) -> dict[str, np.ndarray]:
    """Run every op once; returns the memory (tensor reference -> array in its device dtype)."""
    memory: dict[str, np.ndarray] = {}
    for op in graph.ops:
        if op.type in INPUT_TYPES:
            inputs: list[np.ndarray] = []
            outputs = [cast_to(np.asarray(feeds[op.name], dtype=np.float32), op.out_dtype)]
        elif op.type == "Const":
            inputs = []
            outputs = [cast_to(op.attrs["value"], op.out_dtype)]
        else:
            inputs = [memory[t] for t in op.inputs]
            kernel = spec_of(op.type).kernel
            assert kernel is not None
            with np.errstate(all="ignore"):
                raw = kernel(inputs, op.attrs)
            outputs = [cast_to(y, op.out_dtype) for y in raw]
        if hook is not None:
            outputs = hook(op, inputs, outputs, memory)
        for t, y in zip(op.outputs, outputs, strict=True):
            memory[t] = y
        if observer is not None:
            observer(op, inputs, outputs, memory)
    return memory
