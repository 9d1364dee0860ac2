"""An msprobe rank folder as a model graph: modules nested as construct.json records them, calls of dump.json
as leaves in execution order, one graph per direction (forward, backward).

* **Hierarchy**: construct.json's ``call -> enclosing module`` as written (msprobe's visualization re-parents
  some backward calls; here the file is the truth); a module with calls below it in this direction is a
  group, one without (every module at level L0 that holds no module) is a leaf. A ``parameters_grad`` entry
  sits beside its module's last backward call (msprobe's visualization puts it inside, which would turn
  every L0 leaf module into a group). Calls dump.json has and construct.json lacks (level L1 writes an empty
  construct.json) sit at the top. A loop of parents is cut and modules nested too deep are flattened
  (:mod:`~ascend_dump_gui.core.graph.msprobe_hierarchy`), each said once among the run's problems.
* **Order**: dump.json's (calls are written as they end); a construct.json call without data (msprobe
  records some it does not dump) comes right after the call before it in construct.json.
* **Edges**: msprobe's visualization draws none (nodes in execution order only). Here an input of a leaf
  that equals an earlier leaf's output by dtype, element count and every statistic (and md5 where dumped:
  the same tensor, perhaps viewed in another shape) is a data edge from the latest such producer; a leaf
  with no such input follows the previous leaf of its module, a parameter gradient its module's backward
  call (``control`` edges: execution order only).
* **Scale** (a million modules): names, parents and box types are lists side by side, only the modules named as
  parents are walked, and the view's :class:`ModelGraph` is built on first use; ``graph --json`` needs only
  :meth:`MsprobeGraph.rows` and :meth:`MsprobeGraph.edge_rows`. The per-name passes (the split by direction, the
  nesting, box labels, control edges) run in the optional C kernel
  (:mod:`~ascend_dump_gui.core.graph.kernel`) when it is built, with the results of the Python code beside each.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from itertools import compress, repeat

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.graph import kernel
from ascend_dump_gui.core.graph.model import (
    MAX_CHILDREN,
    Edge,
    ModelGraph,
    OpNode,
    TensorInfo,
    chunk_large,
    group_sizes,
)
from ascend_dump_gui.core.graph.msprobe_hierarchy import Nesting, nest
from ascend_dump_gui.core.msprobe.dump_json import Entry, Leaf
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, Problem
from ascend_dump_gui.core.progress import CancelToken

FORWARD, BACKWARD = "forward", "backward"
DIRECTIONS = (FORWARD, BACKWARD)
MODULE_PREFIXES = ("Module", "Cell")
MODULE_HEADS = tuple(f"{p}." for p in MODULE_PREFIXES)
SCOPES = frozenset({"optimizer", "clip_grad"})
"""msprobe's scopes of the optimizer step and of gradient clipping: only in construct.json, holding the calls
made there (modules, though not named ``Module.``)."""


_MODULE_STEP = re.compile(r"\.(?:forward|backward|parameters_grad)(?=\.|$)")
_CALL_STEP = re.compile(r"(?:^|\.)(?:forward|backward)(?=\.|$)")


def direction_of(name: str) -> str:
    """``backward`` for backward calls and parameter gradients, else ``forward``."""
    if "backward" not in name and "parameters_grad" not in name:
        return FORWARD
    parts = name.split(".")
    return BACKWARD if "backward" in parts or "parameters_grad" in parts else FORWARD


def is_module(name: str) -> bool:
    """A module (``Module.`` / ``Cell.``) or one of msprobe's scopes (:data:`SCOPES`), not an API call."""
    return name.startswith(MODULE_HEADS) or name in SCOPES or name in MODULE_PREFIXES


def call_label(name: str) -> str:
    """What a box says of a call: the API (``Functional.linear``) or the module class (``Linear``)."""
    if is_module(name):
        found = _MODULE_STEP.search(name)
        return name[:found.start()].rpartition(".")[2] if found else name
    found = _CALL_STEP.search(name)
    if found is None:
        return name
    before = name[:found.start()]
    head, _, number = before.rpartition(".")
    return head if "." in before and number.isdigit() else before


def _module_path(name: str) -> tuple[str, str, str] | None:
    """(attribute path, class, call number) of ``Module.layers.0.act.GELU.forward.0``."""
    parts = name.split(".")
    if len(parts) < 5 or parts[-2] not in ("forward", "backward"):
        return None
    return ".".join(parts[1:-3]), parts[-3], parts[-1]


