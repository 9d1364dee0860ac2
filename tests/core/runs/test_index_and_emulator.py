"""The run index (GE, golden and msprobe folders) and the multi-rank emulator's tree."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.runs.index import index_runs
from ascend_dump_gui.core.runs.stats import run_stats


def test_index_has_a_run_per_rank_and_step(ranks_tree):
    index = index_runs(ranks_tree.npu_root.parent)
    ge = [r for r in index.runs if r.format == "ge"]
    assert len(ge) == 24 and index.ranks == list(range(8)) and index.steps == [0, 1, 2]
    assert all(r.world_size == 8 and r.model_name == "graph_1" and r.has_stats for r in ge)
    assert {r.device for r in ge} == set(range(8))
    assert all(r.tensors == 10 and r.files == 20 and r.ops == 10 for r in ge)
    golden = [r for r in index.runs if r.format == "golden"]
    assert [(r.step, r.rank) for r in golden] == [(0, None), (1, None), (2, None)]
    assert not index.problems
    doc = index.to_json()
    assert set(doc) == {"root", "runs", "problems"}
    assert {"path", "format", "rank", "world_size", "step", "device", "model_name", "files", "has_stats"} <= set(
        doc["runs"][0])


def test_statistics_come_from_the_csv_without_reading_tensors(ranks_tree, monkeypatch):
    index = index_runs(ranks_tree.npu_root)
    run = index.runs[0]
    monkeypatch.setattr("ascend_dump_gui.core.runs.stats.read_dump", lambda p: pytest.fail(f"read {p}"))
    stats, problems = run_stats(index.abspath(run))
    assert not problems and {s.source for s in stats} == {"csv"}
    assert [s.order for s in stats] == sorted(s.order for s in stats)


def test_statistics_are_computed_from_tensors_without_csv(clean_tree):
    index = index_runs(clean_tree.npu_root)
    stats, problems = run_stats(index.abspath(index.runs[0]))
    assert not problems and {s.source for s in stats} == {"dump"} and len(stats) > 10


def test_msprobe_folders_are_indexed_as_msprobe_runs(tmp_path):
    for step in (0, 1):
        for rank in (0, 1):
            folder = tmp_path / "dump" / f"step{step}" / f"rank{rank}"
            (folder / "dump_tensor_data").mkdir(parents=True)
            (folder / "dump.json").write_text(json.dumps({"task": "tensor", "data": {}}))
            (folder / "dump_tensor_data" / "Functional.linear.0.forward.output.0.npy").write_bytes(b"x")
    index = index_runs(tmp_path / "dump")
    assert [(r.format, r.step, r.rank, r.files) for r in index.runs] == [
        ("msprobe", 0, 0, 2), ("msprobe", 0, 1, 2), ("msprobe", 1, 0, 2), ("msprobe", 1, 1, 2)]
    assert not index.problems


def test_emulator_refuses_impossible_faults(tmp_path):
    with pytest.raises(InputError, match="outside the world"):
        emulate_ranks(tmp_path, ranks=2, steps=1, drift=Drift(2, 0, "dense/Relu"))
    with pytest.raises(InputError, match="not in the compiled graph"):
        emulate_ranks(tmp_path, ranks=1, steps=1, drift=Drift(0, 0, "no/Such"))
    with pytest.raises(InputError, match="RANK:STEP:OP"):
        Drift.parse("1:x:op")
    assert Drift.parse("3:1:dense_1/MatMul") == Drift(3, 1, "dense_1/MatMul")
