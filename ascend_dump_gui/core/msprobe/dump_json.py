"""msprobe's ``dump.json``: one entry per API or module call, flattened into named leaves.

Leaf names follow msprobe's compare (``read_op``): ``{entry}.input.{i}`` for ``input_args`` (forward) or
``input`` (backward), ``{entry}.input.{kwarg}``, ``{entry}.output.{i}``, ``{entry}.parameters.{name}``;
nested lists and dicts append ``.{index}`` / ``.{key}``; a ``parameters_grad`` entry names its leaves
``{entry}.{param}``. A leaf with a ``data_name`` takes its name from it (minus the extension), as msprobe's
``gen_op_item`` does, when it is a plain file name; one that is not (``../../etc/passwd``: it would leave
``dump_tensor_data``) keeps the name of its place in dump.json, and its row is not compared. Within an
entry, leaves are ordered inputs, parameters, outputs, parameter gradients. A ``null`` argument is a leaf
without data, as in msprobe's table.
"""

from __future__ import annotations

import json
import math
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from json.decoder import scanstring
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import orjson

from ascend_dump_gui.core.msprobe.layout import is_file_name

STATES = ("input", "parameters", "output", "parameters_grad")
_intern = sys.intern
T = TypeVar("T")
_IO_KEYS = (("input_args", "input", ".input"), ("input_kwargs", "input", ".input"), ("input", "input", ".input"),
            ("output", "output", ".output"), ("parameters", "parameters", ".parameters"))
MAX_DEPTH = 50
"""Arguments nested deeper than this are refused (msprobe's compare refuses them too)."""
MAX_SIDE_JSON_BYTES = 512 << 20
"""stack.json / construct.json larger than this are a problem, not read."""


class _LeafFields(NamedTuple):
    """What a :class:`Leaf` stores: its name as ``tail`` after its entry's name (``.input.0``: one string shared by
    the same argument of every call, so a long call name is kept once per call, not once per leaf), or whole when
    it does not start with it (``whole``; a name from a data_name may not)."""

    tail: str
    entry: str
    state: str
    type: str | None
    dtype: str | None
    shape: tuple[int, ...] | None
    max: Any
    min: Any
    mean: Any
    norm: Any
    requires_grad: bool | None
    md5: str | float | None    # a float: the value itself (xor summary of a 0-d tensor)
    data_name: str | None
    whole: bool


_TAILS: dict[str, str] = {}
"""Name tails seen so far, shared between leaves (bounded like :data:`_SHAPES`)."""


def _tail(name: str, entry: str) -> tuple[str, bool]:
    """(tail, whole) of a leaf's name: the shared part after ``entry``, or the name itself when it does not start
    with it."""
    if not name.startswith(entry):
        return name, True
    tail = name[len(entry):]
    shared = _TAILS.get(tail)
    if shared is None:
        if len(_TAILS) < 100_000 and len(tail) <= 200:
            _TAILS[tail] = tail
        return tail, False
    return shared, False


class Leaf(_LeafFields):
    """One argument, output or parameter of a call, as ``dump.json`` describes it (no tensor data).

    Immutable and compact (a tuple: a million leaves of a statistics dump stay small); its strings that repeat
    (entry, state, type, dtype, the name after the entry's) and shapes are shared between leaves. Made as
    ``Leaf(name, entry, state, type, dtype, shape, max, min, mean, norm, requires_grad, md5, data_name)``.
    """

    __slots__ = ()

    def __new__(cls, name: str, entry: str, state: str, type: str | None, dtype: str | None,  # noqa: A002
                shape: tuple[int, ...] | None, max: Any = None, min: Any = None, mean: Any = None,  # noqa: A002
                norm: Any = None, requires_grad: bool | None = None, md5: str | float | None = None,
                data_name: str | None = None) -> Leaf:
        tail, whole = _tail(name, entry)
        return tuple.__new__(cls, (tail, entry, state, type, dtype, shape, max, min, mean, norm, requires_grad, md5,
                                   data_name, whole))

    def __getnewargs__(self) -> tuple[Any, ...]:       # copy and pickle make it again from its arguments
        return (self.name, *self[1:13])

    def __repr__(self) -> str:
        return "Leaf(" + ", ".join(f"{key}={value!r}" for key, value in zip(_LEAF_ARGS, self.__getnewargs__(),
                                                                               strict=True)) + ")"

    @property
    def name(self) -> str:
        return self.tail if self.whole else self.entry + self.tail

    @property
    def is_tensor(self) -> bool:
        return self.type is not None and self.type.endswith("Tensor")

    @property
    def stats(self) -> tuple[Any, Any, Any, Any]:
        return self.max, self.min, self.mean, self.norm


