"""Accuracy rule and tolerances, first-divergence logic, CSV layout."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.compare.findings import first_divergence
from ascend_dump_gui.core.compare.matching import MatchPlan
from ascend_dump_gui.core.compare.report import csv_header, csv_text, write_csv
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerance, Tolerances, accuracy_reached
from tests.core.compare.test_matching import TS, dump, golden


def test_tolerance_spec_parsing():
    tol = Tolerances.parse("cos_min=0.999;float16:max_abs_max=0.01,max_abs_ceiling=2")
    assert tol.default == Tolerance(cos_min=0.999)
    assert tol.for_dtype("float16") == Tolerance(cos_min=0.999, max_abs_max=0.01, max_abs_ceiling=2.0)
    assert tol.for_dtype("bfloat16") == tol.default
    with pytest.raises(ValueError, match="bad tolerance"):
        Tolerances.parse("float16:cosine=0.9")
    with pytest.raises(ValueError):
        Tolerances.parse("cos_min")


@pytest.mark.parametrize(("cos", "mae", "tol", "want"), [
    (0.995, 0.5, None, "Yes"), (0.98, 0.002, None, "No"), (0.98, 0.0005, None, "Yes"),
    (0.95, 1.5, None, "No"), ("shape unmatched", 0.0, None, "Unmatched"), ("unsupported", 0.1, None, "None"),
    ("N/A", "N/A", None, "No"), (0.98, 0.002, Tolerance(cos_min=0.97), "Yes"),
    (0.995, 0.5, Tolerance(max_abs_ceiling=0.1), "No"),
])
def test_accuracy_rule(cos, mae, tol, want):
    assert accuracy_reached(cos, mae, tol) == want


def test_per_dtype_tolerance_changes_reached(tmp_path):
    a = np.linspace(-1, 1, 64).astype(np.float16)
    dump(tmp_path / "npu", "Add", "a", 1, TS, outputs=[a])
    golden(tmp_path / "gold", "a", 0, TS, a.astype(np.float32) + 0.2)
    default = compare(tmp_path / "npu", tmp_path / "gold").rows[0]
    assert default.reached is False
    loose = Tolerances(by_dtype={"float16": Tolerance(cos_min=0.9, max_abs_max=0.1)})
    assert compare(tmp_path / "npu", tmp_path / "gold", tolerances=loose).rows[0].reached is True
    assert compare(tmp_path / "npu", tmp_path / "gold", tolerances=Tolerances(
        by_dtype={"float32": Tolerance(cos_min=0.9, max_abs_max=0.1)})).rows[0].reached is False


def _row(index: int, role: str, reached: bool | None, name: str = "op") -> CompareRow:
    return CompareRow(index=index, tensor=f"{name}{index}:{role}:0", op_name=f"{name}{index}", op_type="T",
                      role=role, tensor_index=0, npu_file="f", golden_file="g", ground_truth="*", dtype="float32",
                      golden_dtype="float32", shape=[1], reached=reached,
                      msprobe={"Cosine": 0.5, "MaxAbsErr": 2.0})


def test_first_divergence_distinguishes_cause():
    plan = MatchPlan("npu_vs_golden")
    rows = [_row(0, "output", True), _row(1, "input", True), _row(1, "output", False), _row(2, "output", False)]
    d = first_divergence(rows, plan)
    assert (d.op_name, d.cause, d.matched_inputs) == ("op1", "introduced", ["op1:input:0"])
    rows = [_row(0, "output", True), _row(1, "input", False), _row(1, "output", False)]
    d = first_divergence(rows, plan)
    assert (d.op_name, d.cause, d.diverged_inputs) == ("op1", "inputs_differed", ["op1:input:0"])
    d = first_divergence([_row(0, "input", False), _row(0, "output", True)], plan)
    assert d.tensor == "op0:input:0" and d.cause == "inputs_differed"
    assert first_divergence([_row(0, "output", True), _row(1, "output", None)], plan) is None


def test_csv_columns_follow_msaccucmp(tmp_path):
    v = np.arange(6, dtype=np.float32)
    dump(tmp_path / "npu", "Add", "a", 1, TS, outputs=[v])
    golden(tmp_path / "gold", "a", 0, TS, v)
    result = compare(tmp_path / "npu", tmp_path / "gold", metrics=["MaxRelativeError", "CosineSimilarity"])
    assert csv_header(result)[:13] == ["Index", "OpType", "NPUDump", "DataType", "Address", "GroundTruth",
                                       "DataType", "TensorIndex", "Shape", "OverFlow", "MaxRelativeError",
                                       "CosineSimilarity", "CompareFailReason"]
    out = tmp_path / "deep" / "r.csv"
    write_csv(result, out)
    with out.open(newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[1][:13] == ["0", "Add", "a", "float32", "NaN", "a", "float32", "a:output:0", "[6]", "NaN",
                            "0.000000", "1.000000", ""]
    assert rows[1][-1] == "Yes"
    nvn = compare(tmp_path / "npu", tmp_path / "npu")
    assert csv_header(nvn)[:9] == ["Index", "OpType", "NPUDump", "DataType", "Address", "GroundTruth",
                                   "DataType", "Address", "TensorIndex"]
    assert csv_text(nvn).count("\n") == 2
