"""The numbers an emulated run accepts, checked before anything is built or written (a clear
:class:`InputError` instead of a traceback, a hang or memory growing with a number that makes no sense)."""

from __future__ import annotations

from ascend_dump_gui.core.errors import InputError

MAX_RUN_STEPS = 100_000
"""The most steps one run emulates (steps are built and written one at a time; more would only take hours)."""
MAX_RANKS = 4096
"""The most ranks a multi-rank run emulates."""
MAX_SEED = 2**32 - 1
"""Seeds are 0 to this (numpy's seed sequence takes no negative number)."""


def _bounded(what: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(None, f"{what} must be a whole number, not {str(value)[:40]!r}")
    if not low <= value <= high:
        shown = str(value) if value.bit_length() < 64 else f"a {len(str(abs(value)))}-digit number"
        raise InputError(None, f"{what} must be from {low} to {high}, not {shown}")
    return value


def check_run_numbers(*, steps: int, seed: int, ranks: int | None = None) -> None:
    """:class:`InputError` when ``steps``, ``seed`` or ``ranks`` is out of the emulator's range."""
    _bounded("--steps", steps, 1, MAX_RUN_STEPS)
    _bounded("--seed", seed, 0, MAX_SEED)
    if ranks is not None:
        _bounded("--ranks", ranks, 1, MAX_RANKS)
