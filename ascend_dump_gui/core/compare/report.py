"""Compare results as msaccucmp's result CSV (no row limit) and as the ``compare --json`` document."""

from __future__ import annotations

import csv
import io
import os
from typing import Any

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.compare.engine import CompareResult
from ascend_dump_gui.core.compare.matching import NPU_VS_NPU
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.inert import csv_cell
from ascend_dump_gui.core.metrics.msprobe_metrics import MSPROBE_NAMES
from ascend_dump_gui.core.safe_names import file_ids, refuse_replacing_inputs, refuse_replacing_tree_files

ACCURACY_COLUMN = "Accuracy Reached or Not"


def _shape(shape: list[int]) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _address(value: int | None) -> str:
    return "NaN" if not value else str(value)


def csv_header(result: CompareResult) -> list[str]:
    """msaccucmp's columns (Address columns only for dump files, as msaccucmp drops them for ``.npy``),
    then msprobe's six columns and "Accuracy Reached or Not"."""
    npu_dumps = any(r.address is not None for r in result.rows)
    golden_dumps = result.mode == NPU_VS_NPU
    head = ["Index", "OpType", "NPUDump", "DataType"] + (["Address"] if npu_dumps else [])
    head += ["GroundTruth", "DataType"] + (["Address"] if golden_dumps else [])
    head += ["TensorIndex", "Shape", "OverFlow", *result.metric_names, "CompareFailReason"]
    return head + list(MSPROBE_NAMES) + [ACCURACY_COLUMN]


def csv_row(row: CompareRow, result: CompareResult) -> list[str]:
    """One CSV line; metric cells are msaccucmp's exact strings; text that a spreadsheet would run as a
    formula (op names and types come from dump files) is escaped (:func:`~ascend_dump_gui.core.inert.csv_cell`)."""
    npu_dumps = any(r.address is not None for r in result.rows)
    cells = [str(row.index), row.op_type or "NaN", row.op_name, row.dtype or "NaN"]
    if npu_dumps:
        cells.append(_address(row.address))
    cells += [row.ground_truth, row.golden_dtype or "NaN"]
    if result.mode == NPU_VS_NPU:
        cells.append(_address(row.golden_address))
    cells += [row.tensor, _shape(row.shape), row.overflow_text]
    cells += [row.texts.get(name, "NaN") for name in result.metric_names]
    cells.append(row.fail_reason or "")
    cells += [_msprobe_cell(row.msprobe.get(name)) for name in MSPROBE_NAMES]
    return [csv_cell(c) if isinstance(c, str) else c for c in (*cells, row.accuracy)]


def _msprobe_cell(value: Any) -> str:
    if value is None:
        return "None"
    return value if isinstance(value, str) else repr(float(value))


def csv_text(result: CompareResult) -> str:
    """The whole CSV document."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)  # a bare CR must be quoted too
    writer.writerow(csv_header(result))
    for row in result.rows:
        cells = csv_row(row, result)
        (quoted if any(isinstance(c, str) and "\r" in c for c in cells) else writer).writerow(cells)
    return buf.getvalue()


def files_read(result: CompareResult) -> set[str]:
    """Every file the comparison read: its arguments, the graph, and each row's and unmatched file."""
    s = result.summary
    files = {f for f in (s.get("npu"), s.get("golden"), s.get("graph")) if f}
    for row in result.rows:
        files.update(f for f in (row.npu_file, row.golden_file) if f)
    files.update(u["file"] for u in result.unmatched)
    return files


def refuse_replacing_inputs_of(result: CompareResult, path: str | os.PathLike) -> None:
    """Raise :class:`~ascend_dump_gui.core.safe_names.UnsafePathError` when ``path`` is a file ``result``
    was computed from, or any file of the NPU or golden tree (a result written over a golden ``.npy``, a dump or
    a graph would destroy it, read or not)."""
    refuse_replacing_inputs(path, file_ids(files_read(result)), "one of the compared files")
    refuse_replacing_tree_files(path, [p for p in (result.summary.get("npu"), result.summary.get("golden")) if p])


def write_csv(result: CompareResult, path: str | os.PathLike) -> None:
    """Write the result CSV atomically (all rows: there is no spreadsheet row limit); never over a file
    the comparison read."""
    refuse_replacing_inputs_of(result, path)
    write_text_atomic(path, csv_text(result))


def result_to_json(result: CompareResult) -> dict[str, Any]:
    """The ``compare --json`` document of cli.md (rows in execution order), plus our findings."""
    return {
        "rows": [r.to_json() for r in result.rows],
        "first_divergence": result.first_divergence.to_json() if result.first_divergence else None,
        "overflows": [o.to_json() for o in result.overflows],
        "watcher": [w.to_json() for w in result.watcher_findings],
        "unmatched": result.unmatched,
        "summary": result.summary,
    }
