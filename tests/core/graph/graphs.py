"""Graph fixtures for the graph tests (Qt-free): real GE graph dumps from ../shared, emulator runs, and small
graphs built in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.dump.graph import Graph, Op, TensorDesc

REAL = "real-world/graphs"
RESNET = "ge_proto_00000062_Build.txt"
"""The largest real graph: ResNet-50 after fusion (170 ops, Conv2D+BN+Scale+Relu fused)."""


def real_graph(shared_dir: Path, name: str) -> Path:
    path = shared_dir / REAL / name
    if not path.is_file():
        pytest.skip(f"{path} is not present")
    return path


def op(name: str, op_type: str, *inputs: str, origins: list[str] | None = None, shape=(2, 3)) -> Op:
    """An op with one float16 output of ``shape``; ``origins``: ``_datadump_original_op_names``."""
    attrs = {} if origins is None else {"_datadump_original_op_names": origins}
    return Op(name, op_type, tuple(inputs), attrs, (), (TensorDesc("DT_FLOAT16", "ND", tuple(shape)),))


def small_graph() -> Graph:
    """input -> a/b/MatMul (fused from a/b/MatMul + a/b/Add) -> a/Relu -> c/Softmax, with a weight Const."""
    return Graph("small", (
        op("input", "Data"),
        op("a/b/weight", "Const"),
        op("a/b/MatMul", "MatMulV2", "input:0", "a/b/weight:0", origins=["a/b/MatMul", "a/b/Add"]),
        op("a/Relu", "Relu", "a/b/MatMul:0"),
        op("trans_Cast_0", "Cast", "a/Relu:0", origins=[]),
        op("c/Softmax", "SoftmaxV2", "trans_Cast_0:0", "a/b/MatMul:-1"),
    ))


def row(op_name: str, role: str = "output", *, cos: float = 1.0, max_abs: float = 0.0, index: int = 0
        ) -> CompareRow:
    """A compare row of ``op_name`` with msprobe's cosine and max abs error."""
    return CompareRow(index=0, tensor=f"{op_name}:{role}:{index}", op_name=op_name, op_type="", role=role,
                      tensor_index=index, npu_file="", golden_file="golden.npy", ground_truth="*",
                      dtype="float16", golden_dtype="float32", shape=[2, 3],
                      msprobe={"Cosine": cos, "MaxAbsErr": max_abs})