_LEAF_ARGS = ("name", *_LeafFields._fields[1:13])


@dataclass(slots=True)
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


_INT = {int}
_SHAPES: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Shapes seen so far, shared between leaves (bounded: see :func:`_shape`)."""


def _shape(value: Any) -> tuple[int, ...] | None:
    if type(value) is not list or not set(map(type, value)) <= _INT:
        return None
    shape = tuple(value)
    shared = _SHAPES.get(shape)
    if shared is None:
        if len(_SHAPES) < 100_000 and len(shape) <= 8:
            _SHAPES[shape] = shape
        return shape
    return shared


def _stat(value: Any) -> Any:
    """A statistic as the compare can use it: numbers, text, booleans and None pass; an integer beyond the
    float range becomes +/-inf (what it is as a float); any other JSON value its (bounded) text."""
    if type(value) is float or value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        try:
            float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
        return value
    return str(value)[:200]


def _md5(value: Any) -> str | float | None:
    """A checksum as dump.json holds it: text, or the number msprobe's xor summary writes for a 0-d tensor."""
    if isinstance(value, str) or (isinstance(value, float) and math.isfinite(value)):
        return value
    return None


def _leaf(data: dict, name: str, entry: str, state: str) -> Leaf:
    get = data.get
    data_name = get("data_name") or None
    if isinstance(data_name, str) and data_name != "-1":
        if is_file_name(data_name):
            name = data_name.rsplit(".", 1)[0]
    else:
        data_name = None
    kind = get("type")
    kind = _intern(kind) if type(kind) is str else None
    if kind is not None and kind.endswith("Tensor"):
        grad, md5, dtype = get("requires_grad"), get("md5"), get("dtype")
        high, low, mean, norm = get("Max"), get("Min"), get("Mean"), get("Norm")
        if not (high.__class__ is low.__class__ is mean.__class__ is norm.__class__ is float):
            high, low, mean, norm = _stat(high), _stat(low), _stat(mean), _stat(norm)
        tail, whole = _tail(name, entry)
        return _new_leaf(Leaf, (tail, entry, state, kind, _intern(dtype if type(dtype) is str else str(dtype)[:200]),
                                _shape(get("shape")), high, low, mean, norm, grad if isinstance(grad, bool) else None,
                                _md5(md5) if md5 is not None else None, data_name, whole))
    return _scalar_leaf(data, name, entry, state, kind, data_name)


_new_leaf = tuple.__new__
"""``_new_leaf(Leaf, stored)``: a :class:`Leaf` of its stored fields without the Python-level ``__new__`` (a million
leaves)."""


