"""An outside check of the CLI's write paths: hostile batches in compare, outputs that would replace an
input, formula cells a spreadsheet still runs, and names that collide once a file system folds them."""

from __future__ import annotations

import csv
import json
import os

import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.inert import csv_cell
from ascend_dump_gui.core.safe_names import NameClaims

TS = 1700000000000000


def _dump(folder, name, op_name=None, **payload):
    payload = payload or {"array": np.ones(3, np.float32)}
    return write_dump(folder / name, op_name=op_name or name, outputs=[TensorPayload(**payload)])


def test_compare_reports_a_dump_it_cannot_read_and_compares_the_rest(tmp_path, capsys):
    src = tmp_path / "dumps"
    _dump(src, f"Add.a_huge.1.1.{TS}", array=b"\0" * 12, dtype="DT_FLOAT", shape=(1 << 62, 4))
    ok = _dump(src, f"Add.ok.1.1.{TS + 1}", op_name="ok")
    (src / f"Add.cut.1.1.{TS + 2}").write_bytes(ok.read_bytes()[:-5])
    out = tmp_path / "r.csv"
    assert main(["compare", str(src), str(src), "--out", str(out), "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert [r["tensor"] for r in doc["rows"] if r["reached"]] == ["ok:output:0"]
    assert doc["summary"]["unreadable"] == 4  # two bad files, read on both sides
    bad = {(u["side"], u["file"].rsplit("/", 1)[-1]) for u in doc["unmatched"] if "implausible" in u["reason"]
           or "truncated" in u["reason"]}
    assert bad == {(side, f"Add.{n}") for side in ("npu", "golden")
                   for n in (f"a_huge.1.1.{TS}", f"cut.1.1.{TS + 2}")}
    assert "a_huge" in captured.err and "cut" in captured.err and "Traceback" not in captured.err
    assert out.read_text().startswith("Index,")


def test_compare_out_never_replaces_one_of_its_inputs(tmp_path, capsys):
    src, golden = tmp_path / "dumps", tmp_path / "golden"
    dump = _dump(src, f"Add.a.1.1.{TS}", op_name="a")
    golden.mkdir()
    npy = golden / f"a.0.{TS}.npy"
    np.save(npy, np.ones(3, np.float32))
    before = npy.read_bytes(), dump.read_bytes()
    assert main(["compare", str(src), str(golden), "--out", str(npy)]) == 2
    assert main(["compare", str(dump), str(dump), "--out", str(dump)]) == 2
    assert "is one of the compared files" in capsys.readouterr().err
    assert (npy.read_bytes(), dump.read_bytes()) == before


def test_compare_out_never_replaces_a_file_of_the_trees_even_one_it_did_not_read(tmp_path, capsys):
    src, golden = tmp_path / "dumps", tmp_path / "golden"
    _dump(src, f"Add.a.1.1.{TS}", op_name="a")
    golden.mkdir()
    np.save(golden / f"a.0.{TS}.npy", np.ones(3, np.float32))
    untouched = {src / "ge_proto_00000001_Build.txt": b"graph {}", golden / "notes.csv": b"mine",
                 golden / "sub" / "stack.json": b"{}"}
    for path, data in untouched.items():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    for path in untouched:
        assert main(["compare", str(src), str(golden), "--out", str(path)]) == 2
        assert "refusing to replace it" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in untouched} == untouched
    assert main(["compare", str(src), str(golden), "--out", str(golden / "new.csv")]) in (0, 1)  # a new file: fine
    assert (golden / "new.csv").stat().st_size > 0


def test_config_export_never_replaces_the_config_it_reads(tmp_path, capsys):
    acl = tmp_path / "acl.json"
    acl.write_text(json.dumps({"dump": {"dump_path": "/tmp/d", "dump_mode": "output",
                                        "dump_list": [{"model_name": "net"}]}}))
    before = acl.read_bytes()
    assert main(["config", "export", str(acl), "--to", "project", "-o", str(tmp_path / "." / "acl.json")]) == 2
    assert "is the config being exported" in capsys.readouterr().err
    assert acl.read_bytes() == before


@pytest.mark.parametrize("text", [" =1+1", "  @SUM(A1)", "\u3000=1", "＝1+1", "＋1+1", "－1+1", "＠SUM(A1)"])
def test_formula_cells_hidden_behind_spaces_or_full_width_signs_are_escaped(text):
    assert csv_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["-1e5", "+5", " 12", "a=b", "%x", "|x"])
