"""ConfigPanel driven through its real widgets: live findings, fixes, undo, focus, search, environment."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QTableWidgetItem

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.paths import resolve_paths
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.ui.config.panel import ConfigPanel

CONFLICT = "acl.watcher_with_dump_debug"


@pytest.fixture
def panel(qtbot, tmp_path):
    panel = ConfigPanel()
    qtbot.addWidget(panel)
    panel.where.set_cwd(tmp_path)
    panel.resize(1200, 800)
    panel.show()
    return panel


def rules(panel) -> set[str]:
    return {f.rule for f in panel.findings}


def widget(panel, cls, key, form=None):
    found = (form or panel.form).findChild(cls, key)
    assert found is not None, key
    return found


def build_watcher(panel) -> None:
    """A watcher config typed into the form: scene, path, and one dump_list row."""
    scene = widget(panel, QComboBox, "dump_scene")
    scene.setCurrentIndex(scene.findData("watcher"))
    widget(panel, QLineEdit, "dump_path").setText("output")
    table = panel.form.editor("dump_list").input
    table.add_row()
    table.table.setItem(0, 1, QTableWidgetItem("A, B"))        # layer
    table.table.setItem(0, 2, QTableWidgetItem("C D"))         # watcher_nodes


def test_watcher_conflict_appears_and_disappears(panel):
    build_watcher(panel)
    assert panel.doc.values["dump_list"] == [{"layer": ["A", "B"], "watcher_nodes": ["C", "D"]}]
    assert CONFLICT not in rules(panel)

    widget(panel, QCheckBox, "dump_debug").setChecked(True)
    assert CONFLICT in rules(panel)
    assert panel.findings_panel.item_for(CONFLICT) is not None
    assert "overflow dump" in panel.form.marker_text("dump_debug").lower()
    assert panel.form.marker_text("dump_scene")  # both options involved carry a marker

    assert panel.findings_panel.empty_note.isHidden()

    widget(panel, QCheckBox, "dump_debug").setChecked(False)
    assert CONFLICT not in rules(panel)
    assert panel.findings_panel.item_for(CONFLICT) is None
    assert panel.findings_panel.empty_note.isHidden() == bool(panel.findings)


def test_a_finding_card_cites_the_document_it_comes_from(panel):
    from PySide6.QtWidgets import QLabel

    build_watcher(panel)
    widget(panel, QCheckBox, "dump_debug").setChecked(True)
    card = panel.findings_panel.item_for(CONFLICT)
    finding = next(f for f in panel.findings if f.rule == CONFLICT)
    assert finding.source.startswith("seed 001")
    shown = card.findChild(QLabel, "finding_detail").text()
    assert "AscendCL API reference, aclmdlSetDump" in shown and "seed 001" not in shown


def test_findings_are_the_cores(panel):
    panel.load_demo()
    expected = check(panel.doc, env={}, base_dir=panel._base_dir())
    assert [(f.rule, f.options) for f in panel.findings] == [(f.rule, f.options) for f in expected]
    assert panel.last_check_ms < 50


def test_fix_button_applies_the_fix_and_undo_restores(panel):
    panel.load_demo()
    assert panel.doc.values["dump_debug"] is True and CONFLICT in rules(panel)
    panel.findings_panel.fix_button(CONFLICT).click()
    assert "dump_debug" not in panel.doc.values
    assert not widget(panel, QCheckBox, "dump_debug").isChecked()
    assert CONFLICT not in rules(panel)
    assert panel.is_dirty

    panel.undo_stack.undo()
    assert panel.doc.values["dump_debug"] is True
    assert widget(panel, QCheckBox, "dump_debug").isChecked()
    assert CONFLICT in rules(panel) and not panel.is_dirty

    panel.undo_stack.redo()
    assert "dump_debug" not in panel.doc.values


def test_typing_is_one_undo_step_and_every_edit_is_undoable(panel, qtbot):
    path = widget(panel, QLineEdit, "dump_path")
    qtbot.keyClicks(path, "out/dump")
    widget(panel, QCheckBox, "dump_op_switch").setChecked(True)
    assert panel.doc.values == {"dump_path": "out/dump", "dump_op_switch": True}
    assert panel.undo_stack.count() == 2
    panel.undo_stack.undo()
    assert panel.doc.values == {"dump_path": "out/dump"}
    assert not widget(panel, QCheckBox, "dump_op_switch").isChecked()
    panel.undo_stack.undo()
    assert panel.doc.values == {} and path.text() == ""


def test_clicking_a_finding_focuses_its_field(panel, qtbot):
    panel.load_demo()
    panel.activateWindow()
    card = panel.findings_panel.item_for(CONFLICT)
    assert card.finding.options[0] == "dump_scene"
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: widget(panel, QComboBox, "dump_scene").hasFocus())
    assert "dump_scene" in panel.form.help_pane.text()


def test_focus_reaches_a_hidden_field_and_a_table_cell(panel):
    panel.load_demo()
    panel.search.setText("no such option")
    assert not panel.form.is_visible_field("dump_list")
    assert panel.focus_option("dump_list[0].watcher_nodes")
    assert panel.search.text() == "" and panel.form.is_visible_field("dump_list")
    table = panel.form.editor("dump_list").input.table
    assert table.horizontalHeaderItem(table.currentColumn()).text() == "watcher_nodes"


def test_search_and_only_changed_over_tf1_options(panel):
    panel.new_config("tf1_session")
    total = len(SCENARIOS["tf1_session"].fields)
    assert total >= 70
    panel.search.setText("precision_mode")
    assert panel.form.is_visible_field("precision_mode") and not panel.form.is_visible_field("enable_dump")
    assert panel.filter_note.text().endswith(f"of {total} shown")
    panel.search.clear()
    widget(panel, QCheckBox, "enable_dump").setChecked(True)
    panel.only_changed.setChecked(True)
    assert panel.form.is_visible_field("enable_dump") and not panel.form.is_visible_field("dump_path")
    assert panel.filter_note.text() == f"1 of {total} shown"


def test_scenario_picker_says_what_each_is_for(panel):
    box = panel.scenario_box
    assert [box.itemData(i) for i in range(box.count())] == list(SCENARIOS)
    box.setCurrentIndex(box.findData("torchair"))
    box.activated.emit(box.currentIndex())
    assert panel.scenario == "torchair"
    assert panel.summary.text() == SCENARIOS["torchair"].summary
    assert box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole) == SCENARIOS["torchair"].summary


def test_environment_editor_moves_where_files_land(panel, tmp_path):
    widget(panel, QLineEdit, "dump_path").setText("output")
    before = panel.where.rows()
    work = tmp_path / "work"
    widget(panel, QLineEdit, "ASCEND_WORK_PATH", panel.env_form).setText(str(work))
    after = panel.where.rows()
    assert after != before
    expected = resolve_paths(panel.doc, env={"ASCEND_WORK_PATH": str(work)}, cwd=tmp_path)
    assert after == {a.artifact: (str(a.path), a.decided_by) for a in expected}
    panel.undo_stack.undo()  # the environment edit is undoable too
    assert panel.where.rows() == before


def test_step_grammar_shows_while_typing_and_reaches_the_checker(panel, qtbot):
    panel.new_config("tf1_session")
    step = widget(panel, QLineEdit, "dump_step")
    qtbot.keyClicks(step, "5-3")
    assert "start below its end" in panel.form.problem_text("dump_step")
    assert any("dump_step" in f.options for f in panel.findings)


def test_preview_shows_the_export_and_copies_it(panel, qtbot):
    from PySide6.QtGui import QGuiApplication

    from ascend_dump_gui.core.config.formats.exporters import export

    panel.load_demo()
    assert panel.preview.current_target() == "acl_json"
    assert panel.preview.text.toPlainText() == export(panel.doc, "acl_json")
    panel.preview.copy_button.click()
    assert QGuiApplication.clipboard().text() == export(panel.doc, "acl_json")
    panel.preview.select("env_shell")
    widget(panel, QLineEdit, "ASCEND_WORK_PATH", panel.env_form).setText("/tmp/w")
    assert "ASCEND_WORK_PATH=/tmp/w" in panel.preview.text.toPlainText()


def test_product_choice_enables_product_checks(panel):
    panel.new_config("acl_json", {"dump_path": "out", "dump_scene": "aic_err_detail_dump"})
    assert "acl.aic_err_detail_product" not in rules(panel)
    panel.product_box.setCurrentIndex(panel.product_box.findData("atlas_training"))
    assert "acl.aic_err_detail_product" in rules(panel)
    assert not panel.is_dirty  # the product is a view setting, not an edit


def test_what_an_import_could_not_read_is_a_finding(panel, tmp_path):
    script = tmp_path / "train.py"
    script.write_text('custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(my_dir)\n'
                      'custom_op.parameter_map["enable_dump"].b = True\n')
    panel.open_config(script)
    assert panel.scenario == "tf1_session" and panel.doc.values == {"enable_dump": True}
    card = panel.findings_panel.item_for("import.not_understood")
    assert card is not None and "line 1" in card.finding.message


def test_nested_blacklist_cells_take_json(panel):
    table = panel.form.editor("dump_list").input
    table.add_row()
    column = [c.key for c in SCENARIOS["acl_json"].field("dump_list").columns].index("optype_blacklist")
    table.table.setItem(0, column, QTableWidgetItem('[{"name": "Conv2D", "pos": ["input0"]}]'))
    assert panel.doc.values["dump_list"] == [{"optype_blacklist": [{"name": "Conv2D", "pos": ["input0"]}]}]
    table.table.setItem(0, column, QTableWidgetItem('[{"name": '))
    assert "not valid JSON" in panel.form.problem_text("dump_list")
    assert panel.doc.values["dump_list"] == [{"optype_blacklist": [{"name": "Conv2D", "pos": ["input0"]}]}]


def test_switching_scenario_with_unsaved_edits_asks_first(panel, monkeypatch):
    from ascend_dump_gui.ui.config import files

    widget(panel, QLineEdit, "dump_path").setText("mine")
    monkeypatch.setattr(files, "ask_unsaved", lambda parent, title: "cancel")
    box = panel.scenario_box
    box.setCurrentIndex(box.findData("env"))
    box.activated.emit(box.currentIndex())
    assert panel.scenario == "acl_json" and box.currentData() == "acl_json"
    assert panel.doc.values == {"dump_path": "mine"}
    monkeypatch.setattr(files, "ask_unsaved", lambda parent, title: "discard")
    box.setCurrentIndex(box.findData("env"))
    box.activated.emit(box.currentIndex())
    assert panel.scenario == "env" and panel.doc.values == {}
    assert not panel.side_tabs.isTabVisible(panel.side_tabs.indexOf(panel.env_form))  # env is the main form


def _title_visible(form, group: str) -> bool:
    box = form._groups[group][0]
    top = box.mapTo(form.scroll.viewport(), box.rect().topLeft()).y()
    return 0 <= top < form.scroll.viewport().height() - box.fontMetrics().height()


def test_group_navigator_scrolls_the_long_tf1_form_to_the_chosen_group(panel, qtbot):
    panel.new_config("tf1_session")
    form = panel.form
    qtbot.waitExposed(form)
    nav = form.group_nav
    assert nav.isVisible() and nav.count() == len(form.groups) >= 10
    last = form.groups[-1]
    assert not _title_visible(form, last)  # the form is longer than the window
    index = nav.findData(last)
    nav.setCurrentIndex(index)
    nav.activated.emit(index)
    assert _title_visible(form, last)
    assert nav.currentIndex() == -1  # back to "Go to group…"
    first = form.groups[0]
    nav.activated.emit(nav.findData(first))
    assert _title_visible(form, first) and form.scroll.verticalScrollBar().value() <= 20


def test_group_navigator_offers_only_groups_the_filters_leave(panel, qtbot):
    panel.new_config("tf1_session", {"enable_dump": True})
    form = panel.form
    assert form.offered_groups() == form.groups
    panel.only_changed.setChecked(True)
    offered = form.offered_groups()
    assert offered == [SCENARIOS["tf1_session"].field("enable_dump").group]
    hidden = next(g for g in form.groups if g not in offered)
    assert not form.scroll_to_group(hidden)
    panel.only_changed.setChecked(False)
    panel.search.setText("profiling")
    offered = form.offered_groups()
    assert offered and len(offered) < len(form.groups)
    assert all(form._groups[g][0].isVisible() for g in offered)
    panel.search.clear()
    assert form.offered_groups() == form.groups


def test_a_step_problem_the_checker_reports_shows_once_by_the_field_not_twice(panel, qtbot):
    panel.new_config("tf1_session", {"enable_dump": True, "dump_path": "/tmp"})
    step = widget(panel, QLineEdit, "dump_step")
    qtbot.keyClicks(step, "5-3")
    card = next(f for f in panel.findings if "dump_step" in f.options and "start below its end" in f.message)
    assert panel.findings_panel.item_for(card.rule) is not None
    assert "start below its end" in panel.form.marker_text("dump_step")  # the marker says it by the field
    assert panel.form.problem_text("dump_step") == ""                      # no copy of the card under it
    assert step.property("invalid") is True                                # the field still looks wrong
    step.setText("3-5")
    assert panel.form.problem_text("dump_step") == "" and panel.form.marker_text("dump_step") == ""
    assert step.property("invalid") is False


def test_a_step_problem_the_checker_does_not_report_is_noted_under_the_field(panel, qtbot):
    panel.new_config("tf1_session")  # enable_dump off: the checker only says dump_step is ignored
    qtbot.keyClicks(widget(panel, QLineEdit, "dump_step"), "5-3")
    assert "start below its end" in panel.form.problem_text("dump_step")
    assert "start below its end" not in panel.form.marker_text("dump_step")
