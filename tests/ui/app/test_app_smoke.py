"""The main window: builds with the demo, opens paths (argument, drop, recent), saves, prompts, self-tests."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QAction, QDropEvent
from PySide6.QtWidgets import QCheckBox, QLineEdit, QMessageBox

from ascend_dump_gui.core.config.formats.exporters import EXPORT_TARGETS, export
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.app import build_window, parse_args
from ascend_dump_gui.ui.config import files
from ascend_dump_gui.ui.settings import app_settings, clear_settings, recent_files
from tests.ui.seed_examples import EXAMPLES


def test_main_window_builds_with_the_demo(qtbot, window):
    assert window.windowTitle() == "Ascend Dump GUI"
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == ["Configure", "Browse", "Compare", "Ranks",
                                                                           "Graph"]
    assert window.tabs.currentWidget().objectName() == "configure_placeholder"  # built once the window has painted
    qtbot.waitUntil(lambda: window.built("configure"))
    assert window.tabs.currentWidget() is window.config_panel
    assert window.windowTitle().startswith("untitled (acl.json dump section)")
    assert "acl.watcher_with_dump_debug" in {f.rule for f in window.config_panel.findings}
    assert not window.config_panel.is_dirty


def test_a_folder_opens_in_browse_and_is_remembered(window, tmp_path):
    assert window.open_path(tmp_path)
    assert window.tabs.currentWidget() is window.browse_panel
    assert window.browse_panel.folder == str(tmp_path)
    assert recent_files(app_settings())[0] == str(tmp_path.resolve())


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_seed_example_imports(window, tmp_path, name):
    file_name, text, scenario = EXAMPLES[name]
    path = tmp_path / file_name
    path.write_text(text)
    assert window.open_path(path)
    panel = window.config_panel
    assert panel.scenario == scenario
    assert panel.doc.values == load_config(path).values
    assert window.tabs.currentWidget() is panel and panel.path == path
    if "dump_path" in panel.doc.values:
        field = panel.form.findChild(QLineEdit, "dump_path")
        assert field.text() == panel.doc.values["dump_path"]


def test_a_dropped_file_opens_like_an_argument(window, tmp_path):
    file_name, text, _ = EXAMPLES["tf2_npu_device"]
    path = tmp_path / file_name
    path.write_text(text)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.config_panel.scenario == "tf2_npu_device" and window.config_panel.path == path


def test_unreadable_file_shows_a_plain_error(window, tmp_path, qtbot):
    path = tmp_path / "broken.json"
    path.write_text('{"dump": {"dump_path": ')
    assert not window.open_path(path)
    box = window.findChild(QMessageBox, "error_box")
    assert box is not None and "broken.json" in box.informativeText()
    assert not box.detailedText()  # an expected failure: no traceback
    box.close()


def test_an_unreadable_file_given_at_start_is_said_after_the_paint_and_the_demo_shows(qtbot, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"dump": {"dump_path": ')
    window = build_window(path)
    qtbot.addWidget(window)
    window.show()
    assert window.findChild(QMessageBox, "error_box") is None  # nothing is opened before the window has painted
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_box") is not None)
    assert "broken.json" in window.findChild(QMessageBox, "error_box").informativeText()
    assert window.built("configure") and window.config_panel.path is None
    assert "acl.watcher_with_dump_debug" in {f.rule for f in window.config_panel.findings}  # the demo config
    window.findChild(QMessageBox, "error_box").close()


def test_save_as_then_save_write_the_core_export(window, tmp_path):
    panel = window.config_panel
    target = tmp_path / "acl.json"
    assert panel.save_as(target)
    assert target.read_text() == export(panel.doc, "acl_json")
    assert not panel.is_dirty and load_config(target).values == panel.doc.values
    panel.form.findChild(QCheckBox, "dump_debug").setChecked(False)
    assert panel.is_dirty and window.isWindowModified()
    assert panel.save()  # same file, no dialog
    assert load_config(target).values["dump_debug"] is False and not panel.is_dirty


def test_export_writes_exactly_what_the_core_exports(window, tmp_path):
    panel = window.config_panel
    panel.new_config("tf1_session", {"enable_dump": True, "dump_path": "out", "dump_step": "0|2-4"})
    written = 0
    for target in EXPORT_TARGETS:
        try:
            expected = export(panel.doc, target)
        except DumpError:
            continue  # options with no equivalent in that form
        out = tmp_path / f"out_{target}"
        panel.export_to(target, out)
        assert out.read_text() == expected
        written += 1
    assert written >= 3  # tf1_python, tf2_python (same dump options) and project at least


@pytest.mark.parametrize("answer, closes", [("cancel", False), ("discard", True)])
def test_unsaved_changes_prompt_on_close(window, monkeypatch, answer, closes):
    asked = []
    monkeypatch.setattr(files, "ask_unsaved", lambda parent, title: asked.append(title) or answer)
    window.config_panel.form.findChild(QLineEdit, "dump_path").setText("elsewhere")
    assert window.close() is closes
    assert asked and asked[0].startswith("untitled")


def test_window_state_is_saved_and_fresh_forgets_it(qtbot, tmp_path):
    window = build_window(tmp_path)
    qtbot.addWidget(window)
    window.close()
    settings = app_settings()
    assert settings.value("window/geometry") is not None and recent_files(settings)
    clear_settings()
    assert app_settings().value("window/geometry") is None and recent_files() == []


def test_arguments():
    args = parse_args(["--fresh", "some/folder"])
    assert args.fresh and args.path == "some/folder" and not args.self_test


def test_hidden_self_test_exits_zero(tmp_path):
    done = subprocess.run([sys.executable, "-m", "ascend_dump_gui", "--self-test"], capture_output=True,
                          text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "self-test: ok" in done.stderr


def test_recent_menu_lists_opened_paths(window, tmp_path):
    window.open_path(tmp_path)
    window.recent_menu.aboutToShow.emit()
    assert [a.text() for a in window.recent_menu.actions()] == [str(tmp_path.resolve())]


def test_bugs_get_a_traceback_and_expected_failures_do_not(qtbot):
    from ascend_dump_gui.core.errors import InputError
    from ascend_dump_gui.ui.errors import error_box

    try:
        {}["missing"]
    except KeyError as exc:
        bug = error_box(None, exc, "Loading")
    qtbot.addWidget(bug)
    assert "KeyError" in bug.informativeText() and "Traceback" in bug.detailedText()
    expected = error_box(None, InputError("a.json", "not JSON", line=3), "Loading")
    qtbot.addWidget(expected)
    assert expected.informativeText() == "a.json (line 3): not JSON" and expected.detailedText() == ""
    assert expected.text() == "Loading failed."


def test_file_new_starts_a_config_of_that_scenario(window, qtbot):
    qtbot.waitUntil(lambda: window.findChild(QAction, "new_tf1_session") is not None)  # once the window is up
    action = window.findChild(QAction, "new_tf1_session")
    action.trigger()
    assert window.config_panel.scenario == "tf1_session" and window.config_panel.doc.values == {}
    assert "TensorFlow 1" in window.windowTitle()
