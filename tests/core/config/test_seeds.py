"""The seed documents: every option and env var they name is in the schema; every printed example imports without
errors and exports back to the same values."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.acl import DUMP_LIST_COLUMNS

# Upper-case words in the seeds that are not environment variables.
NOT_ENV = {"WORK_PATH": "a key of aoe.ini", "PIPE_MTE1": "pipe id", "PIPE_MTE2": "pipe id", "PIPE_MTE3": "pipe id",
           "PIPE_V": "pipe id", "PIPE_M": "pipe id", "PIPE_ALL": "pipe id", "EVENT_ID0": "event id",
           "EVENT_ID1": "event id", "EVENT_ID2": "event id", "EVENT_ID3": "event id", "DNN_VM_AICPU": "engine name",
           "INT32_MAX": "a constant", "OUTPUT_IS_VAR": "graph attribute", "VT_LIST_BOOL": "graph attribute"}

SEED_003_SCRIPT = '''import os
import npu_device

def main():
    os.environ['DUMP_GE_GRAPH'] = '2'

npu_device.global_options().dump_config.enable_dump = True
npu_device.global_options().dump_config.dump_path = "/home/HwHiAiUser/output"
npu_device.global_options().dump_config.dump_step = "0|5|10"
npu_device.global_options().dump_config.dump_mode = "all"
npu.device.global_options().dump_config.dump_data = "stats"
npu.device.global_options().dump_config.dump_layer = "nodename1 nodename2 nodename3"
'''

SEED_004_SCRIPT = '''import torch_npu, torchair
config = torchair.CompilerConfig()
# data dump开关:[必选]
config.dump_config.enable_dump = True
# dump类型:[可选],all代表dump所有数据
config.dump_config.dump_mode = "all"
# dump路径:[可选],默认为当前执行目录
config.dump_config.dump_path = '/home/dump'
# 量化data dump开关:[可选],是否采集量化前的dump数据
config.dump_config.quant_dumpable = True
# 保存dump的步数,否则每一步都会保存:[可选]
config.dump_config.dump_step = "0|1"
# 指定需要dump的算子:[可选]
config.dump_config.dump_layer = "Add_1Mul_1 Add2"
# 指定算子dump类型:[可选],stats表示dump输出csv文件
config.dump_config.dump_data = "stats"
# dump配置文件的路径:[可选],通过配置文件使能data dump。不建议与其他options一起使用,否则此配置将失效。
config.dump_config.dump_config_path = "/home/dump_config.json"
npu_backend= torchair.get_npu_backend(compiler_config=config)
opt_model = torch.compile(model, backend=npu_backend)
'''


def seed(shared: Path, number: str) -> str:
    return next((shared / "seeds").glob(f"{number}_*.txt")).read_text(encoding="utf-8")


def json_examples(text: str) -> list[str]:
    """Every {"dump": ...} object printed in a seed, cut out by brace matching."""
    out = []
    for match in re.finditer(r'\{\s*"dump"\s*:', text):
        depth = 0
        for end in range(match.start(), len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                out.append(text[match.start():end + 1])
                break
    return out


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def no_errors(findings) -> list[str]:
    return [f"{f.rule}: {f.message}" for f in findings if f.severity is Severity.ERROR]


# -- option names -------------------------------------------------------------------------------------------------

def test_seed_001_options_are_in_the_acl_schema(shared_dir):
    text = seed(shared_dir, "001")
    names = set(re.findall(r"\bdump_[a-z_]+\b", text))
    for example in json_examples(text):
        names |= keys(json.loads(example))
    acl = SCENARIOS["acl_json"]
    known = {f.key for f in acl.fields} | {c.key for c in DUMP_LIST_COLUMNS} | {"dump"}
    assert names - known == set()
    assert {"model_name", "layer", "watcher_nodes"} <= names
    scenes = set(re.findall(r"\b(aic_err_\w+|lite_exception)\b", text)) | {"watcher"}
    assert scenes <= set(acl.field("dump_scene").choices)


@pytest.mark.parametrize("number, scenario", [("003", "tf2_npu_device"), ("004", "torchair")])
def test_seed_dump_config_options_are_in_the_schema(shared_dir, number, scenario):
    text = seed(shared_dir, number)
    names = set(re.findall(r"dump_config\.([a-z_]+)\b", text)) - {"json"}
    assert names and not names - {f.key for f in SCENARIOS[scenario].fields}
    if number == "003":
        assert SCENARIOS[scenario].has("DUMP_GE_GRAPH")
    else:
        inner = set()
        for example in json_examples(text):
            inner |= keys(json.loads(example))
        known = {f.key for f in SCENARIOS["acl_json"].fields} | {c.key for c in DUMP_LIST_COLUMNS} | {"dump"}
        assert inner - known == set()


@pytest.mark.parametrize("number", ["000", "001", "002", "003", "004"])
def test_every_env_var_the_seeds_name_is_in_the_env_schema(shared_dir, number):
    text = seed(shared_dir, number)
    names = set(re.findall(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", text)) - set(NOT_ENV)
    assert names - {f.key for f in SCENARIOS["env"].fields} == set()


# -- examples -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("number, count", [("001", 5), ("004", 4)])
def test_json_examples_import_check_and_round_trip(shared_dir, number, count, tmp_path):
    examples = json_examples(seed(shared_dir, number))
    assert len(examples) == count
    for example in examples:
        doc = parse_text(example, kind="json")
        assert doc.problems == [] and doc.values
        assert no_errors(check(doc)) == []
        for target in ("acl_json", "project"):
            assert parse_text(export(doc, target), kind="auto").values == doc.values
        path = tmp_path / "dump_config.json"
        path.write_text(example, encoding="utf-8")
        via_torchair = check(ConfigDoc("torchair", {"dump_config_path": str(path)}))
        assert no_errors(via_torchair) == []


def test_seed_001_model_example_warns_about_home(shared_dir):
    doc = parse_text(json_examples(seed(shared_dir, "001"))[0], kind="json")
    assert "acl.dump_path_variable" in {f.rule for f in check(doc)}


def test_seed_003_script():
    doc = parse_text(SEED_003_SCRIPT, kind="python")
    assert doc.scenario == "tf2_npu_device"
    assert doc.values == {"enable_dump": True, "dump_path": "/home/HwHiAiUser/output", "dump_step": "0|5|10",
                          "dump_mode": "all", "dump_data": "stats", "dump_layer": "nodename1 nodename2 nodename3",
                          "DUMP_GE_GRAPH": "2"}
    found = check(doc)
    assert no_errors(found) == []
    assert any("npu.device" in f.message for f in found)      # the seed's typo is pointed out
    assert parse_text(export(doc, "tf2_python"), kind="python").values == doc.values


def test_seed_004_script():
    doc = parse_text(SEED_004_SCRIPT, kind="python")
    assert doc.scenario == "torchair" and doc.facts["backend"] == "torchair"
    assert doc.values["dump_config_path"] == "/home/dump_config.json" and len(doc.values) == 8
    found = check(doc)
    assert no_errors(found) == []
    assert "torchair.dump_config_path_with_options" in {f.rule for f in found}   # the seed advises against it
    assert parse_text(export(doc, "torchair_python"), kind="python").values == doc.values


def test_seed_000_env_example(shared_dir):
    lines = [line for line in seed(shared_dir, "000").splitlines() if line.startswith("export ")]
    doc = parse_text("\n".join(lines), kind="shell")
    assert doc.values == {"ASCEND_WORK_PATH": "/repo/task001/172.16.1.12_01_03"}
    assert no_errors(check(doc)) == [] and doc.problems == []
    assert parse_text(export(doc, "shell"), kind="shell").values == doc.values


def seed_002_statements(text: str) -> list[str]:
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        line = line.strip()
        if "parameter_map[" in line and "=" in line:
            out.append(line + (" " + lines[i + 1].strip() if line.endswith("=") else ""))
    return out


def test_seed_002_lines_import_without_errors_and_round_trip(shared_dir):
    statements = seed_002_statements(seed(shared_dir, "002"))
    assert len(statements) >= 80
    tf1 = SCENARIOS["tf1_session"]
    for statement in statements:
        doc = parse_text(statement, kind="python")
        assert doc.scenario == "tf1_session"
        assert [p.message for p in doc.problems if p.severity is Severity.ERROR] == [], statement
        schema = [f for f in check(doc) if f.rule.startswith(("schema.", "import.")) and f.severity is Severity.ERROR]
        assert schema == [], statement
        assert set(doc.values) <= {f.key for f in tf1.fields}
        if doc.values:
            assert parse_text(export(doc, "tf1_python"), kind="python").values == doc.values
