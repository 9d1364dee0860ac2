"""ui.replay: the first divergence states its replay verdict; "Replay this op" from a Compare row and from a
Graph node shows verdict, metrics, budget and the NPU-minus-replay error; the run's error profile; cancel."""

from __future__ import annotations

import pytest

from ascend_dump_gui.ui.compare.panel import ComparePanel
from tests.ui.test_dump_fixtures import emulated, model_dump, run_compare


@pytest.fixture
def panel(shown_panel):
    return shown_panel(ComparePanel)[0]


@pytest.fixture(scope="module")
def mixed_run(tmp_path_factory):
    return emulated(tmp_path_factory.mktemp("mixed"), model_dump("mixed_precision"), "mixed_precision")


@pytest.fixture(scope="module")
def perturbed_run(tmp_path_factory):
    return emulated(tmp_path_factory.mktemp("perturbed"), model_dump("transformer"), "transformer", fault="perturb")


def test_first_divergence_states_its_replay_verdict(panel, qtbot, mixed_run):
    _, npu, golden, graph = mixed_run
    with qtbot.waitSignal(panel.replay_view.replayed, timeout=30_000) as replayed:
        result = run_compare(panel, qtbot, npu, golden, graph)
    assert result.first_divergence.op_name == "velocity/MatMul"
    assert replayed.args[0].op == "velocity/MatMul" and replayed.args[0].verdict == "reduced_precision"
    assert "replay: reduced precision" in panel.summary.text()
    assert "velocity/MatMul" in panel.replay_view.verdict.text()
    assert not panel.replay_view.fix_button.isHidden()   # its remedy is a precision setting: Propose a fix


def test_replay_this_op_from_a_row_menu_shows_metrics_budget_and_error(panel, qtbot, perturbed_run):
    _, npu, golden, graph = perturbed_run
    run_compare(panel, qtbot, npu, golden, graph)
    panel.select_op("encoder/attn/Softmax")
    menu = panel.row_menu_at(panel.table.visualRect(panel.table.currentIndex()).center())
    action = next(a for a in menu.actions() if a.text() == "Replay this op")
    with qtbot.waitSignal(panel.replay_view.replayed, timeout=30_000) as replayed:
        action.trigger()
    assert panel.details.currentWidget() is panel.replay_view
    result = replayed.args[0]
    assert result.op == "encoder/attn/Softmax" and result.verdict == "kernel"
    view = panel.replay_view
    cells = {view.table.item(r, 0).text(): view.table.item(r, 1).text() for r in range(view.table.rowCount())}
    assert cells["verdict"] == "kernel" and "cosine similarity" in cells and "budget: safety factor" in cells
    assert view.shown.error.shape == (16, 16) and view.shown.histogram.counts.sum() == 256
    assert view.heatmap.current_plane().shape == (16, 16)
    assert "kernel" in view.verdict.text()


def test_error_profile_marks_where_error_is_born(panel, qtbot, perturbed_run):
    _, npu, golden, graph = perturbed_run
    run_compare(panel, qtbot, npu, golden, graph)
    profile = panel.profile_view
    assert profile.button.isEnabled()
    with qtbot.waitSignal(profile.profiled, timeout=60_000) as done:
        profile.run()
    points = done.args[0]
    assert [p.index for p in points] == sorted(p.index for p in points)
    assert [p.op for p in points if p.verdict == "kernel"] == ["encoder/attn/Softmax"]
    assert any(p.golden_error is not None for p in points)
    xs, _ = profile.replay_curve.getData()
    assert len(xs) == sum(p.replay_error is not None for p in points)
    assert "encoder/attn/Softmax" in profile.note.text()


def test_replay_can_be_cancelled(panel, qtbot, perturbed_run):
    _, npu, _, graph = perturbed_run
    view = panel.replay_view
    with qtbot.waitSignal(view.job.cancelled, timeout=5_000):
        view.start(npu, "encoder/ffn/fc1/MatMul", graph)
        view.cancel()
    assert "cancelled" in view.verdict.text()


def test_graph_node_replay_reaches_compare(window, qtbot, perturbed_run):
    _, npu, golden, graph = perturbed_run
    compare = window.compare_panel
    compare.set_inputs(npu, golden, graph)
    with qtbot.waitSignal(compare.finished, timeout=30_000):
        compare.run()
    gp = window.graph_panel
    qtbot.waitUntil(lambda: gp.loaded is not None and not gp.busy, timeout=30_000)
    assert gp.select_op("encoder/ffn/Gelu")
    assert gp.replay_button.isEnabled()
    with qtbot.waitSignal(compare.replay_view.replayed, timeout=30_000) as replayed:
        gp.replay_button.click()
    gelu = replayed.args[0]      # float32 in the golden, float16 in the dump, the run's mode unknown
    assert (gelu.op, gelu.verdict, gelu.precision, gelu.op_dtype) == \
        ("encoder/ffn/Gelu", "reduced_precision", "float16", "float32")
    view = compare.replay_view
    assert "reduced precision at float16" in view.verdict.text() and "#e65100" in view.verdict.styleSheet()
    cells = {view.table.item(r, 0).text(): view.table.item(r, 1).text() for r in range(view.table.rowCount())}
    assert cells["precision"] == "float16" and cells["op dtype"] == "float32 (golden)"
    assert cells["precision mode"] == "unknown"
    assert window.tabs.currentWidget() is compare


def test_msprobe_compare_replays_the_first_divergence_and_a_row(panel, qtbot):
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "core" / "replay" / "data"
    npu, bench = data / "npu_perturbed" / "step0", data / "bench" / "step0"
    panel.set_inputs(npu, bench)
    assert panel.run() is not None
    view = panel.msprobe
    with qtbot.waitSignal(view.replay_view.replayed, timeout=30_000) as replayed:
        pass
    assert replayed.args[0].op == "Functional.gelu.0.forward" and replayed.args[0].verdict == "kernel"
    row = next(r for r in range(view.model.rowCount()) if "linear.1.forward.output" in view.model.index(r, 2).data())
    view.table.scrollTo(view.model.index(row, 2))
    menu = view.row_menu_at(view.table.visualRect(view.model.index(row, 2)).center())
    with qtbot.waitSignal(view.replay_view.replayed, timeout=30_000) as replayed:
        menu.actions()[0].trigger()
    assert replayed.args[0].op == "Functional.linear.1.forward" and replayed.args[0].verdict == "faithful"
    assert view.details.currentWidget() is view.replay_view
