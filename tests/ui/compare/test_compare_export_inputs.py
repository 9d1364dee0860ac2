"""The app's compare export never replaces a file the comparison read (a link at the name is replaced)."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.progress import CancelToken, no_progress
from ascend_dump_gui.core.safe_names import UnsafePathError
from ascend_dump_gui.ui.compare.panel import _export


def test_export_over_a_compared_file_is_refused(tmp_path):
    npu, golden = tmp_path / "npu.npy", tmp_path / "golden.npy"
    np.save(npu, np.ones(3, np.float32))
    np.save(golden, np.ones(3, np.float32))
    result = compare(npu, golden)
    before = golden.read_bytes()
    with pytest.raises(UnsafePathError, match="one of the compared files"):
        _export(result, str(golden), progress=no_progress, cancel=CancelToken())
    link = tmp_path / "result.csv"
    link.symlink_to(golden)  # a link at the chosen name is replaced, not written through
    assert _export(result, str(link), progress=no_progress, cancel=CancelToken()) == str(link)
    assert golden.read_bytes() == before and not link.is_symlink()
