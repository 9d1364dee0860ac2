"""Where per-run work runs: local threads (the default) or a Dask distributed cluster.

Both map a picklable top-level function over items and give one :class:`Outcome` per item, in item
order, with the same progress and cancel behaviour. On a cluster the workers read the files where they sit
(paths must be the same on every worker, e.g. shared storage); only results travel back. A worker that dies
has its tasks rescheduled by the scheduler; a task whose workers keep dying comes back as an outcome with
an ``error`` naming the loss, never silently dropped. Dask is optional: it is imported only here, lazily.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.metrics import pairwise
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.threaded import completed

POLL_SECONDS = 0.05
CLUSTER_EXTRA_HINT = "install the cluster extra: pip install 'ascend-dump-gui[cluster]'"
RETRIES = 1
"""Extra attempts per task after an exception on a worker (worker deaths are the scheduler's to retry)."""


@dataclass(frozen=True)
class Outcome:
    """One item's result, or why there is none (``error``; ``lost`` when its worker died)."""

    index: int
    value: Any = None
    error: str | None = None
    lost: bool = False


class LocalExecutor:
    """Threads in this process (the embedded default)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or pairwise.worker_count()

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any], labels: Sequence[str], *,
            progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> list[Outcome]:
        out: list[Outcome | None] = [None] * len(items)
        for done, (i, fut) in enumerate(completed(fn, items, workers=self.workers, name="runs", cancel=cancel),
                                        start=1):
            exc = fut.exception()
            out[i] = Outcome(i, error=f"{type(exc).__name__}: {exc}") if exc else Outcome(i, fut.result())
            progress(done, len(items), labels[i])
        return [o for o in out if o is not None]

    def close(self) -> None:
        """Nothing to release."""


class DaskExecutor:
    """Tasks on a Dask distributed cluster: ``DaskExecutor("tcp://host:8786")`` or ``DaskExecutor(client=...)``."""

    name = "dask"

    def __init__(self, address: str | None = None, *, client: Any = None, timeout: float = 10.0) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise InputError(None, f"--scheduler needs dask.distributed: {CLUSTER_EXTRA_HINT}") from None
        self._own = client is None
        if client is None:
            _check_reachable(str(address), timeout)
            try:
                client = Client(address, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
                raise InputError(None, f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.client = client
        self.address = address or str(client.scheduler.address)

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any], labels: Sequence[str], *,
            progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> list[Outcome]:
        if not items:
            return []
        futures = self.client.map(fn, list(items), key=[f"ascend-dump-{i}-{time.time_ns()}" for i in
                                                         range(len(items))], pure=False, retries=RETRIES)
        pending = dict(enumerate(futures))
        out: list[Outcome | None] = [None] * len(items)
        try:
            while pending:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                finished = [i for i, f in pending.items() if f.done()]
                if not finished:
                    time.sleep(POLL_SECONDS)
                    continue
                for i in finished:
                    fut = pending.pop(i)
                    out[i] = _outcome(i, fut)
                    progress(len(items) - len(pending), len(items), labels[i])
        except BaseException:
            self.client.cancel(list(pending.values()))
            raise
        return [o for o in out if o is not None]

    def close(self) -> None:
        """Close the client if this executor opened it."""
        if self._own:
            self.client.close()


def _check_reachable(address: str, timeout: float) -> None:
    """InputError unless ``address`` is a scheduler address that accepts a TCP connection (checked before a
    client is built: a client that fails half-way leaves noise on stderr when it is collected)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise InputError(None, f"not a Dask scheduler address {address!r} (expected tcp://host:port): {exc}") from None
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        raise InputError(None, f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None


def _outcome(i: int, fut: Any) -> Outcome:
    """The outcome of a finished, failed or cancelled Dask future (never raises)."""
    if fut.status == "finished":
        return Outcome(i, fut.result())
    try:
        exc = fut.exception()
    except BaseException as cancelled:  # noqa: BLE001 - a future the scheduler lost or cancelled
        return Outcome(i, error=f"lost: the scheduler dropped it ({type(cancelled).__name__})", lost=True)
    if _worker_loss(exc):
        return Outcome(i, error=f"lost: the workers running it died ({type(exc).__name__}: {exc})", lost=True)
    return Outcome(i, error=f"{type(exc).__name__}: {exc}")


def _worker_loss(exc: BaseException | None) -> bool:
    """Whether a task failed because its worker or the connection to it went away (not in our code)."""
    return exc is not None and (type(exc).__module__.split(".")[0] == "distributed"
                                or isinstance(exc, (OSError, TimeoutError)))


def make_executor(scheduler: str | None) -> LocalExecutor | DaskExecutor:
    """Local threads without a scheduler address, else a client of that Dask scheduler."""
    return DaskExecutor(scheduler) if scheduler else LocalExecutor()
