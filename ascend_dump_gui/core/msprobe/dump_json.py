"""msprobe's ``dump.json``: one entry per API or module call, flattened into named leaves.

Leaf names follow msprobe's compare (``read_op``): ``{entry}.input.{i}`` for ``input_args`` (forward) or
``input`` (backward), ``{entry}.input.{kwarg}``, ``{entry}.output.{i}``, ``{entry}.parameters.{name}``;
nested lists and dicts append ``.{index}`` / ``.{key}``; a ``parameters_grad`` entry names its leaves
``{entry}.{param}``. A leaf with a ``data_name`` takes its name from it (minus the extension). Within an
entry, leaves are ordered inputs, parameters, outputs, parameter gradients. A ``null`` argument is a leaf
without data, as in msprobe's table.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

STATES = ("input", "parameters", "output", "parameters_grad")
_IO_KEYS = (("input_args", "input", ".input"), ("input_kwargs", "input", ".input"), ("input", "input", ".input"),
            ("output", "output", ".output"), ("parameters", "parameters", ".parameters"))
_MAX_DEPTH = 50


@dataclass(frozen=True)
class Leaf:
    """One argument, output or parameter of a call, as ``dump.json`` describes it (no tensor data)."""

    name: str
    entry: str
    state: str
    type: str | None
    dtype: str | None
    shape: tuple[int, ...] | None
    max: Any = None
    min: Any = None
    mean: Any = None
    norm: Any = None
    requires_grad: bool | None = None
    md5: str | None = None
    data_name: str | None = None

    @property
    def is_tensor(self) -> bool:
        return self.type is not None and self.type.endswith("Tensor")

    @property
    def stats(self) -> tuple[Any, Any, Any, Any]:
        return self.max, self.min, self.mean, self.norm


@dataclass
class Entry:
    """One API or module call (``Functional.linear.0.forward``) and its leaves, in dump order."""

    name: str
    order: int
    leaves: list[Leaf] = field(default_factory=list)

    @property
    def is_module(self) -> bool:
        return self.name.split(".", 1)[0] in ("Module", "Cell")

    @property
    def direction(self) -> str | None:
        parts = self.name.split(".")
        for d in ("forward", "backward"):
            if d in parts:
                return d
        return "backward" if "parameters_grad" in parts else None


class DumpJsonError(ValueError):
    """A dump.json that cannot be read at all."""


class IncompleteDumpJson(DumpJsonError):
    """A dump.json cut short (the job died before msprobe flushed it); ``partial`` holds what was complete."""

    def __init__(self, message: str, partial: DumpJson) -> None:
        super().__init__(message)
        self.partial = partial


def _shape(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return tuple(value)
    return None


def _leaf(data: dict, name: str, entry: str, state: str) -> Leaf:
    data_name = data.get("data_name") or None
    if isinstance(data_name, str) and data_name != "-1":
        name = data_name.rsplit(".", 1)[0]
    else:
        data_name = None
    kind = data.get("type") if isinstance(data.get("type"), str) else None
    if kind is not None and kind.endswith("Tensor"):
        grad = data.get("requires_grad")
        return Leaf(name, entry, state, kind, str(data.get("dtype")), _shape(data.get("shape")),
                    data.get("Max"), data.get("Min"), data.get("Mean"), data.get("Norm"),
                    grad if isinstance(grad, bool) else None, data.get("md5"), data_name)
    return _scalar_leaf(data, name, entry, state, kind, data_name)


def _scalar_leaf(data: dict, name: str, entry: str, state: str, kind: str | None, data_name: str | None) -> Leaf:
    """A non-tensor argument as msprobe's compare tables it (``gen_op_item``): Python scalars carry their value
    as every statistic and ``<class 'int'>``-style dtypes; torch.Size / slice keep their type as dtype and no
    statistics; ellipsis, process groups and src/dst ranks their value as text."""
    value = data.get("value")
    crc = f"{zlib.crc32(str(value).encode()):08x}"
    if kind == "torch.Size":
        shape = tuple(value) if isinstance(value, list) and all(isinstance(v, int) for v in value) else None
        return Leaf(name, entry, state, kind, kind, shape, md5=crc, data_name=data_name)
    if kind == "slice":
        return Leaf(name, entry, state, kind, kind, None, md5=crc, data_name=data_name)
    if kind == "ellipsis":
        return Leaf(name, entry, state, kind, kind, (), value, value, value, value, md5=crc, data_name=data_name)
    if kind == "torch.ProcessGroup" or name.rsplit(".", 1)[-1] in ("src", "dst", "group_src", "group_dst"):
        text = str(data.get("group_ranks") if kind == "torch.ProcessGroup" else value)
        return Leaf(name, entry, state, kind, kind, (), text, text, text, text, md5=text, data_name=data_name)
    dtype = f"<class '{type(value).__name__}'>"
    return Leaf(name, entry, state, kind, dtype, (), value, value, value, value, None, crc, data_name)


def _walk(data: Any, name: str, entry: str, state: str, depth: int, out: list[Leaf]) -> None:
    if depth > _MAX_DEPTH:
        raise DumpJsonError(f"{entry}: arguments nested more than {_MAX_DEPTH} levels")
    if data is None:
        out.append(Leaf(name, entry, state, None, None, None))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            _walk(item, name if state == "parameters_grad" else f"{name}.{i}", entry, state, depth + 1, out)
    elif isinstance(data, dict):
        if isinstance(data.get("type"), str):
            out.append(_leaf(data, name, entry, state))
        elif data.get("class_type") == "torch.distributed.P2POp" and isinstance(data.get("tensor"), dict):
            out.append(_leaf(data["tensor"], name, entry, state))
        else:
            for key, item in data.items():
                _walk(item, f"{name}.{key}", entry, state, depth + 1, out)


def parse_entry(name: str, data: Any, order: int) -> Entry:
    """The leaves of one ``data`` entry of dump.json."""
    entry = Entry(name, order)
    if not isinstance(data, dict):
        return entry
    parts = name.split(".")
    if parts[-1] == "parameters_grad" or (len(parts) >= 2 and parts[-2] == "parameters_grad"):
        _walk(data, name, name, "parameters_grad", 0, entry.leaves)
        return entry
    by_state: dict[str, list[Leaf]] = {s: [] for s in STATES}
    for key, state, suffix in _IO_KEYS:
        if key in data:
            _walk(data[key], name + suffix, name, state, 0, by_state[state])
    for state in STATES:
        entry.leaves.extend(by_state[state])
    return entry


@dataclass
class DumpJson:
    task: str | None
    level: str | None
    framework: str | None
    dump_data_dir: str | None
    entries: list[Entry]


STEPWISE_BYTES = 1 << 20
"""From this size on, dump.json's ``data`` is decoded one call at a time (see :func:`_decode`)."""
_DATA_OPEN = re.compile(r'"data"\s*:\s*\{')
_BETWEEN = re.compile(r"\s*(,|\})\s*")
_SPACE, _COLON = re.compile(r"\s*"), re.compile(r"\s*:\s*")


