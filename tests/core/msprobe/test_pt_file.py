"""The torch-free .pt reader: files written by real torch.save, our writer, refusals and fuzzing."""

from __future__ import annotations

import io
import pickle
import random
import tracemalloc
import zipfile
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.msprobe.pt_file import PtFileError, pt_bytes, read_pt, write_pt

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(("name", "expected", "grad"), [
    ("torch_transposed_f32.pt", np.arange(12, dtype=np.float32).reshape(3, 4).T, False),
    ("torch_offset_view_f32.pt", np.arange(3, 7, dtype=np.float32), False),
    ("torch_bf16.pt", (np.arange(6, dtype=np.float32) / 3).astype(ml_dtypes.bfloat16).reshape(2, 3), False),
    ("torch_bool.pt", np.array([True, False, True]), False),
    ("torch_parameter.pt", np.ones((2, 2), dtype=np.float32), True),
    ("torch_scalar_f16.pt", np.array(2.5, dtype=np.float16), False),
])
def test_reads_files_written_by_torch(name, expected, grad):
    tensor = read_pt(DATA / name)
    assert tensor.array.dtype == expected.dtype
    assert tensor.array.shape == expected.shape
    np.testing.assert_array_equal(tensor.array.astype(np.float64), expected.astype(np.float64))
    assert tensor.requires_grad is grad


@pytest.mark.parametrize("dtype", [np.float32, np.float16, ml_dtypes.bfloat16, np.int64, np.int8, np.uint8,
                                   np.bool_, np.float64, ml_dtypes.float8_e4m3fn])
@pytest.mark.parametrize("shape", [(), (0, 3), (5,), (2, 3, 4)])
def test_writer_round_trip(tmp_path, dtype, shape):
    array = (np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) % 7).astype(dtype)
    write_pt(tmp_path / "t.pt", array, requires_grad=True)
    back = read_pt(tmp_path / "t.pt")
    assert back.array.dtype == np.dtype(dtype) and back.array.shape == shape
    np.testing.assert_array_equal(back.array.astype(np.float64), array.astype(np.float64))
    assert back.requires_grad


def _crafted(module: str, name: str, args: bytes = b"(X\x02\x00\x00\x00idtR") -> bytes:
    """A .pt zip whose pickle calls ``module.name`` (what a malicious file would do)."""
    payload = b"\x80\x02c" + module.encode() + b"\n" + name.encode() + b"\n" + args + b"."
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("evil/data.pkl", payload)
        zf.writestr("evil/version", "3\n")
    return buf.getvalue()


@pytest.mark.parametrize(("module", "name"), [
    ("os", "system"), ("posix", "system"), ("builtins", "eval"), ("builtins", "exec"), ("builtins", "getattr"),
    ("subprocess", "Popen"), ("numpy.core.multiarray", "_reconstruct"), ("torch", "load"),
    ("torch._tensor", "_rebuild_from_type_v2"), ("torch_npu.utils", "os_system"), ("collections", "deque"),
])
def test_refuses_other_globals(tmp_path, module, name):
    path = tmp_path / "evil.pt"
    path.write_bytes(_crafted(module, name))
    with pytest.raises(PtFileError, match=rf"refuses to load global {module}\.{name}"):
        read_pt(path)


