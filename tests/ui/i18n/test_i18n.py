"""Translation: every string the UI shows has a zh_CN translation, the .qm matches the .ts, no literal reaches
a Qt text API without tr(), the language is chosen and switched as promised."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QLineEdit

from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.dump.layout import DirContext, describe
from ascend_dump_gui.core.scan.scanner import scan
from ascend_dump_gui.core.scan.tree import DumpNode
from ascend_dump_gui.ui import i18n
from ascend_dump_gui.ui.app import build_window, choose_language, parse_args
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.dump.folder_index import FolderIndex, count_folders
from ascend_dump_gui.ui.dump.op_table import OpTableModel
from ascend_dump_gui.ui.dump.tensor_view import TensorView
from ascend_dump_gui.ui.dump.tree_model import DumpTreeModel
from ascend_dump_gui.ui.settings import app_settings, save_language, saved_language
from ascend_dump_gui.ui.translations.catalog import CONTEXT_FILES, TS_DIR, UI_CONTEXT, UI_DIR, read_ts, wanted
from ascend_dump_gui.ui.workers import Worker
from tests.ui.test_dump_fixtures import STEP, make_tree

_CJK = re.compile(r"[\u4e00-\u9fff]")

# Qt calls whose string arguments are shown to the user.
TEXT_CALLS = {
    "setText", "setToolTip", "setWindowTitle", "setPlaceholderText", "setStatusTip", "setWhatsThis",
    "addAction", "addMenu", "addTab", "setTabText", "setTabToolTip", "setHeaderLabels", "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels", "setTitle", "setInformativeText", "setDetailedText", "setLabelText", "addItem",
    "addItems", "setItemText", "addRow", "addButton", "showMessage", "setPlainText", "setHtml",
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QAction", "QGroupBox", "QToolButton", "QMessageBox",
    "about", "information", "warning", "critical", "question",
    "getOpenFileName", "getOpenFileNames", "getSaveFileName", "getExistingDirectory",
    "QTableWidgetItem", "QTreeWidgetItem", "QListWidgetItem", "QStandardItem",
}
# Calls whose text is not the first argument: name -> index of the shown argument (pyqtgraph axis labels).
TEXT_ARGUMENT = {"setLabel": 1}
# Item-model methods whose returned strings are shown (column headers, cells, tooltips).
MODEL_METHODS = {"headerData", "data"}
TEXT_KEYWORDS = {"text", "toolTip", "statusTip", "whatsThis", "windowTitle", "placeholderText", "title"}
# Literals with letters that are not words to translate: JSON examples, file names.
ALLOWED = {'{"key": "value"}', "acl.json"}
_TAG = re.compile(r"<[^>]*>|&\w+;")
_LETTER = re.compile(r"[A-Za-z]")
_FIELD = re.compile(r"\{\w*\}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}")


def ts_translations() -> dict[tuple[str, str], str]:
    found: dict[tuple[str, str], str] = {}
    for part in CONTEXT_FILES.values():
        found.update(read_ts(TS_DIR / f"zh_CN.{part}.ts"))
    return found


# (a) completeness ---------------------------------------------------------------------------------------
def test_every_shown_string_has_a_zh_cn_translation():
    """THE test that fails when a user-visible string (a tr() literal or a schema text) is missing."""
    translated = ts_translations()
    missing = sorted(f"[{context}] {source[:90]}" for context, source in wanted() if (context, source) not in translated)
    assert not missing, (f"{len(missing)} strings have no zh_CN translation; run "
                         "`python scripts/update_translations.py` and translate them in ui/translations/*.ts:\n"
                         + "\n".join(missing[:50]))


def test_ui_translations_keep_placeholders_and_accelerators():
    broken = []
    for (context, source), text in ts_translations().items():
        if context != UI_CONTEXT:
            continue
        if sorted(_FIELD.findall(source)) != sorted(_FIELD.findall(text)):
            broken.append(f"placeholders differ: {source!r} -> {text!r}")
        if re.search(r"&\w", source) and not re.search(r"&\w", text):
            broken.append(f"accelerator lost: {source!r} -> {text!r}")
    assert not broken, "\n".join(broken)


# (b) the compiled catalogue ------------------------------------------------------------------------------
def test_compiled_qm_is_in_step_with_the_ts_files(chinese):
    stale = [f"[{context}] {source[:80]}" for (context, source), text in ts_translations().items()
             if QCoreApplication.translate(context, source) != text]
    assert not stale, "zh_CN.qm is stale; run `python scripts/update_translations.py`:\n" + "\n".join(stale[:20])


# (c) no untranslated literal reaches a Qt text API -----------------------------------------------------
def _shows_words(node: ast.AST) -> bool:
    """True when ``node`` is (or builds, without a call) a string with words in it."""
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, str) or node.value in ALLOWED or _COLOUR.fullmatch(node.value):
            return False
        return bool(_LETTER.search(_TAG.sub("", node.value)))
    if isinstance(node, ast.JoinedStr):
        template = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        return bool(_LETTER.search(_TAG.sub("", template)))
    if isinstance(node, ast.BinOp):
        return _shows_words(node.left) or _shows_words(node.right)
    if isinstance(node, ast.BoolOp):
        return any(_shows_words(v) for v in node.values)
    if isinstance(node, ast.IfExp):
        return _shows_words(node.body) or _shows_words(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_shows_words(e) for e in node.elts)
    return False  # calls (tr, tr_schema, str.join ...), names, attributes


def _model_returns(tree: ast.Module, where: str) -> list[str]:
    """Words returned by ``headerData``/``data``: literally, or from a module-level constant they read."""
    constants = {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
    problems = []
    for func in ast.walk(tree):
        if not (isinstance(func, ast.FunctionDef) and func.name in MODEL_METHODS):
            continue
        counted = {id(call.args[0]) for call in ast.walk(func)  # len(COLUMNS) shows no text
                   if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "len" and call.args}
        for node in ast.walk(func):
            if id(node) in counted:
                continue
            if isinstance(node, ast.Return) and node.value is not None and _shows_words(node.value):
                problems.append(f"{where}:{node.lineno} {func.name} returns text")
            elif (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in constants
                  and _shows_words(constants[node.id])):
                problems.append(f"{where}:{node.lineno} {func.name} shows the constant {node.id}")
    return problems


def untranslated_literals(source: str, where: str = "<source>") -> list[str]:
    """``file:line call`` for each string with words passed straight to a user-visible Qt API or returned
    by an item model's ``headerData``/``data``."""
    tree = ast.parse(source)
    problems = _model_returns(tree, where)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        args = list(node.args) if name in TEXT_CALLS else []
        if name == "addItem":
            args = args[:1]  # the second argument is the item's data
        if name in TEXT_ARGUMENT:
            args = node.args[TEXT_ARGUMENT[name]:TEXT_ARGUMENT[name] + 1]
        args += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        problems += [f"{where}:{node.lineno} {name}(...)" for arg in args if _shows_words(arg)]
    return problems


