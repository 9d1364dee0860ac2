"""Hostile dump.json files: each is a problem naming the file or a bounded, typed result; the compare, scan and
runs of a tree holding one never traceback and still read the other runs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.dump_json import DumpJsonError, parse_dump_json
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees
from ascend_dump_gui.core.scan.scanner import scan
from tests.core.msprobe.hostile import assert_clean, make_run, run_cli

TENSOR = {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5,
          "Norm": 1.0}


def _nest(value: object, depth: int) -> object:
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = {
    "deep array": '{"task": "statistics", "data": {"a": ' + "[" * 100_000 + "]" * 100_000 + "}}",
    "deep object": '{"data": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000 + "}",
    "deep and cut": '{"task": "tensor", "data": {"x": ' + "[" * 100_000,
    "5000 digits": '{"data": {"x.0.forward": {"output": [{"type": "torch.Tensor", "Max": ' + "9" * 5000 + "}]}}}",
    "not an object": "[1, 2, 3]",
    "data a list": '{"data": [1, 2]}',
    "text": '"dump"',
    "empty": "",
    "binary": "\x00\x01\x02{",
}
ODD_BUT_READABLE = {
    "floats out of range": {"x.0.forward": {"output": [{**TENSOR, "Max": 1e999, "Min": -1e999}]}},
    "ints beyond float": {"x.0.forward": {"output": [{**TENSOR, "Max": 10 ** 400, "Norm": -(10 ** 400)}]}},
    "wrong types": {"x.0.forward": {"output": [{"type": "torch.Tensor", "dtype": {"a": 1}, "shape": "2x2",
                                                "Max": [1, 2], "Min": {"x": 1}, "requires_grad": "yes",
                                                "md5": 5, "data_name": 7}]},
                    "y.0.forward": "not a dict", "z.0.forward": {"input_args": 3, "output": {"type": 5}}},
    "arguments nested 60 deep": {"x.0.forward": {"output": [TENSOR], "input_args": _nest(TENSOR, 60)}},
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_unreadable_dump_json_is_a_problem_naming_the_file(tmp_path, name):
    run_dir = make_run(tmp_path / "step0" / "rank0")
    (run_dir / "dump.json").write_text(HOSTILE[name])
    (run,) = open_tree(tmp_path).runs
    assert run.entries == [] or all(isinstance(e.leaves, list) for e in run.entries)
    assert any(p.path.endswith("dump.json") and "dump.json" in p.message for p in run.problems), run.problems


@pytest.mark.parametrize("name", sorted(ODD_BUT_READABLE))
def test_odd_values_are_typed_and_bounded(tmp_path, name):
    run_dir = make_run(tmp_path / "step0" / "rank0")
    doc = {"task": "statistics", "level": "L1", "data": ODD_BUT_READABLE[name]}
    (run_dir / "dump.json").write_text(json.dumps(doc))
    (run,) = open_tree(tmp_path).runs
    leaves = list(run.iter_leaves())
    for leaf in leaves:
        assert leaf.data_name is None or isinstance(leaf.data_name, str)
        assert leaf.md5 is None or isinstance(leaf.md5, str)
        assert leaf.shape is None or all(isinstance(n, int) for n in leaf.shape)
        for value in leaf.stats:
            assert value is None or isinstance(value, bool | int | float | str)
            if isinstance(value, int) and not isinstance(value, bool):
                assert math.isfinite(float(value))
    result = compare_trees(tmp_path, tmp_path, "summary")
    assert len(result.pairs[0].result.rows) == len(leaves) or run.problems


def test_parse_names_the_source():
    with pytest.raises(DumpJsonError, match="rank3/dump.json: nested too deeply"):
        parse_dump_json('{"data": ' + "[" * 100_000 + "]" * 100_000 + "}", "rank3/dump.json")


def test_one_bad_file_never_aborts_scan_compare_or_runs(tmp_path):
    for root in (tmp_path / "npu", tmp_path / "bench"):
        for rank in range(3):
            make_run(root / "step0" / f"rank{rank}", seed=rank)
        (root / "step0" / "rank1" / "dump.json").write_text(HOSTILE["deep array"])
        (root / "step0" / "rank2" / "dump.json").write_text(HOSTILE["5000 digits"])
    result = scan(tmp_path / "npu")
    assert sum(r.kind == "msprobe_tensor" for r in result.records) == 18
    assert sum("dump.json" in p.path for p in result.problems) == 2
    compared = compare_trees(tmp_path / "npu", tmp_path / "bench", "summary")
    assert [len(p.result.rows) for p in compared.pairs] == [6, 0, 0]
    for argv in (("scan", tmp_path / "npu", "--json"), ("runs", tmp_path / "npu", "--json"),
                 ("compare", tmp_path / "npu", tmp_path / "bench", "--json"),
                 ("compare", tmp_path / "npu", tmp_path / "bench")):
        assert_clean(run_cli(*argv))


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(10 ** 300, 10 ** 400), st.floats(),
                     st.text(max_size=6), st.sampled_from(["torch.Tensor", "torch.float32", "../x.pt", "a.pt", "-1"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["type", "dtype", "shape", "Max", "Min", "Mean", "Norm", "md5", "data_name",
                                     "value", "requires_grad", "input_args", "output", "tensor", "class_type"]),
                    inner, max_size=6)), max_leaves=20)


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(st.text(max_size=30).map(lambda s: s + ".0.forward"), _VALUES, max_size=5))
def test_fuzzed_dump_json_reads_and_compares(data):
    """Any JSON under ``data``: parsed into typed leaves (or a DumpJsonError), and compared without error (md5 mode
    on a dump without checksums is refused with a message naming the run)."""
    from ascend_dump_gui.core.errors import InputError
    from ascend_dump_gui.core.msprobe.compare import compare_runs
    from ascend_dump_gui.core.msprobe.tree import MsprobeRun

    text = json.dumps({"task": "statistics", "data": data})
    try:
        dump = parse_dump_json(text, "fuzz/dump.json")
    except DumpJsonError as exc:
        assert "fuzz/dump.json" in str(exc)
        return
    run = MsprobeRun(Path("/nonexistent"), 0, 0, None)
    run.__dict__["dump"] = dump
    compare_runs(run, run, "summary")
    try:
        compare_runs(run, run, "md5")
    except InputError as exc:
        assert "/nonexistent" in str(exc) and "no checksums" in str(exc)
