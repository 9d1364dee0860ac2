"""GE graph dumps (``DUMP_GE_GRAPH``): ``ge_proto*.txt`` (ge.proto ModelDef/GraphDef/OpDef in protobuf
text format) and ``ge_onnx*.pbtxt``, parsed with a small tokenizer; execution order; and the seed 003
procedure that picks the model_name dump folder of the computational graph.
"""

from __future__ import annotations

import codecs
import heapq
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.errors import InputError

ORIGIN_NAMES_ATTR = "_datadump_original_op_names"
ORIGIN_NAME_ATTR = "_datadump_origin_name"
ORIGIN_INDEX_ATTR = "_datadump_origin_output_index"
_DATA_SOURCE_MARKERS = ("Iterator", "GetNext")
MAX_GRAPH_BYTES = 2 << 30
"""A graph file larger than this is refused. The text is read in chunks and tokenized as it comes (never held
whole); what stays is the parsed blocks."""
MAX_FIELDS = 10_000_000
"""A file of more fields and block ends than this (some 700,000 ops; a 20,000-op graph has 300,000) is refused:
parsed, they take about 15 times the text's size, so the byte limit alone would allow tens of gigabytes."""
MAX_TOKEN_CHARS = 256 << 20
"""A single value (a string such as a weight's bytes, a run of blanks) longer than this is refused (unless it
runs to the end of the file: the window never holds more than this and one chunk)."""
_CHUNK_BYTES = 8 << 20
_MARGIN = 1 << 16
"""A token is taken only when the token after it ends this far before the end of the text read so far (or the
file has ended), so a chunk boundary never cuts one."""
_BLANKS = re.compile(r"\s*")
_LONG_START = re.compile(r"""\s*(?:#[^\n]*\s*)*(?:[A-Za-z_][\w.]*\s*:?\s*)?(?:["']|\Z)""")
"""Where a window too long to hold a token stops: at a string (or blanks, or a comment) that runs on."""
MAX_DEPTH = 64
"""Blocks nested deeper than this are refused (GE nests a handful of levels)."""

_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"' + r"|'[^'\\]*(?:\\.[^'\\]*)*'"
_TOKEN = re.compile(
    r"\s*(?:#[^\n]*\s*)*(?:(?P<close>[}>])|(?P<key>[A-Za-z_][\w.]*)\s*:?\s*(?:(?P<open>[{<])"
    rf"|(?P<str>(?:{_STRING})(?:\s*(?:{_STRING}))*)|(?P<scalar>[^\s{{}}<>\"'#]+))|(?P<end>\Z))")
_STR_PART = re.compile(_STRING)
_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))", re.S)
_UNUSUAL_ESCAPE = re.compile(rb"\\[^0-7xntrabfv\\'\"]")
_SIMPLE_ESCAPES = {b"n": b"\n", b"t": b"\t", b"r": b"\r", b"a": b"\x07", b"b": b"\b", b"f": b"\f", b"v": b"\v"}

Message = list  # [(key, str | Message), ...] in file order


@dataclass(frozen=True, slots=True)
class TensorDesc:
    """An ``input_desc``/``output_desc`` entry: device dtype/layout/shape and its attributes."""

    dtype: str | None = None
    layout: str | None = None
    shape: tuple[int, ...] | None = None
    attrs: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Op:
    """One graph op. ``inputs`` are ``"producer:index"`` strings (``:-1`` is a control edge)."""

    name: str
    type: str
    inputs: tuple[str, ...] = ()
    attrs: dict = field(default_factory=dict)
    input_descs: tuple[TensorDesc, ...] = ()
    output_descs: tuple[TensorDesc, ...] = ()
    id: int | None = None

    @property
    def origin_names(self) -> tuple[str, ...]:
        """The golden ops fused into this op: ``_datadump_original_op_names`` if present (may be empty),
        else this op's own name."""
        names = self.attrs.get(ORIGIN_NAMES_ATTR)
        if names is None:
            return (self.name,)
        return (names,) if isinstance(names, str) else tuple(str(n) for n in _as_list(names))

    def output_origin(self, index: int) -> tuple[str, int] | None:
        """``(origin_name, origin_output_index)`` of output ``index`` (``output_desc[0]`` if out of range)."""
        if not self.output_descs:
            return None
        desc = self.output_descs[index] if index < len(self.output_descs) else self.output_descs[0]
        name = desc.attrs.get(ORIGIN_NAME_ATTR)
        origin_index = desc.attrs.get(ORIGIN_INDEX_ATTR, index)
        if not isinstance(origin_index, int) or isinstance(origin_index, bool):
            origin_index = index     # a damaged attribute: the output's own index
        return None if name is None else (str(name), origin_index)


