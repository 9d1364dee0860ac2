"""Issue 24, items 2 and 4: md5 mode is msprobe's CRC-32 (from dump.json or computed from the tensor files), never
an empty pass; a run is compared only with the reference of the same step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.compare import checksum, compare_runs
from ascend_dump_gui.core.msprobe.dump_json import parse_dump_json
from ascend_dump_gui.core.msprobe.pt_file import read_pt
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.runs.tree_compare import compare_tree

DATA = Path(__file__).parents[1] / "msprobe" / "data"
REAL_TREES = Path("/work/notes/msprobe-trees")   # written by msprobe itself, where this machine has them


def test_checksum_is_msprobes_md5_for_every_dtype():
    """msprobe 26.2.0's own md5 column (dump.json) against our checksum of the same tensors read from .pt files:
    float16, bfloat16 (raw words), int64, bool and a non-contiguous transpose."""
    folder = DATA / "real_md5_dtypes"
    doc = parse_dump_json((folder / "dump.json").read_text(), "dump.json")
    md5 = {leaf.name: leaf.md5 for entry in doc.entries for leaf in entry.leaves}
    leaves = json.loads((folder / "tensors" / "leaves.json").read_text())
    dtypes = set()
    for name, tensor in leaves.items():
        array = read_pt(folder / "tensors" / f"{tensor}.pt").array
        dtypes.add(str(array.dtype))
        assert checksum(array) == md5[name], name
    assert {"float16", "bfloat16", "int64", "bool", "float32"} <= dtypes


def _pair(tmp_path, npu_task, bench_task, **npu):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0,), task=npu_task[0],
                                                                summary_mode=npu_task[1], **npu))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,), task=bench_task[0],
                                                                  summary_mode=bench_task[1]))
    return open_tree(tmp_path / "npu").runs[0], open_tree(tmp_path / "bench").runs[0]


TENSOR, MD5, STATS = ("tensor", "statistics"), ("statistics", "md5"), ("statistics", "statistics")


@pytest.mark.parametrize(("npu", "bench"), [(TENSOR, TENSOR), (TENSOR, MD5), (MD5, TENSOR), (MD5, MD5)])
def test_md5_mode_on_tensor_dumps_has_checksums_and_finds_the_fault(tmp_path, npu, bench):
    same = compare_runs(*_pair(tmp_path / "same", npu, bench), "md5")
    tensors = [r for r in same.rows if r.npu.is_tensor and r.bench is not None]
    assert tensors and all(len(str(r.metrics["NPU MD5"])) == 8 and r.metrics["NPU MD5"] == r.metrics["BENCH MD5"]
                           for r in tensors)
    assert all(r.result == "pass" for r in same.rows)
    faulty = compare_runs(*_pair(tmp_path / "fault", npu, bench, noise=1e-4, fault_op="dense_1/MatMul"), "md5")
    assert faulty.first_divergence is not None and faulty.first_divergence.result == "error"
    assert all(r.metrics["NPU MD5"] and r.metrics["BENCH MD5"] for r in faulty.rows if r in tensors)


def test_md5_mode_on_a_dump_without_checksums_is_refused(tmp_path, capsys):
    npu, bench = _pair(tmp_path, STATS, STATS)
    with pytest.raises(InputError, match="no checksums"):
        compare_runs(npu, bench, "md5")
    assert main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--msprobe-mode", "md5"]) == 2
    assert "no checksums" in capsys.readouterr().err


def test_md5_mode_agrees_with_the_default_mode_on_real_trees():
    """Trees written by msprobe itself: a tensor dump compared in md5 mode finds differences where the tensors
    differ (an md5 pass only where every byte is equal), and its checksums are the md5 dump's."""
    if not REAL_TREES.is_dir():
        pytest.skip("the real msprobe trees are not on this machine")
    md5 = compare_trees(REAL_TREES / "npu_fp16round", REAL_TREES / "bench", "md5")
    full = compare_trees(REAL_TREES / "npu_fp16round", REAL_TREES / "bench", "all")
    by_name = {r.tensor: r for r in full.pairs[0].result.rows}
    for row in md5.pairs[0].result.rows:
        if row.npu.is_tensor and row.bench is not None:
            assert row.result in ("pass", "error")
            other = by_name[row.tensor]
            exact = other.metrics.get("MaxAbsErr") == 0.0 and row.npu.dtype == row.bench.dtype
            assert (row.result == "pass") == exact, row.tensor
    dumped = compare_trees(REAL_TREES / "npu_fp16round_md5", REAL_TREES / "bench_md5", "md5")
    assert [(r.tensor, r.metrics) for r in dumped.pairs[0].result.rows] == \
           [(r.tensor, r.metrics) for r in md5.pairs[0].result.rows]


def test_md5_mode_against_an_xor_dump_computes_the_xor_value():
    """msprobe's summary_mode xor writes a 64-bit XOR under "md5": a tensor dump against it is checked with the
    same value computed from the tensor files (a 0-d tensor, whose xor value is itself, is not compared)."""
    if not REAL_TREES.is_dir():
        pytest.skip("the real msprobe trees are not on this machine")
    rows = compare_trees(REAL_TREES / "L1_tensor", REAL_TREES / "L1_xor", "md5").pairs[0].result.rows
    tensors = [r for r in rows if r.npu.is_tensor and r.bench is not None]
    assert all(r.result == "pass" for r in tensors if r.npu.shape)
    assert all(r.result is None and "xor" in r.not_compared for r in tensors if r.npu.shape == ())
    assert sum(r.result == "pass" for r in tensors) > 60


def test_tree_compare_never_pairs_another_step(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0,), steps=(10,)))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,), steps=(0,)))
    with pytest.raises(InputError, match="same step"):
        compare_trees(tmp_path / "npu", tmp_path / "bench")
    result = compare_tree(tmp_path / "npu", tmp_path / "bench", mode="golden")
    assert result.rows == [] and result.unpaired and "step 10" in result.unpaired[0]["reason"]
    assert result.runs[0]["status"] == "no_reference"
