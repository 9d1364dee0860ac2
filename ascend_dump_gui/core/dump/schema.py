"""The DumpData protobuf schema, built at import time from ``dump_data.proto`` next to this file.

The ``.proto`` is the single source of truth; it is turned into a ``FileDescriptorProto`` (a small
reader for the subset of proto3 the file uses: enums, messages, scalar/enum/message fields, one nested
enum) and handed to the ``protobuf`` runtime, so no ``protoc`` build step is needed.
"""

from __future__ import annotations

import re
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

PROTO_PATH = Path(__file__).with_name("dump_data.proto")

_F = descriptor_pb2.FieldDescriptorProto
_SCALARS = {
    "string": _F.TYPE_STRING, "bytes": _F.TYPE_BYTES, "uint64": _F.TYPE_UINT64,
    "uint32": _F.TYPE_UINT32, "int32": _F.TYPE_INT32, "int64": _F.TYPE_INT64, "bool": _F.TYPE_BOOL,
}
_TOKEN = re.compile(r'\s*(?:(//[^\n]*)|([A-Za-z_][\w.]*|\d+|[{}=;]|"[^"]*"))')


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


def _parse(text: str) -> descriptor_pb2.FileDescriptorProto:
    tok = _tokens(text)
    fdp = descriptor_pb2.FileDescriptorProto(name="ascend_dump_gui/dump_data.proto", syntax="proto3")
    enums: set[str] = set()
    i = 0

    def enum_block(target, name: str) -> int:
        nonlocal i
        e = target.add(name=name)
        i += 1  # '{'
        while tok[i] != "}":
            e.value.add(name=tok[i], number=int(tok[i + 2]))
            i += 4  # NAME = N ;
        i += 1
        return i

    while i < len(tok):
        kw = tok[i]
        if kw == "syntax":
            i += 4
        elif kw == "package":
            fdp.package = tok[i + 1]
            i += 3
        elif kw == "enum":
            enums.add(tok[i + 1])
            i += 2
            enum_block(fdp.enum_type, tok[i - 1])
        elif kw == "message":
            msg = fdp.message_type.add(name=tok[i + 1])
            i += 3
            while tok[i] != "}":
                if tok[i] == "enum":
                    enums.add(f"{msg.name}.{tok[i + 1]}")
                    enums.add(tok[i + 1])
                    i += 2
                    enum_block(msg.enum_type, tok[i - 1])
                    continue
                label = _F.LABEL_OPTIONAL
                if tok[i] == "repeated":
                    label = _F.LABEL_REPEATED
                    i += 1
                ftype, fname, number = tok[i], tok[i + 1], int(tok[i + 3])
                field = msg.field.add(name=fname, number=number, label=label)
                if ftype in _SCALARS:
                    field.type = _SCALARS[ftype]
                else:
                    field.type = _F.TYPE_ENUM if ftype in enums else _F.TYPE_MESSAGE
                    scope = f"{msg.name}." if any(e.name == ftype for e in msg.enum_type) else ""
                    field.type_name = f".{fdp.package}.{scope}{ftype}"
                i += 5  # TYPE NAME = N ;
            i += 1
        else:
            raise ValueError(f"{PROTO_PATH.name}: unexpected token {kw!r}")
    return fdp


FILE_DESCRIPTOR = _parse(PROTO_PATH.read_text(encoding="utf-8"))
_pool = descriptor_pool.DescriptorPool()
_pool.Add(FILE_DESCRIPTOR)


def _message(name: str):
    return message_factory.GetMessageClass(_pool.FindMessageTypeByName(f"toolkit.dumpdata.{name}"))


DumpData = _message("DumpData")
OpInput = _message("OpInput")
OpOutput = _message("OpOutput")


def _enum_table(name: str) -> dict[int, str]:
    return {v.number: v.name for v in _pool.FindEnumTypeByName(f"toolkit.dumpdata.{name}").values}


DATA_TYPE_NAMES: dict[int, str] = _enum_table("OutputDataType")
"""Proto ``OutputDataType`` number -> name, e.g. 2 -> ``DT_FLOAT16``."""
FORMAT_NAMES: dict[int, str] = {k: v.removeprefix("FORMAT_") for k, v in _enum_table("OutputFormat").items()}
"""Proto ``OutputFormat`` number -> name without the ``FORMAT_`` prefix, e.g. 3 -> ``NC1HWC0``."""
DATA_TYPE_CODES: dict[str, int] = {v: k for k, v in DATA_TYPE_NAMES.items()}
FORMAT_CODES: dict[str, int] = {v: k for k, v in FORMAT_NAMES.items()}
