"""Atomic writes: names at the file-system limit, failures leave the old file intact, modes and owners kept."""

import os
import stat
import time

import pytest

from ascend_dump_gui.core.atomic import remove_stale_temps, write_bytes_atomic, write_text_atomic
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


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize("writer", ["bytes", "stream"])
def test_replacing_keeps_the_mode_and_new_files_follow_the_umask(tmp_path, umask_022, writer):

    def write(path, data):
        if writer == "bytes":
            write_bytes_atomic(path, data)
        else:
            with atomic_output(path) as fh:
                fh.write(data)

    write(tmp_path / "new", b"1")
    assert _mode(tmp_path / "new") == 0o644
    for kept in (0o640, 0o600, 0o755, 0o444):
        os.chmod(tmp_path / "new", kept)
        write(tmp_path / "new", b"2")
        assert _mode(tmp_path / "new") == kept
    os.umask(0o077)
    write(tmp_path / "private", b"3")
    assert _mode(tmp_path / "private") == 0o600


def test_a_link_at_the_target_is_replaced_not_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x.json").symlink_to(outside)
    write_text_atomic(tmp_path / "out" / "x.json", "new")
    assert outside.read_text() == "keep"
    assert not (tmp_path / "out" / "x.json").is_symlink()


def test_stale_temps_are_removed_only_when_old(tmp_path):
    old, young, other = tmp_path / ".adg-0a.tmp", tmp_path / ".adg-0b.tmp", tmp_path / "user.tmp"
    for p in (old, young, other):
        p.write_bytes(b"x")
    past = time.time() - 2 * 86400
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    assert remove_stale_temps(tmp_path) == [old]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".adg-0b.tmp", "user.tmp"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="changing a file's owner needs root")
def test_replacing_keeps_the_owner_where_the_process_may(tmp_path):
    target = tmp_path / "acl.json"
    target.write_text("{}")
    os.chown(target, 1234, 4321)
    write_text_atomic(target, '{"dump": {}}')
    st = os.stat(target)
    assert (st.st_uid, st.st_gid) == (1234, 4321)