@dataclass(frozen=True, slots=True)
class Graph:
    """A graph of a dump file: ``ops`` in file order; ``index`` is its position in ``source``."""

    name: str
    ops: tuple[Op, ...]
    source: str = ""
    index: int = 0
    attrs: dict = field(default_factory=dict)


def unescape(raw: str) -> bytes:
    """The bytes of one quoted text-format string (quotes included in ``raw``)."""
    body = raw[1:-1].encode("utf-8", "surrogateescape")
    if b"\\" not in body:
        return body
    if _UNUSUAL_ESCAPE.search(body.replace(b"\\\\", b"")) is None:
        try:  # protobuf's C escapes are a subset of Python's: decode them in C
            return body.decode("unicode_escape").encode("latin-1")
        except UnicodeDecodeError:
            pass
    return _ESCAPE.sub(_replace_escape, body)


def _replace_escape(m: re.Match) -> bytes:
    if m.group(1):
        return bytes([int(m.group(1), 8) & 0xFF])
    if m.group(2):
        return bytes([int(m.group(2), 16)])
    return _SIMPLE_ESCAPES.get(m.group(3), m.group(3))


def _string_value(raw: str) -> bytes:
    return b"".join(unescape(part) for part in _STR_PART.findall(raw))


def parse_text(text: str, path: str | os.PathLike = "<text>") -> Message:
    """Tokenize protobuf text format into nested ``[(key, value)]`` lists (strings stay quoted)."""
    return parse_stream((text,), path)


