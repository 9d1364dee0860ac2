"""Issue 24, item 1: a matched tensor that could not be read or checked is "not compared" (result/reached null,
the reason said, counted apart), never pass; ``--fail-on-mismatch`` exits 1 on it. msprobe and GE/acl compares,
single and tree."""

from __future__ import annotations

import json
import os
import pickle

import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.report import to_json
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.runs.tree_compare import compare_tree
from tests.emulator_runs import emulated, model_dump


class _System:
    """Pickles as a call of os.system: the restricted unpickler must refuse it."""

    def __reduce__(self):
        return (os.system, ("true",))


def _refused(path):
    path.write_bytes(pickle.dumps(_System()))


def _damaged(path):
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _removed(path):
    path.unlink()


def _unreadable(path):
    path.chmod(0)


SPOILERS = {"refused": _refused, "damaged": _damaged, "missing": _removed, "mode_000": _unreadable}


def _spoil(kind):
    if kind == "mode_000" and os.geteuid() == 0:
        pytest.skip("root reads a mode-000 file")
    return SPOILERS[kind]


def _tensor_trees(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0,), task="tensor"))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,), task="tensor"))
    run = open_tree(tmp_path / "npu").runs[0]
    leaf = next(leaf for leaf in run.iter_leaves() if leaf.is_tensor and ".output." in leaf.name and leaf.data_name)
    return run, leaf


@pytest.mark.parametrize("kind", sorted(SPOILERS))
def test_msprobe_unreadable_tensor_is_not_compared(tmp_path, capsys, kind):
    spoil = _spoil(kind)
    run, leaf = _tensor_trees(tmp_path)
    spoil(run.tensor_path(leaf))
    result = compare_runs(open_tree(tmp_path / "npu").runs[0], open_tree(tmp_path / "bench").runs[0], "all")
    row = next(r for r in result.rows if r.tensor == leaf.name)
    assert row.result is None and row.not_compared
    assert any(m.startswith("not compared:") for m in row.messages)
    assert result.not_compared == 1 and result.first_divergence is None
    assert all(r.result == "pass" for r in result.rows if r is not row)   # the rest of the tree goes on
    doc = to_json(compare_trees(tmp_path / "npu", tmp_path / "bench", "all"))
    assert doc["summary"]["not_compared"] == 1 and doc["summary"]["pass"] == len(doc["rows"]) - 1
    js = next(r for r in doc["rows"] if r["tensor"] == leaf.name)
    assert js["result"] is None and js["reached"] is None and "not compared" in js["fail_reason"]
    assert doc["runs"][0]["not_compared"] == 1 and doc["runs"][0]["failed"] == 0
    capsys.readouterr()
    assert main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--msprobe-mode", "all"]) == 0
    assert "1 not compared" in capsys.readouterr().out
    assert main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--msprobe-mode", "all",
                 "--fail-on-mismatch"]) == 1


def test_msprobe_tree_compare_counts_not_compared_and_never_says_ok(tmp_path, capsys):
    run, leaf = _tensor_trees(tmp_path)
    _refused(run.tensor_path(leaf))
    result = compare_tree(tmp_path / "npu", tmp_path / "bench", mode="golden")
    (summary,) = result.runs
    assert summary["not_compared"] == 1 and summary["status"] == "not_compared"
    assert result.summary["not_compared"] == 1
    row = next(r for r in result.rows if r["tensor"] == leaf.name)
    assert row["reached"] is None and "not compared" in row["fail_reason"]
    args = ["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--mode", "golden"]
    assert main(args) == 0 and "1 not compared" in capsys.readouterr().out
    assert main([*args, "--fail-on-mismatch"]) == 1


def test_msprobe_statistics_missing_is_not_compared(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0,)))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,)))
    path = next((tmp_path / "npu").rglob("dump.json"))
    doc = json.loads(path.read_text())
    entry = next(iter(doc["data"].values()))
    for arg in entry.get("input_args", []):
        for key in ("Max", "Min", "Mean", "Norm"):
            arg[key] = None
    path.write_text(json.dumps(doc))
    result = compare_runs(open_tree(tmp_path / "npu").runs[0], open_tree(tmp_path / "bench").runs[0], "summary")
    spoiled = [r for r in result.rows if r.npu.entry == next(iter(doc["data"])) and ".input." in r.tensor]
    assert spoiled and all(r.result is None and "no statistics" in r.not_compared for r in spoiled)


def _spoil_ge(step, spoil):
    victim = next(p for p in sorted(step.iterdir()) if p.is_file() and "MatMul" in p.name)
    spoil(victim)
    return victim


@pytest.mark.parametrize("kind", ["damaged", "mode_000"])
def test_ge_unreadable_dump_is_not_compared(tmp_path, capsys, kind):
    spoil = _spoil(kind)
    _, step, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    victim = _spoil_ge(step, spoil)
    result = compare(step, golden)
    assert not any(r.reached is True for r in result.rows if r.npu_file == str(victim))
    capsys.readouterr()
    code = main(["compare", str(step), str(golden), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1
    assert all(r["reached"] is not True for r in doc["rows"] if r["npu_file"] == str(victim))


def test_ge_golden_that_cannot_be_read_is_not_compared(tmp_path, capsys):
    _, step, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    before = compare(step, golden)
    target = next(r for r in before.rows if r.golden_file and r.reached is not None)
    with open(target.golden_file, "wb") as f:   # a .npy holding a pickled object: np.load refuses it
        np.save(f, np.array([_System()], dtype=object), allow_pickle=True)
    result = compare(step, golden)
    row = next(r for r in result.rows if r.tensor == target.tensor)
    assert row.reached is None and row.not_compared and row.fail_reason
    sharing = sum(r.golden_file == target.golden_file for r in result.rows)   # inputs of later ops share it
    assert result.summary["not_compared"] == before.summary["not_compared"] + sharing
    capsys.readouterr()
    assert main(["compare", str(step), str(golden), "--fail-on-mismatch"]) == 1
    assert "not compared" in capsys.readouterr().out


@pytest.mark.parametrize("stats_first", [True, False])
def test_ge_tree_run_with_an_unreadable_dump_is_never_ok(tmp_path, stats_first):
    root, step, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    _spoil_ge(step, _damaged)
    result = compare_tree(root, tmp_path / "run" / "golden", mode="golden", stats_first=stats_first)
    (run,) = result.runs
    assert run["not_compared"] >= 1 and run["status"] != "ok"
    assert result.summary["not_compared"] == run["not_compared"]
