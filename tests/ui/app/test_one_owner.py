"""Issue 34, item 1: one result, one owner. Every view that shows a compare's replay or error profile holds the
Inputs it was computed from and clears itself the moment a path, the reference kind or the msprobe mode changes,
or the compare runs again: nothing of an earlier result stays on screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.ui.compare.panel import ComparePanel
from tests.ui.compare.test_replay_ui import mixed_run, perturbed_run  # noqa: F401 - module-scoped fixtures
from tests.ui.test_dump_fixtures import run_compare

REPLAY_DATA = Path(__file__).resolve().parents[2] / "core" / "replay" / "data"


@pytest.fixture
def panel(shown_panel):
    return shown_panel(ComparePanel)[0]


def replay_empty(view) -> bool:
    """Nothing of a replay: no result, no metrics, no histogram, an empty heatmap, no verdict colour."""
    return (view.shown is None and view.shown_for is None and view.table.rowCount() == 0
            and view.histogram._hist is None and view.heatmap.current_plane().size == 0
            and view.verdict.styleSheet() == "")


def profile_empty(view) -> bool:
    """No points, no note of a profile, no ticks or axis of one, nothing to replay."""
    xs, _ = view.golden_curve.getData()
    x_range = view.plot.getPlotItem().vb.viewRange()[0]
    return (view.points == [] and (xs is None or len(xs) == 0) and "ops:" not in view.note.text()
            and "Error born in" not in view.note.text() and x_range[1] - x_range[0] < 2 and not view.button.isEnabled())


def _replay(panel, qtbot, op: str):
    with qtbot.waitSignal(panel.replay_view.replayed, timeout=30_000) as done:
        panel.replay_op(op)
    return done.args[0]


def test_ge_replay_and_profile_clear_on_every_input_change(panel, qtbot, perturbed_run, mixed_run):  # noqa: F811
    _, npu, golden, graph = mixed_run
    view, profile = panel.replay_view, panel.profile_view
    with qtbot.waitSignal(view.replayed, timeout=30_000) as done:
        run_compare(panel, qtbot, npu, golden, graph)
    assert done.args[0].op == "velocity/MatMul" and not replay_empty(view)
    with qtbot.waitSignal(profile.profiled, timeout=60_000):
        profile.run()
    assert "ops:" in profile.note.text() and not profile_empty(profile)

    # a path changes: both go at once
    panel.inputs.golden.set_path(str(golden) + "_elsewhere")
    assert replay_empty(view) and "velocity" not in view.verdict.text()
    assert profile_empty(profile)

    # the compare runs on another model: nothing of the first stays while it runs; it finds no divergence, so
    # no verdict is shown (the issue: the old red or green verdict stayed)
    _, npu2, golden2, graph2 = perturbed_run
    panel.set_inputs(npu2, golden2, graph2)
    with qtbot.waitSignal(panel.finished, timeout=30_000) as finished:
        panel.run()
        assert replay_empty(view) and profile_empty(profile)
    assert finished.args[0].first_divergence is None
    assert replay_empty(view) and "No divergence" in view.verdict.text()
    assert profile.button.isEnabled() and profile.points == [] and "ops:" not in profile.note.text()

    # an op replayed now shows its own error map under its own verdict (never the previous op's map)
    replayed = _replay(panel, qtbot, "encoder/attn/Softmax")
    assert replayed.verdict == "kernel" and "Softmax" in view.verdict.text()
    assert view.heatmap.current_plane().shape == view.shown.error.shape == (16, 16)

    # a re-run of the same inputs is another result: the replay of before goes
    with qtbot.waitSignal(panel.finished, timeout=30_000):
        panel.run()
        assert replay_empty(view)
    _replay(panel, qtbot, "encoder/attn/Softmax")

    # the reference kind (golden or another dump) changes: what was shown was a compare against the other kind
    panel.inputs.set_reference_kind(golden=False)
    assert replay_empty(view) and profile_empty(profile)


@pytest.fixture
def quiet_bench(tmp_path):
    """An msprobe NPU tree that matches its bench: no divergence."""
    spec = MsprobeDumpSpec(task="tensor", level="L1")
    write_msprobe_tree(tmp_path / "npu", "mlp", spec)
    write_msprobe_tree(tmp_path / "bench", "mlp", spec)
    return tmp_path / "npu" / "step0", tmp_path / "bench" / "step0"


def test_msprobe_replay_goes_with_its_comparison(panel, qtbot, quiet_bench):
    npu, bench = REPLAY_DATA / "npu_perturbed" / "step0", REPLAY_DATA / "bench" / "step0"
    panel.set_inputs(npu, bench)
    assert panel.run() is not None
    view = panel.msprobe
    with qtbot.waitSignal(view.replay_view.replayed, timeout=30_000) as done:
        pass
    assert done.args[0].verdict == "kernel" and view.goto_button.isEnabled()
    assert view.table.currentIndex().row() == view.model.first_row()   # the first divergence is selected

    # another pair of trees that agree: the red verdict of the first goes, and with no divergence to go to the
    # button is off
    quiet_npu, quiet = quiet_bench
    panel.set_inputs(quiet_npu, quiet)
    assert replay_empty(view.replay_view) and view.model.rowCount() == 0
    with qtbot.waitSignal(view.finished, timeout=30_000) as finished:
        panel.run()
        assert replay_empty(view.replay_view)
    assert finished.args[0].first_divergence() is None
    assert replay_empty(view.replay_view) and "No divergence" in view.replay_view.verdict.text()
    assert not view.goto_button.isEnabled() and view.table.currentIndex().row() == 0   # a row is shown

    # the mode changes: the table, the plot and any replay of the other mode go
    panel.set_inputs(npu, bench)
    with qtbot.waitSignal(view.replay_view.replayed, timeout=30_000):
        panel.run()
    view.mode.setCurrentIndex(view.mode.findData("md5"))
    assert replay_empty(view.replay_view) and view.model.rowCount() == 0 and not view.goto_button.isEnabled()
