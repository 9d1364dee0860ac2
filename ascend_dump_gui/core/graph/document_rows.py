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


def _spans(count: int) -> Iterator[tuple[int, int]]:
    step = json_out.BATCH
    return ((start, start + step) for start in range(0, count, step))


class NodeArray(ItemArray):
    """Every node of ``graphs`` (each direction in turn), as :func:`node_dicts` makes them."""

    def __init__(self, graphs: list[MsprobeGraph]) -> None:
        self._graphs = graphs

    def __len__(self) -> int:
        return sum(graph.row_count() for graph in self._graphs)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for graph in self._graphs:
            for batch in batches(graph.rows()):
                yield from node_dicts(batch, graph.direction)

    def json_items(self, depth: int) -> Iterator[bytes | list[Any]]:
        built = kernel.KERNEL
        for graph in self._graphs:
            columns = graph.columns() if built is not None else None
            if columns is None:
                yield from (node_dicts(batch, graph.direction) for batch in batches(graph.rows()))
                continue
            names, parents, types = columns
            for start, stop in _spans(len(names)):
                text = built.nodes_text(names, parents, types, start, stop, graph.direction, call_kind, depth)
                yield text if text is not None else node_dicts(
                    zip(names[start:stop], parents[start:stop], types[start:stop], strict=True), graph.direction)


class EdgeArray(ItemArray):
    """Every edge of ``graphs`` (each direction in turn), as :func:`edge_dicts` makes them."""

    def __init__(self, graphs: list[MsprobeGraph]) -> None:
        self._graphs = graphs

    def __len__(self) -> int:
        return sum(graph.edge_count() for graph in self._graphs)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for graph in self._graphs:
            for batch in batches(graph.edge_rows()):
                yield from edge_dicts(batch)

    def json_items(self, depth: int) -> Iterator[bytes | list[Any]]:
        built = kernel.KERNEL
        for graph in self._graphs:
            pairs = graph.control_pairs() if built is not None else None
            if pairs is None:
                yield from (edge_dicts(batch) for batch in batches(graph.edge_rows()))
                continue
            sources, targets = pairs
            for start, stop in _spans(len(sources)):
                text = built.edges_text(sources, targets, start, stop, depth)
                yield text if text is not None else edge_dicts(
                    zip(sources[start:stop], targets[start:stop], repeat(False)))
