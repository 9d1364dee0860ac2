"""`ascend-dump show` and `convert` (cli.md), and the streaming converter behind `convert`."""

import json
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.dump import convert as convert_mod
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.opdebug import OverflowRecord, write_opdebug
from ascend_dump_gui.core.dump.reader import read_dump

RNG = np.random.default_rng(5)


@pytest.fixture
def dumps(tmp_path):
    d = tmp_path / "dumps"
    x = RNG.standard_normal((2, 20, 3, 5)).astype(np.float16)
    write_dump(d / "Conv2D.conv.1.1.1700000000000001", op_name="net/conv", dump_time=1700000000000001,
               inputs=[TensorPayload(RNG.standard_normal((4, 3)).astype(ml_dtypes.bfloat16))],
               outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape),
                        TensorPayload(np.array([0x7E, 0xFF, 0x38], np.uint8).view(ml_dtypes.float8_e4m3fn)),
                        TensorPayload(np.array([1.0, np.nan, np.inf, -np.inf], np.float32))])
    write_opdebug(d / "Opdebug.Node_OpDebug.1.1.1700000000000002", OverflowRecord("AIV", {"task_id": 1}))
    (d / "mapping.csv").write_text("123,Conv2D.conv.1.1.1\n")
    return d, x


def test_convert_directory_restores_layouts_and_skips_non_dumps(dumps, tmp_path, capsys):
    d, x = dumps
    out = tmp_path / "out"
    assert main(["convert", str(d), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "skipped" in captured.err and "mapping.csv" in captured.err
    base = "Conv2D.conv.1.1.1700000000000001"
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([f"{base}.input.0.npy", f"{base}.output.0.npy", f"{base}.output.1.npy",
                            f"{base}.output.2.npy", "Opdebug.Node_OpDebug.1.1.1700000000000002.output.0.npy",
                            "Opdebug.Node_OpDebug.1.1.1700000000000002.output.0.json"])
    restored = np.load(out / f"{base}.output.0.npy", allow_pickle=False)
    assert restored.shape == x.shape and np.array_equal(restored, x)
    bf = np.load(out / f"{base}.input.0.npy", allow_pickle=False)
    assert bf.dtype == np.float32 and bf.shape == (4, 3)
    f8 = np.load(out / f"{base}.output.1.npy", allow_pickle=False)
    assert f8.dtype == np.float32 and np.isnan(f8[1]) and f8[0] == 448 and f8[2] == 1.0
    record = json.loads((out / "Opdebug.Node_OpDebug.1.1.1700000000000002.output.0.json").read_text())
    assert record["acc_list"]["acc_type"] == "AIV" and record["magic"] == "0x5a5a5a5a"


def test_convert_device_layout_keeps_the_raw_shape(dumps, tmp_path):
    d, x = dumps
    out = tmp_path / "dev"
    assert main(["convert", str(d / "Conv2D.conv.1.1.1700000000000001"), "--out", str(out),
                 "--layout", "device"]) == 0
    dev = np.load(out / "Conv2D.conv.1.1.1700000000000001.output.0.npy", allow_pickle=False)
    assert np.array_equal(dev, to_device(x, "NC1HWC0"))


def test_convert_exit_codes(dumps, tmp_path, capsys):
    d, _ = dumps
    assert main(["convert", str(d / "mapping.csv"), "--out", str(tmp_path / "o1")]) == 2
    assert "mapping.csv" in capsys.readouterr().err
    raw = (d / "Conv2D.conv.1.1.1700000000000001").read_bytes()
    (d / "Conv2D.conv.1.1.1700000000000001").write_bytes(raw[:-3])
    assert main(["convert", str(d), "--out", str(tmp_path / "o2")]) == 1  # a corrupt dump in the folder
    assert "truncated" in capsys.readouterr().err
    write_dump(d / "S.s.1.1.1", op_name="s", outputs=[TensorPayload(b"ab", dtype="DT_STRING", shape=(2,))])
    assert main(["convert", str(d / "S.s.1.1.1"), "--out", str(tmp_path / "o3")]) == 1
    assert "DT_STRING is not supported" in capsys.readouterr().err


def test_bad_input_gives_exit_2_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x00" * 3 + b"junk" * 10)
    for argv in (["show", str(bad)], ["convert", str(bad), "--out", str(tmp_path / "o")], ["show", str(tmp_path)]):
        result = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *argv], capture_output=True, text=True)
        assert result.returncode == 2, argv
        assert "Traceback" not in result.stderr and str(tmp_path) in result.stderr


def test_show_json_document(dumps, capsys):
    d, x = dumps
    assert main(["show", str(d / "Conv2D.conv.1.1.1700000000000001"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["op_name"], doc["version"], doc["dump_time"], doc["layout"]) == ("net/conv", "2.0",
                                                                               1700000000000001, "big")
    out0, _, out2 = doc["outputs"]
    assert out0["dtype"] == "DT_FLOAT16" and out0["format"] == "NC1HWC0"
    assert out0["shape"] == [2, 2, 3, 5, 16] and out0["original_shape"] == list(x.shape)
    assert out0["size"] == 2 * 2 * 3 * 5 * 16 * 2
    assert out0["stats"]["max"] == pytest.approx(float(x.max())) and out0["stats"]["count"] == x.size
    assert out2["stats"] == {"count": 4, "min": 1.0, "max": 1.0, "mean": 1.0, "std": 0.0, "nan": 1,
                             "pos_inf": 1, "neg_inf": 1}
    assert doc["inputs"][0]["dtype"] == "DT_BF16" and doc["buffers"] == [] and doc["workspaces"] == []


def test_show_human_output(dumps, capsys):
    d, _ = dumps
    assert main(["show", str(d / "Opdebug.Node_OpDebug.1.1.1700000000000002")]) == 0
    text = capsys.readouterr().out
    assert "Node_OpDebug" in text and "overflow record 0" in text and "AIV" in text


@pytest.mark.parametrize("fmt, shape", [("NC1HWC0", (7, 20, 3, 5)), ("NDC1HWC0", (5, 18, 2, 3, 3)),
                                        ("FRACTAL_NZ", (6, 20, 35)), ("FRACTAL_Z", (20, 18, 3, 3))])
def test_streamed_slabs_equal_the_whole_restore(tmp_path, monkeypatch, fmt, shape):
    monkeypatch.setattr(convert_mod, "SLAB_BYTES", 700)  # many slabs, and the threaded path
    x = RNG.standard_normal(shape).astype(ml_dtypes.bfloat16)
    path = write_dump(tmp_path / f"Op.s.1.1.{fmt}", op_name="s",
                      outputs=[TensorPayload(to_device(x, fmt), format=fmt, original_shape=shape)])
    tensor = read_dump(path).outputs[0]
    dest = convert_mod.write_tensor_npy(tensor, tmp_path / "out.npy")
    got = np.load(dest, allow_pickle=False)
    assert got.dtype == np.float32 and np.array_equal(got, x.astype(np.float32))
    dev = convert_mod.write_tensor_npy(tensor, tmp_path / "dev.npy", layout="device")
    assert np.array_equal(np.load(dev, allow_pickle=False), to_device(x, fmt).astype(np.float32))
