"""SchemaForm: widgets generated from FieldSpecs, edits reported, values shown, filters, grammar as you type."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QTableWidgetItem

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.ui.config.editors import EDITORS, UNSET
from ascend_dump_gui.ui.config.form import SchemaForm, locate

COLUMNS = (
    FieldSpec("model_name", Kind.STR, None, "Model name"),
    FieldSpec("layer", Kind.STR_LIST, None, "Layers"),
)
DEMO = Scenario("demo", "Demo", "for tests", 1, (
    FieldSpec("dump_path", Kind.PATH, None, "Dump folder", help="Where dump files go.", group="Dump"),
    FieldSpec("dump_step", Kind.STEP, None, "Steps", group="Dump"),
    FieldSpec("dump_debug", Kind.CHOICE, "off", "Overflow dump", choices=("on", "off"), group="Dump"),
    FieldSpec("dump_list", Kind.TABLE, None, "What to dump", columns=COLUMNS, group="Dump"),
    FieldSpec("iterations", Kind.INT, 1, "Iterations", minimum=1, maximum=100, group="Run"),
    FieldSpec("enable_dump", Kind.BOOL, False, "Dump", group="Run"),
    FieldSpec("exception_mode", Kind.CHOICE, None, "Exception dump", choices=(0, 1, 2), group="Run"),
    FieldSpec("options", Kind.MAPPING, None, "More", group="Run"),
))


@pytest.fixture
def form(qtbot):
    form = SchemaForm(DEMO)
    qtbot.addWidget(form)
    form.show()
    return form


def edits(form):
    seen = []
    form.edited.connect(lambda key, value: seen.append((key, value)))
    return seen


def test_every_kind_has_an_editor():
    assert set(EDITORS) == set(Kind)


def test_fields_are_grouped_and_named_by_key(form):
    assert form.groups == ["Dump", "Run"]
    assert form.findChild(QSpinBox, "iterations").value() == 1
    assert form.findChild(QComboBox, "exception_mode").currentIndex() == -1  # no default: not set


def test_step_grammar_is_checked_as_you_type(form):
    seen = edits(form)
    step = form.findChild(QLineEdit, "dump_step")
    step.setText("0|3-")
    assert "not a number or a range" in form.problem_text("dump_step")
    step.setText("0|5-3")
    assert "backwards" in form.problem_text("dump_step")
    step.setText("0|3-5|10")
    assert form.problem_text("dump_step") == ""
    # the text is kept either way (the checker reports it too); the note is only a hint while typing
    assert seen == [("dump_step", "0|3-"), ("dump_step", "0|5-3"), ("dump_step", "0|3-5|10")]


def test_step_grammar_depends_on_the_scenario(qtbot):
    tf1 = Scenario("tf1_session", "TF1", "", 1, (FieldSpec("dump_step", Kind.STEP, None, "Steps"),))
    form = SchemaForm(tf1)
    qtbot.addWidget(form)
    form.show_values({"dump_step": "3-3"})  # acl.json accepts 3-3, the TF1 adapter wants start < end
    assert "start below its end" in form.problem_text("dump_step")


def test_edits_are_reported_with_typed_values(form):
    seen = edits(form)
    form.findChild(QCheckBox, "enable_dump").setChecked(True)
    form.findChild(QComboBox, "exception_mode").setCurrentIndex(2)
    form.findChild(QLineEdit, "dump_path").setText("out")
    form.findChild(QLineEdit, "dump_path").setText("")
    assert seen == [("enable_dump", True), ("exception_mode", 2), ("dump_path", "out"), ("dump_path", UNSET)]


def test_table_rows_become_records(form):
    seen = edits(form)
    table = form.editor("dump_list").input
    table.add_row()
    table.table.setItem(0, 1, QTableWidgetItem("A, B C"))
    assert seen[-1] == ("dump_list", [{"layer": ["A", "B", "C"]}])


def test_mapping_needs_a_json_object(form):
    seen = edits(form)
    editor = form.editor("options").input
    editor.setPlainText("[1, 2]")
    assert "JSON object" in form.problem_text("options")
    editor.setPlainText('{"a": 1}')
    assert seen == [("options", {"a": 1})]


def test_show_values_fills_widgets_without_reporting_edits(form):
    seen = edits(form)
    form.show_values({"dump_step": "1|2", "dump_list": [{"model_name": "m", "layer": ["x"]}], "iterations": 7})
    assert form.findChild(QLineEdit, "dump_step").text() == "1|2"
    assert form.editor("dump_list").get() == [{"model_name": "m", "layer": ["x"]}]
    assert form.findChild(QSpinBox, "iterations").value() == 7
    form.show_values({})
    assert form.findChild(QSpinBox, "iterations").value() == 1 and form.editor("dump_list").get() == []
    assert seen == []


def test_reset_button_unsets_an_option(form):
    seen = edits(form)
    form.show_values({"iterations": 7})
    reset = form.findChild(type(form._rows["iterations"].reset), "iterations__reset")
    assert reset.isEnabled()
    reset.click()
    assert seen == [("iterations", UNSET)]


def test_filter_by_text_and_by_changed(form):
    assert form.set_filter("dump") == 6  # all but iterations and options (labels count: "Exception dump")
    assert not form.is_visible_field("iterations")
    assert form.set_filter("where dump files") == 1  # help text is searched too
    assert form.set_filter("", only_keys={"iterations"}) == 1
    assert form.is_visible_field("iterations") and not form.is_visible_field("dump_path")
    assert form.set_filter("") == len(DEMO.fields)


def test_findings_mark_fields_including_table_columns(form):
    finding = Finding("watcher_model_name", Severity.ERROR, ("dump_list[0].model_name", "dump_debug"), "No.")
    form.set_findings([finding])
    assert "No." in form.marker_text("dump_list") and "No." in form.marker_text("dump_debug")
    assert form.marker_text("dump_path") == ""
    form.set_findings([])
    assert form.marker_text("dump_list") == ""


def test_locate_and_focus_a_field(form, qtbot):
    assert locate(DEMO, "layer") == ("dump_list", "layer", 0)
    assert locate(DEMO, "NPU_COLLECT_PATH") is None
    form.activateWindow()
    assert form.focus_field("dump_step")
    qtbot.waitUntil(lambda: form.findChild(QLineEdit, "dump_step").hasFocus())
    assert "Steps (dump_step)" in form.help_pane.text()
