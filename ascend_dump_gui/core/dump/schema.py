"""The DumpData protobuf schema, read from ``dump_data.proto`` next to this file.

The ``.proto`` is the single source of truth. A small reader for the subset of proto3 the file uses (enums,
messages, scalar/enum/message fields, one nested enum) turns it into plain tables at import time: the enum tables
below come from them without protobuf. The message classes (``DumpData``, ``OpInput``, ``OpOutput``), the
``FILE_DESCRIPTOR`` handed to the ``protobuf`` runtime and its ``DecodeError`` are made on first use (a module
attribute looked up once), so no ``protoc`` step is needed and what reads no dump header never loads protobuf.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROTO_PATH = Path(__file__).with_name("dump_data.proto")
PACKAGE = "toolkit.dumpdata"
_SCALARS = ("string", "bytes", "uint64", "uint32", "int32", "int64", "bool")
"""The scalar types the file uses (protobuf's ``FieldDescriptorProto.TYPE_<NAME>``)."""
_TOKEN = re.compile(r'\s*(?:(//[^\n]*)|([A-Za-z_][\w.]*|\d+|[{}=;]|"[^"]*"))')


@dataclass
class _Message:
    name: str
    fields: list[tuple[bool, str, str, int]] = field(default_factory=list)   # repeated, type, name, number
    enums: dict[str, list[tuple[str, int]]] = field(default_factory=dict)


@dataclass
class _Proto:
    enums: dict[str, list[tuple[str, int]]] = field(default_factory=dict)   # top-level enum -> (value, number)
    messages: list[_Message] = field(default_factory=list)


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ValueError(f"{PROTO_PATH.name}: cannot read schema at offset {pos}")
        pos = m.end()
        if m.group(2):
            out.append(m.group(2))
    return out


def _parse(text: str) -> _Proto:
    tok = _tokens(text)
    proto = _Proto()
    i = 0

    def enum_block(target: dict[str, list[tuple[str, int]]], name: str) -> None:
        nonlocal i
        values = target[name] = []
        i += 1  # '{'
        while tok[i] != "}":
            values.append((tok[i], int(tok[i + 2])))
            i += 4  # NAME = N ;
        i += 1

    while i < len(tok):
        kw = tok[i]
        if kw == "syntax":
            i += 4
        elif kw == "package":
            if tok[i + 1] != PACKAGE:
                raise ValueError(f"{PROTO_PATH.name}: package {tok[i + 1]!r}, expected {PACKAGE!r}")
            i += 3
        elif kw == "enum":
            i += 2
            enum_block(proto.enums, tok[i - 1])
        elif kw == "message":
            msg = _Message(tok[i + 1])
            proto.messages.append(msg)
            i += 3
            while tok[i] != "}":
                if tok[i] == "enum":
                    i += 2
                    enum_block(msg.enums, tok[i - 1])
                    continue
                repeated = tok[i] == "repeated"
                i += repeated
                msg.fields.append((repeated, tok[i], tok[i + 1], int(tok[i + 3])))
                i += 5  # TYPE NAME = N ;
            i += 1
        else:
            raise ValueError(f"{PROTO_PATH.name}: unexpected token {kw!r}")
    return proto


def _descriptor(proto: _Proto) -> Any:
    """``proto`` as protobuf's ``FileDescriptorProto``."""
    from google.protobuf import descriptor_pb2

    f = descriptor_pb2.FieldDescriptorProto
    fdp = descriptor_pb2.FileDescriptorProto(name="ascend_dump_gui/dump_data.proto", syntax="proto3",
                                             package=PACKAGE)

    def add_enums(target: Any, enums: dict[str, list[tuple[str, int]]]) -> None:
        for name, values in enums.items():
            e = target.add(name=name)
            for value, number in values:
                e.value.add(name=value, number=number)

    add_enums(fdp.enum_type, proto.enums)
    enum_names = set(proto.enums) | {name for m in proto.messages for name in m.enums}
    for m in proto.messages:
        msg = fdp.message_type.add(name=m.name)
        add_enums(msg.enum_type, m.enums)
        for repeated, ftype, fname, number in m.fields:
            label = f.LABEL_REPEATED if repeated else f.LABEL_OPTIONAL
            entry = msg.field.add(name=fname, number=number, label=label)
            if ftype in _SCALARS:
                entry.type = getattr(f, f"TYPE_{ftype.upper()}")
            else:
                entry.type = f.TYPE_ENUM if ftype in enum_names else f.TYPE_MESSAGE
                scope = f"{m.name}." if ftype in m.enums else ""
                entry.type_name = f".{PACKAGE}.{scope}{ftype}"
    return fdp


_PROTO = _parse(PROTO_PATH.read_text(encoding="utf-8"))
_RUNTIME = ("FILE_DESCRIPTOR", "DumpData", "OpInput", "OpOutput", "DecodeError")
"""What needs the protobuf runtime: made by :func:`__getattr__` on first use."""
_LOCK = threading.Lock()


def __getattr__(name: str) -> Any:
    """The protobuf side of the schema (:data:`_RUNTIME`), made once, on first use (from any thread)."""
    if name not in _RUNTIME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with _LOCK:
        if name not in globals():
            from google.protobuf import descriptor_pool, message, message_factory

            descriptor = _descriptor(_PROTO)
            pool = descriptor_pool.DescriptorPool()
            pool.Add(descriptor)
            made = {m: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{PACKAGE}.{m}"))
                    for m in ("DumpData", "OpInput", "OpOutput")}
            globals().update(made, FILE_DESCRIPTOR=descriptor, DecodeError=message.DecodeError)
    return globals()[name]


def _enum_table(name: str) -> dict[int, str]:
    return {number: value for value, number in _PROTO.enums[name]}


DATA_TYPE_NAMES: dict[int, str] = _enum_table("OutputDataType")
"""Proto ``OutputDataType`` number -> name, e.g. 2 -> ``DT_FLOAT16``."""
FORMAT_NAMES: dict[int, str] = {k: v.removeprefix("FORMAT_") for k, v in _enum_table("OutputFormat").items()}
"""Proto ``OutputFormat`` number -> name without the ``FORMAT_`` prefix, e.g. 3 -> ``NC1HWC0``."""
DATA_TYPE_CODES: dict[str, int] = {v: k for k, v in DATA_TYPE_NAMES.items()}
FORMAT_CODES: dict[str, int] = {v: k for k, v in FORMAT_NAMES.items()}
