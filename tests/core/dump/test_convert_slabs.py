"""convert restores big NC1HWC0/NDC1HWC0 tensors slab by slab, each slab's rows split over threads: the file
written is the original array exactly."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.dump import convert
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.convert import convert_paths
from ascend_dump_gui.core.dump.device_formats import to_device


@pytest.mark.parametrize(("fmt", "shape"), [("NC1HWC0", (7, 20, 9, 11)), ("NDC1HWC0", (5, 3, 18, 4, 6))])
def test_slab_wise_threaded_restore_gives_the_original(tmp_path, monkeypatch, fmt, shape):
    monkeypatch.setattr(convert, "SLAB_BYTES", 1 << 15)     # many slabs of several rows each
    original = np.random.default_rng(0).standard_normal(shape).astype(np.float16)
    src = tmp_path / "Conv2D.conv.1.1.1700000000000000"
    write_dump(src, op_name="conv", outputs=[TensorPayload(to_device(original, fmt), format=fmt,
                                                           original_shape=shape)])
    report = convert_paths([src], tmp_path / "out")
    assert not report.errors and len(report.written) == 1
    np.testing.assert_array_equal(np.load(report.written[0]), original)


def test_big_output_is_flushed_while_written_and_still_exact(tmp_path, monkeypatch):
    """Every FLUSH_BYTES written, the output starts going to disk in the background; the file is still exactly the
    original, with no temporary file left behind."""
    monkeypatch.setattr(convert, "SLAB_BYTES", 1 << 15)
    monkeypatch.setattr(convert, "FLUSH_BYTES", 1 << 16)
    flushed: list[int] = []
    real = convert._datasync
    monkeypatch.setattr(convert, "_datasync", lambda fd: (flushed.append(fd), real(fd)))
    shape = (40, 20, 9, 11)
    original = np.random.default_rng(1).standard_normal(shape).astype(np.float16)
    src = tmp_path / "Conv2D.conv.1.1.1700000000000000"
    write_dump(src, op_name="conv", outputs=[TensorPayload(to_device(original, "NC1HWC0"), format="NC1HWC0",
                                                           original_shape=shape)])
    report = convert_paths([src], tmp_path / "out")
    assert not report.errors and len(report.written) == 1
    assert flushed      # 40 x 3960 bytes restored in 32 KiB slabs: flushes started along the way
    np.testing.assert_array_equal(np.load(report.written[0]), original)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [report.written[0].name]
