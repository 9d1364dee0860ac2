"""Issue 24, item 3: an Inf or NaN in an NPU output of any floating dtype is an overflow, named (tensor, op, type,
dtype, kind) the same way and counted the same in the single compare, the tree compare and the CLI."""

from __future__ import annotations

import json

import ml_dtypes
import numpy as np

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.runs.tree_compare import compare_tree

TS = 1700000000000000
CASES = [  # (op type, op name, dtype, poisoned value, expected kind)
    ("MatMul", "mm16", np.float16, np.inf, "inf"),
    ("MatMul", "mmsat", np.float16, 65504.0, "inf"),         # float16 saturated at its limit
    ("MatMul", "mmbf", ml_dtypes.bfloat16, np.nan, "nan"),
    ("MatMul", "mm32", np.float32, -np.inf, "inf"),
    ("Relu", "ok32", np.float32, 1.0, None),
    ("Cast", "int32", np.int32, 7, None),
]


def _tree(tmp_path):
    npu, golden = tmp_path / "npu", tmp_path / "golden"
    npu.mkdir()
    golden.mkdir()
    for i, (op_type, name, dtype, value, _) in enumerate(CASES):
        x = np.arange(1, 17, dtype=np.float32).reshape(4, 4)
        y = x.copy()
        y[1, 2] = value
        write_dump(npu / f"{op_type}.{name}.{i + 1}.1.{TS + i}", op_name=name,
                   inputs=[TensorPayload(x.astype(dtype))], outputs=[TensorPayload(y.astype(dtype))])
        np.save(golden / f"{name}.0.{TS + i}.npy", x)
    return npu, golden


def test_overflows_of_every_floating_dtype_are_named_and_counted_alike(tmp_path, capsys):
    npu, golden = _tree(tmp_path)
    result = compare(npu, golden)
    got = {(o.op_name, o.dtype, o.kind) for o in result.overflows}
    want = {(name, str(np.dtype(dtype)), kind) for _, name, dtype, _, kind in CASES if kind}
    assert got == want
    assert all(o.tensor == f"{o.op_name}:output:0" and o.op_type == "MatMul" for o in result.overflows)
    assert result.summary["overflows"] == len(want)
    capsys.readouterr()
    main(["compare", str(npu), str(golden), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert {(o["tensor"], o["op_name"], o["op_type"], o["dtype"], o["kind"]) for o in doc["overflows"]} == \
        {(o.tensor, o.op_name, o.op_type, o.dtype, o.kind) for o in result.overflows}
    tree = compare_tree(npu, golden, mode="golden")
    (run,) = tree.runs
    assert run["overflows"] == len(doc["overflows"]) == len(tree.overflows)
    assert {(o["op_name"], o["dtype"], o["kind"]) for o in tree.overflows} == got
    assert all({"tensor", "op_type", "rank", "step"} <= o.keys() for o in tree.overflows)


def test_an_overflow_without_a_golden_counterpart_is_still_counted(tmp_path):
    npu, golden = _tree(tmp_path)
    (golden / f"mm32.0.{TS + 3}.npy").unlink()        # the float32 Inf output has no golden file now
    result = compare(npu, golden)
    assert ("mm32", "float32", "inf") in {(o.op_name, o.dtype, o.kind) for o in result.overflows}
    assert compare_tree(npu, golden, mode="golden").runs[0]["overflows"] == len(result.overflows)
