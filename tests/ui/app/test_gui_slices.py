"""The GUI thread's work after the first paint comes in slices: panels made and put in place on turns of their
own, widgets made ahead in steps, progress shown once per turn and painted with the window, a tensor picked
before its page is built shown once the page is."""

from __future__ import annotations

import threading

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from ascend_dump_gui.ui.start import panels


def _steps_factory(log: list[str]):
    def make_in_steps():
        """A widget made in three steps (a generator function returning it)."""
        log.append("step 1")
        yield
        log.append("step 2")
        yield
        log.append("step 3")
        return QLabel("made in steps")

    return make_in_steps


def test_a_factory_that_makes_its_widget_in_steps_is_made_ahead_one_piece_per_step():
    log: list[str] = []
    factory = _steps_factory(log)
    steps = panels.in_steps(factory, ())
    assert next(steps) == panels.STEP and log == ["step 1"]
    assert next(steps) == panels.STEP and log == ["step 1", "step 2"]
    try:
        next(steps)
    except StopIteration as done:
        widget = done.value
    assert log == ["step 1", "step 2", "step 3"] and widget.text() == "made in steps"
    widget.deleteLater()


def test_made_ahead_takes_all_the_steps_at_once_when_nothing_was_made_ahead(qtbot):
    log: list[str] = []
    widget = panels.made_ahead(_steps_factory(log))
    qtbot.addWidget(widget)
    assert log == ["step 1", "step 2", "step 3"] and widget.text() == "made in steps"


def test_a_configure_form_is_made_ahead_in_steps_and_is_the_same_form(qtbot):
    from ascend_dump_gui.core.config.scenarios import SCENARIOS
    from ascend_dump_gui.ui.config.form import ROWS_PER_STEP, SchemaForm, scenario_form

    steps = panels.in_steps(scenario_form, ("env",))
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            form = done.value
            break
        count += 1
    qtbot.addWidget(form)
    whole = SchemaForm(SCENARIOS["env"])
    qtbot.addWidget(whole)
    fields = len(SCENARIOS["env"].fields)
    assert count == fields // ROWS_PER_STEP > 1   # several pieces, not one
    assert form.groups == whole.groups and form.help_pane.text() == whole.help_pane.text()
    assert all(form.editor(spec.key) is not None for spec in SCENARIOS["env"].fields)


def test_a_panel_is_made_on_one_turn_and_put_in_place_on_a_later_one(qtbot):
    owner = QWidget()
    qtbot.addWidget(owner)
    log: list[str] = []

    def make(mode: str) -> None:
        log.append(f"make {mode}")

    def build(mode: str) -> QWidget:
        log.append(f"place {mode}")
        return QWidget()

    builder = panels.PanelBuilder(owner, {"one": panels.Plan(())}, build, make)
    turns = []
    plain_step = builder._step

    def step() -> None:   # each call is one turn of the event loop
        turns.append(list(log))
        plain_step()

    builder._timer.timeout.disconnect()
    builder._timer.timeout.connect(step)
    builder.start()
    qtbot.waitUntil(lambda: "place one" in log, timeout=5_000)
    assert log == ["make one", "place one"]
    assert ["make one"] in turns   # a turn began with the panel made but not yet placed


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event):  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_progress_bar_set_inside_painted_later_is_painted_with_the_window_not_at_once(qtbot):
    from ascend_dump_gui.ui.loading import painted_later

    window = QWidget()
    qtbot.addWidget(window)
    bar = QProgressBar()
    bar.setRange(0, 100)
    QVBoxLayout(window).addWidget(bar)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    paints = _Paints()
    bar.installEventFilter(paints)
    bar.setValue(10)   # Qt's own: a repaint there and then
    at_once = paints.count
    paints.count = 0
    with painted_later(bar):
        bar.setValue(60)
        bar.setFormat("%v of %m")
    assert at_once >= 1 and paints.count == 0
    qtbot.waitUntil(lambda: paints.count >= 1, timeout=2_000)   # painted later, with the window
    assert bar.value() == 60 and bar.text() == "60 of 100"


