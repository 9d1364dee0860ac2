"""The hierarchical model graph: ops grouped by scope, data and control edges with shapes and dtypes, fused ops
with the original ops they replace, execution order and depth (for paths from the inputs).

Ops, edges and tensors are named tuples of plain values: the cyclic garbage collector stops tracking such
tuples, so a 20,000-op graph does not lengthen every later collection (which would hold the GIL and stall
the GUI thread)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from ascend_dump_gui.core.dump.graph import (
    ORIGIN_NAME_ATTR,
    ORIGIN_NAMES_ATTR,
    Graph,
    TensorDesc,
    execution_order,
)
from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.graph.hierarchy import Hierarchy, NameScopes
from ascend_dump_gui.core.progress import CancelToken

ROOT = ""
"""The path of the top-level group."""
OP, GROUP = "op", "group"
Key = tuple[str, str]
"""A node of the view: ``(OP, op name)`` or ``(GROUP, group path)``."""
MAX_CHILDREN = 250
"""A group with more direct children has its ops split into chunks of this many (execution order)."""
SOURCE_TYPES = frozenset({"Data", "Const", "Constant", "Variable", "GetNext", "IteratorV2", "RefData"})


class TensorInfo(NamedTuple):
    """Shape (original shape when the dump gives it), dtype (``float16``) and device format of one tensor."""

    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    layout: str | None = None

    def text(self) -> str:
        shape = "" if self.shape is None else "[" + ",".join(str(d) for d in self.shape) + "]"
        return " ".join(p for p in (self.dtype, shape, self.layout) if p)


class OpNode(NamedTuple):
    """One op. ``origins``: the original ops fused into it (``None``: the dump does not say, so it stands for
    itself; ``()``: an op the compiler inserted). ``output_origins``: ``_datadump_origin_name`` per output."""

    name: str
    type: str
    group: str
    order: int
    inputs: tuple[TensorInfo, ...] = ()
    outputs: tuple[TensorInfo, ...] = ()
    origins: tuple[str, ...] | None = None
    output_origins: tuple[str, ...] = ()

    def original_names(self) -> tuple[str, ...]:
        """The original op names this op stands for (itself when the dump does not say)."""
        names = (self.name,) if self.origins is None else self.origins
        extra = tuple(n for n in self.output_origins if n and n not in names)
        return names + extra


class Edge(NamedTuple):
    """``src:src_index -> dst`` (input ``dst_index``); ``control`` edges carry no tensor."""

    src: str
    src_index: int
    dst: str
    dst_index: int
    tensor: TensorInfo | None = None
    control: bool = False


@dataclass(slots=True)
class Group:
    """A scope: sub-groups and ops directly in it (each in execution order), ``size`` ops below it."""

    path: str
    label: str
    parent: str | None
    groups: list[str] = field(default_factory=list)
    ops: list[str] = field(default_factory=list)
    size: int = 0
    first: int = 0      # execution position of its first op
    chunk: tuple[int, int] | None = None   # ops (1-based, execution order) of a chunk of a large group

    def children(self, model: ModelGraph) -> list[Key]:
        """Sub-groups and ops in execution order (of their first op)."""
        keys: list[tuple[int, Key]] = [(model.groups[g].first, (GROUP, g)) for g in self.groups]
        keys += [(model.ops[o].order, (OP, o)) for o in self.ops]
        return [k for _, k in sorted(keys)]


@dataclass
class ModelGraph:
    """A graph of one GE graph dump, ready for the view."""

    name: str
    source: str
    ops: dict[str, OpNode]
    edges: list[Edge]
    groups: dict[str, Group]
    producers: dict[str, list[Edge]] = field(default_factory=dict)   # op -> its incoming edges
    origin_index: dict[str, list[str]] = field(default_factory=dict)  # original op name -> ops carrying it
    depth: dict[str, int] = field(default_factory=dict)               # longest data path from a source
    _file_names: dict[str, str] | None = field(default=None, repr=False)  # file-name spelling -> op

    def chain(self, op_name: str) -> list[str]:
        """The groups holding ``op_name``, outermost first (the root excluded)."""
        chain: list[str] = []
        group = self.ops[op_name].group
        while group != ROOT:
            chain.append(group)
            group = self.groups[group].parent or ROOT
        return chain[::-1]

    def group_chain(self, path: str) -> list[str]:
        """``path`` and the groups holding it, outermost first (the root excluded)."""
        chain: list[str] = []
        while path and path != ROOT:
            chain.append(path)
            path = self.groups[path].parent or ROOT
        return chain[::-1]

    def resolve(self, name: str) -> str | None:
        """The op named ``name``, else the (first) op an original op ``name`` was fused into; either may also
        be spelled as in dump file names (``/`` and ``.`` as ``_``)."""
        if name in self.ops:
            return name
        carriers = self.origin_index.get(name)
        if carriers:
            return carriers[0]
        if self._file_names is None:
            self._file_names = {}
            for op in self.ops:
                self._file_names.setdefault(sanitize_part(op), op)
            for original, ops in self.origin_index.items():
                self._file_names.setdefault(sanitize_part(original), ops[0])
        return self._file_names.get(name)

    def search(self, text: str, limit: int = 500) -> list[str]:
        """Ops whose name, type or original names contain ``text`` (case-insensitive), in execution order."""
        needle = text.strip().casefold()
        if not needle:
            return []
        found = [op.name for op in self.ops.values()
                 if needle in op.name.casefold() or needle in op.type.casefold()
                 or any(needle in n.casefold() for n in op.original_names())]
        found.sort(key=lambda n: self.ops[n].order)
        return found[:limit]

    def path_from_inputs(self, op_name: str, prefer: Iterable[str] = ()) -> list[str]:
        """A data path from a graph input to ``op_name`` (inputs first): walking up, the producer taken is
        one in ``prefer`` (diverged ops, say) when there is one, else a non-constant one with the longest
        path behind it."""
        wanted = set(prefer)
        path, seen = [op_name], {op_name}
        current = op_name
        while True:
            sources = [e.src for e in self.producers.get(current, ()) if not e.control and e.src not in seen]
            if not sources:
                break
            current = max(sources, key=lambda s: (s in wanted, self.ops[s].type not in SOURCE_TYPES,
                                                  self.depth.get(s, 0), -self.ops[s].order))
            path.append(current)
            seen.add(current)
        return path[::-1]


_DTYPE_NAMES = {"float": "float32", "double": "float64", "bf16": "bfloat16"}


def _dtype(raw: str | None) -> str | None:
    if not raw:
        return None
    name = raw.removeprefix("DT_").lower()
    return _DTYPE_NAMES.get(name, name)


def _tensor(desc: TensorDesc) -> TensorInfo:
    origin_shape = desc.attrs.get("origin_shape")
    shape = tuple(int(d) for d in origin_shape) if isinstance(origin_shape, list) and origin_shape and all(
        isinstance(d, int) for d in origin_shape) else desc.shape
    return TensorInfo(shape, _dtype(desc.dtype), desc.layout if isinstance(desc.layout, str) else None)


def _split_ref(ref: str) -> tuple[str, int]:
    name, sep, index = ref.rpartition(":")
    if not sep:
        return ref, 0
    try:
        return name, int(index)
    except ValueError:
        return ref, 0


def scope_groups(names_in_order: list[str], hierarchy: Hierarchy) -> tuple[dict[str, Group], dict[str, str]]:
    groups = {ROOT: Group(ROOT, "", None)}
    home: dict[str, str] = {}
    for name in names_in_order:
        parent = ROOT
        for part in hierarchy.scope_of(name):
            part = part.replace("/", "\u2215")  # a "/" inside a scope name would look like a deeper path
            path = f"{parent}/{part}" if parent else part
            if path not in groups:
                groups[path] = Group(path, part, parent)
                groups[parent].groups.append(path)
            parent = path
        home[name] = parent
        groups[parent].ops.append(name)
    return groups, home


def chunk_large(groups: dict[str, Group], home: dict[str, str]) -> None:
    """Split the ops of groups with too many direct children into consecutive chunks (level of detail)."""
    for group in list(groups.values()):
        if len(group.groups) + len(group.ops) <= MAX_CHILDREN:
            continue
        ops, group.ops = group.ops, []
        for start in range(0, len(ops), MAX_CHILDREN):
            part = ops[start:start + MAX_CHILDREN]
            label = f"ops {start + 1}–{start + len(part)}"
            path = f"{group.path}/[{label}]" if group.path else f"[{label}]"
            groups[path] = Group(path, label, group.path, ops=part, chunk=(start + 1, start + len(part)))
            group.groups.append(path)
            for name in part:
                home[name] = path


def group_sizes(groups: dict[str, Group], position: dict[str, int], path: str = ROOT) -> int:
    stack, order = [path], []
    while stack:
        p = stack.pop()
        order.append(p)
        stack.extend(groups[p].groups)
    for p in reversed(order):
        g = groups[p]
        g.size = len(g.ops) + sum(groups[c].size for c in g.groups)
        g.first = min([position[o] for o in g.ops] + [groups[c].first for c in g.groups], default=0)
    return groups[path].size


def build_model(graph: Graph, hierarchy: Hierarchy | None = None, *, cancel: CancelToken | None = None
                ) -> ModelGraph:
    """The model graph of a parsed GE graph: groups from ``hierarchy`` (default: name scopes)."""
    order = execution_order(graph)
    position = {name: i for i, name in enumerate(order)}
    by_name = {op.name: op for op in graph.ops}
    groups, home = scope_groups(order, hierarchy or NameScopes())
    chunk_large(groups, home)
    group_sizes(groups, position)
    if cancel is not None:
        cancel.raise_if_cancelled()
    ops: dict[str, OpNode] = {}
    origin_index: dict[str, list[str]] = {}
    for name in order:
        op = by_name[name]
        raw = op.attrs.get(ORIGIN_NAMES_ATTR)
        origins = None if raw is None else tuple(str(n) for n in (raw if isinstance(raw, list) else [raw]))
        out_origins = tuple(str(d.attrs.get(ORIGIN_NAME_ATTR, "")) for d in op.output_descs)
        node = OpNode(name, op.type, home[name], position[name], tuple(_tensor(d) for d in op.input_descs),
                      tuple(_tensor(d) for d in op.output_descs), origins, out_origins)
        ops[name] = node
        for original in node.original_names():
            if original != name:
                origin_index.setdefault(original, []).append(name)
    edges: list[Edge] = []
    producers: dict[str, list[Edge]] = {}
    for name in order:
        node, data_index = ops[name], 0
        for ref in by_name[name].inputs:
            src, index = _split_ref(ref)
            if src not in ops or src == name:
                continue
            control = index < 0
            tensor = None
            if not control:
                outs = ops[src].outputs
                tensor = outs[index] if index < len(outs) else (
                    node.inputs[data_index] if data_index < len(node.inputs) else None)
            edge = Edge(src, index, name, -1 if control else data_index, tensor, control)
            data_index += not control
            edges.append(edge)
            producers.setdefault(name, []).append(edge)
    depth: dict[str, int] = {}
    for name in order:  # a cycle's back edges point at ops not yet seen: they count 0
        depth[name] = 1 + max((depth.get(e.src, 0) for e in producers.get(name, ()) if not e.control), default=-1)
    return ModelGraph(graph.name, graph.source, ops, edges, groups, producers, origin_index, depth)
