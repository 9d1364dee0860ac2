"""The lazy DumpNode tree: listing on demand, kinds and labels, and the same records as the scanner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_dump_gui.core.dump.layout import FOLDER_MEANINGS
from ascend_dump_gui.core.dump.naming import dump_file_name, write_mapping_csv
from ascend_dump_gui.core.dump.records import DumpRecord, Problem
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.scan.scanner import scan
from ascend_dump_gui.core.scan.tree import OVERFLOW_OF, DumpNode, natural_key

T = "20240301120000"
TS = 1709290000000000


def make(root: Path, *paths: str) -> None:
    for rel in paths:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(b"ab")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    leaf = f"worldsize2_global_rank1/{T}/1/graph_1/1/0"
    long = dump_file_name("Conv2D", "c" * 260, 7, 1, TS)
    make(tmp_path, f"{leaf}/Conv2D.conv1.3.1.{TS}", f"{leaf}/Opdebug.Node_OpDebug.3.1.{TS + 1}",
         f"{leaf}/Conv2D.conv1.3.1.{TS}.csv", f"{leaf}/{long.file_name}", f"{leaf}/notes.txt",
         f"extra-info/data-dump/0/exception_info.1.2.{TS}", f"golden/conv1.0.{TS}.npy",
         "ge_proto_00000001_Build.txt")
    write_mapping_csv(tmp_path / leaf / "mapping.csv", [long.mapping_row])
    (tmp_path / "empty").mkdir()
    return tmp_path


def walk(node: DumpNode):
    """Every node below ``node``, attaching children as the GUI model does."""
    node.children = node.list_children()
    for child in node.children:
        yield child
        if child.is_dir:
            yield from walk(child)


def test_root_listing_is_sorted_with_rows_parents_and_folder_kinds(tree):
    root = DumpNode.root(tree)
    assert root.is_dir and root.children is None and root.rel == ""
    kids = root.list_children()
    assert root.children is None  # pure I/O: the caller attaches
    assert [k.name for k in kids] == ["empty", "extra-info", "ge_proto_00000001_Build.txt", "golden",
                                      "worldsize2_global_rank1"]
    assert [k.row for k in kids] == list(range(5))
    assert all(k.parent is root and k.path == str(tree / k.name) for k in kids)
    assert [k.kind for k in kids] == ["folder", "folder", "graph", "folder", "rank"]
    assert kids[4].label() == "worldsize2_global_rank1 (rank 1 of 2)"


def test_levels_down_to_the_files(tree):
    node = DumpNode.root(tree)
    labels = []
    for name in ("worldsize2_global_rank1", T, "1", "graph_1", "1", "0"):
        node = next(k for k in node.list_children() if k.name == name)
        labels.append((node.kind, node.label()))
    assert labels == [("rank", "worldsize2_global_rank1 (rank 1 of 2)"),
                      ("time", f"{T} (dumped 2024-03-01 12:00:00)"), ("device", "1 (device 1)"),
                      ("model_name", "graph_1 (model)"), ("model_id", "1 (model id 1)"),
                      ("iteration", "0 (step 0)")]
    files = {k.name: k for k in node.list_children()}
    assert node.count() == len(files) == 6
    assert files[f"Conv2D.conv1.3.1.{TS}"].kind == "tensor"
    assert files[f"Conv2D.conv1.3.1.{TS}.csv"].kind == "stats"
    overflow = files[f"Opdebug.Node_OpDebug.3.1.{TS + 1}"]
    assert (overflow.kind, overflow.label()) == ("overflow", f"{overflow.name} (overflow of conv1)")
    translated = {OVERFLOW_OF: "<{op}>", FOLDER_MEANINGS["iteration"]: "#{step}"}
    assert overflow.label(lambda t: translated.get(t, t)) == f"{overflow.name} (<conv1>)"
    assert node.label(lambda t: translated.get(t, t)) == "0 (#0)"  # templates translated, then filled
    hashed = next(f for n, f in files.items() if n.isdigit())
    assert hashed.record().op_name == "c" * 260
    assert hashed.label() == f"{hashed.name} (Conv2D.{'c' * 260}.7.1.{TS})"
    junk = files["notes.txt"]
    assert junk.kind == "unknown" and isinstance(junk.record(), Problem)
    assert files["mapping.csv"].kind == "mapping"
    assert files[f"Conv2D.conv1.3.1.{TS}"].count() is None


def test_every_file_record_equals_the_scanners(tree):
    nodes = [n for n in walk(DumpNode.root(tree)) if not n.is_dir]
    from_tree = {n.rel: n.record() for n in nodes}
    result = scan(tree)
    assert {r.path: r for r in result.records} == {p: r for p, r in from_tree.items() if type(r) is DumpRecord}
    file_problems = {p.path: p for p in result.problems if p.path != "empty"}
    assert file_problems == {p: r for p, r in from_tree.items() if type(r) is Problem}


def test_listing_does_not_stat_files(tree, monkeypatch):
    leaf = DumpNode.root(tree / f"worldsize2_global_rank1/{T}/1/graph_1/1/0")

    def no_stat(*args, **kwargs):
        raise AssertionError("stat during listing")

    monkeypatch.setattr(os, "stat", no_stat)
    kids = leaf.list_children()
    assert len(kids) == 6 and [k.name for k in kids] == sorted((k.name for k in kids), key=natural_key)
    monkeypatch.undo()
    assert kids[0].record().size == 2


def test_a_folder_opened_inside_the_layout_keeps_its_context(tree):
    node = DumpNode.root(tree / f"worldsize2_global_rank1/{T}/1/graph_1/1/0")
    assert (node.kind, node.label()) == ("iteration", "0 (step 0)")
    record = next(k for k in node.list_children() if k.name.startswith("Conv2D.conv1") and k.kind == "tensor").record()
    assert (record.world_size, record.rank, record.time, record.device, record.model_name, record.model_id,
            record.iteration, record.path) == (2, 1, T, 1, "graph_1", 1, 0, f"Conv2D.conv1.3.1.{TS}")


def test_exception_folder_and_empty_folder(tree):
    extra = next(k for k in DumpNode.root(tree).list_children() if k.name == "extra-info")
    data_dump = extra.list_children()[0]
    assert (data_dump.kind, data_dump.label()) == ("exception", "data-dump (exception dumps)")
    device = data_dump.list_children()[0]
    assert device.kind == "device"
    (info,) = device.list_children()
    assert info.record().kind == "exception" and info.record().device == 0
    empty = next(k for k in DumpNode.root(tree).list_children() if k.name == "empty")
    assert empty.list_children() == [] and empty.count() == 0


def test_symlink_loop_node_is_not_expanded(tree):
    (tree / "golden" / "up").symlink_to("..")
    golden = next(k for k in DumpNode.root(tree).list_children() if k.name == "golden")
    up = next(k for k in golden.list_children() if k.name == "up")
    assert up.is_dir and up.kind == "link-loop" and up.list_children() == [] and up.count() is None


def test_links_to_outside_are_shown_not_followed_unless_asked(tree, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    make(outside, f"Add.a.1.2.{TS}")
    (tree / "everything").symlink_to("/")
    (tree / "golden" / "up").symlink_to("..")
    (tree / "golden" / f"Mul.m.1.2.{TS}").symlink_to(outside / f"Add.a.1.2.{TS}")
    (tree / "golden" / "inner").symlink_to(tree / "empty")
    kids = {k.name: k for k in DumpNode.root(tree).list_children()}
    root_link = kids["everything"]
    assert root_link.kind == "link" and root_link.problem == "symbolic link to outside the folder (/), not followed"
    assert root_link.list_children() == [] and root_link.count() is None
    golden = {k.name: k for k in kids["golden"].list_children()}
    assert golden["up"].kind == "link-loop" and golden["up"].list_children() == []
    assert golden["inner"].problem is None  # a link that stays inside is an ordinary folder
    file_link = golden[f"Mul.m.1.2.{TS}"]
    assert file_link.kind == "link" and isinstance(file_link.record(), Problem)
    followed = {k.name: k for k in DumpNode.root(tree, follow_links=True).list_children()}
    assert followed["everything"].problem is None and followed["everything"].list_children()
    linked = next(k for k in followed["golden"].list_children() if k.name == f"Mul.m.1.2.{TS}")
    assert linked.kind == "tensor"


def test_unreadable_folder_and_bad_roots(tree, monkeypatch):
    node = DumpNode.root(tree / "golden")
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda p=".": (_ for _ in ()).throw(PermissionError(13, "Permission denied"))
                        if str(p) == str(tree / "golden") else real(p))
    with pytest.raises(InputError, match="cannot read folder: Permission denied"):
        node.list_children()
    with pytest.raises(InputError, match="no such folder"):
        DumpNode.root(tree / "missing")
    with pytest.raises(InputError, match="not a folder"):
        DumpNode.root(tree / "ge_proto_00000001_Build.txt")


def test_vanished_file_gives_a_problem_record(tree):
    golden = next(k for k in DumpNode.root(tree).list_children() if k.name == "golden")
    (npy,) = golden.list_children()
    os.remove(npy.path)
    record = npy.record()
    assert isinstance(record, Problem) and "cannot read" in record.message


def test_bad_mapping_csv_in_the_tree_matches_the_scan(tmp_path):
    make(tmp_path, "d/123456", f"d/Add.a.1.2.{TS}")
    (tmp_path / "d" / "mapping.csv").write_text("123456\n")
    records = {n.rel: n.record() for n in walk(DumpNode.root(tmp_path)) if not n.is_dir}
    result = scan(tmp_path)
    assert {r.path: r for r in result.records} == {p: r for p, r in records.items() if type(r) is DumpRecord}
    assert records["d/123456"] == Problem("d/123456", "hashed file name not listed in the folder's mapping.csv")


def test_folders_list_in_natural_order(tmp_path):
    for name in ("layer100", "layer10", "layer2", "Layer3", "a"):
        (tmp_path / name).mkdir()
    assert [k.name for k in DumpNode.root(tmp_path).list_children()] == [
        "a", "layer2", "Layer3", "layer10", "layer100"]
