"""`ascend-dump compare x.npy y.npy` loads only what a pair of .npy files needs: the dump readers (and protobuf),
the folder scanner, the graph parser, the replay of a divergence and hashlib (OpenSSL) are imported on use (part of the compare's
speed, issue 35)."""

import subprocess
import sys

import numpy as np

CODE = """
import contextlib, io, sys
from ascend_dump_gui import cli
with contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(["compare", sys.argv[1], sys.argv[2], "--json"])
assert code == 0, code
heavy = ("ascend_dump_gui.core.dump.reader", "ascend_dump_gui.core.dump.dumpfile", "ascend_dump_gui.core.dump.graph",
         "ascend_dump_gui.core.scan.scanner", "ascend_dump_gui.core.replay.golden", "google.protobuf", "hashlib")
loaded = [m for m in heavy if m in sys.modules]
assert not loaded, loaded
"""


def test_compare_of_two_npy_files_imports_no_dump_reader(tmp_path):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(1000).astype(np.float32)
    np.save(tmp_path / "npu.npy", x)
    np.save(tmp_path / "golden.npy", x + np.float32(1e-7))       # within tolerance: no divergence to replay
    result = subprocess.run([sys.executable, "-c", CODE, str(tmp_path / "npu.npy"), str(tmp_path / "golden.npy")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
