"""Layered (Sugiyama) layout of the model graph, one group at a time, cached.

Each expanded group is laid out on its own: its direct children (ops, collapsed groups as boxes, expanded
groups at the size of their own layout) and the edges between them. igraph's ``layout_sugiyama`` gives the
layers and the order in a layer; the coordinates then respect every box's size. Expanding a group lays out
that group and re-places its ancestors (the layouts of untouched groups come from the cache). Without igraph,
or when it fails, a plain longest-path layering with barycenter ordering is used and ``engine`` says so.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from ascend_dump_gui.core.graph.model import GROUP, OP, ROOT, Key, ModelGraph
from ascend_dump_gui.core.progress import CancelToken

OP_SIZE = (176.0, 40.0)
GROUP_SIZE = (196.0, 50.0)
PAD, HEADER = 14.0, 26.0
"""Inner margin of an expanded group and the height of its title strip."""
HGAP, VGAP = 26.0, 44.0
DUMMY_WIDTH = 14.0
"""The slot an edge skipping a row takes in that row."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A box of the view at absolute coordinates (top-left ``x``, ``y``); ``expanded`` groups hold others."""

    key: Key
    x: float
    y: float
    w: float
    h: float
    expanded: bool = False
    level: int = 0


@dataclass(frozen=True, slots=True)
class VisibleEdge:
    """An edge between two visible boxes standing for ``count`` model edges (the first one's tensor)."""

    src: Key
    dst: Key
    count: int
    tensor: str
    control: bool


@dataclass
class ViewLayout:
    """Everything the view draws for one set of expanded groups; groups come before what they hold."""

    expanded: frozenset[str]
    placed: list[Placed]
    edges: list[VisibleEdge]
    width: float
    height: float
    engine: str
    routes: dict[tuple[Key, Key], list[tuple[float, float]]]
    """Bend points of the edges between two boxes of the same group that skip rows (they go round the
    boxes in between, through the slots the layered layout kept for them)."""

    def box(self, key: Key) -> Placed | None:
        return next((p for p in self.placed if p.key == key), None)


@dataclass(frozen=True, slots=True)
class _GroupLayout:
    positions: dict[Key, tuple[float, float]]   # child -> top-left inside the group's content area
    width: float
    height: float
    routes: dict[tuple[Key, Key], list[tuple[float, float]]]  # bends of edges spanning several rows


def _components(n: int, succ: list[list[int]]) -> list[int]:
    """The strongly connected component of each node (Tarjan's algorithm, iterative)."""
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    on_stack = [False] * n
    stack: list[int] = []
    counter = found = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, iter(succ[w])))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = found
                    if w == v:
                        break
                found += 1
    return comp


