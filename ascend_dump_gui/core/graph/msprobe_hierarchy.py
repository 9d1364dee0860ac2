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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import compress

from ascend_dump_gui.core.graph.model import MAX_CHILDREN, ROOT, Group

MAX_DEPTH = 64
"""Modules nested deeper than this are shown inside their ancestor at this depth (models nest a dozen)."""
MAX_NAMED_LOOPS = 10
"""At most this many loops are named one by one; the rest are counted."""


@dataclass
class Nesting:
    """``names`` in order and ``parents`` (a list beside them: every name's enclosing module, loops cut);
    ``up``: every module named as a parent -> its own parent (loops cut); ``group_of``: module -> its group
    path; ``above``: group path -> (its module, the enclosing group path); ``drawn``: per name, whether it is a
    box (a call, or a module that holds nothing or sits below :data:`MAX_DEPTH`) rather than a group;
    ``leaves``: the boxes in order, ``homes`` the group path each sits in; ``problems``: what was cut or
    flattened."""

    names: list[str]
    parents: list[str | None]
    up: dict[str, str | None]
    group_of: dict[str, str] = field(default_factory=dict)
    above: dict[str, tuple[str, str]] = field(default_factory=dict)
    drawn: list[bool] = field(default_factory=list)
    leaves: list[str] = field(default_factory=list)
    homes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

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

    def chunk_keys(self) -> list:
        """Per leaf, the box it is drawn in once large groups are cut into chunks of :data:`MAX_CHILDREN` (as
        :func:`~ascend_dump_gui.core.graph.model.chunk_large` cuts them): its group path, or (path, chunk)."""
        sizes = Counter(self.homes)
        sizes.update(enclosing for _, enclosing in self.above.values())
        large = {path for path, n in sizes.items() if n > MAX_CHILDREN}
        if not large:
            return self.homes
        seen: dict[str, int] = {}
        keys: list = []
        for home in self.homes:
            if home in large:
                n = seen.get(home, 0)
                seen[home] = n + 1
                keys.append((home, n // MAX_CHILDREN))
            else:
                keys.append(home)
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
                    problems.append(f"construct.json: {node} names itself as its parent; it is shown at the top"
                                    if node == parent else
                                    f"construct.json: {node} is enclosed by {parent}, which it encloses itself "
                                    f"(a loop); {node} is shown at the top")
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
        problems.append(f"construct.json: {len(cut) - MAX_NAMED_LOOPS} more loops cut")
    return depth, cut


def nesting(names: list[str], parents: list[str | None], up: dict[str, str | None]) -> Nesting:
    """The nesting of ``names`` (in execution order) whose enclosing modules are ``parents`` (a list beside
    them); ``up``: every module named in ``parents`` -> its own parent (each is among ``names``). Where a loop
    is cut, ``parents`` and ``up`` are changed in place."""
    out = Nesting(names, parents, up)
    saved = dict(up)
    depth, cut = _cut_loops(up, up, out.problems)     # any order finds the loops
    if cut:     # cut the links a reader meets first: walks from the names in order (a box: from its parent)
        up.update(saved)
        out.problems.clear()
        depth, cut = _cut_loops((n if n in up else p for n, p in zip(names, parents, strict=True)), up,
                                out.problems)
        parents[:] = [None if n in cut else p for n, p in zip(names, parents, strict=True)]
    holders = set(parents) if cut else up.keys()
    group_of, above = out.group_of, out.above
    anchor: dict[str | None, str] = {None: ROOT}     # a module -> the group path its contents go to
    for module, level in depth.items():       # a module after its parent
        if module not in holders:
            continue
        where = anchor[up[module]]
        if level < MAX_DEPTH:
            part = module.replace("/", "\u2215")  # a "/" inside a name would look like a deeper path
            path = f"{where}/{part}" if where else part
            above[path] = (module, where)
            group_of[module] = path
            where = path
        anchor[module] = where
    out.drawn = drawn = [name not in group_of for name in names]
    out.leaves = leaves = list(compress(names, drawn))
    out.homes = list(map(anchor.__getitem__, compress(parents, drawn)))
    if depth and max(depth.values()) >= MAX_DEPTH:
        deep = sum(1 for name, parent in zip(leaves, compress(parents, drawn), strict=True)
                   if (depth[name] if name in depth else 0 if parent is None else depth[parent] + 1)
                   >= MAX_DEPTH + (name not in holders))
        if deep:
            out.problems.append(f"construct.json: modules nested more than {MAX_DEPTH} deep; {deep} calls or "
                                f"modules below that depth are shown in their ancestor at depth {MAX_DEPTH}")
    return out
