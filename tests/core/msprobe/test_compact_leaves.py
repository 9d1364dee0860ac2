"""Leaves keep their name as the part after their call's name, and calls are matched call by call, then by that
part: the names, the rows and every value are what whole names and joined keys give."""

from __future__ import annotations

import copy
import json
import math
import pickle

import pytest

from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.compare import _dtypes_match, _keys, _split_keys_exact, compare_runs, match
from ascend_dump_gui.core.msprobe.dump_json import Leaf
from ascend_dump_gui.core.msprobe.rows import MsprobeRow

_LEAF = ("torch.Tensor", "torch.float32", (2, 3), 1.5, -0.5, 0.25, 3.0, True, None)


@pytest.mark.parametrize(("name", "entry"), [("Torch.mm.0.forward.input.0", "Torch.mm.0.forward"),
                                             ("Torch.mm.0.forward", "Torch.mm.0.forward"),
                                             ("other.name", "Torch.mm.0.forward"), (".input.0", "Torch.mm.0.forward"),
                                             ("x", "")])
def test_a_leaf_is_made_and_copied_with_its_whole_name(name, entry):
    leaf = Leaf(name, entry, "input", *_LEAF, data_name="a.pt")
    assert (leaf.name, leaf.entry, leaf.state, leaf.dtype, leaf.max, leaf.data_name) == \
        (name, entry, "input", "torch.float32", 1.5, "a.pt")
    assert leaf == Leaf(name, entry, "input", *_LEAF, data_name="a.pt")
    assert leaf != Leaf(name + "1", entry, "input", *_LEAF, data_name="a.pt")
    for made in (pickle.loads(pickle.dumps(leaf)), copy.copy(leaf), copy.deepcopy(leaf)):
        assert made == leaf and made.name == name and type(made) is Leaf
    assert repr(leaf).startswith(f"Leaf(name={name!r}, entry={entry!r}, state='input'")


def _run(tmp_path, side: str, data: dict):
    folder = tmp_path / side / "step0" / "rank0"
    folder.mkdir(parents=True)
    (folder / "dump.json").write_text(json.dumps({"task": "statistics", "level": "L1", "data": data}, indent=1))
    return open_tree(tmp_path / side).runs[0]


def _tensor(value: float) -> dict:
    return {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], "Max": value, "Min": -value,
            "Mean": value / 3, "Norm": value * 2, "requires_grad": False}


def _joined(npu, bench) -> list[tuple[str, str | None]]:
    """The rows of the joined-key match (every leaf keyed by its call key and name part as one string; a pair of
    dtypes outside one float group unmatched)."""
    by_key: dict = {}
    for key, leaf in _keys(bench):
        by_key.setdefault(key, leaf)
    return [(leaf.name, other.name if (other := by_key.get(key)) and _dtypes_match(leaf.dtype, other.dtype) else None)
            for key, leaf in _keys(npu)]


def _rows(rows: list[MsprobeRow]) -> list[tuple[str, str | None]]:
    return [(row.npu.name, row.bench.name if row.bench else None) for row in rows]


def test_call_keys_that_join_into_one_key_are_matched_as_joined_keys(tmp_path):
    """"A.0.forward" + ".input.0" and "A.0.forward.input" + ".0" (a leaf named by its data_name) are one key:
    matched as msprobe joins them."""
    npu = _run(tmp_path, "npu", {"A.0.forward": {"input_args": [_tensor(1.0)], "output": [_tensor(2.0)]},
                                 "B.0.backward": {"input": [_tensor(3.0)]}, "B.1.backward": {"input": [_tensor(4.0)]}})
    bench = _run(tmp_path, "bench", {"A.0.forward.input": {"input_args": [{**_tensor(1.0),
                                                                             "data_name": "A.0.forward.input.0.pt"}]},
                                     "A.0.forward": {"output": [_tensor(2.0)]},
                                     "B.7.backward": {"input": [_tensor(3.0)]}, "B.9.backward": {"input": [_tensor(4.0)]}})
    assert not _split_keys_exact(npu, bench)
    rows = match(npu, bench)
    assert _rows(rows) == _joined(npu, bench)
    assert rows[0].bench is not None and rows[0].bench.entry == "A.0.forward.input"
    assert [r.bench.name for r in rows[2:]] == ["B.7.backward.input.0", "B.9.backward.input.0"]   # renumbered


