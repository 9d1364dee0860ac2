"""End to end on emulator dump trees: overflow, memory overwrite (watcher), injected divergence."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.compare.report import result_to_json, write_csv
from tests.emulator_runs import WATCHER, emulated, model_dump


def test_clean_run_matches_and_maps_fused_ops(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp")
    result = compare(npu, golden, graph=graph)
    assert result.first_divergence is None
    assert result.overflows == []
    fused = next(r for r in result.rows if r.tensor == "dense/MatMul:output:0")
    assert fused.ground_truth == "dense/MatMul,dense/BiasAdd"
    assert Path(fused.golden_file).name.startswith("dense_BiasAdd.0.")
    relu_in = next(r for r in result.rows if r.tensor == "dense/Relu:input:0")
    assert Path(relu_in.golden_file).name.startswith("dense_BiasAdd.0.")
    assert any(Path(u["file"]).name.startswith("dense_MatMul.0.") for u in result.unmatched if u["side"] == "golden")
    assert all(r.reached for r in result.rows if r.golden_file)
    indices = [r.index for r in result.rows]
    assert indices == sorted(indices)


def test_float16_overflow_is_diagnosed(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    result = compare(npu, golden, graph=graph)
    assert result.overflows[0].op_name == "dense/MatMul"
    first = result.overflows[0]
    assert (first.tensor, first.dtype, first.kind) == ("dense/MatMul:output:0", "float16", "inf")
    assert result.first_divergence.op_name == "dense/MatMul"
    assert result.first_divergence.cause == "introduced"
    assert result.summary["first_overflow"] == "dense/MatMul"


def test_opdebug_records_name_the_overflowing_op(tmp_path):
    _, npu, golden, _ = emulated(tmp_path, {"dump_debug": "on"}, "overflow_fp16")
    result = compare(npu, golden)
    first = result.overflows[0]
    assert first.op_name == "dense/MatMul"
    assert (first.kind == "status" or first.record is not None) and first.task_id is not None
    assert first.status and first.status[0].startswith("AI")


def test_watcher_names_the_op_that_overwrote_memory(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, WATCHER, "mlp", fault="overwrite")
    findings = compare(npu, golden, graph=graph).watcher_findings
    assert len(findings) == 1
    assert findings[0].watched_op == "dense/Relu" and findings[0].culprit == "dense_1/Relu"
    assert findings[0].changed_elements > 0


def test_watcher_quiet_without_overwrite(tmp_path):
    watcher = {"dump_list": [{"watcher_nodes": ["dense/Relu"]}], "dump_mode": "output", "dump_scene": "watcher"}
    _, npu, golden, graph = emulated(tmp_path, watcher, "mlp")
    assert compare(npu, golden, graph=graph).watcher_findings == []


def test_injected_divergence_is_the_first_divergence(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp", fault="nan")
    d = compare(npu, golden, graph=graph).first_divergence
    assert d.op_name == "dense_1/MatMul"
    assert d.cause == "introduced" and d.matched_inputs


def test_divergence_downstream_reports_inputs_differed(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp", fault="nan")
    result = compare(npu, golden, graph=graph)
    relu_in = next(r for r in result.rows if r.tensor == "dense_1/Relu:input:0")
    assert relu_in.reached is False


def test_npu_vs_npu_trees(tmp_path):
    _, a, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp", name="a")
    _, b, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp", fault="nan", name="b")
    same = compare(a, a)
    assert same.mode == "npu_vs_npu"
    assert all(r.texts["CosineSimilarity"] in ("1.000000", "1.0") for r in same.rows)
    diff = compare(a, b)
    assert diff.first_divergence.op_name == "dense_1/MatMul"


def test_npu_vs_npu_words_never_call_the_other_tree_golden(tmp_path, capsys):
    _, a, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp", name="a")
    _, b, _, _ = emulated(tmp_path, model_dump("mlp"), "mlp", fault="nan", name="b")
    main(["compare", str(a), str(b)])
    text = capsys.readouterr().out
    assert "reference files unused" in text and "golden" not in text


def test_cli_json_csv_and_exit_codes(tmp_path, capsys):
    _, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    out = tmp_path / "result.csv"
    assert main(["compare", str(npu), str(golden), "--graph", str(graph), "--json", "--out", str(out)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["first_divergence"]["tensor"] == "dense/MatMul:output:0"
    assert set(doc["rows"][0]) >= {"tensor", "op_type", "npu_file", "golden_file", "dtype", "shape", "metrics",
                                   "reached", "overflow", "fail_reason"}
    with open(out, newline="") as fh:
        table = list(csv.reader(fh))
    assert len(table) == 1 + len(doc["rows"])
    assert table[0][:4] == ["Index", "OpType", "NPUDump", "DataType"]
    assert main(["compare", str(npu), str(golden), "--fail-on-mismatch"]) == 1
    assert main(["compare", str(npu), str(golden), "--metrics", "CosineSimilarity,9"]) == 0
    text = capsys.readouterr().out
    assert "first divergence: dense/MatMul:output:0" in text and "overflow: dense/MatMul" in text


def test_json_document_is_strict_json(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    result = compare(npu, golden, graph=graph)
    json.dumps(result_to_json(result), allow_nan=False)
    write_csv(result, tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text().count("\n") == len(result.rows) + 1


@pytest.mark.parametrize("model", ["convnet", "transformer"])
def test_other_models_compare_cleanly(tmp_path, model):
    _, npu, golden, graph = emulated(tmp_path, model_dump(model), model)
    result = compare(npu, golden, graph=graph)
    assert result.summary["compared"] > 0
    assert result.first_divergence is None
