"""Tree compare on emulated 8-rank x 3-step trees: the injected drift and overflow are found in every
mode; a clean world reports agreement; statistics-first gives the findings of the full compare."""

from __future__ import annotations

import pytest

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.runs.tree_compare import compare_tree, parse_groups, parse_int_list
from tests.core.runs.conftest import DRIFT, OVERFLOW_RANK

TENSOR = "dense_1/MatMul:output:0"


@pytest.mark.parametrize("mode", ["ranks", "golden", "steps"])
def test_every_mode_finds_the_drifting_rank_step_and_op(ranks_tree, mode):
    result = compare_tree(ranks_tree.npu_root, ranks_tree.golden_root, mode=mode, stats_first=True)
    d = result.first_divergence
    assert (d["rank"], d["step"], d["tensor"]) == (DRIFT.rank, DRIFT.step, TENSOR)
    assert d["cause"] == "introduced"
    assert result.summary["overflow_ranks"] == [OVERFLOW_RANK]
    overflows = {(o["rank"], o["step"]) for o in result.to_json()["overflows"]}
    assert overflows == {(OVERFLOW_RANK, 2)}
    assert all(row["rank"] is not None and row["step"] is not None for row in result.rows)
    assert not result.lost and not result.problems


def test_ranks_mode_names_the_ranks_that_disagree_with_their_group(ranks_tree):
    result = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=True)
    assert [(d["rank"], d["reference_rank"], d["steps"]) for d in result.disagreeing] == [
        (OVERFLOW_RANK, 0, [2]), (DRIFT.rank, 0, [1, 2])]
    statuses = {(r["rank"], r["step"]): r["status"] for r in result.runs}
    assert statuses[(0, 0)] == "reference" and statuses[(DRIFT.rank, 0)] == "ok"
    assert statuses[(DRIFT.rank, 1)] == "diverged" and statuses[(OVERFLOW_RANK, 2)] == "overflow"
    # statistics first: only the three runs whose statistics differ were read in full
    assert result.summary["full_compared_runs"] == 3


def test_statistics_first_reaches_the_full_compare_findings(ranks_tree):
    fast = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=True)
    full = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=False)
    assert fast.first_divergence == full.first_divergence
    assert fast.disagreeing == full.disagreeing
    assert [(r["rank"], r["step"], r["failed"], r["overflows"]) for r in fast.runs] == \
        [(r["rank"], r["step"], r["failed"], r["overflows"]) for r in full.runs]
    assert full.summary["full_compared_runs"] == 21


def test_groups_pick_their_own_reference(ranks_tree):
    result = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=True, groups=[[0, 1, 2, 3], [4, 5, 6, 7]])
    refs = {r["rank"]: r["reference_rank"] for r in result.runs}
    assert refs[3] == 0 and refs[5] == 4 and refs[4] == 4
    assert [d["reference_rank"] for d in result.disagreeing] == [0, 4]


def test_rank_and_step_selection(ranks_tree):
    result = compare_tree(ranks_tree.npu_root, mode="ranks", ranks=[0, 1, 3], steps=[1, 2], stats_first=True)
    assert {(r["rank"], r["step"]) for r in result.runs} == {(k, s) for k in (0, 1, 3) for s in (1, 2)}
    assert result.first_divergence is None and not result.disagreeing


def test_a_clean_world_agrees(clean_tree):
    for mode in ("ranks", "steps"):
        result = compare_tree(clean_tree.npu_root, mode=mode, stats_first=True)
        assert result.first_divergence is None and not result.disagreeing
        assert result.summary["failed"] == 0 and result.summary["overflows"] == 0
        assert {r["status"] for r in result.runs} <= {"ok", "reference", "no_reference"}
        assert result.summary["full_compared_runs"] == 0


def test_bad_arguments_are_input_errors(ranks_tree):
    with pytest.raises(InputError, match="reference tree"):
        compare_tree(ranks_tree.npu_root, mode="golden")
    with pytest.raises(InputError, match="unknown mode"):
        compare_tree(ranks_tree.npu_root, mode="bogus")
    assert parse_int_list("0,2,4-6", "--ranks") == [0, 2, 4, 5, 6]
    assert parse_groups("0-1; 2,3") == [[0, 1], [2, 3]]
    with pytest.raises(InputError, match="--ranks"):
        parse_int_list("a-3", "--ranks")


def test_statistics_first_reads_only_the_ops_whose_statistics_differ(ranks_tree):
    result = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=True)
    rows = [r for r in result.rows if (r["rank"], r["step"]) == (DRIFT.rank, DRIFT.step)]
    full = {r["op_name"] for r in rows if r["checked"] == "full"}
    by_stats = {r["op_name"] for r in rows if r["checked"] == "stats"}
    assert "dense_1/MatMul" in full and "dense/MatMul" not in full and "dense_MatMul" in by_stats
    assert [r["index"] for r in rows] == sorted(r["index"] for r in rows)
    assert all(r["reached"] for r in rows if r["checked"] == "stats")


def test_layouts_without_rank_folders_take_ranks_from_device_ids(tmp_path):
    import json

    from ascend_dump_gui.core.emulator import emulate

    for device in (0, 1):
        (tmp_path / "dump").mkdir(exist_ok=True)
        config = tmp_path / "acl.json"
        config.write_text(json.dumps({"dump": {"dump_path": "dump", "dump_list": [{"model_name": "mlp"}]}}))
        emulate(config, env={"ASCEND_DEVICE_ID": str(device)}, model="mlp", steps=2, cwd=tmp_path)
    result = compare_tree(tmp_path / "dump", mode="ranks", stats_first=True)
    assert result.summary["ranks_from"] == "device ids" and result.summary["ranks"] == [0, 1]
    assert result.first_divergence is None and {r["status"] for r in result.runs} == {"ok", "reference"}
