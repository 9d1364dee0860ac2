"""Configs read from a training script: Save never writes the script; "Apply to script" patches lines, undoably."""

from __future__ import annotations

import shutil
import stat

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QLineEdit, QMessageBox

from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.config import files
from ascend_dump_gui.ui.config.panel import ConfigPanel
from ascend_dump_gui.ui.config.script_apply import ScriptApplyDialog

SCRIPT = "0012_lstm_architecture.py"


@pytest.fixture
def script(shared_dir, tmp_path):
    source = shared_dir / "real-world" / "scripts" / SCRIPT
    if not source.is_file():
        pytest.skip(f"{SCRIPT} is not in ../shared/real-world/scripts")
    copy = tmp_path / SCRIPT
    shutil.copyfile(source, copy)
    copy.chmod(0o640)
    return copy


@pytest.fixture
def panel(qtbot, tmp_path):
    panel = ConfigPanel()
    qtbot.addWidget(panel)
    panel.where.set_cwd(tmp_path)
    panel.resize(1200, 800)
    panel.show()
    return panel


def dump_run(qtbot, panel) -> None:
    """Evaluate the opened script as started with --data_dump_flag 1 (its dump lines sit under that switch)."""
    panel.script_panel.args_line.setText("--data_dump_flag 1")
    panel.script_panel.args_line.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.doc.values.get("dump_mode") == "all", timeout=10_000)


def set_choice(panel, key: str, value: str) -> None:
    box = panel.form.findChild(QComboBox, key)
    box.setCurrentIndex(box.findData(value))
    assert panel.doc.values[key] == value


def test_save_writes_a_companion_file_and_never_the_script(qtbot, panel, script, monkeypatch):
    original = script.read_bytes()
    panel.open_config(script)
    assert panel.script == script and panel.apply_script_button.isVisibleTo(panel)
    dump_run(qtbot, panel)
    set_choice(panel, "dump_mode", "output")
    proposed = []

    def dialog(parent, title, start, filters):
        proposed.append(start)
        return start, ""
    monkeypatch.setattr(files.QFileDialog, "getSaveFileName", dialog)
    assert panel.save()
    companion = script.with_name("0012_lstm_architecture.dump.adg.json")
    assert proposed == [str(companion)]
    assert script.read_bytes() == original
    assert load_config(companion).values["dump_mode"] == "output"
    assert not panel.is_dirty

    with pytest.raises(DumpError, match="training script"):
        panel.save_as(script)
    with pytest.raises(DumpError, match="training script"):
        panel.export_to("tf1_python", script)
    assert script.read_bytes() == original


def test_export_dialog_does_not_propose_the_script(panel, script, monkeypatch):
    panel.open_config(script)
    proposed = []
    monkeypatch.setattr(files.QFileDialog, "getSaveFileName", lambda *a: (proposed.append(a[2]), ("", ""))[1])
    assert not panel.export_dialog("tf1_python")
    assert proposed and proposed[0] != str(script)


