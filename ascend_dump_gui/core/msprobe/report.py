"""Compare whole msprobe trees run by run, and the JSON / CSV forms of the result (cli.md, msprobe rows)."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import csv_cell
from ascend_dump_gui.core.msprobe.compare import MsprobeComparison, MsprobeRow, compare_runs, metric_names
from ascend_dump_gui.core.msprobe.dump_json import call_type
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, Problem, is_msprobe_dir, open_tree
from ascend_dump_gui.core.safe_names import file_ids, refuse_replacing_inputs


@dataclass
class RunPair:
    npu: MsprobeRun
    bench: MsprobeRun
    result: MsprobeComparison


@dataclass
class TreeComparison:
    mode: str
    pairs: list[RunPair]
    problems: list[Problem] = field(default_factory=list)

    def first_divergence(self) -> tuple[RunPair, MsprobeRow] | None:
        """The earliest non-pass row: by step, then execution order, then rank."""
        best = None
        for pair in self.pairs:
            row = pair.result.first_divergence
            if row is None:
                continue
            key = (pair.npu.step if pair.npu.step is not None else -1, row.order,
                   pair.npu.rank if pair.npu.rank is not None else -1)
            if best is None or key < best[0]:
                best = (key, pair, row)
        return None if best is None else (best[1], best[2])


def _pair_runs(npu: list[MsprobeRun], bench: list[MsprobeRun]) -> list[tuple[MsprobeRun, MsprobeRun]]:
    """Runs paired by (step, rank); a single run on each side pairs whatever its folder names say."""
    if len(npu) == 1 and len(bench) == 1:
        return [(npu[0], bench[0])]
    by_key = {(r.step, r.rank): r for r in bench}
    return [(r, by_key[(r.step, r.rank)]) for r in npu if (r.step, r.rank) in by_key]


def compare_trees(npu_path: str | Path, bench_path: str | Path, mode: str | None = None, *,
                  progress: Callable[[int, int], bool] | None = None) -> TreeComparison:
    """Compare every (step, rank) run found under both paths; :class:`InputError` if either is no msprobe dump."""
    for path in (npu_path, bench_path):
        if not is_msprobe_dir(path):
            raise InputError(str(path), "not an msprobe dump (no dump.json in it or two levels below)")
    npu_tree, bench_tree = open_tree(npu_path), open_tree(bench_path)
    pairs = _pair_runs(npu_tree.runs, bench_tree.runs)
    if not pairs:
        raise InputError(str(npu_path), "no step/rank folder in common with the bench dump")
    results: list[RunPair] = []
    for npu_run, bench_run in pairs:
        results.append(RunPair(npu_run, bench_run, compare_runs(npu_run, bench_run, mode, progress=progress)))
    chosen = results[0].result.mode
    problems = npu_tree.problems + bench_tree.problems
    for pair in results:
        problems += pair.npu.problems + pair.bench.problems
    return TreeComparison(chosen, results, problems)


def _json_value(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "Nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def _overflow(row: MsprobeRow) -> bool:
    return any(isinstance(v, float) and not math.isfinite(v) for v in (row.npu.max, row.npu.min))


def row_json(pair: RunPair, row: MsprobeRow) -> dict[str, Any]:
    """One row in cli.md's shape, plus ``bench``, ``result``, ``messages``, ``rank``, ``step``."""
    npu_file = pair.npu.tensor_path(row.npu) if row.npu.data_name else None
    bench_file = pair.bench.tensor_path(row.bench) if row.bench is not None and row.bench.data_name else None
    return {
        "tensor": row.tensor, "bench": row.bench.name if row.bench else None, "op_type": call_type(row.npu.entry),
        "npu_file": str(npu_file) if npu_file else None, "golden_file": str(bench_file) if bench_file else None,
        "dtype": row.npu.dtype, "shape": list(row.npu.shape) if row.npu.shape is not None else None,
        "metrics": {k: _json_value(v) for k, v in row.metrics.items()},
        "reached": None if row.bench is None else row.result == "pass", "overflow": _overflow(row),
        "fail_reason": "; ".join(row.messages) or None, "result": row.result, "messages": row.messages,
        "rank": pair.npu.rank, "step": pair.npu.step,
    }


def to_json(result: TreeComparison) -> dict[str, Any]:
    rows = [row_json(pair, row) for pair in result.pairs for row in pair.result.rows]
    first = result.first_divergence()
    counts = {level: sum(r["result"] == level for r in rows) for level in ("pass", "warning", "error")}
    runs = []
    for pair in result.pairs:
        run_first = pair.result.first_divergence
        runs.append({"rank": pair.npu.rank, "step": pair.npu.step, "npu": str(pair.npu.path),
                     "bench": str(pair.bench.path), "rows": len(pair.result.rows),
                     "failed": sum(r.result != "pass" for r in pair.result.rows),
                     "overflows": sum(_overflow(r) for r in pair.result.rows),
                     "first_divergence": row_json(pair, run_first) if run_first else None})
    return {
        "mode": result.mode, "rows": rows,
        "first_divergence": row_json(*first) if first else None,
        "overflows": [r for r in rows if r["overflow"]],
        "summary": {"mode": f"msprobe {result.mode}", "rows": len(rows),
                    "matched": sum(r["bench"] is not None for r in rows), **counts},
        "runs": runs,
        "problems": [{"path": p.path, "message": p.message} for p in result.problems],
    }


def csv_text(result: TreeComparison) -> str:
    """msprobe's compare_result columns for the mode (one table over every run, rank/step first)."""
    names = metric_names(result.mode)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Step", "Rank", "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape",
                     "Bench Tensor Shape", *names, "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max",
                     "Bench min", "Bench mean", "Bench l2norm", "Result", "Err_message"])
    for pair in result.pairs:
        for row in pair.result.rows:
            b = row.bench
            cells = [pair.npu.step, pair.npu.rank, row.tensor, b.name if b else "N/A", row.npu.dtype,
                     b.dtype if b else "N/A", list(row.npu.shape or ()), list(b.shape or ()) if b else "N/A",
                     *[_json_value(row.metrics.get(n)) for n in names], *row.npu.stats,
                     *(b.stats if b else ("N/A",) * 4), row.result, "; ".join(row.messages)]
            # API names come from dump.json: a cell a spreadsheet would run as a formula is made inert
            writer.writerow([csv_cell(c) if isinstance(c, str) else c for c in cells])
    return out.getvalue()


def files_read(result: TreeComparison) -> list[Path]:
    """The dump.json files and tensor files ``result`` was computed from."""
    paths: list[Path] = []
    for pair in result.pairs:
        paths += [pair.npu.path / "dump.json", pair.bench.path / "dump.json"]
        for row in pair.result.rows:
            for run, leaf in ((pair.npu, row.npu), (pair.bench, row.bench)):
                try:
                    path = run.tensor_path(leaf) if leaf is not None else None
                except (InputError, ValueError):
                    path = None   # a data_name that is not a plain file name: never read, nothing to protect
                if path is not None:
                    paths.append(path)
    return paths


def write_csv(result: TreeComparison, path: str | Path) -> None:
    """Write the CSV atomically; never over a file the comparison read."""
    refuse_replacing_inputs(path, file_ids(files_read(result)), "one of the compared files")
    write_text_atomic(path, csv_text(result))
