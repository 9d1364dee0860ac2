"""Per-tensor statistics of one run folder, without reading tensors where a stats CSV has them.

Sources, best first: the op's stats CSV (``dump_data: stats``; the same name plus ``.csv``), else the op
dump's tensors (read once, in their original layout), else a golden ``.npy``. Tensors are keyed
``{op_name}:{input|output}:{index}`` as the file names give them, in execution order (dump timestamp).
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass
from typing import Any

from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.sidefiles import load_golden, read_stats_csv
from ascend_dump_gui.core.dump.tensor_stats import tensor_stats
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.metrics.overflow import overflow_kind

STATS_TOLERANCE = {"float16": 2e-3, "DT_FLOAT16": 2e-3, "bfloat16": 1e-2, "DT_BF16": 1e-2}
"""Relative tolerance of statistics per NPU dtype (stats CSV names or numpy names); others use
:data:`DEFAULT_TOLERANCE`. Relative to the tensor's range (max |max|, |min| of the reference)."""
DEFAULT_TOLERANCE = 1e-5
_ROLES = {"input": "input", "output": "output"}


@dataclass(frozen=True, slots=True)
class TensorStat:
    """Statistics of one tensor of a run; ``order`` is its op's position in execution order."""

    key: str
    op_name: str
    op_type: str
    order: int
    role: str
    index: int
    dtype: str
    count: int
    max: float | None
    min: float | None
    mean: float | None
    nan: int
    pos_inf: int
    neg_inf: int
    file: str
    source: str
    """``csv`` | ``dump`` | ``npy``."""

    @property
    def overflow_kind(self) -> str | None:
        """``inf`` / ``nan`` / None by the compare's one overflow rule (:func:`overflow_kind`)."""
        return overflow_kind(self.dtype, inf=bool(self.pos_inf or self.neg_inf), nan=bool(self.nan),
                             abs_max=max(abs(self.max or 0.0), abs(self.min or 0.0)))

    @property
    def overflow(self) -> bool:
        """An NPU output holding Inf or NaN (or float16 at ±65504), as the single compare counts it."""
        return self.role == "output" and self.overflow_kind is not None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def stats_differ(npu: TensorStat, ref: TensorStat) -> float | None:
    """How far apart two tensors' statistics are, relative to the reference's range: 0.0 when they agree,
    ``inf`` when their NaN/Inf counts differ, None when they cannot be compared (different element counts,
    e.g. a device layout with padding against the original shape)."""
    if npu.count != ref.count:
        return None
    if (npu.nan, npu.pos_inf, npu.neg_inf) != (ref.nan, ref.pos_inf, ref.neg_inf):
        return math.inf
    pairs = [(npu.max, ref.max), (npu.min, ref.min), (npu.mean, ref.mean)]
    if any((a is None) != (b is None) for a, b in pairs):
        return math.inf
    scale = max(abs(ref.max or 0.0), abs(ref.min or 0.0), 1e-12)
    return max((abs(a - b) / scale for a, b in pairs if a is not None and b is not None), default=0.0)


def tolerance_for(dtype: str) -> float:
    """The relative tolerance of :func:`stats_differ` for an NPU dtype."""
    return STATS_TOLERANCE.get(dtype, DEFAULT_TOLERANCE)


def _from_csv(path: str, op_name: str, op_type: str, order: int) -> list[TensorStat]:
    out = []
    for row in read_stats_csv(path):
        role = _ROLES.get(str(row.get("Input/Output") or "").lower())
        if role is None or row.get("Count") is None:
            continue
        out.append(TensorStat(f"{op_name}:{role}:{row.get('Index')}", op_name, op_type, order, role,
                              int(row.get("Index") or 0), str(row.get("Data Type") or ""), int(row["Count"]),
                              _num(row.get("Max Value")), _num(row.get("Min Value")), _num(row.get("Avg Value")),
                              int(row.get("Nan Count") or 0), int(row.get("Positive Inf Count") or 0),
                              int(row.get("Negative Inf Count") or 0), path, "csv"))
    return out


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and math.isfinite(value) else None


def _computed(key: str, op_name: str, op_type: str, order: int, role: str, index: int, array: Any, file: str,
              source: str) -> TensorStat:
    st = tensor_stats(array)
    return TensorStat(key, op_name, op_type, order, role, index, st.dtype, st.count, st.max, st.min, st.mean,
                      st.nan, st.pos_inf, st.neg_inf, file, source)


def _from_dump(path: str, op_name: str, op_type: str, order: int) -> list[TensorStat]:
    dump = read_dump(path)
    out = []
    for role, tensors in (("input", dump.inputs), ("output", dump.outputs)):
        for i, t in enumerate(tensors):
            out.append(_computed(f"{op_name}:{role}:{i}", op_name, op_type, order, role, i, t.array(), path,
                                 "dump"))
    return out


def run_stats(folder: str | os.PathLike) -> tuple[list[TensorStat], list[str]]:
    """Statistics of every tensor in one run folder (a step folder of op dumps, or a folder of golden
    ``.npy``), in execution order, and problems (``"{file}: {message}"``) for files that cannot be read."""
    folder = os.fspath(folder)
    names = sorted(os.listdir(folder))
    present = set(names)
    ops: list[tuple[int, str, str, str, str]] = []   # (timestamp, kind, op_name, op_type, name)
    goldens: list[tuple[int, str, int, str]] = []
    for name in names:
        parsed = parse_name(name)
        if parsed is None:
            continue
        if parsed.kind == "tensor" or (parsed.kind == "stats" and name[:-4] not in present):
            ops.append((parsed.timestamp or 0, parsed.kind, parsed.op_name or "", parsed.op_type or "", name))
        elif parsed.kind == "golden" and name.endswith(".npy"):
            goldens.append((parsed.timestamp or 0, parsed.op_name or "", parsed.index or 0, name))
    ops.sort()
    goldens.sort()
    out: list[TensorStat] = []
    problems: list[str] = []
    for order, (_, kind, op_name, op_type, name) in enumerate(ops):
        path = os.path.join(folder, name)
        csv_path = path if kind == "stats" else path + ".csv"
        try:
            if kind == "stats" or name + ".csv" in present:
                out += _from_csv(csv_path, op_name, op_type, order)
            else:
                out += _from_dump(path, op_name, op_type, order)
        except DumpError as exc:
            problems.append(f"{path}: {exc}")
    for order, (_, op_name, index, name) in enumerate(goldens):
        path = os.path.join(folder, name)
        try:
            out.append(_computed(f"{op_name}:output:{index}", op_name, "", order, "output", index,
                                 load_golden(path), path, "npy"))
        except DumpError as exc:
            problems.append(f"{path}: {exc}")
    return out, problems
