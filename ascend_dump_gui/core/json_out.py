"""Strict JSON text of a large document at the speed of a C encoder, written in large blocks.

The text is what ``json.dumps(json_safe(doc), indent=2, ensure_ascii=False)`` followed by
:func:`~ascend_dump_gui.core.inert.json_text` gives (the same values; a float may be spelled differently, e.g.
``0.00001`` for ``1e-05``): NaN and ±Inf are ``null`` (orjson writes them so, no walk over the values), control
and format characters from names are ``\\uXXXX`` escapes (one pass over each block of text). A long list (or any
iterator, e.g. rows made one by one) is encoded in batches, so the text is never built whole in memory; an
:class:`ItemArray` gives its items' text itself (e.g. from a C encoder). A part
orjson refuses (a lone surrogate from an undecodable file name, an int beyond 64 bits) is encoded by :mod:`json`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO

import orjson

from ascend_dump_gui.core.inert import json_text
from ascend_dump_gui.core.json_safe import json_safe

_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS
BATCH = 2000
"""Items of a list encoded by one call (large enough that the per-call cost vanishes, small enough that the batch's
text stays a few MiB)."""
BLOCK = 1 << 22
"""Bytes gathered before a block is escaped and written."""
_NESTED = 2
"""Depth down to which dicts are written key by key (so a list inside them can be batched)."""


def _items(value: Any) -> list[Any]:
    """An :class:`ItemArray` met inside a part encoded whole: its items."""
    if isinstance(value, ItemArray):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _encode(value: Any) -> bytes:
    try:
        return orjson.dumps(value, default=_items, option=_OPTIONS)
    except TypeError:      # orjson.JSONEncodeError: lone surrogates, ints beyond 64 bits, types json may know
        text = json.dumps(json_safe(value), indent=2, ensure_ascii=False, allow_nan=False,
                          default=lambda v: json_safe(_items(v)))
        return json_text(text).encode("utf-8")


def _indented(encoded: bytes, depth: int) -> bytes:
    return encoded.replace(b"\n", b"\n" + b"  " * depth) if depth else encoded


def _is_sequence(value: Any) -> bool:
    return isinstance(value, (list, tuple, Iterator))


class ItemArray(ABC):
    """A JSON array whose items are made as it is written: :meth:`json_items` gives them in parts, each the text of
    some items (as :func:`items_text` writes them, for an encoder faster than the items' objects) or a list of
    items; iterating gives the items themselves."""

    @abstractmethod
    def json_items(self, depth: int) -> Iterator[bytes | list[Any]]:
        """The items in parts, for an array at ``depth``."""

    @abstractmethod
    def __iter__(self) -> Iterator[Any]: ...

    @abstractmethod
    def __len__(self) -> int: ...


def items_text(items: list[Any], depth: int) -> bytes:
    """The text of ``items`` as they stand in an array at ``depth`` (indented, joined by ``,\\n``, no brackets)."""
    wrapped: Any = items
    for _ in range(depth):       # encoded inside ``depth`` lists: the items come out indented as they stand
        wrapped = [wrapped]
    edge = (depth + 1) * (depth + 2)      # the bytes of "[\n", "  [\n", ... (and "\n  ]", "\n]") around the items
    return _encode(wrapped)[edge:-edge]


def _array(parts: Iterable[bytes | list[Any]], depth: int) -> Iterator[bytes]:
    """An array at ``depth`` of ``parts``: the text of some items, or a list of items."""
    first = True
    for part in parts:
        if not part:
            continue
        yield b"[\n" if first else b",\n"
        yield part if isinstance(part, bytes) else items_text(part, depth)
        first = False
    yield b"[]" if first else b"\n" + b"  " * depth + b"]"


def batches(items: Iterable[Any]) -> Iterator[list[Any]]:
    """``items`` in lists of :data:`BATCH`."""
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _chunks(value: Any, depth: int) -> Iterator[bytes]:
    """The JSON text of ``value`` as it stands at ``depth`` (its first line unindented)."""
    if isinstance(value, dict) and value and depth < _NESTED and all(isinstance(k, str) for k in value):
        pad = b"\n" + b"  " * (depth + 1)
        for i, (key, item) in enumerate(value.items()):
            yield (b"{" if i == 0 else b",") + pad + orjson.dumps(key) + b": "
            yield from _chunks(item, depth + 1)
        yield b"\n" + b"  " * depth + b"}"
    elif isinstance(value, ItemArray):
        yield from _array(value.json_items(depth), depth)
    elif _is_sequence(value) and not (isinstance(value, (list, tuple)) and len(value) <= BATCH):
        yield from _array(batches(value), depth)
    else:
        yield _indented(_encode(value), depth)


def _inert(block: bytes) -> bytes:
    """``block`` with :func:`json_text`'s escapes (outside ASCII or DEL only)."""
    if block.isascii() and b"\x7f" not in block:
        return block
    return json_text(block.decode("utf-8")).encode("utf-8")


def write_json(document: Any, stream: BinaryIO) -> None:
    """Write ``document`` as strict JSON (indent 2) to a binary ``stream``, in blocks of about :data:`BLOCK` (a
    part of at least a sixteenth of that, e.g. a batch's text, on its own)."""
    pending: list[bytes] = []
    size = 0
    for chunk in _chunks(document, 0):
        if len(chunk) >= BLOCK // 16:       # a batch's text: written as it is, not copied into a block
            if pending:
                stream.write(_inert(b"".join(pending)))
            stream.write(_inert(chunk))
            pending, size = [], 0
            continue
        pending.append(chunk)
        size += len(chunk)
        if size >= BLOCK:
            stream.write(_inert(b"".join(pending)))
            pending, size = [], 0
    stream.write(_inert(b"".join(pending)))
