"""Calls matched by hand (an NPU call with a bench call the default matching left apart), kept for a session and
used by every later compare of the same two runs (the Graph view's matches, the Compare view's msprobe compare)."""

from __future__ import annotations

import os
from pathlib import Path


class CallMatches:
    """NPU call -> bench call, per pair of run folders (``step0/rank1`` of each dump)."""

    def __init__(self) -> None:
        self._pairs: dict[tuple[str, str], dict[str, str]] = {}

    @staticmethod
    def _key(npu_run: str | os.PathLike, bench_run: str | os.PathLike) -> tuple[str, str]:
        return str(Path(npu_run).resolve()), str(Path(bench_run).resolve())

    def add(self, npu_run: str | os.PathLike, bench_run: str | os.PathLike, npu_call: str, bench_call: str) -> None:
        self._pairs.setdefault(self._key(npu_run, bench_run), {})[npu_call] = bench_call

    def for_runs(self, npu_run: str | os.PathLike, bench_run: str | os.PathLike) -> dict[str, str]:
        """The matches of these two runs (a copy)."""
        return dict(self._pairs.get(self._key(npu_run, bench_run), {}))

    def copy(self) -> CallMatches:
        """A snapshot for a worker thread (later matches do not change a running compare)."""
        other = CallMatches()
        other._pairs = {k: dict(v) for k, v in self._pairs.items()}
        return other

    def __bool__(self) -> bool:
        return any(self._pairs.values())
