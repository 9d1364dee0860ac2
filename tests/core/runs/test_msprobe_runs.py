"""msprobe trees in the run index and the tree compare: emulated data-parallel ranks x steps where one rank
drifts in one API from one step on and another overflows at the last step; every mode finds both through
msprobe's own matching and verdicts."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.runs.index import index_runs
from ascend_dump_gui.core.runs.tree_compare import compare_tree
from tests.core.runs.conftest import MSPROBE_DRIFT, MSPROBE_DRIFT_API, MSPROBE_OVERFLOW_RANK

FOUND = (MSPROBE_DRIFT.rank, MSPROBE_DRIFT.step, MSPROBE_DRIFT_API)


def _found(result) -> tuple:
    d = result.first_divergence
    return None if d is None else (d["rank"], d["step"], d["tensor"])


def test_index_has_one_msprobe_run_per_rank_and_step(msprobe_trees):
    npu, _ = msprobe_trees
    index = index_runs(npu)
    assert [(r.format, r.step, r.rank) for r in index.runs] == [("msprobe", s, k) for s in range(3) for k in range(4)]
    run = open_tree(npu / "step1" / "rank2").runs[0]
    named = [leaf for leaf in run.iter_leaves() if leaf.data_name]
    entry = index.runs[6]
    assert (entry.step, entry.rank, entry.has_stats) == (1, 2, True)
    assert entry.tensors == len(named) and entry.files == len(named) + 1
    assert entry.ops == len({leaf.entry for leaf in named}) and not index.problems


def test_statistics_task_and_a_dump_json_without_statistics(tmp_path):
    write_msprobe_tree(tmp_path / "stats", "mlp", MsprobeDumpSpec(steps=(0,), ranks=(0, 1)))
    runs = index_runs(tmp_path / "stats").runs
    assert [(r.rank, r.has_stats, r.tensors) for r in runs] == [(0, True, 0), (1, True, 0)]
    assert runs[0].ops == len(open_tree(tmp_path / "stats" / "step0" / "rank0").runs[0].entries)
    bare = tmp_path / "bare" / "step0" / "rank0"
    bare.mkdir(parents=True)
    leaf = {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2]}
    (bare / "dump.json").write_text(json.dumps({"task": "statistics", "level": "L1", "framework": "pytorch",
                                                "data": {"Torch.add.0.forward": {"input_args": [leaf],
                                                                                 "output": [leaf]}}}))
    (run,) = index_runs(tmp_path / "bare").runs
    assert (run.format, run.has_stats, run.ops) == ("msprobe", False, 1)


@pytest.mark.parametrize("mode", ["golden", "ranks", "steps"])
def test_every_mode_finds_the_drifting_rank_step_and_api(msprobe_trees, mode):
    npu, bench = msprobe_trees
    fast = compare_tree(npu, bench, mode=mode, stats_first=True)
    full = compare_tree(npu, bench, mode=mode, stats_first=False)
    for result in (fast, full):
        assert _found(result) == FOUND
        assert not result.problems and not result.lost and not result.unpaired
        assert all(r["rank"] is not None and r["step"] is not None for r in result.rows)
    assert [(r["rank"], r["step"], r["failed"]) for r in fast.runs] == [(r["rank"], r["step"], r["failed"])
                                                                        for r in full.runs]
    assert fast.first_divergence["result"] == "error" and fast.first_divergence["checked"] == "full"
    diverged = {(r["rank"], r["step"]) for r in fast.runs if r["status"] == "diverged"}
    # the drift starts at step 1 and stays: step 2 diverges from the bench and from rank 0, not from step 1
    assert diverged == ({(2, 1)} if mode == "steps" else {(2, 1), (2, 2)})
    overflow = (MSPROBE_OVERFLOW_RANK, 2)
    assert fast.summary["overflow_ranks"] == [MSPROBE_OVERFLOW_RANK]
    entries = fast.to_json()["overflows"]
    assert {(o["rank"], o["step"]) for o in entries} == {overflow}
    assert all(o["tensor"] and o["op_name"] and o["kind"] in ("inf", "nan") and o["dtype"] for o in entries)
    assert len(entries) == next(r["overflows"] for r in fast.runs if (r["rank"], r["step"]) == overflow)
    assert next(r["status"] for r in fast.runs if (r["rank"], r["step"]) == overflow) == "overflow"
    # statistics first: only the diverged and the overflowing runs were read in full, and only the calls whose
    # statistics differ
    assert fast.summary["full_compared_runs"] == len(diverged) + 1
    full_rows = [r for r in fast.rows if r["checked"] == "full"]
    assert full_rows and len(full_rows) < len([r for r in fast.rows if (r["rank"], r["step"]) in diverged])
    assert {r["checked"] for r in full.rows if r["golden_file"]} == {"full"}


def test_ranks_mode_names_the_drifting_rank_and_clean_ranks_agree(msprobe_trees):
    npu, bench = msprobe_trees
    result = compare_tree(npu, mode="ranks", stats_first=True)
    assert [(d["rank"], d["reference_rank"], d["steps"]) for d in result.disagreeing] == [
        (MSPROBE_OVERFLOW_RANK, 0, [2]), (2, 0, [1, 2])]
    clean = compare_tree(bench, mode="ranks", stats_first=True)
    assert clean.first_divergence is None and not clean.disagreeing and clean.summary["failed"] == 0
    assert {r["status"] for r in clean.runs} == {"ok", "reference"}
    worst = next(r["worst"] for r in result.runs if (r["rank"], r["step"]) == (2, 1))
    assert worst["Cosine"] < 0.999 and worst["stats_rel_diff"] > 0.1


def test_statistics_only_dumps_find_the_drift_from_dump_json(tmp_path):
    spec = MsprobeDumpSpec(steps=(0, 1), ranks=(0, 1, 2), data_parallel=True)
    write_msprobe_tree(tmp_path / "npu", "mlp", replace(spec, drift=MSPROBE_DRIFT))
    result = compare_tree(tmp_path / "npu", mode="ranks", stats_first=True)
    assert _found(result) == FOUND and result.summary["full_compared_runs"] == 0
    assert {r["checked"] for r in result.rows} == {"stats"}


def test_cli_runs_and_compare_on_msprobe_trees(capsys, msprobe_trees):
    npu, bench = msprobe_trees
    assert main(["runs", str(npu), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["runs"]) == 12 and {r["format"] for r in doc["runs"]} == {"msprobe"}
    assert {"tensors", "ops", "has_stats"} <= set(doc["runs"][0])
    assert main(["compare", str(npu), str(bench), "--mode", "golden", "--stats-first", "--json",
                 "--fail-on-mismatch"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {k: doc["first_divergence"][k] for k in ("rank", "step", "tensor")} == dict(
        zip(("rank", "step", "tensor"), FOUND, strict=True))
    assert main(["compare", str(npu), "--mode", "steps"]) == 0
    out = capsys.readouterr().out
    assert f"first divergence: rank 2 step 1: {MSPROBE_DRIFT_API}" in out and "msprobe: error: " in out


def test_statistics_never_pass_a_tensor_whose_file_is_gone(tmp_path):
    """Statistics first or not, a tensor dump's row whose file is missing is not compared, naming the file."""
    spec = MsprobeDumpSpec(task="tensor", steps=(0,), ranks=(0,))
    write_msprobe_tree(tmp_path / "npu", "mlp", spec)
    write_msprobe_tree(tmp_path / "bench", "mlp", spec)
    data = tmp_path / "npu" / "step0" / "rank0" / "dump_tensor_data"
    gone = sorted(data.iterdir())[0]
    gone.unlink()
    for stats_first in (True, False):
        result = compare_tree(tmp_path / "npu", tmp_path / "bench", mode="golden", stats_first=stats_first)
        rows = [r for r in result.rows if r["npu_file"] and r["npu_file"].endswith(gone.name)]
        assert rows, stats_first
        assert all(r["reached"] is None and gone.name in (r["fail_reason"] or "") for r in rows), (stats_first, rows)
        others = [r for r in result.rows if r not in rows and r["golden_file"]]
        assert others and all(r["reached"] is True for r in others)  # the identical rest still passes


