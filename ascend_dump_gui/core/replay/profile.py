"""The run's error profile: per op in execution order, its output's error against the golden (from compare)
and its own error against its replay, with the replay budget: where error is born and where it is carried."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.replay.result import ReplayResult

GOLDEN_METRIC = "RelativeEuclideanDistance"
"""The compare metric used as the error against the golden (||npu - golden|| / ||golden||)."""


@dataclass
class ProfilePoint:
    index: int
    op: str
    op_type: str
    verdict: str
    golden_error: float | None      # ||npu - golden|| / ||golden|| of output 0 (None: not compared)
    replay_error: float | None      # ||npu - replay|| / ||replay|| of the deciding output
    budget: float | None            # the budget as the same relative norm

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))


def _as_float(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def error_profile(results: Sequence[ReplayResult], golden_errors: dict[str, float | None] | None = None
                  ) -> list[ProfilePoint]:
    """One point per replayed op; ``golden_errors`` maps op names to their output-0 error against the golden."""
    golden_errors = golden_errors or {}
    points = []
    for r in results:
        main = r.main
        metrics = main.metrics if main else {}
        points.append(ProfilePoint(r.index, r.op, r.op_type, r.verdict, golden_errors.get(r.op),
                                   _as_float(metrics.get("RelativeNormError")),
                                   _as_float(main.budget.get("max_relative_error")) if main else None))
    return points


def golden_errors_of(rows: Iterable[Any]) -> dict[str, float | None]:
    """Op name -> :data:`GOLDEN_METRIC` of its output 0, from compare rows (``CompareRow`` or msprobe rows)."""
    out: dict[str, float | None] = {}
    for row in rows:
        if getattr(row, "role", None) == "output" and getattr(row, "tensor_index", 0) == 0:
            out.setdefault(row.op_name, _as_float((row.metrics or {}).get(GOLDEN_METRIC)))
    return out
