"""The operator compile cache's companion file op_cache.ini and the variables it overrides (seed 002:
op_compiler_cache_mode notes, op_compiler_cache_dir).

The file sits in the cache folder (op_compiler_cache_dir, else ${ASCEND_CACHE_PATH}/kernel_cache); it is read when it
exists here. It takes effect only when max_op_cache_size and remain_cache_size_ratio are valid, and then wins over
ASCEND_MAX_OP_CACHE_SIZE / ASCEND_REMAIN_CACHE_SIZE_RATIO.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import MAX_READ_BYTES, text
from ascend_dump_gui.core.messages import Text, msg

SOURCE = "seed 002: op_compiler_cache_mode (op_cache.ini)"
SECTION = "op_compiler_cache"
CACHE_ENV = ("ASCEND_MAX_OP_CACHE_SIZE", "ASCEND_REMAIN_CACHE_SIZE_RATIO")
_INT = re.compile(r"[+-]?\d+")


def cache_folders(values: Mapping[str, Any], ctx: CheckContext) -> list[Path]:
    """Where op_cache.ini may be: the op_compiler_cache_dir folder (and its kernel_cache), else ASCEND_CACHE_PATH's
    kernel_cache; relative folders resolve against ``ctx.base_dir``. The $HOME default is not read (it is this
    machine's home, not the job's)."""
    folder = text(values, "op_compiler_cache_dir")
    if folder:
        base = Path(folder).expanduser()
        if not base.is_absolute():
            if ctx.base_dir is None:
                return []
            base = ctx.base_dir / base
        return [base, base / "kernel_cache"]
    env = ctx.env.get("ASCEND_CACHE_PATH", "").strip()
    return [Path(env) / "kernel_cache"] if env.startswith("/") else []


def read_op_cache_ini(values: Mapping[str, Any], ctx: CheckContext) -> tuple[Path, str] | None:
    """(path, text) of the first op_cache.ini found in the cache folders, else None."""
    if text(values, "op_compiler_cache_mode", default=True) == "disable":
        return None
    for folder in cache_folders(values, ctx):
        path = folder / "op_cache.ini"
        try:
            if path.is_file() and path.stat().st_size <= MAX_READ_BYTES:
                return path, path.read_text(encoding="utf-8", errors="replace")
        except (OSError, ValueError):
            continue
    return None


def parse_op_cache_ini(content: str) -> tuple[bool, dict[str, str]]:
    """(whether the [op_compiler_cache] header is there, key -> value of its lines)."""
    entries: dict[str, str] = {}
    header = False
    for line in content.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            header = header or line[1:-1].strip() == SECTION
            continue
        key, sep, value = line.partition("=")
        if sep:
            entries[key.strip()] = value.strip()
    return header, entries


def ini_problems(header: bool, entries: Mapping[str, str]) -> list[Text]:
    """Why the file would not take effect ([] when it does)."""
    problems = []
    if not header:
        problems.append(msg("the [op_compiler_cache] header line is missing"))
    size = entries.get("max_op_cache_size")
    if size is None or not _INT.fullmatch(size) or not (int(size) == -1 or int(size) > 0):
        problems.append(msg("max_op_cache_size is {value!r}; it must be a size in MB above 0, or -1 to turn aging "
                            "off", value=size if size is not None else "missing"))
    ratio = entries.get("remain_cache_size_ratio")
    if ratio is None or not _INT.fullmatch(ratio) or not 1 <= int(ratio) <= 100:
        problems.append(msg("remain_cache_size_ratio is {value!r}; it must be a whole percentage in [1, 100]",
                            value=ratio if ratio is not None else "missing"))
    return problems


def _ini_content(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    found = read_op_cache_ini(values, ctx)
    if found is None:
        return
    path, content = found
    problems = ini_problems(*parse_op_cache_ini(content))
    if problems:
        yield Hit(msg("{path}: {problems}. The file takes effect only when both values are valid, so it is ignored "
                      "and the cache keeps the variables' or default limits (500 MB, 50% kept).",
                      path=str(path), problems="; ".join(problems)))


def _ini_over_env(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    found = read_op_cache_ini(values, ctx)
    shadowed = [name for name in CACHE_ENV if ctx.env.get(name, "").strip()]
    if not shadowed or text(values, "op_compiler_cache_mode", default=True) == "disable":
        return
    if found is None:
        if text(values, "op_compiler_cache_dir"):   # not readable here: the compiler writes one after a build
            yield Hit(msg("{shadowed} is set, but the compiler writes op_cache.ini into op_compiler_cache_dir after "
                          "the first build, and a valid op_cache.ini takes precedence over the variables.",
                          shadowed=", ".join(shadowed)), ("op_compiler_cache_dir", *shadowed))
        return
    if ini_problems(*parse_op_cache_ini(found[1])):
        return
    yield Hit(msg("{path} sets the cache limits, and op_cache.ini takes precedence over {shadowed}, which are not "
                  "used.", path=str(found[0]), shadowed=", ".join(shadowed)),
              ("op_compiler_cache_dir", *shadowed))


def _ratio_env(values: Mapping[str, Any], ctx: CheckContext) -> bool:
    value = ctx.env.get("ASCEND_REMAIN_CACHE_SIZE_RATIO", "").strip()
    if text(values, "op_compiler_cache_mode", default=True) == "disable":
        return False
    return bool(value) and not (_INT.fullmatch(value) and 1 <= int(value) <= 100)


CACHE_RULES = (
    Scan("tf1.op_cache_ini_invalid", Severity.WARNING, ("op_compiler_cache_dir", "ASCEND_CACHE_PATH"), _ini_content,
         SOURCE + " \"takes effect only when the values of max_op_cache_size and remain_cache_size_ratio ... are "
         "valid\""),
    Scan("tf1.op_cache_ini_over_env", Severity.INFO, ("op_compiler_cache_dir",) + CACHE_ENV, _ini_over_env,
         SOURCE + " \"the configuration items in op_cache.ini take precedence\""),
    When("tf1.remain_cache_ratio_env", Severity.WARNING, ("ASCEND_REMAIN_CACHE_SIZE_RATIO",), _ratio_env,
         "ASCEND_REMAIN_CACHE_SIZE_RATIO must be a whole percentage in [1, 100]; other values are not used.",
         SOURCE),
)
