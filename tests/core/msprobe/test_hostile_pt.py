"""Hostile ``.pt`` and ``.npy`` tensor files: every one ends in :class:`PtFileError` / a load error naming the file,
with memory bounded before allocation (bombs run in a child process under an address-space limit)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.msprobe.pt_file import PtFileError, pt_bytes, read_pt
from ascend_dump_gui.core.npy_file import NpyFileError, read_npy
from tests.core.msprobe.hostile import assert_clean, make_tree, run_cli


def _int(v: int) -> bytes:
    raw = v.to_bytes((v.bit_length() + 8) // 8 or 1, "little", signed=True)
    return b"\x8a" + bytes([len(raw)]) + raw       # LONG1: any size


def _tuple(values: tuple[int, ...]) -> bytes:
    return b"(" + b"".join(_int(v) for v in values) + b"t"


def tensor_pickle(size: tuple[int, ...], stride: tuple[int, ...], numel: int, *, tail: bytes = b"",
                  hooks: bytes = b")") -> bytes:
    """Protocol-2 opcodes of ``_rebuild_tensor_v2`` on FloatStorage '0' with any size/stride/numel; ``tail``
    runs after the rebuild (e.g. a BUILD), ``hooks``: the OrderedDict's arguments."""
    return b"".join([
        b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\n(",
        b"(X\x07\x00\x00\x00storagectorch\nFloatStorage\nX\x01\x00\x00\x000X\x03\x00\x00\x00cpu", _int(numel),
        b"tQ", _int(0), _tuple(size), _tuple(stride), b"\x89",
        b"ccollections\nOrderedDict\n", hooks, b"R", b"tR", tail, b".",
    ])


def pt_file(path: Path, pkl: bytes, storage: bytes, *, compression: int = zipfile.ZIP_STORED) -> Path:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        zf.writestr("archive/data.pkl", pkl)
        zf.writestr("archive/byteorder", "little")
        zf.writestr("archive/data/0", storage)
        zf.writestr("archive/version", "3\n")
    path.write_bytes(buf.getvalue())
    return path


def test_a_plain_file_still_reads(tmp_path):
    path = tmp_path / "ok.pt"
    path.write_bytes(pt_bytes(np.arange(6, dtype=np.float32).reshape(2, 3)))
    assert read_pt(path).array.tolist() == [[0, 1, 2], [3, 4, 5]]


def test_a_small_expanded_view_still_reads(tmp_path):
    """stride 0 over a one-element storage is a legitimate expand(); small ones are read."""
    path = pt_file(tmp_path / "x.pt", tensor_pickle((3, 4), (0, 0), 1), np.float32(7).tobytes())
    assert read_pt(path).array.tolist() == [[7.0] * 4] * 3


@pytest.mark.parametrize("size", [(1 << 34,), (1 << 17, 1 << 17), (1 << 40, 1 << 40)])
def test_stride_zero_expansion_beyond_the_storage_is_refused(tmp_path, size):
    path = pt_file(tmp_path / "bomb.pt", tensor_pickle(size, (0,) * len(size), 1), np.float32(1).tobytes())
    with pytest.raises(PtFileError, match="bomb.pt.*refused"):
        read_pt(path)


def test_storage_larger_than_the_file_is_refused(tmp_path):
    path = pt_file(tmp_path / "big.pt", tensor_pickle((1 << 40,), (1,), 1 << 40), b"\0" * 16)
    with pytest.raises(PtFileError, match="big.pt"):
        read_pt(path)


def test_compressed_bomb_is_refused_while_inflating(tmp_path):
    """2^26 zero floats compress to a few hundred KB with bzip2; the record is refused, never inflated whole."""
    n = 1 << 26
    path = pt_file(tmp_path / "bz.pt", tensor_pickle((n,), (1,), n), bytes(4 * n), compression=zipfile.ZIP_BZIP2)
    assert path.stat().st_size < 1 << 20
    with pytest.raises(PtFileError, match="bz.pt.*zip bomb"):
        read_pt(path)


def test_compressed_pickle_bomb_is_refused(tmp_path):
    path = tmp_path / "pkl.pt"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("archive/data.pkl", b"\x80\x02" + b"N" * (64 << 20) + b".")
    with pytest.raises(PtFileError, match="pkl.pt.*zip bomb"):
        read_pt(path)


def test_build_that_swaps_the_tensor_for_a_string(tmp_path):
    swap = b"}X\x05\x00\x00\x00arrayX\x03\x00\x00\x00strsb"
    path = pt_file(tmp_path / "swap.pt", tensor_pickle((1,), (1,), 1, tail=swap), np.float32(1).tobytes())
    with pytest.raises(PtFileError, match="swap.pt: holds a str"):
        read_pt(path)


def test_ordered_dict_with_hooks_names_the_file(tmp_path):
    path = pt_file(tmp_path / "hooks.pt", tensor_pickle((1,), (1,), 1, hooks=b"(K\x01tR"), np.float32(1).tobytes())
    with pytest.raises(PtFileError, match="hooks.pt: OrderedDict"):
        read_pt(path)


def test_foreign_global_is_refused(tmp_path):
    pkl = b"\x80\x02cos\nsystem\nX\x04\x00\x00\x00true\x85R."
    path = pt_file(tmp_path / "os.pt", pkl, b"")
    with pytest.raises(PtFileError, match="os.pt: refuses to load global os.system"):
        read_pt(path)


def _npy(path: Path, header: str, body: bytes = b"") -> Path:
    head = header.encode()
    pad = 64 - (10 + len(head) + 1) % 64
    path.write_bytes(b"\x93NUMPY\x01\x00" + (len(head) + pad + 1).to_bytes(2, "little") + head + b" " * pad
                     + b"\n" + body)
    return path


@pytest.mark.parametrize(("header", "match"), [
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (2251799813685248,), }", "needs"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (1024, 1024, 1024, 1024), }", "needs"),
    ("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", "objects"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", "header"),
    ("not a dict", "header"),
])
def test_hostile_npy_headers(tmp_path, header, match):
    path = _npy(tmp_path / "x.npy", header, b"\0" * 64)
    with pytest.raises(NpyFileError, match=f"x.npy.*{match}"):
        read_npy(path)


