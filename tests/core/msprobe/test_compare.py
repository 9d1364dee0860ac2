"""msprobe-style compare of emulator-written NPU / bench trees, and the CLI on them.

The numbers themselves were checked against msprobe 26.2.0's own compare on 15 pairs
(scripts/msprobe_oracle_compare.py); these tests pin the behaviour that must not drift.
"""

from __future__ import annotations

import json
import math

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.compare import _summary_pair, compare_runs
from ascend_dump_gui.core.msprobe.report import csv_text, to_json
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees


def _pair(tmp_path, model="mlp", npu=None, **common):
    write_msprobe_tree(tmp_path / "npu", model, MsprobeDumpSpec(ranks=(0,), **common, **(npu or {})))
    write_msprobe_tree(tmp_path / "bench", model, MsprobeDumpSpec(ranks=(0,), **common))
    return open_tree(tmp_path / "npu").runs[0], open_tree(tmp_path / "bench").runs[0]


@pytest.mark.parametrize(("task", "summary_mode", "mode"), [("tensor", "statistics", "all"),
                                                            ("statistics", "statistics", "summary"),
                                                            ("statistics", "md5", "md5")])
def test_identical_dumps_pass_everywhere(tmp_path, task, summary_mode, mode):
    npu, bench = _pair(tmp_path, task=task, summary_mode=summary_mode, level="mix")
    result = compare_runs(npu, bench)
    assert result.mode == mode
    assert result.rows and all(r.bench is not None and r.result == "pass" for r in result.rows)
    assert result.first_divergence is None


def test_fault_is_the_first_divergence_in_both_modes(tmp_path):
    for task in ("tensor", "statistics"):
        npu, bench = _pair(tmp_path / task, task=task, npu={"noise": 1e-4, "fault_op": "dense_1/MatMul"})
        result = compare_runs(npu, bench)
        first = result.first_divergence
        assert first is not None and first.tensor == "Torch.matmul.1.forward.output.0", task
        assert first.result == "error"
        earlier = result.rows[: first.order]
        assert all(r.result == "pass" for r in earlier)


def test_backward_calls_are_renumbered_per_api(tmp_path):
    """msprobe keys backward calls by their order among the API's backward calls, not by call number:
    with the bench missing Torch.add.3.backward, NPU's add.3.backward meets bench's add.2.backward."""
    npu, bench = _pair(tmp_path, task="statistics")
    path = bench.path / "dump.json"
    doc = json.loads(path.read_text())
    del doc["data"]["Torch.add.3.backward"]
    path.write_text(json.dumps(doc))
    result = compare_runs(npu, open_tree(tmp_path / "bench").runs[0])
    row = next(r for r in result.rows if r.tensor == "Torch.add.3.backward.input.0")
    assert row.bench.name == "Torch.add.2.backward.input.0"
    forward = next(r for r in result.rows if r.tensor == "Torch.add.3.forward.input.0")
    assert forward.bench.name == "Torch.add.3.forward.input.0"


def test_unmatched_rows_pass_like_msprobe(tmp_path):
    npu, bench = _pair(tmp_path, task="statistics", npu={"noise": 1e-3})
    path = bench.path / "dump.json"
    doc = json.loads(path.read_text())
    del doc["data"]["Torch.add.1.forward"]
    path.write_text(json.dumps(doc))
    result = compare_runs(npu, open_tree(tmp_path / "bench").runs[0])
    unmatched = [r for r in result.rows if r.bench is None]
    assert {r.npu.entry for r in unmatched} == {"Torch.add.1.forward"}
    assert all(r.result == "pass" and "No bench data matched." in r.messages for r in unmatched)
    assert all(v == "N/A" for r in unmatched for v in r.metrics.values())


def test_md5_differences_are_errors(tmp_path):
    npu, bench = _pair(tmp_path, summary_mode="md5", npu={"noise": 1e-3})
    result = compare_runs(npu, bench)
    inputs = [r for r in result.rows if r.tensor == "Torch.matmul.0.forward.input.1"]
    assert inputs[0].result == "pass"                     # the weight is the same on both sides
    out = next(r for r in result.rows if r.tensor == "Torch.matmul.0.forward.output.0")
    assert out.result == "error" and out.metrics["NPU MD5"] != out.metrics["BENCH MD5"]


