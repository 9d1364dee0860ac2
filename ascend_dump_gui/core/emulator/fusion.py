"""The graph fusion the runtime applies before it builds tasks.

Two patterns, as GE's fusion passes produce them:

* ``Conv2D -> BNInferenceD [-> Relu]``: BatchNorm is folded into the convolution's weights and bias, the
  Relu runs inside the kernel; the fused op is named ``{conv}{relu}`` (``conv1conv1_relu``), keeps type
  ``Conv2D`` and carries the original names (``_datadump_original_op_names``) and, on its output, the name
  of the last op it replaces (``_datadump_origin_name``).
* ``MatMulV2 -> Add(1-D bias Const)``: the bias becomes the third MatMulV2 input; the op keeps its name.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ascend_dump_gui.core.emulator.graph import GE_LOCAL, Graph, Op, ref, split_ref


def fuse(graph: Graph) -> Graph:
    """The graph after fusion; ops that were absorbed disappear, their consumers are rewired."""
    graph = _fuse_conv_bn_relu(graph)
    return _fuse_matmul_bias(graph)


def _sole_consumer(graph: Graph, tensor: str) -> Op | None:
    users = graph.consumers().get(tensor, [])
    if len(users) != 1 or tensor in graph.outputs:
        return None
    return users[0][0]


def _rewire(ops: list[Op], outputs: tuple[str, ...], mapping: dict[str, str]) -> tuple[list[Op], tuple[str, ...]]:
    ops = [replace(op, inputs=tuple(mapping.get(t, t) for t in op.inputs)) for op in ops]
    return ops, tuple(mapping.get(t, t) for t in outputs)


def _fuse_conv_bn_relu(graph: Graph) -> Graph:
    producers = graph.producers()
    removed: set[str] = set()
    replaced: dict[str, Op] = {}
    new_consts: dict[str, list[Op]] = {}
    mapping: dict[str, str] = {}
    for conv in graph.ops:
        if conv.type != "Conv2D" or len(conv.inputs) != 2 or conv.attrs.get("relu"):
            continue
        bn = _sole_consumer(graph, ref(conv.name))
        if bn is None or bn.type != "BNInferenceD" or bn.inputs[0] != ref(conv.name):
            continue
        params = [producers[t] for t in bn.inputs[1:5]]
        weight = producers[conv.inputs[1]]
        if weight.type != "Const" or any(p.type != "Const" for p in params):
            continue
        relu = _sole_consumer(graph, ref(bn.name))
        if relu is not None and relu.type != "Relu":
            relu = None
        last = relu or bn
        fused_name = conv.name + last.name
        mean, var, scale, offset = (np.asarray(p.attrs["value"], dtype=np.float32) for p in params)
        inv = scale / np.sqrt(var + float(bn.attrs.get("epsilon", 1e-5)))
        w = np.asarray(weight.attrs["value"], dtype=np.float32) * inv.reshape(-1, 1, 1, 1)
        consts = [Op(f"{fused_name}/folded_weight", "Const", attrs={"value": w}, engine=GE_LOCAL),
                  Op(f"{fused_name}/folded_bias", "Const", attrs={"value": offset - mean * inv}, engine=GE_LOCAL)]
        new_consts[conv.name] = consts
        replaced[conv.name] = replace(
            conv, name=fused_name, inputs=(conv.inputs[0], consts[0].outputs[0], consts[1].outputs[0]),
            attrs={**conv.attrs, "relu": relu is not None},
            origin_names=tuple(op.name for op in (conv, bn, relu) if op is not None),
            output_origins=(last.name,))
        removed.update({bn.name, *(() if relu is None else (relu.name,))})
        mapping[ref(last.name)] = ref(fused_name)
    if not replaced:
        return graph
    ops: list[Op] = []
    for op in graph.ops:
        if op.name in removed:
            continue
        if op.name in replaced:
            ops.extend(new_consts[op.name])
            ops.append(replaced[op.name])
        else:
            ops.append(op)
    ops, outputs = _rewire(ops, graph.outputs, mapping)
    used = {split_ref(t)[0] for op in ops for t in op.inputs}
    return Graph(graph.name, tuple(op for op in ops if op.type != "Const" or op.name in used), outputs)


def _fuse_matmul_bias(graph: Graph) -> Graph:
    producers = graph.producers()
    removed: set[str] = set()
    replaced: dict[str, Op] = {}
    mapping: dict[str, str] = {}
    for mm in graph.ops:
        if mm.type != "MatMulV2" or len(mm.inputs) != 2:
            continue
        add = _sole_consumer(graph, ref(mm.name))
        if add is None or add.type != "Add" or add.inputs[0] != ref(mm.name):
            continue
        bias = producers[add.inputs[1]]
        if bias.type != "Const" or np.ndim(bias.attrs["value"]) != 1:
            continue
        replaced[mm.name] = replace(mm, inputs=(*mm.inputs, add.inputs[1]),
                                    origin_names=(mm.name, add.name), output_origins=(add.name,))
        removed.add(add.name)
        mapping[ref(add.name)] = ref(mm.name)
    if not replaced:
        return graph
    ops = [replaced.get(op.name, op) for op in graph.ops if op.name not in removed]
    ops, outputs = _rewire(ops, graph.outputs, mapping)
    return Graph(graph.name, tuple(ops), outputs)
