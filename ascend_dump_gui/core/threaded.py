"""Run a function over items on local threads, results as they finish, stopping at a cancel check."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from ascend_dump_gui.core.progress import CancelToken


def completed(fn: Callable[[Any], Any], items: Sequence[Any], *, workers: int, name: str,
              cancel: CancelToken | None = None) -> Iterator[tuple[int, Future]]:
    """``(index, future)`` for each item as its call ends. ``cancel`` is checked at least every 0.2 s; on
    cancel (or when the caller stops iterating) the calls not yet started are dropped."""
    if not items:
        return
    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(items))), thread_name_prefix=name) as pool:
        pending = {pool.submit(fn, item): i for i, item in enumerate(items)}
        try:
            while pending:
                finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                if cancel is not None:
                    cancel.raise_if_cancelled()
                for fut in finished:
                    yield pending.pop(fut), fut
        except BaseException:
            for fut in pending:
                fut.cancel()
            raise