def test_npy_reads_what_numpy_writes(tmp_path):
    array = np.arange(12, dtype=np.float16).reshape(3, 4)
    np.save(tmp_path / "a.npy", array)
    np.save(tmp_path / "f.npy", np.asfortranarray(array))
    assert np.array_equal(read_npy(tmp_path / "a.npy"), array)
    assert np.array_equal(read_npy(tmp_path / "f.npy"), array)


def test_bombs_in_a_tree_are_per_row_messages_under_a_memory_limit(tmp_path):
    """The compare CLI in a child limited to 3 GiB: a stride-0 bomb and a bzip2 bomb are row messages naming
    why, never a MemoryError (the verdict of a row without data is the compare's, issue 24)."""
    npu, bench = make_tree(tmp_path / "npu"), make_tree(tmp_path / "bench")
    tensors = npu / "step0" / "rank0" / "dump_tensor_data"
    pt_file(tensors / "Functional.relu.0.forward.input.0.pt", tensor_pickle((1 << 30,), (0,), 1),
            np.float32(1).tobytes())
    n = 1 << 28
    pt_file(tensors / "Functional.relu.0.forward.output.0.pt", tensor_pickle((n,), (1,), n), bytes(4 * n),
            compression=zipfile.ZIP_BZIP2)
    proc = run_cli("compare", npu, bench, "--msprobe-mode", "all", "--json")
    assert_clean(proc)
    rows = {r["tensor"]: r for r in json.loads(proc.stdout)["rows"]}
    for name, why in (("Functional.relu.0.forward.input.0", "refused"),
                      ("Functional.relu.0.forward.output.0", "zip bomb")):
        assert why in (rows[name]["fail_reason"] or ""), rows[name]


@pytest.mark.parametrize("opcode", [b"\x96", b"\x8e", b"\x8d"])    # BYTEARRAY8, BINBYTES8, BINUNICODE8
def test_eight_byte_counts_are_refused_before_allocating(tmp_path, opcode):
    """A pickle opcode whose 8-byte count says 1 TiB: refused from the opcode walk, nothing allocated."""
    path = tmp_path / "count.pt"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("a/data.pkl", b"\x80\x02" + opcode + (1 << 40).to_bytes(8, "little") + b".")
    with pytest.raises(PtFileError, match="count.pt: damaged pickle"):
        read_pt(path)


def test_npy_header_length_of_4_gib_is_refused_before_reading(tmp_path):
    path = tmp_path / "h.npy"
    path.write_bytes(b"\x93NUMPY\x02\x00" + (0xFFFFFFF0).to_bytes(4, "little") + b"{}")
    with pytest.raises(NpyFileError, match="h.npy: not a readable .npy header"):
        read_npy(path)
