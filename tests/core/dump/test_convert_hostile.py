"""`convert` and `compare` on hostile batches: bad dumps are per-file errors, names never collide or escape."""

from __future__ import annotations

import csv
import json
import os

import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import RESTORABLE, check_restorable, device_shape, to_device

SHAPES = {"NC1HWC0": (2, 20, 3, 3), "FRACTAL_Z": (20, 18, 3, 3), "FRACTAL_NZ": (3, 20, 40),
          "NDC1HWC0": (2, 20, 2, 3, 3), "FRACTAL_Z_3D": (20, 18, 2, 3, 3), "C1HWNCoC0": (3, 3, 20, 18)}
HUGE = {"NC1HWC0": (2, 20, 1 << 20, 1 << 20), "FRACTAL_Z": (1 << 20, 18, 3, 3), "FRACTAL_NZ": (3, 1 << 30, 40),
        "NDC1HWC0": (1 << 40, 20, 2, 3, 3), "FRACTAL_Z_3D": (20, 1 << 30, 2, 3, 3),
        "C1HWNCoC0": (3, 3, 1 << 30, 18)}
INCONSISTENT = {"NC1HWC0": (2, 99, 3, 3), "FRACTAL_Z": (20, 18, 3), "FRACTAL_NZ": (4, 20, 40),
                "NDC1HWC0": (3, 20, 2, 3, 3), "FRACTAL_Z_3D": (20, 18, 2, 5, 3), "C1HWNCoC0": (3, 3, 20, 180)}
TS = 1700000000000000


def _write(folder, name, fmt, original_shape):
    x = np.random.default_rng(1).standard_normal(SHAPES[fmt]).astype(np.float16)
    write_dump(folder / name, op_name=name, inputs=[TensorPayload(np.arange(4, dtype=np.float32))],
               outputs=[TensorPayload(to_device(x, fmt), format=fmt, original_shape=original_shape)])
    return x


def test_every_restored_format_has_huge_and_inconsistent_cases():
    assert set(SHAPES) == set(HUGE) == set(INCONSISTENT) == set(RESTORABLE)
    for fmt in RESTORABLE:
        check_restorable(device_shape(SHAPES[fmt], fmt), fmt, SHAPES[fmt])
        for bad in (HUGE[fmt], INCONSISTENT[fmt]):
            with pytest.raises(ValueError):
                check_restorable(device_shape(SHAPES[fmt], fmt), fmt, bad)


