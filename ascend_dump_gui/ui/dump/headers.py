"""Short texts describing the tensors of a dump file or golden .npy (for table cells and tensor lists)."""

from __future__ import annotations

from pathlib import Path

from ascend_dump_gui.core.dump.dumpfile import DumpTensor
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.npy_file import read_header
from ascend_dump_gui.ui.i18n import tr


def dtype_name(tensor: DumpTensor) -> str:
    """``DT_FLOAT16`` -> ``float16``."""
    return tensor.dtype.removeprefix("DT_").lower()


def shape_text(shape: tuple[int, ...] | None) -> str:
    return "×".join(map(str, shape)) if shape else tr("scalar")


def tensor_text(tensor: DumpTensor) -> str:
    """e.g. ``float16 NC1HWC0 1×1×4×4×16 (orig 1×4×4×4)``."""
    text = f"{dtype_name(tensor)} {tensor.format} {shape_text(tensor.shape)}"
    if tensor.original_shape is not None and tuple(tensor.original_shape) != tuple(tensor.shape):
        text += " " + tr("(orig {shape})").format(shape=shape_text(tuple(tensor.original_shape)))
    return text


def npy_text(path: str | Path) -> str:
    """dtype and shape of a .npy file, from its header only."""
    with open(path, "rb") as fh:
        shape, _, dtype = read_header(fh, path)
    return f"{dtype} {shape_text(shape)}"


def tensor_columns(path: str | Path, kind: str) -> tuple[str, str]:
    """(inputs text, outputs text) of a tensor dump or golden .npy; tensors are joined with ``; ``."""
    if kind == "golden":
        return "", npy_text(path) if str(path).endswith(".npy") else ""
    dump = read_dump(path)
    return ("; ".join(tensor_text(t) for t in dump.inputs), "; ".join(tensor_text(t) for t in dump.outputs))