def test_progress_reported_while_the_gui_thread_was_busy_is_shown_once_the_latest(qtbot):
    from ascend_dump_gui.ui.loading import LatestTask
    from ascend_dump_gui.ui.workers import TaskRunner

    runner = TaskRunner()
    task = LatestTask(runner)
    reported, gate = threading.Event(), threading.Event()

    def work(*, progress, cancel):
        for k in range(1, 6):
            progress(k, 5, f"step {k}")
        reported.set()
        gate.wait(5)
        return "done"

    seen: list[tuple] = []
    task.progress.connect(lambda *args: seen.append(args))
    task.start("work", work)
    assert reported.wait(5)   # all five reports queued before the GUI thread looks
    qtbot.waitUntil(lambda: bool(seen), timeout=5_000)
    qtbot.wait(50)
    gate.set()
    qtbot.waitUntil(lambda: not task.busy, timeout=5_000)
    assert seen == [(5, 5, "step 5")]


def test_a_tensor_picked_before_the_tensor_page_is_built_shows_once_it_is(qtbot, tmp_path):
    from ascend_dump_gui.core.demo import make_demo
    from ascend_dump_gui.core.dump.records import DumpRecord
    from ascend_dump_gui.ui.dump.record_view import RecordView

    demo = make_demo(tmp_path / "demo")
    golden = sorted(demo.golden_folder.rglob("*.npy"))[0]
    rel = golden.relative_to(demo.golden_folder).as_posix()
    record = DumpRecord(rel, "golden", None, None, None, None, None, None, None, None, None, None, None, None,
                        golden.stat().st_size)
    view = RecordView()
    qtbot.addWidget(view)
    view.show_record(str(demo.golden_folder), record)
    assert view._tensor_view is None   # not built all at once
    qtbot.waitUntil(lambda: view._tensor_view is not None, timeout=10_000)
    tensor_view = view.tensor_view
    assert view.currentWidget() is tensor_view
    assert tensor_view._path == str(golden)
    qtbot.waitUntil(lambda: tensor_view.tensors.topLevelItemCount() > 0, timeout=10_000)
    view.show_record(str(demo.golden_folder), None)   # and a later pick is not overridden by the earlier one
    assert tensor_view._path == ""


def test_the_configure_panel_is_made_in_steps_and_ends_complete(qtbot):
    """Configure's panel is made in two pieces (its widgets, then its empty acl.json config) and is then the
    same as one made at once: a config shown, its form and findings filled."""
    from ascend_dump_gui.ui.config.panel import ConfigPanel, config_panel

    steps = panels.in_steps(config_panel, ())
    assert next(steps) == panels.STEP
    panel = panels.at_once(steps)
    qtbot.addWidget(panel)
    whole = ConfigPanel()
    qtbot.addWidget(whole)
    assert panel.scenario == whole.scenario == "acl_json" and panel.forms.currentWidget() is panel.form
    assert panel.doc.values == whole.doc.values and panel.preview.text.toPlainText() == whole.preview.text.toPlainText()
    assert panel.findings == whole.findings and panel.where.rows() == whole.where.rows()


def test_a_panel_needed_while_the_builder_is_making_it_in_steps_is_made_once(qtbot):
    """The window asks for Configure while the builder is between the steps of making it: it is made at once
    and put in place; the builder's half-made one is dropped, and the mode has one panel."""
    from ascend_dump_gui.ui.config.panel import ConfigPanel
    from ascend_dump_gui.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    steps = window._make_unplaced("configure")
    assert next(steps) == panels.STEP   # the builder's first piece: the widgets only
    panel = window.config_panel   # needed now
    assert isinstance(panel, ConfigPanel) and panel.doc.scenario == "acl_json"
    assert panels.at_once(steps) is None and window.config_panel is panel and "configure" not in window._unplaced
    assert window.tabs.widget(0) is panel


def test_the_compare_panel_is_made_in_steps_and_ends_complete(qtbot, tmp_path):
    """Compare's panel is made in three pieces and is then the same as one made at once: its tabs, its table,
    and its inputs' edits followed (the summary says both dumps are chosen)."""
    from ascend_dump_gui.ui.compare.panel import ComparePanel, compare_panel

    steps = panels.in_steps(compare_panel, ())
    assert [next(steps), next(steps)] == [panels.STEP, panels.STEP]
    panel = panels.at_once(steps)
    qtbot.addWidget(panel)
    whole = ComparePanel()
    qtbot.addWidget(whole)
    tabs = [panel.details.tabText(k) for k in range(panel.details.count())]
    assert tabs == [whole.details.tabText(k) for k in range(whole.details.count())] and len(tabs) == 5
    assert panel.table.model() is panel.model and panel.summary.text() == whole.summary.text()
    for made in (panel, whole):
        made.set_inputs(tmp_path / "npu", tmp_path / "golden")
    assert panel.summary.text() == whole.summary.text() == "NPU and golden dumps chosen: press Compare."
