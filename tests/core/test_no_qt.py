"""The boundary: every core module and the CLI import without loading Qt or pyqtgraph."""

import subprocess
import sys

CODE = """
import importlib, pkgutil, sys
import ascend_dump_gui.core as core
import ascend_dump_gui.cli
for m in pkgutil.walk_packages(core.__path__, core.__name__ + "."):
    importlib.import_module(m.name)
leaked = sorted(m for m in sys.modules if m.split(".")[0] in {"PySide6", "pyqtgraph", "shiboken6"})
assert not leaked, leaked
"""


def test_core_and_cli_import_without_qt():
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
