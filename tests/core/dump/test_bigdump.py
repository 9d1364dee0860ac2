"""Big-dump layout: write with our writer, read back with read_dump, for every dtype and edge case."""

import struct

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.dtypes import HIFLOAT8_TABLE, dtype_info
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.schema import DATA_TYPE_NAMES
from ascend_dump_gui.core.errors import DumpFormatError

RNG = np.random.default_rng(7)


def _sample(name: str, shape=(3, 5)) -> np.ndarray:
    info = dtype_info({v: k for k, v in DATA_TYPE_NAMES.items()}[name])
    if info.kind in ("hifloat8", "undefined"):
        return RNG.integers(0, 256, shape, dtype=np.uint8)
    if info.kind == "uint1":
        return RNG.integers(0, 2, shape, dtype=np.uint8)
    dt = info.np_dtype
    if dt.kind in "iu" or dt == np.dtype(ml_dtypes.int4):
        lo, hi = (-8, 8) if dt == np.dtype(ml_dtypes.int4) else (-100 if dt.kind == "i" else 0, 100)
        return RNG.integers(lo, hi, shape).astype(dt)
    if dt.kind == "b":
        return RNG.random(shape) > 0.5
    if dt.kind == "c":
        return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dt)
    if name == "DT_FLOAT8_E8M0":
        return (2.0 ** RNG.integers(-10, 10, shape)).astype(dt)
    return RNG.standard_normal(shape).astype(dt)


SUPPORTED = sorted(n for c, n in DATA_TYPE_NAMES.items() if dtype_info(c).supported and n != "DT_UNDEFINED")


@pytest.mark.parametrize("name", SUPPORTED)
def test_every_supported_dtype_round_trips(tmp_path, name):
    values = _sample(name)
    path = write_dump(tmp_path / f"Op.x.1.1.{1700000000000000}", op_name="x",
                      inputs=[TensorPayload(values, dtype=name)], outputs=[TensorPayload(values, dtype=name)])
    dump = read_dump(path)
    for tensor in (dump.inputs[0], dump.outputs[0]):
        assert tensor.dtype == name and tensor.shape == (3, 5)
        got = tensor.array()
        expected = HIFLOAT8_TABLE[values] if name == "DT_HIFLOAT8" else values
        assert got.shape == (3, 5)
        assert np.array_equal(got.astype(np.float64) if got.dtype.kind != "c" else got,
                              np.asarray(expected).astype(got.dtype).astype(
                                  np.float64 if got.dtype.kind != "c" else got.dtype), equal_nan=True)


def test_header_fields_and_several_tensors(tmp_path):
    a, b = RNG.standard_normal((2, 3)).astype(np.float32), RNG.integers(0, 9, (4,), dtype=np.int32)
    out = RNG.standard_normal((5,)).astype(np.float16)
    path = write_dump(tmp_path / "Add.add_1.3.4.1700000000000123", op_name="scope/add.1",
                      inputs=[TensorPayload(a, address=0x1000), TensorPayload(b)],
                      outputs=[TensorPayload(out, original_name="add_orig", original_format="NCHW")],
                      buffers=[b"L1DATA"], workspaces=[b"log text\0"], dump_time=1700000000000123)
    dump = read_dump(path)
    assert (dump.layout, dump.version, dump.op_name, dump.dump_time) == ("big", "2.0", "scope/add.1",
                                                                       1700000000000123)
    assert [t.name for t in dump.tensors()] == ["input.0", "input.1", "output.0", "buffer.0", "workspace.0"]
    assert dump.inputs[0].address == 0x1000
    assert dump.outputs[0].original_name == "add_orig" and dump.outputs[0].original_format == "NCHW"
    assert np.array_equal(dump.inputs[1].array(), b) and np.array_equal(dump.outputs[0].array(), out)
    assert dump.buffers[0].raw_bytes().tobytes() == b"L1DATA" and dump.buffers[0].kind == "L1"
    assert dump.workspaces[0].raw_bytes().tobytes() == b"log text\0" and dump.workspaces[0].kind == "LOG"
    raw = path.read_bytes()
    (h_len,) = struct.unpack_from("<Q", raw)
    assert len(raw) == 8 + h_len + a.nbytes + b.nbytes + out.nbytes + 6 + 9  # exact size, no padding


def test_scalar_and_empty_tensors(tmp_path):
    path = write_dump(tmp_path / "Edge.e.1.1.1700000000000000", op_name="e",
                      inputs=[TensorPayload(np.array(3.5, np.float32)), TensorPayload(np.zeros((0, 4), np.float16))])
    scalar, empty = read_dump(path).inputs
    assert scalar.shape == () and scalar.array().shape == () and scalar.array()[()] == 3.5
    assert empty.shape == (0, 4) and empty.nbytes == 0 and empty.array().shape == (0, 4)


def test_device_array_is_a_lazy_view(tmp_path):
    values = np.arange(1 << 16, dtype=np.float32)
    path = write_dump(tmp_path / "Big.b.1.1.1700000000000000", op_name="b", outputs=[TensorPayload(values)])
    tensor = read_dump(path).outputs[0]
    view = tensor.device_array()
    assert not view.flags.owndata and not view.flags.writeable
    assert np.array_equal(view, values)


def test_unsupported_dtype_is_listed_but_reading_it_is_an_error(tmp_path):
    path = write_dump(tmp_path / "S.s.1.1.1700000000000000", op_name="s",
                      outputs=[TensorPayload(b"abcd", dtype="DT_STRING", shape=(4,))])
    tensor = read_dump(path).outputs[0]
    assert tensor.dtype == "DT_STRING" and tensor.np_dtype is None
    with pytest.raises(DumpFormatError, match="DT_STRING is not supported"):
        tensor.array()


def test_undefined_dtype_reads_size_bytes_as_int8(tmp_path):
    path = write_dump(tmp_path / "U.u.1.1.1700000000000000", op_name="u",
                      outputs=[TensorPayload(b"\x01\x02\xff", dtype="DT_UNDEFINED", shape=(7, 7))])
    tensor = read_dump(path).outputs[0]
    assert tensor.shape == (3,) and tensor.array().tolist() == [1, 2, -1]


def test_shape_larger_than_size_is_rejected_before_reading(tmp_path):
    path = write_dump(tmp_path / "H.h.1.1.1700000000000000", op_name="h",
                      outputs=[TensorPayload(np.zeros(4, np.float32), shape=(1 << 40, 1 << 20))])
    with pytest.raises(DumpFormatError, match="needs .* bytes but its size is 16"):
        read_dump(path)
