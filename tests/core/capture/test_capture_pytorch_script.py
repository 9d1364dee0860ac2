"""`capture --config train.py` for a PyTorch script with msprobe's PrecisionDebugger: the capture config is the
config.json the script names, changed (every other key and section kept), written as a new file; where the script's
keyword arguments override what the capture needs, a warning and the script change as a second file."""

from __future__ import annotations

import json
from pathlib import Path

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.nextrun.capture import capture_files, propose_capture

CONFIG = {"task": "statistics", "dump_path": "out", "rank": [], "step": [], "level": "L1", "async_dump": False,
          "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "md5"},
          "tensor": {"scope": ["Torch.matmul.0.forward", "Torch.add.3.forward"], "list": [], "data_mode": ["input"]}}
PLAIN = '''\
import torch
from msprobe.pytorch import PrecisionDebugger

debugger = PrecisionDebugger(config_path="./config.json")  # the file decides
for step in range(3):
    debugger.start(model)
    debugger.stop()
    debugger.step()
'''
OVERRIDING = PLAIN.replace('PrecisionDebugger(config_path="./config.json")',
                           'PrecisionDebugger(config_path="./config.json", task="statistics", level="L0", step=[1, 2])')


def _run(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(CONFIG, indent=2))
    emulate(folder / "config.json", model="mlp", cwd=folder)
    return next((folder / "out").rglob("dump.json")).parent


def _capture(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["capture", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_msprobe_capture_from_a_script_changes_its_config_json(tmp_path, capsys):
    run = _run(tmp_path)
    script = tmp_path / "train.py"
    script.write_text(PLAIN)
    out = tmp_path / "next" / "capture.json"
    out.parent.mkdir()
    code, doc = _capture(capsys, str(run), "--op", "Torch.add.1.forward", "--config", str(script), "--out", str(out))
    assert code == 0 and doc["framework"] == "msprobe" and doc["ops"] == ["Torch.add.1.forward"]
    assert [f["path"] for f in doc["files"]] == [str(out)]               # no keyword overrides: no script change
    written = json.loads(out.read_text())
    assert written["task"] == "tensor" and written["level"] == "L1" and written["step"] == [0]
    assert written["tensor"] == {"scope": [], "list": ["Torch.add.1.forward"], "data_mode": ["all"]}
    assert written["statistics"] == CONFIG["statistics"] and written["async_dump"] is False   # kept
    assert json.loads((tmp_path / "config.json").read_text()) == CONFIG and script.read_text() == PLAIN
    assert any("PrecisionDebugger reads ./config.json" in n for n in doc["notes"])
    assert not [f for f in doc["findings"] if f["severity"] == "error"]
    checked = load_config(out)
    assert checked.values["list"] == ["Torch.add.1.forward"] and not [
        p for p in checked.problems if p.severity is Severity.ERROR]


def test_keyword_overrides_are_said_and_the_script_line_is_changed(tmp_path, capsys):
    run = _run(tmp_path)
    script = tmp_path / "train.py"
    script.write_text(OVERRIDING)
    out = tmp_path / "capture.json"
    code, doc = _capture(capsys, str(run), "--op", "Torch.add.1", "--config", str(script), "--out", str(out))
    assert code == 0
    warned = [n for n in doc["notes"] if "passes" in n]
    assert len(warned) == 3 and any("task='statistics'" in n and "task='tensor'" in n for n in warned)
    assert any("level='L0'" in n for n in warned) and any("step=[1, 2]" in n and "step=[0]" in n for n in warned)
    assert doc["also_matches"] == {"Torch.add.1": ["Torch.add.1.forward", "Torch.add.1.backward"]}  # as today
    changed = tmp_path / "capture.train.py"
    assert [f["path"] for f in doc["files"]] == [str(out), str(changed)]
    assert script.read_text() == OVERRIDING                            # never replaced
    after = changed.read_text()
    assert after == OVERRIDING.replace(
        'PrecisionDebugger(config_path="./config.json", task="statistics", level="L0", step=[1, 2])',
        'PrecisionDebugger(config_path="capture.json", task="tensor", level="L1", step=[0])')
    read = load_config(changed)   # the changed script reads the capture config, with its arguments agreeing
    assert read.scenario == "msprobe_config" and read.values["list"] == ["Torch.add.1"]
    assert (read.values["task"], read.values["level"], read.values["step"]) == ("tensor", "L1", ["0"])


def test_preview_without_out_names_the_files(tmp_path):
    run = _run(tmp_path)
    script = tmp_path / "train.py"
    script.write_text(OVERRIDING)
    proposal = propose_capture(run, ops=["Torch.add.1.forward"], config=load_config(script))
    files = capture_files(proposal, None)
    assert [p.name for p, _ in files] == ["capture.json", "train.py"]
    assert 'config_path="./config.json", task="tensor"' in files[1][1]   # config_path only named once written


def test_the_run_picks_the_scripts_form(tmp_path):
    from ascend_dump_gui.core.nextrun.run_ops import open_run_ops
    from tests.core.fix.runs import tf1_run

    _, step, _golden = tf1_run(tmp_path / "graph", "overflow_fp16")
    run = _run(tmp_path)
    script = tmp_path / "train.py"
    script.write_text(PLAIN + "import torchair\nconfig = torchair.CompilerConfig()\n"
                              "config.dump_config.enable_dump = True\nconfig.dump_config.dump_path = './ge'\n")
    assert load_config(script).scenario == "torchair"      # the msprobe document is in facts["scenarios"]
    op = open_run_ops(step).names[0]
    graph = propose_capture(step, ops=[op], config=script)
    assert graph.framework == "torchair" and graph.doc.values["dump_layer"] == op
    eager = propose_capture(run, ops=["Torch.add.1.forward"], config=script)
    assert eager.framework == "msprobe" and eager.doc.values["list"] == ["Torch.add.1.forward"]
    assert eager.doc.origin == tmp_path / "config.json"