def test_apply_to_script_changes_exactly_the_edited_lines_and_undo_restores(qtbot, panel, script):
    original = script.read_bytes()
    panel.open_config(script)
    dump_run(qtbot, panel)
    set_choice(panel, "dump_mode", "output")
    set_choice(panel, "dump_data", "stats")
    change = panel.script_change()
    diff = change.patch.diff(script.name)
    removed = [line for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert removed == ['-        custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all")']
    assert added == ['+    custom_op.parameter_map["dump_data"].s = tf.compat.as_bytes("stats")',
                     '+        custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("output")']
    # the new option goes after the last unconditional parameter_map line, not inside an `if`
    assert "+    custom_op.parameter_map[\"dump_data\"]" in diff.split("@@")[2]

    def accept():
        dialog = panel.script_link.dialog
        assert isinstance(dialog, ScriptApplyDialog)
        assert "dump_mode" in dialog.diff.toPlainText()
        assert dialog.left_out.count() == 0
        dialog.apply_button.click()
    QTimer.singleShot(0, accept)
    assert panel.apply_to_script(change)
    patched = script.read_bytes()
    old_lines, new_lines = original.decode().splitlines(), patched.decode().splitlines()
    assert len(new_lines) == len(old_lines) + 1
    assert [line for line in new_lines if line not in old_lines] == [a[1:] for a in added]
    assert stat.S_IMODE(script.stat().st_mode) == 0o640
    reread = load_config(script, script_args="--data_dump_flag 1")
    assert reread.values["dump_mode"] == "output" and reread.values["dump_data"] == "stats"

    panel.undo_stack.undo()
    assert script.read_bytes() == original
    assert stat.S_IMODE(script.stat().st_mode) == 0o640
    panel.undo_stack.redo()
    assert script.read_bytes() == patched


def test_cancel_writes_nothing_and_variables_are_reported(qtbot, panel, script):
    original = script.read_bytes()
    panel.open_config(script)
    dump_run(qtbot, panel)
    field = panel.form.findChild(QLineEdit, "dump_path")
    field.setText("/data/dumps")
    field.editingFinished.emit()
    assert panel.doc.values["dump_path"] == "/data/dumps"
    change = panel.script_change()
    assert not change.patch.has_changes
    assert [key for key, _why in change.patch.skipped] == ["dump_path"]
    assert "data_dump_path" in change.patch.skipped[0][1]

    def cancel():
        dialog = panel.script_link.dialog
        assert dialog.left_out.count() == 1 and not dialog.apply_button.isEnabled()
        dialog.reject()
    QTimer.singleShot(0, cancel)
    assert not panel.apply_to_script(change)
    assert script.read_bytes() == original


def test_a_script_changed_on_disk_is_not_overwritten(qtbot, panel, script):
    panel.open_config(script)
    set_choice(panel, "dump_mode", "input")
    change = panel.script_change()
    script.write_text(script.read_text() + "\n# edited elsewhere\n")
    edited = script.read_bytes()
    panel.write_script_change(change)
    assert script.read_bytes() == edited
    assert "changed on disk" in panel.script_link.problem


def test_a_second_apply_writes_only_the_new_edit(qtbot, panel, script):
    panel.open_config(script)
    set_choice(panel, "dump_mode", "input")
    first = panel.script_change()
    panel.write_script_change(first)
    assert script.read_bytes() == first.after
    set_choice(panel, "dump_debug_mode", "aicore_overflow")
    second = panel.script_change()
    assert second.patch.changed == ("dump_debug_mode",)
    assert second.before == first.after
    panel.write_script_change(second)
    panel.undo_stack.undo()
    assert script.read_bytes() == first.after
    panel.undo_stack.undo()   # the dump_debug_mode edit
    panel.undo_stack.undo()   # the first apply
    assert script.read_bytes() == first.before


def test_a_language_switch_keeps_the_script_link(window, script):
    assert window.open_path(script)
    set_choice(window.config_panel, "dump_mode", "input")
    assert window.set_language("zh_CN")
    try:
        panel = window.config_panel
        assert panel.script == script and panel.apply_script_button.isVisibleTo(panel)
        assert window.apply_script_action.isEnabled()
        assert panel.script_change().patch.changed == ("dump_mode",)
    finally:
        window.set_language("en")
        window.config_panel.undo_stack.setClean()   # nothing to ask about when the window closes


def test_a_script_that_became_invalid_gives_a_plain_error(qtbot, panel, script):
    panel.open_config(script)
    set_choice(panel, "dump_mode", "input")
    script.write_text("def broken(:\n")
    panel.apply_script_button.click()
    box = panel.findChild(QMessageBox, "error_box")
    assert box is not None and script.name in box.informativeText() and not box.detailedText()
    box.close()
    assert script.read_text() == "def broken(:\n"
