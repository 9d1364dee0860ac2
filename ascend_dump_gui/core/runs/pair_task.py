"""The unit of work of a tree compare: one run against its reference run (the task; its work per run format is
in :mod:`~ascend_dump_gui.core.runs.pair_work`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PairTask:
    """Compare run folder ``npu`` with ``ref`` (None: statistics and overflows of ``npu`` only); ``format``
    is the runs' format in the run index (``ge`` also covers golden references, ``msprobe``)."""

    rank: int | None
    step: int | None
    npu: str
    ref: str | None
    stats_first: bool = False
    metrics: tuple[str, ...] | None = None
    tolerance: str | None = None
    format: str = "ge"

    @property
    def label(self) -> str:
        return f"rank {self.rank} step {self.step}"
