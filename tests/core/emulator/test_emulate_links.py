"""The emulator never writes through a link planted at a predictable folder under dump_path or --golden."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.safe_names import UnsafePathError

CONFIG = {"dump": {"dump_path": "dumps", "dump_mode": "output", "dump_list": [{"model_name": "overflow_fp16"}]}}


@pytest.fixture
def job(tmp_path):
    (tmp_path / "dumps").mkdir()
    (tmp_path / "target").mkdir()
    (tmp_path / "acl.json").write_text(json.dumps(CONFIG))
    return tmp_path


def _plant_link_at_the_time_folder(job):
    first = emulate(job / "acl.json", model="overflow_fp16", cwd=job)
    time_dir = next((job / "dumps").iterdir())  # the seed makes it predictable
    assert first.written and all(p.is_relative_to(time_dir) for p in first.written)
    for p in sorted(time_dir.rglob("*"), reverse=True):
        p.rmdir() if p.is_dir() else p.unlink()
    time_dir.rmdir()
    time_dir.symlink_to(job / "target")
    return time_dir


def test_a_link_at_the_time_folder_is_passed_by(job):
    """The run takes the next second's folder (a time folder already there is an earlier run's)."""
    time_dir = _plant_link_at_the_time_folder(job)
    again = emulate(job / "acl.json", model="overflow_fp16", cwd=job)
    assert again.written and not any(p.is_relative_to(time_dir) for p in again.written)
    assert list((job / "target").iterdir()) == [] and time_dir.is_symlink()


def test_a_link_at_the_time_folder_is_refused_when_no_other_time_is_free(job, capsys, monkeypatch):
    from ascend_dump_gui.core.emulator import run as run_module

    _plant_link_at_the_time_folder(job)
    monkeypatch.setattr(run_module, "MAX_LATER_S", 1)
    with pytest.raises(UnsafePathError, match="is a link inside the output folder"):
        emulate(job / "acl.json", model="overflow_fp16", cwd=job)
    assert main(["emulate", "--config", str(job / "acl.json"), "--model", "overflow_fp16", "--cwd", str(job)]) == 2
    assert "refusing to write through it" in capsys.readouterr().err
    assert list((job / "target").iterdir()) == []


def test_a_link_at_a_golden_step_folder_is_refused(job):
    (job / "golden").mkdir()
    (job / "golden" / "0").symlink_to(job / "target")
    with pytest.raises(UnsafePathError):
        emulate(job / "acl.json", model="overflow_fp16", cwd=job, golden_dir=job / "golden")
    assert list((job / "target").iterdir()) == []


def test_a_dump_path_that_is_itself_a_link_is_the_users_choice(job):
    (job / "dumps").rmdir()
    (job / "dumps").symlink_to(job / "target")
    result = emulate(job / "acl.json", model="overflow_fp16", cwd=job)
    assert result.written and any((job / "target").rglob("*"))
