"""construct.json's nesting as groups, in time and memory linear in the file, whatever the file says.

* **Loops** (``A -> B -> A``): the link that closes a loop is cut (that module is shown at the top) and said
  in a problem, so every chain of parents ends.
* **Depth**: modules nested more than :data:`MAX_DEPTH` deep are not groups of their own: they and what they
  hold are shown in the group of their ancestor at that depth (said once). A group's path spells every
  enclosing module, so without the bound 10,000 nested modules would take gigabytes of paths.

Only the modules that hold something are walked (a call, or a module holding nothing, sits where its parent's
contents go), each link followed once, without recursion. The :class:`Group` objects the view draws are made
on demand (:meth:`Nesting.groups`): ``graph --json`` needs the paths only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress

from ascend_dump_gui.core.graph import kernel
from ascend_dump_gui.core.graph.model import MAX_CHILDREN, ROOT, Group
from ascend_dump_gui.core.messages import msg

MAX_DEPTH = 64
"""Modules nested deeper than this are shown inside their ancestor at this depth (models nest a dozen)."""
MAX_NAMED_LOOPS = 10
"""At most this many loops are named one by one; the rest are counted."""
_FLIP = bytes.maketrans(b"\x00\x01", b"\x01\x00")


@dataclass(eq=False)
class Walked:
    """What the Python walk made of a nesting (see :class:`Nesting`); no ``anchors`` or ``homes`` (the boxes'
    anchors are read off ``deep``, their control edges chained by name)."""

    up: dict[str, str | None]
    depth: dict[str, int]
    grouped: Collection[str]
    deep: dict[str, str] = field(default_factory=dict)
    anchors: None = None
    homes: None = None


class Positions:
    """What the C kernel's walk made of a nesting without loops, by position in ``names``, in int32 arrays: the
    holders in the order first named as a parent, the same each after its parent, the holders' depths and, past
    :data:`MAX_DEPTH`, each deep holder's ancestor at that depth; :class:`Nesting`'s dicts are spelled from them on
    first use (``graph --json`` needs none of them). ``anchors``: past :data:`MAX_DEPTH`, per box the module whose
    group it sits in (else None); ``homes``: per box, that module's position (-1: the top), for the kernel's
    control edges (:func:`~ascend_dump_gui.core.graph.msprobe_model.build_msprobe_graph`)."""

    def __init__(self, names: list[str], parents: list[str | None], holders: bytes, order: bytes, depths: bytes,
                 anchor: bytes | None, anchors: list[str | None] | None, homes: bytes) -> None:
        self._names, self._parents = names, parents
        self._holders, self._order, self._depths = (memoryview(b).cast("i") for b in (holders, order, depths))
        self._anchor = memoryview(anchor).cast("i") if anchor is not None else None
        self.anchors, self.homes = anchors, homes

    @cached_property
    def up(self) -> dict[str, str | None]:
        holders = self._holders
        return dict(zip(map(self._names.__getitem__, holders), map(self._parents.__getitem__, holders), strict=True))

    @cached_property
    def depth(self) -> dict[str, int]:
        order = self._order
        return dict(zip(map(self._names.__getitem__, order), map(self._depths.__getitem__, order), strict=True))

    @cached_property
    def grouped(self) -> Collection[str]:
        if self._anchor is None:
            return self.up.keys()
        names, depths = self._names, self._depths
        return {names[p] for p in self._holders if depths[p] < MAX_DEPTH}

    @cached_property
    def deep(self) -> dict[str, str]:
        names, anchor = self._names, self._anchor
        return {} if anchor is None else {names[p]: names[anchor[p]] for p in self._order if anchor[p] >= 0}


@dataclass(eq=False)
class Nesting:
    """``names`` in order and ``parents`` (a list beside them: every name's enclosing module, loops cut);
    ``drawn``: per name, 1 for a box (a call, or a module that holds nothing or sits below :data:`MAX_DEPTH`), 0
    for a group; ``walk``: what the walk of the parents made (:attr:`up`, :attr:`depth`, :attr:`grouped`,
    :attr:`deep`); ``problems``: what was cut or flattened. The boxes (:attr:`leaves`) and their groups
    (:attr:`anchors`) are read off these lists when asked (a graph of a million names keeps no more lists than it
    needs), the group paths (:attr:`group_of`, :attr:`above`, :attr:`homes`) are spelled on first use."""

    names: list[str]
    parents: list[str | None]
    drawn: bytes
    walk: Walked | Positions
    problems: list[str] = field(default_factory=list)

    @property
    def up(self) -> dict[str, str | None]:
        """Every module named as a parent -> its own parent (loops cut)."""
        return self.walk.up

    @property
    def depth(self) -> dict[str, int]:
        """Those modules' depths (a module after its parent)."""
        return self.walk.depth

    @property
    def grouped(self) -> Collection[str]:
        """The modules drawn as groups (they hold something, within :data:`MAX_DEPTH`)."""
        return self.walk.grouped

    @property
    def deep(self) -> dict[str, str]:
        """A module below :data:`MAX_DEPTH` -> its ancestor whose group holds what it holds (empty in a model
        nested less deep)."""
        return self.walk.deep

    @property
    def leaves(self) -> list[str]:
        """The boxes, in order."""
        return list(compress(self.names, self.drawn))

    @property
    def anchors(self) -> list[str | None]:
        """Per box, the module whose group it sits in (None: the top)."""
        if self.walk.anchors is not None:      # the kernel's, past MAX_DEPTH
            return list(self.walk.anchors)
        if not self.deep:
            return list(compress(self.parents, self.drawn))
        boxes = list(compress(self.parents, self.drawn))
        return list(map(self.deep.get, boxes, boxes))     # None (the top) is no module: it stays None

    @cached_property
    def _paths(self) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
        group_of: dict[str, str] = {}
        above: dict[str, tuple[str, str]] = {}
        grouped, up = self.grouped, self.up
        for module in self.depth:       # a module after its parent
            if module not in grouped:
                continue
            parent = up[module]
            where = ROOT if parent is None else group_of[parent]
            part = module.replace("/", "\u2215")  # a "/" inside a name would look like a deeper path
            path = f"{where}/{part}" if where else part
            above[path] = (module, where)
            group_of[module] = path
        return group_of, above

    @property
    def group_of(self) -> dict[str, str]:
        """Module -> its group path (every enclosing module's name, outermost first, ``/``-joined)."""
        return self._paths[0]

    @property
    def above(self) -> dict[str, tuple[str, str]]:
        """Group path -> (its module, the enclosing group path)."""
        return self._paths[1]

    @cached_property
    def homes(self) -> list[str]:
        """The group path each leaf sits in (:data:`ROOT` at the top)."""
        group_of = self.group_of
        return [ROOT if anchor is None else group_of[anchor] for anchor in self.anchors]

    def groups(self, label: Callable[[str, str | None], str]) -> dict[str, Group]:
        """The groups, made in the order their first leaf comes (a group before the groups it holds);
        ``label(module, parent)`` titles a module's group."""
        groups = {ROOT: Group(ROOT, "", None)}
        above, up = self.above, self.up
        for name, home in zip(self.leaves, self.homes, strict=True):
            group = groups.get(home)
            if group is None:
                missing = []
                path = home
                while path not in groups:
                    missing.append(path)
                    path = above[path][1]
                for path in reversed(missing):
                    module, enclosing = above[path]
                    groups[path] = Group(path, label(module, up.get(module)), enclosing)
                    groups[enclosing].groups.append(path)
                group = groups[home]
            group.ops.append(name)
        return groups

    @staticmethod
    def chunk_keys(anchors: list[str | None]) -> list:
        """Per box, the box it follows in execution order is the previous one with the same key: its group's
        module (``anchors``, None at the top), or (that module, chunk) in a group of more than
        :data:`MAX_CHILDREN` boxes, which :func:`~ascend_dump_gui.core.graph.model.chunk_large` cuts into chunks
        of that many."""
        counts = Counter(anchors)
        if max(counts.values(), default=0) <= MAX_CHILDREN:
            return anchors
        large = {module for module, n in counts.items() if n > MAX_CHILDREN}
        seen: dict[str | None, int] = {}
        keys: list = []
        for anchor in anchors:
            if anchor in large:
                n = seen.get(anchor, 0)
                seen[anchor] = n + 1
                keys.append((anchor, n // MAX_CHILDREN))
            else:
                keys.append(anchor)
        return keys


def _cut_loops(starts: Iterable[str | None], up: dict[str, str | None], problems: list[str]
               ) -> tuple[dict[str, int], set[str]]:
    """Walk up from each of ``starts`` (modules, in order), cutting every loop of ``up`` in place (the link that
    closes it); return every module's depth (0 at the top; a module comes after its parent) and the modules
    whose link was cut."""
    depth: dict[str, int] = {}
    on_path: set[str] = set()
    cut: set[str] = set()
    for start in starts:
        if start is None or start in depth:
            continue
        parent = up[start]
        if parent is None or parent in depth:      # the common case: the parent's depth is known
            depth[start] = 0 if parent is None else depth[parent] + 1
            continue
        path = [start]
        on_path.add(start)
        node = start
        while True:
            parent = up[node]
            if parent is None or parent in depth:
                base = -1 if parent is None else depth[parent]
                break
            if parent in on_path:          # node -> parent closes a loop: cut it there
                if len(cut) < MAX_NAMED_LOOPS:
                    problems.append(msg("construct.json: {node} names itself as its parent; it is shown at the top",
                                        node=node) if node == parent else
                                    msg("construct.json: {node} is enclosed by {parent}, which it encloses itself "
                                        "(a loop); {node} is shown at the top", node=node, parent=parent))
                cut.add(node)
                up[node] = None
                base = -1
                break
            path.append(parent)
            on_path.add(parent)
            node = parent
        for name in reversed(path):
            base += 1
            depth[name] = base
        on_path.clear()
    if len(cut) > MAX_NAMED_LOOPS:
        problems.append(msg("construct.json: {count} more loops cut", count=len(cut) - MAX_NAMED_LOOPS))
    return depth, cut


def nesting(names: list[str], parents: list[str | None], up: dict[str, str | None], named: bytes | None = None
            ) -> Nesting:
    """The nesting of ``names`` (in execution order) whose enclosing modules are ``parents`` (a list beside
    them); ``up``: every module named in ``parents`` -> its own parent (each is among ``names``); ``named``, when
    the caller has it: per name, 1 if it is in ``up``. Where a loop is cut, ``parents`` and ``up`` are changed in
    place."""
    problems: list[str] = []
    saved = dict(up)
    depth, cut = _cut_loops(up, up, problems)     # any order finds the loops
    holders: Collection[str] = up.keys()
    is_holder = up.__contains__     # a dict's own test: twice as fast as its keys view's over a million names
    if cut:     # cut the links a reader meets first: walks from the names in order (a box: from its parent)
        up.update(saved)
        problems.clear()
        depth, cut = _cut_loops((n if n in up else p for n, p in zip(names, parents, strict=True)), up, problems)
        parents[:] = [None if n in cut else p for n, p in zip(names, parents, strict=True)]
        holders = set(parents)
        holders.discard(None)
        is_holder = holders.__contains__
    if max(depth.values(), default=0) < MAX_DEPTH:
        if cut or named is None:
            named = bytes(map(is_holder, names))
        return Nesting(names, parents, named.translate(_FLIP), Walked(up, depth, holders), problems)
    built = kernel.KERNEL
    if built is not None:       # the same in C
        grouped, deep_anchor, drawn, deep = built.flatten(names, parents, up, depth, holders if cut else None,
                                                          MAX_DEPTH)     # None: every module of depth holds
    else:
        grouped = {module for module in holders if depth[module] < MAX_DEPTH}
        deep_anchor = {}      # a module below MAX_DEPTH -> its ancestor whose group holds it
        for module, level in depth.items():
            if level >= MAX_DEPTH and module in holders:
                parent = up[module]
                deep_anchor[module] = parent if parent in grouped else deep_anchor[parent]
        drawn = bytes(map(grouped.__contains__, names)).translate(_FLIP)
        deep = sum(1 for name, parent in zip(compress(names, drawn), compress(parents, drawn), strict=True)
                   if (depth[name] if name in depth else 0 if parent is None else depth[parent] + 1)
                   >= MAX_DEPTH + (name not in holders))
    if deep:
        problems.append(_flattened(deep))
    return Nesting(names, parents, drawn, Walked(up, depth, grouped, deep_anchor), problems)


def _flattened(deep: int) -> str:
    """The problem of ``deep`` boxes shown in an ancestor at :data:`MAX_DEPTH`."""
    return msg("construct.json: modules nested more than {depth} deep; {deep} calls or modules below that depth "
               "are shown in their ancestor at depth {depth}", depth=MAX_DEPTH, deep=deep)


def nest(names: list[str], parents: list[str | None]) -> Nesting:
    """The nesting of ``names`` (in execution order) whose enclosing modules are ``parents`` (a list beside them,
    changed in place); the modules named only as a parent (construct.json's, or of the other direction) are added
    at the top, after the names (``names`` is copied then). Walked by position in the C kernel when it is built
    and the nesting has no loop (:class:`Positions`); else by :func:`nesting`, which cuts the loops."""
    built = kernel.KERNEL
    walked = built.nest(names, parents, MAX_DEPTH) if built is not None else None
    if walked is not None:
        missing, drawn, holders, order, depths, anchor, anchors, deep, homes = walked
        if missing:
            names = [*names, *missing]
            parents += [None] * len(missing)
        return Nesting(names, parents, drawn, Positions(names, parents, holders, order, depths, anchor, anchors, homes),
                       [_flattened(deep)] if deep else [])
    if built is not None:       # the same in C
        up = built.enclosing(parents)
        named = built.enclose(names, parents, up)
    else:
        up = dict.fromkeys(parents)     # each enclosing module (in the order first named) -> its own parent
        up.pop(None, None)
        named = bytes(map(up.__contains__, names))     # per name, whether it encloses a name
        up.update(zip(compress(names, named), compress(parents, named), strict=True))  # this direction's names
    if named.count(1) != len(up):       # modules named only as a parent
        own = set(compress(names, named))
        missing = [module for module in up if module not in own]
        names = [*names, *missing]
        parents += [None] * len(missing)
        named += b"\x01" * len(missing)
    return nesting(names, parents, up, named)
