"""core.blas_threads: the ``ascend-dump`` command keeps OpenBLAS's idle threads from spinning, before numpy loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ascend_dump_gui.core.blas_threads import SPIN_EXPONENT, SPIN_SETTING, quiet_blas_threads

REPO = Path(__file__).resolve().parents[2]


def test_the_setting_is_made_unless_the_user_made_it(monkeypatch):
    monkeypatch.delenv(SPIN_SETTING, raising=False)
    quiet_blas_threads()
    assert os.environ[SPIN_SETTING] == SPIN_EXPONENT
    monkeypatch.setenv(SPIN_SETTING, "20")
    quiet_blas_threads()
    assert os.environ[SPIN_SETTING] == "20"


def test_the_command_sets_it_before_numpy_loads():
    code = ("import sys\n"
            "import ascend_dump_gui.cli\n"
            "assert 'numpy' not in sys.modules, 'numpy loaded before the command runs'\n"
            "import ascend_dump_gui.cli as cli\n"
            "sys.argv = ['ascend-dump', 'compare', '--help']\n"
            "try:\n"
            "    cli.run()\n"
            "except SystemExit:\n"
            "    pass\n"
            "import os\n"
            "print('SETTING', os.environ.get('" + SPIN_SETTING + "'))\n")
    env = {k: v for k, v in os.environ.items() if k != SPIN_SETTING} | {"PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"SETTING {SPIN_EXPONENT}" in out.stdout
