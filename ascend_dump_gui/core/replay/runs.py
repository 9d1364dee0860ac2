"""Entry points over a run folder: open it (GE/acl dump folder or msprobe rank folder), replay one op, the
first diverging op of a compare, or every op; :func:`replay_ops` does it all for a caller (``replay``, ``fix``)
given the golden and the precision mode's source."""

from __future__ import annotations

import os
from pathlib import Path

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.replay.ge_run import GeRun
from ascend_dump_gui.core.replay.golden import ge_golden_dtypes, msprobe_bench, msprobe_golden_dtypes
from ascend_dump_gui.core.replay.msprobe_run import MsprobeReplayRun, is_msprobe_run
from ascend_dump_gui.core.replay.precision_mode import PrecisionMode, resolve_mode
from ascend_dump_gui.core.replay.result import ReplayResult, replay_each

ReplayRun = GeRun | MsprobeReplayRun


def open_run(run: str | os.PathLike, graph: str | os.PathLike | None = None, *, progress: ProgressFn = no_progress,
             cancel: CancelToken | None = None) -> ReplayRun:
    """The run at ``run``: an msprobe rank (or step) folder, else a GE/acl dump folder or file. A ``graph`` given
    with an msprobe run is refused (:func:`refuse_graph`), never silently ignored."""
    path = Path(run)
    if not path.exists():
        raise InputError(path, msg("no such file or folder"))
    if is_msprobe_run(path) or is_msprobe_dir(path):   # a dump path or step folder of several ranks: named there
        refuse_graph(graph)
        return MsprobeReplayRun(path)
    return GeRun(path, graph, progress=progress, cancel=cancel)


def refuse_graph(graph: str | os.PathLike | None) -> None:
    """:class:`InputError` naming ``graph`` when one is given for msprobe runs (their calls' arguments come from
    dump.json; a GE graph dump has nothing to give them)."""
    if graph is not None:
        raise InputError(Path(graph), msg("--graph is a GE graph dump and msprobe runs take their arguments from "
                                          "dump.json: give --graph only with a GE dump"))


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
            raise InputError(Path(run_path), msg("give one msprobe rank folder on each side"))
        first = compare_runs(npu[0], bench[0]).first_divergence
        return None if first is None else first.npu.entry
    from ascend_dump_gui.core.compare.engine import compare

    result = compare(run_path, golden, graph=graph, progress=progress, cancel=cancel)
    return result.first_divergence.op_name if result.first_divergence else None


def golden_dtypes_of(run: ReplayRun, golden: str | os.PathLike, names: list[str], *,
                     progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> dict[str, list[str]]:
    """Op or call name -> the dtypes the golden gives its outputs (the op's own dtype), for ``names``."""
    if isinstance(run, MsprobeReplayRun):
        bench = msprobe_bench(golden)
        found = {name: msprobe_golden_dtypes(bench, name) for name in names}
        return {name: dtypes for name, dtypes in found.items() if dtypes}
    return ge_golden_dtypes(run.root, golden, run.graph_path, progress=progress, cancel=cancel)


def replay_ops(run_path: str | os.PathLike | ReplayRun, ops: list[str] | None = None, *,
               golden: str | os.PathLike | None = None, first_divergence: bool = False,
               graph: str | os.PathLike | None = None, precision_mode: str | None = None,
               config: str | os.PathLike | None = None, product: str | None = None, script_args: str | None = None,
               keep_error: bool = False, progress: ProgressFn = no_progress, cancel: CancelToken | None = None
               ) -> list[ReplayResult]:
    """Replay ops of the run at ``run_path`` with the verdict faithful | reduced_precision | kernel | unsupported,
    each result naming its ``precision`` and the run's ``precision_mode``.

    ``run_path``: the run folder (or a run :func:`open_run` opened). ``ops``: op or call names (None: every op;
    with ``first_divergence``, the op ``compare RUN GOLDEN`` names first, or none when nothing diverges).
    ``golden``: the golden folder or bench rank folder; it gives each op's own dtype. The precision mode comes from
    ``precision_mode`` (a value), ``config`` (a config file or training script, ``script_args`` its command line),
    the run's graph dump, or ``product``'s default, in that order. InputError for bad input (an unknown name, an
    unreadable config, a value no release accepts)."""
    run = run_path if isinstance(run_path, (GeRun, MsprobeReplayRun)) else \
        open_run(run_path, graph, progress=progress, cancel=cancel)
    root = run.root if isinstance(run, GeRun) else run.run.path
    mode = resolve_mode(option=precision_mode, config=config, product=product, script_args=script_args,
                        graphs=[run.graph] if run.graph is not None else None,
                        pytorch=isinstance(run, MsprobeReplayRun))
    if first_divergence:
        if golden is None:
            raise InputError(Path(root), msg("the first divergence needs the golden run"))
        first = first_divergence_op(root, golden, graph, progress=progress, cancel=cancel)
        ops = [] if first is None else [first]
    names = ops if ops is not None else [op.op_name if isinstance(run, GeRun) else op.name for op in run.ops]
    for name in names:
        run.find(name)                # every name checked before any replay
    goldens = golden_dtypes_of(run, golden, names, progress=progress, cancel=cancel) if golden is not None else {}
    return replay_each(names, lambda name: name, lambda name: replay_op(
        run, name, keep_error=keep_error, golden_dtypes=goldens.get(name), mode=mode), progress=progress, cancel=cancel)