def test_calls_matched_call_by_call_give_the_joined_keys_rows(tmp_path):
    data = {f"Torch.mm.{i}.forward": {"input_args": [_tensor(i + 0.5), [_tensor(1.0), {"k": _tensor(2.0)}]],
                                      "input_kwargs": {"w": _tensor(3.0)}, "output": [_tensor(i * 1.5)]}
            for i in range(12)}
    data.update({f"Torch.mm.{i}.backward": {"input": [_tensor(1.0)], "output": [None, _tensor(0.5)]} for i in range(3)})
    bench_data = {name: value for name, value in reversed(list(data.items())) if name != "Torch.mm.4.forward"}
    bench_data["Torch.mm.2.forward"] = {"input_args": [_tensor(9.0)], "output": [{**_tensor(1.0), "dtype": "torch.int8"}]}
    npu, bench = _run(tmp_path, "npu", data), _run(tmp_path, "bench", bench_data)
    assert _split_keys_exact(npu, bench)
    rows = match(npu, bench)
    assert _rows(rows) == _joined(npu, bench)
    assert [row.order for row in rows] == list(range(len(rows)))
    assert any(row.bench is None for row in rows) and sum(row.bench is not None for row in rows) > 40
    assert next(r for r in rows if r.npu.name == "Torch.mm.2.forward.output.0").bench is None     # int8: no pair
    result = compare_runs(npu, bench, "summary")
    differing = next(r for r in result.rows if r.npu.name == "Torch.mm.2.forward.input.0")
    assert differing.metrics["Max diff"] == -6.5 and math.isclose(differing.metrics["MaxRelativeErr"], 650 / 9)


def test_a_call_name_splits_as_msprobe_splits_it_on_every_dot():
    """Only the last two parts are split off (a module's long path is not cut into pieces): the same (base, call,
    direction) as splitting on every dot, for names made of direction words, numbers, empty and dotted parts."""
    from itertools import product

    from ascend_dump_gui.core.msprobe.compare import _split

    def every_dot(entry: str) -> tuple[str, str, str] | None:
        parts = entry.split(".")
        last, second = parts[-1], parts[-2] if len(parts) >= 2 else ""
        if "parameters_grad" in (last, second):
            return ".".join(parts[:-1]), "parameters_grad", "parameters_grad"
        for direction in ("forward", "backward"):
            if direction in (last, second):
                return ".".join(parts[:-2]), f"{second}.{last}", direction
        return None

    words = ["", "a", "forward", "backward", "parameters_grad", "0", "12", "x.y"]
    names = [".".join(combo) for size in range(1, 5) for combo in product(words, repeat=size)]
    assert [_split(name) for name in names] == [every_dot(name) for name in names]


def test_a_differing_scalar_is_an_error_among_inputs_only(tmp_path):
    """msprobe's scalar-argument check weighs inputs (not outputs), each row's messages in msprobe's order."""
    def call(arg: int, out: int, dtype: str) -> dict:
        return {"input_args": [{**_tensor(1.0), "dtype": dtype}, {"type": "int", "value": arg}],
                "output": [{"type": "int", "value": out}]}

    npu = _run(tmp_path, "npu", {"Torch.add.0.forward": call(2, 5, "torch.float32")})
    bench = _run(tmp_path, "bench", {"Torch.add.0.forward": call(3, 6, "torch.float16")})
    rows = {row.npu.name: row for row in compare_runs(npu, bench, "summary").rows}
    scalar, out, tensor = rows["Torch.add.0.forward.input.1"], rows["Torch.add.0.forward.output.0"], \
        rows["Torch.add.0.forward.input.0"]
    assert scalar.result == "error" and any("scalar parameters" in m for m in scalar.messages)
    assert not any("scalar parameters" in m for m in out.messages)
    assert [m for m in tensor.messages if "dtype" in m] and tensor.result == "error"


def test_the_csv_is_written_row_by_row_as_its_text(tmp_path):
    from ascend_dump_gui.core.msprobe.report import csv_text, write_csv
    from ascend_dump_gui.core.msprobe.tree_compare import compare_trees

    data = {f"Torch.名字.{i}.forward": {"input_args": [_tensor(1.0 + i)], "output": [_tensor(2.0)]} for i in range(3)}
    data["=cmd|x.0.forward"] = {"output": [_tensor(1.0)]}
    _run(tmp_path, "npu", data)
    _run(tmp_path, "bench", {**data, "Torch.名字.1.forward": {"input_args": [_tensor(7.0)], "output": [_tensor(2.0)]}})
    result = compare_trees(tmp_path / "npu", tmp_path / "bench", "summary")
    write_csv(result, tmp_path / "out.csv")
    text = csv_text(result)
    assert (tmp_path / "out.csv").read_bytes() == text.encode("utf-8") and "'=cmd|x.0.forward" in text
    assert len(text.splitlines()) == 1 + len(result.pairs[0].result.rows) and "\r\n" in text
