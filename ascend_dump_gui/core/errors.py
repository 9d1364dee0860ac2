"""Expected failures. ``str(exc)`` is always a sentence a user can act on."""

from __future__ import annotations

import errno
from pathlib import Path

from ascend_dump_gui.core.messages import Text, msg

_OS_PROBLEMS = {errno.ENOENT: msg("No such file or directory"), errno.EACCES: msg("Permission denied"),
                errno.EISDIR: msg("Is a directory"), errno.ENOTDIR: msg("Not a directory"),
                errno.ELOOP: msg("Too many levels of symbolic links"), errno.EPERM: msg("Operation not permitted")}


def os_problem(exc: BaseException) -> str:
    """What went wrong in an ``OSError`` as a translatable :class:`Text` for the common cases, else its text."""
    known = _OS_PROBLEMS.get(getattr(exc, "errno", None))
    return known if known is not None else (getattr(exc, "strerror", None) or str(exc))


class DumpError(Exception):
    """Base class for expected failures (bad input, unreadable files, refused configs)."""


class InputError(DumpError):
    """A file or folder given by the user cannot be read or understood.

    The message names the file and the problem; ``line``/``column`` are set for text formats. A ``reason`` built
    with ``msg`` is shown translated by the GUI.
    """

    def __init__(self, path: str | Path | None, reason: str | Text, *, line: int | None = None,
                 column: int | None = None) -> None:
        self.path = None if path is None else str(path)
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(_located(self.path, reason, line, column))


def _located(path: str | None, reason: str, line: int | None, column: int | None) -> str:
    """``reason`` prefixed with where it was found, as a translatable message."""
    if path is None:
        return reason
    if line is None:
        return msg("{path}: {reason}", path=path, reason=reason)
    if column is None:
        return msg("{path} (line {line}): {reason}", path=path, line=line, reason=reason)
    return msg("{path} (line {line}, column {column}): {reason}", path=path, line=line, column=column,
               reason=reason)


def reason_text(exc: BaseException) -> str:
    """``str(exc)`` that stays translatable: the error's one argument when it is a :class:`Text` (built with
    ``msg``, as every :class:`InputError`'s is), else its plain text."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else str(exc)


class DumpFormatError(InputError):
    """A dump file is corrupt, truncated or not a dump file at all."""


class ConfigRefused(DumpError):
    """A config has findings of severity error, so the (emulated) runtime refuses it."""

    def __init__(self, message: str, findings: list | None = None) -> None:
        super().__init__(message)
        self.findings = list(findings or [])
