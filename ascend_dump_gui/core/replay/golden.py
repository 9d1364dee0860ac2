"""The op's own dtype as the golden gives it: the dtypes of the golden tensors paired with an op's outputs (GE:
compare's pairing of the NPU dump with the golden folder; msprobe: the bench call of the same name)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.compare.matching import plan_pairs
from ascend_dump_gui.core.dump.sidefiles import load_golden
from ascend_dump_gui.core.errors import DumpError, InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress


def ge_golden_dtypes(run: str | os.PathLike, golden: str | os.PathLike, graph: str | os.PathLike | None = None, *,
                     progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> dict[str, list[str]]:
    """NPU op name -> the dtypes of the golden tensors paired with its outputs (in output order; an op whose
    outputs are not all paired is left out)."""
    plan = plan_pairs(run, golden, graph=graph, progress=progress, cancel=cancel)
    found: dict[str, dict[int, str]] = {}
    for pair in plan.pairs:
        if pair.role != "output":
            continue
        try:
            if pair.golden_tensor is not None:
                dtype = pair.golden_tensor.np_dtype
            elif pair.golden_npy is not None:
                dtype = load_golden(pair.golden_npy).dtype
            else:
                continue
        except (DumpError, InputError, OSError, ValueError):
            continue
        if dtype is not None:
            found.setdefault(pair.op_name, {})[pair.index] = str(dtype)
    return {op: [d[i] for i in range(len(d))] for op, d in found.items() if sorted(d) == list(range(len(d)))}


def msprobe_golden_dtypes(bench: MsprobeRun, call: str) -> list[str] | None:
    """The dtypes of the bench call's tensor outputs (``torch.float32`` -> ``float32``), or None."""
    for entry in bench.entries:
        if entry.name == call:
            dtypes = [leaf.dtype.removeprefix("torch.") for leaf in entry.leaves
                      if leaf.state == "output" and isinstance(leaf.dtype, str) and (leaf.type or "").endswith("Tensor")]
            return dtypes or None
    return None


def msprobe_bench(golden: str | os.PathLike) -> MsprobeRun:
    """The one msprobe rank folder at ``golden``; InputError otherwise."""
    runs = open_tree(Path(golden)).runs
    if len(runs) != 1:
        raise InputError(Path(golden), msg("give one msprobe rank folder ({count} found here)", count=len(runs)))
    return runs[0]


def rows_golden_dtypes(rows: Iterable[Any], op_name: str) -> list[str] | None:
    """The golden dtypes of ``op_name``'s outputs from compare rows (``CompareRow``), or None when not every output
    row names one."""
    found = {row.tensor_index: row.golden_dtype for row in rows
             if row.op_name == op_name and row.role == "output" and row.golden_dtype}
    return [found[i] for i in range(len(found))] if found and sorted(found) == list(range(len(found))) else None