def ui_sources() -> list[Path]:
    return sorted(UI_DIR.rglob("*.py"))


def test_no_literal_reaches_a_qt_text_api_without_tr():
    problems = []
    for path in ui_sources():
        problems += untranslated_literals(path.read_text(encoding="utf-8"), str(path.relative_to(UI_DIR.parent)))
    assert not problems, "wrap these in tr(...) (or tr_schema for schema texts):\n" + "\n".join(problems)


@pytest.mark.parametrize("code, flagged", [
    ('w.setText("Hello")', 1),
    ('w.setText(tr("Hello"))', 0),
    ('QLabel(f"{n} files")', 1),
    ("QLabel(f\"<b>{n}</b>\")", 0),
    ('QToolButton(text="…", toolTip="Pick a folder")', 1),
    ('box.addItem("none", None)', 1),
    ('box.addItem(tr("none"), "none")', 0),
    ('tree.setHeaderLabels([tr("Output"), "Folder"])', 1),
    ('w.setPlaceholderText(value or "(not set)")', 1),
    ('w.setPlaceholderText(value or \'{"key": "value"}\')', 0),
    ('QMessageBox.about(self, tr("About"), f"<h3>{name}</h3><p>{text}</p>")', 0),
    ('QTableWidgetItem("unknown")', 1),
    ('item.setLabel("left", "count")', 1),
    ('item.setLabel("left", tr("count"))', 0),
    ('COLUMNS = ("#", "Name")\nclass M:\n    def headerData(self, s, o, r):\n        return COLUMNS[s]', 1),
    ('COLUMNS = ("#", "Name")\nclass M:\n    def columnCount(self, p):\n        return len(COLUMNS)', 0),
    ('COLUMNS = ("#", "Name")\nclass M:\n    def data(self, i, r):\n        return i.column() < len(COLUMNS)', 0),
    ('class M:\n    def data(self, i, r):\n        return self._s[i] + (" · first" if i else "")', 1),
    ('class M:\n    def data(self, i, r):\n        return f"{a}\\nNPU: {b}"', 1),
    ('class M:\n    def data(self, i, r):\n        return "" if i else str(i)', 0),
])
def test_the_lint_catches_literals(code, flagged):
    assert len(untranslated_literals(code)) == flagged


