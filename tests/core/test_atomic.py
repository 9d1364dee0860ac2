"""Atomic writes: names at the file-system limit, failures leave the old file intact."""

import pytest

from ascend_dump_gui.core.atomic import write_bytes_atomic, write_text_atomic
from ascend_dump_gui.core.dump.filewrite import atomic_output


def test_names_at_the_255_byte_limit_can_be_written(tmp_path):
    target = tmp_path / ("a" * 250 + ".json")
    write_text_atomic(target, "{}")
    with atomic_output(tmp_path / ("b" * 255)) as fh:
        fh.write(b"x")
    assert target.read_text() == "{}"
    assert (tmp_path / ("b" * 255)).read_bytes() == b"x"


def test_failed_stream_keeps_old_content_and_leaves_no_temp(tmp_path):
    target = tmp_path / "out.bin"
    write_bytes_atomic(target, b"old")
    with pytest.raises(RuntimeError), atomic_output(target) as fh:
        fh.write(b"partial")
        raise RuntimeError("disk went away")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]
