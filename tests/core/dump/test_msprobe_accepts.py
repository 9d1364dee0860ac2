"""Files our writers make are read by Huawei's msprobe 26.2.0 parser to the same values we read.

Runs msprobe (via the oracle's harness, in the oracle venv) as a subprocess; skipped when the venv or
the oracle folder is absent. Known msprobe quirks (dump-format.md §9) are the only allowed differences.
"""

import json
import os
import subprocess
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.nano import write_nano
from ascend_dump_gui.core.dump.opdebug import OverflowRecord, write_opdebug
from ascend_dump_gui.core.dump.reader import read_dump

ORACLE_PY = Path(os.environ.get("ORACLE_VENV", "/work/oracle-venv")) / "bin" / "python"

CHILD = r"""
import contextlib, io, json, os, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import msprobe_harness  # noqa: F401  (msaccucmp on sys.path, fake libascend_dump_parser installed)
from dump_parse import dump_utils
from dump_parse.dump_data_parser import OpDebugInfoParser
from conversion.tensor_conversion import ConvertSingleTensorFormat
src, out = sys.argv[2], sys.argv[3]
report = {}
for name in sorted(os.listdir(src)):
    obj = dump_utils.parse_dump_file(os.path.join(src, name), 2)
    entry, arrays = {}, {}
    for role, items in (("input", obj.input_data), ("output", obj.output_data)):
        for t in items:
            key = "%s.%d" % (role, t.index)
            arrays[key] = np.asarray(t.data)
            entry[key] = {"shape": [int(d) for d in t.shape], "data_type": int(t.data_type)}
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    arrays[key + ".restored"] = np.asarray(ConvertSingleTensorFormat()(t))
            except Exception as exc:  # noqa: BLE001
                entry[key]["restore_error"] = repr(exc)
    if name.startswith("Opdebug."):
        entry["records"] = [OpDebugInfoParser(np.asarray(t.data).astype(np.uint8).tobytes())
                            .parse_op_debug_new_version() for t in obj.output_data]
    np.savez(os.path.join(out, name + ".npz"), **arrays)
    report[name] = entry
with open(os.path.join(out, "report.json"), "w") as fh:
    json.dump(report, fh)
"""

RNG = np.random.default_rng(2024)
PLAIN = [np.float32, np.float16, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint32,
         np.uint64, np.bool_, np.float64, np.complex64, np.complex128, ml_dtypes.bfloat16]


def _write_cases(d: Path) -> None:
    ts = 1700000000000000
    plain = [TensorPayload((RNG.standard_normal((3, 4)) * 50).astype(t)) for t in PLAIN]
    write_dump(d / f"Mix.all_dtypes.1.3.{ts + 1}", op_name="scope/all.dtypes", dump_time=ts + 1,
               inputs=plain[:8], outputs=plain[8:])
    codes = np.arange(256, dtype=np.uint8)
    write_dump(d / f"Quant.low_bits.2.3.{ts + 2}", op_name="low_bits", dump_time=ts + 2,
               outputs=[TensorPayload(codes, dtype="DT_HIFLOAT8"),
                        TensorPayload(codes.view(ml_dtypes.float8_e4m3fn)),
                        TensorPayload(codes.view(ml_dtypes.float8_e5m2)),
                        TensorPayload(RNG.integers(0, 2, 16, dtype=np.uint8), dtype="DT_UINT1")])
    x = RNG.standard_normal((2, 20, 3, 5)).astype(np.float16)
    m = RNG.standard_normal((3, 20, 35)).astype(np.float16)
    w = RNG.standard_normal((20, 18, 3, 3)).astype(np.float16)
    v = RNG.standard_normal((1, 20, 2, 3, 3)).astype(np.float16)
    write_dump(d / f"Conv2D.formats.3.3.{ts + 3}", op_name="formats", dump_time=ts + 3,
               inputs=[TensorPayload(to_device(w, "FRACTAL_Z"), format="FRACTAL_Z", original_shape=w.shape)],
               outputs=[TensorPayload(to_device(x, "NC1HWC0"), format="NC1HWC0", original_shape=x.shape),
                        TensorPayload(to_device(m, "FRACTAL_NZ"), format="FRACTAL_NZ", original_shape=m.shape),
                        TensorPayload(to_device(v, "NDC1HWC0"), format="NDC1HWC0", original_shape=v.shape)])
    write_dump(d / f"Edge.edges.4.3.{ts + 4}", op_name="edges", dump_time=ts + 4,
               inputs=[TensorPayload(np.array(2.5, np.float32)), TensorPayload(np.zeros((0, 3), np.float32))],
               outputs=[TensorPayload(b"\x05\x06\x07", dtype="DT_UNDEFINED", shape=(3,))],
               buffers=[b"L1"], workspaces=[b"log\0"])
    write_nano(d / f"Mul.nano.5.3.{ts + 5}", inputs=[TensorPayload(RNG.standard_normal((2, 3)).astype(np.float32))],
               outputs=[TensorPayload(RNG.standard_normal((4,)).astype(np.float16), original_name="mul")])
    write_opdebug(d / f"Opdebug.Node_OpDebug.6.3.{ts + 6}",
                  OverflowRecord("AIC", {"model_id": 1, "stream_id": 3, "task_id": 6, "pc_start": 0xABC,
                                         "para_base": 0x10, "core_id": 2, "status": 0x40}),
                  OverflowRecord("SDMA", {"task_id": 6, "src_addr": 1, "dst_addr": 2, "status": 1}),
                  dump_time=ts + 6)