@pytest.mark.parametrize(("npu", "bench", "expected"), [
    (1.5, 1.0, (0.5, 50.0)), (1.0, 0.0, (1.0, "inf")), (2.0, 2.0, (0.0, 0.0)),
    (math.nan, 1.0, ("Nan", "Nan")), (math.inf, 1.0, ("inf", "inf")), (1.0, math.inf, ("-inf", "-inf")),
    (None, 1.0, ("Diff", "Diff")), ("N/A", 1.0, ("N/A", "N/A")), (True, 1.0, ("Diff", "Diff")),
])
def test_summary_rules(npu, bench, expected):
    assert _summary_pair(npu, bench) == expected


def test_tree_json_and_csv(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0, 1), steps=(0, 1), noise=1e-4,
                                                               fault_op="dense_2/MatMul", backward=False))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0, 1), steps=(0, 1), backward=False))
    result = compare_trees(tmp_path / "npu", tmp_path / "bench")
    doc = to_json(result)
    assert doc["mode"] == "summary" and len(doc["runs"]) == 4
    assert {(r["step"], r["rank"]) for r in doc["rows"]} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    first = doc["first_divergence"]
    assert (first["step"], first["rank"], first["tensor"]) == (0, 0, "Torch.matmul.2.forward.output.0")
    assert set(first["metrics"]) == {"Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
                                     "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr"}
    json.dumps(doc, allow_nan=False)
    assert csv_text(result).splitlines()[0].startswith("Step,Rank,NPU Name,Bench Name")


def test_cli_compare_json(tmp_path, capsys):
    _pair(tmp_path, task="tensor", npu={"noise": 1e-4, "fault_op": "dense/MatMul"}, backward=False)
    code = main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--json", "--fail-on-mismatch",
                 "--out", str(tmp_path / "r.csv")])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["mode"] == "all"
    assert doc["first_divergence"]["tensor"] == "Torch.matmul.0.forward.output.0"
    assert set(doc["rows"][0]["metrics"]) == {"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
                                              "One Thousandth Err Ratio", "Five Thousandths Err Ratio"}
    assert (tmp_path / "r.csv").read_text().count("\n") == len(doc["rows"]) + 1
    assert main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--msprobe-mode", "summary",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "summary"


def test_cli_scan_json(tmp_path, capsys):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(task="tensor", ranks=(1,), backward=False))
    assert main(["scan", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {r["kind"] for r in doc["records"]} == {"msprobe_tensor"} and doc["problems"] == []
    assert doc["records"][0]["rank"] == 1 and doc["records"][0]["iteration"] == 0


def test_tree_inputs_that_do_not_fit(tmp_path):
    from ascend_dump_gui.core.errors import InputError

    write_msprobe_tree(tmp_path / "a", "mlp", MsprobeDumpSpec(ranks=(0,), steps=(0, 1), backward=False))
    write_msprobe_tree(tmp_path / "b", "mlp", MsprobeDumpSpec(ranks=(1,), steps=(0, 1), backward=False))
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="not an msprobe dump"):
        compare_trees(tmp_path / "a", tmp_path / "empty")
    with pytest.raises(InputError, match="no step/rank folder in common"):
        compare_trees(tmp_path / "a", tmp_path / "b")
    one = compare_trees(tmp_path / "a" / "step1" / "rank0", tmp_path / "b" / "step1" / "rank1")  # two run folders
    assert len(one.pairs) == 1 and one.first_divergence() is None


def test_csv_cells_from_dump_json_are_inert_and_inputs_are_never_replaced(tmp_path, capsys):
    """API names come from dump.json: formula-like names are escaped; --out over a compared file is refused."""
    import csv
    import io

    _pair(tmp_path, task="statistics", backward=False)
    hostile = "=HYPERLINK(\"http://x\",\"y\")"
    for side in ("npu", "bench"):   # a dtype is free text in dump.json
        dump = next((tmp_path / side).rglob("dump.json"))
        doc = json.loads(dump.read_text())
        call = next(iter(doc["data"].values()))
        tensor = next(v for group in call.values() if isinstance(group, list) for v in group if isinstance(v, dict))
        tensor["dtype"] = hostile
        dump.write_text(json.dumps(doc))
    result = compare_trees(tmp_path / "npu", tmp_path / "bench")
    cells = [cell for row in csv.reader(io.StringIO(csv_text(result))) for cell in row]
    assert any(cell.startswith("'=HYPERLINK") for cell in cells)
    assert not any(cell.startswith(("=", "@", "+")) for cell in cells)
    dump = next((tmp_path / "npu").rglob("dump.json"))
    before = dump.read_bytes()
    code = main(["compare", str(tmp_path / "npu"), str(tmp_path / "bench"), "--out", str(dump)])
    assert code == 2 and dump.read_bytes() == before
    assert "compared files" in capsys.readouterr().err
