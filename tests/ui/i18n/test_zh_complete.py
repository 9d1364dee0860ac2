"""Translation completeness, as a user sees it: every widget of the populated window (each mode, its sub-tabs,
menus, tooltips, table cells, combo items, the status bar), an msprobe compare, the message boxes and Qt's own file
dialogs that common actions open, walked in zh_CN: no English word may be left apart from names (see
``tests/ui/i18n/untranslated.py``). The same walk in English finds hundreds, so the walk does see the texts."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QLineEdit, QMessageBox, QTreeView

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from tests.ui.config.test_config_script_args import ENV_SCRIPT
from tests.ui.i18n.shown_texts import shown_texts
from tests.ui.i18n.untranslated import data_words, english_left, named_words, schema_words


def _modal_texts(qtbot, open_it, *, close=lambda d: d.reject()) -> list[tuple[str, str]]:
    """The texts of the modal dialog ``open_it()`` shows (a blocking one is read from a timer, then closed)."""
    seen: list[tuple[str, str]] = []

    def read():
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, read)
            return
        seen.extend(shown_texts(dialog))
        close(dialog)

    QTimer.singleShot(50, read)
    shown = open_it()
    if isinstance(shown, QDialog):   # a non-blocking box (show_error) is read here
        qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    return seen


def _file_dialog_texts(qtbot, open_it) -> list[tuple[str, str]]:
    """A Qt file dialog's texts, with its detail view (column headers) and its context menu's actions."""

    def close(dialog):
        if isinstance(dialog, QFileDialog):
            dialog.setViewMode(QFileDialog.ViewMode.Detail)
            view = dialog.findChild(QTreeView, "treeView")   # the folder's files, listed in a thread
            qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) > 1, timeout=10_000)
            seen.extend(shown_texts(dialog))
        dialog.reject()

    seen: list[tuple[str, str]] = []
    seen += _modal_texts(qtbot, open_it, close=close)
    return seen


def walk(window, qtbot, folder) -> dict[str, set[str]]:
    """(where, text) over every state this test drives the window through."""
    from tests.ui.populated import show_msprobe

    found: dict[str, set[str]] = {}

    def add(where, pairs):
        for kind, text in pairs:
            if text:
                found.setdefault(text, set()).add(f"{where}: {kind}")

    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(20)
        add(window.tabs.tabText(tab), shown_texts(window, hidden=True))
    _walk_next_run(window, qtbot, add)
    show_msprobe(window, folder, lambda c, t: qtbot.waitUntil(c, timeout=t))
    add("msprobe browse", shown_texts(window, hidden=True))
    bench = folder / "bench"
    write_msprobe_tree(bench, "mlp", MsprobeDumpSpec(task="tensor", level="mix", ranks=(0, 1)))
    compare = window.compare_panel
    window.tabs.setCurrentWidget(compare)
    compare.set_inputs(folder / "msprobe", bench)
    compare.run()
    qtbot.waitUntil(lambda: compare.msprobe.result is not None, timeout=30_000)
    add("msprobe compare", shown_texts(compare, hidden=True))
    compare.msprobe.mode.setCurrentIndex(compare.msprobe.mode.findData("md5"))
    add("msprobe mode changed", shown_texts(compare, hidden=True))
    compare.run()
    qtbot.waitUntil(lambda: compare.msprobe.result is not None and compare.msprobe.result.mode == "md5",
                    timeout=30_000)
    add("msprobe md5 compare", shown_texts(compare, hidden=True))
    compare.set_inputs("", "")
    add("compare without inputs", _modal_texts(qtbot, lambda: compare.run() or compare.findChild(QMessageBox,
                                                                                                  "error_box")))
    script = folder / "train.py"                     # a script whose settings depend on the environment
    script.write_text(ENV_SCRIPT)
    window.config_panel.undo_stack.setClean()
    assert window.open_path(script)
    config = window.config_panel
    window.tabs.setCurrentWidget(config)
    add("script with undecided settings", shown_texts(window, hidden=True))
    for index in range(config.preview.target.count()):   # every export: its refusal or what it leaves out
        config.preview.target.setCurrentIndex(index)
        add("preview", [("preview note", config.preview.note.text())])
    config.form.findChild(QLineEdit, "dump_path").setText("/data/dump")
    add("unsaved changes box", _modal_texts(qtbot, lambda: window.open_path(folder / "train.py")))
    config.new_config("acl_json", {"dump_path": "out", "dump_step": "10"})
    dialog = window.run_emulator()
    add("run in emulator", shown_texts(dialog))
    dialog.reject()
    docs = window.show_scenario_docs()
    add("scenario documentation", shown_texts(docs))
    docs.reject()
    bad = folder / "acl.json"
    bad.write_text('{"dump": {dump_path: "x"}}')
    window.config_panel.undo_stack.setClean()
    add("bad JSON box", _modal_texts(qtbot, lambda: window.findChild(QMessageBox, "error_box")
                                     if window.open_path(bad) is False else None))
    add("about box", _modal_texts(qtbot, window.show_about))
    add("open file dialog", _file_dialog_texts(qtbot, window._open_file_dialog))
    add("open folder dialog", _file_dialog_texts(qtbot, window._open_folder_dialog))
    return found


def _walk_next_run(window, qtbot, add) -> None:
    """The demo compare's next run: the fix and capture dialogs (proposals made), and the before/after page
    compared (the same run as 'after': every row unchanged, but every header, label and the summary shown)."""
    from ascend_dump_gui.ui.nextrun.capture_dialog import CaptureDialog
    from ascend_dump_gui.ui.nextrun.fix_dialog import FixDialog

    compare = window.compare_panel
    window.tabs.setCurrentWidget(compare)
    for name, kind, request in (("fix dialog", FixDialog, compare.request_fix),
                                ("capture dialog", CaptureDialog, compare.request_capture)):
        request(())
        qtbot.waitUntil(lambda kind=kind: window.findChild(kind) is not None, timeout=5_000)
        dialog = window.findChild(kind)
        qtbot.waitUntil(lambda dialog=dialog: dialog.outcome is not None, timeout=60_000)
        add(name, shown_texts(dialog, hidden=True))
        dialog.close()
        dialog.setParent(None)
    compare.show_before_after()
    view = compare.before_after
    add("before / after page", shown_texts(compare, hidden=True))
    view.after.set_path(compare.inputs.npu.path())
    with qtbot.waitSignal(view.job.finished, timeout=30_000):
        view.run()
    add("before / after compared", shown_texts(compare, hidden=True))
    view.back.emit()


@pytest.fixture
def walked(qtbot, tmp_path, language):
    from tests.ui.populated import populated_window

    window, _wait = populated_window(qtbot, tmp_path)
    found = walk(window, qtbot, tmp_path)
    window.config_panel.undo_stack.setClean()
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)
    # Qt's file model writes sizes in the system locale ("26 bytes" under an English system, "26 字节" under a
    # Chinese one), not in the interface language: a known limit, not a string of ours.
    system_locale = {"bytes"}
    kept = schema_words() | named_words() | data_words(tmp_path) | system_locale
    left = {text: (where, words) for text, where in found.items() if (words := english_left(text, kept))}
    return language, found, left


def test_every_text_of_every_mode_is_chinese(walked):
    language, found, left = walked
    assert len(found) > 300, len(found)     # the walk reaches menus, tables, dialogs
    if language == "en":
        assert len(left) > 200, len(left)   # and it sees English where there is English
        return
    report = [f"{sorted(where)[0]} ({len(where)} places): {text[:160]!r} -> {words}"
              for text, (where, words) in sorted(left.items())]
    assert not left, f"{len(left)} texts with English words in zh_CN:\n" + "\n".join(report)


@pytest.mark.parametrize("text, words", [
    ("pass", ["pass"]),
    ("49 个 error，0 个 warning", ["error", "warning"]),
    ("no golden file for dense/bias.0", ["no", "golden", "file", "for"]),
    ("The CRC-32 value of NPU differs from that of the bench.", ["The", "value", "of", "differs", "from", "that",
                                                                 "of", "the", "bench"]),
    ("仅在 (only when os.environ['X']) 时", ["only", "when"]),
    ("Expecting property name enclosed in double quotes", ["Expecting", "property", "name", "enclosed", "in",
                                                           "double", "quotes"]),
    ("文件(&F)", []),
    ("Dump目录 /tmp/a_b/c.json 中的 MatMulV2 与 dense/MatMul:output:0（NPU）", []),
    ("<b>第 3 个 step</b>&nbsp;rank 2：Tensor数据", []),
    ("acl.json dump段", []),
    ("CosineSimilarity · TensorFlow 2 npu_device · float16 · ge_proto_00000001_Build.txt", []),
])
def test_the_word_check_catches_english_and_keeps_names(text, words):
    assert english_left(text) == words


def test_data_words_come_from_names_and_graph_strings(tmp_path):
    (tmp_path / "Relu.dense_Relu.5.2.17").write_bytes(b"")
    (tmp_path / "ge_proto_1_Build.txt").write_text('op { name: "encoder/attn/Softmax" type: "SoftmaxV2" }')
    (tmp_path / "dump.json").write_text(json.dumps({"data": {"Functional.gelu.0.forward": {}}}))
    words = data_words(tmp_path)
    assert {"Relu", "dense", "encoder", "attn", "Softmax", "Functional", "gelu", "forward"} <= words
    assert not english_left("dense Relu attn gelu", words) and english_left("dense goes wrong", words)
