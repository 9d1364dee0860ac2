"""The CANN version and Framework settings beside Product: the same finding is an error or a warning by release and
framework, in the panel as in the CLI."""

from __future__ import annotations

import json

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.ui.config.panel import ConfigPanel


def _severity(panel, rule):
    return next((f.severity for f in panel.findings if f.rule == rule), None)


def test_cann_version_decides_jit_compile(shown_panel, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text('import tensorflow as tf\ncustom_op.parameter_map["jit_compile"].b = True\n')
    panel.open_config(script)
    assert panel.cann_box.currentData() is None and "latest" in panel.cann_box.currentText()
    assert _severity(panel, "tf1.jit_compile_release") is Severity.ERROR
    assert not panel.framework_box.isVisible()
    panel.cann_box.setCurrentIndex(panel.cann_box.findData("6.3.RC2"))
    assert _severity(panel, "tf1.jit_compile_release") is Severity.WARNING
    snap = panel.snapshot()
    again, _ = shown_panel(ConfigPanel)
    again.restore(snap)
    assert again.cann_box.currentData() == "6.3.RC2"


def test_framework_decides_exception_dump(shown_panel, tmp_path):
    panel, _runner = shown_panel(ConfigPanel)
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "exception_dump", "dump_path": str(tmp_path), "rank": [], "step": [],
                                  "level": "L1"}))
    panel.open_config(config)
    assert panel.framework_box.isVisible()
    assert _severity(panel, "msprobe.task_framework") is Severity.WARNING
    panel.framework_box.setCurrentIndex(panel.framework_box.findData("pytorch"))
    assert _severity(panel, "msprobe.task_framework") is Severity.ERROR
    panel.framework_box.setCurrentIndex(panel.framework_box.findData("mindspore"))
    assert _severity(panel, "msprobe.task_framework") is None


def test_cann_version_decides_how_jit_compile_is_exported(shown_panel, tmp_path):
    """6.3.RC2's adapter reads jit_compile as a bool: the TF1 export for it writes .b, else the string .s."""
    from ascend_dump_gui.core.config.check import check
    from ascend_dump_gui.core.config.formats.importers import load_config

    panel, _runner = shown_panel(ConfigPanel)
    panel.new_config("tf1_session", {"jit_compile": "false", "enable_dump": True, "dump_path": str(tmp_path)})
    panel.preview.select("tf1_python")
    assert 'parameter_map["jit_compile"].s = tf.compat.as_bytes("false")' in panel.preview.text.toPlainText()
    panel.cann_box.setCurrentIndex(panel.cann_box.findData("6.3.RC2"))  # the preview follows the release
    assert 'parameter_map["jit_compile"].b = False' in panel.preview.text.toPlainText()
    out = tmp_path / "session.py"
    panel.export_to("tf1_python", out)
    again = load_config(out)
    assert again.values["jit_compile"] in (False, "false")
    release = [f for f in check(again, cann_version="6.3.RC2") if f.rule == "tf1.jit_compile_release"]
    assert all(f.severity is not Severity.ERROR for f in release)  # what 6.3.RC2 reads: no error for it
