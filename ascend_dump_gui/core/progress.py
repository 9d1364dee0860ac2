"""Progress reporting and cooperative cancellation for long core functions."""

from __future__ import annotations

import threading
from collections.abc import Callable

ProgressFn = Callable[[int, int, str], None]
"""``progress(done, total, message)``; ``total`` is 0 when unknown."""


def no_progress(done: int, total: int, message: str) -> None:
    """The default progress callback: report nothing."""


class Cancelled(Exception):
    """Raised inside a core function when its ``CancelToken`` was cancelled."""


class CancelToken:
    """A thread-safe flag a long core function polls between units of work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the running work to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        """Raise :class:`Cancelled` if :meth:`cancel` was called."""
        if self._event.is_set():
            raise Cancelled("cancelled by the user")