def parse_stream(pieces: Iterable[str], path: str | os.PathLike = "<text>") -> Message:
    """:func:`parse_text` of the concatenation of ``pieces``, tokenized as they come: only a window of the text
    is held (at least :data:`_MARGIN` ahead of the token taken, at most one token of :data:`MAX_TOKEN_CHARS`)."""
    root: Message = []
    stack = [root]
    match = _TOKEN.match
    source = iter(pieces)
    text, pos, lines, eof = "", 0, 0, False    # lines: newlines in the text already dropped

    def line_at(at: int) -> int:
        return lines + text.count("\n", 0, at) + 1

    def plain_error(at: int) -> bool:
        """No token at ``at``, and none cut by the window's end either (no string or blank run to it)."""
        return len(text) - at >= _MARGIN and _LONG_START.match(text, at) is None and match(text, at) is None

    checked = None      # the match at ``pos``, found (and its own follower checked) as the last one's follower
    limit = -1          # tokens must end before this (the window's end less the margin)
    fields = 0
    intern = sys.intern     # keys repeat (name, type, dim, ...): one string each
    while True:
        m = checked or (None if not eof and pos > limit else match(text, pos))
        checked = None
        stuck = pos
        if not eof and m is not None:
            # A token cut by the window's end can match as something shorter (``name: "ab`` as key ``nam``,
            # value ``e:``); what follows it then cannot start a token. So a token is taken only when the next
            # one matches too, ending at least the margin before the window's end.
            end = m.end()
            checked = match(text, end)
            if checked is None:
                if not plain_error(end):    # else the token is whole; the error after it is said when reached
                    stuck, m = end, None
            elif checked.end() > limit:
                stuck, m, checked = end, None, None
        if not eof and m is None:
            if plain_error(stuck):
                raise InputError(path, "not protobuf text format (unexpected text)",
                                 line=line_at(_BLANKS.match(text, stuck).end()))
            wanted = max(len(text) - pos, _MARGIN)     # double the window: a long token is joined once or twice
            if wanted > MAX_TOKEN_CHARS:
                if not any(source):          # the rest of the file is read already: parse what is held
                    eof = True
                    continue
                if _LONG_START.match(text, stuck) is None:
                    raise InputError(path, "not protobuf text format (unexpected text)",
                                     line=line_at(_BLANKS.match(text, stuck).end()))
                raise InputError(path, f"a string or blank run longer than {MAX_TOKEN_CHARS >> 20} MiB, or a "
                                       "string never closed", line=line_at(stuck))
            more: list[str] = []
            got = 0
            for piece in source:
                more.append(piece)
                got += len(piece)
                if got >= wanted:
                    break
            else:
                eof = True
            lines += text.count("\n", 0, pos)
            text, pos = text[pos:] + "".join(more), 0
            limit = len(text) - _MARGIN
            continue
        if m is None:
            raise InputError(path, "not protobuf text format (unexpected text)",
                             line=line_at(_BLANKS.match(text, pos).end()))
        pos = m.end()
        fields += 1
        if fields > MAX_FIELDS:
            raise InputError(path, f"more than {MAX_FIELDS:,} fields (some 700,000 ops), not read",
                             line=line_at(pos))
        if m.group("close"):
            if len(stack) == 1:
                raise InputError(path, "unbalanced '}'", line=line_at(pos))
            stack.pop()
        elif m.group("open"):
            if len(stack) > MAX_DEPTH:
                raise InputError(path, f"blocks nested more than {MAX_DEPTH} levels deep", line=line_at(pos))
            child: Message = []
            stack[-1].append((intern(m.group("key")), child))
            stack.append(child)
        elif m.group("key") is not None:
            stack[-1].append((intern(m.group("key")), m.group("str") or m.group("scalar")))
        else:
            break
    if len(stack) != 1:
        raise InputError(path, "unexpected end of file inside a '{' block", line=line_at(len(text)))
    return root


def _scalar(raw: str):
    """A text-format scalar: quoted string, bool, int, float, or an enum name (kept as text)."""
    if raw[0] in "\"'":
        return _string_value(raw).decode("utf-8", "replace")
    if raw in ("true", "True"):
        return True
    if raw in ("false", "False"):
        return False
    for convert in (int, lambda r: int(r, 0), float, lambda r: float(r[:-1]) if r[-1] in "fF" else r):
        try:
            return convert(raw)
        except ValueError:
            continue
    return raw  # an enum name such as DT_FLOAT or VT_LIST_INT


_REPEATED = frozenset({"input", "output", "node", "attribute", "ints", "floats", "strings", "dim"})


def _plain(value):
    """A text-format value as Python: scalars converted, messages as dicts (repeated fields as lists)."""
    if isinstance(value, str):
        return _scalar(value)
    out: dict = {}
    for key, item in value:
        out.setdefault(key, []).append(_plain(item))
    return {k: v if k in _REPEATED or len(v) > 1 else v[0] for k, v in out.items()}


_LIST_KEYS = ("s", "i", "f", "b", "bt", "dt")
_ONNX_VALUE_KEYS = ("s", "i", "f", "ints", "floats", "strings")


def _attr_value(value: Message):
    """A ge.proto ``AttrDef`` as Python: s/i/f/b/dt scalars, ``bt`` bytes, lists (``val_type`` ignored)."""
    for key, item in value:
        if key == "bt" and isinstance(item, str):
            return _string_value(item)
        if key in _LIST_KEYS and isinstance(item, str):
            return _scalar(item)
        if key == "list" and not isinstance(item, str):
            return [_string_value(v) if k == "bt" else _scalar(v)
                    for k, v in item if k in _LIST_KEYS and isinstance(v, str)]
        if key != "val_type":
            return _plain(item)
    return None