def test_lint_covers_every_ui_package():
    covered = {p.relative_to(UI_DIR).parts[0] for p in ui_sources()}
    assert {"config", "dump", "compare", "plots", "main_window.py", "app.py", "errors.py", "status.py"} <= covered


# (d) the window in Chinese --------------------------------------------------------------------------------
def _menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_window_under_zh_cn_shows_chinese(qtbot, chinese):
    window = build_window()
    qtbot.addWidget(window)
    zh = ts_translations()
    assert _menu_titles(window) == [zh[(UI_CONTEXT, t)] for t in ("&File", "&Edit", "&View", "&Tools", "&Help")]
    assert all(re.search(r"[\u4e00-\u9fff]", title) for title in _menu_titles(window))
    assert window.tabs.tabText(0) == "配置"
    panel = window.config_panel
    scenario = SCENARIOS["acl_json"]
    assert panel.scenario_box.currentText() == zh[("schema", scenario.title)]
    assert panel.summary.text() == zh[("schema", scenario.summary)]
    card = panel.findings_panel.item_for("acl.watcher_with_dump_debug")
    assert card.findChild(QLabel, "finding_message").text() == zh[("schema", card.finding.message)]
    assert panel.form.findChild(QLabel, "dump_path__label").text().startswith(
        zh[("schema", scenario.field("dump_path").label)])
    assert window.findChild(QAction, "language_zh_CN").isChecked()


KEPT_IN_ENGLISH = {"Tensor", "shape"}  # GLOSSARY.md: Tensor and shape stay English in the Chinese UI


