"""The DumpData schema built from dump_data.proto: field numbers and byte-identical re-serialisation."""

import struct

from ascend_dump_gui.core.dump import schema


def _numbers(message: str) -> dict[str, int]:
    desc = schema.FILE_DESCRIPTOR
    msg = next(m for m in desc.message_type if m.name == message)
    return {f.name: f.number for f in msg.field}


def test_field_numbers_follow_the_spec():
    assert _numbers("DumpData") == {"version": 1, "dump_time": 2, "output": 3, "input": 4, "buffer": 5,
                                    "op_name": 6, "attr": 7, "space": 8}
    assert _numbers("OpOutput")["original_shape"] == 7 and _numbers("OpOutput")["offset"] == 11
    assert _numbers("OpInput")["size"] == 5 and _numbers("OpInput")["address"] == 8
    assert schema.DATA_TYPE_NAMES[27] == "DT_BF16" and schema.DATA_TYPE_NAMES[33] == "DT_HIFLOAT8"
    assert schema.FORMAT_NAMES[29] == "FRACTAL_NZ" and schema.FORMAT_NAMES[25] == "C1HWNCoC0"


def test_oracle_headers_reserialise_byte_for_byte(shared_dir):
    dumps = shared_dir / "tools" / "msprobe-oracle" / "samples" / "dumps"
    checked = 0
    for path in sorted(dumps.iterdir()):
        raw = path.read_bytes()
        (h_len,) = struct.unpack_from("<Q", raw)
        if raw[8:12] == b"ZZZZ":  # nano
            continue
        msg = schema.DumpData()
        msg.ParseFromString(raw[8:8 + h_len])
        assert msg.SerializeToString() == raw[8:8 + h_len], path.name
        checked += 1
    assert checked >= 10
