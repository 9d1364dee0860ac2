"""Stats CSV (columns from the header row) and golden .npy loading."""

import math

import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.sidefiles import (
    DEFAULT_COLUMNS,
    format_number,
    load_golden,
    read_stats_csv,
    stats_row,
    write_stats_csv,
)
from ascend_dump_gui.core.errors import InputError


def test_stats_csv_round_trip_with_the_default_columns(tmp_path):
    values = np.array([[1.5, -2.0, np.nan], [np.inf, 4.25, 0.0]], np.float32)
    path = write_dump(tmp_path / "Add.a.1.1.1700000000000000", op_name="a",
                      inputs=[TensorPayload(values)], outputs=[TensorPayload(np.arange(6, dtype=np.int32))])
    dump = read_dump(path)
    rows = [stats_row(t) for t in dump.tensors()]
    csv_path = write_stats_csv(tmp_path / "Add.a.1.1.1700000000000000.csv", rows)
    lines = csv_path.read_text().splitlines()
    assert lines[0] == ",".join(DEFAULT_COLUMNS)
    assert lines[1] == "Input,0,24,DT_FLOAT,ND,2x3,4.25,-2,nan,6,1,0,1"  # NaN present -> Avg is nan
    assert lines[2] == "Output,0,24,DT_INT32,ND,6,5,0,2.5,6,0,0,0"
    back = read_stats_csv(csv_path)
    assert back[0]["Shape"] == (2, 3) and back[0]["Max Value"] == 4.25 and math.isnan(back[0]["Avg Value"])
    assert back[1]["Input/Output"] == "Output" and back[1]["Count"] == 6 and back[1]["Avg Value"] == 2.5


def test_columns_come_from_the_header_row(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("Input/Output,Index,Data Size,Data Type,Format,Shape,Count,Max Value,Min Value,l2norm\n"
                    "Input,0,8,DT_FLOAT16,NC1HWC0,1x1x2x2x16,64,NA,1e+06,12.34\n"
                    ",,,,,,\n")
    rows = read_stats_csv(path)
    assert rows[0]["l2norm"] == 12.34 and rows[0]["Max Value"] is None and rows[0]["Min Value"] == 1e6
    assert rows[0]["Shape"] == (1, 1, 2, 2, 16) and rows[0]["Format"] == "NC1HWC0"
    assert all(v is None for v in rows[1].values())  # the "unsupported" row


def test_bad_stats_csv(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("")
    with pytest.raises(InputError, match="no header row"):
        read_stats_csv(path)
    path.write_text("A,B\n1,2,3\n")
    with pytest.raises(InputError, match="line 2"):
        read_stats_csv(path)


def test_number_formatting_follows_cpp_ostream():
    assert [format_number(v) for v in (12.34, 56.78967, 1e6, 0.0001, None, 3, float("-inf"))] == \
        ["12.34", "56.7897", "1e+06", "0.0001", "NA", "3", "-inf"]


def test_golden_npy_is_memory_mapped_and_never_unpickled(tmp_path):
    arr = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.save(tmp_path / "g.npy", arr)
    got = load_golden(tmp_path / "g.npy")
    assert isinstance(got, np.memmap) and np.array_equal(got, arr)
    np.save(tmp_path / "o.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(InputError, match="o.npy"):
        load_golden(tmp_path / "o.npy")
    np.savez(tmp_path / "z.npz", a=arr)
    with pytest.raises(InputError, match="npz"):
        load_golden(tmp_path / "z.npz")
    (tmp_path / "t.npy").write_bytes(b"junk")
    with pytest.raises(InputError):
        load_golden(tmp_path / "t.npy")
