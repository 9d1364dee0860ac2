"""convert restores big blocked-format tensors slab by slab, each slab's rows split over threads: the file
written is the original array exactly."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.dump import convert
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.convert import convert_paths
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.reader import read_dump


@pytest.mark.parametrize(("fmt", "shape", "original_format", "streamed"), [
    ("NC1HWC0", (7, 20, 9, 11), None, True), ("NDC1HWC0", (5, 3, 18, 4, 6), None, True),
    ("NC1HWC0", (9, 7, 20, 5), "HWCN", True), ("NC1HWC0", (37, 6, 5, 3), "CHWN", True),
    ("NC1HWC0", (5, 9, 11, 20), "NHWC", True), ("NDC1HWC0", (6, 5, 4, 3, 18), "DHWCN", True),
    ("FRACTAL_Z", (37, 20, 3, 5), None, True), ("FRACTAL_Z", (3, 5, 20, 37), "HWCN", False),
    ("FRACTAL_Z_3D", (35, 18, 2, 3, 4), None, True), ("C1HWNCoC0", (9, 7, 20, 5), "HWCN", True),
    ("FRACTAL_NZ", (300, 45), None, True), ("FRACTAL_NZ", (3, 2, 200, 33), None, True),
    ("FRACTAL_NZ", (90, 17, 9), None, True), ("FRACTAL_NZ", (1000,), None, False)])
def test_slab_wise_threaded_restore_gives_the_original(tmp_path, monkeypatch, fmt, shape, original_format, streamed):
    """Rows of the first original axis (blocked or not; a FRACTAL_NZ's matrices one after another, by rows, or whole
    matrices per slab when small) come slab by slab; a partial last block is cut; the file is the original."""
    monkeypatch.setattr(convert, "SLAB_BYTES", 1 << 12)     # many slabs of several rows (blocks) each
    original = np.random.default_rng(0).standard_normal(shape).astype(np.float16)
    src = tmp_path / "Conv2D.conv.1.1.1700000000000000"
    write_dump(src, op_name="conv", outputs=[TensorPayload(to_device(original, fmt, original_format=original_format),
                                                           format=fmt, original_shape=shape,
                                                           original_format=original_format)])
    tensor = read_dump(src).outputs[0]
    assert (convert._row_blocks(tensor) is not None) == streamed
    slabs = [s.copy() for s in convert.iter_slabs(tensor, "original", np.dtype(np.float16))]
    assert len(slabs) > 1 or not streamed
    report = convert_paths([src], tmp_path / "out")
    assert not report.errors and len(report.written) == 1
    np.testing.assert_array_equal(np.load(report.written[0]), original)
    np.testing.assert_array_equal(np.concatenate([s.reshape(-1) for s in slabs]), original.reshape(-1))


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
