"""Small msprobe trees for the hostile-input tests: a dump.json of tensor calls and their ``.pt`` files, and a way
to run the CLI in a child process under an address-space limit (a memory bomb ends there, not in the test run)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.msprobe.pt_file import pt_bytes

REPO = Path(__file__).resolve().parents[3]
MEMORY_LIMIT = 3 << 30
"""The child's address-space limit: numpy and the CLI fit easily; a bomb of 4 GiB does not."""


def tensor_stats(array: np.ndarray, data_name: str | None) -> dict:
    out = {"type": "torch.Tensor", "dtype": "torch.float32", "shape": list(array.shape),
           "Max": float(array.max()), "Min": float(array.min()), "Mean": float(array.mean()),
           "Norm": float(np.linalg.norm(array.reshape(-1))), "requires_grad": False}
    if data_name:
        out["data_name"] = data_name
    return out


def make_run(folder: Path, calls: int = 3, *, seed: int = 0, task: str = "tensor") -> Path:
    """A rank folder with ``calls`` ``Functional.relu.{i}.forward`` calls, one input and one output each."""
    rng = np.random.default_rng(seed)
    tensors = folder / "dump_tensor_data"
    tensors.mkdir(parents=True, exist_ok=True)
    data = {}
    for i in range(calls):
        name = f"Functional.relu.{i}.forward"
        x = rng.standard_normal(4).astype(np.float32)
        y = np.maximum(x, 0)
        leaves = {}
        for kind, array in (("input", x), ("output", y)):
            data_name = f"{name}.{kind}.0.pt" if task == "tensor" else None
            if data_name:
                (tensors / data_name).write_bytes(pt_bytes(array))
            leaves[kind] = tensor_stats(array, data_name)
        data[name] = {"input_args": [leaves["input"]], "input_kwargs": {}, "output": [leaves["output"]]}
    doc = {"task": task, "level": "L1", "framework": "pytorch", "dump_data_dir": str(tensors), "data": data}
    (folder / "dump.json").write_text(json.dumps(doc))
    (folder / "stack.json").write_text(json.dumps({name: ["File x.py, line 1"] for name in data}))
    (folder / "construct.json").write_text(json.dumps(dict.fromkeys(data)))
    return folder


def make_tree(root: Path, **kwargs) -> Path:
    """``root/step0/rank0`` holding :func:`make_run`; returns ``root``."""
    make_run(root / "step0" / "rank0", **kwargs)
    return root


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(*args: str | os.PathLike, timeout: float = 120) -> subprocess.CompletedProcess:
    """``ascend-dump ARGS`` in a child process limited to :data:`MEMORY_LIMIT` of address space."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=timeout, preexec_fn=_limit_memory, check=False)


def assert_clean(proc: subprocess.CompletedProcess, *, codes: tuple[int, ...] = (0, 1)) -> None:
    """No traceback, an expected exit code."""
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode in codes, (proc.returncode, proc.stderr[-2000:])
