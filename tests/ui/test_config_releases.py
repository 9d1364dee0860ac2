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
