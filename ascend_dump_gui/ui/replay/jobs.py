"""Worker functions of the replay views (run off the GUI thread; no Qt here)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.msprobe.tree import MsprobeRun
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.replay.golden import msprobe_golden_dtypes
from ascend_dump_gui.core.replay.precision_mode import resolve_mode
from ascend_dump_gui.core.replay.profile import ProfilePoint, error_profile, golden_errors_of
from ascend_dump_gui.core.replay.result import ReplayResult
from ascend_dump_gui.core.replay.runs import open_run, replay_op
from ascend_dump_gui.core.tensor import Histogram

BINS = 128


@dataclass(frozen=True)
class ReplayShown:
    """One replayed op with the deciding output's NPU-minus-replay error and its histogram."""

    result: ReplayResult
    error: np.ndarray | None
    histogram: Histogram | None


def _histogram(error: np.ndarray) -> Histogram | None:
    finite = error[np.isfinite(error)]
    if finite.size == 0:
        return None
    lo, hi = float(finite.min()), float(finite.max())
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    counts, edges = np.histogram(finite, bins=BINS, range=(lo, hi))
    return Histogram(counts, edges)


@dataclass(frozen=True)
class RunContext:
    """What Configure says about the run a replay judges: its config (precision mode, mixlist, dtype files) and
    product (the default mode)."""

    config: ConfigDoc | None = None
    product: str | None = None


def replay_one(run: Path, op: str, graph: Path | None, *, progress: ProgressFn, cancel: CancelToken,
               golden_dtypes: list[str] | None = None, bench: MsprobeRun | None = None,
               context: RunContext | None = None) -> ReplayShown:
    """Open ``run`` and replay ``op`` keeping its error tensor; the op's own dtype from ``golden_dtypes`` (a
    compare's rows) or the ``bench`` msprobe run, else the graph's or the dumped one; the run's precision mode from
    ``context`` (Configure's config and product) where it sets one, else the run's own (graph dump)."""
    opened = open_run(run, graph, progress=progress, cancel=cancel)
    cancel.raise_if_cancelled()
    progress(0, 0, op)
    if bench is not None:
        golden_dtypes = msprobe_golden_dtypes(bench, op)
    mode = None
    if context is not None and (context.config is not None or context.product is not None):
        mode = resolve_mode(config=context.config, product=context.product,
                            graphs=[opened.graph] if getattr(opened, "graph", None) is not None else None,
                            pytorch=bench is not None or getattr(opened, "graph", None) is None)
    result = replay_op(opened, op, keep_error=True, golden_dtypes=golden_dtypes, mode=mode)
    main = result.main
    error = main.error if main is not None else None
    return ReplayShown(result, error, _histogram(error) if error is not None else None)


def replay_profile(run: Path, graph: Path | None, rows: Iterable, *, progress: ProgressFn, cancel: CancelToken
                   ) -> list[ProfilePoint]:
    """Replay every op of ``run``; each point also carries the op's error against the golden from ``rows``."""
    opened = open_run(run, graph, progress=progress, cancel=cancel)
    results = opened.replay_all(progress=progress, cancel=cancel)
    return error_profile(results, golden_errors_of(rows))