def _attr_map(message: Message) -> dict:
    attrs: dict = {}
    for key, item in message:
        if key == "attr" and not isinstance(item, str):
            entry = dict((k, v) for k, v in item if k in ("key", "value"))
            if "key" in entry and not isinstance(entry["key"], Message):
                attrs[_scalar(entry["key"])] = _attr_value(entry.get("value", []))
    return attrs


def _tensor_desc(message: Message) -> TensorDesc:
    dtype = layout = None
    shape = None
    for key, item in message:
        if key == "dtype" and isinstance(item, str):
            dtype = str(_scalar(item))
        elif key == "layout" and isinstance(item, str):
            layout = _scalar(item)
        elif key == "shape" and not isinstance(item, str):
            shape = tuple(int(v) for k, v in item if k == "dim")
    return TensorDesc(dtype, layout, shape, _attr_map(message))


def _ge_op(message: Message) -> Op:
    fields: dict = {"name": "", "type": "", "id": None}
    inputs, in_descs, out_descs = [], [], []
    for key, item in message:
        if isinstance(item, str):
            if key in ("name", "type"):
                fields[key] = _scalar(item)
            elif key == "input":
                source = _scalar(item)
                if source:
                    inputs.append(source)
            elif key == "id":
                value = _scalar(item)
                fields["id"] = value if isinstance(value, int) and not isinstance(value, bool) else None
        elif key == "input_desc":
            in_descs.append(_tensor_desc(item))
        elif key == "output_desc":
            out_descs.append(_tensor_desc(item))
    return Op(fields["name"], fields["type"], tuple(inputs), _attr_map(message), tuple(in_descs),
              tuple(out_descs), fields["id"])


def _onnx_op(message: Message) -> Op:
    node = _plain(message)
    attrs = {}
    for attr in _as_list(node.get("attribute")):
        value = next((attr[k] for k in _ONNX_VALUE_KEYS if k in attr), None)
        attrs[attr.get("name", "")] = value
    op_type = str(node.get("op_type", ""))
    return Op(str(node.get("name", "")), op_type.removeprefix("ge:"),
              tuple(s for s in _as_list(node.get("input")) if s), attrs)


def _as_list(value) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]


def _graph(message: Message, source: str, index: int) -> Graph:
    is_onnx = any(key == "node" for key, _ in message)
    name = next((_scalar(v) for k, v in message if k == "name" and isinstance(v, str)), "")
    ops = tuple((_onnx_op if is_onnx else _ge_op)(v) for k, v in message
                if k == ("node" if is_onnx else "op") and not isinstance(v, str))
    return Graph(str(name), ops, source, index, {} if is_onnx else _attr_map(message))


def parse_graph_file(path: str | os.PathLike) -> list[Graph]:
    """All graphs of a GE graph dump (``ge_proto*.txt`` ModelDef or bare GraphDef, or ``ge_onnx*.pbtxt``).
    :class:`InputError` naming the file for anything that is not one (unreadable, too large, binary)."""
    model = parse_stream(_graph_pieces(path), path)
    blocks = [v for k, v in model if k == "graph" and not isinstance(v, str)]
    if not blocks and any(k == "op" for k, _ in model):
        blocks = [model]  # a bare GraphDef
    if not blocks:
        raise InputError(path, "no graph in this file (expected 'graph { ... }' blocks)")
    try:
        return [_graph(block, os.fspath(path), i) for i, block in enumerate(blocks)]
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise InputError(path, f"a graph field is not what ge.proto allows ({str(exc)[:120]})") from None


