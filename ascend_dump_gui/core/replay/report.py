"""The ``replay --json`` document (cli.md) and the ``first_divergence.replay`` entry of compare."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.replay.budget import SAFETY
from ascend_dump_gui.core.replay.judge import VERDICTS
from ascend_dump_gui.core.replay.profile import ProfilePoint
from ascend_dump_gui.core.replay.result import ReplayResult


def to_json(results: Sequence[ReplayResult], *, graph: str | None = None,
            profile: Sequence[ProfilePoint] | None = None) -> dict[str, Any]:
    counts = Counter(r.verdict for r in results)
    doc: dict[str, Any] = {
        "results": [r.to_json() for r in results],
        "summary": {"ops": len(results), **{v: counts[v] for v in VERDICTS}, "graph": graph,
                    "precision_mode": dict(results[0].precision_mode) if results else None,
                    "safety_factor": SAFETY},
    }
    if profile is not None:
        doc["profile"] = [p.to_json() for p in profile]
    return json_safe(doc)


def divergence_entry(result: ReplayResult) -> dict[str, Any]:
    """``first_divergence.replay``: verdict, reason and metrics (plus the precision and precision mode, the budget
    and the replayed op)."""
    doc = result.to_json()
    return {k: doc[k] for k in ("verdict", "reason", "metrics", "precision", "precision_mode", "op_dtype",
                                "op_dtype_source", "budget", "op", "tensor")}