def _scalar_leaf(data: dict, name: str, entry: str, state: str, kind: str | None, data_name: str | None) -> Leaf:
    """A non-tensor argument as msprobe's compare tables it (``gen_op_item``): Python scalars carry their value
    as every statistic and ``<class 'int'>``-style dtypes; torch.Size / slice keep their type as dtype and no
    statistics; ellipsis, process groups and src/dst ranks their value as text."""
    raw = data.get("value")
    crc = f"{zlib.crc32(str(raw).encode()):08x}"
    value = raw if isinstance(raw, list) else _stat(raw)
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
    if depth > MAX_DEPTH:
        raise DumpJsonError(f"{entry}: arguments nested more than {MAX_DEPTH} levels")
    if data is None:
        out.append(Leaf(name, entry, state, None, None, None))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            child = name if state == "parameters_grad" else f"{name}.{i}"
            if type(item) is dict and type(item.get("type")) is str:     # the common case: a tensor, directly
                out.append(_leaf(item, child, entry, state))
            else:
                _walk(item, child, entry, state, depth + 1, out)
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
    parts = name.rsplit(".", 2)
    if parts[-1] == "parameters_grad" or (len(parts) >= 2 and parts[-2] == "parameters_grad"):
        _walk(data, name, name, "parameters_grad", 0, entry.leaves)
        return entry
    if "parameters" not in data:       # inputs then outputs: walked in _IO_KEYS' order, straight into the entry
        for key, state, suffix in _IO_KEYS:
            if key in data:
                _walk(data[key], name + suffix, name, state, 0, entry.leaves)
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


