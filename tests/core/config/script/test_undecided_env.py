"""Settings made only under a condition the importer cannot decide are undecided, not set; ``--script-env``
decides the environment variables such conditions read."""

import json
import subprocess
import sys

import pytest

from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import load_config, parse_text
from ascend_dump_gui.core.config.script.environ import join_env, split_env
from ascend_dump_gui.core.errors import InputError

SCRIPT = ('import os\nimport tensorflow as tf\n'
          'custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
          'custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")\n'
          'if "autotune" in os.environ:\n'
          '    if os.environ["autotune"] == "True":\n'
          '        custom_op.parameter_map["auto_tune_mode"].s = tf.compat.as_bytes("RL,GA")\n'
          'tune = os.environ.get("TUNE_MODE", "off").lower()\n'
          'if tune == "on":\n'
          '    custom_op.parameter_map["op_tune_mode"].s = tf.compat.as_bytes(os.getenv("TUNE_MODE"))\n')


def test_env_conditions_are_undecided_without_a_decision():
    doc = parse_text(SCRIPT, kind="python")
    assert doc.values == {"precision_mode": "allow_mix_precision"}
    auto = doc.facts["undecided"]["auto_tune_mode"]
    assert auto["line"] == 7 and auto["variables"] == ["autotune"] and auto["value"] == "RL,GA"
    assert "'autotune' in os.environ" in auto["condition"] and "== 'True'" in auto["condition"]
    said = next(p for p in doc.problems if p.rule == "import.undecided" and p.options == ("auto_tune_mode",))
    assert '--script-env "autotune=..."' in said.message and said.extra["line"] == 7
    project = json.loads(export(doc, "project"))
    assert "auto_tune_mode" not in project["values"]
    assert {u["option"] for u in project["undecided"]} >= {"auto_tune_mode"}
    assert all(set(u) >= {"option", "condition", "line"} for u in project["undecided"])
    from ascend_dump_gui.core.config.formats.export_plan import plan_export
    dropped = dict(plan_export(doc, "tf1_python").dropped)
    assert "auto_tune_mode (only when" in dropped["undecided"]
    assert "auto_tune_mode" not in export(doc, "tf1_python")


@pytest.mark.parametrize(("env", "auto", "tune"), [
    ("autotune=True", "RL,GA", None),
    ("autotune=False", None, None),
    ("-u autotune", None, None),
    ("autotune=True TUNE_MODE=ON", "RL,GA", "ON"),
    ("-u autotune -u TUNE_MODE", None, None),
])
def test_script_env_decides_the_conditions(env, auto, tune):
    doc = parse_text(SCRIPT, kind="python", script_env=env)
    assert doc.values.get("auto_tune_mode") == auto
    assert doc.values.get("op_tune_mode") == tune
    assert "auto_tune_mode" not in doc.facts.get("undecided", {})
    if "TUNE_MODE" in env:
        assert "undecided" not in doc.facts
    assert doc.facts["script"].script_env == env


def test_the_scripts_own_environ_lines_decide_later_reads():
    text = ('import os\nos.environ["autotune"] = "True"\n'
            'if os.environ.get("autotune") == "True":\n'
            '    custom_op.parameter_map["auto_tune_mode"].s = b"RL,GA"\n')
    assert parse_text(text, kind="python").values["auto_tune_mode"] == "RL,GA"


def test_script_env_text_round_trips_and_bad_words_are_input_errors():
    decided = split_env("A=1 'B=two words' -u C D=")
    assert decided == {"A": "1", "B": "two words", "C": None, "D": ""}
    assert split_env(join_env(decided)) == decided
    for bad in ("A", "-u", "1A=x", "'A=unbalanced"):
        with pytest.raises(InputError):
            parse_text(SCRIPT, kind="python", script_env=bad)


def test_cli_script_env_and_undecided(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)

    def run(*extra):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "export", str(script),
                               "--to", "project", *extra], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    plain = run()
    assert "auto_tune_mode" not in plain["values"] and plain["undecided"][0]["option"] == "auto_tune_mode"
    decided = run("--script-env", "autotune=True", "--script-args", "")
    assert decided["values"]["auto_tune_mode"] == "RL,GA"
    bad = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "check", str(script),
                          "--script-env", "nonsense"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "NAME=VALUE" in bad.stdout + bad.stderr and "Traceback" not in bad.stderr


# Real scripts that set auto_tune_mode only when the environment variable autotune is "True"/"true".
AUTOTUNE = {"0143_2unique_deepfm_main_record_uid_fp32.py": "True", "0151_train.py": "True", "0152_train.py": "True",
            "0155_main_run.py": "True", "0081_ssd_main.py": "true", "0136_trainer_lib.py": "TRUE",
            "0061_infer_from_pb_cv.py": "True"}


@pytest.mark.parametrize("name", sorted(AUTOTUNE))
def test_real_scripts_set_auto_tune_mode_only_when_autotune_is_decided(shared_dir, name):
    path = shared_dir / "real-world" / "scripts" / name
    if not path.is_file():
        pytest.skip(f"{name} is not in ../shared")
    try:
        doc = load_config(path)
    except InputError as exc:
        pytest.skip(f"{name}: {exc}")
    if doc.scenario != "tf1_session":
        pytest.skip(f"{name} is read as {doc.scenario}")
    assert "auto_tune_mode" not in doc.values
    assert "autotune" in doc.facts["undecided"]["auto_tune_mode"]["variables"]
    assert load_config(path, script_env=f"autotune={AUTOTUNE[name]}").values["auto_tune_mode"] == "RL,GA"
    off = load_config(path, script_env="-u autotune")
    assert "auto_tune_mode" not in off.values and "auto_tune_mode" not in off.facts.get("undecided", {})
