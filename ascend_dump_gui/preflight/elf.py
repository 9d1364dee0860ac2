"""The ``DT_NEEDED`` entries of an ELF shared object, read without loading it (no ``ldd``, no ``dlopen``).

The file is mapped, not read: only its header, section table and dynamic section are touched.
"""

from __future__ import annotations

import mmap
import struct
from pathlib import Path

_DT_NEEDED = 1
_SHT_DYNAMIC = 6


class ElfError(ValueError):
    """The file is not an ELF object this reader understands."""


def needed_libraries(path: str | Path) -> list[str]:
    """The sonames ``path`` asks the dynamic loader for, in the order it lists them."""
    with open(path, "rb") as fh:
        try:
            data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError as exc:          # an empty file
            raise ElfError(f"{path}: not an ELF file") from exc
        with data:
            return _needed(data, path)


def _needed(data: mmap.mmap, path: str | Path) -> list[str]:
    if data[:4] != b"\x7fELF" or len(data) < 64:
        raise ElfError(f"{path}: not an ELF file")
    wide = {1: False, 2: True}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if wide is None or order is None:
        raise ElfError(f"{path}: unknown ELF class or byte order")
    if wide:
        shoff, = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
        section, entry = order + "IIQQQQIIQQ", order + "qQ"
    else:
        shoff, = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
        section, entry = order + "IIIIIIIIII", order + "iI"
    try:
        headers = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
        names: list[str] = []
        for header in headers:
            if header[1] != _SHT_DYNAMIC:
                continue
            offset, size, link = header[4], header[5], header[6]
            strtab = headers[link][4]
            step = struct.calcsize(entry)
            for start in range(offset, offset + size, step):
                tag, value = struct.unpack_from(entry, data, start)
                if tag == 0:
                    break
                if tag == _DT_NEEDED:
                    end = data.find(b"\0", strtab + value)
                    if end < 0:
                        raise ValueError("unterminated name")
                    names.append(data[strtab + value:end].decode("utf-8", "replace"))
    except (struct.error, IndexError, ValueError) as exc:
        raise ElfError(f"{path}: truncated or malformed ELF file ({exc})") from exc
    return names
