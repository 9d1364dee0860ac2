"""Every mode, populated, rendered in zh_CN shows no English apart from option names, values, paths and names
(ops, files, models, products): a sentence word such as "the", "not" or "file" in a visible text fails."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QLabel, QLineEdit, QTabBar, QWidget

ENGLISH = frozenset([
    "the", "and", "of", "to", "is", "are", "not", "with", "for", "from", "this", "that", "when", "which",
    "was", "were", "has", "have", "will", "can", "cannot", "none", "open", "save", "choose", "select",
    "shown", "file", "files", "folder", "folders", "error", "errors", "warning", "warnings", "found",
    "missing", "run", "runs", "compare", "compared", "reached", "unused", "without", "only", "every",
    "each", "none", "yet", "here", "there"
])
_NAME = re.compile(r"\S*[/\\._:=<>{}\[\]#@|0-9]\S*|[A-Z][a-z]+[A-Z]\w*|\b[A-Z0-9_]{2,}\b")  # paths, names, codes


def english_words(text: str) -> set[str]:
    """The sentence words of ``text`` once paths, file and op names, option names and codes are taken out."""
    return {w for w in re.findall(r"[A-Za-z]+", _NAME.sub(" ", text)) if w.lower() in ENGLISH}


def visible_texts(root: QWidget) -> list[str]:
    """What a user reads in ``root``: labels, buttons, tabs, placeholders, and header and cell texts of views."""
    texts = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            texts += [str(model.headerData(c, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) or "")
                      for c in range(model.columnCount())]
    return [t for t in texts if t]


def test_the_word_filter_keeps_names_and_catches_sentences():
    assert not english_words("/tmp/demo/dump/20240101000000/0/overflow_fp16 dense/MatMul:output:0 MatMulV2 NPU")
    assert not english_words("dump_step 为 10：运行的 step（0 到 1）都不会被 Dump。")
    assert english_words("cannot be read: No such file or directory") >= {"cannot", "file"}


def test_every_mode_in_zh_cn_shows_no_english_sentences(qtbot, tmp_path, language):
    """In zh_CN nothing is found; in English (the same scan) plenty is, so the scan does see the texts."""
    from tests.ui.populated import populated_window, show_msprobe

    window, wait = populated_window(qtbot, tmp_path)
    found = {}
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(20)
        for text in visible_texts(window):
            if english_words(text):
                found.setdefault(window.tabs.tabText(tab), set()).add(text[:120])
    show_msprobe(window, tmp_path, wait)
    for text in visible_texts(window):
        if english_words(text):
            found.setdefault("msprobe", set()).add(text[:120])
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_step": "10",
                                                "dump_list": [{"model_name": "mixed_precision"}]})
    dialog = window.run_emulator()
    qtbot.waitExposed(dialog)
    found["run in emulator"] = {t[:120] for t in visible_texts(dialog) if english_words(t)}
    dialog.reject()
    window.config_panel.undo_stack.setClean()
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)
    found = {mode: texts for mode, texts in found.items() if texts}
    if language == "en":
        assert len(found) >= 5, found
        return
    assert not found, "\n".join(f"{mode}: {sorted(texts)}" for mode, texts in found.items())
