"""Hostile msprobe trees: links out of the tree, unreadable folders, outputs over tree files, names that would
drive a terminal. Each ends in a per-file problem or message; the rest of the tree is still read and compared."""

from __future__ import annotations

import json
import os
import shutil

import numpy as np
import pytest

from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.pt_file import pt_bytes
from ascend_dump_gui.core.msprobe.tree import TensorLoadError
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.scan.scanner import scan
from tests.core.msprobe.hostile import assert_clean, make_run, make_tree, run_cli

SECRET = np.full(4, 1234.5, dtype=np.float32)
TENSOR = "Functional.relu.0.forward.input.0.pt"


def _outside_tensor(tmp_path):
    """An NPU tree whose first input is a link to a file outside it (holding SECRET), and a bench tree."""
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    secret = tmp_path / "elsewhere" / "secret.pt"
    secret.parent.mkdir()
    secret.write_bytes(pt_bytes(SECRET))
    target = npu / "step0" / "rank0" / "dump_tensor_data" / TENSOR
    target.unlink()
    target.symlink_to(secret)
    return npu, bench


def test_tensor_link_out_of_the_tree_is_not_read_unless_asked(tmp_path):
    npu, bench = _outside_tensor(tmp_path)
    result = compare_trees(npu, bench, "all")
    row = next(r for r in result.pairs[0].result.rows if r.tensor == TENSOR[:-3])
    assert any("not followed" in m for m in row.messages)
    assert any("not followed" in p.message and TENSOR in p.path for p in result.problems)
    assert sum(r.tensor != TENSOR[:-3] and r.metrics["Cosine"] != "unsupported"
               for r in result.pairs[0].result.rows) == 5          # the rest is compared
    followed = compare_trees(npu, bench, "all", follow_links=True)
    row = next(r for r in followed.pairs[0].result.rows if r.tensor == TENSOR[:-3])
    assert row.metrics["Cosine"] != "unsupported" and not followed.problems


def test_dump_json_and_side_files_linked_outside(tmp_path):
    npu = make_tree(tmp_path / "npu")
    run_dir = npu / "step0" / "rank0"
    outside = make_run(tmp_path / "outside", calls=5)
    for name in ("dump.json", "stack.json", "construct.json"):
        (run_dir / name).unlink()
        (run_dir / name).symlink_to(outside / name)
    (run,) = open_tree(npu).runs
    assert run.entries == [] and run.stacks == {} and run.construct == {}
    assert {os.path.basename(p.path) for p in run.problems} == {"dump.json", "stack.json", "construct.json"}
    (run,) = open_tree(npu, follow_links=True).runs
    assert len(run.entries) == 5 and run.problems == []


def test_rank_folder_linked_outside_and_scan(tmp_path):
    npu = make_tree(tmp_path / "npu")
    make_run(tmp_path / "outside" / "rank1")
    (npu / "step0" / "rank1").symlink_to(tmp_path / "outside" / "rank1")
    (npu / "step0" / "rank0" / "dump_tensor_data" / "extra.pt").symlink_to("/etc/passwd")
    tree = open_tree(npu)
    assert [r.rank for r in tree.runs] == [0]
    assert any("rank1" in p.path and "not followed" in p.message for p in tree.problems)
    assert [r.rank for r in open_tree(npu, follow_links=True).runs] == [0, 1]
    result = scan(npu)
    listed = {r.path for r in result.records}
    assert not any("rank1" in p or p.endswith("extra.pt") for p in listed)
    assert any(p.path.endswith("extra.pt") and "not followed" in p.message for p in result.problems)
    assert any(p.path.endswith("rank1") and "not followed" in p.message for p in result.problems)
    assert sum(r.kind == "msprobe_tensor" for r in result.records) == 6
    proc = run_cli("runs", npu, "--json")
    assert_clean(proc)
    assert [r["rank"] for r in json.loads(proc.stdout)["runs"]] == [0]


