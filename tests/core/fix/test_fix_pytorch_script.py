"""`fix --config train.py` for a PyTorch script: the framework picked from the script's scenarios (torch_npu for its
set_option / HF32 knobs or an msprobe run, torchair for a graph run it compiles), the fix written into the script where
it sets torch_npu options (the rest of the file byte-identical) and read back by the importer with the new value."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.nextrun import fix_write
from ascend_dump_gui.core.nextrun.evidence import REDUCED, OpEvidence
from ascend_dump_gui.core.nextrun.fix import FixProposal, _plan, propose_fix
from ascend_dump_gui.core.nextrun.run_ops import RunOps
from tests.core.fix.runs import tf1_run

TORCH_NPU = '''\
import torch
import torch_npu

option = {}
option["ACL_OP_COMPILER_CACHE_MODE"] = "enable"  # keep the kernel cache
option["ACL_PRECISION_MODE"] = "allow_fp32_to_fp16"
torch_npu.npu.set_option(option)
torch_npu.npu.matmul.allow_hf32 = True
model = torch.nn.Linear(4, 4).npu()
'''
DEBUGGER = '''\
import torch
import torch_npu
from msprobe.pytorch import PrecisionDebugger

debugger = PrecisionDebugger(config_path="config.json", task="statistics", level="L1")
torch.npu.set_option({'ACL_PRECISION_MODE': 'allow_fp32_to_fp16'})
'''
MSPROBE_CONFIG = {"task": "statistics", "dump_path": "./dump", "rank": [], "step": [], "level": "L1",
                  "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": "statistics"}}


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(True), after.splitlines(True))
            if line.startswith(("+ ", "- "))]


def _fix(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["fix", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_torch_npu_fix_is_written_into_the_script_and_read_back(tmp_path, capsys):
    _, step, golden = tf1_run(tmp_path / "run", "overflow_fp16")
    script = tmp_path / "train.py"
    script.write_text(TORCH_NPU)
    out = tmp_path / "fixed" / "train.py"
    out.parent.mkdir()
    code, doc = _fix(capsys, str(step), str(golden), "--config", str(script), "--out", str(out))
    assert code == 0 and doc["framework"] == "torch_npu"
    assert doc["precision_mode"] == {"value": "allow_fp32_to_fp16", "source": "config"}
    assert [(c["option"], c["value"]) for c in doc["changes"]] == [("ACL_PRECISION_MODE", "must_keep_origin_dtype")]
    assert [f["path"] for f in doc["files"]] == [str(out)]          # no snippet: everything went into the script
    assert script.read_text() == TORCH_NPU                          # the user's script is never replaced
    assert _changed_lines(TORCH_NPU, out.read_text()) == [
        '- option["ACL_PRECISION_MODE"] = "allow_fp32_to_fp16"\n',
        '+ option["ACL_PRECISION_MODE"] = "must_keep_origin_dtype"\n']
    read = load_config(out)
    assert read.scenario == "torch_npu" and read.values == {
        "ACL_OP_COMPILER_CACHE_MODE": "enable", "ACL_PRECISION_MODE": "must_keep_origin_dtype",
        "matmul.allow_hf32": True}
    # findings: config check of the changed torch_npu settings (conv HF32 stays on by default under origin)
    assert [f["rule"] for f in doc["findings"]] == ["torch_npu.hf32_under_origin"]
    assert main(["fix", str(step), str(golden), "--config", str(script), "--out", str(out)]) == 2   # taken


def test_the_torch_npu_document_comes_from_the_other_scenarios(tmp_path, capsys):
    _, step, golden = tf1_run(tmp_path / "run", "overflow_fp16")
    (tmp_path / "config.json").write_text(json.dumps(MSPROBE_CONFIG))
    script = tmp_path / "train.py"
    script.write_text(DEBUGGER)
    assert load_config(script).scenario == "msprobe_config"        # torch_npu is in facts["scenarios"]
    code, doc = _fix(capsys, str(step), str(golden), "--config", str(script))
    assert code == 0 and doc["framework"] == "torch_npu"
    assert doc["files"][-1]["path"] == "train_fixed.py"
    fixed = doc["files"][-1]["content"]
    assert _changed_lines(DEBUGGER, fixed) == [
        "- torch.npu.set_option({'ACL_PRECISION_MODE': 'allow_fp32_to_fp16'})\n",
        "+ torch.npu.set_option({'ACL_PRECISION_MODE': 'must_keep_origin_dtype'})\n"]


def test_framework_follows_the_run_and_the_script(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps(MSPROBE_CONFIG))
    torchair = tmp_path / "graph.py"
    torchair.write_text("import torch\nimport torchair\nimport torch_npu\nconfig = torchair.CompilerConfig()\n"
                        "config.dump_config.enable_dump = True\ntorch_npu.npu.conv.allow_hf32 = False\n"
                        "model = torch.compile(model, backend=torchair.get_npu_backend(compiler_config=config))\n")
    _, step, golden = tf1_run(tmp_path / "run", "overflow_fp16")
    assert propose_fix(step, golden, config=torchair).framework == "torchair"    # a graph run it compiles
    assert propose_fix(step, golden, config=torchair, framework="torch_npu").framework == "torch_npu"
    ms_config = tmp_path / "ms" / "config.json"
    ms_config.parent.mkdir()
    ms_config.write_text(json.dumps({"task": "statistics", "dump_path": "out", "level": "L1", "statistics": {}}))
    emulate(ms_config, model="mlp", cwd=ms_config.parent)
    run = next((ms_config.parent / "out").rglob("dump.json")).parent
    only_debugger = tmp_path / "debug.py"
    only_debugger.write_text(DEBUGGER.replace("torch.npu.set_option({'ACL_PRECISION_MODE': 'allow_fp32_to_fp16'})\n",
                                              ""))
    for script in (torchair, only_debugger):   # an msprobe run of a torch model: torch_npu
        assert propose_fix(run, ops=["Torch.matmul.1.forward"], config=script).framework == "torch_npu"


def test_hf32_fix_into_a_script(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(TORCH_NPU)
    run = RunOps(Path("."), "ge", names=["fc", "conv"], types={"fc": "MatMulV2", "conv": "Conv2D"},
                 io_dtypes={"fc": (["float32", "float32"], ["float32"]), "conv": (["float32"], ["float32"])})
    proposal = FixProposal("torch_npu", ops=[{"op": "fc"}, {"op": "conv"}],
                           before=load_config(script, scenario="torch_npu"))
    _plan(proposal, [OpEvidence("fc", "MatMulV2", REDUCED, "hf32", "float32", "", {}),
                     OpEvidence("conv", "Conv2D", REDUCED, "hf32", "float32", "", {})], run, {},
          "must_keep_origin_dtype", set(), None)
    text = fix_write.config_text(proposal, proposal.values)
    assert _changed_lines(TORCH_NPU, text) == ["- torch_npu.npu.matmul.allow_hf32 = True\n",
                                               "+ torch_npu.npu.matmul.allow_hf32 = False\n",
                                               "+ torch_npu.npu.conv.allow_hf32 = False\n"]
    files = fix_write.write_fix(proposal, tmp_path / "out.py")
    assert [p.name for p, _ in files] == ["out.py"]
    values = load_config(tmp_path / "out.py").values
    assert values["matmul.allow_hf32"] is False and values["conv.allow_hf32"] is False
    assert not [f for f in fix_write.findings(proposal, product=None, dump_ops=None) if f.severity is Severity.ERROR]


def test_a_script_without_a_place_for_the_setting_gets_the_snippet_beside_it(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import torch\nimport torch_npu\ntorch_npu.npu.conv.allow_hf32 = False\n")
    proposal = FixProposal("torch_npu", ops=[{"op": "fc"}], before=load_config(script, scenario="torch_npu"))
    run = RunOps(Path("."), "ge", names=["fc"], types={"fc": "MatMulV2"},
                 io_dtypes={"fc": (["float16"], ["float16"])})
    _plan(proposal, [OpEvidence("fc", "MatMulV2", REDUCED, "float16", "float32", "", {})], run, {},
          "allow_fp32_to_fp16", set(), None)
    assert proposal.values == {"ACL_PRECISION_MODE": "must_keep_origin_dtype"}   # no set_option: nowhere to put it
    assert fix_write.script_fix(proposal) is None
    assert fix_write.config_text(proposal, proposal.values) == proposal.snippet


def test_real_world_option_dict_gets_the_precision_mode(shared_dir, tmp_path, capsys):
    script = shared_dir / "real-world" / "pytorch" / "0056_remaster.py"
    if not script.is_file():
        pytest.skip("0056_remaster.py is not in ../shared")
    before = script.read_text()
    _, step, golden = tf1_run(tmp_path / "run", "overflow_fp16")
    out = tmp_path / "remaster_fixed.py"
    code, doc = _fix(capsys, str(step), str(golden), "--config", str(script), "--product", "atlas_training",
                     "--out", str(out))
    assert code == 0 and doc["framework"] == "torch_npu"
    assert script.read_text() == before
    assert _changed_lines(before, out.read_text()) == ['+ option["ACL_PRECISION_MODE"] = "must_keep_origin_dtype"\n']
    read = load_config(out, scenario="torch_npu")
    assert read.values["ACL_PRECISION_MODE"] == "must_keep_origin_dtype"
    assert read.values["ACL_OP_COMPILER_CACHE_MODE"] == "enable"


def test_a_setting_from_a_variable_goes_to_the_snippet_beside_the_script(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(TORCH_NPU.replace('"allow_fp32_to_fp16"\n', 'MODE\n').replace("import torch\n",
                                                                                  'import torch\nMODE = "allow_fp32_to_fp16"\n'))
    run = RunOps(Path("."), "ge", names=["fc", "relu"], types={"fc": "MatMulV2", "relu": "Relu"},
                 io_dtypes={"fc": (["float32"], ["float32"]), "relu": (["float16"], ["float16"])})
    proposal = FixProposal("torch_npu", ops=[{"op": "fc"}, {"op": "relu"}],
                           before=load_config(script, scenario="torch_npu"))
    _plan(proposal, [OpEvidence("fc", "MatMulV2", REDUCED, "hf32", "float32", "", {}),
                     OpEvidence("relu", "Relu", REDUCED, "float16", "float32", "", {})], run, {},
          "allow_fp32_to_fp16", set(), None)
    assert proposal.values == {"matmul.allow_hf32": False, "ACL_PRECISION_MODE": "must_keep_origin_dtype"}
    patch = fix_write.script_fix(proposal)
    assert patch is not None and patch.changed == ("matmul.allow_hf32",)
    notes = fix_write.script_notes(patch)
    assert len(notes) == 1 and "ACL_PRECISION_MODE is not written into the script" in notes[0] and "MODE" in notes[0]
    files = fix_write.write_fix(proposal, tmp_path / "out.py")
    assert [p.name for p, _ in files] == ["out.py", "out.ascend_dump_fix_torch_npu.py"]
    snippet = files[1][1]
    assert '"ACL_PRECISION_MODE": "must_keep_origin_dtype"' in snippet and "allow_hf32" not in snippet
    assert load_config(tmp_path / "out.py").values["matmul.allow_hf32"] is False


def test_a_mindspore_debugger_script_is_no_torch_npu_config(tmp_path, capsys):
    _, step, golden = tf1_run(tmp_path / "run", "overflow_fp16")
    (tmp_path / "config.json").write_text(json.dumps(MSPROBE_CONFIG))
    script = tmp_path / "train.py"
    script.write_text('from msprobe.mindspore import PrecisionDebugger\n'
                      'debugger = PrecisionDebugger(config_path="config.json", task="statistics")\n')
    assert main(["fix", str(step), str(golden), "--config", str(script)]) == 2
    assert "not into msprobe config.json;" in capsys.readouterr().err