@pytest.fixture
def msprobe_results(shared_dir, tmp_path):
    oracle = shared_dir / "tools" / "msprobe-oracle"
    if not ORACLE_PY.exists() or not (oracle / "msprobe_harness.py").exists():
        pytest.skip("msprobe oracle venv not available")
    src, out = tmp_path / "dumps", tmp_path / "msprobe"
    src.mkdir()
    out.mkdir()
    _write_cases(src)
    env = dict(os.environ, ORACLE_FAKE_LIB_DIR=str(tmp_path / "fake_lib"))
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([str(ORACLE_PY), "-c", CHILD, str(oracle), str(src), str(out)], capture_output=True,
                          text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return src, out, json.loads((out / "report.json").read_text())


def test_msprobe_reads_our_files_to_our_values(msprobe_results):
    src, out, report = msprobe_results
    assert len(report) == 6
    for name, entry in report.items():
        ours = read_dump(src / name)
        theirs = np.load(out / f"{name}.npz", allow_pickle=False)
        for tensor in (*ours.inputs, *ours.outputs):
            got = theirs[tensor.name]
            assert entry[tensor.name]["data_type"] == tensor.info.code
            mine = tensor.device_array().reshape(-1)
            if tensor.dtype in ("DT_FLOAT8_E4M3FN", "DT_FLOAT8_E5M2"):  # msprobe's own FP8 decoder
                mine = mine.astype(np.float64)
                differ = np.flatnonzero(~((mine == got) | (np.isnan(mine) & np.isnan(got))))
                quirks = {0x7F, 0xFF} if tensor.dtype == "DT_FLOAT8_E4M3FN" else {0xFC}
                assert set(differ.tolist()) == quirks, (name, tensor.name)
                continue
            if tensor.dtype == "DT_BF16":
                mine = mine.astype(np.float32)
            if tensor.count == 0:
                assert got.size == 0
                continue
            assert got.size == mine.size and np.array_equal(got.astype(mine.dtype), mine, equal_nan=True), \
                (name, tensor.name)


def test_msprobe_restores_our_device_layouts_like_we_do(msprobe_results):
    src, out, report = msprobe_results
    name = "Conv2D.formats.3.3.1700000000000003"
    theirs = np.load(out / f"{name}.npz", allow_pickle=False)
    ours = read_dump(src / name)
    for tensor in (ours.inputs[0], ours.outputs[0], ours.outputs[1]):  # FRACTAL_Z, NC1HWC0, FRACTAL_NZ
        assert np.array_equal(theirs[f"{tensor.name}.restored"], tensor.array()), tensor.format
    assert ours.outputs[2].array().shape == (1, 20, 2, 3, 3)  # msprobe keeps NDC1HWC0 (documented quirk)


def test_msprobe_decodes_our_overflow_records(msprobe_results):
    src, _, report = msprobe_results
    name = "Opdebug.Node_OpDebug.6.3.1700000000000006"
    ours = read_dump(src / name).overflow
    assert report[name]["records"] == [r.as_json() for r in ours]
