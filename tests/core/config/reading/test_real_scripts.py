"""Importer and checker over every real script of ../shared/real-world/scripts (unmodified public files).

No traceback or hang on any of them; every error of a default run is a problem the runtime would hit (listed with
its justification in real_scripts_expected.json); the effective dump/precision values of a dozen scripts under
the default run and under arguments that turn a branch on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.errors import InputError

EXPECTED = json.loads((Path(__file__).with_name("real_scripts_expected.json")).read_text(encoding="utf-8"))
KEYS = ("enable_dump", "dump_path", "dump_step", "dump_mode", "enable_dump_debug", "dump_debug_mode",
        "precision_mode")
# script -> (arguments that turn a branch on, effective values of the default run, effective values of that run)
EFFECTIVE = {
    "0023_train_rt.py": ("--over_dump=True", {"precision_mode": "allow_fp32_to_fp16"},
                         {"dump_path": "/home/data", "enable_dump_debug": True, "dump_debug_mode": "all",
                          "precision_mode": "allow_fp32_to_fp16"}),
    "0320_word2vec_chinese.py": ("--over_dump=True", {"precision_mode": "allow_mix_precision"},
                                 {"dump_path": "/home/data", "enable_dump_debug": True, "dump_debug_mode": "all",
                                  "precision_mode": "allow_mix_precision"}),
    "0285_train.py": ("--data_dump_flag=True", {"precision_mode": "allow_mix_precision"},
                      {"enable_dump": True, "dump_path": "/home/data", "dump_step": "10", "dump_mode": "all",
                       "precision_mode": "allow_mix_precision"}),
    "0110_run_classifier.py": ("--over_dump",
                               {"enable_dump": False, "dump_mode": "output", "enable_dump_debug": False,
                                "dump_debug_mode": "all", "precision_mode": "allow_mix_precision"},
                               {"dump_path": "./output/doverflow_dump", "enable_dump_debug": True,
                                "dump_debug_mode": "all", "precision_mode": "allow_mix_precision"}),
    "0089_main.py": ("--over_dump=True", {"precision_mode": "allow_mix_precision"},
                     {"dump_path": "./overdump", "enable_dump_debug": True, "dump_debug_mode": "all",
                      "precision_mode": "allow_mix_precision"}),
    "0112_run_classifier.py": ("--data_dump_flag", {"precision_mode": "allow_mix_precision"},
                               {"enable_dump": True, "dump_path": "./output/data_dump", "dump_step": "0",
                                "dump_mode": "all", "precision_mode": "allow_mix_precision"}),
    "0224_npu_train.py": ("--allow_mix_precision", {}, {"precision_mode": "allow_mix_precision"}),
    "0147_main.py": ("--npu_mode", {}, {"precision_mode": "allow_mix_precision"}),
    "0012_lstm_architecture.py": ("--data_dump_flag=1", {"precision_mode": "allow_mix_precision"},
                                  {"enable_dump": True, "dump_path": "output/data_dump", "dump_step": "0|5|10",
                                   "dump_mode": "all", "precision_mode": "allow_mix_precision"}),
    "0037_train.py": ("--over_dump=True", {"precision_mode": "allow_mix_precision"},
                      {"dump_path": "./overdump", "enable_dump_debug": True, "dump_debug_mode": "all",
                       "precision_mode": "allow_mix_precision"}),
    "0269_tf_v2_03_WGAN.py": ("--over_dump --precision_mode=allow_mix_precision",
                              {"precision_mode": "allow_fp32_to_fp16"},
                              {"dump_path": "/home/data", "enable_dump_debug": True, "dump_debug_mode": "all",
                               "precision_mode": "allow_mix_precision"}),
    # FLAGS come from another module: --over_dump is a debug switch taken as off; the script sets dump_path "all"
    "0137_model_utils.py": ("--over_dump=True", {}, {"dump_path": "all", "enable_dump_debug": True}),
}


@pytest.fixture
def scripts(shared_dir) -> list[Path]:
    folder = shared_dir / "real-world" / "scripts"
    if not folder.is_dir():
        pytest.skip("no real-world scripts in ../shared")
    return sorted(p for p in folder.iterdir() if p.suffix in (".py", ".json"))


def test_every_script_imports_and_checks_without_false_errors(scripts):
    unexpected, seen = {}, {}
    for path in scripts:
        try:
            doc = load_config(path)
        except InputError:
            continue          # not Python 3, or no settings at all: a clear message, exit 2
        errors = sorted({f.rule for f in check(doc) if f.severity is Severity.ERROR})
        seen[path.name] = errors
        extra = set(errors) - set(EXPECTED["errors"].get(path.name, ()))
        if extra:
            unexpected[path.name] = sorted(extra)
    assert unexpected == {}
    assert len(seen) > 100
    used = {rule for rules in EXPECTED["errors"].values() for rule in rules}
    assert used == set(EXPECTED["justifications"])          # one justification per error class, none stale


def test_unknown_arguments_are_findings(scripts):
    path = next(p for p in scripts if p.name == "0320_word2vec_chinese.py")
    doc = load_config(path, script_args="--no_such_flag 3 --over_dump=True")
    assert [f.rule for f in doc.problems if f.rule == "script.args"] == ["script.args"]
    assert doc.values["enable_dump_debug"] is True


@pytest.mark.parametrize("name", sorted(EFFECTIVE))
def test_effective_values_of_default_and_branch_runs(shared_dir, name):
    path = shared_dir / "real-world" / "scripts" / name
    if not path.is_file():
        pytest.skip(f"{name} is not in ../shared")
    args, default, branch = EFFECTIVE[name]
    for script_args, expected in ((None, default), (args, branch)):
        doc = load_config(path, script_args=script_args)
        assert {k: doc.values[k] for k in KEYS if k in doc.values} == expected, script_args
        assert not [f for f in doc.problems if f.rule == "script.args"]