def module_label(name: str, parent: str | None) -> str:
    """A module's box title: its attribute path below its parent module and its class (``act: GELU``), with the
    call number when it is not the first call (``act: GELU [1]``)."""
    own = _module_path(name)
    if own is None:
        return name
    path, cls, number = own
    above = _module_path(parent) if parent else None
    if above is not None and path.startswith(above[0] + "."):
        path = path[len(above[0]) + 1:]
    return f"{path}: {cls}" + (f" [{number}]" if number != "0" else "")


class MsprobeGraph:
    """One direction of one msprobe run as a :class:`ModelGraph`. ``parents``: every node's enclosing module
    (None at the top), as the graph shows it; ``group_of``: module -> its group path (modules that hold
    calls); ``module_of``: the reverse; ``entries``: call or module -> its dump.json entry (absent: no data);
    ``types``: every box (a call, or a module drawn as a box) -> what it says (``OpNode.type``); ``edges``:
    the model's edges. A graph built from a :class:`Nesting` spells these (and builds its ``model``) on first
    use: ``graph --json`` needs only :meth:`rows` and :meth:`edge_rows`; the view builds the model in its
    worker."""

    def __init__(self, model: ModelGraph | Callable[[], ModelGraph], direction: str,
                 parents: dict[str, str | None] | Nesting, group_of: dict[str, str] | None = None,
                 entries: dict[str, Entry] | None = None, run_label: str = "", *,
                 types: list[str | None] | None = None, edges: list[Edge] | tuple[list[str], list[str]] | None = None
                 ) -> None:
        """``model`` or its builder; ``parents`` or the :class:`Nesting` (then ``types``, per name, and ``edges``,
        the edges or the (sources, targets) of control edges only, are given)."""
        self._model, self._build = (model, None) if isinstance(model, ModelGraph) else (None, model)
        self._nested = parents if isinstance(parents, Nesting) else None
        self._type_list, self._pairs = types, edges if isinstance(edges, tuple) else None
        self._edge_list = edges if isinstance(edges, list) else None
        if isinstance(parents, dict):
            self.parents = parents
        if group_of is not None:
            self.group_of = group_of
        self.direction = direction
        self.entries = entries if entries is not None else {}
        self.run_label = run_label

    @property
    def model(self) -> ModelGraph:
        """The view's model, built on first use (with the lookups the view makes: where it is built, in the
        view's worker, not on the GUI thread)."""
        if self._model is None:
            build, self._build = self._build, None
            self._model = build()
            _ = self.types, self.module_of
        return self._model

    @cached_property
    def parents(self) -> dict[str, str | None]:
        return dict(zip(self._nested.names, self._nested.parents, strict=True))

    @cached_property
    def group_of(self) -> dict[str, str]:
        return self._nested.group_of

    @property
    def edges(self) -> list[Edge]:
        """The model's edges (the ones the graph was built with: ``graph --json`` builds no model for them)."""
        return self._edge_list if self._edge_list is not None else self.model.edges

    @cached_property
    def types(self) -> dict[str, str]:
        if self._nested is None:
            return {name: op.type for name, op in self.model.ops.items()}
        nested = self._nested
        return dict(zip(compress(nested.names, nested.drawn), compress(self._type_list, nested.drawn), strict=True))

    @cached_property
    def module_of(self) -> dict[str, str]:
        return {p: m for m, p in self.group_of.items()}

    def rows(self) -> Iterator[tuple[str, str | None, str | None]]:
        """``(name, parent, type)`` of every node in order (``type`` None for a group)."""
        if self._nested is not None:
            return zip(self._nested.names, self._nested.parents, self._type_list, strict=True)
        types = self.types
        return ((name, parent, types.get(name)) for name, parent in self.parents.items())

    def columns(self) -> tuple[list[str], list[str | None], list[str | None]] | None:
        """:meth:`rows` as the lists (names, parents, types) side by side, when the graph keeps them so (built from a
        :class:`Nesting`), else None."""
        if self._nested is None:
            return None
        return self._nested.names, self._nested.parents, self._type_list

    def control_pairs(self) -> tuple[list[str], list[str]] | None:
        """:meth:`edge_rows` as the lists (sources, targets), when every edge is a control edge kept so, else None."""
        return self._pairs

    def row_count(self) -> int:
        """How many :meth:`rows` there are."""
        return len(self._nested.names) if self._nested is not None else len(self.parents)

    def edge_count(self) -> int:
        """How many :meth:`edge_rows` there are."""
        return len(self._pairs[0]) if self._pairs is not None else len(self.edges)

    def edge_rows(self) -> Iterator[tuple[str, str, bool]]:
        """``(source, target, carries data)`` of every edge in order."""
        if self._pairs is not None:
            sources, targets = self._pairs
            return zip(sources, targets, repeat(False))
        return ((e.src, e.dst, not e.control) for e in self.edges)

    def node_path(self, name: str) -> tuple[str, str] | None:
        """``("op", name)`` or ``("group", path)`` of a call or module of this graph; None if absent."""
        if name in self.types:
            return "op", name
        path = self.group_of.get(name)
        return ("group", path) if path is not None else None


