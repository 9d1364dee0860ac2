"""Saving through the Configure panel keeps the replaced file's mode; a new file follows the umask."""

from __future__ import annotations

import json
import os
import stat

import pytest
from PySide6.QtWidgets import QLineEdit

from ascend_dump_gui.ui.config.panel import ConfigPanel

ACL = {"dump": {"dump_path": "/tmp/old", "dump_mode": "output", "dump_list": [{"model_name": "net"}]}}


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.fixture
def panel(qtbot, tmp_path):
    panel = ConfigPanel()
    qtbot.addWidget(panel)
    panel.where.set_cwd(tmp_path)
    panel.show()
    return panel


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("kept", [0o644, 0o640, 0o600, 0o664])
def test_save_over_an_acl_json_keeps_its_mode(panel, tmp_path, umask_022, kept):
    path = tmp_path / "acl.json"
    path.write_text(json.dumps(ACL))
    os.chmod(path, kept)
    panel.open_config(path)
    panel.form.findChild(QLineEdit, "dump_path").setText("/data/dumps")
    assert panel.save_as(str(path))
    assert json.loads(path.read_text())["dump"]["dump_path"] == "/data/dumps"
    assert mode(path) == kept
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".adg-")] == []


def test_new_files_follow_the_umask(panel, tmp_path, umask_022):
    panel.new_config("acl_json")
    assert panel.save_as(str(tmp_path / "new.json"))
    panel.export_to("shell", tmp_path / "exports.sh")
    assert mode(tmp_path / "new.json") == 0o644
    assert mode(tmp_path / "exports.sh") == 0o644
    os.umask(0o027)
    panel.export_to("project", tmp_path / "p.adg.json")
    assert mode(tmp_path / "p.adg.json") == 0o640


def test_export_over_an_existing_file_keeps_its_mode(panel, tmp_path, umask_022):
    target = tmp_path / "dump.sh"
    target.write_text("# old\n")
    os.chmod(target, 0o750)
    panel.new_config("acl_json")
    panel.export_to("shell", target)
    assert mode(target) == 0o750
    assert target.read_text() != "# old\n"
