"""No pass without data, at every level (issue 33): pairs msprobe skips, md5 values that are no checksum, tensor
files that contradict dump.json, data_names that leave the tree and dump.json files that cannot be read are
"not compared" with the reason, in msprobe compare, the Ranks/tree compare and the graph overlay alike, and
``--fail-on-mismatch`` exits 1. Real msprobe-format trees; the CLI runs in a child under an address-space limit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.msprobe.pt_file import pt_bytes
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.scan.scanner import scan
from tests.core.msprobe.hostile import assert_clean, make_tree, run_cli

OUTPUT = "Functional.relu.0.forward.output.0"
INPUT = "Functional.relu.0.forward.input.0"


def _edit(root: Path, change) -> None:
    """Apply ``change(doc)`` to ``root/step0/rank0/dump.json``."""
    path = root / "step0" / "rank0" / "dump.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def _leaves(doc: dict):
    for entry in doc["data"].values():
        yield from entry["input_args"]
        yield from entry["output"]


def _compare(npu: Path, bench: Path, *extra: str) -> tuple[int, dict]:
    proc = run_cli("compare", npu, bench, "--json", "--fail-on-mismatch", *extra)
    assert_clean(proc)
    return proc.returncode, json.loads(proc.stdout)


def _row(doc: dict, tensor: str) -> dict:
    return next(r for r in doc["rows"] if r["tensor"] == tensor)


def _tree_rows(npu: Path, bench: Path) -> tuple[int, dict]:
    """The Ranks/tree compare of the same trees (``--mode golden``)."""
    proc = run_cli("compare", npu, bench, "--mode", "golden", "--json", "--fail-on-mismatch")
    assert_clean(proc)
    return proc.returncode, json.loads(proc.stdout)


def _shape_pair(tmp_path: Path, *, with_shape: bool) -> tuple[Path, Path]:
    """NPU output (4, 8), bench output (2, 16); dump.json gives each its file's shape, or no shape at all."""
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    for root, shape in ((npu, (4, 8)), (bench, (2, 16))):
        array = np.arange(32, dtype=np.float32).reshape(shape)
        (root / "step0" / "rank0" / "dump_tensor_data" / f"{OUTPUT}.pt").write_bytes(pt_bytes(array))

        def change(doc: dict, shape: tuple = shape) -> None:
            leaf = doc["data"]["Functional.relu.0.forward"]["output"][0]
            if with_shape:
                leaf["shape"] = list(shape)
            else:
                leaf.pop("shape")
        _edit(root, change)
    return npu, bench


def test_shapes_msprobe_skips_are_not_compared_everywhere(tmp_path):
    npu, bench = _shape_pair(tmp_path, with_shape=False)
    code, doc = _compare(npu, bench)
    row = _row(doc, OUTPUT)
    assert row["result"] is None and row["reached"] is None
    assert "Shape of NPU and bench tensor do not match. Skipped." in row["fail_reason"]
    assert doc["summary"]["not_compared"] == 1 and code == 1
    code, tree = _tree_rows(npu, bench)
    (tree_row,) = [r for r in tree["rows"] if r["tensor"] == OUTPUT]
    assert tree_row["result"] is None and tree["summary"]["not_compared"] == 1 and code == 1


def test_shapes_dump_json_says_differ_stay_msprobe_errors(tmp_path):
    code, doc = _compare(*_shape_pair(tmp_path, with_shape=True))
    row = _row(doc, OUTPUT)
    assert row["result"] == "error" and "shape of NPU and Bench are inconsistent" in row["fail_reason"]
    assert code == 1