def gradient_owners(construct: Iterable[str]) -> dict[str, str]:
    """``Module.x.Linear`` -> its backward call with the highest number (``Module.x.Linear.backward.2``): where a
    ``Module.x.Linear.parameters_grad[.N]`` entry sits. One pass over construct.json's names."""
    best: dict[str, tuple[int, str]] = {}
    for key in construct:
        if ".backward." not in key:
            continue
        head, sep, number = key.rpartition(".backward.")
        if sep and number.isascii() and number.isdigit() and len(number) < 19:
            n = int(number)
            if head not in best or n > best[head][0]:
                best[head] = (n, key)
    return {head: key for head, (_, key) in best.items()}


def _gradient_parent(name: str, owners: dict[str, str]) -> str | None:
    """The module's last backward call, for ``Module.x.Linear.parameters_grad[.N]``."""
    return owners.get(name.split(".parameters_grad", 1)[0])


def _ordered_names(entries: list[Entry], construct: dict[str, str | None]) -> list[str]:
    """Every call and module of dump.json and construct.json in execution order (see the module docstring)."""
    if not entries:
        return list(construct)
    position: dict[str, float] = {e.name: float(e.order) for e in entries}
    last = -1.0
    extra = 0
    for name in construct:
        if name in position:
            last = position[name]
        else:
            extra += 1
            position[name] = last + extra / (len(construct) + 2)
    return sorted(position, key=position.__getitem__)


def _is_backward(name: str) -> bool:
    """:func:`direction_of` says backward (the kernel asks it of a name that is not ASCII)."""
    return direction_of(name) == BACKWARD


def _backward(names: list[str]) -> list[bool] | bytes:
    """Per name, whether it has a ``backward`` or ``parameters_grad`` part (:func:`direction_of`, in line: a
    million names; or in the C kernel, :mod:`~ascend_dump_gui.core.graph.kernel`: 1 or 0 per name)."""
    built = kernel.KERNEL
    if built is not None:
        return built.backward(names, _is_backward)
    return [("backward" in n and (".backward." in n or n.endswith(".backward") or n.startswith("backward.")
                                  or n == "backward"))
            or ("parameters_grad" in n and (".parameters_grad." in n or n.endswith(".parameters_grad")
                                            or n.startswith("parameters_grad.") or n == "parameters_grad"))
            for n in names]


Split = dict[str, tuple[list[str], list[str | None] | None]]
"""Per direction, its names in execution order and, when they are construct.json's own (no dump.json entries),
their construct.json parents beside them (else None)."""


def split_directions(run: MsprobeRun) -> Split:
    """Every call and module of ``run`` (dump.json's and construct.json's) in execution order, per direction (one
    pass over the names); without dump.json entries, their parents too (construct.json's values, looked up in
    no dict)."""
    construct = run.construct
    built = kernel.KERNEL
    if built is not None and not run.entries:
        back, back_parents, forth, forth_parents = built.split(construct, _is_backward)
        return {BACKWARD: (back, back_parents), FORWARD: (forth, forth_parents)}
    names = _ordered_names(run.entries, construct)
    backward = _backward(names)
    forward = list(map(operator.not_, backward))
    own = not run.entries
    return {direction: (list(compress(names, mask)),
                        list(compress(construct.values(), mask)) if own else None)
            for direction, mask in ((BACKWARD, backward), (FORWARD, forward))}


