"""The scanner's C listing (core/scan/_walk.c) against its Python path: the same records, order, problems and
messages on hostile trees, and the same split of op dump names as naming.split_common_form on hostile names."""

from __future__ import annotations

import gc
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_dump_gui.core.dump.naming import dump_file_name, split_common_form, write_mapping_csv
from ascend_dump_gui.core.scan import scanner, walk
from tests.core.msprobe.hostile import make_run

BUILT = walk._load()
needs_c = pytest.mark.skipif(BUILT is None, reason="the C listing is not built here (or ASCEND_DUMP_GUI_PURE_SCAN=1)")
REPO = Path(__file__).resolve().parents[3]
T = "20200808163566"
TS = 1596875766000000

HOSTILE_NAMES = [
    f"Add.a.1.2.{TS}", f"Conv2D.conv1.0003.01.{TS}", "A.b.0.0.0", "Add.a.1.2.3.4", "Add.a.1.2", "Add.a.1.2.3.",
    ".a.1.2.3", "a..1.2.3", "a.b..2.3", "a.b.1.2.", "a.b.+1.2.3", "a.b.-1.2.3", "a.b. 1.2.3", "a.b.1_0.2.3",
    "a.b.1.2.0x3", "a.b.1e3.2.3", "a.b.1.2.3 ", "a.b.١.2.3", "a.b.1.２.3", "a.b.𝟏.2.3",       # Unicode digits
    "a.b.999999999999999999.2.3", "a.b.1000000000000000000.2.3", "a.b.1.2." + "9" * 200,
    "aclnnAdd_0_L2.aclnnAdd.1.2.3", "Add_L.a.1.2.3", "x_L.y.1.2.3", "Add.a_lxslice3.1.2.3", "Add._lxslice.1.2.3",
    "exception_info.1.2.3.4", "exception_infox.a.1.2.3", "exception_in.a.1.2.3", "Opdebug.Node_OpDebug.1.2.3",
    f"Add.a.1.2.{TS}.csv", f"Add.a.1.2.{TS}.npy", "a.b.1.2.3.FFTSPLUS.0.0.0", "a.b.7.1.2.3", "mapping.csv",
    "12345678901234567890", "0" * 32, "Add.opé.1.2.3", "Add.op\u202e.1.2.3", "Add.\x1b[31m.1.2.3",
    "A" * 120 + "." + "b" * 120 + ".1.2.3", "A" * 250 + ".b.1", "Ä" * 60 + ".b.1.2.3",
]
HOSTILE_BYTES = [b"Add.\xff\xfe.1.2.3", b"\xe4\xb8.a.1.2.3", b"Add.a\xed\xa0\x80.1.2.3", b"\xff", b"\xee\x80\x80",
                 b"\xc3", b"a\x80.b.1.2.3", b"\xf0\x9f\x98\x80.b.1.2.3"]
PIECES = ["Add", "a", "_L", "_lxslice", "exception_info", ".", ".", ".", "1", "007", "9" * 19, "é", "١", "x", "_",
          "\udcff", " ", "-", "0", "L"]


def fuzz_names(count: int, seed: int = 7) -> set[str]:
    """Random names built from the pieces a parse could trip on (5-field lookalikes, escapes, odd digits)."""
    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < count:
        if rng.random() < 0.5:  # anything
            name = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 14)))
        else:                   # 4 to 6 fields, mostly digits after the second
            fields = [rng.choice(["Add", "a_L", "exception_info", "é", "x_lxslice1", "", "Conv2D"])]
            fields += [rng.choice(PIECES[:2] + ["op", "_lxslice", "", "b"]) for _ in range(1)]
            fields += ["".join(rng.choice(["1", "0", "9" * 9, "١", "x", ""]) for _ in range(rng.randint(1, 3)))
                       for _ in range(rng.randint(2, 4))]
            name = ".".join(fields)
        if name not in (".", "..") and len(os.fsencode(name)) <= 255:
            names.add(name)
    return names