def test_a_file_contradicting_dump_json_is_not_compared(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    (bench / "step0" / "rank0" / "dump_tensor_data" / f"{OUTPUT}.pt").write_bytes(
        pt_bytes(np.ones((2, 2), np.float32)))    # dump.json says [4]
    code, doc = _compare(npu, bench)
    row = _row(doc, OUTPUT)
    assert row["result"] is None and "holds a tensor of shape [2, 2], dump.json says [4]" in row["fail_reason"]
    assert code == 1


def _md5_trees(tmp_path: Path, value) -> tuple[Path, Path]:
    npu, bench = make_tree(tmp_path / "npu", task="statistics"), make_tree(tmp_path / "bench", task="statistics")
    for root in (npu, bench):
        def change(doc: dict) -> None:
            for leaf in _leaves(doc):
                leaf["md5"] = value
        _edit(root, change)
    return npu, bench


@pytest.mark.parametrize("value", ["", "abc", "x" * 100_000, "0x", "0x" + "1" * 17, "1234567g"])
def test_md5_values_that_are_no_checksum_are_not_compared(tmp_path, value):
    trees = _md5_trees(tmp_path, value)
    code, doc = _compare(*trees, "--msprobe-mode", "md5")
    assert all(r["result"] is None for r in doc["rows"]), [r["result"] for r in doc["rows"]]
    assert all("is not a checksum" in r["fail_reason"] for r in doc["rows"])
    assert len(doc["rows"][0]["fail_reason"]) < 1000          # the value is named, shortened
    assert doc["summary"]["not_compared"] == 6 and doc["summary"]["pass"] == 0 and code == 1
    code, tree = _tree_rows(*trees)                           # the tree compare picks md5 itself: same answer
    assert tree["summary"]["not_compared"] == 6 and code == 1


@pytest.mark.parametrize("value", ["0a1b2c3d", "0x00112233445566ff", "0x1f"])
def test_equal_checksums_pass(tmp_path, value):
    code, doc = _compare(*_md5_trees(tmp_path, value), "--msprobe-mode", "md5")
    assert {r["result"] for r in doc["rows"]} == {"pass"} and code == 0


def _traversal(tmp_path: Path) -> tuple[Path, Path]:
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    _edit(npu, lambda doc: doc["data"]["Functional.relu.0.forward"]["input_args"][0].update(
        data_name="../../../../etc/passwd"))
    return npu, bench


@pytest.mark.parametrize("mode", ["all", "summary"])
def test_data_name_leaving_the_tree_is_a_problem_and_not_compared(tmp_path, mode):
    npu, bench = _traversal(tmp_path)
    code, doc = _compare(npu, bench, "--msprobe-mode", mode)
    assert not any(r["tensor"].startswith("..") for r in doc["rows"])
    row = _row(doc, INPUT)                            # named from its place in dump.json, matched
    assert row["bench"] == INPUT and row["result"] is None and row["npu_file"] is None
    assert "is not a file name" in row["fail_reason"]
    assert any("etc/passwd" in p["message"] and p["path"].endswith("dump.json") for p in doc["problems"])
    assert code == 1
    listed = scan(npu)
    assert any(p.path.endswith("dump.json") and "not a file name" in p.message for p in listed.problems)
    assert not any("passwd" in p.path for p in listed.problems)


def test_views_agree(tmp_path):
    """msprobe compare, the tree compare and the graph overlay say the same of the same rows."""
    npu, bench = _traversal(tmp_path)
    core = compare_trees(npu, bench)
    unchecked = {r.tensor for p in core.pairs for r in p.result.rows if r.result is None}
    assert unchecked == {INPUT}
    _, tree = _tree_rows(npu, bench)
    assert {r["tensor"] for r in tree["rows"] if r["result"] is None} == unchecked
    proc = run_cli("graph", npu / "step0" / "rank0", "--compare", bench / "step0" / "rank0", "--json")
    assert_clean(proc)
    nodes = {n["name"]: n["status"] for n in json.loads(proc.stdout)["nodes"]}
    assert nodes["Functional.relu.0.forward"] not in ("pass", None)
    assert nodes["Functional.relu.1.forward"] == "pass"


def _deep(root: Path, rank: int = 0) -> None:
    (root / "step0" / f"rank{rank}" / "dump.json").write_text(
        '{"task": "tensor", "data": {"a": ' + "[" * 100_000 + "]" * 100_000 + "}}")


def test_a_run_whose_dump_json_cannot_be_read_is_a_run_not_compared(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    _deep(npu)
    code, doc = _compare(npu, bench)
    assert doc["rows"] == [] and code == 1
    assert doc["summary"]["runs_not_compared"] == 1
    (run,) = doc["runs"]
    assert "dump.json" in run["not_compared_reason"] and "nested too deeply" in run["not_compared_reason"]
    proc = run_cli("compare", npu, bench)
    assert_clean(proc)
    assert "1 run(s) not compared" in proc.stdout and "run not compared: step0/rank0" in proc.stdout
    assert proc.returncode == 0                       # without --fail-on-mismatch
    code, tree = _tree_rows(npu, bench)
    assert tree["runs"][0]["status"] == "not_compared" and tree["summary"]["not_compared"] == 1 and code == 1
    assert any("nested too deeply" in p for p in tree["problems"])


def test_bench_dump_json_unreadable_too(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    (bench / "step0" / "rank0" / "dump.json").write_text('{"task": "tensor", "data": {"a": ' + "9" * 5000 + "}}")
    code, doc = _compare(npu, bench)
    assert doc["summary"]["runs_not_compared"] == 1 and code == 1
    assert "bench" in doc["runs"][0]["not_compared_reason"]


def test_human_output_says_each_word_once(tmp_path):
    """A proc folder (no rank) whose first divergence is an msprobe error: no "rank None", no "error: error:"."""
    npu, bench = tmp_path / "npu", tmp_path / "bench"
    for root in (npu, bench):
        make_tree(root)
        (root / "step0" / "rank0").rename(root / "step0" / "proc42")
    path = bench / "step0" / "proc42" / "dump.json"
    doc = json.loads(path.read_text())
    doc["data"]["Functional.relu.0.forward"]["output"][0]["dtype"] = "torch.float16"
    path.write_text(json.dumps(doc))
    proc = run_cli("compare", npu, bench)
    assert_clean(proc)
    assert "rank None" not in proc.stdout and "error: error:" not in proc.stdout
    assert "(step 0): error: The dtype of NPU and Bench are inconsistent." in proc.stdout, proc.stdout


@pytest.mark.parametrize("value", [None, "abc", {"a": 1}, [1, 2]])
def test_statistics_that_are_no_numbers_are_not_compared(tmp_path, value):
    npu, bench = make_tree(tmp_path / "npu", task="statistics"), make_tree(tmp_path / "bench", task="statistics")
    for root in (npu, bench):
        def change(doc: dict) -> None:
            for leaf in _leaves(doc):
                leaf.update(Max=value, Min=value, Mean=value, Norm=value)
        _edit(root, change)
    code, doc = _compare(npu, bench, "--msprobe-mode", "summary")
    assert all(r["result"] is None and "no statistics" in r["fail_reason"] for r in doc["rows"])
    assert code == 1
