"""The stats CSV an op dump becomes under ``dump_data: stats`` (dump-format.md §3, runtime-rules §3.1).

Rows come from the reader's :func:`stats_row` so the emulator and the reader agree on every number;
``dump_stats`` selects the columns as the host writer does: ``...,Shape,Count,<selected in fixed order>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload
from ascend_dump_gui.core.dump.sidefiles import DEFAULT_COLUMNS, stats_row, write_stats_csv

_BASE = ("Input/Output", "Index", "Data Size", "Data Type", "Format", "Shape", "Count")
_SELECTABLE = (("Max", "Max Value"), ("Min", "Min Value"), ("Avg", "Avg Value"), ("Nan", "Nan Count"),
               ("Negative Inf", "Negative Inf Count"), ("Positive Inf", "Positive Inf Count"), ("L2norm", "l2norm"))


@dataclass(frozen=True)
class _Tensor:
    """The attributes :func:`stats_row` reads, for a tensor still in memory."""

    role: str
    index: int
    data: np.ndarray
    format: str

    def array(self) -> np.ndarray:
        return self.data

    @property
    def nbytes(self) -> int:
        return int(self.data.nbytes)

    @property
    def dtype(self) -> str:
        info, _, _ = TensorPayload(self.data).encoded()
        return info.name

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.data.shape)


def _l2norm(array: np.ndarray) -> float:
    values = array.astype(np.float64).reshape(-1)
    values = values[np.isfinite(values)]
    return float(np.sqrt(np.dot(values, values)))


def write_op_stats(path: Path, inputs: Sequence[TensorPayload], outputs: Sequence[TensorPayload],
                   items: Sequence[str] = ()) -> Path:
    """One stats CSV for an op: a row per dumped tensor (inputs first), columns per ``dump_stats``."""
    rows = []
    for role, group in (("input", inputs), ("output", outputs)):
        for index, p in enumerate(group):
            tensor = _Tensor(role, index, np.asarray(p.array), p.format)
            row = stats_row(tensor)
            if "L2norm" in items:
                row["l2norm"] = _l2norm(tensor.data)
            rows.append(row)
    columns = DEFAULT_COLUMNS if not items else _BASE + tuple(c for k, c in _SELECTABLE if k in items)
    return write_stats_csv(path, rows, columns)
