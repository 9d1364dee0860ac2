"""Run a function over items on local threads: results as they finish (stopping at a cancel check), or over
consecutive chunks of a large array in order."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ascend_dump_gui.core.progress import CancelToken

if TYPE_CHECKING:      # concurrent.futures (and logging) load when a pool is made, not with cpus()
    from concurrent.futures import Future


def cpus() -> int:
    """The CPUs this process may run on (a container or ``taskset`` may allow fewer than the machine has)."""
    allowed = getattr(os, "sched_getaffinity", None)     # Linux; elsewhere every CPU of the machine
    return max(1, len(allowed(0)) if allowed is not None else os.cpu_count() or 1)


def completed(fn: Callable[[Any], Any], items: Sequence[Any], *, workers: int, name: str,
              cancel: CancelToken | None = None) -> Iterator[tuple[int, Future]]:
    """``(index, future)`` for each item as its call ends. ``cancel`` is checked at least every 0.2 s; on
    cancel (or when the caller stops iterating) the calls not yet started are dropped."""
    if not items:
        return
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

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


CHUNK = 1 << 20
"""Element-wise numpy work over more values than this is split into chunks run on a thread per core."""


def over_chunks(size: int, fn: Callable[[slice], Any], *, chunk: int = CHUNK) -> list[Any]:
    """``fn(part)`` for consecutive slices of ``range(size)``, results in order; on a thread per core when there
    are several (numpy frees the GIL in element-wise work)."""
    parts = [slice(start, min(start + chunk, size)) for start in range(0, size, chunk)] or [slice(0, 0)]
    if len(parts) == 1:
        return [fn(parts[0])]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(len(parts), cpus())) as pool:
        return list(pool.map(fn, parts))
