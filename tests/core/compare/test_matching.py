"""Pairing rules on small trees written with write_dump / np.save."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.errors import DumpFormatError, InputError
from ascend_dump_gui.core.metrics.metrics import evaluate

TS = 1700000000000000
RNG = np.random.default_rng(11)


def dump(folder: Path, op_type: str, op_name: str, task: int, ts: int, *, outputs=(), inputs=()) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    safe = op_name.replace("/", "_").replace(".", "_")
    return write_dump(folder / f"{op_type}.{safe}.{task}.2.{ts}", op_name=op_name, dump_time=ts,
                      outputs=[p if isinstance(p, TensorPayload) else TensorPayload(p) for p in outputs],
                      inputs=[p if isinstance(p, TensorPayload) else TensorPayload(p) for p in inputs])


def golden(folder: Path, name: str, index: int, ts: int, array: np.ndarray) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.{index}.{ts}.npy"
    np.save(path, array)
    return path


def test_single_dump_file_vs_single_npy(tmp_path):
    a = RNG.standard_normal((4, 8)).astype(np.float16)
    g = (a.astype(np.float32) * 1.01).astype(np.float32)
    f = dump(tmp_path / "npu", "Add", "add1", 3, TS, outputs=[a])
    n = golden(tmp_path / "gold", "whatever", 0, TS, g)
    result = compare(f, n)
    [row] = result.rows
    assert row.tensor == "add1:output:0" and row.golden_file == str(n)
    assert row.texts == evaluate(a, g).texts
    assert row.dtype == "float16" and row.golden_dtype == "float32"


def test_device_layout_is_restored_before_comparing(tmp_path):
    x = RNG.standard_normal((1, 20, 3, 3)).astype(np.float16)
    payload = TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)
    dump(tmp_path / "npu", "Conv2D", "conv1", 1, TS, outputs=[payload])
    golden(tmp_path / "gold", "conv1", 0, TS, x.astype(np.float32))
    [row] = compare(tmp_path / "npu", tmp_path / "gold").rows
    assert row.shape == [1, 20, 3, 3]
    assert row.texts["CosineSimilarity"] == "1.000000" and row.texts["MaxAbsoluteError"] == "0.000000"


def test_origin_name_in_header_and_latest_golden(tmp_path):
    y = RNG.standard_normal(16).astype(np.float32)
    fused = TensorPayload(y, original_name="block/relu")
    dump(tmp_path / "npu", "MatMulV2", "block/matmul", 1, TS, outputs=[fused])
    golden(tmp_path / "gold", "block_relu", 0, TS, y * 5)
    newest = golden(tmp_path / "gold", "block_relu", 0, TS + 10, y)
    golden(tmp_path / "gold", "block_matmul", 0, TS, y * 3)
    result = compare(tmp_path / "npu", tmp_path / "gold")
    [row] = result.rows
    assert row.golden_file == str(newest) and row.ground_truth == "block/relu"
    assert row.reached is True
    assert {Path(u["file"]).name for u in result.unmatched} == {f"block_relu.0.{TS}.npy", f"block_matmul.0.{TS}.npy"}


def test_rows_follow_timestamps_without_graph_and_unmatched_are_kept(tmp_path):
    v = np.ones(4, np.float32)
    dump(tmp_path / "npu", "Relu", "late", 2, TS + 50, outputs=[v])
    dump(tmp_path / "npu", "Relu", "early", 1, TS + 10, outputs=[v], inputs=[v])
    golden(tmp_path / "gold", "early", 0, TS, v)
    result = compare(tmp_path / "npu", tmp_path / "gold")
    assert [r.tensor for r in result.rows] == ["early:input:0", "early:output:0", "late:output:0"]
    assert result.rows[0].golden_file is None and "producer" in result.rows[0].fail_reason
    assert result.rows[2].fail_reason.startswith("no golden file for late.0")
    assert result.rows[2].texts["CosineSimilarity"] == "NaN"
    assert [u["tensor"] for u in result.unmatched if u["side"] == "npu"] == ["early:input:0", "late:output:0"]


def test_element_count_mismatch_is_a_row_not_an_error(tmp_path):
    dump(tmp_path / "npu", "Add", "a", 1, TS, outputs=[np.ones(6, np.float32)])
    golden(tmp_path / "gold", "a", 0, TS, np.ones(5, np.float32))
    [row] = compare(tmp_path / "npu", tmp_path / "gold").rows
    assert "different numbers of elements" in row.fail_reason and row.reached is None
    assert set(row.texts.values()) == {"NaN"}


def test_npu_vs_npu_shape_mismatch_and_missing_op(tmp_path):
    dump(tmp_path / "a", "Add", "x", 1, TS, outputs=[np.ones((2, 3), np.float32)])
    dump(tmp_path / "a", "Add", "only_left", 2, TS + 1, outputs=[np.ones(3, np.float32)])
    dump(tmp_path / "b", "Add", "x", 1, TS, outputs=[np.ones((3, 2), np.float32)])
    dump(tmp_path / "b", "Add", "only_right", 2, TS + 1, outputs=[np.ones(3, np.float32)])
    result = compare(tmp_path / "a", tmp_path / "b")
    assert result.mode == "npu_vs_npu"
    x, left = result.rows
    assert "The shape does not match" in x.fail_reason and x.texts["CosineSimilarity"] == "NaN"
    assert "no dump in the other tree" in left.fail_reason
    assert [u["side"] for u in result.unmatched] == ["npu", "golden"]  # x had a counterpart


def test_npu_vs_npu_casts_bool_to_float32(tmp_path):
    m = RNG.random(32) > 0.5
    dump(tmp_path / "a", "Equal", "eq", 1, TS, outputs=[m])
    dump(tmp_path / "b", "Equal", "eq", 1, TS, outputs=[~m])
    [row] = compare(tmp_path / "a", tmp_path / "b").rows
    assert row.texts == evaluate(m.astype(np.float32), (~m).astype(np.float32)).texts
    assert row.texts["MaxAbsoluteError"] == "1.000000"


def test_npy_folder_vs_npy_folder(tmp_path):
    a = RNG.standard_normal(10).astype(np.float32)
    golden(tmp_path / "n", "op", 0, TS, a)
    golden(tmp_path / "g", "op", 0, TS, a)
    golden(tmp_path / "n", "lonely", 1, TS, a)
    rows = compare(tmp_path / "n", tmp_path / "g").rows
    assert [(r.tensor, r.reached) for r in rows] == [("lonely:output:1", None), ("op:output:0", True)]


def test_dumps_in_several_step_folders_are_refused(tmp_path):
    v = np.ones(2, np.float32)
    dump(tmp_path / "npu" / "0", "Add", "a", 1, TS, outputs=[v])
    dump(tmp_path / "npu" / "1", "Add", "a", 1, TS, outputs=[v])
    golden(tmp_path / "gold", "a", 0, TS, v)
    with pytest.raises(InputError, match="2 folders"):
        compare(tmp_path / "npu", tmp_path / "gold")


def test_bad_inputs_name_the_file(tmp_path):
    with pytest.raises(InputError, match="no such file or folder"):
        compare(tmp_path / "missing", tmp_path)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"not a dump at all")
    (tmp_path / "g").mkdir()
    golden(tmp_path / "g", "a", 0, TS, np.ones(2))
    with pytest.raises(DumpFormatError, match="junk.bin"):
        compare(junk, tmp_path / "g")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError):
        compare(tmp_path / "empty", tmp_path / "g")


def test_cancel_stops_the_run(tmp_path):
    from ascend_dump_gui.core.progress import Cancelled, CancelToken

    v = np.ones(8, np.float32)
    for i in range(5):
        dump(tmp_path / "npu", "Add", f"a{i}", i, TS + i, outputs=[v])
        golden(tmp_path / "gold", f"a{i}", 0, TS, v)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        compare(tmp_path / "npu", tmp_path / "gold", cancel=token)
    seen = []
    compare(tmp_path / "npu", tmp_path / "gold", progress=lambda d, t, m: seen.append((d, t)))
    assert (5, 5) in seen


def test_two_dump_files_pair_whatever_their_names(tmp_path):
    a = RNG.standard_normal(12).astype(np.float32)
    left = dump(tmp_path / "a", "Add", "left_name", 1, TS, outputs=[a], inputs=[a])
    right = dump(tmp_path / "b", "Add", "right_name", 7, TS, outputs=[a * 2], inputs=[a])
    rows = compare(left, right).rows
    assert [(r.tensor, r.ground_truth) for r in rows] == [("left_name:input:0", "right_name"),
                                                          ("left_name:output:0", "right_name")]
    assert rows[0].texts["MaxAbsoluteError"] == "0.000000" and rows[1].reached is False