def write_names(folder: Path, names) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        with open(os.path.join(os.fsencode(folder), os.fsencode(name)), "wb") as fh:
            fh.write(b"x" * (i % 7))


@needs_c
def test_c_listing_splits_names_exactly_as_split_common_form(tmp_path):
    plain = {f"Op{i}.scope_{i}.{i}.{i % 3}.{TS + i}" for i in range(200)}
    names = set(HOSTILE_NAMES) | {os.fsdecode(b) for b in HOSTILE_BYTES} | fuzz_names(3000) | plain
    write_names(tmp_path, names)
    files, common, rest = BUILT.list_folder(str(tmp_path))
    assert rest == []
    assert [name for name, _ in files] == sorted(os.listdir(tmp_path)) == sorted(names)
    assert [size for _, size in files] == [os.lstat(tmp_path / name).st_size for name, _ in files]
    assert len(common) == len(files)
    split = 0
    for (name, _), fields in zip(files, common, strict=True):
        expected = split_common_form(name)
        if fields is not None:  # a split made in C is the Python split, with ints as int() gives them
            assert fields == expected and [type(v) for v in fields] == [str, str, int, int, int], name
            split += 1
        elif name.isascii() and expected is not None:  # the C split leaves only digit runs over 18 to Python
            assert max(len(part) for part in name.split(".")[2:]) > 18, name
    assert split > len(plain)


@needs_c
def test_c_listing_of_special_entries_and_of_what_cannot_be_listed(tmp_path):
    (tmp_path / "dir").mkdir()
    (tmp_path / "link").symlink_to("dir")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "file").write_bytes(b"12345")
    files, common, rest = BUILT.list_folder(str(tmp_path))
    assert files == [("file", 5)] and common == [None]
    assert [(name, kind, err) for name, kind, err, _ in rest] == [
        ("dir", 0o040000, 0), ("link", 0o120000, 0), ("pipe", 0o010000, 0)]
    with pytest.raises(FileNotFoundError) as missing:
        BUILT.list_folder(str(tmp_path / "nope"))
    assert missing.value.filename == str(tmp_path / "nope")
    with pytest.raises(NotADirectoryError):
        BUILT.list_folder(str(tmp_path / "file"))
    with pytest.raises(TypeError):
        BUILT.list_folder(3)


def hostile_tree(root: Path, outside: Path) -> Path:
    """Every layout and trap the scanner knows, in one tree."""
    model = root / "worldsize2_global_rank1" / T / "1" / "ge_default_20200808163719_121" / "11"
    for step in range(3):
        folder = model / str(step)
        long = dump_file_name("MatMul", "scope/" + "block_" * 50 + f"matmul{step}", 9, 1, TS + 9)
        names = [f"Conv2D.conv{i}.{i}.1.{TS + i}" for i in range(40)] + [
            f"Conv2D.conv1.1.1.{TS + 1}.csv", f"Opdebug.Node_OpDebug.3.1.{TS + 4}", f"Conv2D.conv3.3.1.{TS + 3}",
            "aclnnAdd_0_L2.aclnnAdd.5.1.7", "Add.a_lxslice2.6.1.8", "Add.é.7.1.9", "notes.txt", "98765432109",
            f"fx-aten.add.OUTPUT.0.{TS}.npy", "kernel_config_1.json", long.file_name]
        write_names(folder, set(names))
        write_mapping_csv(folder / "mapping.csv", [long.mapping_row])
    write_names(model / "junk", [os.fsdecode(b) for b in HOSTILE_BYTES] + HOSTILE_NAMES[:20])
    write_names(root / "extra-info" / "data-dump" / "0",
                ["exception_info.1.2.3", "Add.a.1.2.3.4.input.0.bin", "x.custom.5", "Add.a.1.2.3"])
    make_run(root / "msprobe" / "step0" / "rank0", calls=4)
    (root / "empty" / "nested").mkdir(parents=True)
    (root / "also_empty").mkdir()
    os.mkfifo(root / "pipe")
    write_names(outside, [f"Mul.m.1.2.{TS}"])
    (outside / "sub").mkdir()
    write_names(outside / "sub", [f"Relu.r.1.2.{TS}"])
    (model / "0" / "loop").symlink_to("..")
    (root / "alias").symlink_to(model.relative_to(root))
    (root / "broken").symlink_to("no-such-target")
    (root / "self").symlink_to("self")
    (root / "linked").symlink_to(outside)
    (root / "linked_again").symlink_to(outside)
    (model / "1" / f"Relu.r.2.1.{TS}").symlink_to(outside / f"Mul.m.1.2.{TS}")
    (model / "1" / f"Add.zz.2.1.{TS}").symlink_to(f"Conv2D.conv5.5.1.{TS + 5}")  # a file link inside
    (model / "2" / "A.a.1.1.1").symlink_to("../1/mapping.csv")
    (root / "pipe_link").symlink_to("pipe")
    return root


