"""Exports write control and bidirectional characters as escaped literals: nothing raw reaches a terminal or a
file, and the literal reads back as exactly the value (Python, JSON, bash's ``$'...'``, and our own importers)."""

import ast
import json
import shutil
import subprocess
import sys

import pytest

from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc

EVIL = "/d\x1b[31mX\u202eevil\u2028\x85\x7f\\ 'q\"\nexport X=1"
RAW = ("\x1b", "\u202e", "\u2028", "\x85", "\x7f")


def _clean(text: str) -> None:
    assert not any(ch in text for ch in RAW), ascii(text)


@pytest.mark.parametrize("to", ["tf1_python", "tf2_python", "torchair_python", "project"])
def test_script_and_project_exports_escape_and_keep_the_value(to):
    doc = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": EVIL, "dump_step": "0"})
    text = export(doc, to)
    _clean(text)
    if to == "project":
        assert json.loads(text)["values"]["dump_path"] == EVIL
        return
    line = next(line for line in text.splitlines() if "dump_path" in line)
    literal = line.split("= ", 1)[1]
    literal = literal[len("tf.compat.as_bytes("):-1] if literal.startswith("tf.compat") else literal
    assert ast.literal_eval(literal) == EVIL
    back = parse_text(text, kind="python")
    assert back.values["dump_path"] == EVIL


def test_shell_export_uses_ansi_c_quoting_that_bash_and_the_importer_read_back(tmp_path):
    doc = ConfigDoc("env", {"ASCEND_WORK_PATH": EVIL, "DUMP_GE_GRAPH": "2"})
    text = export(doc, "shell")
    _clean(text)
    assert parse_text(text, kind="shell").values["ASCEND_WORK_PATH"] == EVIL
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash here")
    script = tmp_path / "run.env"
    script.write_text(text)
    done = subprocess.run([bash, "-c", f'. "{script}" && printf %s "$ASCEND_WORK_PATH"'], capture_output=True,
                          timeout=30)
    assert done.stdout.decode("utf-8", "surrogateescape") == EVIL


def test_cli_export_to_stdout_is_inert(tmp_path):
    project = tmp_path / "evil.json"
    project.write_text(json.dumps({"scenario": "tf1_session", "schema_version": 1,
                                   "values": {"enable_dump": True, "dump_path": EVIL, "dump_step": "0"}}))
    for to in ("project", "tf1_python", "tf2_python"):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "export", str(project),
                               "--to", to], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        _clean(done.stdout)
        _clean(done.stderr)
