"""The per-operator dtype files: customize_dtypes lines and ATC ``--keep_dtype`` lines, read and written.

customize_dtypes: ``OpName::InputDtype:float32,float32,OutputDtype:float32`` or
``OpType::MatMulV2:InputDtype:float32,OutputDtype:float32`` (a name beats a type). keep_dtype: ``OpName`` or
``OpType::Relu`` per line (seed 002; TF Adapter and ATC documents).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DTYPES = ("float16", "float32", "float", "bfloat16", "float64", "double", "int4", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool", "hifloat32", "hifloat8", "float8_e4m3fn", "float8_e5m2",
          "complex64", "complex128")
"""The data type names the compiler takes in these files."""
ALIASES = {"float": "float32", "double": "float64"}
_DTYPE_LINE = re.compile(r"(?P<who>OpType::[^:]+|.+?:):InputDtype:(?P<ins>.*?),?OutputDtype:(?P<outs>.*)")
TYPE_PREFIX = "OpType::"


@dataclass(frozen=True)
class DtypeLine:
    """One customize_dtypes line: an op name or an op type, and the dtypes of its inputs and outputs."""

    name: str | None
    op_type: str | None
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]


def parse_customize_line(line: str) -> DtypeLine | None:
    """The line's rule, or None when it is not in either form (blank lines and comments are the caller's)."""
    match = _DTYPE_LINE.fullmatch(line.strip())
    if match is None:
        return None
    who = match["who"]
    words = lambda text: tuple(w.strip() for w in text.split(",") if w.strip())  # noqa: E731
    if who.startswith(TYPE_PREFIX):
        return DtypeLine(None, who[len(TYPE_PREFIX):], words(match["ins"]), words(match["outs"]))
    return DtypeLine(who[:-1], None, words(match["ins"]), words(match["outs"]))


def format_customize_line(rule: DtypeLine) -> str:
    """The line of ``rule``, as :func:`parse_customize_line` reads it back."""
    who = f"{TYPE_PREFIX}{rule.op_type}" if rule.op_type is not None else f"{rule.name}:"
    return f"{who}:InputDtype:{','.join(rule.inputs)},OutputDtype:{','.join(rule.outputs)}"


def parse_keep_line(line: str) -> tuple[str | None, str | None] | None:
    """(op name, None) or (None, op type) of a keep_dtype line; None for a blank line or a comment."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    return (None, line[len(TYPE_PREFIX):].strip()) if line.startswith(TYPE_PREFIX) else (line, None)


def canonical(dtype: str) -> str:
    """``float`` -> ``float32``, ``double`` -> ``float64``; other names as they are."""
    return ALIASES.get(dtype, dtype)
