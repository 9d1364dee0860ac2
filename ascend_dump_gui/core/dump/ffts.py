"""FFTS+ thread dumps (dump-format.md §1.5): the ``attr`` JSON and the per-thread tensor shapes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class FftsInfo:
    """FFTS+ facts of one thread file. ``thread_id`` comes from the 9-field file name (field -2)."""

    auto: bool  # auto mode (threadMode truthy); manual mode uses an ``_lxslice{N}`` op-name suffix
    thread_count: int | None
    thread_id: int | None
    input_slices: list = field(default_factory=list, repr=False)  # [thread][tensor][dim] = {"lower","higher"}
    output_slices: list = field(default_factory=list, repr=False)
    cut_list: list = field(default_factory=list, repr=False)

    def thread_shape(self, role: str, index: int) -> tuple[int, ...] | None:
        """The shape of tensor ``index`` in this thread (auto mode), or None when the attr does not say."""
        slices = self.input_slices if role == "input" else self.output_slices
        if not self.auto or self.thread_id is None:
            return None
        try:
            dims = slices[self.thread_id][index]
            shape = tuple(int(d["higher"]) - int(d["lower"]) for d in dims)
        except (IndexError, KeyError, TypeError, ValueError):
            return None
        return shape if all(d >= 0 for d in shape) else None


def _thread_id(path: Path) -> int | None:
    parts = path.name.split(".")
    if len(parts) >= 9 and parts[-4] == "4":
        try:
            return int(parts[-2])
        except ValueError:
            return None
    return None


def ffts_info(attr_values: list[str], path: Path) -> FftsInfo | None:
    """The FFTS+ info when the first ``attr`` value is JSON with a ``threadMode`` key, else None."""
    if not attr_values:
        return None
    try:
        doc = json.loads(attr_values[0])
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or "threadMode" not in doc:
        return None

    def as_list(key: str) -> list:
        value = doc.get(key)
        return value if isinstance(value, list) else []

    count = doc.get("slice_instance_num")
    return FftsInfo(auto=bool(doc["threadMode"]), thread_count=count if isinstance(count, int) else None,
                    thread_id=_thread_id(path), input_slices=as_list("input_tensor_slice"),
                    output_slices=as_list("output_tensor_slice"), cut_list=as_list("outputCutList"))
