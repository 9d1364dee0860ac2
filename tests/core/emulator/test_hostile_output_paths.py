"""Hostile output paths: the emulator writes only under its working folder (--cwd, or the folder the app chose).

An absolute or ``../`` dump path (from the config or the environment) is re-rooted under the working folder with a
note; a link on the way that leads out of it is refused (exit 2) and nothing is written through it.
"""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.emulator.confine import confine
from ascend_dump_gui.core.safe_names import UnsafePathError


@pytest.fixture
def job(tmp_path):
    (tmp_path / "job").mkdir()
    (tmp_path / "outside").mkdir()
    return tmp_path


def _acl(job, dump_path: str) -> str:
    config = job / "job" / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": dump_path, "dump_mode": "output",
                                           "dump_list": [{"model_name": "overflow_fp16"}]}}))
    return str(config)


def _files(folder):
    return sorted(p for p in folder.rglob("*") if p.is_file())


def _cli(job, config, *extra):
    return main(["emulate", "--config", config, "--model", "overflow_fp16", "--cwd", str(job / "job"), *extra])


def test_an_absolute_dump_path_is_rerooted_under_cwd_with_a_note(job, capsys):
    outside = job / "outside"
    assert _cli(job, _acl(job, str(outside))) == 0
    assert _files(outside) == []
    rerooted = job / "job" / outside.relative_to("/")
    assert _files(rerooted)
    err = capsys.readouterr().err
    assert f"{outside} is outside the emulator's working folder" in err and str(rerooted) in err


def test_a_dotdot_dump_path_is_rerooted(job, capsys):
    result = emulate(_acl(job, "../outside"), model="overflow_fp16", cwd=job / "job")
    assert _files(job / "outside") == []
    assert result.written and all(p.is_relative_to(job / "job") for p in result.written)
    assert any("outside the emulator's working folder" in w for w in result.warnings)


def test_a_missing_runtime_folder_is_refused_naming_the_configs_path(job, capsys):
    assert _cli(job, _acl(job, "/no/such/folder/for/dumps")) == 1
    assert "/no/such/folder/for/dumps does not exist" in capsys.readouterr().err
    assert not (job / "job" / "no").exists()


def test_a_link_named_like_the_dump_folder_is_refused_with_exit_2(job, capsys):
    (job / "job" / "dumps").symlink_to(job / "outside")
    assert _cli(job, _acl(job, "dumps")) == 2
    assert "leads out of the emulator's working folder" in capsys.readouterr().err
    assert _files(job / "outside") == []


def test_a_link_in_the_middle_of_the_path_is_refused(job):
    (job / "job" / "a").symlink_to(job / "outside")
    (job / "outside" / "b").mkdir()
    with pytest.raises(UnsafePathError, match="leads out"):
        emulate(_acl(job, "a/b"), model="overflow_fp16", cwd=job / "job")
    assert _files(job / "outside") == []


def test_a_link_that_stays_inside_cwd_is_the_users_arrangement(job):
    (job / "job" / "real").mkdir()
    (job / "job" / "dumps").symlink_to(job / "job" / "real")
    assert emulate(_acl(job, "dumps"), model="overflow_fp16", cwd=job / "job").written
    assert _files(job / "job" / "real")


def test_environment_paths_are_rerooted_too(job, capsys):
    env_file = job / "job" / "run.env"
    env_file.write_text(f"export NPU_COLLECT_PATH={job / 'outside'}\n")
    (job / "job" / "dumps").mkdir()
    assert _cli(job, _acl(job, "dumps"), "--env", str(env_file), "--fault", "aicore_error") == 0
    assert _files(job / "outside") == []
    assert _files(job / "job" / (job / "outside").relative_to("/"))      # the exception dump, re-rooted
    assert "exception_dump (NPU_COLLECT_PATH)" in capsys.readouterr().err


def test_msprobe_dump_path_is_rerooted(job):
    config = job / "job" / "config.json"
    config.write_text(json.dumps({"task": "statistics", "level": "L1", "dump_path": str(job / "outside"),
                                  "step": [0], "rank": []}))
    result = emulate(config, model="mlp", cwd=job / "job")
    assert _files(job / "outside") == []
    assert result.written and all(p.is_relative_to(job / "job") for p in result.written)


@pytest.mark.parametrize("path", ["/", "/..", "../../..", "a/../../x", "./../x/./y"])
def test_confine_keeps_any_path_under_cwd(job, path):
    where = confine(path, job / "job")
    assert where.path.is_relative_to(job / "job")
