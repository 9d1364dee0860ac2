"""The JSON and CSV forms of an msprobe tree comparison (cli.md, msprobe rows), and writing the CSV."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from ascend_dump_gui.core.atomic import atomic_output
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import csv_cell
from ascend_dump_gui.core.metrics.overflow import FP16_OVERFLOW, overflow_kind
from ascend_dump_gui.core.msprobe.dump_json import Leaf, call_type
from ascend_dump_gui.core.msprobe.rows import FAILED, Metrics, MsprobeRow, metric_names
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, TensorLoadError
from ascend_dump_gui.core.msprobe.tree_compare import RunPair, TreeComparison
from ascend_dump_gui.core.safe_names import (
    file_ids,
    refuse_replacing_inputs,
    refuse_replacing_tree_files,
)


def _json_value(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "Nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def _json_metrics(metrics: Mapping[str, Any]) -> dict[str, Any]:
    """``metrics`` with non-finite floats as msprobe's marker strings (a copy; checked in one expression per
    value, since a tree compare has millions). The JSON of a :class:`Metrics` shared by many rows (every
    statistic equal, no bench) is worked out once and copied."""
    if metrics.__class__ is Metrics:
        cached = _SHARED_JSON.get(id(metrics))
        if cached is not None and cached[0] is metrics:
            return cached[1].copy()
    if isinstance(metrics, Metrics):
        values = metrics.values()          # worked out once (a row whose statistics differ computes them)
        if _FLOAT_ONLY.issuperset(map(type, values)) and (total := sum(values)) - total == 0:
            return dict(zip(metrics, values, strict=True))      # every value a finite float: nothing to mark
        items: Any = zip(metrics, values, strict=True)
    else:
        items = metrics.items()
    out = {k: v if not isinstance(v, float) or v - v == 0 else _json_value(v) for k, v in items}
    if metrics.__class__ is Metrics and len(_SHARED_JSON) < 64:
        _SHARED_JSON[id(metrics)] = (metrics, out.copy())
    return out


_FLOAT_ONLY = frozenset({float})
_SHARED_JSON: dict[int, tuple[Metrics, dict[str, Any]]] = {}
"""id -> (the :class:`Metrics`, its JSON): a plain Metrics holds fixed values (the instance is kept, so its id is
not reused); a few of them are shared by most rows."""


_call_type = lru_cache(maxsize=1 << 12)(call_type)
"""The rows of one call follow each other: their op type is worked out once."""


def _number(value: Any) -> float | None:
    try:
        return float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None


def leaf_overflow(leaf: Leaf) -> str | None:
    """``inf`` / ``nan`` / None for an NPU output tensor, from its dump.json Max/Min, by the compare's one rule."""
    if leaf.state != "output" or not leaf.is_tensor:
        return None
    high, low = leaf.max, leaf.min
    if high.__class__ is float and low.__class__ is float and -FP16_OVERFLOW < high < FP16_OVERFLOW \
            and -FP16_OVERFLOW < low < FP16_OVERFLOW:
        return None        # finite and below every dtype's overflow limit (most tensors): no walk through the rule
    values = [v for v in (_number(leaf.max), _number(leaf.min)) if v is not None]
    finite = [abs(v) for v in values if math.isfinite(v)]
    return overflow_kind((leaf.dtype or "").removeprefix("torch."), inf=any(math.isinf(v) for v in values),
                         nan=any(math.isnan(v) for v in values), abs_max=max(finite, default=None))


def overflow_entries(run: MsprobeRun) -> list[dict[str, Any]]:
    """cli.md's overflow entries of one msprobe run: its output tensors holding Inf or NaN."""
    return [{"tensor": leaf.name, "op_name": leaf.entry, "op_type": call_type(leaf.entry), "dtype": leaf.dtype,
             "kind": kind, "index": entry.order, "rank": run.rank, "step": run.step}
            for entry in run.entries for leaf in entry.leaves if (kind := leaf_overflow(leaf)) is not None]


def _tensor_file(run: MsprobeRun, leaf: Leaf | None) -> Path | None:
    """The tensor file of ``leaf`` (None without one, or when its data_name is no plain file name)."""
    try:
        return run.tensor_path(leaf) if leaf is not None and leaf.data_name else None
    except TensorLoadError:
        return None


def row_json(pair: RunPair, row: MsprobeRow) -> dict[str, Any]:
    """One row in cli.md's shape, plus ``bench``, ``result``, ``messages``, ``rank``, ``step``."""
    npu, bench, result = row.npu, row.bench, row.result
    npu_file = _tensor_file(pair.npu, npu) if npu.data_name else None            # statistics dumps: none
    bench_file = _tensor_file(pair.bench, bench) if bench is not None and bench.data_name else None
    return {
        "tensor": npu.name, "bench": bench.name if bench else None, "op_type": _call_type(npu.entry),
        "npu_file": str(npu_file) if npu_file else None, "golden_file": str(bench_file) if bench_file else None,
        "dtype": npu.dtype, "shape": list(npu.shape) if npu.shape is not None else None,
        "metrics": _json_metrics(row.metrics),
        "reached": None if bench is None or result is None else result == "pass",
        "overflow": npu.state == "output" and leaf_overflow(npu) is not None,
        "fail_reason": "; ".join(row.messages) or None, "result": result, "messages": row.messages,
        "rank": pair.npu.rank, "step": pair.npu.step,
    }


