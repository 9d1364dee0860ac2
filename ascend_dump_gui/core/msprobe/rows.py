"""What an msprobe compare produces: its rows, the table's column names per mode and msprobe's markers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.metrics.msprobe_metrics import MSPROBE_NAMES
from ascend_dump_gui.core.msprobe.dump_json import Leaf

MODES = ("all", "summary", "md5")
SUMMARY_NAMES = ("Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                 "MeanRelativeErr", "NormRelativeErr")
MD5_NAMES = ("NPU MD5", "BENCH MD5")
NA, NAN, INF, NEG_INF, DIFF = "N/A", "Nan", "inf", "-inf", "Diff"
NO_BENCH = msg("No bench data matched.")
RESULT_WORDS = {"pass": msg("pass"), "warning": msg("warning"), "error": msg("error")}
"""msprobe's result words, translatable (the CLI and the exports write the English)."""
FAILED = ("warning", "error")
"""The results that are findings; ``pass`` and None (not compared) are not."""


def metric_names(mode: str) -> tuple[str, ...]:
    return {"all": MSPROBE_NAMES, "summary": SUMMARY_NAMES, "md5": MD5_NAMES}[mode]


class Metrics(Mapping[str, Any]):
    """A row's metrics, read-only: the names (one tuple shared by every row of a mode) and a tuple of values.

    A tree compare holds a million of them: this is ~150 bytes where a dict of eight metrics is ~270, and rows
    whose values are all the same constants (every diff 0.0) share one instance. A subclass may work its values
    out when read (override :meth:`values`, and ``__getitem__`` when one value is cheaper).
    """

    __slots__ = ("_names", "_values")

    def __init__(self, names: tuple[str, ...], values: tuple[Any, ...]) -> None:
        self._names, self._values = names, values

    def __getitem__(self, name: str) -> Any:
        try:
            return self.values()[self._names.index(name)]
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __hash__(self) -> int:
        return hash((self._names, self.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def get(self, name: str, default: Any = None) -> Any:
        """``self[name]``, or ``default`` without such a metric (no exception raised and caught: the verdict reads
        a metric of every row)."""
        return self[name] if name in self._names else default

    def values(self) -> tuple[Any, ...]:  # type: ignore[override]  # a tuple: read without a lookup per name
        return self._values

    def items(self) -> tuple[tuple[str, Any], ...]:  # type: ignore[override]
        return tuple(zip(self._names, self.values(), strict=True))

    def __repr__(self) -> str:
        return repr(dict(self.items()))


NO_METRICS = Metrics((), ())


@dataclass(slots=True)
class MsprobeRow:
    """One NPU leaf and its bench counterpart (``bench`` is None when unmatched)."""

    npu: Leaf
    bench: Leaf | None
    order: int
    metrics: Mapping[str, Any] = NO_METRICS
    """Metric name -> value (read-only; may be shared with other rows)."""
    result: str | None = "pass"
    """msprobe's ``pass`` / ``warning`` / ``error``; None when the row was not compared (see ``not_compared``)."""
    messages: tuple[str, ...] = ()
    """Added to with :meth:`say` (a tuple: most rows have none, and a million empty lists cost 56 MB)."""
    not_compared: str | None = None
    """Why the mode's data of a matched tensor could not be read or checked (never a pass without data)."""

    @property
    def tensor(self) -> str:
        return self.npu.name

    def say(self, message: str) -> None:
        """Add ``message`` to the row's messages."""
        self.messages = (*self.messages, message)


@dataclass
class MsprobeComparison:
    mode: str
    rows: list[MsprobeRow]
    npu_label: str = ""
    bench_label: str = ""
    unread: str | None = None
    """Why the run was not compared at all (a dump.json that could not be read, naming it); rows are then empty."""

    @property
    def first_divergence(self) -> MsprobeRow | None:
        return next((r for r in self.rows if r.bench is not None and r.result in FAILED), None)

    @property
    def not_compared(self) -> int:
        return sum(r.result is None for r in self.rows)
