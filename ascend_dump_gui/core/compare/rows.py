"""What the GE/acl compare produces per tensor: :class:`CompareRow`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ascend_dump_gui.core.json_safe import json_safe


@dataclass
class CompareRow:
    """One compared (or uncomparable) tensor; ``metrics`` hold values, ``texts`` msaccucmp's CSV strings."""

    index: int
    tensor: str
    op_name: str
    op_type: str
    role: str
    tensor_index: int
    npu_file: str
    golden_file: str | None
    ground_truth: str
    dtype: str
    golden_dtype: str | None
    shape: list[int]
    address: int | None = None
    golden_address: int | None = None
    metrics: dict[str, float | str | None] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    msprobe: dict[str, float | str] = field(default_factory=dict)
    accuracy: str = "None"
    reached: bool | None = None
    overflow: bool = False
    """An NPU output with Inf or NaN values (:func:`overflow_kind`)."""
    overflow_kind: str | None = None
    """``inf`` / ``nan`` for any NPU tensor of a floating dtype holding them (inputs too), else None."""
    overflow_text: str = "NaN"
    fail_reason: str | None = None
    unreadable: str | None = None
    """The file (NPU or golden) whose tensor could not be read, when that is why the row failed."""

    @property
    def not_compared(self) -> bool:
        """Both sides exist but the row has no verdict (a tensor could not be read or compared): never a pass."""
        return self.golden_file is not None and self.reached is None

    @property
    def compared(self) -> bool:
        return self.golden_file is not None and any(v is not None for v in self.metrics.values())

    def to_json(self) -> dict[str, Any]:
        """The row object of ``compare --json`` (cli.md keys first, then our additions)."""
        return {"tensor": self.tensor, "op_type": self.op_type, "npu_file": self.npu_file,
                "golden_file": self.golden_file, "dtype": self.dtype, "shape": self.shape,
                "metrics": json_safe(self.metrics), "reached": self.reached,
                "overflow": self.overflow, "fail_reason": self.fail_reason,
                "index": self.index, "op_name": self.op_name, "ground_truth": self.ground_truth,
                "golden_dtype": self.golden_dtype, "accuracy": self.accuracy,
                "msprobe": json_safe(self.msprobe), "unreadable": self.unreadable}