def test_refuses_real_pickle_of_a_callable(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("x/data.pkl", pickle.dumps(print, protocol=2))
    (tmp_path / "x.pt").write_bytes(buf.getvalue())
    with pytest.raises(PtFileError, match=r"refuses to load global .*print"):
        read_pt(tmp_path / "x.pt")


def test_clear_errors_for_non_tensor_files(tmp_path):
    (tmp_path / "legacy.pt").write_bytes(pickle.dumps({"a": 1}))
    with pytest.raises(PtFileError, match="not a zip archive"):
        read_pt(tmp_path / "legacy.pt")
    with zipfile.ZipFile(tmp_path / "nopkl.pt", "w") as zf:
        zf.writestr("a/version", "3")
    with pytest.raises(PtFileError, match="no data.pkl"):
        read_pt(tmp_path / "nopkl.pt")
    with zipfile.ZipFile(tmp_path / "dict.pt", "w") as zf:
        zf.writestr("a/data.pkl", pickle.dumps({"x": 1}, protocol=2))
    with pytest.raises(PtFileError, match="not a single tensor"):
        read_pt(tmp_path / "dict.pt")
    with pytest.raises(PtFileError, match="No such file"):
        read_pt(tmp_path / "absent.pt")


def test_missing_storage_and_out_of_range_view(tmp_path):
    good = pt_bytes(np.arange(6, dtype=np.float32).reshape(2, 3), stem="t")
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(tmp_path / "nostorage.pt", "w") as dst:
        for info in src.infolist():
            if not info.filename.endswith("data/0"):
                dst.writestr(info.filename, src.read(info.filename))
    with pytest.raises(PtFileError, match="storage record data/0 is missing"):
        read_pt(tmp_path / "nostorage.pt")
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(tmp_path / "short.pt", "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            dst.writestr(info.filename, data[:8] if info.filename.endswith("data/0") else data)
    with pytest.raises(PtFileError, match="holds 8 bytes"):
        read_pt(tmp_path / "short.pt")


def test_fuzzed_files_fail_cleanly(tmp_path):
    """Random byte flips and truncations: a PtFileError or an array, never another exception."""
    good = pt_bytes(np.linspace(-1, 1, 24, dtype=np.float32).reshape(2, 3, 4), stem="t")
    rng = random.Random(1234)
    path = tmp_path / "f.pt"
    outcomes = {"error": 0, "array": 0}
    for i in range(300):
        data = bytearray(good)
        if i % 3 == 0:
            data = data[: rng.randrange(len(data))]
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(data)) if data else 0
            if data:
                data[pos] = rng.randrange(256)
        path.write_bytes(bytes(data))
        try:
            read_pt(path)
            outcomes["array"] += 1
        except PtFileError as exc:
            assert str(path) in str(exc)
            outcomes["error"] += 1
    assert outcomes["error"] > 50


def _long(v: int) -> bytes:
    raw = v.to_bytes((v.bit_length() + 8) // 8 or 1, "little", signed=True)
    return b"\x8a" + bytes([len(raw)]) + raw


_DIMS = st.lists(st.one_of(st.integers(-2, 8), st.integers(0, 1 << 64)), max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=_DIMS, stride=_DIMS, numel=st.one_of(st.integers(-1, 64), st.integers(0, 1 << 62)),
       offset=st.integers(-1, 1 << 40), flips=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)),
                                                        max_size=3))
def test_fuzzed_pickles_are_bounded(tmp_path, size, stride, numel, offset, flips):
    """Any size / stride / storage size / offset (and flipped opcodes) in data.pkl: an array or a PtFileError,
    and never more than a few MB allocated on the way (a view is bounded by its storage before it is built)."""
    pkl = bytearray(b"".join([
        b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\n(",
        b"(X\x07\x00\x00\x00storagectorch\nFloatStorage\nX\x01\x00\x00\x000X\x03\x00\x00\x00cpu", _long(numel),
        b"tQ", _long(offset), b"(", *map(_long, size), b"t(", *map(_long, stride), b"t\x89",
        b"ccollections\nOrderedDict\n)RtR."]))
    for pos, value in flips:
        pkl[pos % len(pkl)] = value
    path = tmp_path / "fz.pt"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("a/data.pkl", bytes(pkl))
        zf.writestr("a/data/0", np.arange(16, dtype=np.float32).tobytes())
    tracemalloc.start()
    try:
        read_pt(path)
    except PtFileError as exc:
        assert str(path) in str(exc)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 80 << 20


def test_reads_a_tensor_pickled_by_torch_npu(tmp_path):
    """torch_npu pickles NPU tensors through _rebuild_npu_tensor(storage, offset, size, stride, requires_grad,
    hooks, npu_storage_info): read like any tensor (the NPU format is the device's business)."""
    from ascend_dump_gui.core.msprobe.pt_file import _pickle_tensor

    array = np.arange(6, dtype=np.float16).reshape(2, 3)
    pickle_bytes = _pickle_tensor("HalfStorage", (2, 3), False)
    npu = pickle_bytes.replace(b"torch._utils\n_rebuild_tensor_v2\n", b"torch_npu.utils.storage\n_rebuild_npu_tensor\n")
    npu = npu[: -len(b"tR.")] + b"K\x02tR."          # npu_storage_info: ACL_FORMAT 2 (ND)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("t/data.pkl", npu)
        zf.writestr("t/byteorder", "little")
        zf.writestr("t/data/0", array.tobytes())
    (tmp_path / "npu.pt").write_bytes(buf.getvalue())
    np.testing.assert_array_equal(read_pt(tmp_path / "npu.pt").array, array)
    other = npu.replace(b"_rebuild_npu_tensor", b"npu_format_cast")
    with zipfile.ZipFile(tmp_path / "other.pt", "w") as zf:
        zf.writestr("t/data.pkl", other)
    with pytest.raises(PtFileError, match="torch_npu.utils.storage.npu_format_cast"):
        read_pt(tmp_path / "other.pt")