def listings(root: Path, **kwargs) -> dict:
    """Everything the scanner gives, as JSON values."""
    batches = [([r.to_json() for r in records], [p.to_json() for p in problems])
               for records, problems in scanner.iter_folders(root, **kwargs)]
    items = [item.to_json() for item in scanner.iter_scan(root, **kwargs)]
    return {"scan": scanner.scan(root, **kwargs).to_json(), "batches": batches, "items": items}


def both_ways(monkeypatch, root: Path, ahead_size: int = 0, **kwargs) -> tuple[dict, dict]:
    """The listings in Python, and in C (``ahead_size`` 0: every folder listed ahead, on the worker thread)."""
    monkeypatch.setattr(walk, "WALK", None)
    python = listings(root, **kwargs)
    monkeypatch.setattr(walk, "WALK", BUILT)
    monkeypatch.setattr(scanner, "_AHEAD_SIZE", ahead_size)
    return python, listings(root, **kwargs)


@needs_c
@pytest.mark.parametrize("follow_links", [False, True])
def test_scan_is_the_same_with_the_c_listing_on_a_hostile_tree(tmp_path, monkeypatch, follow_links):
    root = hostile_tree(tmp_path / "root", tmp_path / "outside")
    python, c = both_ways(monkeypatch, root, follow_links=follow_links)
    assert c == python
    records = {r["path"]: r for r in c["scan"]["records"]}
    problems = {p["path"]: p["message"] for p in c["scan"]["problems"]}
    assert len(records) > 150 and len(problems) > 30
    model = f"worldsize2_global_rank1/{T}/1/ge_default_20200808163719_121/11"
    assert records[f"{model}/1/Add.zz.2.1.{TS}"]["op_name"] == "zz"
    assert records[f"{model}/0/Add.é.7.1.9"]["op_name"] == "é"
    assert problems["pipe"] == "not a regular file or folder"
    assert problems["self"] == "broken or looping symbolic link"
    assert any(path.startswith("msprobe/") for path in records)
    assert (f"linked/sub/Relu.r.1.2.{TS}" in records) is follow_links


@needs_c
def test_scan_is_the_same_with_the_c_listing_with_headers_and_through_the_cli(tmp_path, monkeypatch):
    root = hostile_tree(tmp_path / "root", tmp_path / "outside")
    python, c = both_ways(monkeypatch, root, with_headers=True)
    assert c == python
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    runs = [subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "scan", "--json", str(root)],
                           capture_output=True, env=env | extra, check=True).stdout
            for extra in ({}, {"ASCEND_DUMP_GUI_PURE_SCAN": "1"})]
    assert runs[0] == runs[1]
    assert json.loads(runs[0]) == scanner.scan(root).to_json()