def acyclic(n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``edges`` without those closing a cycle: inside each cycle (strongly connected component), the edges
    that go back in node order (nodes are children in execution order). An edge between two ops in execution
    order is therefore never dropped, even when edges lifted to groups close a cycle around it."""
    succ: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        if a != b:
            succ[a].append(b)
    comp = _components(n, succ)
    return [(a, b) for a, b in edges if a != b and (comp[a] != comp[b] or a < b)]


def layering(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Longest-path layers (edges closing a cycle ignored); a node without inputs (a weight, a constant) sits
    just above its first consumer."""
    dag = acyclic(n, edges)
    succ: list[list[int]] = [[] for _ in range(n)]
    indegree = [0] * n
    for a, b in dag:
        succ[a].append(b)
        indegree[b] += 1
    has_pred = [d > 0 for d in indegree]
    order = [v for v in range(n) if indegree[v] == 0]
    for v in order:  # Kahn's algorithm: ``order`` grows while it is read
        for w in succ[v]:
            indegree[w] -= 1
            if indegree[w] == 0:
                order.append(w)
    layer = [0] * n
    for v in order:
        for w in succ[v]:
            layer[w] = max(layer[w], layer[v] + 1)
    for v in reversed(order):
        if not has_pred[v] and succ[v]:
            layer[v] = max(layer[v], min(layer[w] for w in succ[v]) - 1)
    return layer


def _igraph_order(layer: list[int], edges: list[tuple[int, int]]) -> list[float]:
    import igraph  # optional: imported here so that the app starts without it

    n = len(layer)
    downward = [(a, b) for a, b in edges if layer[a] < layer[b]]
    g = igraph.Graph(n=n, edges=downward, directed=True)
    return [float(x) for x, _ in g.layout_sugiyama(layers=layer, maxiter=40).coords[:n]]


def _barycenter_order(layer: list[int], edges: list[tuple[int, int]]) -> list[float]:
    """Positions in each layer from a few downward barycenter sweeps."""
    pred: list[list[int]] = [[] for _ in layer]
    for a, b in edges:
        if layer[a] < layer[b]:
            pred[b].append(a)
    rows: dict[int, list[int]] = {}
    for v, row in enumerate(layer):
        rows.setdefault(row, []).append(v)
    x = [0.0] * len(layer)
    for row in rows.values():
        for i, v in enumerate(row):
            x[v] = float(i)
    for _ in range(4):
        for key in sorted(rows):
            row = rows[key]
            bary = {v: sum(x[p] for p in pred[v]) / len(pred[v]) if pred[v] else x[v] for v in row}
            row.sort(key=lambda v: bary[v])
            for i, v in enumerate(row):
                x[v] = float(i)
    return x


class Layouter:
    """Lays out a :class:`ModelGraph` for a set of expanded groups; thread-safe, with a per-group cache."""

    def __init__(self, model: ModelGraph, *, use_igraph: bool = True) -> None:
        self.model = model
        self.engine = "igraph" if use_igraph else "layered"
        self._cache: dict[tuple[str, frozenset[str]], _GroupLayout] = {}
        self._lock = threading.Lock()
        self._chains = {name: tuple(model.chain(name)) for name in model.ops}
        self._level_edges = self._edges_per_group()

    def _edges_per_group(self) -> dict[str, set[tuple[Key, Key]]]:
        """For each group, the edges between its direct children (model edges lifted to that level)."""
        model = self.model
        chains = self._chains
        found: dict[str, set[tuple[Key, Key]]] = {}
        for e in model.edges:
            cu, cv = chains[e.src], chains[e.dst]
            k = 0
            while k < len(cu) and k < len(cv) and cu[k] == cv[k]:
                k += 1
            parent = cu[k - 1] if k else ROOT
            a = (GROUP, cu[k]) if k < len(cu) else (OP, e.src)
            b = (GROUP, cv[k]) if k < len(cv) else (OP, e.dst)
            if a != b:
                found.setdefault(parent, set()).add((a, b))
        return found

    def layout(self, expanded: Iterable[str], cancel: CancelToken | None = None) -> ViewLayout:
        """The view with ``expanded`` groups open (groups whose parent is closed are ignored)."""
        wanted = frozenset(g for g in expanded if g in self.model.groups)
        visible = frozenset(g for g in wanted if all(a in wanted for a in self.model.group_chain(g)))
        with self._lock:
            root = self._group(ROOT, visible, cancel)
            placed: list[Placed] = []
            routes: dict[tuple[Key, Key], list[tuple[float, float]]] = {}
            self._compose(ROOT, visible, 0.0, 0.0, 0, placed, routes)
        return ViewLayout(visible, placed, self.visible_edges(visible), root.width, root.height, self.engine,
                          routes)

    def _size(self, key: Key, expanded: frozenset[str], cancel: CancelToken | None) -> tuple[float, float]:
        if key[0] == OP:
            return OP_SIZE
        if key[1] not in expanded:
            return GROUP_SIZE
        inner = self._group(key[1], expanded, cancel)
        return inner.width + 2 * PAD, inner.height + HEADER + PAD

    def _group(self, path: str, expanded: frozenset[str], cancel: CancelToken | None) -> _GroupLayout:
        group = self.model.groups[path]
        inside = frozenset(g for g in expanded if g.startswith(path + "/")) if path else expanded
        cache_key = (path, inside)
        hit = self._cache.get(cache_key)
        if hit is not None:
            return hit
        if cancel is not None:
            cancel.raise_if_cancelled()
        children = group.children(self.model)
        sizes = [self._size(c, expanded, cancel) for c in children]
        index = {c: i for i, c in enumerate(children)}
        edges = sorted({(index[a], index[b]) for a, b in self._level_edges.get(path, ())})
        result = self._place(children, sizes, edges)
        self._cache[cache_key] = result
        return result

    def _order(self, layer: list[int], edges: list[tuple[int, int]]) -> list[float]:
        if self.engine == "igraph":
            try:
                return _igraph_order(layer, edges)
            except Exception as exc:  # noqa: BLE001 - a missing or failing igraph must not stop the view
                self.engine = f"layered (igraph unavailable: {type(exc).__name__}: {exc})"
        return _barycenter_order(layer, edges)

    def _place(self, children: list[Key], sizes: list[tuple[float, float]], edges: list[tuple[int, int]]
               ) -> _GroupLayout:
        if not children:
            return _GroupLayout({}, GROUP_SIZE[0], 0.0, {})
        n = len(children)
        layer = layering(n, edges)
        sizes = list(sizes)
        chains: dict[tuple[int, int], list[int]] = {}   # an edge skipping rows -> its dummy nodes, row by row
        ordered: list[tuple[int, int]] = []
        for a, b in edges:
            if layer[b] - layer[a] > 1:
                dummies = list(range(len(layer), len(layer) + layer[b] - layer[a] - 1))
                layer += [layer[a] + 1 + k for k in range(len(dummies))]
                sizes += [(DUMMY_WIDTH, 0.0)] * len(dummies)
                chain = [a, *dummies, b]
                ordered += list(zip(chain, chain[1:], strict=False))
                chains[(a, b)] = dummies
            else:
                ordered.append((a, b))
        order = self._order(layer, ordered)
        rows: dict[int, list[int]] = {}
        for i, row in enumerate(layer):
            rows.setdefault(row, []).append(i)
        unit = sum(w for w, _ in sizes[:n]) / n + HGAP
        corner: list[tuple[float, float]] = [(0.0, 0.0)] * len(layer)
        row_span: dict[int, tuple[float, float]] = {}
        y = width = 0.0
        for row in sorted(rows):
            members = sorted(rows[row], key=lambda i: order[i])
            cursor = 0.0
            for i in members:
                x = max(order[i] * unit, cursor)
                corner[i] = (x, y)
                cursor = x + sizes[i][0] + HGAP
            width = max(width, cursor - HGAP)
            height = max(sizes[i][1] for i in members)
            row_span[row] = (y, y + height)
            y += height + VGAP
        positions = {children[i]: corner[i] for i in range(n)}
        routes = {}
        for (a, b), dummies in chains.items():
            bends = []
            for d in dummies:
                top, bottom = row_span[layer[d]]
                x = corner[d][0] + DUMMY_WIDTH / 2
                bends += [(x, top), (x, bottom)]
            routes[(children[a], children[b])] = bends
        return _GroupLayout(positions, width, y - VGAP, routes)

    def _compose(self, path: str, expanded: frozenset[str], ox: float, oy: float, level: int,
                 out: list[Placed], routes: dict[tuple[Key, Key], list[tuple[float, float]]]) -> None:
        layout = self._cache[(path, frozenset(g for g in expanded if g.startswith(path + "/")) if path else expanded)]
        for key, (x, y) in layout.positions.items():
            w, h = self._size(key, expanded, None)
            is_open = key[0] == GROUP and key[1] in expanded
            out.append(Placed(key, ox + x, oy + y, w, h, is_open, level))
            if is_open:
                self._compose(key[1], expanded, ox + x + PAD, oy + y + HEADER, level + 1, out, routes)
        for edge, bends in layout.routes.items():
            routes[edge] = [(ox + x, oy + y) for x, y in bends]

    def visible_edges(self, expanded: frozenset[str]) -> list[VisibleEdge]:
        """Model edges between the boxes that show their ends (edges inside a closed group are hidden)."""
        model = self.model
        rep: dict[str, Key] = {}
        for name, chain in self._chains.items():
            rep[name] = next(((GROUP, g) for g in chain if g not in expanded), (OP, name))
        merged: dict[tuple[Key, Key], list] = {}
        for e in model.edges:
            a, b = rep[e.src], rep[e.dst]
            if a == b:
                continue
            entry = merged.get((a, b))
            if entry is None:
                merged[(a, b)] = [1, e.tensor.text() if e.tensor else "", e.control]
            else:
                entry[0] += 1
                entry[2] = entry[2] and e.control
        return [VisibleEdge(a, b, n, text, control) for (a, b), (n, text, control) in merged.items()]
