"""Save As proposes the name and format of the file that was opened (an opened run.env is saved as run.env)."""

from __future__ import annotations

import pytest

from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.ui.config import files
from ascend_dump_gui.ui.config.panel import ConfigPanel


@pytest.fixture
def panel(qtbot, tmp_path):
    panel = ConfigPanel()
    qtbot.addWidget(panel)
    panel.where.set_cwd(tmp_path)
    return panel


@pytest.mark.parametrize(("name", "text", "scenario"), [
    ("run.env", "export ASCEND_DUMP_PATH=/tmp/dump\n", "env"),
    ("train.sh", "export ASCEND_DUMP_PATH=/tmp/dump\n", "env"),
    ("my_dump.json", '{"dump": {"dump_path": "dump", "dump_list": []}}\n', "acl_json"),
])
def test_save_as_proposes_the_opened_name_and_format(panel, tmp_path, monkeypatch, name, text, scenario):
    opened = tmp_path / name
    opened.write_text(text, encoding="utf-8")
    panel.open_config(opened)
    assert panel.scenario == scenario
    proposed = []

    def dialog(parent, title, path, filters):
        proposed.append((path, filters))
        return str(opened), filters.split(";;")[0]

    monkeypatch.setattr(files.QFileDialog, "getSaveFileName", dialog)
    assert panel.save()
    assert proposed[0][0] == str(opened)
    assert f"*{opened.suffix}" in proposed[0][1]
    assert load_config(opened).scenario == scenario  # written back in its own format
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == [name]  # no run.sh beside run.env


def test_export_still_proposes_the_targets_suffix(panel, tmp_path, monkeypatch):
    opened = tmp_path / "run.env"
    opened.write_text("export ASCEND_DUMP_PATH=/tmp/dump\n", encoding="utf-8")
    panel.open_config(opened)
    proposed = []
    monkeypatch.setattr(files.QFileDialog, "getSaveFileName", lambda *a: (proposed.append(a[2]), ("", ""))[1])
    panel.export_dialog("project")
    assert proposed == [str(tmp_path / "run.adg.json")]
