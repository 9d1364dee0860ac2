"""core.demo: the first-start demo is a real emulator tree that the scanner, reader and compare engine read;
it is re-used while complete, written again when damaged, and never replaces a foreign folder."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.core import demo as demo_mod
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.demo import MANIFEST, make_demo, read_demo
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.progress import Cancelled, CancelToken
from ascend_dump_gui.core.scan.scanner import scan


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return make_demo(tmp_path_factory.mktemp("data") / "demo")


def test_the_demo_tree_is_read_by_the_scanner_and_reader(made):
    assert not made.reused and made.folder.name == "demo"
    result = scan(made.dump_root)
    assert not result.problems
    tensors = [r for r in result.records if r.kind == "tensor"]
    assert len(tensors) >= 8 and {r.op_name for r in tensors} >= {"dense_MatMul", "dense_1_MatMul"}  # file-name spelling
    step_files = sorted(p for p in made.dump_step_folder.iterdir() if p.is_file())
    dump = read_dump(step_files[0])
    assert dump.outputs and dump.outputs[0].array().size > 0
    assert sorted(p.suffix for p in made.golden_folder.iterdir()) == [".npy"] * 6
    assert made.graph.name.endswith("_Build.txt") and made.graph.is_file()
    assert sum(made.files.values()) < 1_000_000  # small: well under a few MB


def test_the_demo_config_is_the_one_that_made_the_tree(made):
    doc = load_config(made.config_path)
    assert doc.values["dump_path"] == "dump" and made.dump_root == made.folder / "dump"
    assert not [f for f in check(doc, env=made.env, base_dir=made.folder) if f.severity is Severity.ERROR]


def test_compare_on_the_demo_finds_a_divergence_and_overflows(made):
    result = compare(made.dump_step_folder, made.golden_folder, graph=made.graph)
    assert len(result.rows) > 5
    assert result.first_divergence is not None and result.first_divergence.op_name == "dense/MatMul"
    assert result.overflows and result.overflows[0].op_name == "dense/MatMul"


def test_a_complete_demo_is_reused_untouched(made):
    before = {rel: (made.folder / rel).stat().st_mtime_ns for rel in made.files}
    again = make_demo(made.folder)
    assert again.reused and again.files == made.files and again.dump_step_folder == made.dump_step_folder
    assert {rel: (made.folder / rel).stat().st_mtime_ns for rel in made.files} == before


def test_the_demo_is_deterministic(made, tmp_path):
    other = make_demo(tmp_path / "demo")
    assert other.files == made.files
    for rel in made.files:
        assert (other.folder / rel).read_bytes() == (made.folder / rel).read_bytes(), rel


@pytest.mark.parametrize("damage", ["delete_file", "truncate_file", "bad_manifest", "old_version", "no_manifest"])
def test_a_damaged_or_older_demo_is_written_again(tmp_path, damage):
    first = make_demo(tmp_path / "demo")
    victim = first.folder / sorted(first.files)[-1]
    manifest = first.folder / MANIFEST
    if damage == "delete_file":
        victim.unlink()
    elif damage == "truncate_file":
        victim.write_bytes(victim.read_bytes()[:10])
    elif damage == "bad_manifest":
        manifest.write_text("{not json")
    elif damage == "old_version":
        manifest.write_text(json.dumps({**json.loads(manifest.read_text()), "version": "0.0.0"}))
    else:
        manifest.unlink()
    assert read_demo(first.folder) is None
    if damage == "no_manifest":  # without our manifest the folder could be anyone's: left alone
        with pytest.raises(InputError, match="not an ascend-dump-gui demo"):
            make_demo(first.folder)
        assert victim.exists()
        return
    second = make_demo(first.folder)
    assert not second.reused and second.files == first.files
    assert read_demo(first.folder) == second.__class__(**{**second.__dict__, "reused": True})
    assert [p.name for p in tmp_path.iterdir()] == ["demo"]  # no temporary folders left behind


def test_rebuild_writes_a_complete_demo_again(made, tmp_path):
    first = make_demo(tmp_path / "demo")
    (first.folder / "stray.txt").write_text("left by an older version")
    second = make_demo(first.folder, rebuild=True)
    assert not second.reused and not (first.folder / "stray.txt").exists()
    assert read_demo(first.folder) is not None


def test_a_foreign_folder_is_never_replaced(tmp_path):
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(InputError) as raised:
        make_demo(folder, rebuild=True)
    assert str(folder) in str(raised.value)
    assert (folder / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_cancel_leaves_nothing_behind(tmp_path):
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        make_demo(tmp_path / "demo", cancel=token)
    assert list(tmp_path.iterdir()) == []


def test_progress_is_reported(tmp_path):
    seen = []
    make_demo(tmp_path / "demo", progress=lambda done, total, message: seen.append((done, total, message)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] and seen[-1][2] == "demo ready"
    assert any(demo_mod.MODEL in message for _, _, message in seen)
