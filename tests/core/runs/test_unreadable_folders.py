"""`runs` and `scan` report every folder and file they could not read (issue 33), also inside a run folder: a
dump.json that cannot be read, a tensor folder that is a file or a dangling link, a step folder that is a dangling
link. Tests run as root (mode 000 would not stop them), so the folders are made unreadable by what they are."""

from __future__ import annotations

import json
import os
import shutil

from tests.core.msprobe.hostile import assert_clean, make_run, make_tree, run_cli


def _tree(tmp_path):
    root = make_tree(tmp_path / "dump")
    make_run(root / "step0" / "rank1")
    make_run(root / "step1" / "rank0")
    (root / "step0" / "rank0" / "dump.json").write_text(
        '{"task": "tensor", "data": {"a": ' + "[" * 100_000 + "]" * 100_000 + "}}")
    shutil.rmtree(root / "step0" / "rank1" / "dump_tensor_data")
    (root / "step0" / "rank1" / "dump_tensor_data").write_text("a file where a folder belongs")
    shutil.rmtree(root / "step1" / "rank0" / "dump_tensor_data")
    (root / "step1" / "rank0" / "dump_tensor_data").symlink_to(root / "step1" / "rank0" / "gone")
    (root / "step2").symlink_to(tmp_path / "nowhere")
    return root


EXPECTED = {"step0/rank0/dump.json": "nested too deeply", "step0/rank1/dump_tensor_data": "cannot read folder",
            "step1/rank0/dump_tensor_data": "broken or looping symbolic link", "step2": "broken or looping"}


def _said(problems: list[dict]) -> None:
    for path, words in EXPECTED.items():
        assert any(p["path"] == path and words in p["message"] for p in problems), (path, problems)


def test_runs_reports_every_folder_it_could_not_read(tmp_path):
    root = _tree(tmp_path)
    proc = run_cli("runs", root, "--json")
    assert_clean(proc, codes=(0,))
    doc = json.loads(proc.stdout)
    assert [(r["step"], r["rank"]) for r in doc["runs"]] == [(0, 0), (0, 1), (1, 0)]
    _said(doc["problems"])
    proc = run_cli("runs", root)
    assert_clean(proc, codes=(0,))
    assert "problems:" in proc.stdout
    for path in EXPECTED:
        assert f"  {path}: " in proc.stdout


def test_scan_reports_them_too(tmp_path):
    root = _tree(tmp_path)
    proc = run_cli("scan", root, "--json")
    assert_clean(proc, codes=(0,))
    _said(json.loads(proc.stdout)["problems"])


def test_a_tree_too_deep_to_list_is_reported(tmp_path):
    """Folders nested beyond the path length the OS can open: the deepest is a problem, no traceback. (Long names,
    few levels: the test's own clean-up stays shallow.)"""
    root = make_tree(tmp_path / "dump")
    name = "n" * 250
    folder = os.open(root, os.O_RDONLY)
    try:
        for _ in range(20):        # 20 x 251 characters: longer than PATH_MAX (4096)
            os.mkdir(name, dir_fd=folder)
            inner = os.open(name, os.O_RDONLY, dir_fd=folder)
            os.close(folder)
            folder = inner
    finally:
        os.close(folder)
    for verb in ("runs", "scan"):
        proc = run_cli(verb, root, "--json")
        assert_clean(proc, codes=(0,))
        doc = json.loads(proc.stdout)
        assert any(p["path"].startswith(name) and "cannot read folder" in p["message"] for p in doc["problems"])
    assert [(r["step"], r["rank"]) for r in json.loads(run_cli("runs", root, "--json").stdout)["runs"]] == [(0, 0)]
    shutil.rmtree(root)
