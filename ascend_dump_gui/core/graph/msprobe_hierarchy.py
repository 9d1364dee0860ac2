"""construct.json's nesting as groups, in time and memory linear in the file, whatever the file says.

* **Loops** (``A -> B -> A``): the link that closes a loop is cut (that module is shown at the top) and said
  in a problem, so every chain of parents ends.
* **Depth**: modules nested more than :data:`MAX_DEPTH` deep are not groups of their own: they and what they
  hold are shown in the group of their ancestor at that depth (said once). A group's path spells every
  enclosing module, so without the bound 10,000 nested modules would take gigabytes of paths.

Everything is a walk up the parent links with a memo (no recursion, every link followed once).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ascend_dump_gui.core.graph.model import ROOT, Group

MAX_DEPTH = 64
"""Modules nested deeper than this are shown inside their ancestor at this depth (models nest a dozen)."""
MAX_NAMED_LOOPS = 10
"""At most this many loops are named one by one; the rest are counted."""


@dataclass
class Nesting:
    """``parents``: every name's enclosing module with loops cut; ``groups``/``home``: the groups the view
    draws and the group each leaf sits in; ``group_of``: module -> its group path; ``leaves``: the names
    drawn as boxes (calls, and modules that hold nothing or sit below :data:`MAX_DEPTH`), in the order given;
    ``problems``: what was cut or flattened."""

    parents: dict[str, str | None]
    groups: dict[str, Group] = field(default_factory=dict)
    home: dict[str, str] = field(default_factory=dict)
    group_of: dict[str, str] = field(default_factory=dict)
    leaves: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _cut_loops(parents: dict[str, str | None], problems: list[str]) -> dict[str, int]:
    """Cut every loop of ``parents`` in place (the link that closes it) and return each name's depth (0 at the
    top)."""
    depth: dict[str, int] = {}
    on_path: set[str] = set()
    loops = 0
    for start, parent in parents.items():
        if start in depth:
            continue
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
    return depth


def nesting(names: Iterable[str], parents: dict[str, str | None], label: Callable[[str, str | None], str]
            ) -> Nesting:
    """The groups of ``names`` (in execution order) nested as ``parents`` says (``parents`` holds every name
    and every module named as a parent; it is changed in place where a loop is cut); ``label(module,
    parent)`` titles a module's group."""
    out = Nesting(parents)
    depth = _cut_loops(parents, out.problems)
    holders = {p for p in parents.values() if p is not None}
    deep = 0
    anchor: dict[str, str] = {}      # a module -> the group its contents go to
    path_parent: dict[str, tuple[str, str]] = {}   # group path -> (its module, the enclosing group path)

    def anchor_of(module: str) -> str:
        walk = []
        node: str | None = module
        while node is not None and node not in anchor:
            walk.append(node)
            node = parents.get(node)
        where = ROOT if node is None else anchor[node]
        for name in reversed(walk):
            if depth[name] < MAX_DEPTH:
                part = name.replace("/", "\u2215")  # a "/" inside a name would look like a deeper path
                path = f"{where}/{part}" if where else part
                path_parent[path] = (name, where)
                out.group_of[name] = path
                where = path
            anchor[name] = where
        return where

    groups = out.groups
    groups[ROOT] = Group(ROOT, "", None)
    homes, leaves = out.home, out.leaves
    for name in names:
        if name in holders:
            if depth[name] < MAX_DEPTH:
                continue
            deep += 1
        elif depth[name] > MAX_DEPTH:
            deep += 1
        parent = parents[name]
        home = ROOT if parent is None else anchor.get(parent) or anchor_of(parent)
        group = groups.get(home)
        if group is None:
            missing = []
            path = home
            while path not in groups:
                missing.append(path)
                path = path_parent[path][1]
            for path in reversed(missing):
                module, above = path_parent[path]
                groups[path] = Group(path, label(module, parents.get(module)), above)
                groups[above].groups.append(path)
            group = groups[home]
        group.ops.append(name)
        homes[name] = home
        leaves.append(name)
    if deep:
        out.problems.append(f"construct.json: modules nested more than {MAX_DEPTH} deep; {deep} calls or modules "
                            f"below that depth are shown in their ancestor at depth {MAX_DEPTH}")
    return out