def _headers(model) -> list[str]:
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_browse_and_compare_headers_under_zh_cn(qtbot, chinese, tmp_path):
    """Column headers come from models and item widgets, which the source lint cannot see through."""
    root = make_tree(tmp_path)
    ops = OpTableModel()
    compare = ComparePanel()
    view = TensorView()
    qtbot.addWidget(compare)
    qtbot.addWidget(view)
    headers = _headers(DumpTreeModel(DumpNode.root(root), sync=True)) + _headers(ops) + _headers(compare.model)
    for table in (compare.overflow_table, compare.watcher_table):
        headers += [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    headers += [view.tensors.headerItem().text(c) for c in range(view.tensors.columnCount())]
    english = {h for h in headers if re.search(r"[A-Za-z]", h) and not _CJK.search(h)}
    assert english <= KEPT_IN_ENGLISH, english
    assert len(headers) == 4 + 7 + 8 + 7 + 7 + 5


def test_browse_tree_and_op_table_show_kinds_and_folders_in_chinese(qtbot, chinese, tmp_path):
    root = make_tree(tmp_path)
    result = scan(root)
    tree = DumpTreeModel(DumpNode.root(root), sync=True)
    tree.set_index(FolderIndex(result, count_folders(result.records)))
    index = QModelIndex()
    for _ in STEP.split("/")[:2]:  # the time folder, then the device folder
        tree.fetchMore(index)
        index = tree.index(0, 0, index)
    assert tree.data(index) == "0 (Device 0)"
    assert tree.data(index.siblingAtColumn(1)) == "目录"
    ops = OpTableModel()
    ops.set_records(str(root), result.records)
    kinds = {ops.data(ops.index(r, 3)) for r in range(ops.rowCount())}
    assert kinds == {"Tensor", "统计数据", "映射"}  # tensor dumps, the stats CSV, mapping.csv


@pytest.mark.parametrize("name, ctx, label", [
    ("worldsize8rank3", DirContext(world_size=8, rank=3, level="rank"), "worldsize8rank3 (rank 3/8)"),
    ("20240101120000", DirContext(level="time"), "20240101120000 (Dump于 2024-01-01 12:00:00)"),
    ("0", DirContext(device=0, level="device"), "0 (Device 0)"),
    ("ge_default_1", DirContext(model_name="ge_default_1", level="model_name"), "ge_default_1 (模型)"),
    ("1", DirContext(model_id=1, level="model_id"), "1 (模型ID 1)"),
    ("step4", DirContext(iteration=4, level="iteration"), "step4 (迭代 4)"),
    ("data-dump", DirContext(level="exception"), "data-dump (异常算子Dump)"),
    ("graph", DirContext(level="graphs"), "graph (图Dump)"),
    ("misc", DirContext(level="folder"), "misc"),
])
def test_core_folder_templates_come_out_translated_and_filled(chinese, name, ctx, label):
    """The tree hands ``tr`` to core's ``describe``: each level's template is translated, then filled."""
    assert describe(ctx, name, i18n.tr) == label


# language choice and switching --------------------------------------------------------------------------
def _dirty_window(qtbot, tmp_path):
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    panel = window.config_panel
    panel.path = tmp_path / "acl.json"
    panel.form.findChild(QLineEdit, "dump_path").setText("/data/dump")
    window.open_folder(tmp_path)
    qtbot.waitUntil(lambda: not window.runner.active, timeout=5000)  # the Browse panel indexes the folder
    window.tabs.setCurrentWidget(panel)
    panel.side_tabs.setCurrentIndex(1)
    return window


def test_switching_language_rebuilds_in_place_and_keeps_the_work(qtbot, tmp_path, monkeypatch):
    window = _dirty_window(qtbot, tmp_path)
    before = window.config_panel.doc.values
    old_panel = window.config_panel
    reopened = []
    monkeypatch.setattr(type(window.browse_panel), "open_folder", lambda self, path, index=None: reopened.append((self, path)))
    try:
        window.findChild(QAction, "language_zh_CN").trigger()
        panel = window.config_panel
        assert panel is not old_panel and i18n.current_language() == "zh_CN"
        assert _menu_titles(window)[0] == "文件(&F)" and window.tabs.tabText(1) == "浏览"
        assert panel.doc.values == before and panel.doc.values["dump_path"] == "/data/dump"
        assert panel.form.findChild(QLineEdit, "dump_path").text() == "/data/dump"
        assert panel.is_dirty and window.isWindowModified() and panel.path == tmp_path / "acl.json"
        assert panel.side_tabs.currentIndex() == 1 and window.tabs.currentWidget() is panel
        assert reopened == [(window.browse_panel, tmp_path)]  # the new Browse panel shows the same folder
        assert saved_language(app_settings()) == "zh_CN"
        assert window.findChild(QAction, "language_zh_CN").isChecked()
        panel.undo_stack.undo()  # the rebuilt panel has a fresh history: nothing to undo, still dirty
        assert panel.is_dirty
        window.findChild(QAction, "language_en").trigger()
        assert _menu_titles(window)[0] == "&File" and window.config_panel.doc.values == before
    finally:
        i18n.install_language("en")
        window.config_panel.undo_stack.setClean()  # closing must not ask about unsaved changes


def test_switching_is_refused_while_background_work_runs(qtbot):
    window = build_window()
    qtbot.addWidget(window)
    release = threading.Event()

    def wait(*, progress, cancel):
        release.wait(10)

    worker = window.runner.start(Worker(wait))
    try:
        assert not window.set_language("zh_CN")
        assert i18n.current_language() == "en" and _menu_titles(window)[0] == "&File"
        assert window.findChild(QAction, "language_en").isChecked()
        assert "switch the language" in window.status.currentMessage()
    finally:
        release.set()
        qtbot.waitUntil(lambda: worker not in window.runner.active, timeout=5000)
    assert saved_language(app_settings()) is None


def test_language_comes_from_argument_then_setting_then_system(monkeypatch):
    class Locale:
        name_ = "zh_TW"

        @classmethod
        def system(cls):
            return cls

        @classmethod
        def name(cls):
            return cls.name_

    monkeypatch.setattr(i18n, "QLocale", Locale)
    try:
        assert i18n.system_language() == "zh_CN" and choose_language() == "zh_CN"
        Locale.name_ = "de_DE"
        assert i18n.system_language() == "en" and choose_language() == "en"
        save_language("zh_CN", app_settings())
        assert choose_language() == "zh_CN" and i18n.current_language() == "zh_CN"
        assert choose_language("en") == "en" and i18n.current_language() == "en"
        save_language("fr", app_settings())  # a language this version does not ship
        assert choose_language() == "en"
    finally:
        i18n.install_language("en")


def test_lang_argument():
    assert parse_args(["--lang", "zh_CN"]).lang == "zh_CN"
    assert parse_args([]).lang is None
    with pytest.raises(SystemExit):
        parse_args(["--lang", "xx"])


def test_self_test_passes_in_chinese(tmp_path):
    done = subprocess.run([sys.executable, "-m", "ascend_dump_gui", "--self-test", "--lang", "zh_CN"],
                          capture_output=True, text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


# (f) findings built while checking: a template translated, the values filled in ---------------------------
_PLACEHOLDER = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")


def test_finding_templates_keep_their_placeholders():
    from ascend_dump_gui.ui.translations.catalog import CORE_DIR, SCHEMA_CONTEXT, ui_strings

    translated = ts_translations()
    broken = [f"{source!r} -> {translated[(SCHEMA_CONTEXT, source)]!r}" for source in ui_strings(CORE_DIR, "msg")
              if sorted(_PLACEHOLDER.findall(source)) != sorted(_PLACEHOLDER.findall(translated[(SCHEMA_CONTEXT,
                                                                                                   source)]))]
    assert not broken, "\n".join(broken)


def test_dynamic_findings_show_in_chinese_with_their_values(qtbot, chinese):
    from ascend_dump_gui.core.config.check import check
    from ascend_dump_gui.core.config.model import ConfigDoc
    from ascend_dump_gui.ui.config.findings_view import FindingsPanel

    found = check(ConfigDoc("torchair", {"enable_dump": True, "dump_path": "/no/such/dump_dir_42",
                                         "dump_step": "5-3"}))
    missing = next(f for f in found if f.rule == "torchair.dump_path_not_found")
    step = next(f for f in found if f.options == ("dump_step",) and "template" in f.extra)
    assert missing.message.startswith("dump_path /no/such/dump_dir_42 does not exist on this machine; torchair")
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.set_findings(found)
    shown = [label.text() for label in panel.findChildren(QLabel, "finding_message")]
    path_text = next(text for text in shown if "/no/such/dump_dir_42" in text)
    assert path_text == i18n.finding_text(missing)
    assert "在本机上不存在" in path_text and "FileNotFoundError" in path_text and "torchair checks" not in path_text
    step_text = i18n.finding_text(step)
    assert step_text in shown and "'5-3'" in step_text and "起始值" in step_text and _CJK.search(step_text)
    assert "dump_step \"5-3\"" in step_text


def test_a_finding_without_a_template_or_with_a_stale_one_shows_its_message(chinese):
    from dataclasses import replace

    from ascend_dump_gui.core.config.findings import Finding, Severity
    from ascend_dump_gui.core.messages import msg

    plain = Finding("r", Severity.WARNING, (), "text nobody translated")
    assert i18n.finding_text(plain) == "text nobody translated"
    templated = Finding("r", Severity.WARNING, (), msg("{key}: {exc}", key="dump_path", exc="boom"))
    assert i18n.finding_text(templated) == "dump_path：boom"
    assert i18n.finding_text(replace(templated, message="edited elsewhere")) == "edited elsewhere"


def test_every_finding_the_checker_makes_is_in_the_catalogue(tmp_path):
    """Over the seeds' examples and configs with odd values for every option: each finding's template (or fixed
    message) has a catalogue entry, so none stays English in the zh_CN UI."""
    from ascend_dump_gui.ui.translations.catalog import schema_strings
    from tests.core.config.finding_corpus import findings

    known = set(schema_strings())
    corpus = findings(None, tmp_path)
    untranslatable = sorted({f"{f.rule}: {f.message[:100]}" for f in corpus
                             if f.extra.get("template", f.message) not in known})
    assert len(corpus) > 5000 and not untranslatable, "\n".join(untranslatable)
