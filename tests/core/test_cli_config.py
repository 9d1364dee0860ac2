"""`ascend-dump config check | where | export`: output shapes, exit codes, bad input without tracebacks."""

import json
import subprocess
import sys

import pytest

from ascend_dump_gui.cli import main

GOOD = '{"dump": {"dump_path": "/tmp", "dump_list": [{"model_name": "m"}], "dump_mode": "all"}}'
BAD = '{"dump": {"dump_scene": "watcher", "dump_debug": "on", "dump_path": "/tmp", ' \
      '"dump_list": [{"layer": ["A"], "watcher_nodes": ["C"]}]}}'


@pytest.fixture
def files(tmp_path):
    (tmp_path / "good.json").write_text(GOOD)
    (tmp_path / "bad.json").write_text(BAD)
    (tmp_path / "broken.json").write_text('{"dump": {\n  "dump_path": "x",\n}}')
    (tmp_path / "run.env").write_text("export NPU_COLLECT_PATH=/collect\nexport ASCEND_WORK_PATH=/work\n")
    return tmp_path


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_clean_config_exits_0(files, capsys):
    code, out, _ = run(capsys, "config", "check", str(files / "good.json"))
    assert code == 0 and "no findings" in out


def test_check_json_shape_and_exit_1(files, capsys):
    code, out, _ = run(capsys, "config", "check", str(files / "good.json"), str(files / "bad.json"), "--json")
    doc = json.loads(out)
    assert code == 1
    assert [r["scenario"] for r in doc["results"]] == ["acl_json", "acl_json"]
    finding = next(f for f in doc["results"][1]["findings"] if f["rule"] == "acl.watcher_with_dump_debug")
    assert finding == {"rule": "acl.watcher_with_dump_debug", "severity": "error",
                       "options": ["dump_scene", "dump_debug"], "message": finding["message"],
                       "source": finding["source"], "fix": "Turn dump_debug off"}


def test_check_parse_error_is_one_finding_and_exit_2(files, capsys):
    code, out, _ = run(capsys, "config", "check", str(files / "broken.json"), str(files / "bad.json"), "--json")
    results = json.loads(out)["results"]
    assert code == 2
    assert [f["rule"] for f in results[0]["findings"]] == ["parse"]
    assert "line 3, column 1" in results[0]["findings"][0]["message"]
    assert results[1]["findings"]


def test_check_env_and_product(files, capsys):
    code, out, _ = run(capsys, "config", "check", str(files / "good.json"), "--env", str(files / "run.env"), "--json")
    rules = {f["rule"] for f in json.loads(out)["results"][0]["findings"]}
    assert "env.npu_collect_path_data_dump" in rules and code == 0
    (files / "detail.json").write_text('{"dump": {"dump_scene": "aic_err_detail_dump"}}')
    assert run(capsys, "config", "check", str(files / "detail.json"), "--product", "atlas_inference")[0] == 1
    assert run(capsys, "config", "check", str(files / "detail.json"), "--product", "atlas_a3")[0] == 0


def test_check_forced_scenario(files, capsys):
    script = files / "train.py"
    script.write_text('import os\nos.environ["HCCL_EXEC_TIMEOUT"] = "x"\n')
    code, out, _ = run(capsys, "config", "check", str(script), "--scenario", "env", "--json")
    assert json.loads(out)["results"][0]["scenario"] == "env"
    code, out, _ = run(capsys, "config", "check", str(files / "good.json"), "--scenario", "torchair", "--json")
    assert code == 2 and json.loads(out)["results"][0]["findings"][0]["rule"] == "parse"


