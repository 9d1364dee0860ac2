"""Write an msprobe rank folder (dump.json + real torch ``.pt`` files) for calls given by their arguments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.msprobe.pt_file import torch_dtype_name, write_pt


def _leaf(folder: Path, name: str, value: Any) -> Any:
    if isinstance(value, np.ndarray):
        write_pt(folder / "dump_tensor_data" / f"{name}.pt", value)
        f = value.astype(np.float64) if value.size else np.zeros(1)
        return {"type": "torch.Tensor", "dtype": torch_dtype_name(value.dtype), "shape": list(value.shape),
                "Max": float(f.max()), "Min": float(f.min()), "Mean": float(f.mean()),
                "Norm": float(np.linalg.norm(f)), "requires_grad": False, "data_name": f"{name}.pt"}
    if isinstance(value, list):
        return [_leaf(folder, f"{name}.{i}", v) for i, v in enumerate(value)]
    if value is None:
        return None
    return {"type": type(value).__name__, "value": value}


def write_rank(root: Path, calls: list[tuple[str, list, dict, list[np.ndarray]]]) -> Path:
    """``calls``: (name, positional args, keyword args, outputs); returns the rank folder."""
    folder = root / "step0" / "rank0"
    (folder / "dump_tensor_data").mkdir(parents=True)
    data = {}
    for name, args, kwargs, outputs in calls:
        data[name] = {
            "input_args": [_leaf(folder, f"{name}.input.{i}", a) for i, a in enumerate(args)],
            "input_kwargs": {k: _leaf(folder, f"{name}.input.{k}", v) for k, v in kwargs.items()},
            "output": [_leaf(folder, f"{name}.output.{i}", o) for i, o in enumerate(outputs)],
        }
    doc = {"task": "tensor", "level": "L1", "framework": "pytorch", "dump_data_dir": str(folder / "dump_tensor_data"),
           "data": data}
    (folder / "dump.json").write_text(json.dumps(doc))
    (folder / "construct.json").write_text("{}")
    (folder / "stack.json").write_text("{}")
    return folder
