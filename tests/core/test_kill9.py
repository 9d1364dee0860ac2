"""SIGKILL in the middle of a large write leaves no partial file under a final name (only ``.adg-*.tmp``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
SHAPE = (4, 16, 512, 512)  # 32 MiB of float16 per tensor


def _temps(folder):
    return [p for p in folder.iterdir() if p.name.startswith(".adg-") and p.name.endswith(".tmp")]


def _kill_mid_write(cmd, out, attempts=3):
    """Start ``cmd``; SIGKILL it once a temporary file in ``out`` has data. True when it died mid-write."""
    for _ in range(attempts):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            if out.is_dir() and any(p.stat().st_size > 1 << 20 for p in _temps(out) if p.exists()):
                proc.send_signal(signal.SIGKILL)
                break
            time.sleep(0.001)
        proc.wait()
        if proc.returncode == -signal.SIGKILL and _temps(out):
            return True
    return False


def test_kill_during_a_large_convert(tmp_path):
    src, out = tmp_path / "dumps", tmp_path / "out"
    x = (np.arange(np.prod(SHAPE), dtype=np.int32) % 2048).astype(np.float16).reshape(SHAPE)
    dev = to_device(x, "NC1HWC0")
    for i in range(3):
        write_dump(src / f"Conv2D.c{i}.1.1.170000000000000{i}", op_name=f"c{i}",
                   outputs=[TensorPayload(dev, format="NC1HWC0", original_shape=SHAPE)])
    cmd = [sys.executable, "-m", "ascend_dump_gui.cli", "convert", str(src), "--out", str(out)]
    assert _kill_mid_write(cmd, out), "the convert always finished before it could be killed"
    finals = [p for p in out.iterdir() if p.suffix == ".npy"]
    assert len(finals) < 3
    for p in finals:  # whatever carries a final name is complete
        np.testing.assert_array_equal(np.load(p), x)
    stale = _temps(out)
    old = time.time() - 2 * 86400
    for p in stale:
        os.utime(p, (old, old))
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert _temps(out) == []  # a later convert removes temporary files older than a day
    assert sorted(p.name for p in out.iterdir()) == [f"Conv2D.c{i}.1.1.170000000000000{i}.output.0.npy"
                                                     for i in range(3)]


def test_kill_during_a_large_export_keeps_the_old_file(tmp_path):
    target = tmp_path / "tensor.npy"
    target.write_bytes(b"old export")
    script = ("import sys, numpy as np; from ascend_dump_gui.core.atomic import write_bytes_atomic; "
              "from ascend_dump_gui.core.tensor import npy_bytes; "
              "write_bytes_atomic(sys.argv[1], npy_bytes(np.ones((24, 1024, 1024), np.float32)))")
    assert _kill_mid_write([sys.executable, "-c", script, str(target)], tmp_path)
    assert target.read_bytes() == b"old export"
