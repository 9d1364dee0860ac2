"""End to end: the ``mixed_precision`` model under reduced precision, compared with its float32 golden.

The emulator runs velocity/MatMul (a finite difference of positions 76-116 m from the world origin) in
float16/bfloat16 under the mixed modes; the compare engine must name it as the first divergence and say
that it introduced the error (its input matched), while a float32 run of the same model matches everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.engine import CompareResult, compare
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate
from tests.emulator_runs import emulated, model_dump

MODEL = "mixed_precision"


def _tf1_run(tmp: Path, precision: dict[str, str], mixlist: dict | None = None) -> CompareResult:
    """Emulate the model with TF1 session options (full dump, GE graphs) and compare step 0 with golden."""
    for sub in ("dump", "golden", "graphs"):
        (tmp / sub).mkdir(parents=True)
    values = {"enable_dump": True, "dump_path": str(tmp / "dump"), "dump_mode": "all", **precision}
    if mixlist is not None:
        (tmp / "mixlist.json").write_text(json.dumps(mixlist))
        values["modify_mixlist"] = "mixlist.json"
    env = {"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": str(tmp / "graphs")}
    result = emulate(ConfigDoc("tf1_session", values), env=env, model=MODEL, cwd=tmp, golden_dir=tmp / "golden")
    assert not result.warnings
    step = next(p for p in sorted((tmp / "dump").rglob("*"))
                if p.is_dir() and p.name == "0" and p.parent.name == "1")
    return compare(step, tmp / "golden" / "0", graph=next((tmp / "graphs").rglob("*Build*.txt")))


def _row(result: CompareResult, tensor: str):
    return next(r for r in result.rows if r.tensor == tensor)


def _assert_velocity_introduced(result: CompareResult, low: str) -> None:
    d = result.first_divergence
    assert d is not None and d.tensor == "velocity/MatMul:output:0" and d.op_type == "MatMulV2"
    assert d.cause == "introduced"
    assert d.matched_inputs == ["velocity/MatMul:input:0"] and d.diverged_inputs == []
    assert float(d.cosine) < 0.9                       # the velocities are mostly rounding noise
    out, inp = _row(result, "velocity/MatMul:output:0"), _row(result, "velocity/MatMul:input:0")
    assert out.dtype == inp.dtype == low
    assert float(inp.msprobe["Cosine"]) > 0.9999 and float(inp.msprobe["MaxAbsErr"]) <= 0.25
    assert _row(result, "world_frame/Add:output:0").reached is True
    assert all(r.reached is not False for r in result.rows if r.index < d.index)
    assert result.overflows == []


@pytest.mark.parametrize("precision,low", [
    ({"precision_mode": "allow_mix_precision"}, "float16"),
    ({"precision_mode_v2": "mixed_bfloat16"}, "bfloat16"),
])
def test_mixed_precision_first_divergence_is_the_velocity_matmul(tmp_path, precision, low):
    result = _tf1_run(tmp_path, precision)
    _assert_velocity_introduced(result, low)
    assert _row(result, "world_frame/Add:output:0").dtype == "float32"   # gray op after float32 data
    assert _row(result, "prob/Softmax:output:0").dtype == "float32"      # black list


@pytest.mark.parametrize("precision", [{"precision_mode": "must_keep_origin_dtype"},
                                       {"precision_mode_v2": "origin"}])
def test_float32_run_of_the_same_model_matches_everywhere(tmp_path, precision):
    result = _tf1_run(tmp_path, precision)
    assert result.first_divergence is None
    assert result.summary["not_reached"] == 0 and result.summary["compared"] >= 10
    assert _row(result, "velocity/MatMul:output:0").dtype == "float32"


def test_black_listing_matmul_removes_the_divergence(tmp_path):
    mixlist = {"black-list": {"to-add": ["MatMulV2"]}}
    result = _tf1_run(tmp_path, {"precision_mode": "allow_mix_precision"}, mixlist)
    assert result.first_divergence is None and result.summary["not_reached"] == 0
    assert _row(result, "velocity/MatMul:output:0").dtype == "float32"


def test_acl_json_default_force_fp16(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump(MODEL), MODEL)
    result = compare(npu, golden, graph=graph)
    _assert_velocity_introduced(result, "float16")
    assert _row(result, "world_frame/Add:output:0").dtype == "float16"


def test_cli_lists_the_model(capsys):
    assert main(["emulate", "--list-models"]) == 0
    assert MODEL in capsys.readouterr().out
