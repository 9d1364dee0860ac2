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

from ascend_dump_gui.core.graph.model import MAX_CHILDREN, ROOT, Group

MAX_DEPTH = 64
"""Modules nested deeper than this are shown inside their ancestor at this depth (models nest a dozen)."""
MAX_NAMED_LOOPS = 10
"""At most this many loops are named one by one; the rest are counted."""


@dataclass
class Nesting:
    """``parents``: every name's enclosing module with loops cut; ``group_of``: module -> its group path;
    ``above``: group path -> (its module, the enclosing group path); ``leaves``: the names drawn as boxes
    (calls, and modules that hold nothing or sit below :data:`MAX_DEPTH`), in the order given, and ``homes``
    the group path each sits in; ``problems``: what was cut or flattened."""

    parents: dict[str, str | None]
    group_of: dict[str, str] = field(default_factory=dict)
    above: dict[str, tuple[str, str]] = field(default_factory=dict)
    leaves: list[str] = field(default_factory=list)
    homes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def groups(self, label: Callable[[str, str | None], str]) -> dict[str, Group]:
        """The groups, made in the order their first leaf comes (a group before the groups it holds);
        ``label(module, parent)`` titles a module's group."""
        groups = {ROOT: Group(ROOT, "", None)}
        above, parents = self.above, self.parents
        for name, home in zip(self.leaves, self.homes, strict=True):
            group = groups.get(home)
            if group is None:
                missing = []
                path = home
                while path not in groups:
                    missing.append(path)
                    path = above[path][1]
                for path in reversed(missing):
                    module, up = above[path]
                    groups[path] = Group(path, label(module, parents.get(module)), up)
                    groups[up].groups.append(path)
                group = groups[home]
            group.ops.append(name)
        return groups

    def chunk_keys(self) -> list:
        """Per leaf, the box it is drawn in once large groups are cut into chunks of :data:`MAX_CHILDREN` (as
        :func:`~ascend_dump_gui.core.graph.model.chunk_large` cuts them): its group path, or (path, chunk)."""
        sizes = Counter(self.homes)
        sizes.update(up for _, up in self.above.values())
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


def _cut_loops(names: Iterable[str], parents: dict[str, str | None], holders: set[str],
               problems: list[str]) -> tuple[dict[str, int], int]:
    """Cut every loop of ``parents`` in place (the link that closes it) and return the depth of every module in
    ``holders`` (0 at the top; a module before the modules it holds) and the number of loops cut. A loop is made
    of holders only; the walks start as they would from every name in order (from a name that holds nothing
    the walk goes on from its parent), so the link cut is the one a walk from the first name meets."""
    depth: dict[str, int] = {}
    on_path: set[str] = set()
    loops = 0
    for start in names:
        if start not in holders:
            start = parents[start]
            if start is None:
                continue
        if start in depth:
            continue
        parent = parents[start]
        if parent is None or parent in depth:      # the common case: the parent's depth is known
            depth[start] = 0 if parent is None else depth[parent] + 1
            continue
        path = [start]
        on_path.add(start)
        node = start
        while True:
            parent = parents.get(node)
            if parent is None or parent in depth:
                base = -1 if parent is None else depth[parent]
                break
            if parent in on_path:          # node -> parent closes a loop: cut it there
                loops += 1
                if loops <= MAX_NAMED_LOOPS:
                    problems.append(f"construct.json: {node} names itself as its parent; it is shown at the top"
                                    if node == parent else
                                    f"construct.json: {node} is enclosed by {parent}, which it encloses itself "
                                    f"(a loop); {node} is shown at the top")
                parents[node] = None
                base = -1
                break
            path.append(parent)
            on_path.add(parent)
            node = parent
        for name in reversed(path):
            base += 1
            depth[name] = base
        on_path.clear()
    if loops > MAX_NAMED_LOOPS:
        problems.append(f"construct.json: {loops - MAX_NAMED_LOOPS} more loops cut")
    return depth, loops


def nesting(names: list[str], parents: dict[str, str | None], holders: set[str] | None = None) -> Nesting:
    """The nesting of ``names`` (in execution order) as ``parents`` says (``parents`` holds every name and
    every module named as a parent; it is changed in place where a loop is cut); ``holders``: the modules
    named as a parent, when the caller has them."""
    out = Nesting(parents)
    if holders is None:
        holders = set(parents.values())
        holders.discard(None)
    depth, loops = _cut_loops(names, parents, holders, out.problems)
    if loops:
        holders = set(parents.values())
        holders.discard(None)
    group_of, above = out.group_of, out.above
    anchor: dict[str, str] = {}      # a module -> the group path its contents go to
    for module, level in depth.items():       # a module after its parent
        if module not in holders:
            continue
        parent = parents[module]
        where = ROOT if parent is None else anchor[parent]
        if level < MAX_DEPTH:
            part = module.replace("/", "\u2215")  # a "/" inside a name would look like a deeper path
            path = f"{where}/{part}" if where else part
            above[path] = (module, where)
            group_of[module] = path
            where = path
        anchor[module] = where
    out.leaves = leaves = [name for name in names if name not in group_of]
    out.homes = [ROOT if parent is None else anchor[parent] for parent in map(parents.__getitem__, leaves)]
    if depth and max(depth.values()) >= MAX_DEPTH:
        deep = sum(1 for name in leaves if (depth[name] if name in depth else
                                            0 if parents[name] is None else depth[parents[name]] + 1)
                   >= MAX_DEPTH + (name not in holders))
        if deep:
            out.problems.append(f"construct.json: modules nested more than {MAX_DEPTH} deep; {deep} calls or "
                                f"modules below that depth are shown in their ancestor at depth {MAX_DEPTH}")
    return out
