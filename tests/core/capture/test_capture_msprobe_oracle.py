"""msprobe's own config validation (``PrecisionDebugger(config_path=...)``) accepts every capture config.json this
writes and refuses a malformed one. Needs the msprobe-oracle venv with torch (``../shared/tools/msprobe-oracle``,
``WITH_TORCH=1 ./setup.sh VENV``): set ``MSPROBE_PYTHON=VENV/bin/python``; skipped otherwise."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator import emulate

PYTHON = os.environ.get("MSPROBE_PYTHON", "")
CHECK = """
import sys
from msprobe.pytorch import PrecisionDebugger
for path in sys.argv[1:]:
    try:
        PrecisionDebugger(config_path=path)
        print("OK", path)
    except BaseException as exc:
        print("REFUSED", path, type(exc).__name__)
    PrecisionDebugger._instance = None
"""


@pytest.mark.skipif(not (PYTHON and Path(PYTHON).is_file()), reason="MSPROBE_PYTHON (msprobe + torch) not set")
def test_msprobe_accepts_the_capture_configs(tmp_path, capsys):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": "out", "level": "mix", "statistics": {}}))
    emulate(config, model="mlp", cwd=tmp_path)
    run = next((tmp_path / "out").rglob("dump.json")).parent
    module = next(m for m in json.loads((run / "construct.json").read_text()) if m.startswith("Module."))
    written = []
    for i, args in enumerate((["--op", "Torch.add.1.forward", "--step", "0", "--rank", "1"], ["--module", module],
                              ["--module", module, "--op", "Torch.matmul.1", "--data", "stats"])):
        out = tmp_path / f"next{i}.json"
        assert main(["capture", str(run), *args, "--out", str(out)]) == 0
        written.append(str(out))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"task": "tensor", "dump_path": "./dump", "level": "L1",
                               "tensor": {"scope": ["Torch.add.1.forward"]}}))
    lines = subprocess.run([PYTHON, "-c", CHECK, *written, str(bad)], capture_output=True, text=True, timeout=600,
                           cwd=tmp_path).stdout.splitlines()
    verdicts = [line.split()[0] for line in lines if line.startswith(("OK", "REFUSED"))]
    assert verdicts == ["OK", "OK", "OK", "REFUSED"]


TRAIN = """\
import torch
from msprobe.pytorch import PrecisionDebugger

torch.manual_seed(0)
debugger = PrecisionDebugger(config_path="./config.json", task="statistics", level="L0", step=[0, 1])
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
for step in range(2):
    debugger.start(model)
    y = torch.add(model(torch.randn(3, 4)), 1.0)
    torch.add(y, 2.0).sum().backward()
    debugger.stop()
    debugger.step()
"""


@pytest.mark.skipif(not (PYTHON and Path(PYTHON).is_file()), reason="MSPROBE_PYTHON (msprobe + torch) not set")
def test_a_capture_from_the_script_dumps_exactly_its_calls(tmp_path):
    """A real msprobe run of a training script, the capture from that script (its config.json changed and its
    overriding task / level / step arguments changed), then the changed script run by msprobe: it dumps exactly
    the named call."""
    (tmp_path / "config.json").write_text(json.dumps({
        "task": "statistics", "dump_path": "out", "level": "L1", "rank": [], "step": [],
        "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "statistics"}}))
    (tmp_path / "train.py").write_text(TRAIN)
    subprocess.run([PYTHON, "train.py"], cwd=tmp_path, capture_output=True, timeout=600, check=True)
    run = next((tmp_path / "out" / "step0").rglob("dump.json")).parent
    assert "Torch.add.1.forward" not in json.loads((run / "dump.json").read_text())["data"]   # L0: modules only
    (tmp_path / "out").rename(tmp_path / "before")
    run = next((tmp_path / "before" / "step0").rglob("dump.json")).parent
    modules = [m for m in json.loads((run / "construct.json").read_text()) if m.startswith("Module.")]
    assert main(["capture", str(run), "--module", modules[0], "--config", str(tmp_path / "train.py"),
                 "--out", str(tmp_path / "capture.json")]) == 0
    changed = tmp_path / "capture.train.py"
    assert 'config_path="capture.json", task="tensor", level="L0", step=[0]' in changed.read_text()
    subprocess.run([PYTHON, changed.name], cwd=tmp_path, capture_output=True, timeout=600, check=True)
    dumped = [json.loads(p.read_text())["data"] for p in (tmp_path / "out").rglob("dump.json")]
    assert len(dumped) == 1 and list(dumped[0]) == [modules[0]]
