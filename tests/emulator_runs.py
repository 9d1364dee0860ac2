"""Emulator runs shared by the compare tests (core) and the Browse/Compare tests (UI); Qt-free."""

from __future__ import annotations

import json
from pathlib import Path

from ascend_dump_gui.core.emulator import emulate

WATCHER = {"dump_list": [{"layer": ["dense_1/MatMul", "dense_1/Relu", "residual/Add"],
                          "watcher_nodes": ["dense/Relu"]}], "dump_mode": "output", "dump_scene": "watcher"}
"""An acl.json dump section watching dense/Relu's memory while three later ops run."""


def model_dump(model: str) -> dict:
    """The acl.json dump section of a full model dump."""
    return {"dump_list": [{"model_name": model}], "dump_mode": "all"}


def emulated(tmp: Path, dump: dict, model: str, *, fault: str | None = None,
             name: str = "run") -> tuple[Path, Path, Path, Path]:
    """Run the emulator in ``tmp/name`` with an acl.json ``dump`` section (and GE graph dumps); returns
    (dump root, NPU step folder, golden step folder, the Build graph file)."""
    base = tmp / name
    for sub in ("dump", "golden", "graphs"):
        (base / sub).mkdir(parents=True)
    config = base / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": str(base / "dump"), **dump}}))
    emulate(config, env={"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": str(base / "graphs")}, model=model,
            cwd=base, golden_dir=base / "golden", fault=fault)
    step = next(p for p in sorted((base / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return base / "dump", step, base / "golden" / "0", next((base / "graphs").rglob("*Build*.txt"))
