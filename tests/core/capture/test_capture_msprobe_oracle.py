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
