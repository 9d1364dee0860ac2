"""Compare's before-and-after page on the emulated mixed_precision model: the run under allow_mix_precision
before, the run with MatMulV2 black-listed after; the velocity MatMul is fixed and nothing old stays on screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from ascend_dump_gui.ui.compare.panel import ComparePanel
from tests.core.compare.test_before_after import VELOCITY, _run


@pytest.fixture
def panel(shown_panel):
    return shown_panel(ComparePanel)[0]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    before, golden = _run(tmp_path_factory.mktemp("before"), None)
    after, _ = _run(tmp_path_factory.mktemp("after"), {"black-list": {"to-add": ["MatMulV2"]}})
    return before, golden, after


def _cells(view, column: int) -> list[str]:
    return [view.model.index(r, column).data() for r in range(view.model.rowCount())]


def test_before_and_after_shows_the_fix(panel, qtbot, runs):
    before, golden, after = runs
    panel.set_inputs(before, golden)
    qtbot.mouseClick(panel.findChild(QPushButton, "show_before_after"), Qt.MouseButton.LeftButton)
    view = panel.before_after
    assert panel.views.currentWidget() is view
    view.after.set_path(str(after))
    with qtbot.waitSignal(view.job.finished, timeout=30_000):
        view.run()
    tensors = _cells(view, 0)
    row = tensors.index(VELOCITY)
    assert (_cells(view, 2)[row], _cells(view, 3)[row], _cells(view, 6)[row]) == ("fail", "pass", "fixed")
    assert f"First divergence before: {VELOCITY}; after: none." in view.summary.text()
    assert len(view.before_curve.getData()[0]) > 0 and len(view.after_curve.getData()[0]) > 0
    view.only_changed.setChecked(True)
    shown = set(_cells(view, 6))
    assert shown and shown <= {"fixed", "improved", "worse", "new", "gone", "not compared"}
    # a changed input takes the old rows and curves away at once
    panel.inputs.golden.set_path(str(before))
    assert view.model.rowCount() == 0 and view.before_curve.getData()[0] is None
    assert view.runs.text().endswith(str(before))
    view.back.emit()
    assert panel.views.currentIndex() == 0


def test_a_missing_after_run_is_said(panel, qtbot, runs, monkeypatch):
    before, golden, _after = runs
    panel.set_inputs(before, golden)
    panel.show_before_after()
    told = []
    monkeypatch.setattr("ascend_dump_gui.ui.compare.before_after.show_error",
                        lambda parent, exc, title: told.append(str(exc)))
    panel.before_after.run()
    assert told and "after the change" in told[0] and not panel.before_after.job.busy