def _parents(names: list[str], construct: dict[str, str | None], owners: dict[str, str],
             known: list[str | None] | None = None) -> list[str | None]:
    """Each name's enclosing module as construct.json says (a parameter gradient: its module's); ``known``:
    construct.json's parents of ``names`` when the caller has them (copied)."""
    parents = list(map(construct.get, names)) if known is None else list(known)
    if owners:
        for i, name in enumerate(names):
            if parents[i] is None and "parameters_grad" in name and "parameters_grad" in name.split("."):
                owner = _gradient_parent(name, owners)
                parents[i] = construct.get(owner) if owner is not None else None
    return parents


def _report(run: MsprobeRun, message: str) -> None:
    """A problem of ``run``'s construct.json, recorded once (both directions are built)."""
    problem = Problem(str(run.path / "construct.json"), message)
    if problem not in run.problems:
        run.problems.append(problem)


_NO_STATS = (None, None, None, None)


def _float_key(value: object) -> object:
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return value


def fingerprint(leaf: Leaf) -> tuple | None:
    """What identifies a tensor across calls in dump.json: dtype, element count, statistics and md5 (None for
    a leaf that says too little to be told apart)."""
    if leaf.shape is None or not leaf.is_tensor:
        return None
    stats = leaf.stats
    if leaf.md5 is None and stats == _NO_STATS:
        return None
    a, b, c, d = stats
    if not (a == a and b == b and c == c and d == d):       # a NaN (equal to nothing, itself neither): a key
        stats = tuple(_float_key(v) for v in stats)
    return leaf.dtype, math.prod(leaf.shape), stats, leaf.md5


def _dtype(text: str | None) -> str | None:
    return text.removeprefix("torch.").removeprefix("mindspore.") if text else None


def _tensors(entry: Entry | None, states: tuple[str, ...]) -> tuple[TensorInfo, ...]:
    if entry is None:
        return ()
    return tuple(TensorInfo(leaf.shape, _dtype(leaf.dtype)) for leaf in entry.leaves
                 if leaf.state in states and leaf.is_tensor)


def _edges(nested: Nesting, entries: dict[str, Entry], gradient_owners: dict[str, str]
           ) -> list[Edge] | tuple[list[str], list[str]]:
    """Data edges from the latest producer of an equal tensor, else a control edge from the owner's backward
    call (a parameter gradient) or from the previous box drawn in the same group or chunk. From construct.json
    alone: the (sources, targets) of the control edges."""
    owners = {n: o for n in nested.leaves if "parameters_grad" in n and "parameters_grad" in n.split(".")
              and (o := _gradient_parent(n, gradient_owners)) is not None} if gradient_owners else {}
    built = kernel.KERNEL if not entries and not owners else None
    if built is not None:       # the same in C, a large group's chunks counted as it goes (by position: the kernel's)
        homes = nested.walk.homes
        return built.chain(nested.leaves, nested.anchors, MAX_CHILDREN) if homes is None else \
            built.chain_at(nested.names, nested.drawn, homes, MAX_CHILDREN)
    leaves = nested.leaves
    keys = nested.chunk_keys(nested.anchors)
    previous: dict = {}
    if not entries and not owners:      # each box after the previous one of its group
        sources: list[str] = []
        targets: list[str] = []
        get = previous.get
        for name, key in zip(leaves, keys, strict=True):
            source = get(key)
            previous[key] = name
            if source is not None:
                sources.append(source)
                targets.append(name)
        return sources, targets
    edges: list[Edge] = []
    producers: dict[tuple, tuple[str, int, Leaf]] = {}
    is_leaf = set(leaves) if owners else ()
    for name, key in zip(leaves, keys, strict=True):
        entry = entries.get(name)
        found: dict[str, Edge] = {}
        if entry is not None:
            index = 0
            for leaf in entry.leaves:
                if leaf.state != "input" or not leaf.is_tensor:
                    continue
                fp = fingerprint(leaf)
                source = producers.get(fp) if fp is not None else None
                if source is not None and source[0] != name and source[0] not in found:
                    found[source[0]] = Edge(source[0], source[1], name, index,
                                            TensorInfo(leaf.shape, _dtype(leaf.dtype)))
                index += 1
        if found:
            edges.extend(found.values())
        elif owners.get(name) in is_leaf:      # a parameter gradient after its module's backward call
            edges.append(Edge(owners[name], -1, name, -1, None, True))
        elif key in previous:
            edges.append(Edge(previous[key], -1, name, -1, None, True))
        previous[key] = name
        if entry is not None:
            out_index = 0
            for leaf in entry.leaves:
                if leaf.state == "output" and leaf.is_tensor:
                    fp = fingerprint(leaf)
                    if fp is not None:
                        producers[fp] = (name, out_index, leaf)
                    out_index += 1
    return edges