def test_hostile_dumps_first_in_a_batch_do_not_stop_the_valid_ones(tmp_path, capsys):
    src, out = tmp_path / "dumps", tmp_path / "out"
    expected = {}
    for fmt in RESTORABLE:
        _write(src, f"A.huge_{fmt}.1.1.{TS}", fmt, HUGE[fmt])  # sorted first: "A" < "B" < "C"
        _write(src, f"B.bad_{fmt}.1.1.{TS}", fmt, INCONSISTENT[fmt])
        expected[fmt] = _write(src, f"C.ok_{fmt}.1.1.{TS}", fmt, SHAPES[fmt])
    assert main(["convert", str(src), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for fmt in RESTORABLE:
        for tag in ("huge", "bad"):
            assert f"{tag}_{fmt}.1.1.{TS}: output.0: cannot restore {fmt}" in err
            prefix = {"huge": "A", "bad": "B"}[tag]
            assert not (out / f"{prefix}.{tag}_{fmt}.1.1.{TS}.output.0.npy").exists()
            assert (out / f"{prefix}.{tag}_{fmt}.1.1.{TS}.input.0.npy").exists()  # its good tensor
        got = np.load(out / f"C.ok_{fmt}.1.1.{TS}.output.0.npy")
        np.testing.assert_array_equal(got, expected[fmt])
    assert not [p for p in out.iterdir() if p.name.startswith(".adg-")]


def test_a_hostile_dump_given_alone_is_an_error(tmp_path, capsys):
    src = tmp_path / "dumps"
    _write(src, f"A.huge.1.1.{TS}", "FRACTAL_NZ", HUGE["FRACTAL_NZ"])
    assert main(["show", str(src / f"A.huge.1.1.{TS}")]) == 0  # the header is shown
    assert main(["convert", str(src / f"A.huge.1.1.{TS}"), "--out", str(tmp_path / "o")]) == 1
    assert "cannot restore FRACTAL_NZ" in capsys.readouterr().err


def test_compare_reports_hostile_dumps_and_compares_the_rest(tmp_path, capsys):
    npu, bench = tmp_path / "npu", tmp_path / "bench"
    for side in (npu, bench):
        for k, fmt in enumerate(RESTORABLE):
            _write(side, f"Op.ok_{k}.{k + 1}.1.{TS + 2 * k}", fmt, SHAPES[fmt])
    for k, fmt in enumerate(RESTORABLE):  # every format, hostile on the NPU side only, first in time
        _write(npu, f"Op.bad_{k}.{k + 20}.1.{TS - 10 + k}", fmt, HUGE[fmt] if k % 2 else INCONSISTENT[fmt])
        _write(bench, f"Op.bad_{k}.{k + 20}.1.{TS - 10 + k}", fmt, SHAPES[fmt])
    assert main(["compare", str(npu), str(bench), "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    rows = {r["npu_file"].rsplit("/", 1)[1].split(".")[1]: r for r in doc["rows"] if r["tensor"].endswith(":output:0")}
    assert doc["summary"]["unreadable"] == len(RESTORABLE)
    for k, fmt in enumerate(RESTORABLE):
        bad, ok = rows[f"bad_{k}"], rows[f"ok_{k}"]
        assert bad["unreadable"] == str(npu / f"Op.bad_{k}.{k + 20}.1.{TS - 10 + k}")
        assert f"cannot restore {fmt}" in bad["fail_reason"] and bad["fail_reason"] in captured.err
        assert ok["reached"] is True and ok["unreadable"] is None
    assert "Traceback" not in captured.err


def test_two_inputs_with_the_same_name_both_survive(tmp_path, capsys):
    c1, c2, out = tmp_path / "c1", tmp_path / "c2", tmp_path / "o"
    name = f"Conv2D.conv.1.1.{TS}"
    a = _write(c1, name, "NC1HWC0", SHAPES["NC1HWC0"])
    write_dump(c2 / name, op_name="other", outputs=[TensorPayload(np.ones(3, np.float32))])
    assert main(["convert", str(c1), str(c2), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"{c2 / name} written as {out / name}~2.*" in err
    np.testing.assert_array_equal(np.load(out / f"{name}.output.0.npy"), a)
    assert np.load(out / f"{name}.input.0.npy").shape == (4,)
    np.testing.assert_array_equal(np.load(out / f"{name}~2.output.0.npy"), np.ones(3, np.float32))
    assert sorted(p.name for p in out.iterdir()) == [f"{name}.input.0.npy", f"{name}.output.0.npy",
                                                     f"{name}~2.output.0.npy"]
    assert main(["convert", str(c1), str(c2), "--out", str(out)]) == 0  # a rerun: same names, and said so
    assert "replaced 3 file(s) already in" in capsys.readouterr().err
    assert len(list(out.iterdir())) == 3


def test_names_at_the_length_limit_and_with_control_characters_stay_in_the_output_folder(tmp_path, capsys):
    src, out = tmp_path / "dumps", tmp_path / "out"
    long_name = "Conv2D." + "c" * 226 + f".1.1.{TS}"  # 255 bytes, as the runtime writes them
    odd_name = f"Add.\x1b[31mred\nline.1.1.{TS}"
    for name in (long_name, odd_name):
        write_dump(src / name, op_name=name, outputs=[TensorPayload(np.ones(2, np.float32))])
    assert main(["convert", str(src), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    names = sorted(p.name for p in out.iterdir())
    assert len(names) == 2 and all(len(n.encode()) <= 255 and "\x1b" not in n and "\n" not in n for n in names)
    assert all((out / n).parent == out for n in names)
    assert "\x1b" not in captured.out + captured.err and "\\x1b[31mred\\nline" in captured.err


def test_convert_does_not_follow_links_out_of_a_folder_unless_asked(tmp_path, capsys):
    src, elsewhere, out = tmp_path / "dumps", tmp_path / "elsewhere", tmp_path / "out"
    _write(elsewhere, f"X.x.1.1.{TS}", "NC1HWC0", SHAPES["NC1HWC0"])
    _write(src, f"Y.y.1.1.{TS}", "NC1HWC0", SHAPES["NC1HWC0"])
    (src / f"X.x.1.1.{TS}").symlink_to(elsewhere / f"X.x.1.1.{TS}")
    (src / "root").symlink_to("/")
    (src / "loop").symlink_to("loop")
    assert main(["convert", str(src), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert (f"skipped {src / f'X.x.1.1.{TS}'}: symbolic link to outside the folder "
            f"({elsewhere / f'X.x.1.1.{TS}'}), not followed") in err
    assert f"skipped {src / 'root'}: symbolic link to outside the folder (/), not followed" in err
    assert sorted(p.name.split(".")[0] for p in out.iterdir()) == ["Y", "Y"]
    assert main(["convert", str(src), "--out", str(out), "--follow-links"]) == 0
    assert sorted(p.name.split(".")[0] for p in out.iterdir()) == ["X", "X", "Y", "Y"]


def test_convert_of_a_dump_root_names_the_subfolders_it_does_not_enter(tmp_path, capsys):
    root, out = tmp_path / "dump", tmp_path / "out"
    _write(root / "20260101000000" / "0", f"Y.y.1.1.{TS}", "NC1HWC0", SHAPES["NC1HWC0"])
    assert main(["convert", str(root), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"skipped {root / '20260101000000'}: a folder: only the files of the folders given are converted" in err
    assert not out.exists() or not any(out.iterdir())
    assert main(["convert", str(root / "20260101000000" / "0"), "--out", str(out)]) == 0
    assert len(list(out.iterdir())) == 2


def test_scan_lists_a_link_to_the_root_and_a_loop_without_walking_them(tmp_path, capsys):
    _write(tmp_path, f"Y.y.1.1.{TS}", "NC1HWC0", SHAPES["NC1HWC0"])
    (tmp_path / "root").symlink_to("/")
    (tmp_path / "loop").symlink_to(tmp_path)
    assert main(["scan", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["path"] for r in doc["records"]] == [f"Y.y.1.1.{TS}"]
    assert {p["path"]: p["message"] for p in doc["problems"]} == {
        "loop": "symbolic link loop: points to an enclosing folder, not followed",
        "root": "symbolic link to outside the folder (/), not followed"}
    assert main(["scan", str(tmp_path)]) == 0
    assert "root: symbolic link to outside the folder (/), not followed" in capsys.readouterr().out


def test_compare_csv_cells_are_inert(tmp_path, capsys):
    npu, golden = tmp_path / "npu", tmp_path / "golden"
    names = ["=HYPERLINK(x)", "@SUM(A1)", "+1+1", "-2+3", "\tTab", "\rCR"]
    for i, name in enumerate(names):
        for side in (npu, golden):
            write_dump(side / f"Add.{name.replace('(', '_')}.{i + 1}.1.{TS + i}", op_name=name,
                       outputs=[TensorPayload(np.full(3, -1.5, np.float32))])
    csv_path = tmp_path / "r.csv"
    assert main(["compare", str(npu), str(golden), "--out", str(csv_path)]) == 0
    with open(csv_path, newline="") as fh:
        rows = list(csv.reader(fh))
    header, body = rows[0], rows[1:]
    npu_col = header.index("NPUDump")
    assert sorted(r[npu_col] for r in body) == sorted("'" + n for n in names)
    for row in body:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")) or cell.lstrip("+").replace(".", "").isdigit()
            if cell.startswith("-"):
                float(cell)  # only plain numbers may start with "-"
    assert os.path.getsize(csv_path) > 0


def test_running_out_of_memory_on_one_tensor_is_a_per_file_error(tmp_path, monkeypatch):
    from ascend_dump_gui.core.dump import convert as convert_mod

    src, out = tmp_path / "dumps", tmp_path / "out"
    for fmt in ("FRACTAL_Z", "NC1HWC0"):
        _write(src, f"A.{fmt}.1.1.{TS}", fmt, SHAPES[fmt])
    real = convert_mod.iter_slabs

    def starved(tensor, layout, dtype):
        if tensor.format == "FRACTAL_Z":
            raise MemoryError
        return real(tensor, layout, dtype)

    monkeypatch.setattr(convert_mod, "iter_slabs", starved)
    report = convert_mod.convert_paths([src], out)
    assert [(p.name, msg) for p, msg in report.errors] == [
        (f"A.FRACTAL_Z.1.1.{TS}", f"output.0: not enough memory to convert its {18 * 2 * 16 * 16 * 2} bytes")]
    assert sorted(p.name for p in out.iterdir()) == [f"A.FRACTAL_Z.1.1.{TS}.input.0.npy",
                                                     f"A.NC1HWC0.1.1.{TS}.input.0.npy",
                                                     f"A.NC1HWC0.1.1.{TS}.output.0.npy"]
