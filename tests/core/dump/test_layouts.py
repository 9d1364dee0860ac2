"""Nano/TLV, legacy whole-protobuf, Opdebug (both record formats), FFTS+ and exception dumps."""

import json
import struct

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.legacy import write_legacy
from ascend_dump_gui.core.dump.nano import GE_TO_PROTO, write_nano
from ascend_dump_gui.core.dump.opdebug import (
    OldOverflowRecord,
    OverflowRecord,
    decode_record,
    encode_record,
    write_opdebug,
)
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.errors import DumpFormatError

RNG = np.random.default_rng(11)


def test_nano_round_trip_with_formats_and_names(tmp_path):
    a = RNG.standard_normal((2, 3)).astype(np.float32)
    x = RNG.standard_normal((1, 20, 3, 3)).astype(np.float16)
    b = RNG.standard_normal((4,)).astype(ml_dtypes.bfloat16)
    path = write_nano(tmp_path / "Mul.nano_op.30.3.1700000000000030",
                      inputs=[TensorPayload(a), TensorPayload(RNG.integers(0, 9, (5,), dtype=np.int64))],
                      outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape,
                                             original_format="NCHW", original_name="conv_origin"),
                               TensorPayload(b)])
    dump = read_dump(path)
    assert (dump.layout, dump.op_name, dump.dump_time, dump.version) == ("nano", "nano_op", 1700000000000030, "1")
    assert [t.dtype for t in dump.tensors()] == ["DT_FLOAT", "DT_INT64", "DT_FLOAT16", "DT_BF16"]
    assert np.array_equal(dump.inputs[0].array(), a)
    out = dump.outputs[0]
    assert out.format == "NC1HWC0" and out.original_name == "conv_origin"
    assert np.array_equal(out.array(), x)
    assert np.array_equal(dump.outputs[1].array(), b)


def test_nano_uses_ge_datatype_numbers(tmp_path):
    path = write_nano(tmp_path / "A.b.1.1.1700000000000000", outputs=[TensorPayload(np.ones(2, np.int32))])
    raw = path.read_bytes()
    # u64 T, magic, version, TLV(4: no inputs), TLV(5: count, first output's data_type ...)
    assert struct.unpack_from("<IIIIIII", raw, 8)[:6] == (0x5A5A5A5A, 1, 4, 4, 0, 5)
    assert struct.unpack_from("<Ii", raw, 36) == (1, 3)  # one output, ge DT_INT32 = 3 (proto would be 7)
    assert GE_TO_PROTO[3] == "DT_INT32"
    with pytest.raises(ValueError, match="no ge::DataType"):
        write_nano(tmp_path / "x", outputs=[TensorPayload(np.zeros(2, np.uint8), dtype="DT_HIFLOAT8")])


def test_nano_size_mismatch_is_reported(tmp_path):
    path = write_nano(tmp_path / "A.b.1.1.1700000000000000", inputs=[TensorPayload(np.ones(4, np.float32))])
    path.write_bytes(path.read_bytes() + b"\0")
    with pytest.raises(DumpFormatError, match="nano sizes do not add up"):
        read_dump(path)


def test_legacy_whole_protobuf_round_trip(tmp_path):
    a = RNG.standard_normal((3, 4)).astype(np.float32)
    m = RNG.standard_normal((20, 35)).astype(np.float16)
    path = write_legacy(tmp_path / "Add.legacy.1.1.1600000000000000", op_name="legacy", dump_time=5,
                        inputs=[TensorPayload(a)],
                        outputs=[TensorPayload(to_device(m, "FRACTAL_NZ"), format="FRACTAL_NZ",
                                               original_shape=m.shape)])
    dump = read_dump(path)
    assert (dump.layout, dump.version, dump.op_name, dump.dump_time) == ("legacy", "1.0", "legacy", 5)
    assert np.array_equal(dump.inputs[0].array(), a) and np.array_equal(dump.outputs[0].array(), m)


