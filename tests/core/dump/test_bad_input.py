"""Bad input: every failure is a DumpFormatError naming the file and the problem, found before allocating."""

import os
import struct
import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump.bigdump import TensorPayload, encode_dump, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.nano import write_nano
from ascend_dump_gui.core.dump.reader import NotADumpError, read_dump
from ascend_dump_gui.core.errors import DumpFormatError


@pytest.fixture
def good(tmp_path):
    x = np.arange(40, dtype=np.float16).reshape(1, 40, 1, 1)
    return write_dump(tmp_path / "Conv.good.1.1.1700000000000000", op_name="good",
                      inputs=[TensorPayload(np.arange(6, dtype=np.float32))],
                      outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)])


def _expect(path, pattern, cls=DumpFormatError):
    with pytest.raises(cls, match=pattern) as info:
        read_dump(path)
    assert str(path) in str(info.value)


def test_zero_length_and_tiny_files(tmp_path):
    (tmp_path / "empty").write_bytes(b"")
    _expect(tmp_path / "empty", "empty file", NotADumpError)
    (tmp_path / "tiny").write_bytes(b"\x01\x02\x03")
    _expect(tmp_path / "tiny", "too short", NotADumpError)


def test_directory_missing_file_and_fifo(tmp_path):
    _expect(tmp_path, "is a directory")
    _expect(tmp_path / "nope", "cannot read")
    os.mkfifo(tmp_path / "fifo")
    _expect(tmp_path / "fifo", "not a regular file")


def test_truncated_data_and_header(good):
    raw = good.read_bytes()
    good.write_bytes(raw[:-5])
    _expect(good, r"truncated or inconsistent: output\.0 declares")
    good.write_bytes(raw[:20])
    _expect(good, "header length of .* but the file has 20 bytes", NotADumpError)


def test_absurd_header_length(good):
    raw = bytearray(good.read_bytes())
    struct.pack_into("<Q", raw, 0, 1 << 63)
    good.write_bytes(bytes(raw))
    _expect(good, "header length of 9223372036854775808", NotADumpError)


def test_huge_header_length_within_a_sparse_file_is_not_read(tmp_path):
    path = tmp_path / "sparse"
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", 300 << 20))
    os.truncate(path, (300 << 20) + 100)  # sparse: no disk used
    _expect(path, "implausibly large")


def test_sizes_that_do_not_add_up(tmp_path):
    head, payloads = encode_dump(op_name="x", outputs=[TensorPayload(np.zeros(4, np.float32))])
    path = tmp_path / "short"
    path.write_bytes(head + payloads[0].tobytes()[:10])
    _expect(path, "declares 16 bytes")


def test_header_that_is_not_protobuf(tmp_path):
    path = tmp_path / "garbage"
    path.write_bytes(struct.pack("<Q", 4) + b"\xff\xff\xff\xff" + b"rest")
    _expect(path, "not a valid DumpData protobuf")


def test_random_bytes_and_other_files(tmp_path):
    path = tmp_path / "random"
    path.write_bytes(np.random.default_rng(1).integers(0, 256, 4096, dtype=np.uint8).tobytes())
    _expect(path, "not a dump file", NotADumpError)
    npy = tmp_path / "a.npy"
    np.save(npy, np.ones(3))
    _expect(npy, "not a dump file", NotADumpError)


def test_huge_declared_dims_are_rejected_without_allocating(tmp_path):
    head, payloads = encode_dump(op_name="x", outputs=[
        TensorPayload(np.zeros(4, np.float32), shape=(1 << 30, 1 << 30, 1 << 30))])
    path = tmp_path / "dims"
    path.write_bytes(head + payloads[0].tobytes())
    tracemalloc.start()
    try:
        _expect(path, "needs .* bytes but its size is 16")
        assert tracemalloc.get_traced_memory()[1] < 1 << 20
    finally:
        tracemalloc.stop()
    head, payloads = encode_dump(op_name="x", outputs=[TensorPayload(np.zeros(0, np.float32), shape=(0, 1 << 60))])
    path.write_bytes(head)
    _expect(path, "implausible shape")


def test_original_shape_that_does_not_fit_the_device_data(tmp_path):
    x = np.ones((1, 20, 2, 2), np.float16)
    path = write_dump(tmp_path / "C.c.1.1.1700000000000000", op_name="c",
                      outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0",
                                             original_shape=(1 << 20, 20, 2, 2))])
    tensor = read_dump(path).outputs[0]
    with pytest.raises(DumpFormatError, match="cannot restore NC1HWC0"):
        tensor.array()


def test_nano_truncated_head(tmp_path):
    path = write_nano(tmp_path / "A.n.1.1.1700000000000000", inputs=[TensorPayload(np.ones(3, np.float32))])
    raw = path.read_bytes()
    (t_len,) = struct.unpack_from("<Q", raw)
    path.write_bytes(raw[:8 + t_len - 10])
    _expect(path, "nano head length .* exceeds the file size")


def _mutate(raw: bytes, ops) -> bytes:
    data = bytearray(raw)
    for kind, pos, value in ops:
        if not data:
            break
        i = pos % len(data)
        if kind == 0:
            data[i] = value
        elif kind == 1:
            del data[i:]
        elif kind == 2:
            data.insert(i, value)
        else:
            del data[i]
    return bytes(data)


_OPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 1 << 16), st.integers(0, 255)), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS, which=st.sampled_from(["big", "nano"]))
def test_fuzzed_files_only_ever_raise_dump_format_error(tmp_path, ops, which):
    src = tmp_path / f"src_{which}"
    if not src.exists():
        x = np.arange(40, dtype=np.float16).reshape(1, 40, 1, 1)
        if which == "big":
            write_dump(src, op_name="f", inputs=[TensorPayload(np.arange(6, dtype=np.float32))],
                       outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)])
        else:
            write_nano(src, inputs=[TensorPayload(np.arange(6, dtype=np.float32))],
                       outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape)])
    path = tmp_path / "Op.fuzz.1.1.1700000000000000"
    path.write_bytes(_mutate(src.read_bytes(), ops))
    try:
        dump = read_dump(path)
    except DumpFormatError as exc:
        assert str(path) in str(exc)
        return
    for tensor in dump.tensors():
        try:
            tensor.array()
            tensor.stats()
        except DumpFormatError:
            pass