def loads(text: str, source: str) -> Any:
    """``json.loads`` whose every failure but a syntax error is a :class:`DumpJsonError` naming ``source``:
    nesting deeper than the parser's limit, integers beyond Python's digit limit."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise DumpJsonError(f"{source}: nested too deeply to read") from None
    except (ValueError, MemoryError) as exc:
        raise DumpJsonError(f"{source}: unreadable value ({str(exc)[:120]})") from None


def read_side_json(path: Path, limit: int = MAX_SIDE_JSON_BYTES, *, strings_only: bool = False) -> Any:
    """stack.json or construct.json; :class:`DumpJsonError` naming the file for anything unreadable.
    ``strings_only``: the caller keeps only the strings (construct.json), so the file is parsed by orjson (twice
    as fast; it reads a huge integer as a float), and by :func:`loads` only when orjson refuses it (nested
    deeper than orjson's 1,024 levels, NaN, a lone surrogate, bytes that are no UTF-8): the same bounds and
    the same messages."""
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise DumpJsonError(f"{path}: not a regular file, not read")
        if st.st_size > limit:
            raise DumpJsonError(f"{path}: larger than {limit >> 20} MiB, not read")
        if strings_only:
            raw = path.read_bytes()
            try:
                return orjson.loads(raw)
            except (orjson.JSONDecodeError, MemoryError):
                return loads(raw.decode("utf-8", errors="replace"), str(path))
        return loads(path.read_text(encoding="utf-8", errors="replace"), str(path))
    except OSError as exc:
        raise DumpJsonError(f"{path}: unreadable ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise DumpJsonError(f"{path}: unreadable (invalid JSON at line {exc.lineno}: {exc.msg})") from None


_SPACE = re.compile(r"[ \t\n\r]*")
_KEY_AT = re.compile(r'[ \t\n\r]*"')
_NEXT = re.compile(r"[ \t\n\r]*([,}])")
_COLON = re.compile(r"[ \t\n\r]*:[ \t\n\r]*")
_SEPARATOR = re.compile(r'[ \t\r]*,[ \t\r]*\n[ \t\n\r]*"')
_CHAR_CLASSES = bytes(ord("d") if chr(c).isdigit() and c < 128 else ord(".") if c in b".eE" else ord(" ")
                      for c in range(256))
_LONG_INTEGER = b" " + b"d" * 19
"""An integer orjson would read as a float (beyond 64 bits) has 19 digits or more after a character that is no digit,
point or exponent: in text whose characters are mapped to their class by :data:`_CHAR_CLASSES`, this (a float's
19 digits follow a point; a name's digits may match too, and are then read by the scanner)."""


class _Batches:
    """Runs of ``data`` entries parsed by orjson in one call (about twice as fast as the scanner), where the text
    says exactly where entries end: each entry after the first starts with the separator seen between the first
    two (a comma, a line break, the entry's indent, a quote). A separator holds a line break, which no JSON string
    does, and its indent is the data's own, so it marks only the end of an entry at the data's level, or the
    object's end: a run cut anywhere else does not parse. A run is taken only when orjson reads it whole as
    exactly as many entries as separators were counted (no name twice, no separator inside a value) and it holds
    no integer orjson would read differently; anything else (NaN, a long integer, a compact file) is read by the
    scanner, and a layout that keeps failing is not tried again."""

    ENTRIES = 512
    BYTES = 4 << 20

    def __init__(self, text: str) -> None:
        self.text = text
        self.separator: str | None = None
        self.live = True
        self.scan_left = 1           # entries the scanner reads before a run is tried (the first shows the layout)
        self.hits = self.misses = 0

    def learn(self, pos: int) -> None:
        """Take the separator at ``pos`` (just after the first entry's value), if it is one that can be trusted."""
        found = _SEPARATOR.match(self.text, pos)
        if found is None:
            self.live = False
            return
        gap = found.group()
        self.separator = gap[gap.index(","):]

    def take(self, pos: int) -> tuple[dict[str, Any], int] | None:
        """The entries from ``pos`` (just after a comma) up to a later separator's comma, parsed, and that comma's
        position; None when the scanner should read on."""
        text, separator = self.text, self.separator
        assert separator is not None
        end = pos - 1
        count = 0
        while count < self.ENTRIES and end - pos < self.BYTES:
            found = text.find(separator, end + 1)
            if found < 0:
                break
            end = found
            count += 1
        if count == 0:
            self.live = False       # no separator left: the last entry is the scanner's
            return None
        run = ("{" + text[pos:end] + "}").encode("utf-8", "surrogatepass")
        try:
            entries = orjson.loads(run)
        except orjson.JSONDecodeError:
            entries = None
        if entries is not None and len(entries) == count and _LONG_INTEGER not in run.translate(_CHAR_CLASSES):
            self.hits += 1
            return entries, end
        self.misses += 1
        self.scan_left = count
        self.live = self.misses <= self.hits + 3
        return None


def stream_entries(text: str, head: dict[str, Any], make: Callable[[str, Any, int], T] = parse_entry,
                   needs: str | None = None) -> Iterator[T]:
    """``make(name, value, order)`` of each ``data`` entry of dump.json ``text``, one at a time (the whole
    document never exists as Python objects: a million-entry dump keeps only what ``make`` returns); the other
    top-level keys go to ``head``. With ``needs``, a value whose text lacks it is passed as None. Raises
    :class:`json.JSONDecodeError` on anything unexpected (a cut, not an object), ``RecursionError`` /
    ``ValueError`` for values the parser refuses."""
    decode, space = json.JSONDecoder().raw_decode, _SPACE.match

    def expect(pos: int, chars: str) -> tuple[str, int]:
        pos = space(text, pos).end()
        if pos >= len(text) or text[pos] not in chars:
            raise json.JSONDecodeError(f"expected one of {chars!r}", text, pos)
        return text[pos], pos + 1

    _, pos = expect(0, "{")
    if text.startswith("}", space(text, pos).end()):
        return
    while True:
        key, pos = decode(text, space(text, pos).end())
        _, pos = expect(pos, ":")
        pos = space(text, pos).end()
        if key == "data" and text.startswith("{", pos):
            head["data"] = {}
            order = 0
            pos += 1
            if text.startswith("}", space(text, pos).end()):
                pos = space(text, pos).end() + 1
            else:
                key_at, colon_at, next_at = _KEY_AT.match, _COLON.match, _NEXT.match
                scan = json.JSONDecoder().scan_once     # raw_decode's C scanner, without its Python frame
                runs = _Batches(text) if needs is None else None
                while True:        # the hot loop: five C calls per entry
                    if runs is not None and runs.live and not runs.scan_left:
                        taken = runs.take(pos)
                        if taken is not None:
                            for name, value in taken[0].items():
                                yield make(name, value, order)
                                order += 1
                            pos = taken[1] + 1
                            continue
                    found = key_at(text, pos)
                    if found is None:
                        raise json.JSONDecodeError("expected a call name", text, pos)
                    name, pos = scanstring(text, found.end())
                    found = colon_at(text, pos)
                    if found is None:
                        raise json.JSONDecodeError("expected ':'", text, pos)
                    start = found.end()
                    try:
                        value, pos = scan(text, start)
                    except StopIteration as exc:
                        raise json.JSONDecodeError("Expecting value", text, exc.value) from None
                    if needs is not None and text.find(needs, start, pos) < 0:
                        value = None
                    yield make(str(name), value, order)
                    order += 1
                    if runs is not None and runs.scan_left:
                        runs.scan_left -= 1
                        if runs.separator is None:
                            runs.learn(pos)
                    found = next_at(text, pos)
                    if found is None:
                        raise json.JSONDecodeError("expected ',' or '}'", text, pos)
                    pos = found.end()
                    if found.group(1) == "}":
                        break
        else:
            head[key], pos = decode(text, pos)
        mark, pos = expect(pos, ",}")
        if mark == "}":
            break
    if space(text, pos).end() != len(text):
        raise json.JSONDecodeError("extra data", text, pos)


def raw_entries(text: str, source: str, want: Callable[[str], bool] | None = None) -> list[tuple[str, Any]]:
    """``(call, value)`` of every ``data`` entry of dump.json ``text`` as plain JSON values, streamed as
    :func:`parse_dump_json` reads them; with ``want``, only the calls it accepts keep their value (the others' is
    None: one entry at a time is held). :class:`DumpJsonError` naming ``source`` for anything it cannot read
    (damaged, cut short, nested too deeply, integers beyond Python's digit limit)."""
    try:
        return list(stream_entries(text, {}, lambda name, value, _order: (
            name, value if want is None or want(name) else None)))
    except RecursionError:
        raise DumpJsonError(f"{source}: nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        raise DumpJsonError(f"{source} is invalid or cut short at line {exc.lineno}: {exc.msg}") from None
    except (ValueError, IndexError, MemoryError) as exc:
        raise DumpJsonError(f"{source}: unreadable value ({str(exc)[:120]})") from None


def _document(doc: dict, entries: list[Entry] | None, source: str) -> DumpJson:
    """The header of a parsed document and its entries (parsed here from ``doc["data"]`` when not given)."""
    data = doc.get("data")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DumpJsonError(f"{source}: 'data' is not an object")
    if entries is None:
        entries = [parse_entry(str(k), v, i) for i, (k, v) in enumerate(data.items())]

    def text_or_none(key: str) -> str | None:
        value = doc.get(key)
        return value if isinstance(value, str) else None

    return DumpJson(text_or_none("task"), text_or_none("level"), text_or_none("framework"),
                    text_or_none("dump_data_dir"), entries)


def parse_dump_json(text: str, source: str = "dump.json") -> DumpJson:
    """Parse dump.json text; :class:`DumpJsonError` names the problem when it is not a complete dump.

    Read entry by entry (:func:`stream_entries`); a document that does not stream (damaged, cut short, not an object)
    is parsed whole for the precise message, or salvaged when cut short."""
    try:
        head: dict[str, Any] = {}
        entries = list(stream_entries(text, head))
        return _document(head, entries, source)
    except RecursionError:
        raise DumpJsonError(f"{source}: nested too deeply to read") from None
    except (json.JSONDecodeError, IndexError):
        pass
    except (ValueError, MemoryError) as exc:
        raise DumpJsonError(f"{source}: unreadable value ({str(exc)[:120]})") from None
    try:
        doc = loads(text, source)
    except json.JSONDecodeError as exc:
        if text.rstrip().endswith("}"):
            raise DumpJsonError(f"{source} is invalid at line {exc.lineno}: {exc.msg}") from None
        raise IncompleteDumpJson(f"{source} ends early (not completely written): the calls before the cut are "
                                 f"read", salvage(text)) from None
    if not isinstance(doc, dict):
        raise DumpJsonError(f"{source}: not a JSON object")
    return _document(doc, None, source)


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
            entries.append(parse_entry(name, value, len(entries)))
        except (json.JSONDecodeError, RecursionError, ValueError):
            break
    return DumpJson(head["task"], head["level"], head["framework"], None, entries)