def test_plain_cells_stay_as_they_are(text):
    assert csv_cell(text) == text


def test_compare_csv_escapes_them_read_back_with_csv(tmp_path):
    src = tmp_path / "dumps"
    names = [" =1+1", "＝HYPERLINK(x)", "-1e5"]
    for i, name in enumerate(names):
        _dump(src, f"Add.n{i}.1.1.{TS + i}", op_name=name)
    out = tmp_path / "r.csv"
    assert main(["compare", str(src), str(src), "--out", str(out)]) == 0
    with open(out, newline="", encoding="utf-8") as fh:
        cells = [row[2] for row in list(csv.reader(fh))[1:]]
    assert cells == ["' =1+1", "'＝HYPERLINK(x)", "-1e5"]


def test_names_equal_once_folded_do_not_share_an_output_name(tmp_path):
    """On a case-insensitive or normalising file system (exFAT stick, macOS) these would be one file."""
    claims = NameClaims()
    names = ["Add.X", "Add.x", "caf\u00e9", "cafe\u0301", "ADD.x"]
    assert [claims.claim(tmp_path, n) for n in names] == ["Add.X", "Add.x~2", "caf\u00e9", "cafe\u0301~2", "ADD.x~3"]


def test_a_mapping_row_for_a_plain_dump_name_neither_hides_nor_renames_it(tmp_path):
    """mapping.csv only names hashed files; a row for an ordinary dump name is not applied to it."""
    from ascend_dump_gui.core.scan.scanner import scan
    from ascend_dump_gui.core.scan.tree import DumpNode

    _dump(tmp_path, f"Add.a.1.1.{TS}")
    _dump(tmp_path, f"Add.b.1.1.{TS}")
    (tmp_path / "mapping.csv").write_text(f"Add.a.1.1.{TS},../../../etc/passwd\nAdd.b.1.1.{TS},Mul.evil.1.1.{TS}\n")
    result = scan(tmp_path)
    assert sorted(r.op_name for r in result.records if r.kind == "tensor") == ["a", "b"]
    nodes = [n for n in DumpNode.root(tmp_path).list_children() if n.name.startswith("Add.")]
    assert sorted(n.record().op_name for n in nodes) == ["a", "b"]


def test_convert_never_replaces_a_file_it_is_converting(tmp_path, capsys):
    """A dump whose name is another dump's output name (same run, same folder as --out) is not overwritten."""
    src = tmp_path / "dumps"
    _dump(src, "A", op_name="a")
    second = _dump(src, "A.output.0.npy", op_name="b", array=np.full(3, 7, np.float32))
    before = second.read_bytes()
    assert main(["convert", str(src), "--out", str(src)]) == 1
    assert "A.output.0.npy: is one of the files being converted" in capsys.readouterr().err
    assert second.read_bytes() == before
    np.testing.assert_array_equal(np.load(src / "A.output.0.npy.output.0.npy"), np.full(3, 7, np.float32))


def test_emulate_says_when_it_replaced_files_already_there(tmp_path):
    from ascend_dump_gui.core.emulator import emulate

    (tmp_path / "dumps").mkdir()
    (tmp_path / "acl.json").write_text(json.dumps({"dump": {"dump_path": "dumps", "dump_mode": "output",
                                                            "dump_list": [{"model_name": "overflow_fp16"}]}}))
    env = {"DUMP_GE_GRAPH": "2"}  # graph dumps land in the working folder, beside the user's files
    first = emulate(tmp_path / "acl.json", model="overflow_fp16", cwd=tmp_path, golden_dir=tmp_path / "golden",
                    env=env)
    assert not [w for w in first.warnings if "replaced" in w]
    graphs = [p for p in first.written if p.name.startswith("ge_proto_")]
    assert graphs and len(set(first.written)) == len(first.written)
    graphs[0].write_text("the user's own file")
    again = emulate(tmp_path / "acl.json", model="overflow_fp16", cwd=tmp_path, golden_dir=tmp_path / "golden",
                    env=env)
    said = " ".join(again.warnings)
    assert f"replaced {len(graphs)} file(s) already there" in said  # the graph files: no time in their names
    assert "already holds 6 .npy file(s) of an earlier run" in said
    assert not set(again.written) & (set(first.written) - set(graphs))  # dumps and golden files: its own time


