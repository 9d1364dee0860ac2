"""``core/npy_file``: the header numpy writes is read without Python's parser (two threads parsing at once can fail
in CPython 3.11), the same as numpy reads it; unusual headers still read; sizes checked before mapping."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.npy_file import NpyFileError, map_npy, read_header, read_npy

ARRAYS = {
    "f32": np.arange(6, dtype=np.float32).reshape(2, 3),
    "f16_fortran": np.asfortranarray(np.arange(12, dtype=np.float16).reshape(3, 4)),
    "scalar": np.array(2.5),
    "empty": np.zeros((0, 4), np.int64),
    "bool": np.array([True, False]),
    "big_endian": np.arange(4, dtype=">i4"),
    "one_dim": np.arange(5, dtype=np.uint8),
}


@pytest.mark.parametrize("name", sorted(ARRAYS))
def test_numpy_headers_read_without_the_parser(tmp_path, monkeypatch, name):
    path = tmp_path / f"{name}.npy"
    np.save(path, ARRAYS[name])
    monkeypatch.setattr(ast, "literal_eval", lambda *_: pytest.fail("the usual header must not need the parser"))
    with open(path, "rb") as fh:
        shape, fortran, dtype = read_header(fh, path)
    assert (shape, dtype) == (ARRAYS[name].shape, ARRAYS[name].dtype)
    assert fortran == (ARRAYS[name].flags.f_contiguous and not ARRAYS[name].flags.c_contiguous)
    for read in (read_npy, map_npy):
        out = read(path)
        assert out.dtype == ARRAYS[name].dtype and np.array_equal(out, ARRAYS[name])


def test_structured_and_extension_dtypes_still_read(tmp_path):
    records = np.zeros(3, [("a", "<f4"), ("b", "<i4")])
    np.save(tmp_path / "rec.npy", records)
    assert read_npy(tmp_path / "rec.npy").dtype == records.dtype
    with open(tmp_path / "bf16.npy", "wb") as fh:  # ml_dtypes' bfloat16 saves as raw 2-byte void
        np.save(fh, np.ones(4, ml_dtypes.bfloat16))
    assert read_npy(tmp_path / "bf16.npy").shape == (4,)


def test_bad_files_are_messages_naming_the_file(tmp_path):
    cases = {"short.npy": b"\x93NUMPY\x01", "text.npy": b"hello world", "npz.npy": b"PK\x03\x04rest"}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
    with open(tmp_path / "huge.npy", "wb") as fh:
        np.lib.format.write_array_header_1_0(fh, {"descr": "<f8", "fortran_order": False, "shape": (1 << 50,)})
    for name in [*cases, "huge.npy"]:
        with pytest.raises(NpyFileError, match=str(tmp_path / name)):
            map_npy(tmp_path / name)
    with pytest.raises(NpyFileError, match="too big for the file"):
        read_npy(tmp_path / "huge.npy")
    np.save(tmp_path / "obj.npy", np.array([{}], dtype=object), allow_pickle=True)
    with pytest.raises(NpyFileError, match="Python objects"):
        read_npy(tmp_path / "obj.npy")


def test_many_threads_read_headers_at_once(tmp_path):
    paths = []
    for i in range(64):
        paths.append(tmp_path / f"{i}.npy")
        np.save(paths[-1], np.full((i + 1, 3), i, np.float32))
    with ThreadPoolExecutor(8) as pool:
        shapes = list(pool.map(lambda p: map_npy(p).shape, paths * 8))
    assert shapes == [(i + 1, 3) for i in range(64)] * 8
