"""Summary metrics kept compact (a tree compare holds a million rows): the values read back are exactly msprobe's
rules applied to the two leaves, whether a row shares the instance of equal statistics or works its values out
when read."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.compare import _summary_pair, compare_runs
from ascend_dump_gui.core.msprobe.report import row_json
from ascend_dump_gui.core.msprobe.rows import SUMMARY_NAMES, Metrics
from ascend_dump_gui.core.msprobe.tree_compare import RunPair


def _expected(row) -> dict:
    """The summary metrics as a dict, from the rules one statistic at a time."""
    out = {}
    for i, (diff, rel) in enumerate(zip(SUMMARY_NAMES[:4], SUMMARY_NAMES[4:], strict=True)):
        out[diff], out[rel] = _summary_pair(row.npu.stats[i], row.bench.stats[i])
    return out


def _compared(tmp_path):
    write_msprobe_tree(tmp_path / "npu", "mlp", MsprobeDumpSpec(ranks=(0,), task="statistics", noise=1e-3))
    write_msprobe_tree(tmp_path / "bench", "mlp", MsprobeDumpSpec(ranks=(0,), task="statistics"))
    npu, bench = open_tree(tmp_path / "npu").runs[0], open_tree(tmp_path / "bench").runs[0]
    path = npu.path / "dump.json"           # one call's statistics made equal to the bench's
    doc, bench_doc = json.loads(path.read_text()), json.loads((bench.path / "dump.json").read_text())
    same = next(iter(doc["data"]))
    doc["data"][same] = bench_doc["data"][same]
    path.write_text(json.dumps(doc))
    npu = open_tree(tmp_path / "npu").runs[0]
    return npu, bench, compare_runs(npu, bench, "summary"), same


def test_summary_metrics_read_back_as_the_rules_give_them(tmp_path):
    npu, bench, result, same = _compared(tmp_path)
    matched = [r for r in result.rows if r.bench is not None]
    differing = [r for r in matched if r.npu.stats != r.bench.stats]
    assert differing and len(differing) < len(matched)
    for row in matched:
        expected = _expected(row)
        assert row.metrics == expected and dict(row.metrics) == expected
        assert list(row.metrics.items()) == list(expected.items())          # the table's order, kept in JSON
        assert [row.metrics[k] for k in expected] == list(expected.values())
        assert row.metrics.get("NormRelativeErr") == expected["NormRelativeErr"]
        assert row_json(RunPair(npu, bench, result), row)["metrics"] == expected
    equal = [r for r in matched if r.npu.entry == same]
    assert equal and all(r.metrics is equal[0].metrics for r in equal)     # one instance for equal statistics


def test_metrics_are_read_only_and_refuse_unknown_names(tmp_path):
    *_, result, _ = _compared(tmp_path)
    for row in result.rows[:20]:
        metrics = row.metrics
        assert isinstance(metrics, Metrics)
        with pytest.raises(KeyError):
            metrics["Cosine"]
        assert metrics.get("Cosine") is None and "Cosine" not in metrics and "Max diff" in metrics
        with pytest.raises(TypeError):
            metrics["Max diff"] = 1.0  # type: ignore[index]


def test_messages_are_added_to_one_row_only(tmp_path):
    *_, result, _ = _compared(tmp_path)
    first, second = result.rows[0], result.rows[1]
    before = second.messages
    first.say("warning: one")
    first.say("error: two")
    assert first.messages[-2:] == ("warning: one", "error: two")
    assert second.messages == before
