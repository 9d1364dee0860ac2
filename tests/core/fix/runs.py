"""Emulated runs for the fix and capture tests: a TF1 script with a precision mode, its dump and golden."""

from __future__ import annotations

from pathlib import Path

from ascend_dump_gui.core.emulator import emulate

TF1 = """import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("dump")
custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all")
"""
ENV = {"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": "graphs"}


def tf1_script(folder: Path, mode: tuple[str, str] | None = None) -> Path:
    """A TF1 training script dumping every op (inputs and outputs), with ``mode`` = (option, value) if given."""
    folder.mkdir(parents=True, exist_ok=True)
    text = TF1 + (f'custom_op.parameter_map["{mode[0]}"].s = tf.compat.as_bytes("{mode[1]}")\n' if mode else "")
    path = folder / "train.py"
    path.write_text(text)
    return path


def run_config(folder: Path, config: Path, model: str, *, fault: str | None = None) -> tuple[Path, Path]:
    """Emulate ``model`` under ``config`` in ``folder``; returns (NPU step folder, golden step folder)."""
    for sub in ("dump", "golden", "graphs"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    emulate(config, env=dict(ENV), model=model, cwd=folder, golden_dir=folder / "golden", fault=fault)
    step = next(p for p in sorted((folder / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return step, folder / "golden" / "0"


def tf1_run(folder: Path, model: str, mode: tuple[str, str] | None = None, *,
            fault: str | None = None) -> tuple[Path, Path, Path]:
    """(script, NPU step folder, golden step folder) of ``model`` run under a TF1 script with ``mode``."""
    script = tf1_script(folder, mode)
    step, golden = run_config(folder, script, model, fault=fault)
    return script, step, golden
