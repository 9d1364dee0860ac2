"""Deterministic identities of an emulated run: times, task/stream ids and device addresses, from the seed."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import numpy as np

from ascend_dump_gui.core.emulator.graph import Graph

_EPOCH_2024 = 1_704_067_200_000_000           # 2024-01-01T00:00:00Z in microseconds
_STEP_US = 40_000
_OP_US = 150
_HBM_BASE = 0x12C0_4000_0000


def _stamp(us: int, fmt: str) -> str:
    return dt.datetime.fromtimestamp(us / 1e6, tz=dt.timezone.utc).strftime(fmt)


@dataclass(frozen=True)
class RunIds:
    """Everything in a dump tree that a real run takes from the clock or the driver, fixed by the seed.

    Times are UTC so that a seed gives the same tree on every machine.
    """

    seed: int
    device_id: int = 0
    world_size: int = 1
    rank: int = 0
    stream_id: int = 2
    task_ids: dict[str, int] = field(default_factory=dict)
    addresses: dict[str, int] = field(default_factory=dict)
    later_s: int = 0   # seconds after the seed's start: a run in a folder an earlier run wrote gets its own time

    @property
    def pid(self) -> int:
        """The process id in folder names (graph dumps), fixed by the seed."""
        return 10_000 + self.seed % 50_000

    @property
    def start_us(self) -> int:
        """When the dump config was applied (the ``{time}`` folder)."""
        return (_EPOCH_2024 + 86_400_000_000 * (self.seed % 3650) + 1_000_000 * (self.seed * 7919 % 3600)
                + 1_000_000 * self.later_s)

    @property
    def time_dir(self) -> str:
        """``YYYYMMDDHHMMSS`` of :attr:`start_us`."""
        return _stamp(self.start_us, "%Y%m%d%H%M%S")

    @property
    def graph_time(self) -> str:
        """``YYYYMMDDHHMMSS`` of the graph build, as in ``ge_default_{time}_{n}`` (a few seconds later)."""
        return _stamp(self.start_us + 3_000_000, "%Y%m%d%H%M%S")

    def op_time(self, step: int, position: int, *, golden: bool = False) -> int:
        """The 16-digit microsecond timestamp of one op execution."""
        jitter = (self.seed * 2654435761 + step * 97 + position * 31) % 23
        base = self.start_us + 5_000_000 + (60_000_000 if golden else 0)
        return base + step * _STEP_US + position * _OP_US + jitter

    @staticmethod
    def ms_stamp(us: int) -> str:
        """``YYYYMMDDHHMMSSmmm``, the exception-dump time format."""
        return _stamp(us, "%Y%m%d%H%M%S") + f"{us // 1000 % 1000:03d}"


def run_ids(graph: Graph, sizes: dict[str, int], *, seed: int, device_id: int, world_size: int = 1,
            rank: int = 0) -> RunIds:
    """Task ids in execution order (Const ops have no task) and 512-byte aligned addresses per tensor."""
    tasks: dict[str, int] = {}
    addresses: dict[str, int] = {}
    offset = 0
    for op in graph.ops:
        if op.type != "Const":
            tasks[op.name] = len(tasks) + 1
        for t in op.outputs:
            addresses[t] = _HBM_BASE + offset
            offset += -(-max(sizes.get(t, 0), 1) // 512) * 512 + 512
    return RunIds(seed, device_id, world_size, rank, task_ids=tasks, addresses=addresses)


def tensor_sizes(memory: dict[str, np.ndarray]) -> dict[str, int]:
    """Bytes per tensor reference, for :func:`run_ids`."""
    return {t: int(a.nbytes) for t, a in memory.items()}
