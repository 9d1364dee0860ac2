"""The loop in the app on the emulated mixed_precision model (TF1, allow_mix_precision): Compare finds the velocity
MatMul, *Propose a fix* writes the framework's fix, *Save and run in emulator* runs it, and Compare's before/after
page says the divergence is fixed; *Capture these next* writes a capture config that names only run ops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.ui.config.run_emulator import RunEmulatorDialog
from ascend_dump_gui.ui.nextrun.capture_dialog import CaptureDialog
from ascend_dump_gui.ui.nextrun.fix_dialog import FixDialog
from tests.core.compare.test_before_after import VELOCITY
from tests.ui.test_dump_fixtures import run_compare


def _before(tmp: Path) -> tuple[Path, Path, Path]:
    """A TF1 script config (allow_mix_precision, full dump) emulated; (config, NPU step folder, golden step)."""
    from ascend_dump_gui.core.emulator import emulate

    for sub in ("dump", "golden"):
        (tmp / sub).mkdir(parents=True)
    config = tmp / "train.py"
    config.write_text(
        "import tensorflow as tf\nconfig = tf.ConfigProto()\n"
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'custom_op.name = "NpuOptimizer"\n'
        'custom_op.parameter_map["enable_dump"].b = True\n'
        f'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("{tmp / "dump"}")\n'
        'custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all")\n'
        'custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")\n'
        "with tf.Session(config=config) as sess:\n    pass\n")
    emulate(load_config(config), model="mixed_precision", cwd=tmp, golden_dir=tmp / "golden")
    step = next(p for p in sorted((tmp / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return config, step, tmp / "golden" / "0"


@pytest.fixture
def compared(window, qtbot, tmp_path):
    config, npu, golden = _before(tmp_path / "before")
    window.open_path(config)
    compare = window.compare_panel
    run_compare(compare, qtbot, npu, golden)
    assert compare.result().first_divergence.tensor == VELOCITY
    return window, config, npu, golden


def _dialog(window, qtbot, kind):
    qtbot.waitUntil(lambda: window.findChild(kind) is not None, timeout=5_000)
    dialog = window.findChild(kind)
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=60_000)
    return dialog


def test_propose_a_fix_then_run_it_and_see_it_fixed(compared, qtbot, tmp_path):
    window, config, npu, golden = compared
    assert window.compare_panel.next_button.isEnabled()
    window.compare_panel.request_fix(())
    dialog = _dialog(window, qtbot, FixDialog)
    proposal = dialog.outcome.proposal
    assert proposal.framework == "tf1" and proposal.proposed
    assert any(op["op"] == "velocity/MatMul" for op in proposal.ops)
    assert dialog.save_button.isEnabled() and dialog.files.count() >= 2     # side file(s) and the diff
    assert dialog.files.tabText(dialog.files.count() - 1) == "Diff"
    assert not [f for f in dialog.outcome.findings if f.severity is Severity.ERROR]
    fixed = tmp_path / "fixed" / "train_fixed.py"
    fixed.parent.mkdir()
    assert dialog.save(run=True, path=fixed) == fixed
    assert config.read_text() != fixed.read_text() and "allow_mix_precision" in config.read_text()
    assert window.config_panel.path == fixed and window.tabs.currentWidget() is window.config_panel
    emulator = window.findChild(RunEmulatorDialog)
    emulator.model.setCurrentIndex(emulator.model.findData("mixed_precision"))   # the model of the run before
    emulator.cwd.setText(str(tmp_path / "after"))
    with qtbot.waitSignal(emulator.compareReady, timeout=60_000):
        emulator.run_button.click()
    before_after = window.compare_panel.before_after
    assert window.tabs.currentWidget() is window.compare_panel
    qtbot.waitUntil(lambda: before_after.doc is not None, timeout=60_000)
    row = next(r for r in before_after.doc["rows"] if r["tensor"] == VELOCITY)
    assert row["change"] == "fixed" and before_after.doc["after"]["first_divergence"] is None


def test_capture_these_next_writes_a_config_of_run_ops(compared, qtbot, tmp_path):
    window, _config, npu, _golden = compared
    window.compare_panel.request_capture(("velocity/MatMul",))
    dialog = _dialog(window, qtbot, CaptureDialog)
    dialog.around.setValue(1)
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=60_000)
    proposal = dialog.outcome.proposal
    assert "velocity/MatMul" in proposal.ops and len(proposal.ops) >= 2 and not proposal.unknown
    out = tmp_path / "capture.py"
    assert dialog.save(path=out) == out
    doc = load_config(out)
    assert doc.values["dump_layer"].split() == proposal.ops
    assert not [f for f in check(doc) if f.severity is Severity.ERROR]


def test_an_op_not_in_the_run_saves_nothing(compared, qtbot):
    window, *_ = compared
    window.compare_panel.request_capture(("no/SuchOp",))
    dialog = _dialog(window, qtbot, CaptureDialog)
    assert dialog.outcome.proposal.unknown == ["no/SuchOp"] and not dialog.save_button.isEnabled()
    assert "no/SuchOp" in dialog.notes.text() and dialog.save(path="never.json") is None
    json.dumps(dialog.outcome.proposal.unknown)


def test_graph_and_ranks_offer_the_next_run(qtbot, tmp_path):
    from tests.ui.populated import populated_window

    window, wait = populated_window(qtbot, tmp_path)
    graph = window.graph_panel
    op = window.compare_panel.result().first_divergence.op_name
    window.tabs.setCurrentWidget(graph)
    assert graph.select_op(op) and graph.next_button.isEnabled()
    graph._next_run("capture")
    dialog = _dialog(window, qtbot, CaptureDialog)
    assert dialog.request.ops == (op,) and op in dialog.outcome.proposal.ops
    dialog.close()
    dialog.setParent(None)
    ranks = window.ranks_panel
    window.tabs.setCurrentWidget(ranks)
    d = ranks.result.first_divergence
    ranks.table.setCurrentIndex(ranks.model.index_of(d["rank"], d["step"], d.get("op_name")))
    assert ranks.capture_next.isEnabled()
    ranks.capture_next.click()
    dialog = _dialog(window, qtbot, CaptureDialog)
    assert dialog.request.ranks == (d["rank"],) and dialog.request.steps == (d["step"],)
    assert dialog.outcome.proposal.ops and not dialog.outcome.proposal.unknown


def test_the_loop_demo_walks_from_the_finding_to_the_fixed_run(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr("ascend_dump_gui.ui.nextrun.flow.demo_folder", lambda: tmp_path / "demo")
    window.findChild(type(window.emulate_action), "action_loop_demo").trigger()
    compare = window.compare_panel
    qtbot.waitUntil(lambda: compare.result() is not None, timeout=60_000)
    assert compare.result().first_divergence.tensor == VELOCITY
    assert window.config_panel.path.name == "train.py" and window.config_panel.scenario == "tf1_session"
    compare.request_fix(())
    dialog = _dialog(window, qtbot, FixDialog)
    fixed = tmp_path / "fixed.py"
    assert dialog.save(run=True, path=fixed) == fixed
    emulator = window.findChild(RunEmulatorDialog)
    assert emulator.model.currentData() == "mixed_precision"    # the loop's model, not the default
    emulator.cwd.setText(str(tmp_path / "after"))
    with qtbot.waitSignal(emulator.compareReady, timeout=60_000):
        emulator.run_button.click()
    view = compare.before_after
    qtbot.waitUntil(lambda: view.doc is not None, timeout=60_000)
    assert next(r for r in view.doc["rows"] if r["tensor"] == VELOCITY)["change"] == "fixed"
    assert "after: none" in view.summary.text()


TORCH_SCRIPT = '''\
import torch
import torch_npu
from msprobe.pytorch import PrecisionDebugger

debugger = PrecisionDebugger(config_path="config.json", task="statistics")
option = {}
option["ACL_PRECISION_MODE"] = "allow_fp32_to_fp16"
torch_npu.npu.set_option(option)
'''


def test_a_pytorch_script_in_configure_feeds_fix_and_capture(window, qtbot, tmp_path):
    """Configure holds a PyTorch script (its first document msprobe's, torch_npu's among its other scenarios): the
    fix is written into the script's set_option dict; the capture changes the config.json it names and the script's
    overriding task argument."""
    from ascend_dump_gui.core.emulator import emulate
    from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
    from tests.core.fix.runs import tf1_run

    _, step, golden = tf1_run(tmp_path / "graph", "overflow_fp16")
    (tmp_path / "config.json").write_text(json.dumps({"task": "statistics", "dump_path": "out", "level": "L1",
                                                      "statistics": {"list": []}}))
    emulate(tmp_path / "config.json", model="mlp", cwd=tmp_path)
    msprobe_run = next((tmp_path / "out").rglob("dump.json")).parent
    script = tmp_path / "train.py"
    script.write_text(TORCH_SCRIPT)
    assert window.open_path(script) and window.config_panel.doc.scenario == "msprobe_config"

    fix = window.next_run.propose_fix(NextRunRequest(step, golden))
    qtbot.waitUntil(lambda: fix.outcome is not None, timeout=60_000)
    assert fix.outcome.proposal.framework == "torch_npu" and fix.outcome.proposal.proposed
    assert fix.files.tabText(0) == "train_fixed.py" and fix.files.tabText(fix.files.count() - 1) == "Diff"
    assert '+option["ACL_PRECISION_MODE"] = "must_keep_origin_dtype"' in fix.outcome.diff
    fixed = tmp_path / "fixed.py"
    assert fix.save(path=fixed) == fixed
    assert script.read_text() == TORCH_SCRIPT and window.config_panel.path == fixed
    assert load_config(fixed, scenario="torch_npu").values["ACL_PRECISION_MODE"] == "must_keep_origin_dtype"

    assert window.open_path(script)
    capture = window.next_run.capture_next(NextRunRequest(msprobe_run, None, ("Torch.add.1.forward",)))
    qtbot.waitUntil(lambda: capture.outcome is not None, timeout=60_000)
    proposal = capture.outcome.proposal
    assert proposal.framework == "msprobe" and proposal.ops == ["Torch.add.1.forward"]
    assert any("task='statistics'" in note for note in proposal.notes)
    assert "task='statistics'" in capture.notes.text()
    assert [capture.files.tabText(i) for i in range(capture.files.count())] == ["capture.json", "train.py", "Diff"]
    out = tmp_path / "next.json"
    assert capture.save(path=out) == out
    assert json.loads(out.read_text())["tensor"]["list"] == ["Torch.add.1.forward"]
    assert 'PrecisionDebugger(config_path="next.json", task="tensor")' in (tmp_path / "next.train.py").read_text()


def test_configures_config_gives_the_replay_its_precision_mode(compared, qtbot):
    """The TF1 script open in Configure says allow_mix_precision: the Replay tab judges velocity/MatMul faithful at
    float16 under that mode; with a new config that says nothing, it ran at reduced precision."""
    window, _config, _npu, _golden = compared
    compare = window.compare_panel
    with qtbot.waitSignal(compare.replay_view.replayed, timeout=30_000) as replayed:
        compare.replay_op("velocity/MatMul")
    result = replayed.args[0]
    assert (result.verdict, result.precision) == ("faithful", "float16")
    assert result.precision_mode == {"value": "allow_mix_precision", "source": "config"}
    window.config_panel.new_config("acl_json")
    with qtbot.waitSignal(compare.replay_view.replayed, timeout=30_000) as replayed:
        compare.replay_op("velocity/MatMul")
    assert (replayed.args[0].verdict, replayed.args[0].precision) == ("reduced_precision", "float16")
