"""The msprobe oracle's sample dumps read to exactly the expected arrays (checked there against msprobe)."""

import json

import numpy as np
import pytest

from ascend_dump_gui.core.dump.reader import read_dump


@pytest.fixture
def samples(shared_dir):
    root = shared_dir / "tools" / "msprobe-oracle" / "samples"
    if not root.is_dir():
        pytest.skip("oracle samples absent")
    return root


def test_every_sample_tensor_matches_its_expected_array(samples):
    manifest = json.loads((samples / "manifest.json").read_text())
    checked = 0
    for fname, info in manifest.items():
        dump = read_dump(samples / "dumps" / fname)
        tensors = {t.name: t for t in dump.tensors()}
        for key in info["tensors"]:
            expected = np.load(samples / "expected" / f"{fname}.{key}.npy", allow_pickle=False)
            got = tensors[key].array()
            if got.dtype != expected.dtype:  # bfloat16/float8 samples are stored as float32
                got = got.astype(expected.dtype)
            assert got.shape == expected.shape, (fname, key)
            assert np.array_equal(got, expected, equal_nan=True), (fname, key)
            device = samples / "expected" / f"{fname}.{key}.device.npy"
            if device.exists():
                assert np.array_equal(tensors[key].device_array(), np.load(device, allow_pickle=False))
            checked += 1
    assert checked >= 20


def test_sample_layouts_and_edge_cases(samples):
    dumps = samples / "dumps"
    assert read_dump(dumps / "Mul.nano_mul.30.3.1700000000000030").layout == "nano"
    op = read_dump(dumps / "Opdebug.Node_OpDebug.7.3.1700000000000021")
    assert op.layout == "opdebug"
    (record,) = op.overflow
    assert (record.acc_type, record.task_id, record.stream_id, record.fields["status"]) == ("AIC", 7, 3, 0x40)
    edge = read_dump(dumps / "Edge.edge_cases.20.3.1700000000000010")
    scalar, empty, no_shape = edge.inputs
    assert scalar.array().shape == () and empty.array().shape == (0, 4)
    assert no_shape.shape == (16,)  # no Shape message: the size decides (msprobe reads 1 element)
    assert edge.outputs[0].dtype == "DT_UNDEFINED" and edge.outputs[0].array().tolist() == [1, 2, 3, 4, 5]
    assert edge.buffers[0].raw_bytes().tobytes() == b"L1BUFFER"
    assert edge.workspaces[0].raw_bytes().tobytes().startswith(b"hello from aicpu")
    full = np.load(samples / "expected" / "ffts_add.full.npy", allow_pickle=False)
    threads = sorted(dumps.glob("Add.ffts_add.*"))
    parts = []
    for path in threads:
        dump = read_dump(path)
        assert dump.ffts is not None and dump.ffts.auto and dump.ffts.thread_count == 2
        parts.append(dump.outputs[0].array())
    assert np.array_equal(np.concatenate(parts), full)
