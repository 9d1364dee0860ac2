"""Entry points over a run folder: open it (GE/acl dump folder or msprobe rank folder), replay one op, the
first diverging op of a compare, or every op."""

from __future__ import annotations

import os
from pathlib import Path

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.replay.ge_run import GeRun
from ascend_dump_gui.core.replay.msprobe_run import MsprobeReplayRun, is_msprobe_run
from ascend_dump_gui.core.replay.precision_mode import PrecisionMode
from ascend_dump_gui.core.replay.result import ReplayResult

ReplayRun = GeRun | MsprobeReplayRun


def open_run(run: str | os.PathLike, graph: str | os.PathLike | None = None, *, progress: ProgressFn = no_progress,
             cancel: CancelToken | None = None) -> ReplayRun:
    """The run at ``run``: an msprobe rank (or step) folder, else a GE/acl dump folder or file. A ``graph`` given
    with an msprobe run is refused (:func:`refuse_graph`), never silently ignored."""
    path = Path(run)
    if not path.exists():
        raise InputError(path, "no such file or folder")
    if is_msprobe_run(path) or is_msprobe_dir(path):   # a dump path or step folder of several ranks: named there
        refuse_graph(graph)
        return MsprobeReplayRun(path)
    return GeRun(path, graph, progress=progress, cancel=cancel)


def refuse_graph(graph: str | os.PathLike | None) -> None:
    """:class:`InputError` naming ``graph`` when one is given for msprobe runs (their calls' arguments come from
    dump.json; a GE graph dump has nothing to give them)."""
    if graph is not None:
        raise InputError(Path(graph), "--graph is a GE graph dump and msprobe runs take their arguments from "
                                      "dump.json: give --graph only with a GE dump")


def replay_op(run: ReplayRun, name: str, *, keep_error: bool = False, golden_dtypes: list[str] | None = None,
              mode: PrecisionMode | None = None) -> ReplayResult:
    """Replay the op (GE) or call (msprobe) named ``name``: judged against its own dtype (``golden_dtypes``, else
    the graph's or the dumped one), then the lower precisions the run's ``mode`` (default: the run's own) may
    explain."""
    return run.replay(run.find(name), keep_error=keep_error, golden_dtypes=golden_dtypes,  # type: ignore[arg-type]
                      mode=mode)


def first_divergence_op(run_path: str | os.PathLike, golden: str | os.PathLike, graph: str | os.PathLike | None
                        = None, *, progress: ProgressFn = no_progress, cancel: CancelToken | None = None
                        ) -> str | None:
    """The op ``compare RUN GOLDEN`` names first (None when nothing diverges)."""
    if is_msprobe_dir(run_path) and is_msprobe_dir(golden):
        from ascend_dump_gui.core.msprobe.compare import compare_runs
        from ascend_dump_gui.core.msprobe.tree import open_tree

        npu, bench = open_tree(Path(run_path)).runs, open_tree(Path(golden)).runs
        if len(npu) != 1 or len(bench) != 1:
            raise InputError(Path(run_path), "give one msprobe rank folder on each side")
        first = compare_runs(npu[0], bench[0]).first_divergence
        return None if first is None else first.npu.entry
    from ascend_dump_gui.core.compare.engine import compare

    result = compare(run_path, golden, graph=graph, progress=progress, cancel=cancel)
    return result.first_divergence.op_name if result.first_divergence else None
