"""DUMP_GE_GRAPH output: ``ge_proto_{index:08d}_{stage}.txt`` in GE's protobuf text format (runtime-rules §3.4).

``DUMP_GE_GRAPH`` 1 writes everything including Const weights, 2 leaves the weights out, 3 writes only the
node relations (name, type, inputs). ``DUMP_GRAPH_LEVEL`` 3 keeps only the final (Build) graph, 4 only the
first (PreRunBegin) one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.dump.device_formats import device_shape
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, Graph, Op
from ascend_dump_gui.core.emulator.layout import origin_format

GE_DTYPES = {"float32": "DT_FLOAT", "float16": "DT_FLOAT16", "bfloat16": "DT_BF16"}
_ESCAPE = [chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:03o}" for b in range(256)]


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _attr(key: str, value: str, pad: str) -> list[str]:
    return [f"{pad}attr {{", f'{pad}  key: "{key}"', f"{pad}  value {{", f"{pad}    {value}", f"{pad}  }}", f"{pad}}}"]


def _list(items: list[str], kind: str, val_type: str) -> str:
    return "list { " + "".join(f"{kind}: {v} " for v in items) + f"val_type: {val_type} }}"


def _device_shape(shape: tuple[int, ...], fmt: str) -> tuple[int, ...]:
    if fmt in ("NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ"):
        return device_shape(shape, fmt, original_format="NCHW" if len(shape) == 4 else None)
    return shape


def _desc(tag: str, dtype: str, fmt: str, shape: tuple[int, ...], pad: str, origin: tuple[str, int] | None
          ) -> list[str]:
    lines = [f"{pad}{tag} {{", f"{pad}  dtype: {GE_DTYPES[dtype]}", f"{pad}  shape {{"]
    lines += [f"{pad}    dim: {d}" for d in _device_shape(shape, fmt)]
    lines += [f"{pad}  }}", f'{pad}  layout: "{fmt}"']
    if origin is not None:
        lines += _attr("_datadump_origin_name", f"s: {_q(origin[0])}", pad + "  ")
        lines += _attr("_datadump_origin_output_index", f"i: {origin[1]}", pad + "  ")
        lines += _attr("_datadump_origin_format", f's: "{origin_format(shape)}"', pad + "  ")
        lines += _attr("_datadump_origin_data_type", 's: "DT_FLOAT"', pad + "  ")
    lines += _attr("origin_format", f's: "{origin_format(shape)}"', pad + "  ")
    lines += _attr("origin_shape", _list([str(d) for d in shape], "i", "VT_LIST_INT"), pad + "  ")
    lines.append(f"{pad}}}")
    return lines


def _op_lines(op: Op, shapes: Mapping[str, tuple[int, ...]], level: int, task_ids: Mapping[str, int]
              ) -> list[str]:
    pad = "    "
    lines = ["  op {", f"{pad}name: {_q(op.name)}", f"{pad}type: {_q(op.type)}"]
    lines += [f"{pad}input: {_q(t)}" for t in op.inputs]
    if level == 3:
        return [*lines, "  }"]
    if op.origin_names:
        lines += _attr("_datadump_original_op_names",
                       _list([_q(n) for n in op.origin_names], "s", "VT_LIST_STRING"), pad)
    lines += _attr("_ge_attr_op_kernel_lib_name", f"s: {_q(op.engine)}", pad)
    for key, value in sorted(op.attrs.items()):
        if isinstance(value, (bool, np.bool_)):
            lines += _attr(key, f"b: {str(bool(value)).lower()}", pad)
        elif isinstance(value, int):
            lines += _attr(key, f"i: {value}", pad)
        elif isinstance(value, float):
            lines += _attr(key, f"f: {value!r}", pad)
        elif isinstance(value, str):
            lines += _attr(key, f"s: {_q(value)}", pad)
        elif isinstance(value, (list, tuple)) and value and all(isinstance(v, int) for v in value):
            lines += _attr(key, _list([str(v) for v in value], "i", "VT_LIST_INT"), pad)
        elif key == "value" and level == 1:
            data = "".join(_ESCAPE[b] for b in np.asarray(value, np.float32).tobytes())
            lines += _attr(key, f't {{ data: "{data}" }}', pad)
    if op.name in task_ids:
        lines.append(f"{pad}id: {task_ids[op.name]}")
    for i, t in enumerate(op.inputs):
        fmt = op.in_formats[i] if i < len(op.in_formats) else origin_format(shapes[t])
        lines += _desc("input_desc", op.in_dtype, fmt, shapes[t], pad, None)
    for i, t in enumerate(op.outputs):
        fmt = op.out_formats[i] if i < len(op.out_formats) else origin_format(shapes[t])
        origin = op.origin_of(i) if op.output_origins else None
        lines += _desc("output_desc", op.out_dtype, fmt, shapes[t], pad, origin)
    return [*lines, "  }"]


def graph_text(graph: Graph, shapes: Mapping[str, tuple[int, ...]], *, level: int = 2,
               task_ids: Mapping[str, int] | None = None) -> str:
    """The text of one GE graph dump; ``shapes`` maps tensor references to original shapes."""
    lines = ["graph {", f"  name: {_q(graph.name)}"]
    lines += [f"  input: {_q(op.name + ':0')}" for op in graph.ops if op.type in INPUT_TYPES]
    lines += [f"  output: {_q(t)}" for t in graph.outputs]
    for op in graph.ops:
        lines += _op_lines(op, shapes, level, task_ids or {})
    return "\n".join([*lines, "}", ""])


def write_graph_dumps(folder: Path, stages: list[tuple[str, str]], *, env: Mapping[str, str],
                      replaced: list[Path] | None = None) -> list[Path]:
    """Write ``(stage, text)`` pairs as ``ge_proto_{index:08d}_{stage}.txt`` filtered by DUMP_GRAPH_LEVEL
    (files already there are added to ``replaced``)."""
    level = env.get("DUMP_GRAPH_LEVEL", "2").strip()
    if level == "3":
        stages = stages[-1:]
    elif level == "4":
        stages = stages[:1]
    written = []
    for index, (stage, text) in enumerate(stages):
        path = folder / f"ge_proto_{index:08d}_{stage}.txt"
        if replaced is not None and os.path.lexists(path):
            replaced.append(path)
        write_text_atomic(path, text)
        written.append(path)
    return written
