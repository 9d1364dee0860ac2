"""Write a GE dump folder of single ops (device formats packed as the device stores them) and its GE graph dump."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device

_GE = {"float16": "DT_FLOAT16", "float32": "DT_FLOAT", "int32": "DT_INT32", "int64": "DT_INT64"}


@dataclass
class Tensor:
    array: np.ndarray
    fmt: str = "ND"                 # device format
    origin: str | None = None       # original format (NCHW, NHWC, HWCN); None: ND

    def payload(self, name: str | None = None) -> TensorPayload:
        dev = to_device(self.array, self.fmt, original_format=self.origin) if self.fmt != "ND" else self.array
        return TensorPayload(dev, format=self.fmt, original_shape=self.array.shape,
                             original_format=self.origin or ("ND" if name else None), original_name=name)


@dataclass
class GeOp:
    name: str
    type: str
    inputs: list[Tensor]
    outputs: list[Tensor]
    attrs: dict = field(default_factory=dict)


def _attr(key: str, value) -> str:
    if isinstance(value, bool):
        v = f"b: {str(value).lower()}"
    elif isinstance(value, int):
        v = f"i: {value}"
    elif isinstance(value, float):
        v = f"f: {value!r}"
    elif isinstance(value, str):
        v = f's: "{value}"'
    else:
        v = "list { " + " ".join(f"i: {int(x)}" for x in value) + " val_type: VT_LIST_INT }"
    return f'attr {{ key: "{key}" value {{ {v} }} }}'


def _desc(tag: str, t: Tensor) -> str:
    shape = " ".join(f"dim: {d}" for d in t.array.shape)
    return (f'{tag} {{ dtype: {_GE[str(t.array.dtype)]} shape {{ {shape} }} layout: "{t.fmt}" '
            f'{_attr("origin_format", t.origin or "ND")} }}')


def write_folder(root: Path, ops: list[GeOp]) -> tuple[Path, Path]:
    """(the step folder with one dump file per op, the Build graph file)."""
    step = root / "dump" / "20240101000000" / "0" / "model" / "1" / "0"
    step.mkdir(parents=True)
    lines = ['graph {', '  name: "model"']
    for i, op in enumerate(ops):
        safe = op.name.replace("/", "_")
        write_dump(step / f"{op.type}.{safe}.{i + 1}.2.{1704067200000000 + i}", op_name=op.name,
                   inputs=[t.payload() for t in op.inputs],
                   outputs=[t.payload(op.name) for t in op.outputs])
        body = [f'name: "{op.name}"', f'type: "{op.type}"']
        body += [_attr(k, v) for k, v in op.attrs.items()]
        body += [_desc("input_desc", t) for t in op.inputs] + [_desc("output_desc", t) for t in op.outputs]
        lines.append("  op { " + " ".join(body) + " }")
    lines.append("}")
    graph = root / "graphs" / "ge_proto_00000001_Build.txt"
    graph.parent.mkdir(parents=True)
    graph.write_text("\n".join(lines) + "\n")
    return step, graph