def _decode(text: str) -> Any:
    """``json.loads(text)``, but a large document's ``data`` object is decoded one entry at a time: a single
    ``json.loads`` of a big dump.json holds the GIL for the whole file (most of a second for 10 MB), which
    would freeze a GUI whose worker thread reads it. Any irregularity falls back to ``json.loads``."""
    found = _DATA_OPEN.search(text) if len(text) >= STEPWISE_BYTES else None
    if found is None:
        return json.loads(text)
    decoder = json.JSONDecoder()
    data: dict[str, Any] = {}
    pos = found.end()
    try:
        if (end := _BETWEEN.match(text, pos)) is not None and end.group(1) == "}":
            pos = end.end()
        else:
            while True:
                key, pos = decoder.raw_decode(text, _SPACE.match(text, pos).end())
                colon = _COLON.match(text, pos)
                if not isinstance(key, str) or colon is None:
                    return json.loads(text)
                data[key], pos = decoder.raw_decode(text, colon.end())
                end = _BETWEEN.match(text, pos)
                if end is None:
                    return json.loads(text)
                pos = end.end()
                if end.group(1) == "}":
                    break
        doc = json.loads(text[:found.start()] + '"data": {}' + text[pos:])
    except (json.JSONDecodeError, IndexError):
        return json.loads(text)
    if not isinstance(doc, dict):
        return doc
    doc["data"] = data
    return doc


def parse_dump_json(text: str, source: str = "dump.json") -> DumpJson:
    """Parse dump.json text; :class:`DumpJsonError` names the problem when it is not a complete dump."""
    try:
        doc = _decode(text)
    except json.JSONDecodeError as exc:
        if text.rstrip().endswith("}"):
            raise DumpJsonError(f"{source} is invalid at line {exc.lineno}: {exc.msg}") from None
        raise IncompleteDumpJson(f"{source} ends early (not completely written): the calls before the cut are "
                                 f"read", salvage(text)) from None
    if not isinstance(doc, dict):
        raise DumpJsonError(f"{source}: not a JSON object")
    data = doc.get("data")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DumpJsonError(f"{source}: 'data' is not an object")
    entries = [parse_entry(str(k), v, i) for i, (k, v) in enumerate(data.items())]

    def text_or_none(key: str) -> str | None:
        value = doc.get(key)
        return value if isinstance(value, str) else None

    return DumpJson(text_or_none("task"), text_or_none("level"), text_or_none("framework"),
                    text_or_none("dump_data_dir"), entries)


def call_type(call: str) -> str:
    """The call without its number and direction (``Functional.linear``, ``Module.fc.Linear``)."""
    parts = call.split(".")
    for i, part in enumerate(parts):
        if part in ("forward", "backward", "parameters_grad"):
            head = parts[:i]
            return ".".join(head[:-1] if head and head[-1].isdigit() else head)
    return call


def salvage(text: str) -> DumpJson:
    """The header keys and every complete ``data`` entry of a truncated dump.json."""
    decoder = json.JSONDecoder()
    head: dict[str, Any] = {}
    for key in ("task", "level", "framework"):
        found = re.search(rf'"{key}"\s*:\s*"([^"\\]*)"', text[:4096])
        head[key] = found.group(1) if found else None
    entries: list[Entry] = []
    start = re.search(r'"data"\s*:\s*\{', text)
    pos = start.end() if start else len(text)
    while True:
        found = re.compile(r'\s*,?\s*').match(text, pos)
        pos = found.end() if found else pos
        try:
            name, pos = decoder.raw_decode(text, pos)
            colon = re.compile(r"\s*:\s*").match(text, pos)
            if not isinstance(name, str) or colon is None:
                break
            value, pos = decoder.raw_decode(text, colon.end())
        except json.JSONDecodeError:
            break
        entries.append(parse_entry(name, value, len(entries)))
    return DumpJson(head["task"], head["level"], head["framework"], None, entries)