def summary(result: TreeComparison) -> dict[str, Any]:
    """The ``summary`` of :func:`to_json` (counted over the rows, without building the rows' JSON)."""
    rows = [row for pair in result.pairs for row in pair.result.rows]
    counts = {level: sum(r.result == level for r in rows) for level in ("pass", "warning", "error")}
    counts["not_compared"] = sum(r.result is None for r in rows)
    return {"mode": f"msprobe {result.mode}", "rows": len(rows), "matched": sum(r.bench is not None for r in rows),
            **counts, "runs_not_compared": sum(pair.result.unread is not None for pair in result.pairs)}


def _rows_json(result: TreeComparison) -> Iterator[dict[str, Any]]:
    return (row_json(pair, row) for pair in result.pairs for row in pair.result.rows)


def to_json(result: TreeComparison, *, lazy_rows: bool = False) -> dict[str, Any]:
    """The whole comparison in cli.md's shape; with ``lazy_rows`` its ``rows`` are an iterator, made one by one as
    a streaming writer (:mod:`~ascend_dump_gui.core.json_out`) consumes them."""
    rows = _rows_json(result) if lazy_rows else list(_rows_json(result))
    first = result.first_divergence()
    overflows = [overflow_entries(pair.npu) for pair in result.pairs]    # one pass over each run's leaves
    runs = []
    for pair, run_overflows in zip(result.pairs, overflows, strict=True):
        run_first = pair.result.first_divergence
        runs.append({"rank": pair.npu.rank, "step": pair.npu.step, "npu": str(pair.npu.path),
                     "bench": str(pair.bench.path), "rows": len(pair.result.rows),
                     "failed": sum(r.result in FAILED for r in pair.result.rows),
                     "not_compared": pair.result.not_compared, "not_compared_reason": pair.result.unread,
                     "overflows": len(run_overflows),
                     "first_divergence": row_json(pair, run_first) if run_first else None})
    return {
        "mode": result.mode, "rows": rows,
        "first_divergence": row_json(*first) if first else None,
        "overflows": [e for run_overflows in overflows for e in run_overflows],
        "summary": summary(result),
        "runs": runs,
        "problems": [{"path": p.path, "message": p.message} for p in result.problems],
    }


def _write_csv_rows(result: TreeComparison, out: TextIO) -> None:
    """msprobe's compare_result columns for the mode (one table over every run, rank/step first), row by row."""
    names = metric_names(result.mode)
    writer = csv.writer(out)
    writer.writerow(["Step", "Rank", "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape",
                     "Bench Tensor Shape", *names, "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max",
                     "Bench min", "Bench mean", "Bench l2norm", "Result", "Err_message"])
    for pair in result.pairs:
        for row in pair.result.rows:
            b = row.bench
            metrics = dict(row.metrics.items())      # worked out once (a row whose statistics differ computes them)
            cells = [pair.npu.step, pair.npu.rank, row.tensor, b.name if b else "N/A", row.npu.dtype,
                     b.dtype if b else "N/A", list(row.npu.shape or ()), list(b.shape or ()) if b else "N/A",
                     *[_json_value(metrics.get(n)) for n in names], *row.npu.stats,
                     *(b.stats if b else ("N/A",) * 4), row.result or "not compared", "; ".join(row.messages)]
            # API names come from dump.json: a cell a spreadsheet would run as a formula is made inert
            writer.writerow([csv_cell(c) if isinstance(c, str) else c for c in cells])


def csv_text(result: TreeComparison) -> str:
    """msprobe's compare_result columns for the mode (one table over every run, rank/step first)."""
    out = io.StringIO()
    _write_csv_rows(result, out)
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


def refuse_replacing_trees(result: TreeComparison, path: str | Path) -> None:
    """:class:`UnsafePathError` when ``path`` is a file the comparison read or any file of the trees given
    (stack.json, construct.json, tensors: read or not), whatever the spelling or link leading to it."""
    refuse_replacing_inputs(path, file_ids(files_read(result)), "one of the compared files")
    refuse_replacing_tree_files(path, result.roots)


def write_csv(result: TreeComparison, path: str | Path) -> None:
    """Write the CSV atomically; never over a file the comparison read or a file of its trees."""
    refuse_replacing_trees(result, path)
    with atomic_output(path) as raw:      # streamed: the text of a million rows is never held whole
        out = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline="")
        _write_csv_rows(result, out)
        out.flush()
        out.detach()
