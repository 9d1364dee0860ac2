"""Issue 24, item 4: *Compare now* after Run in emulator pairs the dumped step with the golden step of the same
number (a dump_step "10" run of 11 steps: NPU step 10 against golden step 10, never golden step 0)."""

from __future__ import annotations

import json

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.ui.config.run_emulator import compare_inputs


def _run(tmp_path, dump_step: str, golden_steps: int | None = None):
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": "dumps", "dump_list": [{"model_name": "mlp"}],
                                           "dump_mode": "all", "dump_step": dump_step}}))
    (tmp_path / "dumps").mkdir()
    return emulate(config, model="mlp", steps=11, cwd=tmp_path, golden_dir=tmp_path / "golden")


def test_compare_now_pairs_the_same_step(tmp_path):
    result = _run(tmp_path, "10")
    npu, golden = compare_inputs(result, tmp_path)
    assert npu.name == "10" and golden == tmp_path / "golden" / "10"
    compared = compare(npu, golden)
    assert compared.summary["compared"] and compared.summary["not_compared"] == 0


def test_no_golden_of_the_dumped_step_offers_nothing(tmp_path):
    result = _run(tmp_path, "10")
    for step in (tmp_path / "golden").iterdir():
        if step.name == "10":
            for f in step.iterdir():
                f.unlink()
            step.rmdir()
    assert compare_inputs(result, tmp_path) is None


def test_compare_now_after_the_emulator_dialog_compares_step_10_with_golden_10(window, qtbot, tmp_path, capsys):
    """The issue's reproduction through the real dialog and Compare panel: dump_step "10", 11 steps; the GUI's
    first divergence is the CLI's on NPU step 10 against golden step 10."""
    from ascend_dump_gui.cli import main

    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_step": "10",
                                                "dump_list": [{"model_name": "overflow_fp16"}]})
    dialog = window.run_emulator()
    dialog.cwd.setText(str(tmp_path / "run"))
    dialog.steps.setValue(11)
    with qtbot.waitSignal(dialog.compareReady, timeout=60_000):
        dialog.run_button.click()
    panel = window.compare_panel
    npu, golden = panel.inputs.npu.path(), panel.inputs.golden.path()
    assert npu.endswith("/10") and golden == str(tmp_path / "run" / "golden" / "10")
    with qtbot.waitSignal(panel.finished, timeout=60_000) as done:
        panel.findChild(type(panel.run_button), "compare_offer_run").click()
    gui = done.args[0]
    capsys.readouterr()
    main(["compare", npu, golden, "--json"])
    cli = json.loads(capsys.readouterr().out)
    assert gui.first_divergence is not None and gui.first_divergence.tensor == cli["first_divergence"]["tensor"]
    assert gui.summary["compared"] == cli["summary"]["compared"] and gui.summary["overflows"] == len(cli["overflows"])


def test_two_models_run_in_one_working_folder_keep_their_own_time_and_golden(window, qtbot, tmp_path):
    """Issue 34: a second model run in the same working folder got the first run's time folder and golden/N, and
    its compare listed the first model's golden files as unmatched. Each run now has its own of both: the second
    model's compare is the one it gets alone in an empty folder."""
    panel = window.compare_panel

    def run(model: str, cwd) -> tuple[str, str, dict]:
        window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_step": "0",
                                                    "dump_list": [{"model_name": model}]})
        dialog = window.run_emulator()
        dialog.cwd.setText(str(cwd))
        with qtbot.waitSignal(dialog.compareReady, timeout=60_000):
            dialog.run_button.click()
        npu, golden = panel.inputs.npu.path(), panel.inputs.golden.path()
        with qtbot.waitSignal(panel.finished, timeout=60_000) as done:
            panel.findChild(type(panel.run_button), "compare_offer_run").click()
        return npu.split("/out/")[1].split("/")[0], golden, done.args[0].summary

    first_time, first_golden, _ = run("overflow_fp16", tmp_path / "run")
    second_time, second_golden, shared = run("mlp", tmp_path / "run")
    *_, alone = run("mlp", tmp_path / "alone")
    assert first_time != second_time and first_golden == str(tmp_path / "run" / "golden" / "0")
    assert second_golden == str(tmp_path / "run" / "golden-2" / "0")
    keys = ("compared", "unmatched_npu", "unmatched_golden", "not_compared")
    assert alone["compared"] and {k: shared[k] for k in keys} == {k: alone[k] for k in keys}
