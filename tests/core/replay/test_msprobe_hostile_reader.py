"""msprobe replay reads dump.json through the tree's one reader (issue 33): what it cannot read is exit 2 naming the
file, never a traceback; argument values it cannot use are ``unsupported`` with the reason; a link out of the tree is
not followed; a tensor file that contradicts dump.json's shape is not replayed; a ``--graph`` it cannot use is exit 2
naming it. The CLI runs in a child process under an address-space limit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.msprobe.pt_file import write_pt
from tests.core.msprobe.hostile import assert_clean, run_cli
from tests.core.replay.ge_folder import GeOp, Tensor, write_folder
from tests.core.replay.msprobe_tree import write_rank

X = np.arange(8, dtype=np.float32).reshape(2, 4)
RELU, SUM = "Functional.relu.0.forward", "Torch.sum.0.forward"


def _rank(tmp_path: Path) -> Path:
    return write_rank(tmp_path / "dump", [(RELU, [X], {}, [np.maximum(X, 0)]), (SUM, [X], {"dim": 1}, [X.sum(1)])])


def _replay(folder: Path, op: str, *extra: str) -> tuple[int, dict | None, str]:
    proc = run_cli("replay", folder, "--op", op, "--json", *extra)
    assert_clean(proc, codes=(0, 2))
    return proc.returncode, (json.loads(proc.stdout) if proc.returncode == 0 else None), proc.stderr


def _text(folder: Path, old: str, new: str) -> None:
    path = folder / "dump.json"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_a_plain_run_replays(tmp_path):
    code, doc, _ = _replay(_rank(tmp_path), SUM)
    assert code == 0 and doc["results"][0]["verdict"] == "faithful"


@pytest.mark.parametrize(("text", "said"), [
    ('{"task": "tensor", "data": {"a": ' + "[" * 100_000 + "]" * 100_000 + "}}", "nested too deeply"),
    ('{"task": "tensor", "data": {"a": ' + "9" * 5000 + "}}", "unreadable value"),
    ('{"task": "tensor", "data": {"a": [1, 2', "cut short"),
])
def test_unreadable_dump_json_is_exit_2_naming_it(tmp_path, text, said):
    folder = _rank(tmp_path)
    (folder / "dump.json").write_text(text)
    code, _, err = _replay(folder, RELU)
    assert code == 2 and str(folder / "dump.json") in err and said in err, err


def test_dump_json_link_out_of_the_tree_is_not_followed(tmp_path):
    folder = _rank(tmp_path)
    outside = tmp_path / "elsewhere.json"
    shutil.move(folder / "dump.json", outside)
    (folder / "dump.json").symlink_to(outside)
    code, _, err = _replay(folder, RELU)
    assert code == 2 and "not followed" in err and "dump.json" in err


@pytest.mark.parametrize(("op", "old", "new"), [
    (RELU, '"input_args": [{', '"input_args": 5, "x": [{'),
    (SUM, '"dim": {"type": "int", "value": 1}', '"dim": {"type": "int", "value": Infinity}'),
    (SUM, '"dim": {"type": "int", "value": 1}', '"dim": [Infinity]'),
    (SUM, '"dim": {"type": "int", "value": 1}', '"dim": ' + "[" * 900 + "1" + "]" * 900),
    (SUM, '"dim": {"type": "int", "value": 1}', '"dim": {"type": "int", "value": 1e999}'),
])
def test_argument_values_it_cannot_use_are_unsupported(tmp_path, op, old, new):
    folder = _rank(tmp_path)
    _text(folder, old, new)
    code, doc, _ = _replay(folder, op)
    assert code == 0
    (result,) = doc["results"]
    assert result["verdict"] == "unsupported" and result["reason"]


def test_a_file_contradicting_dump_json_is_not_replayed(tmp_path):
    folder = _rank(tmp_path)
    write_pt(folder / "dump_tensor_data" / f"{RELU}.input.0.pt", np.zeros((4, 2), np.float32))
    code, doc, _ = _replay(folder, RELU)
    (result,) = doc["results"]
    assert code == 0 and result["verdict"] == "unsupported"
    assert "holds a tensor of shape [4, 2], dump.json says [2, 4]" in result["reason"]


def test_data_name_leaving_the_tree_is_not_read(tmp_path):
    folder = _rank(tmp_path)
    _text(folder, f'"data_name": "{RELU}.input.0.pt"', '"data_name": "../../../../etc/passwd"')
    code, doc, _ = _replay(folder, RELU)
    (result,) = doc["results"]
    assert code == 0 and result["verdict"] == "unsupported" and "not a file name" in result["reason"]


def test_graph_given_with_an_msprobe_run_is_exit_2_naming_it(tmp_path):
    folder = _rank(tmp_path)
    graph = tmp_path / "ge_proto_1_Build.txt"
    graph.write_text('graph { name: "g" }')
    code, _, err = _replay(folder, RELU, "--graph", graph)
    assert code == 2 and str(graph) in err
    proc = run_cli("compare", folder, folder, "--graph", graph)
    assert_clean(proc, codes=(2,))
    assert str(graph) in proc.stderr


def test_unreadable_ge_graph_given_is_exit_2_naming_it(tmp_path):
    """A GE graph with a 5,000-digit shape dim cannot be read: exit 2 naming it, never silently done without it."""
    run, graph = write_folder(tmp_path, [GeOp("relu1", "Relu", [Tensor(X)], [Tensor(X)])])
    bad = tmp_path / "bad_Build.txt"
    bad.write_text(graph.read_text().replace("dim: 2", "dim: " + "9" * 5000, 1))
    for args in (("replay", run, "--op", "relu1", "--graph", bad), ("compare", run, run, "--graph", bad)):
        proc = run_cli(*args)
        assert_clean(proc, codes=(2,))
        assert str(bad) in proc.stderr and "not what ge.proto allows" in proc.stderr
    proc = run_cli("replay", run, "--op", "relu1", "--graph", graph)
    assert_clean(proc, codes=(0,))
