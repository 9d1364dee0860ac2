"""Before and after: the mixed_precision model under allow_mix_precision, then with MatMulV2 black-listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare.before_after import change, count, merge
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate

MODEL = "mixed_precision"
VELOCITY = "velocity/MatMul:output:0"


def _run(tmp: Path, mixlist: dict | None) -> tuple[Path, Path]:
    """Emulate the model under allow_mix_precision (with ``mixlist``); (NPU step folder, golden step folder)."""
    for sub in ("dump", "golden"):
        (tmp / sub).mkdir(parents=True)
    values = {"enable_dump": True, "dump_path": str(tmp / "dump"), "dump_mode": "all",
              "precision_mode": "allow_mix_precision"}
    if mixlist is not None:
        (tmp / "mixlist.json").write_text(json.dumps(mixlist))
        values["modify_mixlist"] = "mixlist.json"
    emulate(ConfigDoc("tf1_session", values), model=MODEL, cwd=tmp, golden_dir=tmp / "golden")
    step = next(p for p in sorted((tmp / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return step, tmp / "golden" / "0"


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[Path, Path, Path]:
    before, golden = _run(tmp_path_factory.mktemp("before"), None)
    after, _ = _run(tmp_path_factory.mktemp("after"), {"black-list": {"to-add": ["MatMulV2"]}})
    return before, golden, after


def test_cli_says_the_divergence_is_fixed(runs, capsys):
    before, golden, after = runs
    assert main(["compare", str(before), str(golden), "--after", str(after), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["first_divergence"]["tensor"] == VELOCITY
    assert doc["after"]["first_divergence"] is None
    velocity = next(r for r in doc["rows"] if r["tensor"] == VELOCITY)
    assert velocity["change"] == "fixed" and velocity["reached"] is False
    assert velocity["after"]["result"] == "pass" and "MaxAbsoluteError" in velocity["after"]["metrics"]
    changes = doc["summary"]["changes"]
    assert changes["fixed"] >= 1 and changes["worse"] == changes["new"] == changes["not_compared"] == 0
    gone = {r["tensor"] for r in doc["rows"] if r["change"] == "gone"}
    assert gone and all(t.startswith("trans_Cast_") for t in gone)   # the casts to float16 are gone
    assert sum(changes.values()) == len(doc["rows"])


def test_cli_reversed_runs_are_worse_and_fail(runs, capsys):
    before, golden, after = runs
    assert main(["compare", str(after), str(golden), "--after", str(before), "--fail-on-mismatch"]) == 1
    out = capsys.readouterr().out
    assert "first divergence before: none" in out
    assert f"first divergence after:  {VELOCITY}" in out
    assert f"worse: {VELOCITY}: pass -> fail" in out


def test_cli_refuses_options_it_would_ignore(runs, capsys):
    before, golden, after = runs
    assert main(["compare", str(before), str(golden), "--after", str(after), "--out", "x.csv"]) == 2
    assert "--after" in capsys.readouterr().err


def _row(tensor: str, result: str | None, error: float | None, **extra) -> dict:
    return {"tensor": tensor, "result": result, "metrics": {"MaxAbsErr": error}, "bench": tensor, **extra}


@pytest.mark.parametrize("before,after,word", [
    (("error", 1.0), ("pass", 0.9), "fixed"),
    (("pass", 1e-3), ("warning", 1e-3), "worse"),
    (("error", 1.0), ("error", 0.5), "improved"),
    (("error", 1.0), ("error", 0.51), "unchanged"),
    (("pass", 1e-4), ("pass", 2e-4), "worse"),
    (("pass", 0.0), ("pass", 0.0), "unchanged"),
    ((None, None), ("pass", 0.0), "not_compared"),
    (("pass", 0.0), (None, None), "not_compared"),
])
def test_change_words(before, after, word):
    assert change(_row("t", *before), _row("t", *after)) == word


def test_merge_keeps_rank_and_step_apart_and_names_one_sided_rows():
    before = {"rows": [_row("a", "pass", 0.0, rank=0, step=0), _row("a", "error", 1.0, rank=1, step=0),
                       _row("gone", "pass", 0.0, rank=0, step=0)], "summary": {"rows": 3}}
    after = {"rows": [_row("a", "pass", 0.0, rank=1, step=0), _row("a", "pass", 0.0, rank=0, step=0),
                      _row("new", "pass", 0.0, rank=0, step=0)], "summary": {"rows": 3}, "first_divergence": None}
    doc = merge(before, after)
    assert [r["change"] for r in doc["rows"]] == ["unchanged", "fixed", "gone", "new"]
    assert doc["rows"][2]["after"] is None and doc["rows"][3]["tensor"] == "new"
    assert doc["summary"]["rows"] == 3 and doc["summary"]["changes"] == count(["unchanged", "fixed", "gone", "new"])
    assert doc["after"] == {"summary": {"rows": 3}, "first_divergence": None}


def test_rows_without_a_counterpart_on_both_sides_are_unmatched():
    row = {"tensor": "x:input:0", "reached": None, "golden_file": None, "metrics": {}}
    assert change(row, dict(row)) == "unmatched"
    assert change({**row, "golden_file": "g.npy"}, dict(row)) == "not_compared"


def test_msprobe_runs_before_and_after(tmp_path, capsys):
    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree

    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,)))
    write_msprobe_tree(tmp_path / "before", "mlp", MsprobeDumpSpec(ranks=(0,), fault_op="dense_1/MatMul"))
    write_msprobe_tree(tmp_path / "after", "mlp", MsprobeDumpSpec(ranks=(0,)))
    args = [str(tmp_path / "before"), str(tmp_path / "bench"), "--after", str(tmp_path / "after"), "--json"]
    assert main(["compare", *args, "--fail-on-mismatch"]) == 0
    doc = json.loads(capsys.readouterr().out)
    first = doc["first_divergence"]["tensor"]
    assert first == "Torch.matmul.1.forward.output.0" and doc["after"]["first_divergence"] is None
    row = next(r for r in doc["rows"] if r["tensor"] == first)
    assert row["change"] == "fixed" and row["after"]["result"] == "pass" and row["rank"] == 0
    assert doc["summary"]["changes"]["worse"] == doc["summary"]["changes"]["not_compared"] == 0
