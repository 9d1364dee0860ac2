"""Links between the graph the device ran (after fusion) and the original graph, through the origin names the
fused ops carry (``_datadump_original_op_names``, ``_datadump_origin_name``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ascend_dump_gui.core.graph.model import ModelGraph


@dataclass
class Links:
    """``npu_to_original[op]``: the original ops an NPU op stands for; ``original_to_npu`` the reverse."""

    npu_to_original: dict[str, list[str]] = field(default_factory=dict)
    original_to_npu: dict[str, list[str]] = field(default_factory=dict)


def origin_links(npu: ModelGraph, original: ModelGraph) -> Links:
    """Each NPU op linked to the original ops it stands for that exist in ``original`` (inserted ops, such as
    a TransData the compiler added, have none)."""
    links = Links()
    for name, op in npu.ops.items():
        found = [n for n in op.original_names() if n in original.ops]
        if found:
            links.npu_to_original[name] = found
            for n in found:
                links.original_to_npu.setdefault(n, []).append(name)
    return links