def test_where_json_and_env_files_among_paths(files, capsys):
    (files / "exc.json").write_text('{"dump": {"dump_path": "out", "dump_scene": "aic_err_brief_dump"}}')
    code, out, _ = run(capsys, "config", "where", str(files / "exc.json"), str(files / "run.env"),
                       "--cwd", "/job", "--json")
    artifacts = {a["artifact"]: a for a in json.loads(out)["artifacts"]}
    assert code == 0
    assert artifacts["exception_dump"]["path"] == "/collect/extra-info/data-dump"
    assert artifacts["exception_dump"]["decided_by"] == "NPU_COLLECT_PATH"
    assert set(artifacts["log"]) >= {"artifact", "path", "decided_by"}
    code, out, _ = run(capsys, "config", "where", str(files / "exc.json"), "--cwd", "/job")
    assert "/job/out/extra-info/data-dump/{device_id}" in out


def test_export_to_stdout_and_file(files, capsys):
    code, out, _ = run(capsys, "config", "export", str(files / "good.json"), "--to", "project")
    assert code == 0 and json.loads(out)["values"]["dump_mode"] == "all"
    target = files / "out" / "acl.json"
    code, _, err = run(capsys, "config", "export", str(files / "good.json"), "--to", "acl_json", "-o", str(target))
    assert code == 0 and json.loads(target.read_text())["dump"]["dump_mode"] == "all" and "wrote" in err
    code, _, err = run(capsys, "config", "export", str(files / "good.json"), "--to", "tf2_python")
    assert code == 2 and "no TensorFlow 2 npu_device equivalent" in err


def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=60)


def test_bad_inputs_exit_2_without_traceback(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    deep = tmp_path / "deep.json"
    deep.write_text('{"dump": ' + "[" * 5000 + "]" * 5000 + "}")
    script = tmp_path / "train.py"
    script.write_text("custom_op.parameter_map['enable_dump'].b = (True\n")
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 16)
    wrong = tmp_path / "types.json"
    wrong.write_text('{"dump": {"dump_path": 5, "dump_step": 3, "dump_list": "all"}}')
    result = _cli("config", "check", str(big), str(deep), str(script), str(junk), str(tmp_path / "missing.json"),
                  "--json")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    messages = [r["findings"][0]["message"] for r in json.loads(result.stdout)["results"]]
    assert "10 MiB" in messages[0] and "more than 10 levels" in messages[1]
    assert "not valid Python" in messages[2] and "line 1" in messages[2]
    assert "not a text file" in messages[3] and "cannot be read" in messages[4]
    typed = _cli("config", "check", str(wrong))
    assert typed.returncode == 1 and "Traceback" not in typed.stderr and "schema.type" in typed.stdout
    where = _cli("config", "where", str(junk))
    assert where.returncode == 2 and "not a text file" in where.stderr and "Traceback" not in where.stderr
    usage = _cli("config", "check", str(wrong), "--product", "atlas_nope")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_building_the_parser_loads_no_schema_or_emulator():
    """Start-up: the config, dump, scan and emulate verbs load the core when they run, not at import."""
    lazy = ("ascend_dump_gui.core.config.scenarios", "ascend_dump_gui.core.config.check",
            "ascend_dump_gui.core.config.formats.importers", "ascend_dump_gui.core.emulator", "ascend_dump_gui.core.dump.convert")
    code = ("import sys; from ascend_dump_gui.cli import build_parser; build_parser(); "
            f"print([m for m in {lazy!r} if m in sys.modules])")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_parser_choices_match_the_core():
    from ascend_dump_gui.cli.emulate_cmd import FAULT_CHOICES
    from ascend_dump_gui.core.config import names
    from ascend_dump_gui.core.config.formats.exporters import TARGET_SCENARIO
    from ascend_dump_gui.core.config.scenarios import SCENARIOS
    from ascend_dump_gui.core.emulator import FAULT_KINDS

    assert FAULT_CHOICES == FAULT_KINDS
    assert tuple(SCENARIOS) == names.SCENARIO_NAMES
    assert set(TARGET_SCENARIO.values()) <= set(SCENARIOS)
    assert set(TARGET_SCENARIO) | {"project"} == set(names.EXPORT_TARGETS)
