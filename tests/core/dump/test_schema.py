"""The DumpData schema built from dump_data.proto: field numbers, byte-identical re-serialisation, and the
protobuf runtime loaded only once a message class is used."""

import struct
import subprocess
import sys
from pathlib import Path

import pytest

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


LAZY = """
import sys, threading
from ascend_dump_gui.core.dump import bigdump, dtypes, legacy, reader, schema
assert not [m for m in sys.modules if m.startswith("google")], "protobuf loaded by an import"
assert schema.DATA_TYPE_NAMES[2] == "DT_FLOAT16" and schema.FORMAT_CODES["NC1HWC0"] == 3
seen = []
threads = [threading.Thread(target=lambda: seen.append((schema.DumpData, schema.DecodeError))) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
assert len(seen) == 8 and len(set(seen)) == 1, seen
from google.protobuf.message import DecodeError
assert seen[0][1] is DecodeError and schema.DumpData(op_name="x").op_name == "x"
"""


def test_protobuf_is_loaded_on_first_use_once_for_all_threads():
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", LAZY], cwd=root, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


def test_a_name_the_schema_does_not_have_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        schema.Nothing  # noqa: B018
