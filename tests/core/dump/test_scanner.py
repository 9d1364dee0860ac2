"""The folder scanner on hand-built trees of every layout: every record field, and every kind of problem."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.dump.naming import dump_file_name, write_mapping_csv
from ascend_dump_gui.core.dump.records import record_name
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.progress import Cancelled, CancelToken
from ascend_dump_gui.core.scan import scanner, walk
from ascend_dump_gui.core.scan.scanner import iter_folders, iter_scan, scan

T = "20200808163566"
TS = 1596875766000000
CTX_KEYS = ("world_size", "rank", "time", "device", "model_name", "model_id", "iteration")
OP_KEYS = ("op_type", "op_name", "task_id", "stream_id", "timestamp")


@pytest.fixture(autouse=True, params=["python", "c"])
def listing(request, monkeypatch) -> str:
    """Every test both ways: the Python listing, and the C one (core/scan/_walk.c) with every folder listed
    ahead on its worker thread."""
    built = walk._load() if request.param == "c" else None
    if request.param == "c" and built is None:
        pytest.skip("the C listing is not built here (or ASCEND_DUMP_GUI_PURE_SCAN=1)")
    monkeypatch.setattr(walk, "WALK", built)
    monkeypatch.setattr(scanner, "_AHEAD_SIZE", 0)
    return request.param


def make(root: Path, *paths: str, data: bytes = b"") -> None:
    for rel in paths:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def rec(path, kind, *, size=0, **fields):
    """The expected JSON record: unspecified fields are null."""
    out = {"path": path, "kind": kind}
    out.update({k: fields.pop(k, None) for k in CTX_KEYS + OP_KEYS})
    out["size"] = size
    assert not fields, fields
    return out


def by_path(result):
    return {r["path"]: r for r in result.to_json()["records"]}


def problems(result):
    return {p.path: p.message for p in result.problems}


def test_tf_model_dump_every_field_multi_step_stats_overflow_and_hashed_names(tmp_path):
    root = tmp_path / "dump"
    model = f"{T}/0/ge_default_20200808163719_121/11"
    long = dump_file_name("MatMul", "scope/" + "block_" * 50 + "matmul", 9, 1, TS + 9)
    assert long.hashed
    for step in (0, 5):
        folder = f"{model}/{step}"
        make(root, f"{folder}/Conv2D.conv1.3.1.{TS + step}", data=b"x" * 10)
        make(root, f"{folder}/Conv2D.conv1.3.1.{TS + step}.csv", data=b"csv")
        make(root, f"{folder}/Opdebug.Node_OpDebug.3.1.{TS + step + 1}")
        make(root, f"{folder}/{long.file_name}", data=b"12345")
        write_mapping_csv(root / folder / "mapping.csv", [long.mapping_row])
    result = scan(root)
    assert result.problems == []
    assert result.root == str(root)
    got = by_path(result)
    ctx = {"time": T, "device": 0, "model_name": "ge_default_20200808163719_121", "model_id": 11}
    mapping_size = (root / model / "0" / "mapping.csv").stat().st_size
    expected = {}
    for step in (0, 5):
        folder = f"{model}/{step}"
        for r in (
            rec(f"{folder}/Conv2D.conv1.3.1.{TS + step}", "tensor", size=10, iteration=step, **ctx,
                op_type="Conv2D", op_name="conv1", task_id=3, stream_id=1, timestamp=TS + step),
            rec(f"{folder}/Conv2D.conv1.3.1.{TS + step}.csv", "stats", size=3, iteration=step, **ctx,
                op_type="Conv2D", op_name="conv1", task_id=3, stream_id=1, timestamp=TS + step),
            # Opdebug: paired with the dump of the same task and stream id, whose op it reports
            rec(f"{folder}/Opdebug.Node_OpDebug.3.1.{TS + step + 1}", "overflow", iteration=step, **ctx,
                op_type="Conv2D", op_name="conv1", task_id=3, stream_id=1, timestamp=TS + step + 1),
            # hashed: op fields from the original name in mapping.csv
            rec(f"{folder}/{long.file_name}", "tensor", size=5, iteration=step, **ctx, op_type="MatMul",
                op_name=long.original_name.split(".")[1], task_id=9, stream_id=1, timestamp=TS + 9),
            rec(f"{folder}/mapping.csv", "mapping", size=mapping_size, iteration=step, **ctx),
        ):
            expected[r["path"]] = r
    assert got == expected


def test_walk_order_is_by_name_files_before_subfolders(tmp_path):
    make(tmp_path, "b/x/Add.a.1.2.3", "b/Add.b.1.2.3", "a/Add.c.1.2.3", "Add.d.1.2.3")
    assert [r.path for r in scan(tmp_path).records] == ["Add.d.1.2.3", "a/Add.c.1.2.3", "b/Add.b.1.2.3",
                                                        "b/x/Add.a.1.2.3"]


def test_overflow_without_a_matching_dump_keeps_its_own_names_and_picks_latest_earlier_dump(tmp_path):
    make(tmp_path, "Opdebug.Node_OpDebug.8.1.100", "Add.add_early.5.1.10", "Add.add_late.5.1.90",
         "Add.add_after.5.1.200", "Opdebug.Node_OpDebug.5.1.100")
    got = by_path(scan(tmp_path))
    assert (got["Opdebug.Node_OpDebug.8.1.100"]["op_type"], got["Opdebug.Node_OpDebug.8.1.100"]["op_name"]) == \
        ("Opdebug", "Node_OpDebug")
    assert got["Opdebug.Node_OpDebug.5.1.100"]["op_name"] == "add_late"


def test_torchair_ge_and_fx_layouts_with_world_size_and_rank(tmp_path):
    for r in (0, 1):
        make(tmp_path, f"msprobe_ge_dump/worldsize2_global_rank{r}/{T}/{r}/graph_1/1/0/Add.Add_1.2.5.{TS}")
    make(tmp_path, "msprobe_ge_dump/dynamo_original_graph_rank_0_pid_1_ts_2.txt",
         "msprobe_fx_dump/worldsize2_global_rank1/graph_1/3/add_1-aten.add.Tensor.OUTPUT.0.20240301120000123456.npy")
    got = by_path(scan(tmp_path))
    fx = "msprobe_fx_dump/worldsize2_global_rank1/graph_1/3/add_1-aten.add.Tensor.OUTPUT.0.20240301120000123456.npy"
    assert got == {
        p["path"]: p for p in [
            rec(f"msprobe_ge_dump/worldsize2_global_rank{r}/{T}/{r}/graph_1/1/0/Add.Add_1.2.5.{TS}", "tensor",
                world_size=2, rank=r, time=T, device=r, model_name="graph_1", model_id=1, iteration=0,
                op_type="Add", op_name="Add_1", task_id=2, stream_id=5, timestamp=TS) for r in (0, 1)
        ] + [
            rec("msprobe_ge_dump/dynamo_original_graph_rank_0_pid_1_ts_2.txt", "graph"),
            rec(fx, "golden", world_size=2, rank=1, model_name="graph_1", iteration=3,
                op_type="aten.add.Tensor", op_name="add_1-aten.add.Tensor", timestamp=20240301120000123456),
        ]
    }


def test_single_op_kernel_and_adump_stream_layouts(tmp_path):
    make(tmp_path, f"{T}/3/Add.add.5.2.{TS}", f"step2/{T}/0/aclnnAdd_0_L0.aclnnAdd.65535.65535.{TS}",
         f"{T}/1/Mul.mul.17.4.2.{TS}")
    got = by_path(scan(tmp_path))
    assert got[f"{T}/3/Add.add.5.2.{TS}"] == rec(f"{T}/3/Add.add.5.2.{TS}", "tensor", time=T, device=3,
                                                 op_type="Add", op_name="add", task_id=5, stream_id=2,
                                                 timestamp=TS)
    kernel = f"step2/{T}/0/aclnnAdd_0_L0.aclnnAdd.65535.65535.{TS}"
    assert got[kernel] == rec(kernel, "tensor", time=T, device=0, iteration=2, op_type="aclnnAdd",
                              op_name="aclnnAdd_0_L0", task_id=65535, stream_id=65535, timestamp=TS)
    assert got[f"{T}/1/Mul.mul.17.4.2.{TS}"]["task_id"] == 4


def test_exception_and_graph_dump_folders(tmp_path):
    exc = "work/extra-info/data-dump/3"
    make(tmp_path, f"{exc}/exception_info.42.1.1726159207469285", f"{exc}/Add.add_1.3.20250609144925349",
         f"{exc}/te_gatherv2_219e.json", f"{exc}/__kernel0_host.o",
         "work/extra-info/graph/1234_2/ge_proto_00000001_Build.txt",
         "graphs/pid_77_deviceid_5/ge_proto_00056_Build.txt")
    got = by_path(scan(tmp_path))
    assert got[f"{exc}/exception_info.42.1.1726159207469285"] == rec(
        f"{exc}/exception_info.42.1.1726159207469285", "exception", device=3, task_id=1, stream_id=42,
        timestamp=1726159207469285)
    assert got[f"{exc}/Add.add_1.3.20250609144925349"] == rec(
        f"{exc}/Add.add_1.3.20250609144925349", "exception", device=3, op_type="Add", op_name="add_1",
        task_id=3, timestamp=20250609144925349)
    assert got[f"{exc}/te_gatherv2_219e.json"] == rec(f"{exc}/te_gatherv2_219e.json", "exception", device=3)
    assert got[f"{exc}/__kernel0_host.o"]["kind"] == "exception"
    assert got["work/extra-info/graph/1234_2/ge_proto_00000001_Build.txt"] == rec(
        "work/extra-info/graph/1234_2/ge_proto_00000001_Build.txt", "graph", device=2)
    assert got["graphs/pid_77_deviceid_5/ge_proto_00056_Build.txt"]["device"] == 5


def test_golden_folder_and_record_name_details(tmp_path):
    make(tmp_path, f"golden/conv1.0.{TS}.npy", f"golden/conv1.1.{TS}.npy")
    result = scan(tmp_path)
    assert by_path(result)[f"golden/conv1.1.{TS}.npy"] == rec(f"golden/conv1.1.{TS}.npy", "golden",
                                                              op_name="conv1", timestamp=TS)
    assert [record_name(str(tmp_path), r).index for r in result.records] == [0, 1]


def test_record_name_reads_hashed_names_through_mapping(tmp_path):
    long = dump_file_name("Conv2D", "c" * 300, 1, 2, TS, ffts=(4, 0, 3, 1))
    make(tmp_path, f"d/{long.file_name}")
    write_mapping_csv(tmp_path / "d" / "mapping.csv", [long.mapping_row])
    record = next(r for r in scan(tmp_path).records if r.kind == "tensor")
    assert record.device == 1  # from the FFTS+ name: no device folder here
    assert record_name(str(tmp_path), record).thread_id == 3


def test_mindspore_o2_and_host_executor_layouts(tmp_path):
    make(tmp_path, f"ms/2/{T}/0/1/4/Add.add.1.2.{TS}", f"host/0/pid123/model_x/1/0/7/Add.add.1.{TS}")
    got = by_path(scan(tmp_path))
    ms = got[f"ms/2/{T}/0/1/4/Add.add.1.2.{TS}"]
    assert {k: ms[k] for k in CTX_KEYS} == {"world_size": None, "rank": None, "time": T, "device": 0,
                                            "model_name": None, "model_id": 1, "iteration": 4}
    host = got[f"host/0/pid123/model_x/1/0/7/Add.add.1.{TS}"]
    assert {k: host[k] for k in CTX_KEYS} == {"world_size": None, "rank": None, "time": None, "device": None,
                                              "model_name": "model_x", "model_id": 1, "iteration": 7}


def test_scanning_a_folder_inside_the_layout_keeps_the_levels_above(tmp_path):
    leaf = f"dump/{T}/0/ge_default_1/11/5"
    make(tmp_path, f"{leaf}/Add.add.1.2.{TS}")
    (record,) = scan(tmp_path / leaf).records
    assert record.path == f"Add.add.1.2.{TS}"
    assert (record.time, record.device, record.model_name, record.model_id, record.iteration) == \
        (T, 0, "ge_default_1", 11, 5)


def test_junk_empty_folders_and_unmapped_hashed_names_are_problems(tmp_path):
    make(tmp_path, f"{T}/0/m/1/0/notes.txt", f"{T}/0/m/1/0/Add.a.1.2.{TS}", f"{T}/0/m/1/0/98765432109",
         "golden/model.onnx")
    (tmp_path / "empty" / "nested").mkdir(parents=True)
    (tmp_path / "also_empty").mkdir()
    os.mkfifo(tmp_path / "pipe")
    result = scan(tmp_path)
    assert problems(result) == {
        f"{T}/0/m/1/0/notes.txt": "unrecognised file: not a dump, stats, overflow, graph, golden or mapping.csv "
                                  "file name",
        f"{T}/0/m/1/0/98765432109": "hashed file name not listed in the folder's mapping.csv",
        "golden/model.onnx": "unrecognised file: not a dump, stats, overflow, graph, golden or mapping.csv "
                             "file name",
        "empty/nested": "empty folder",
        "also_empty": "empty folder",
        "pipe": "not a regular file or folder",
    }
    assert [r.path for r in result.records] == [f"{T}/0/m/1/0/Add.a.1.2.{TS}"]


def test_side_files_of_known_tools_get_specific_messages(tmp_path):
    make(tmp_path, "step0/kernel_config_123.json", "ms/acl_dump_0.json", f"npy/Add.a.1.2.{TS}.output.0.npy",
         f"npy/Add.a.1.2.{TS}.input.1.2x3.DT_FLOAT.ND.bin")
    assert problems(scan(tmp_path)) == {
        "step0/kernel_config_123.json": "dump config written next to the dump data, not indexed",
        "ms/acl_dump_0.json": "dump config written next to the dump data, not indexed",
        f"npy/Add.a.1.2.{TS}.output.0.npy": "tensor converted from a dump file (convert output), not indexed",
        f"npy/Add.a.1.2.{TS}.input.1.2x3.DT_FLOAT.ND.bin":
            "tensor converted from a dump file (convert output), not indexed",
    }


def test_a_bad_mapping_csv_is_a_problem_with_its_line(tmp_path):
    make(tmp_path, "d/123456", "d/Add.a.1.2.3")
    (tmp_path / "d" / "mapping.csv").write_text("123456\n")
    result = scan(tmp_path)
    assert problems(result) == {
        "d/mapping.csv": "expected 2 columns '{file_name},{original_name}' (line 1)",
        "d/123456": "hashed file name not listed in the folder's mapping.csv",
    }
    assert sorted(r.kind for r in result.records) == ["mapping", "tensor"]


def test_a_mapping_row_that_is_not_a_dump_name(tmp_path):
    make(tmp_path, "d/123456")
    write_mapping_csv(tmp_path / "d" / "mapping.csv", [("123456", "whatever.txt")])
    assert problems(scan(tmp_path)) == {"d/123456": "mapping.csv gives 'whatever.txt', which is not a dump file name"}


def test_symlinks_loops_duplicates_broken_and_outside_targets(tmp_path):
    root = tmp_path / "root"
    make(root, f"{T}/0/Add.a.1.2.{TS}")
    outside = tmp_path / "elsewhere"
    make(outside, f"Mul.m.1.2.{TS}")
    (root / T / "0" / "loop").symlink_to("..")
    (root / "alias").symlink_to(T)
    (root / "broken").symlink_to("no-such-target")
    (root / "self").symlink_to("self")
    (root / "linked").symlink_to(outside)
    (root / f"Relu.r.1.2.{TS}").symlink_to(outside / f"Mul.m.1.2.{TS}")
    kept = {
        f"{T}/0/loop": "symbolic link loop: points to an enclosing folder, not followed",
        "alias": "symbolic link to a folder indexed elsewhere in this scan, not followed",
        "broken": "broken or looping symbolic link",
        "self": "broken or looping symbolic link",
    }
    result = scan(root, follow_links=True)
    assert problems(result) == kept
    assert sorted(r.path for r in result.records) == [f"{T}/0/Add.a.1.2.{TS}", f"Relu.r.1.2.{TS}",
                                                      f"linked/Mul.m.1.2.{TS}"]
    result = scan(root)  # by default, links that leave the folder are listed, not followed
    assert problems(result) == kept | {
        "linked": f"symbolic link to outside the folder ({outside}), not followed",
        f"Relu.r.1.2.{TS}": f"symbolic link to outside the folder ({outside}/Mul.m.1.2.{TS}), not followed"}
    assert [r.path for r in result.records] == [f"{T}/0/Add.a.1.2.{TS}"]


def test_a_link_to_the_file_system_root_and_a_link_loop_are_not_walked(tmp_path):
    make(tmp_path, f"{T}/0/Add.a.1.2.{TS}")
    (tmp_path / "everything").symlink_to("/")
    (tmp_path / T / "up").symlink_to(tmp_path)
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    result = scan(tmp_path)
    assert problems(result) == {
        "everything": "symbolic link to outside the folder (/), not followed",
        f"{T}/up": "symbolic link loop: points to an enclosing folder, not followed",
        "a": "broken or looping symbolic link", "b": "broken or looping symbolic link"}
    assert [r.path for r in result.records] == [f"{T}/0/Add.a.1.2.{TS}"]


def test_unreadable_folders_are_problems_and_an_unreadable_root_is_an_error(tmp_path, monkeypatch, listing):
    if listing == "c":
        pytest.skip("os.open is replaced here: the Python listing only (the C one: test_scan_listing.py)")
    make(tmp_path, f"locked/Add.a.1.2.{TS}", f"open/Add.b.1.2.{TS}")
    locked = str(tmp_path / "locked")
    real_open, real_scandir = os.open, os.scandir

    def deny(path, *args, **kwargs):
        if path == locked or path == tmp_path / "locked":
            raise PermissionError(13, "Permission denied", path)
        return (real_open if args else real_scandir)(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", lambda path, *a, **k: deny(path, *a or (os.O_RDONLY,), **k))
    monkeypatch.setattr(os, "scandir", lambda path=".": deny(path))
    result = scan(tmp_path)
    assert problems(result) == {"locked": "cannot read folder: Permission denied"}
    assert [r.path for r in result.records] == [f"open/Add.b.1.2.{TS}"]
    with pytest.raises(InputError, match="cannot read folder"):
        scan(locked)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads folders whatever their mode")
def test_chmod_000_folder_is_a_problem(tmp_path):
    make(tmp_path, f"locked/Add.a.1.2.{TS}")
    (tmp_path / "locked").chmod(0)
    try:
        assert list(problems(scan(tmp_path))) == ["locked"]
    finally:
        (tmp_path / "locked").chmod(0o755)


def test_missing_root_and_file_root_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such folder"):
        scan(tmp_path / "nope")
    make(tmp_path, "file")
    with pytest.raises(InputError, match="file: not a folder"):
        list(iter_scan(tmp_path / "file"))
    os.mkfifo(tmp_path / "x.npy")
    with pytest.raises(InputError, match=r"x\.npy: neither a folder nor a regular file \(a FIFO"):
        scan(tmp_path / "x.npy")


def test_streaming_progress_and_cancel(tmp_path):
    for step in range(3):
        make(tmp_path, *(f"{T}/0/m/1/{step}/Add.a{i}.{i}.1.{TS}" for i in range(4)))
    calls = []
    items = list(iter_scan(tmp_path, progress=lambda done, total, msg: calls.append((done, total, msg))))
    assert len(items) == 12
    assert calls[-1] == (12, 0, f"{T}/0/m/1/2")
    assert [c[0] for c in calls] == sorted(c[0] for c in calls)
    assert [(len(records), len(problems)) for records, problems in iter_folders(tmp_path)] == [(4, 0)] * 3

    token = CancelToken()
    stream = iter_scan(tmp_path, cancel=token)
    first = next(stream)
    assert first.path.endswith(f"Add.a0.0.1.{TS}")
    token.cancel()
    with pytest.raises(Cancelled):
        list(stream)


def test_with_headers_reports_files_that_are_not_readable_dumps(tmp_path):
    bigdump = pytest.importorskip("ascend_dump_gui.core.dump.bigdump")
    np = pytest.importorskip("numpy")
    folder = tmp_path / T / "0"
    folder.mkdir(parents=True)
    bigdump.write_dump(folder / f"Add.good.1.2.{TS}", op_name="good",
                       outputs=[bigdump.TensorPayload(np.arange(4, dtype=np.float32))])
    (folder / f"Add.bad.1.2.{TS}").write_bytes(b"not a dump at all")
    assert scan(tmp_path).problems == []
    result = scan(tmp_path, with_headers=True)
    assert [p.path for p in result.problems] == [f"{T}/0/Add.bad.1.2.{TS}"]
    assert f"Add.bad.1.2.{TS}" in result.problems[0].message
    assert len(result.records) == 2


def test_cli_json_is_the_scan_document(tmp_path, capsys):
    make(tmp_path, f"worldsize1_global_rank0/{T}/0/graph_1/1/0/Add.a\"q.1.2.{TS}", "junk.bin",
         f"{T}/0/m/1/0/Opdebug.Node_OpDebug.1.2.{TS}", f"golden/é.0.{TS}.npy")
    assert main(["scan", str(tmp_path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document == scan(tmp_path).to_json()
    assert list(document) == ["root", "records", "problems"]
    assert list(document["records"][0]) == ["path", "kind", *CTX_KEYS, *OP_KEYS, "size"]
    assert document["problems"] == [{"path": "junk.bin", "message": scan(tmp_path).problems[0].message}]


def test_cli_json_of_an_empty_tree(tmp_path, capsys):
    assert main(["scan", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"root": str(tmp_path), "records": [],
                                                   "problems": [{"path": ".", "message": "empty folder"}]}


def test_cli_summary_per_layout_level(tmp_path, capsys):
    for step in (0, 1):
        make(tmp_path, f"{T}/0/graph_1/1/{step}/Add.a.1.2.{TS}", f"{T}/0/graph_1/1/{step}/Add.a.1.2.{TS}.csv")
    make(tmp_path, "notes.txt")
    assert main(["scan", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path}: 4 files indexed (2 stats, 2 tensor), 1 problems" in out
    assert f"time {T} / device 0 / model graph_1 / model id 1 / step 0: 1 stats, 1 tensor" in out
    assert f"time {T} / device 0 / model graph_1 / model id 1 / step 1: 1 stats, 1 tensor" in out
    assert "notes.txt: unrecognised file" in out


def test_cli_exit_2_for_missing_or_file_dir(tmp_path, capsys):
    assert main(["scan", str(tmp_path / "nope")]) == 2
    assert "nope: no such folder" in capsys.readouterr().err
    make(tmp_path, "f")
    assert main(["scan", str(tmp_path / "f"), "--json"]) == 2
    captured = capsys.readouterr()
    assert "not a folder" in captured.err and captured.out == ""


def test_emulated_multi_step_tree_every_file_placed_and_its_model_folder_chosen(tmp_path):
    from ascend_dump_gui.core.config.model import ConfigDoc
    from ascend_dump_gui.core.dump.graph import choose_model_folder, parse_graph_file
    from ascend_dump_gui.core.emulator import emulate

    (tmp_path / "out").mkdir()
    config = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": "out", "dump_mode": "all",
                                       "dump_step": "0|2"})
    result = emulate(config, model="convnet", steps=3, cwd=tmp_path, env={"DUMP_GE_GRAPH": "2"})
    found = scan(tmp_path / "out")
    assert found.problems == []
    written = {p.relative_to(tmp_path / "out").as_posix() for p in result.written if "out" in p.parts}
    assert {r.path for r in found.records} == written
    tensors = [r for r in found.records if r.kind == "tensor"]
    assert {r.iteration for r in tensors} == {0, 2}
    for r in tensors:
        time, device, model_name, model_id, step = r.path.split("/")[:5]
        assert (r.time, r.device, r.model_name, r.model_id, r.iteration) == \
            (time, int(device), model_name, int(model_id), int(step))
        assert r.op_type and r.op_name and r.task_id is not None and r.timestamp is not None
    graphs = [g for p in sorted(tmp_path.glob("ge_proto_*_Build.txt")) for g in parse_graph_file(p)]
    folders = sorted({r.model_name for r in tensors})
    assert choose_model_folder(folders, graphs) == graphs[0].name == folders[0]


def test_only_the_last_levels_of_the_root_path_are_read(tmp_path):
    deep = tmp_path / "pid42" / "a" / "b" / "c" / "d" / "e" / "f" / "g" / "h" / "golden"
    make(deep, f"conv1.0.{TS}.npy")
    (record,) = scan(deep).records
    assert record.model_name is None and record.model_id is None


def test_scan_and_the_cli_restore_the_garbage_collector(tmp_path, capsys):
    import gc

    make(tmp_path, f"Add.a.1.2.{TS}")
    was = gc.isenabled()       # a UI test earlier in this process leaves it off (the app collects on a timer)
    try:
        gc.enable()
        scan(tmp_path)
        main(["scan", str(tmp_path), "--json"])
        assert gc.isenabled()
        gc.disable()
        scan(tmp_path)
        assert not gc.isenabled()  # left as the caller had it
    finally:
        (gc.enable if was else gc.disable)()