def test_a_step_or_rank_folder_given_as_the_root_is_indexed_too(msprobe_trees):
    """A user may point at one step folder or one rank folder: its runs keep their real step and rank."""
    npu, _ = msprobe_trees
    step = index_runs(npu / "step1")
    assert sorted((r.step, r.rank, r.path) for r in step.runs) == [(1, k, f"rank{k}") for k in range(4)]
    rank = index_runs(npu / "step2" / "rank3")
    assert [(r.format, r.step, r.rank, r.path, r.tensors > 0) for r in rank.runs] == [("msprobe", 2, 3, "", True)]
    assert rank.runs[0].ops == index_runs(npu).runs[-1].ops > 0


@pytest.mark.parametrize("broken", [b"{", b"", b"\xff\xfe not json", b"[1, 2]"])
def test_a_run_whose_dump_json_is_broken_is_one_run_from_every_level(tmp_path, broken):
    """msprobe writes dump.json beside stack.json and construct.json: a broken dump.json there is the run's
    problem (named once, never "unrecognised"), and the run is found from the tree, step and rank folder alike."""
    rank = tmp_path / "step3" / "rank5"
    rank.mkdir(parents=True)
    (rank / "dump.json").write_bytes(broken)
    (rank / "stack.json").write_text("{}")
    (rank / "construct.json").write_text("{}")
    for root in (tmp_path, tmp_path / "step3", rank):
        index = index_runs(root)
        assert [(r.format, r.step, r.rank, r.files) for r in index.runs] == [("msprobe", 3, 5, 1)]
        assert [p.path.rpartition("/")[2] for p in index.problems] == ["dump.json"]
        assert "unrecognised" not in index.problems[0].message


def test_a_lone_unrelated_dump_json_is_not_a_run(tmp_path):
    """Without msprobe's side files, a dump.json that does not look like msprobe's stays an unknown file."""
    (tmp_path / "dump.json").write_text('{"other": 1}')
    index = index_runs(tmp_path)
    assert index.runs == [] and [p.path for p in index.problems] == ["dump.json"]