def _graph_pieces(path: str | os.PathLike) -> Iterator[str]:
    """The text of a graph file in chunks: only a regular file (a FIFO or device would block or never end) of at
    most :data:`MAX_GRAPH_BYTES`, and only text (a NUL byte is binary content: a text dump has none)."""
    try:
        with open(path, "rb", opener=_open_nonblocking) as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise InputError(path, "not a regular file (a FIFO, device or folder is not a graph dump)")
            if st.st_size > MAX_GRAPH_BYTES:
                raise InputError(path, f"graph file larger than {MAX_GRAPH_BYTES >> 30} GiB, not read")
            decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")
            done = 0
            while data := fh.read(_CHUNK_BYTES):
                nul = data.find(b"\0")
                if nul >= 0:
                    raise InputError(path, f"binary content (a NUL byte at offset {done + nul}): not a graph text "
                                           "dump")
                done += len(data)
                if done > MAX_GRAPH_BYTES:
                    raise InputError(path, f"graph file larger than {MAX_GRAPH_BYTES >> 30} GiB, not read")
                yield decoder.decode(data)
            yield decoder.decode(b"", final=True)
    except OSError as exc:
        raise InputError(path, f"cannot read graph file: {exc.strerror or exc}") from exc


def _open_nonblocking(path: str, flags: int) -> int:
    """Open without waiting for a FIFO's writer (the file type is checked right after)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def execution_order(graph: Graph) -> list[str]:
    """Op names in a topological order of the data and control edges, ties broken by ``id`` / file order."""
    position = {op.name: (op.id if op.id is not None else i, i) for i, op in enumerate(graph.ops)}
    waiting = {op.name: 0 for op in graph.ops}
    consumers: dict[str, list[str]] = {}
    for op in graph.ops:
        for source in {s.rsplit(":", 1)[0] for s in op.inputs}:
            if source in position and source != op.name:
                waiting[op.name] += 1
                consumers.setdefault(source, []).append(op.name)
    ready = [(position[name], name) for name, n in waiting.items() if n == 0]
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        _, name = heapq.heappop(ready)
        order.append(name)
        for consumer in consumers.get(name, ()):
            waiting[consumer] -= 1
            if waiting[consumer] == 0:
                heapq.heappush(ready, (position[consumer], consumer))
    if len(order) < len(graph.ops):  # a cycle: keep the rest in file order
        placed = set(order)
        order += [op.name for op in graph.ops if op.name not in placed]
    return order


def computational_graph(graphs: Sequence[Graph]) -> Graph | None:
    """Seed 003: the graph whose ops include the Iterator/GetNext (the first graph of that file)."""
    for graph in graphs:
        if any(marker in op.type or marker in op.name for op in graph.ops for marker in _DATA_SOURCE_MARKERS):
            if graph.index == 0:
                return graph
            return next((g for g in graphs if g.source == graph.source and g.index == 0), graph)
    return None


def _trailing_id(name: str) -> str:
    return name.rsplit("_", 1)[-1]


def _match_folder(graph_name: str, folders: Sequence[str | os.PathLike]) -> str | None:
    wanted = sanitize_part(graph_name)
    names = [os.path.basename(os.fspath(f).rstrip("/\\")) for f in folders]
    for folder, name in zip(folders, names, strict=True):
        if name == wanted:
            return os.fspath(folder)
    same_id = [f for f, n in zip(folders, names, strict=True) if _trailing_id(n) == _trailing_id(wanted)]
    return os.fspath(same_id[0]) if len(same_id) == 1 else None


def choose_model_folder(model_folders: Sequence[str | os.PathLike], graphs: Iterable[Graph]) -> str | None:
    """The model_name folder (as given) holding the computational graph's dumps, or None.

    Seed 003: the graph with the Iterator/GetNext op is the computational graph; its folder is the one
    with the same (sanitised) name, else the only one with the same trailing id (msaccucmp batch compare).
    Without an Iterator/GetNext op anywhere, the largest graph (with the subgraphs of its file) that has a
    folder is taken.
    """
    graphs = list(graphs)
    chosen = computational_graph(graphs)
    if chosen is not None:
        return _match_folder(chosen.name, model_folders)
    file_ops: dict[str, int] = {}
    for graph in graphs:
        file_ops[graph.source] = file_ops.get(graph.source, 0) + len(graph.ops)

    def size(graph: Graph) -> int:
        return file_ops[graph.source] if graph.index == 0 and graph.source else len(graph.ops)

    for graph in sorted(graphs, key=lambda g: -size(g)):
        folder = _match_folder(graph.name, model_folders)
        if folder is not None:
            return folder
    return None
