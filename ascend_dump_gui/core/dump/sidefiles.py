"""Side files next to dumps: the per-op stats CSV (``dump_data: stats``) and golden ``.npy`` arrays.

Stats CSV (dump-format.md §3): one row per tensor, inputs first; the columns depend on the configured
statistics, so they are always taken from the header row. Numbers use C++ ``ostream`` default formatting
(6 significant digits); unusable values are ``NA``; a row of empty fields means "unsupported".
(``mapping.csv`` is read by :func:`ascend_dump_gui.core.dump.records.load_mapping`.)
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.dump.tensor_stats import tensor_stats
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.npy_file import NpyFileError, map_npy

if TYPE_CHECKING:
    from ascend_dump_gui.core.dump.dumpfile import DumpTensor

DEFAULT_COLUMNS = ("Input/Output", "Index", "Data Size", "Data Type", "Format", "Shape", "Max Value",
                   "Min Value", "Avg Value", "Count", "Nan Count", "Negative Inf Count", "Positive Inf Count")
_TEXT = {"Input/Output", "Data Type", "Format", "Op Type", "Op Name", "IO"}
_INTS = {"Index", "Data Size", "Count", "Nan Count", "Negative Inf Count", "Positive Inf Count", "Task ID",
         "Stream ID", "Timestamp", "Slot", "Zero Count", "Negative Zero Count", "Positive Zero Count",
         "NaN Count"}


def _parse_value(column: str, text: str) -> Any:
    text = text.strip()
    if text in ("", "NA"):
        return None
    if column == "Shape":
        try:
            return tuple(int(d) for d in text.split("x")) if text else ()
        except ValueError:
            return text
    if column in _TEXT:
        return text
    try:
        return int(text) if column in _INTS else float(text)
    except ValueError:
        return text


def read_stats_csv(path: str | os.PathLike) -> list[dict[str, Any]]:
    """Rows of a stats CSV as dicts keyed by the header's column names.

    Numbers become int/float, ``NA`` and empty fields None, ``Shape`` a tuple of ints. Raises InputError
    (with the line) for a file without a header row or with a row longer than the header.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(p, f"cannot read stats CSV: {exc}") from None
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if not header or not any(h.strip() for h in header):
        raise InputError(p, "stats CSV has no header row", line=1)
    header = [h.strip() for h in header]
    rows = []
    for line_no, fields in enumerate(reader, start=2):
        if not fields:
            continue
        if len(fields) > len(header):
            raise InputError(p, f"row has {len(fields)} fields but the header has {len(header)}", line=line_no)
        fields = fields + [""] * (len(header) - len(fields))
        rows.append({col: _parse_value(col, val) for col, val in zip(header, fields, strict=True)})
    return rows


def format_number(value: Any) -> str:
    """C++ ``ostream`` default formatting: 6 significant digits (``12.34``, ``1e+06``), ``NA`` for None."""
    if value is None:
        return "NA"
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    f = float(value)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f"{f:g}"


def write_stats_csv(path: str | os.PathLike, rows: Iterable[Mapping[str, Any]],
                    columns: Sequence[str] = DEFAULT_COLUMNS) -> Path:
    """Write a stats CSV (atomically, not fsynced) with ``columns`` as the header; missing values become ``NA``."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        out = []
        for col in columns:
            value = row.get(col)
            if col == "Shape" and isinstance(value, (tuple, list)):
                out.append("x".join(str(int(d)) for d in value))
            elif isinstance(value, str):
                out.append(value)
            else:
                out.append(format_number(value))
        writer.writerow(out)
    write_text_atomic(path, buf.getvalue(), durable=False)  # generated (the emulator), one per op: no fsync
    return Path(path)


def stats_row(tensor: DumpTensor) -> dict[str, Any]:
    """The default-column stats row of a tensor, with the AICPU writer's Avg rule.

    Max/Min are over the finite values; Avg is the finite mean, NaN when any NaN (or both infinities)
    is present and ±inf when only one infinity sign is.
    """
    st = tensor_stats(tensor.array())
    avg = st.mean
    if st.nan or (st.pos_inf and st.neg_inf):
        avg = math.nan
    elif st.pos_inf or st.neg_inf:
        avg = math.inf if st.pos_inf else -math.inf
    return {"Input/Output": tensor.role.capitalize(), "Index": tensor.index, "Data Size": tensor.nbytes,
            "Data Type": tensor.dtype, "Format": tensor.format, "Shape": tensor.shape, "Max Value": st.max,
            "Min Value": st.min, "Avg Value": avg, "Count": st.count, "Nan Count": st.nan,
            "Negative Inf Count": st.neg_inf, "Positive Inf Count": st.pos_inf}


def load_golden(path: str | os.PathLike) -> np.ndarray:
    """A golden ``.npy`` memory-mapped read-only (never unpickled, shape checked against the file's size);
    InputError if it is not a plain array of numbers (bool, integer, float or complex)."""
    p = Path(path)
    try:
        arr = map_npy(p)
    except NpyFileError as exc:
        raise InputError(p, str(exc).removeprefix(f"{p}: ")) from None
    except OSError as exc:
        raise InputError(p, f"not a readable .npy array: {exc.strerror or exc}") from None
    if arr.dtype.kind not in "biufc":  # records, text, raw bytes: nothing to compare or plot
        raise InputError(p, f"holds {arr.dtype} values, not numbers")
    return arr
