"""`ascend-dump runs`, `compare --mode`, `emulate --ranks`: the JSON shapes of cli.md and exit codes."""

from __future__ import annotations

import json

from ascend_dump_gui.cli import compare_tree_cmd, main
from ascend_dump_gui.core.runs.tree_compare import MODES


def _json(capsys, argv):
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_runs_json(capsys, ranks_tree):
    code, doc = _json(capsys, ["runs", str(ranks_tree.npu_root), "--json"])
    assert code == 0 and len(doc["runs"]) == 24 and doc["runs"][0]["format"] == "ge"


def test_compare_modes_json(capsys, ranks_tree):
    code, doc = _json(capsys, ["compare", str(ranks_tree.npu_root), "--mode", "ranks", "--stats-first", "--json",
                               "--fail-on-mismatch"])
    assert code == 1
    assert {k: doc["first_divergence"][k] for k in ("rank", "step", "tensor")} == {
        "rank": 5, "step": 1, "tensor": "dense_1/MatMul:output:0"}
    run = doc["runs"][0]
    assert {"rank", "step", "rows", "failed", "overflows", "worst", "first_divergence"} <= set(run)
    assert all("rank" in r and "step" in r for r in doc["rows"])
    code, doc = _json(capsys, ["compare", str(ranks_tree.npu_root), str(ranks_tree.golden_root), "--steps", "0",
                               "--json"])
    assert code == 0 and doc["mode"] == "golden" and doc["first_divergence"] is None


def test_compare_human_and_errors(capsys, ranks_tree, tmp_path):
    assert main(["compare", str(ranks_tree.npu_root), "--mode", "ranks", "--stats-first"]) == 0
    out = capsys.readouterr().out
    assert "first divergence: rank 5 step 1" in out and "overflow: rank 2 step 2" in out
    assert main(["compare", str(ranks_tree.npu_root)]) == 2
    assert "GOLDEN is required" in capsys.readouterr().err
    assert main(["compare", str(ranks_tree.npu_root), "--mode", "golden"]) == 2
    assert main(["compare", str(tmp_path / "none"), "--mode", "ranks"]) == 2


def test_emulate_ranks(capsys, tmp_path):
    code = main(["emulate", "--ranks", "2", "--steps", "2", "--drift", "1:1:dense/Relu", "--cwd", str(tmp_path),
                 "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["ranks"] == 2 and doc["files"] > 0
    assert main(["emulate", "--ranks", "2", "--drift", "5:0:dense/Relu", "--cwd", str(tmp_path)]) == 2


def test_cli_modes_match_the_core():
    assert compare_tree_cmd.MODES == MODES


def test_an_unreachable_scheduler_is_bad_input(capsys, ranks_tree):
    for address in ("tcp://127.0.0.1:1", "no address"):
        assert main(["compare", str(ranks_tree.npu_root), "--mode", "ranks", "--scheduler", address]) == 2
        err = capsys.readouterr().err
        assert "Dask scheduler" in err and "Traceback" not in err
