"""msprobe config.json: detection, every start-up check and the checks msprobe lacks, round trip, where files land.

tests/core/config/data/msprobe_configs.json holds the cases; scripts/msprobe_oracle_config.py runs them through
msprobe 26.2.0's own start-up checks (all 37 agree with ``msprobe_refuses``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import load_config, parse_text
from ascend_dump_gui.core.config.paths import resolve_paths

DATA = json.loads((Path(__file__).parent / "data" / "msprobe_configs.json").read_text())


def _findings(config: dict, tmp_path: Path, env: dict | None = None):
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    doc = load_config(path)
    assert doc.scenario == "msprobe_config"
    return check(doc, env=env)


def test_good_config_is_quiet(tmp_path):
    assert [(f.rule, f.message) for f in _findings(DATA["good"], tmp_path)] == []


def test_msprobe_default_config_is_quiet(tmp_path):
    """msprobe's own config.json (as shipped, with a real dump_path)."""
    shipped = {"task": "statistics", "dump_path": "./dump_path", "rank": [], "step": [], "level": "L1",
               "extra_info": True, "async_dump": False,
               "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "statistics"},
               "tensor": {"scope": [], "list": [], "data_mode": ["all"]},
               "acc_check": {"white_list": [], "black_list": [], "error_data_path": "./"}}
    assert {f.rule for f in _findings(shipped, tmp_path)} == {"msprobe.other_sections"}


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: c["rule"])
def test_each_check_fires(tmp_path, case):
    found = _findings(case["config"], tmp_path)
    hits = [f for f in found if f.rule == case["rule"]]
    assert hits, [(f.rule, f.message) for f in found]
    assert hits[0].severity.value == case["severity"]
    refused = any(f.severity.value == "error" for f in found)
    assert refused == (case["msprobe_refuses"] and case["severity"] == "error")


def test_rank_beyond_world_size_uses_the_environment(tmp_path):
    config = dict(DATA["good"], rank=["6-9"])
    assert not [f for f in _findings(config, tmp_path, {"WORLD_SIZE": "16"}) if f.severity.value != "info"]
    hits = [f for f in _findings(config, tmp_path, {"WORLD_SIZE": "4"}) if f.rule == "msprobe.rank_beyond_world_size"]
    assert hits and "nothing is dumped" in hits[0].message
    partial = dict(DATA["good"], rank=[0, 5])
    hits = [f for f in _findings(partial, tmp_path, {"WORLD_SIZE": "4"}) if f.rule == "msprobe.rank_beyond_world_size"]
    assert hits and "rank 5 is not below WORLD_SIZE 4" in hits[0].message


def test_round_trip(tmp_path):
    config = dict(DATA["good"], rank=[0, "4-7"], task="tensor",
                  tensor={"scope": [], "list": ["Functional.linear"], "data_mode": ["input", "output"]})
    doc = parse_text(json.dumps(config), kind="auto", origin=tmp_path / "c.json")
    assert doc.values["rank"] == ["0", "4-7"] and doc.values["list"] == ["Functional.linear"]
    text = export(doc, "msprobe_json")
    assert json.loads(text)["rank"] == [0, "4-7"]
    assert json.loads(text)["tensor"]["data_mode"] == ["input", "output"]
    again = parse_text(text, kind="auto", origin=tmp_path / "c.json")
    assert again.values == doc.values


def test_acl_json_is_not_taken_for_msprobe(tmp_path):
    doc = parse_text(json.dumps({"dump": {"dump_path": "/tmp", "dump_op_switch": "on"}}), kind="auto")
    assert doc.scenario == "acl_json"


def test_where_files_land(tmp_path):
    tensor = parse_text(json.dumps(dict(DATA["good"], task="tensor", dump_path="out")), kind="auto")
    artifacts = {a.artifact: a for a in resolve_paths(tensor, cwd=tmp_path)}
    assert artifacts["msprobe_dump"].path == str(tmp_path / "out")
    assert "dump_tensor_data" in artifacts["msprobe_tensors"].layout
    l2 = parse_text(json.dumps({"task": "tensor", "dump_path": "/data/d", "level": "L2",
                                "tensor": {"list": ["Functional.linear.0.forward"]}}), kind="auto")
    artifacts = {a.artifact: a for a in resolve_paths(l2, cwd=tmp_path)}
    assert artifacts["msprobe_kernel_config"].layout == "step{step}/kernel_config_{pid}.json"
    assert artifacts["dump_data"].path == "/data/d" and artifacts["dump_data"].layout.startswith("step{step}/")
    assert "msprobe_dump" not in artifacts