HIDDEN = "a\x9b31m\u202eb\x7f\u2028c\U000e0041"  # C1 CSI, RTL override, DEL, line separator, tag character


@pytest.mark.parametrize("verb", ["show", "scan", "compare"])
def test_json_output_shows_no_raw_control_or_format_characters(tmp_path, capsys, verb):
    """JSON escapes them as \\uXXXX: the data read back is the same, a terminal shows nothing hidden."""
    dump = _dump(tmp_path, f"Add.{HIDDEN}.1.1.{TS}", op_name=HIDDEN)
    args = {"show": [str(dump)], "scan": [str(tmp_path)], "compare": [str(tmp_path), str(tmp_path)]}[verb]
    assert main([verb, *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert not [c for c in out if c not in "\n" and not c.isprintable()]
    assert HIDDEN in json.dumps(json.loads(out), ensure_ascii=False)


def test_convert_copes_with_a_file_name_that_is_not_utf8(tmp_path, capsys):
    src = tmp_path / "dumps"
    _dump(src, os.fsdecode(b"Add.bad\xff.1.1.1700000000000000"), op_name="bad")
    _dump(src, f"Add.ok.1.1.{TS}", op_name="ok")
    assert main(["convert", str(src), "--out", str(tmp_path / "out")]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        f"Add.bad_.1.1.{TS}.output.0.npy", f"Add.ok.1.1.{TS}.output.0.npy"]
    assert "Add.bad\\udcff" in capsys.readouterr().err  # reported as renamed, escaped


def test_compare_csv_keeps_a_file_name_that_is_not_utf8_as_its_bytes(tmp_path):
    golden = tmp_path / "golden"
    golden.mkdir()
    np.save(golden / os.fsdecode(b"x\xff.0.1.npy"), np.ones(3, np.float32))
    out = tmp_path / "r.csv"
    assert main(["compare", str(golden), str(golden), "--out", str(out)]) == 0
    assert b"x\xff" in out.read_bytes()


def test_a_json_config_with_a_lone_surrogate_escape_is_a_parse_error(tmp_path, capsys):
    """The runtime's JSON parser refuses "\\ud800" without its pair; so do check and export."""
    acl = tmp_path / "acl.json"
    acl.write_text('{"dump": {"dump_path": "/tmp/\\ud800x", "dump_mode": "output", '
                   '"dump_list": [{"model_name": "n"}]}}')
    assert main(["config", "export", str(acl), "--to", "acl_json", "-o", str(tmp_path / "out.json")]) == 2
    assert main(["config", "export", str(acl), "--to", "project"]) == 2
    assert main(["config", "check", str(acl)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "surrogate" in err
    assert not (tmp_path / "out.json").exists()


def test_outputs_never_replace_a_folder_fifo_or_device_and_write_errors_are_messages(tmp_path, capsys):
    """``--out /dev/null`` run as root must not turn /dev/null into a regular file; a FIFO (anyone can make
    one) or a link to it is refused the same way."""
    npy, acl = tmp_path / "a.npy", tmp_path / "acl.json"
    np.save(npy, np.ones(3, np.float32))
    acl.write_text(json.dumps({"dump": {"dump_path": "/tmp", "dump_list": [{"model_name": "n"}]}}))
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "to_fifo").symlink_to(tmp_path / "fifo")
    for name in ("folder", "fifo", "to_fifo"):
        assert main(["compare", str(npy), str(npy), "--out", str(tmp_path / name)]) == 2
        assert main(["config", "export", str(acl), "--to", "project",
                     "-o", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "fifo: is a device, FIFO or socket, not a regular file" in err
    assert "folder: is a folder" in err
    assert (tmp_path / "fifo").is_fifo() and (tmp_path / "to_fifo").is_symlink() and (tmp_path / "folder").is_dir()
    (tmp_path / "to_folder").symlink_to(tmp_path / "folder")  # a link to a folder is replaced, as to a file
    assert main(["compare", str(npy), str(npy), "--out", str(tmp_path / "to_folder")]) == 0
    assert (tmp_path / "to_folder").is_file() and not list((tmp_path / "folder").iterdir())
    assert main(["compare", str(npy), str(npy), "--out", "/proc/no/such.csv"]) == 2
    assert "/proc/no/such.csv: " in capsys.readouterr().err


def test_replacing_keeps_owner_and_permissions_but_not_set_id_bits(tmp_path):
    """New content must not inherit setuid/setgid: a CSV of names from dump files must never become a
    set-id file. Owner and group are kept where the process may change them (root)."""
    from ascend_dump_gui.core.atomic import write_text_atomic

    target = tmp_path / "out.csv"
    for before, after in ((0o4755, 0o755), (0o2750, 0o750), (0o640, 0o640), (0o1644, 0o1644)):
        target.write_text("old")
        if os.geteuid() == 0:
            os.chown(target, 4321, 4322)  # before chmod: chown clears set-id bits
        os.chmod(target, before)
        write_text_atomic(target, "new")
        st = os.stat(target)
        assert (target.read_text(), st.st_mode & 0o7777) == ("new", after)
        if os.geteuid() == 0:
            assert (st.st_uid, st.st_gid) == (4321, 4322)


def test_compare_reports_npy_files_that_hold_no_numbers_and_compares_the_rest(tmp_path, capsys):
    npu, golden = tmp_path / "npu", tmp_path / "golden"
    for folder in (npu, golden):
        folder.mkdir()
        np.save(folder / "ok.0.1.npy", np.ones(3, np.float32))
        np.save(folder / "rec.0.1.npy", np.zeros(2, [("a", "<f4"), ("b", "<i4")]))
        np.save(folder / "text.0.1.npy", np.array(["x", "y"]))
        np.save(folder / "raw.0.1.npy", np.zeros(2, "V4"))
        np.save(folder / "cplx.0.1.npy", np.array([1 + 1j, 2], np.complex64) * (1 if folder == npu else 1j))
        with open(folder / "big.0.1.npy", "wb") as fh:  # a shape whose product overflows int64
            np.lib.format.write_array_header_1_0(fh, {"descr": "<f4", "fortran_order": False,
                                                      "shape": (1 << 40, 1 << 40)})
    assert main(["compare", str(npu), str(golden), "--json"]) == 1
    captured = capsys.readouterr()
    rows = {r["tensor"].split(":")[0]: r for r in json.loads(captured.out)["rows"]}
    assert rows["ok"]["reached"] is True
    for name in ("rec", "text", "raw"):
        assert rows[name]["unreadable"] and "not numbers" in rows[name]["fail_reason"]
    assert rows["cplx"]["reached"] is None and "cannot compare complex" in rows["cplx"]["fail_reason"]
    assert rows["big"]["unreadable"] and "too big" in rows["big"]["fail_reason"]
    assert "Traceback" not in captured.err


def test_replacing_an_existing_output_file_is_said(tmp_path, capsys):
    npy, acl, out = tmp_path / "a.npy", tmp_path / "acl.json", tmp_path / "out.txt"
    np.save(npy, np.ones(3, np.float32))
    acl.write_text(json.dumps({"dump": {"dump_path": "/tmp", "dump_list": [{"model_name": "n"}]}}))
    for args in (["compare", str(npy), str(npy), "--json", "--out", str(out)],
                 ["config", "export", str(acl), "--to", "project", "-o", str(out)]):
        out.unlink(missing_ok=True)
        assert main(args) == 0 and "replacing the file" not in capsys.readouterr().err
        assert main(args) == 0 and f"replacing the file already at {out}" in capsys.readouterr().err


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o755])
def test_every_cli_write_path_keeps_the_mode_it_replaces_and_follows_the_umask(tmp_path, mode):
    src, out = tmp_path / "dumps", tmp_path / "new" / "out"
    dump = _dump(src, f"Add.a.1.1.{TS}", op_name="a")
    acl = tmp_path / "acl.json"
    acl.write_text(json.dumps({"dump": {"dump_path": "/tmp", "dump_list": [{"model_name": "n"}]}}))
    old = os.umask(0o027)
    try:
        writes = {out / f"{dump.name}.output.0.npy": ["convert", str(src), "--out", str(out)],
                  tmp_path / "new" / "deeper" / "r.csv": ["compare", str(src), str(src), "--out",
                                                          str(tmp_path / "new" / "deeper" / "r.csv")],
                  tmp_path / "e.json": ["config", "export", str(acl), "--to", "project",
                                        "-o", str(tmp_path / "e.json")]}
        for target, args in writes.items():
            assert main(args) == 0
            assert target.stat().st_mode & 0o7777 == 0o640
            if target.parent != tmp_path:  # folders made for the output follow the umask too
                assert target.parent.stat().st_mode & 0o7777 == 0o750
            os.chmod(target, mode)
            assert main(args) == 0
            assert target.stat().st_mode & 0o7777 == mode
    finally:
        os.umask(old)


def test_stale_temporary_cleanup_removes_only_names_this_app_makes(tmp_path):
    from ascend_dump_gui.core.atomic import remove_stale_temps, temp_beside

    fd, ours = temp_beside(tmp_path / "x")
    os.close(fd)
    theirs = [tmp_path / n for n in (".adg-notes.tmp", ".adg-.tmp", ".adg-0a.tmp.bak", "x.adg-0a.tmp")]
    for p in theirs:
        p.write_text("the user's")
    for p in (ours, *theirs):
        os.utime(p, (1, 1))
    assert remove_stale_temps(tmp_path) == [tmp_path / os.path.basename(ours)]
    assert all(p.exists() for p in theirs)


def test_emulate_golden_folder_that_is_a_file_is_a_message(tmp_path, capsys):
    (tmp_path / "dumps").mkdir()
    (tmp_path / "golden").write_text("a file, not a folder")
    (tmp_path / "acl.json").write_text(json.dumps({"dump": {"dump_path": "dumps", "dump_mode": "output",
                                                            "dump_list": [{"model_name": "overflow_fp16"}]}}))
    assert main(["emulate", "--config", str(tmp_path / "acl.json"), "--model", "overflow_fp16",
                 "--cwd", str(tmp_path), "--golden", str(tmp_path / "golden")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Not a directory" in err
    assert (tmp_path / "golden").read_text() == "a file, not a folder"


def test_a_fifo_named_like_a_side_file_never_blocks_browsing_or_compare(tmp_path):
    """Anyone may plant a FIFO named mapping.csv or ge_proto_*.txt in a shared dump folder: opening it
    for reading would wait forever."""
    import subprocess
    import sys

    folder = tmp_path / "dump"
    _dump(folder, f"Add.a.1.1.{TS}", op_name="a")
    os.mkfifo(folder / "mapping.csv")
    os.mkfifo(tmp_path / "ge_proto_00000001_Build.txt")  # where the graph lookup looks, beside the dump
    tree = ("from ascend_dump_gui.core.scan.tree import DumpNode; import sys; "
            "print(sorted(k.label() for k in DumpNode.root(sys.argv[1]).list_children()))")
    for cmd in ([sys.executable, "-c", tree, str(folder)],
                [sys.executable, "-m", "ascend_dump_gui.cli", "compare", str(folder), str(folder)]):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    assert "first divergence: none" in done.stdout


def test_the_temporary_file_is_private_while_it_is_written(tmp_path):
    """Replacing a 0600 file must not expose its new content through a 0644 temporary file: another user
    who opens the temporary file in that window keeps reading it after the chmod."""
    from ascend_dump_gui.core.atomic import atomic_output

    secret, fresh = tmp_path / "secret.json", tmp_path / "fresh.csv"
    secret.write_text("old")
    os.chmod(secret, 0o600)
    old = os.umask(0o022)
    try:
        for target, final in ((secret, 0o600), (fresh, 0o644)):
            with atomic_output(target) as fh:
                fh.write(b"new content")
                (temp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".adg-")]
                assert temp.stat().st_mode & 0o077 == 0
            assert target.stat().st_mode & 0o777 == final and target.read_bytes() == b"new content"
    finally:
        os.umask(old)
