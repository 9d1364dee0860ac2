"""Configure keeps what it does not edit (acl.json sections, unknown keys, order) and greys out exports that
cannot carry the config, asking before one that leaves something out."""

from __future__ import annotations

import difflib
import stat

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.ui.config import files

ACL = """{
    "profiler": {"switch": "on", "aicpu": "on"},
    "dump": {
        "dump_path": "/data/dump",
        "dump_op_switch": "off",
        "dump_step": "0|2",
        "dump_future_option": 42,
        "dump_list": [{"model_name": "resnet"}]
    },
    "vendor": {"note": "kept"}
}
"""
OVERFLOW = """{
    "dump": {"dump_path": "/out", "dump_debug": "on"},
    "profiler": {"switch": "off"}
}
"""


def test_acl_json_edit_save_changes_only_the_edited_value(window, tmp_path):
    path = tmp_path / "acl.json"
    path.write_text(ACL)
    path.chmod(0o644)
    assert window.open_path(path)
    panel = window.config_panel
    kept = [f for f in panel.findings if f.rule in ("import.kept_sections", "import.kept_keys")]
    assert len(kept) == 2 and "profiler, vendor" in kept[0].message
    assert panel.findings_panel.item_for("import.kept_sections") is not None
    step = panel.form.findChild(QLineEdit, "dump_step")
    step.setText("3")
    step.editingFinished.emit()
    assert panel.doc.values["dump_step"] == "3"
    assert panel.save_as(path)
    changed = [line for line in difflib.unified_diff(ACL.splitlines(), path.read_text().splitlines(), lineterm="")
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == ['-        "dump_step": "0|2",', '+        "dump_step": "3",']
    assert load_config(path).values["dump_future_option"] == 42
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def export_actions(window) -> dict:
    window._fill_export()
    return {a.objectName(): a for a in window.export_menu.actions()}


def test_export_menu_greys_out_what_cannot_carry_the_config(window, tmp_path):
    path = tmp_path / "overflow.json"
    path.write_text(OVERFLOW)
    assert window.open_path(path)
    actions = export_actions(window)
    assert actions["export_tf1_python"].isEnabled() and actions["export_tf2_python"].isEnabled()
    assert actions["export_acl_json"].isEnabled() and actions["export_project"].isEnabled()
    for name in ("export_torchair_python", "export_shell"):
        assert not actions[name].isEnabled()
        assert "dump_debug" in actions[name].toolTip()
    assert "dump_debug has no PyTorch torchair equivalent" in actions["export_torchair_python"].toolTip()


def test_export_says_what_is_left_out_before_the_file_is_chosen(window, tmp_path, monkeypatch):
    path = tmp_path / "overflow.json"
    path.write_text(OVERFLOW)
    assert window.open_path(path)
    asked: list[str] = []
    seen: list[str] = []

    def choose(parent, title, start, filters):
        asked.append(start)
        return str(tmp_path / "train_npu.py"), ""
    monkeypatch.setattr(files.QFileDialog, "getSaveFileName", choose)

    def answer(button):
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox) and box.objectName() == "export_dropped"
        assert not asked   # the note comes before the file dialog
        seen.append(box.informativeText())
        box.button(button).click()

    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.Cancel))
    assert not window.config_panel.export_dialog("tf1_python")
    assert not asked and not (tmp_path / "train_npu.py").exists()

    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.Ok))
    assert window.config_panel.export_dialog("tf1_python")
    assert "profiler" in seen[-1]
    exported = load_config(tmp_path / "train_npu.py")
    assert exported.values == {"dump_path": "/out", "enable_dump_debug": True}


def test_preview_says_what_a_form_leaves_out(window, tmp_path):
    path = tmp_path / "overflow.json"
    path.write_text(OVERFLOW)
    assert window.open_path(path)
    preview = window.config_panel.preview
    assert preview.note.isHidden() and '"profiler"' in preview.text.toPlainText()
    preview.select("tf1_python")
    assert not preview.note.isHidden() and "profiler" in preview.note.text()
    assert "enable_dump_debug" in preview.text.toPlainText()
    preview.select("torchair_python")
    assert "dump_debug has no PyTorch torchair equivalent" in preview.note.text() and not preview.text.toPlainText()