def test_cli_compare_and_scan_follow_links_only_when_asked(tmp_path):
    npu, bench = _outside_tensor(tmp_path)
    proc = run_cli("compare", npu, bench, "--msprobe-mode", "all", "--json")
    assert_clean(proc)
    doc = json.loads(proc.stdout)
    assert "1234.5" not in proc.stdout and any("not followed" in p["message"] for p in doc["problems"])
    proc = run_cli("compare", npu, bench, "--msprobe-mode", "all", "--json", "--follow-links")
    assert_clean(proc)
    assert not json.loads(proc.stdout)["problems"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a mode-000 folder anyway")
def test_unreadable_tensor_folder_is_a_problem_and_the_rest_goes_on(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    folder = npu / "step0" / "rank0" / "dump_tensor_data"
    folder.chmod(0)
    try:
        result = compare_trees(npu, bench, "summary")
        assert len(result.pairs[0].result.rows) == 6
        assert not any("cannot read" in p.message for p in result.problems)   # summary reads no tensor
        result = compare_trees(npu, bench, "all")
        assert all(r.messages for r in result.pairs[0].result.rows)
        records = scan(npu)
        assert any("dump_tensor_data" in p.path and "cannot read" in p.message for p in records.problems)
        for argv in (("compare", npu, bench, "--json"), ("scan", npu, "--json"), ("runs", npu, "--json")):
            assert_clean(run_cli(*argv))
    finally:
        folder.chmod(0o755)


def test_compare_out_never_replaces_a_tree_file(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    run_dir = npu / "step0" / "rank0"
    for name in ("stack.json", "construct.json", "dump.json", f"dump_tensor_data/{TENSOR}"):
        before = (run_dir / name).read_bytes()
        proc = run_cli("compare", npu, bench, "--out", run_dir / name)
        assert proc.returncode == 2 and "refusing to replace" in proc.stderr, proc.stderr
        assert "replacing the file already" not in proc.stderr          # refused before saying it would
        assert (run_dir / name).read_bytes() == before
    (bench / "step0" / "rank0" / "stack.json").unlink()
    proc = run_cli("compare", npu, bench, "--out", bench / "step0" / "rank0" / "new.csv")
    assert_clean(proc)           # a new file inside a tree replaces nothing


def test_human_summary_is_inert(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    for root, value in ((npu, 1.0), (bench, 100.0)):
        path = root / "step0" / "rank0" / "dump.json"
        doc = json.loads(path.read_text())
        doc["data"] = {"Functional.\x1b[31mred\u202e.0.forward": {
            "input_args": [], "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [1],
                                          "Max": value, "Min": value, "Mean": value, "Norm": value}]}}
        path.write_text(json.dumps(doc))
    proc = run_cli("compare", npu, bench, "--msprobe-mode", "summary")
    assert_clean(proc)
    assert "\x1b" not in proc.stdout + proc.stderr and "\u202e" not in proc.stdout + proc.stderr
    assert "\\x1b[31mred\\u202e" in proc.stdout


def test_data_name_that_is_a_path_is_a_row_message(tmp_path):
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    for root in (npu, bench):
        path = root / "step0" / "rank0" / "dump.json"
        text = path.read_text().replace(f'"{TENSOR}"', '"../../../../etc/passwd.pt"', 1)
        path.write_text(text.replace('"Functional.relu.1.forward.input.0.pt"', '".."', 1))
    result = compare_trees(npu, bench, "all")
    refused = [r for r in result.pairs[0].result.rows if any("not a file name" in m for m in r.messages)]
    assert len(refused) == 2 and all(r.result is None for r in refused)   # not compared, never pass
    (run,) = open_tree(npu).runs
    with pytest.raises(TensorLoadError, match="not a file name"):
        run.load(next(leaf for leaf in run.iter_leaves() if leaf.data_name == ".."))
    assert_clean(run_cli("compare", npu, bench, "--msprobe-mode", "all", "--json"))


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"a": ' + "9" * 5000 + "}",
                                  '{"a": [1e999, -1e999]}', '"just text"', "{not json"])
def test_hostile_side_files_through_browse(tmp_path, body):
    npu = make_tree(tmp_path / "npu")
    run_dir = npu / "step0" / "rank0"
    for name in ("stack.json", "construct.json"):
        (run_dir / name).write_text(body)
    (run,) = open_tree(npu).runs
    assert isinstance(run.stacks, dict) and isinstance(run.construct, dict) and isinstance(run.micro_steps, dict)
    assert len(run.entries) == 3


def test_side_file_that_is_a_fifo(tmp_path):
    npu = make_tree(tmp_path / "npu")
    run_dir = npu / "step0" / "rank0"
    (run_dir / "stack.json").unlink()
    os.mkfifo(run_dir / "stack.json")
    (run,) = open_tree(npu).runs
    assert run.stacks == {} and any("not a regular file" in p.message for p in run.problems)


def test_one_bad_run_never_aborts_the_scan(tmp_path):
    npu = make_tree(tmp_path / "npu")
    shutil.copytree(npu / "step0" / "rank0", npu / "step0" / "rank1")
    (npu / "step0" / "rank1" / "dump.json").write_text('{"task": "tensor", "data": ' + "[" * 100_000)
    result = scan(npu)
    assert sum(r.kind == "msprobe_tensor" for r in result.records) == 12
    assert_clean(run_cli("scan", npu, "--json"))


def test_tensor_folder_that_cannot_be_listed(tmp_path):
    """What root can test of an unreadable folder: ``dump_tensor_data`` that is a file cannot be listed either."""
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    folder = npu / "step0" / "rank0" / "dump_tensor_data"
    shutil.rmtree(folder)
    folder.write_text("not a folder")
    (run,) = open_tree(npu).runs
    assert len(run.missing_files()) == 6
    assert any("cannot read folder" in p.message for p in run.problems)
    result = compare_trees(npu, bench, "all")
    assert len(result.pairs[0].result.rows) == 6 and all(r.messages for r in result.pairs[0].result.rows)
    records = scan(npu)
    assert any("dump_tensor_data" in p.path and "cannot read" in p.message for p in records.problems)
    for argv in (("compare", npu, bench, "--json"), ("scan", npu, "--json"), ("runs", npu, "--json")):
        assert_clean(run_cli(*argv))


def test_runs_and_tree_compare_human_output_is_inert(tmp_path):
    root = tmp_path / "dumps"
    for rank, value in ((0, 1.0), (1, 50.0)):
        run_dir = make_run(root / "step0" / f"rank{rank}")
        doc = json.loads((run_dir / "dump.json").read_text())
        doc["data"] = {"Functional.\x1b]0;x\x07\u202e.0.forward": {"input_args": [], "output": [{
            "type": "torch.Tensor", "dtype": "torch.float32", "shape": [1], "Max": value, "Min": value,
            "Mean": value, "Norm": value}]}}
        (run_dir / "dump.json").write_text(json.dumps(doc))
    for argv in (("runs", root), ("compare", root, "--mode", "ranks")):
        proc = run_cli(*argv)
        assert_clean(proc)
        out = proc.stdout + proc.stderr
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
