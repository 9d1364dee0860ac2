"""Where the dynamic loader would find a soname: ``LD_LIBRARY_PATH``, ``/etc/ld.so.cache``, the default folders.

A lookup costs microseconds, where ``dlopen`` costs milliseconds per library; the check asks the real loader
only about the libraries this lookup cannot place.
"""

from __future__ import annotations

import functools
import os
import struct
from pathlib import Path

LD_SO_CACHE = Path("/etc/ld.so.cache")
_MAGIC = b"glibc-ld.so.cache1.1"
_HEADER = struct.Struct("<II B 3x I 12x")       # nlibs, len_strings, flags, extension offset
_ENTRY = struct.Struct("<iIIIQ")                # flags, key, value, osversion, hwcap
_ARCH_FLAGS = {"x86_64": 0x0303, "aarch64": 0x0A03}   # FLAG_ELF_LIBC6 | FLAG_<arch>_LIB64
_DEFAULT_DIRS = ("/lib64", "/usr/lib64", "/lib", "/usr/lib")


@functools.lru_cache(maxsize=4)
def cached_libraries(path: Path = LD_SO_CACHE) -> dict[str, str]:
    """soname -> path from ld.so.cache's new-format table (empty when unreadable or in another format)."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    start = data.find(_MAGIC)
    if start < 0:
        return {}
    try:
        nlibs, _, _, _ = _HEADER.unpack_from(data, start + len(_MAGIC))
        first = start + len(_MAGIC) + _HEADER.size
        wanted = _ARCH_FLAGS.get(os.uname().machine)
        found: dict[str, str] = {}
        for i in range(nlibs):
            flags, key, value, _, _ = _ENTRY.unpack_from(data, first + i * _ENTRY.size)
            if wanted is not None and flags & 0xFFFF != wanted:
                continue
            name = data[start + key:data.index(b"\0", start + key)].decode("utf-8", "replace")
            found.setdefault(name, data[start + value:data.index(b"\0", start + value)].decode("utf-8", "replace"))
        return found
    except (struct.error, ValueError):
        return {}


def locate(soname: str, env: dict[str, str] | None = None) -> Path | None:
    """The file the loader would open for ``soname``, or ``None`` when none of its places has it."""
    env = os.environ if env is None else env
    dirs = [d for d in env.get("LD_LIBRARY_PATH", "").split(":") if d]
    for folder in dirs:
        if (Path(folder) / soname).is_file():
            return Path(folder) / soname
    cached = cached_libraries().get(soname)
    if cached and Path(cached).is_file():
        return Path(cached)
    for folder in _DEFAULT_DIRS:
        if (Path(folder) / soname).is_file():
            return Path(folder) / soname
    return None
