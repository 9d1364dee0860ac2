"""What an msprobe compare produces: its rows, the table's column names per mode and msprobe's markers."""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class MsprobeRow:
    """One NPU leaf and its bench counterpart (``bench`` is None when unmatched)."""

    npu: Leaf
    bench: Leaf | None
    order: int
    metrics: dict[str, Any] = field(default_factory=dict)
    result: str | None = "pass"
    """msprobe's ``pass`` / ``warning`` / ``error``; None when the row was not compared (see ``not_compared``)."""
    messages: list[str] = field(default_factory=list)
    not_compared: str | None = None
    """Why the mode's data of a matched tensor could not be read or checked (never a pass without data)."""

    @property
    def tensor(self) -> str:
        return self.npu.name


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