@needs_c
def test_a_large_folder_listed_ahead_gives_the_same_records(tmp_path, monkeypatch):
    for step in range(3):
        write_names(tmp_path / T / "0" / "m" / "1" / str(step),
                    [f"Add.op{i}.{i}.1.{TS + i}" for i in range(1500)] + ["junk.txt"])
    python, c = both_ways(monkeypatch, tmp_path, scanner._AHEAD_SIZE)  # the real rule: by the folder's st_size
    assert c == python and len(c["scan"]["records"]) == 4500


@needs_c
def test_cancel_and_an_abandoned_walk_with_folders_listed_ahead(tmp_path, monkeypatch):
    from ascend_dump_gui.core.progress import Cancelled, CancelToken

    for step in range(6):
        write_names(tmp_path / T / "0" / "m" / "1" / str(step), [f"Add.op{i}.{i}.1.{TS}" for i in range(50)])
    monkeypatch.setattr(walk, "WALK", BUILT)
    monkeypatch.setattr(scanner, "_AHEAD_SIZE", 0)
    token = CancelToken()
    stream = scanner.iter_folders(tmp_path, cancel=token)
    records, _ = next(stream)
    assert len(records) == 50
    token.cancel()
    with pytest.raises(Cancelled):
        next(stream)
    abandoned = scanner.iter_folders(tmp_path)
    next(abandoned)
    abandoned.close()
    assert len(scanner.scan(tmp_path).records) == 300


# Unreadable folders for real: as root, in a child that gives up root's right to read whatever the mode
# (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) before it scans.
CHILD = """
import ctypes, json, sys
if len(sys.argv) > 2:
    libc = ctypes.CDLL(None, use_errno=True)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)
    data = (ctypes.c_uint32 * 6)()
    if libc.capget(header, data) != 0:
        sys.exit(3)
    for i in (0, 1):  # effective, permitted of the first word: drop bits 1 and 2
        data[i] &= 0xFFFFFFF9
    if libc.capset(header, data) != 0:
        sys.exit(3)
from ascend_dump_gui.core.scan import scanner, walk
out = {}
for label, built in (("python", None), ("c", walk.WALK)):
    walk.WALK = built
    scanner._AHEAD_SIZE = 0
    out[label] = scanner.scan(sys.argv[1]).to_json()
    try:
        scanner.scan(sys.argv[1] + "/locked")
    except Exception as exc:
        out[label + "_root"] = str(exc)
print(json.dumps(out))
"""


@needs_c
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="folder modes as Linux applies them")
def test_unreadable_folders_and_entries_are_the_same_problems_with_the_c_listing(tmp_path):
    write_names(tmp_path / "locked", [f"Add.a.1.2.{TS}"])
    write_names(tmp_path / "no_search", [f"Add.b.1.2.{TS}"])
    (tmp_path / "no_search" / "sub").mkdir()
    write_names(tmp_path / "open", [f"Add.c.1.2.{TS}"])
    (tmp_path / "locked").chmod(0)
    (tmp_path / "no_search").chmod(0o444)   # names listed, but no lstat of them
    try:
        args = [sys.executable, "-c", CHILD, str(tmp_path)] + (["drop"] if os.geteuid() == 0 else [])
        child = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    finally:
        (tmp_path / "locked").chmod(0o755)
        (tmp_path / "no_search").chmod(0o755)
    if child.returncode == 3:
        pytest.skip("this root cannot give up its capabilities")
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout)
    assert out["c"] == out["python"]
    assert out["c_root"] == out["python_root"] and "cannot read folder: Permission denied" in out["c_root"]
    assert {p["path"]: p["message"] for p in out["c"]["problems"]} == {
        "locked": "cannot read folder: Permission denied",
        f"no_search/Add.b.1.2.{TS}": "cannot read: Permission denied",
        "no_search/sub": "cannot read: Permission denied"}
    assert [r["path"] for r in out["c"]["records"]] == [f"open/Add.c.1.2.{TS}"]


