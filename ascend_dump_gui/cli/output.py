"""Shared CLI output helpers: exactly one JSON document on stdout, messages on stderr."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ascend_dump_gui.core.inert import json_text, terminal_text
from ascend_dump_gui.core.json_safe import json_safe


def print_json(document: Any) -> None:
    """Print one JSON document (NaN/Inf become null, so the output is strict JSON; control and format
    characters from names are ``\\uXXXX`` escapes, see :func:`~ascend_dump_gui.core.inert.json_text`)."""
    json.dump(json_safe(document), _InertStdout(), indent=2, ensure_ascii=False, allow_nan=False)
    sys.stdout.write("\n")


class _InertStdout:
    """A stream that writes JSON chunks to stdout through :func:`json_text` (per character, so a chunk
    boundary cannot split an escape); the document stays streamed, never built whole in memory."""

    @staticmethod
    def write(chunk: str) -> None:
        sys.stdout.write(json_text(chunk))


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
