"""The msprobe graph document's node and edge arrays (``graph --json`` of a run without a compare) kept as the
graphs' rows until they are written or iterated: a million modules make no million dicts. Written
(:func:`~ascend_dump_gui.core.json_out.write_json`), the C kernel (:mod:`~ascend_dump_gui.core.graph.kernel`)
spells each batch's text straight from the rows where every value is a plain string; any other batch, and
iteration, make the dicts (:func:`node_dicts`, :func:`edge_dicts`), in C or in Python, the same either way."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import repeat
from typing import Any

from ascend_dump_gui.core import json_out
from ascend_dump_gui.core.graph import kernel
from ascend_dump_gui.core.graph.msprobe_model import MODULE_HEADS, MsprobeGraph, is_module
from ascend_dump_gui.core.json_out import ItemArray, batches

Row = tuple[str, str | None, str | None]


def call_kind(name: str) -> str:
    """A box's kind: ``module`` (a module or scope; a pipeline's ``{run}:name`` by its name) else ``api``."""
    return "module" if name.startswith(MODULE_HEADS) and ":" not in name or is_module(name.rpartition(":")[2]) \
        else "api"


def node_dicts(rows: Iterable[Row], direction: str) -> list[dict[str, Any]]:
    """The document's node dicts of ``(name, parent, type)`` rows (``status`` None)."""
    built = kernel.KERNEL
    if built is not None:
        return built.nodes(rows, direction, call_kind)
    return [{"id": name, "name": name,      # a group, a module (the common case in line), else the whole rule
             "kind": "module" if box is None or name.startswith(MODULE_HEADS) and ":" not in name else call_kind(name),
             "type": box, "parent": parent, "direction": direction, "status": None}
            for name, parent, box in rows]


def edge_dicts(rows: Iterable[tuple[str, str, bool]]) -> list[dict[str, Any]]:
    """The document's edge dicts of ``(source, target, carries data)`` rows."""
    built = kernel.KERNEL
    if built is not None:
        return built.edges(rows)
    return [{"from": src, "to": dst, "data": data} for src, dst, data in rows]


class _GraphRows(ItemArray):
    """Rows of ``graphs`` (each direction in turn) as the document's objects. A subclass says, per graph, how many
    (``_count``), the rows (``_rows``), their dicts (``_dicts(rows, graph)``), the rows as lists side by side when the
    graph keeps them so (``_lists``, else None) and the kernel's text of a span of those (``_text``). Iterated: the
    dicts of the rows; written: each graph's lists spelled by ``_text`` a batch at a time, a batch it refuses (None)
    and a graph without lists through their dicts."""

    _FILL: tuple = ()
    """Values every row ends with that the lists do not hold."""

    def __init__(self, graphs: list[MsprobeGraph]) -> None:
        self._graphs = graphs

    def __len__(self) -> int:
        return sum(map(self._count, self._graphs))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for graph in self._graphs:
            for batch in batches(self._rows(graph)):
                yield from self._dicts(batch, graph)

    def json_items(self, depth: int) -> Iterator[bytes | list[Any]]:
        built = kernel.KERNEL
        for graph in self._graphs:
            lists = self._lists(graph) if built is not None else None
            if lists is None:
                yield from (self._dicts(batch, graph) for batch in batches(self._rows(graph)))
                continue
            step = json_out.BATCH
            for start in range(0, len(lists[0]), step):
                stop = start + step
                text = self._text(built, graph, lists, start, stop, depth)
                yield text if text is not None else self._dicts(
                    zip(*(values[start:stop] for values in lists), *map(repeat, self._FILL), strict=False), graph)


class NodeArray(_GraphRows):
    """Every node of ``graphs``, as :func:`node_dicts` makes them."""

    _count = staticmethod(MsprobeGraph.row_count)
    _rows = staticmethod(MsprobeGraph.rows)
    _lists = staticmethod(MsprobeGraph.columns)

    @staticmethod
    def _dicts(rows: Iterable[Row], graph: MsprobeGraph) -> list[dict[str, Any]]:
        return node_dicts(rows, graph.direction)

    @staticmethod
    def _text(built: Any, graph: MsprobeGraph, lists: tuple[list, ...], start: int, stop: int,
              depth: int) -> bytes | None:
        return built.nodes_text(*lists, start, stop, graph.direction, call_kind, depth)


class EdgeArray(_GraphRows):
    """Every edge of ``graphs``, as :func:`edge_dicts` makes them (a control edge's lists: data false)."""

    _FILL = (False,)
    _count = staticmethod(MsprobeGraph.edge_count)
    _rows = staticmethod(MsprobeGraph.edge_rows)
    _lists = staticmethod(MsprobeGraph.control_pairs)

    @staticmethod
    def _dicts(rows: Iterable[tuple[str, str, bool]], graph: MsprobeGraph) -> list[dict[str, Any]]:
        return edge_dicts(rows)

    @staticmethod
    def _text(built: Any, graph: MsprobeGraph, lists: tuple[list, ...], start: int, stop: int,
              depth: int) -> bytes | None:
        return built.edges_text(*lists, start, stop, depth)