def test_the_environment_switches_the_c_listing_off():
    code = "from ascend_dump_gui.core.scan import walk; print(walk.WALK is None)"
    env = {**os.environ, "PYTHONPATH": str(REPO), "ASCEND_DUMP_GUI_PURE_SCAN": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "True"


@needs_c
def test_records_made_in_c_are_dump_records_like_the_python_ones_and_hold_no_stray_references():
    from ascend_dump_gui.core.dump.layout import DirContext
    from ascend_dump_gui.core.dump.records import _SETTERS, DumpRecord, folder_records

    files = [(f"Add.op{i}.{i}.1.{TS + i}", i) for i in range(3)] + [("Opdebug.Node_OpDebug.1.1.9", 7), ("x.txt", 1)]
    common = [split_common_form(name) for name, _ in files]
    model = "model_" + "m" * 40                      # a string of its own, to count its references
    ctx = DirContext(2, 1, T, 0, model, 11, 3, "", "iteration", ())
    before = sys.getrefcount(model)
    made, overflows, left = BUILT.records(DumpRecord, _SETTERS, files, common, "a/", (2, 1, T, 0, model, 11, 3),
                                          "Opdebug")
    assert overflows == 1 and left == [4] and made[4] is None
    assert sys.getrefcount(model) == before + 4
    python = folder_records(ctx, "a", files, {}, common)[0]         # the Python path (no build)
    assert not any(gc.is_tracked(r) for r in made[:4])       # atomic fields: out of the collector's passes
    made[3].op_type, made[3].op_name = "Add", "op1"        # records stay mutable (the Opdebug partner's fields)
    assert [type(r) for r in made[:4]] == [DumpRecord] * 4 and made[:4] == python
    del made, python
    assert sys.getrefcount(model) == before


@needs_c
@pytest.mark.parametrize("change", ["setters", "head", "common", "file", "split", "op_type"])
def test_records_refuses_arguments_of_the_wrong_shape(change):
    from ascend_dump_gui.core.dump.records import _SETTERS, DumpRecord

    files, common = [("Add.a.1.2.3", 5)], [("Add", "a", 1, 2, 3)]
    head, setters = (2, 1, T, 0, "m", 11, 3), _SETTERS
    if change == "setters":
        setters = _SETTERS[:-1] + (len,)
    elif change == "head":
        head = head[:-1]
    elif change == "common":
        common = common * 2
    elif change == "file":
        files = [("Add.a.1.2.3", 5, 0)]
    elif change == "split":
        common = [("Add", "a", 1, 2)]
    else:
        common = [(b"Add", "a", 1, 2, 3)]
    with pytest.raises((TypeError, ValueError)):
        BUILT.records(DumpRecord, setters, files, common, "", head, "Opdebug")


@needs_c
def test_the_listings_tuples_are_left_out_of_the_collectors_passes(tmp_path):
    write_names(tmp_path, [f"Add.op{i}.{i}.1.{TS}" for i in range(3)] + ["junk.txt"])
    (tmp_path / "sub").mkdir()
    files, common, rest = BUILT.list_folder(str(tmp_path))
    assert len(files) == 4 and len(rest) == 1 and common[3] is None
    assert not any(gc.is_tracked(t) for t in [*files, *common[:3], *rest])
    assert gc.is_tracked(files) and gc.is_tracked(common)     # the lists hold them: tracked as lists are


@needs_c
def test_a_record_holding_a_container_stays_with_the_collector():
    from ascend_dump_gui.core.dump.records import _SETTERS, DumpRecord

    files, common = [("Add.a.1.2.3", 5), ("Add.b.1.2.4", 6)], [("Add", "a", 1, 2, 3), ("Add", "b", 1, 2, 4)]
    plain, _, _ = BUILT.records(DumpRecord, _SETTERS, files, common, "", (2, 1, T, 0, "m", 11, 3), "Opdebug")
    odd, _, _ = BUILT.records(DumpRecord, _SETTERS, files, common, "", (2, 1, T, 0, ["m"], 11, 3), "Opdebug")
    assert [gc.is_tracked(r) for r in plain + odd] == [False, False, True, True]
