"""Device formats: which layout each op reads and writes on the device, and the TransData ops the
runtime inserts where a producer's layout differs from what its consumer needs.

Cube ops work on fractal layouts (Conv2D: NC1HWC0 activations, FRACTAL_Z weights; MatMulV2:
FRACTAL_NZ operands), format-agnostic vector ops keep the layout of their first input, LayerNorm and
Flatten need the original layout, and graph outputs are returned in the original layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np

from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, Graph, Op, execute, ref

NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ND, NCHW = "NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ", "ND", "NCHW"
_NEEDS_ORIGIN = frozenset({"LayerNorm", "Flatten"})


def origin_format(shape: tuple[int, ...]) -> str:
    """The original (framework) format of a tensor: NCHW for 4-D, ND otherwise."""
    return NCHW if len(shape) == 4 else ND


def infer_shapes(graph: Graph, feeds: Mapping[str, np.ndarray]) -> dict[str, tuple[int, ...]]:
    """Tensor reference -> shape, by running the graph once."""
    return {t: tuple(a.shape) for t, a in execute(graph, feeds).items()}


def _wanted(op: Op, pos: int, shape: tuple[int, ...], inherited: str) -> str:
    """The format ``op`` reads its input ``pos`` (of ``shape``) in."""
    if len(shape) <= 1:
        return ND
    if op.type == "Conv2D":
        return (NC1HWC0, FRACTAL_Z)[pos] if pos < 2 else ND
    if op.type == "MatMulV2":
        return FRACTAL_NZ if pos < 2 else ND
    if op.type in _NEEDS_ORIGIN:
        return origin_format(shape)
    return inherited if _fits(inherited, shape) else origin_format(shape)


def _fits(fmt: str, shape: tuple[int, ...]) -> bool:
    if fmt in (NC1HWC0, NCHW):
        return len(shape) == 4
    if fmt == FRACTAL_NZ:
        return len(shape) >= 2
    return fmt == ND


def assign_formats(graph: Graph, shapes: Mapping[str, tuple[int, ...]]) -> Graph:
    """Set ``in_formats``/``out_formats`` on every op and insert ``TransData`` ops between mismatches."""
    fmt_of: dict[str, str] = {}            # tensor ref -> device format it lives in
    producers = graph.producers()
    ops: list[Op] = []
    trans: dict[tuple[str, str], str] = {}

    def convert(tensor: str, src: str, dst: str) -> str:
        key = (tensor, dst)
        if key not in trans:
            name = f"trans_TransData_{len(trans)}"
            dtype = producers[tensor].out_dtype if tensor in producers else "float32"
            ops.append(Op(name, "TransData", (tensor,), {"src_format": src, "dst_format": dst},
                          in_dtype=dtype, out_dtype=dtype, in_formats=(src,), out_formats=(dst,)))
            trans[key] = ref(name)
            fmt_of[ref(name)] = dst
        return trans[key]

    const_fmt: dict[str, str] = {}
    consumers = graph.consumers()
    for op in graph.ops:
        if op.type != "Const":
            continue
        users = consumers.get(ref(op.name), [])
        if users:
            user, pos = users[0]
            const_fmt[op.name] = _wanted(user, pos, shapes[ref(op.name)], ND)

    for op in graph.ops:
        if op.type == "Const":
            fmt = const_fmt.get(op.name, ND)
            fmt_of[ref(op.name)] = fmt
            ops.append(replace(op, out_formats=(fmt,)))
            continue
        if op.type in INPUT_TYPES:
            fmt = origin_format(shapes[ref(op.name)])
            fmt_of[ref(op.name)] = fmt
            ops.append(replace(op, out_formats=(fmt,)))
            continue
        inherited = next((fmt_of[t] for t in op.inputs if producers[t].type != "Const"), ND)
        new_inputs, in_formats = [], []
        for pos, t in enumerate(op.inputs):
            want = _wanted(op, pos, shapes[t], inherited)
            have = fmt_of[t]
            if have != want and producers[t].type != "Const":
                t = convert(t, have, want)
            new_inputs.append(t)
            in_formats.append(want)
        main = next((f for f, t in zip(in_formats, op.inputs, strict=True) if producers[t].type != "Const"), ND)
        if op.type == "Conv2D":
            main = NC1HWC0
        out_formats = tuple(main if _fits(main, shapes[o]) else origin_format(shapes[o]) for o in op.outputs)
        for o, f in zip(op.outputs, out_formats, strict=True):
            fmt_of[o] = f
        ops.append(replace(op, inputs=tuple(new_inputs), in_formats=tuple(in_formats), out_formats=out_formats))
    producers = {t: o for o in ops for t in o.outputs}
    outputs = []
    for t in graph.outputs:
        want = origin_format(shapes[t])
        outputs.append(t if fmt_of[t] == want else convert(t, fmt_of[t], want))
    return Graph(graph.name, tuple(ops), tuple(outputs))
