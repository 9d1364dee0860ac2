"""Shared CLI output helpers: exactly one JSON document on stdout, messages on stderr."""

from __future__ import annotations

import codecs
import os
import sys
from typing import Any

from ascend_dump_gui.core.inert import terminal_text


def print_json(document: Any) -> None:
    """Print one JSON document (NaN/Inf become null, so the output is strict JSON; control and format
    characters from names are ``\\uXXXX`` escapes; a list or iterator of rows is streamed in large blocks,
    see :mod:`~ascend_dump_gui.core.json_out`, imported here: a command begins its work before orjson loads)."""
    from ascend_dump_gui.core.json_out import write_json

    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None and codecs.lookup(sys.stdout.encoding or "ascii").name != "utf-8":
        buffer = None          # e.g. a GBK console: the text layer encodes as it always did
    write_json(document, buffer if buffer is not None else _TextSink())
    if buffer is not None:
        buffer.flush()
    sys.stdout.write("\n")


class _TextSink:
    """A binary stream over ``sys.stdout``'s text layer (a ``StringIO`` that replaced it, a console that is not
    UTF-8)."""

    @staticmethod
    def write(block: bytes) -> None:
        sys.stdout.write(block.decode("utf-8"))


def warn(message: str) -> None:
    """A human-readable one-line note on stderr (control characters escaped: names are untrusted)."""
    print(f"ascend-dump: {terminal_text(message)}", file=sys.stderr)


def note_replacing(path: str | os.PathLike) -> None:
    """Say on stderr that writing ``path`` replaces a file already there (said before writing)."""
    if os.path.lexists(path):
        warn(f"replacing the file already at {os.fspath(path)}")


def place(rank: int | None, step: int | None) -> str:
    """``rank 1 step 0`` for human output, leaving out what a run does not have (a proc folder has no rank)."""
    return " ".join(f"{word} {value}" for word, value in (("rank", rank), ("step", step)) if value is not None)


def verdict_text(result: str | None, reason: str | None) -> str:
    """A row's verdict and reason said once: msprobe's messages already begin with their level (``error: ...``)."""
    word = result or "not compared"
    if not reason:
        return word
    return reason if reason.startswith(f"{word}:") or f"; {word}:" in reason else f"{word}: {reason}"


def print_files(files: Any, heading: str = "") -> None:
    """Each (path, text) of a proposal: the path (after ``heading``, e.g. "wrote"), then its lines indented; names
    and text come from dumps and configs, so control characters are escaped."""
    for path, text in files:
        print(terminal_text(f"{heading} {path}:" if heading else f"{path}:"))
        for line in text.rstrip("\n").split("\n"):
            print("  " + terminal_text(line))


def print_findings(findings: Any) -> None:
    """One line per config-check finding: severity, rule, message."""
    for f in findings:
        print(terminal_text(f"{f.severity.value:7} {f.rule}: {f.message}"))
