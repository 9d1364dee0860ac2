"""The words of issue 34 a user reads: inputs named by model, rank and step; a restored Compare that knows its paths
are chosen; row labels that agree with the summary's counts; what is wrong when formats differ or a tree is empty;
undecided script settings greyed with their condition; msprobe's results, replay terms and JSON errors in Chinese."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox

from ascend_dump_gui.core.dump.layout import run_label
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.ui import i18n
from ascend_dump_gui.ui.compare.panel import ComparePanel
from ascend_dump_gui.ui.compare.table_data import NOT_COMPARED, UNMATCHED
from ascend_dump_gui.ui.config.panel import ConfigPanel
from ascend_dump_gui.ui.ranks.panel import RanksPanel
from tests.emulator_runs import emulated, model_dump
from tests.ui.config.test_config_script_args import ENV_SCRIPT
from tests.ui.i18n.untranslated import english_left, schema_words


@pytest.mark.parametrize("path, label", [
    ("/d/dump/20240101000000/0/overflow_fp16/1/0", "overflow_fp16 step 0"),
    ("/r/worldsize4_global_rank2/20240101000000/2/graph_1/1/1", "graph_1 rank 2 step 1"),
    ("/d/golden/0", "golden/0"),
])
def test_a_run_is_named_by_its_model_rank_and_step(path, label):
    assert run_label(path) == label


def test_compare_names_its_runs_and_labels_rows_as_the_summary_counts(shown_panel, qtbot, tmp_path):
    _, step, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    panel = shown_panel(ComparePanel)[0]
    assert panel.summary.text() == "Choose an NPU dump and a golden dump, then Compare."
    panel.set_inputs(step, golden)                    # as a session restore fills them
    assert panel.summary.text() == "NPU and golden dumps chosen: press Compare."
    with qtbot.waitSignal(panel.finished, timeout=60_000) as done:
        panel.run()
    summary = done.args[0].summary
    assert panel.summary.text().startswith("mlp step 0 vs golden/0 ("), panel.summary.text()
    statuses = [panel.model.status_at(r) for r in range(panel.model.rowCount())]
    assert statuses.count(UNMATCHED) == summary["unmatched_npu"]
    assert statuses.count(NOT_COMPARED) == summary["not_compared"]


def test_an_msprobe_tree_against_a_ge_golden_folder_says_the_formats_differ(shown_panel, qtbot, tmp_path, chinese):
    _, _, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    write_msprobe_tree(tmp_path / "msprobe", "mlp", MsprobeDumpSpec(task="tensor", level="L1"))
    panel = shown_panel(ComparePanel)[0]
    panel.set_inputs(tmp_path / "msprobe", golden)
    panel.run()
    qtbot.waitUntil(lambda: panel.findChild(QMessageBox, "error_box") is not None, timeout=30_000)
    text = panel.findChild(QMessageBox, "error_box").informativeText()
    assert "msprobe" in text and "格式" in text and "no readable" not in text and not english_left(text), text


def test_ranks_on_an_empty_folder_is_an_error_not_zero_runs(shown_panel, qtbot, tmp_path):
    (tmp_path / "empty").mkdir()
    panel = shown_panel(RanksPanel)[0]
    panel.set_inputs(tmp_path / "empty", None, mode="ranks")
    panel.run()
    qtbot.waitUntil(lambda: panel.findChild(QMessageBox, "error_box") is not None, timeout=30_000)
    assert "holds no dump runs" in panel.findChild(QMessageBox, "error_box").informativeText()
    assert "0 runs" not in panel.summary.text() and "first divergence" not in panel.summary.text()


def test_an_undecided_setting_is_drawn_greyed_with_its_condition(shown_panel, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(ENV_SCRIPT)
    panel.open_config(script)
    grey = panel.palette().color(panel.palette().ColorRole.PlaceholderText).name()
    label = panel.form.findChild(QLabel, "dump_debug_mode__label")
    editor = label.buddy()
    assert label.text().startswith(f"<span style='color:{grey}'>") and "only when" in label.text()
    assert editor.property("undecided") or editor.parentWidget().property("undecided")
    assert grey in editor.styleSheet() or grey in editor.parentWidget().styleSheet()
    set_label = panel.form.findChild(QLabel, "precision_mode__label")
    set_editor = set_label.buddy()
    assert not set_label.text().startswith("<span") and not set_editor.property("undecided")


def test_chinese_words_for_msprobe_results_replay_terms_and_json_errors(qtbot, tmp_path, chinese):
    from ascend_dump_gui.core.config.jsontext import loads
    from ascend_dump_gui.core.msprobe.rows import RESULT_WORDS
    from ascend_dump_gui.ui.errors import error_text
    from ascend_dump_gui.ui.replay.view import term_label

    assert [i18n.schema_text(RESULT_WORDS[k]) for k in ("pass", "warning", "error")] == ["通过", "警告", "错误"]
    assert not any(english_left(term_label(k)) for k in ("WorstBudgetRatio", "gamma", "floor", "note"))
    with pytest.raises(InputError) as info:
        loads('{"dump": {dump_path: "x"}}', "acl.json")
    text = error_text(info.value)
    assert "第 1 行" in text and "第 11 列" in text and not english_left(text), text


def test_every_cited_section_is_in_the_catalogue_and_shown_translated(chinese):
    """A citation's words (a section title, a quoted sentence of the document) are translated like the document's
    title, in field help and in finding cards."""
    from ascend_dump_gui.core.config.rules.env import RULES as ENV_RULES
    from ascend_dump_gui.core.config.scenarios import SCENARIOS
    from ascend_dump_gui.core.config.sources import cite
    from ascend_dump_gui.ui.translations.catalog import schema_strings

    sources = [r.source for r in ENV_RULES if getattr(r, "source", "")]
    for scenario in SCENARIOS.values():
        sources += [f.source for f in scenario.fields if f.source]
        sources += [r.source for r in scenario.rules if getattr(r, "source", "")]
    known = set(schema_strings())
    assert {"Dump Watch Configuration for Operators", "session options"} <= known
    kept = schema_words()
    left = {source: english_left(cite(source, i18n.tr_schema), kept) for source in set(sources)}
    assert not {s: w for s, w in left.items() if w}, left


def test_an_unsupported_replay_says_why_in_chinese(chinese):
    from ascend_dump_gui.core.replay.call import Unsupported
    from ascend_dump_gui.core.replay.registry import reference_of

    with pytest.raises(Unsupported) as info:
        reference_of("NoSuchOp")
    assert str(info.value) == "op type NoSuchOp is not covered by the replay"     # the CLI's words
    assert i18n.schema_text(info.value.reason) == "重放不支持算子类型 NoSuchOp"
