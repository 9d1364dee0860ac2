"""Memory-mapped tensors faulted in by one madvise call before the compare's passes (core/mapped_pages.py)."""

from __future__ import annotations

import mmap
import sys
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core import mapped_pages
from ascend_dump_gui.core.dump.dumpfile import map_bytes
from ascend_dump_gui.core.npy_file import map_npy


def _resident_file_bytes() -> int:
    """This process's resident file-backed memory (Linux /proc/self/status)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssFile:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no RssFile line")


def _npy(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "t.npy"
    np.save(path, np.arange(n, dtype=np.float32))
    return path


def test_the_mapping_is_found_behind_memmaps_views_and_mapped_buffers(tmp_path):
    path = _npy(tmp_path, 1000)
    array = map_npy(path)
    assert isinstance(mapped_pages._mapping(array), mmap.mmap)
    assert isinstance(mapped_pages._mapping(np.ravel(np.asarray(array))[10:]), mmap.mmap)
    assert isinstance(mapped_pages._mapping(map_bytes(path, 128, 400).view(np.float32)), mmap.mmap)
    assert mapped_pages._mapping(np.ones(10)) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="MADV_POPULATE_READ is Linux's")
def test_populate_makes_the_whole_mapping_resident(tmp_path):
    n = (mapped_pages.MIN_BYTES * 2) // 4
    path = _npy(tmp_path, n)
    x, y = map_npy(path), map_npy(path)
    before = _resident_file_bytes()
    mapped_pages.populate(np.ravel(x), y, np.ones(3))
    grown = _resident_file_bytes() - before
    assert grown >= 0.9 * 2 * n * 4, grown          # both mappings, before any element was read
    assert float(x[-1]) == n - 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="MADV_POPULATE_READ is Linux's")
def test_small_mappings_are_left_to_fault(tmp_path):
    path = _npy(tmp_path, 1 << 16)
    x = map_npy(path)
    before = _resident_file_bytes()
    mapped_pages.populate(x)
    assert _resident_file_bytes() - before < x.nbytes // 2
