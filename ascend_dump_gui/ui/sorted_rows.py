"""Filter and sort the rows of a big table model without a proxy model.

A ``QSortFilterProxyModel`` asks the source model's Python ``data()`` for every comparison: seconds for 100k
rows. Here each sortable column gets an integer key once (:func:`sort_ranks`), a sort is one stable
``argsort`` and a filter one boolean mask (:class:`RowOrder`); :func:`reorder` tells the views, keeping the
selection and current index on the same source rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractItemModel, QModelIndex

MISSING = np.iinfo(np.int32).max
"""The key of a missing value (None, NaN, empty text): after every other value, ascending or descending."""
NUMBERS = (int, float, np.integer, np.floating)
_FLOATS = frozenset({float, type(None)})
_INTS = frozenset({int, type(None)})
_TEXTS = frozenset({str, type(None)})
NUMPY_TEXT_CHARS = 1 << 24
"""Texts are ranked in a numpy array up to this many characters (count x longest: 64 MB), else in Python."""


def sort_ranks(values: Sequence[Any]) -> np.ndarray:
    """Ascending sort keys (int32) of ``values``: numbers in numeric order, then texts case-insensitively;
    equal values get equal keys (a stable sort keeps their order), missing values :data:`MISSING`."""
    keys = np.full(len(values), MISSING, dtype=np.int32)
    kinds = set(map(type, values))
    if kinds <= _TEXTS:  # the fast paths: one type per column, converted in bulk
        return _text_ranks(values, keys)
    if kinds <= _FLOATS:
        numbers = np.array(values, dtype=np.float64)
        at = np.flatnonzero(~np.isnan(numbers))
        _number_ranks(numbers[at], at, keys)
    elif kinds <= _INTS:
        objects = np.array(values, dtype=object)
        at = np.flatnonzero(np.not_equal(objects, None))
        _number_ranks(objects[at].astype(np.float64 if _too_big(objects[at]) else np.int64), at, keys)
    else:
        pairs = [(k, v) for k, v in enumerate(values) if isinstance(v, NUMBERS) and not math.isnan(v)]
        numbers = np.array([v for _, v in pairs])
        at = np.array([k for k, _ in pairs], dtype=np.int64)
        offset = _number_ranks(numbers.astype(np.float64) if numbers.dtype == object else numbers, at, keys)
        texts = {k: v for k, v in enumerate(values) if isinstance(v, str)}
        if texts:
            at = np.fromiter(texts, dtype=np.int64, count=len(texts))
            keys[at] = _text_ranks(list(texts.values()), keys[at], offset)
    return keys


def _number_ranks(numbers: np.ndarray, at: np.ndarray, keys: np.ndarray) -> int:
    """Write the dense ranks of ``numbers`` into ``keys[at]``; return how many distinct values there are."""
    if not len(at):
        return 0
    distinct, ranks = np.unique(numbers, return_inverse=True)
    keys[at] = ranks
    return len(distinct)


def _text_ranks(texts: Sequence[str | None], keys: np.ndarray, offset: int = 0) -> np.ndarray:
    """``keys`` with the case-insensitive ranks (from ``offset``) of ``texts`` written over; None and ""
    keep their key."""
    folded = [t.casefold() if t else "" for t in texts]
    longest = max(map(len, folded), default=0)
    if len(folded) * longest <= NUMPY_TEXT_CHARS:  # a fixed-width numpy array sorts many texts fastest
        array = np.array(folded, dtype=f"<U{max(longest, 1)}")
        order = np.argsort(array, kind="stable")
        ordered = array[order]
        first = np.ones(len(ordered), dtype=bool)  # where a new distinct text starts
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        ranks = np.empty(len(ordered), dtype=np.int64)
        ranks[order] = offset + np.cumsum(first) - 1
        return np.where(array == "", keys, ranks).astype(np.int32)
    rank = {text: offset + r for r, text in enumerate(sorted(set(folded)))}
    ranks = np.fromiter(map(rank.__getitem__, folded), dtype=np.int64, count=len(folded))
    return np.where(ranks == rank.get("", -1), keys, ranks).astype(np.int32)


def _too_big(integers: np.ndarray) -> bool:
    return bool(len(integers)) and max(abs(integers.max()), abs(integers.min())) > np.iinfo(np.int64).max


class RowOrder:
    """Which source rows a table shows and in which order: a filter mask over a sort by one key array.

    ``rows`` holds the visible source rows in display order. Keys come from :func:`sort_ranks`; ``None``
    stands for the source order. Descending reverses the order of present values only: ties keep their
    source order and missing values stay last."""

    def __init__(self, count: int = 0) -> None:
        self.reset(count)

    def reset(self, count: int) -> None:
        """Show all ``count`` source rows in source order (the sort key and mask are dropped)."""
        self._count = count
        self._order = np.arange(count, dtype=np.int64)
        self._mask: np.ndarray | None = None
        self.rows = self._order
        self._positions: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def sort(self, key: np.ndarray | None, descending: bool = False) -> None:
        """Order by ``key`` (one entry per source row; None: source order)."""
        if key is None:
            self._order = np.arange(self._count, dtype=np.int64)[:: -1 if descending else 1]
        else:
            if descending:
                key = np.where(key == MISSING, MISSING, -key.astype(np.int64))
            self._order = np.argsort(key, kind="stable")
        self._apply()

    def set_mask(self, mask: np.ndarray | None) -> None:
        """Show only the source rows where ``mask`` is true (None: all)."""
        self._mask = mask
        self._apply()

    def _apply(self) -> None:
        self.rows = self._order if self._mask is None else self._order[self._mask[self._order]]
        self._positions = None

    def position(self, source: int) -> int:
        """The display row of a source row, -1 when it is filtered out (or out of range)."""
        if not 0 <= source < self._count:
            return -1
        if self._positions is None:
            self._positions = np.full(self._count, -1, dtype=np.int64)
            self._positions[self.rows] = np.arange(len(self.rows))
        return int(self._positions[source])


def reorder(model: QAbstractItemModel, order: RowOrder, change: Callable[[], None]) -> None:
    """Run ``change`` (which sorts or filters ``order``) as one layout change of ``model``: persistent
    indexes (the views' selection and current index) follow their source rows or become invalid."""
    model.layoutAboutToBeChanged.emit()
    before = order.rows
    change()
    old = model.persistentIndexList()
    new = []
    for index in old:
        row = order.position(int(before[index.row()])) if 0 <= index.row() < len(before) else -1
        new.append(model.index(row, index.column()) if row >= 0 else QModelIndex())
    model.changePersistentIndexList(old, new)
    model.layoutChanged.emit()