def _model(name: str, source: str, nested: Nesting, types: list[str | None], entries: dict[str, Entry],
           edges: list[Edge] | tuple[list[str], list[str]]) -> ModelGraph:
    """The view's model of a built graph: groups, chunks of large groups, boxes, producers and data depth."""
    with gc_paused():
        groups = nested.groups(module_label)
        leaves = nested.leaves
        home = dict(zip(leaves, nested.homes, strict=True))
        chunk_large(groups, home)
        position = {n: i for i, n in enumerate(leaves)}
        group_sizes(groups, position)
        ops = {}
        for n, label in zip(leaves, compress(types, nested.drawn), strict=True):
            entry = entries.get(n)
            ops[n] = OpNode(n, label, home[n], position[n]) if entry is None else OpNode(
                n, label, home[n], position[n], _tensors(entry, ("input", "parameters")),
                _tensors(entry, ("output", "parameters_grad")))
        producers: dict[str, list[Edge]] = {}
        edge_list = edges if isinstance(edges, list) else [Edge(src, -1, dst, -1, None, True)
                                                            for src, dst in zip(*edges, strict=True)]
        for edge in edge_list:
            producers.setdefault(edge.dst, []).append(edge)
        depth: dict[str, int] = {}
        for n in leaves:
            incoming = producers.get(n)
            depth[n] = 0 if incoming is None else \
                1 + max((depth.get(e.src, 0) for e in incoming if not e.control), default=-1)
        return ModelGraph(name, source, ops, edge_list, groups, producers, {}, depth)


def _types(names: list[str], drawn: bytes) -> list[str | None]:
    """:func:`call_label` of each box (None for a group); a module's in line (most boxes of a large model), or in
    the C kernel (:mod:`~ascend_dump_gui.core.graph.kernel`: the same labels)."""
    built = kernel.KERNEL
    if built is not None:
        return built.types(names, drawn, call_label)
    search = _MODULE_STEP.search
    return [None if not box else (n[:m.start()].rpartition(".")[2] if (m := search(n)) else n)
            if n.startswith(MODULE_HEADS) else call_label(n) for n, box in zip(names, drawn, strict=True)]


def build_msprobe_graph(run: MsprobeRun, direction: str = FORWARD, *, cancel: CancelToken | None = None,
                        split: Split | None = None) -> MsprobeGraph:
    """The graph of ``run``'s ``direction`` calls (see the module docstring); its model is built on first use.
    ``split``: :func:`split_directions` of ``run``, when the caller has it (building both directions)."""
    if direction not in DIRECTIONS:
        raise ValueError(f"direction {direction!r}: expected forward or backward")
    with gc_paused():
        construct = run.construct
        run_entries = run.entries
        by_name = {e.name: e for e in run_entries} if run_entries else {}
        names, split_parents = (split or split_directions(run))[direction]  # shared: copied if a module is added
        owners = gradient_owners(construct) if direction == BACKWARD and "parameters_grad" in "\n".join(names) \
            else {}     # a gradient is a backward name (one search of the names joined: no name spans a newline)
        parents = _parents(names, construct, owners, split_parents)
        if cancel is not None:
            cancel.raise_if_cancelled()
        nested = nest(names, parents)       # names is shared: copied if a module is added
        names = nested.names
        for problem in nested.problems:
            _report(run, problem)
        entries = {n: e for n in names if (e := by_name.get(n)) is not None} if by_name else {}
        types = _types(names, nested.drawn)
        if cancel is not None:
            cancel.raise_if_cancelled()
        edges = _edges(nested, entries, owners)
    return MsprobeGraph(lambda: _model(f"{run.label} {direction}", str(run.path), nested, types, entries, edges),
                        direction, nested, None, entries, run.label, types=types, edges=edges)