@pytest.mark.parametrize("record", [
    OverflowRecord("AIC", {"model_id": 1, "stream_id": 3, "task_id": 7, "pc_start": 0x1234, "status": 0x40}),
    OverflowRecord("AIV", {"task_id": 9, "status": (1, 2, 3, 4)}, version=1),
    OverflowRecord("AICPU", {"task_id": 2, "cpu_id": 5, "status": 1}),
    OverflowRecord("SDMA", {"task_id": 4, "src_addr": 0xAB, "dst_addr": 0xCD, "channel_id": 2}),
    OldOverflowRecord({"task_id": 1, "status": 2}, {"stream_id": 3}, {"task_id": 8, "stream_id": 2,
                                                                       "kernel_code": 0xBEEF, "status": 6}),
])
def test_overflow_records_round_trip_through_an_opdebug_file(tmp_path, record):
    path = write_opdebug(tmp_path / "Opdebug.Node_OpDebug.7.3.1700000000000021", record, record,
                         dump_time=1700000000000021)
    dump = read_dump(path)
    assert dump.layout == "opdebug" and len(dump.outputs) == 2 == len(dump.overflow)
    got = dump.overflow[0]
    assert type(got) is type(record) and got.task_id == record.task_id
    assert encode_record(got) == encode_record(record)
    json.dumps(got.as_json())  # JSON-ready


def test_overflow_record_layout_facts():
    raw = encode_record(OverflowRecord("AIC", {"task_id": 7}))
    assert struct.unpack_from("<IIIIII", raw) == (0x5A5A5A5A, 0, 1, 0, 0, 88)  # 11 u64 fields
    assert len(encode_record(OverflowRecord("AIC", {}, version=1))) == 24 + 14 * 8
    old = encode_record(OldOverflowRecord({}, {}, {"task_id": 5, "block_idx": 3}))
    assert len(old) == 2048 and struct.unpack_from("<Q", old, 256 + 16)[0] == 5
    assert struct.unpack_from("<Q", old, 1024 + 8)[0] == 3
    with pytest.raises(ValueError, match="2048"):
        decode_record(b"\1" * 100)
    with pytest.raises(ValueError, match="needs"):
        decode_record(raw[:40])


def test_corrupt_overflow_record_is_a_format_error(tmp_path):
    path = write_dump(tmp_path / "Opdebug.Node_OpDebug.1.1.1700000000000000", op_name="Node_OpDebug",
                      outputs=[TensorPayload(np.zeros(10, np.uint8))])
    with pytest.raises(DumpFormatError, match="bad overflow record"):
        read_dump(path)


def test_ffts_auto_thread_shapes_come_from_the_slices(tmp_path):
    full = RNG.standard_normal((6, 3)).astype(np.float32)
    slices = [[[{"lower": 0, "higher": 4}, {"lower": 0, "higher": 3}]],
              [[{"lower": 4, "higher": 6}, {"lower": 0, "higher": 3}]]]
    attr = json.dumps({"threadMode": 1, "slice_instance_num": 2, "input_tensor_slice": slices,
                       "output_tensor_slice": slices, "outputCutList": [[2, 1]]})
    parts = []
    for thread, (lo, hi) in enumerate(((0, 4), (4, 6))):
        part = full[lo:hi]
        path = write_dump(tmp_path / f"Add.ffts.21.3.17000000000000{thread}1.4.5.{thread}.0", op_name="ffts",
                          outputs=[TensorPayload(part, shape=full.shape)], attrs=[("ffts", attr)])
        dump = read_dump(path)
        assert dump.ffts.auto and dump.ffts.thread_id == thread and dump.outputs[0].shape == part.shape
        parts.append(dump.outputs[0].array())
    assert np.array_equal(np.concatenate(parts), full)


def test_non_ffts_attr_is_kept_without_ffts_info(tmp_path):
    path = write_dump(tmp_path / "A.a.1.1.1700000000000000", op_name="a",
                      outputs=[TensorPayload(np.ones(2, np.float32))], attrs=[("note", "not json")])
    dump = read_dump(path)
    assert dump.ffts is None and dump.attrs == {"note": "not json"}


def test_exception_dump_is_recognised_and_unknown_fields_reported(tmp_path):
    path = write_dump(tmp_path / "exception_info.2.1.20250609144925349", op_name="abs",
                      inputs=[TensorPayload(np.ones(3, np.float32))], workspaces=[b"\0" * 16])
    raw = bytearray(path.read_bytes())
    (h_len,) = struct.unpack_from("<Q", raw)
    extra = b"\x4a\x03dfx"  # field 9, length-delimited: not in the schema (like dfx_message)
    raw[8 + h_len:8 + h_len] = extra
    struct.pack_into("<Q", raw, 0, h_len + len(extra))
    path.write_bytes(bytes(raw))
    dump = read_dump(path)
    assert dump.layout == "exception" and dump.unknown_fields == (9,)
    assert np.array_equal(dump.inputs[0].array(), np.ones(3, np.float32)) and dump.workspaces[0].nbytes == 16
