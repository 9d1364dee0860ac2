"""Run in emulator from the UI: progress, cancel, refusal, and the tree opening in Browse."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QMessageBox

from ascend_dump_gui.core.progress import CancelToken
from ascend_dump_gui.ui.config import run_emulator


def test_run_lands_in_browse(window, qtbot, tmp_path):
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_list": [{"model_name": "mlp"}]})
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path / "run"))
    dialog.steps.setValue(2)
    assert f"dump_data: {tmp_path / 'run' / 'out'}" in dialog.lands.text()
    seen = []
    dialog.progress.valueChanged.connect(seen.append)
    with qtbot.waitSignal(dialog.treeReady, timeout=20000) as blocker:
        dialog.run_button.click()
        assert not dialog.run_button.isEnabled()
    folder = blocker.args[0]
    assert folder == tmp_path / "run" / "out"
    assert window.tabs.currentWidget() is window.browse_panel and window.browse_panel.folder == str(folder)
    assert any(p.is_file() for p in folder.rglob("*"))  # the dump tree was written
    assert (tmp_path / "run" / "golden").is_dir()
    qtbot.waitUntil(lambda: not window.status.busy)
    assert window.findChild(QMessageBox, "run_warnings") is None  # a clean run says so in the status bar only
    assert "wrote" in window.status.currentMessage()


def test_a_run_that_dumps_nothing_says_why(window, qtbot, tmp_path):
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_list": [{"model_name": "mlp",
                                                                                   "layer": ["NoSuchOp"]}]})
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path / "run"))
    with qtbot.waitSignal(dialog.treeReady, timeout=20000):
        dialog.run_button.click()
    box = window.findChild(QMessageBox, "run_warnings")
    assert box is not None and "NoSuchOp" in box.informativeText()
    box.close()


def test_refused_config_shows_why(window, qtbot, tmp_path):
    window.config_panel.load_demo()  # watcher + dump_debug: the runtime refuses it
    dialog = window.run_emulator()
    assert dialog.warning.isVisibleTo(dialog)
    dialog.cwd.setText(str(tmp_path))
    with qtbot.waitSignal(window.runner.ended, timeout=20000):
        dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.findChild(QMessageBox, "error_box") is not None)
    box = dialog.findChild(QMessageBox, "error_box")
    assert "refuses" in box.informativeText() and dialog.run_button.isEnabled()
    box.close()


def test_cancel_stops_the_run(window, qtbot, tmp_path, monkeypatch):
    gate = threading.Event()

    def slow_emulate(doc, *, progress, cancel: CancelToken, **kwargs):
        for step in range(100):
            progress(step, 100, f"step {step}")
            gate.wait(0.05)
            cancel.raise_if_cancelled()
        raise AssertionError("not cancelled")

    monkeypatch.setattr(run_emulator, "emulate", slow_emulate)
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path))
    with qtbot.waitSignal(window.runner.ended, timeout=10000):
        dialog.run_button.click()
        qtbot.waitUntil(lambda: window.status.busy and dialog.progress.maximum() == 100)
        dialog.buttons.rejected.emit()  # the dialog's Cancel button while running
    assert dialog.message.text() == "Cancelled." and dialog.run_button.isEnabled()
    assert window.tabs.currentWidget() is window.config_panel


def _clipped_labels(widget):
    """Visible labels whose text needs more room than they got (word-wrapped ones by their height for width)."""
    from PySide6.QtWidgets import QLabel

    out = []
    for label in widget.findChildren(QLabel):
        if not label.isVisibleTo(widget) or not label.text():
            continue
        needed = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
        if label.height() < needed or (not label.wordWrap() and label.width() < label.sizeHint().width()):
            out.append(label.objectName() or label.text()[:40])
    return out


def test_steps_not_dumped_are_said_before_running_with_a_one_click_fix(window, qtbot, tmp_path):
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_step": "10",
                                                "dump_list": [{"model_name": "mlp"}]})
    dialog = window.run_emulator()
    dialog.steps.setValue(2)
    assert "none of the steps run (0 to 1)" in dialog.dumped.text()
    assert dialog.fix_steps.isVisibleTo(dialog) and "11" in dialog.fix_steps.text()
    dialog.fix_steps.click()
    assert dialog.steps.value() == 11 and "steps 10 of 0 to 10" in dialog.dumped.text()
    assert not dialog.fix_steps.isVisibleTo(dialog)
    dialog.reject()


def test_the_dialog_never_clips_the_model_description(window, qtbot):
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_list": [{"model_name": "mixed_precision"}]})
    dialog = window.run_emulator()
    qtbot.waitExposed(dialog)
    assert dialog.model.currentData() == "mixed_precision" and len(dialog.model_note.text()) > 200
    qtbot.wait(50)
    assert not _clipped_labels(dialog)
    dialog.reject()


def test_a_dump_path_outside_the_chosen_folder_is_rerooted_in_the_dialog(window, qtbot, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    window.config_panel.new_config("acl_json", {"dump_path": str(outside), "dump_list": [{"model_name": "mlp"}]})
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path / "run"))
    dialog.steps.setValue(1)
    rerooted = tmp_path / "run" / outside.relative_to("/")
    dialog._show_landing()
    assert str(rerooted) in dialog.lands.text() and "outside the working folder" in dialog.lands.text()
    with qtbot.waitSignal(dialog.treeReady, timeout=20000) as blocker:
        dialog.run_button.click()
    assert blocker.args[0] == rerooted
    assert not any(outside.rglob("*"))                     # nothing written where the config points
    assert any(p.is_file() for p in rerooted.rglob("*"))
    qtbot.waitUntil(lambda: not window.status.busy)
    box = window.findChild(QMessageBox, "run_warnings")
    if box is not None:
        box.close()


def test_make_dump_folders_stays_under_the_chosen_folder(window, tmp_path):
    window.config_panel.new_config("acl_json", {"dump_path": "../elsewhere", "dump_list": [{"model_name": "mlp"}]})
    dialog = window.run_emulator()
    made = run_emulator.make_dump_folders(dialog._inputs, tmp_path / "run")
    # the folder the config means (tmp_path/elsewhere) keeps its whole path below the chosen folder
    assert made == [tmp_path / "run" / (tmp_path / "elsewhere").relative_to("/")]
    assert not (tmp_path / "elsewhere").exists()
    dialog.reject()


def test_a_link_out_of_the_chosen_folder_is_refused_in_the_dialog(window, qtbot, tmp_path):
    (tmp_path / "outside").mkdir()
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "out").symlink_to(tmp_path / "outside")
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_list": [{"model_name": "mlp"}]})
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path / "run"))
    dialog._show_landing()
    assert "leads out of the emulator's working folder" in dialog.lands.text()
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.findChild(QMessageBox, "error_box") is not None)
    box = dialog.findChild(QMessageBox, "error_box")
    assert "refusing to write through it" in box.informativeText() + box.text()
    assert not any((tmp_path / "outside").rglob("*"))
    box.close()
