"""msprobe checks that depend on the framework (a setting, or what the config shows) and on msprobe's own lists of
supported API names (schema/msprobe_apis.json, from msprobe 26.2.0's support_wrap_ops.yaml)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.schema.msprobe import pytorch_api_names

BASE = {"dump_path": "/tmp", "rank": [], "step": [], "level": "L1"}


def _rule(values, rule, **kw):
    return [f for f in check(ConfigDoc("msprobe_config", {**BASE, **values}), **kw) if f.rule == rule]


@pytest.mark.parametrize(("framework", "severity"), [
    (None, Severity.WARNING), ("pytorch", Severity.ERROR), ("mindspore", None)])
def test_exception_dump_by_framework(framework, severity):
    found = _rule({"task": "exception_dump"}, "msprobe.task_framework", framework=framework)
    assert (found[0].severity if found else None) is severity
    if found:
        assert "MindSpore only" in found[0].message and ("PyTorch" in found[0].message)


def test_the_config_can_show_the_framework():
    shown = _rule({"task": "exception_dump", "custom_op_namespaces": ["_C_ascend"]}, "msprobe.task_framework")
    assert shown[0].severity is Severity.ERROR and "custom_op_namespaces" in shown[0].message


@pytest.mark.parametrize("task", ["acc_check", "diff_check", "nan_check"])
def test_pytorch_tasks_are_refused_on_mindspore(task):
    found = _rule({"task": task}, "msprobe.task_framework", framework="mindspore")
    assert found and found[0].severity is Severity.ERROR and "task is invalid" in found[0].message
    assert not _rule({"task": task}, "msprobe.task_framework", framework="pytorch")


def test_acc_check_api_names_are_checked_against_msprobes_list():
    names = pytorch_api_names()
    assert len(names) == 977 and {"conv2d", "add", "linear", "matmul"} <= names
    values = {"task": "acc_check", "white_list": ["conv2d", "add", "Functional.linear", "nonexistent_api"],
              "black_list": ["relu"]}
    found = _rule(values, "msprobe.api_name_unknown")
    assert len(found) == 1 and found[0].options[0] == "white_list"
    assert "'Functional.linear', 'nonexistent_api'" in found[0].message and "linear" in found[0].message
    assert not _rule({"task": "acc_check", "white_list": ["conv2d", "add"]}, "msprobe.api_name_unknown")
    assert not _rule({**values, "task": "statistics"}, "msprobe.api_name_unknown")


def test_cli_framework_and_cann_version(tmp_path):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({**BASE, "task": "exception_dump"}))

    def severity(*extra):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "check", str(config), "--json",
                               *extra], capture_output=True, text=True, timeout=120)
        found = json.loads(done.stdout)["results"][0]["findings"]
        return done.returncode, next(f["severity"] for f in found if f["rule"] == "msprobe.task_framework")

    assert severity() == (0, "warning")
    assert severity("--framework", "pytorch") == (1, "error")
    script = tmp_path / "train.py"
    script.write_text('custom_op.parameter_map["jit_compile"].b = True\n')
    for version, code in (("6.3.RC2", 0), ("7.0.RC1", 1)):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "check", str(script),
                               "--cann-version", version], capture_output=True, text=True, timeout=120)
        assert done.returncode == code and f"CANN {version}" in done.stdout, done.stdout
    project = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "export", str(script), "--to",
                              "project", "--cann-version", "6.3.RC2"], capture_output=True, text=True, timeout=120)
    assert json.loads(project.stdout)["facts"]["cann_version"] == "6.3.RC2"


def test_tf1_export_writes_jit_compile_as_the_release_reads_it(tmp_path):
    script = tmp_path / "train.py"
    script.write_text('custom_op.parameter_map["jit_compile"].s = tf.compat.as_bytes("true")\n')

    def exported(*extra):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "export", str(script), "--to",
                               "tf1_python", *extra], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert 'parameter_map["jit_compile"].s = tf.compat.as_bytes("true")' in exported()
    assert 'parameter_map["jit_compile"].b = True' in exported("--cann-version", "6.3.RC2")
    assert 'parameter_map["jit_compile"].s = tf.compat.as_bytes("true")' in exported("--cann-version", "7.0.RC1")
