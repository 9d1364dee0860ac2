"""CLI plumbing: version, usage errors give exit code 2."""

import subprocess
import sys

from ascend_dump_gui import __version__
from ascend_dump_gui.cli import main


def test_version_flag_prints_version(capsys):
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_verb_is_usage_error():
    result = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "frobnicate"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
