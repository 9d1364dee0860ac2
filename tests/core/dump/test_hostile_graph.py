"""Hostile GE graph files: only regular files are read (a FIFO or /dev/zero never hangs or grows), nesting and size
are bounded, and damaged fields (deep, non-numeric, 5000-digit) are :class:`InputError` naming the file."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump.graph import MAX_DEPTH, execution_order, parse_graph_file
from ascend_dump_gui.core.errors import InputError
from tests.emulator_runs import emulated, model_dump

REPO = Path(__file__).resolve().parents[3]
OP = 'op {{ name: "a" type: "Relu" {extra} output_desc {{ dtype: DT_FLOAT shape {{ dim: {dim} }} {attrs} }} }}'


def _graph(tmp_path: Path, *, extra: str = "", dim: str = "2", attrs: str = "") -> Path:
    path = tmp_path / "ge_proto_00000001_Build.txt"
    path.write_text(f'graph {{ name: "g" {OP.format(extra=extra, dim=dim, attrs=attrs)} }}')
    return path


def _refused(path: Path, match: str) -> None:
    with pytest.raises(InputError, match=match) as info:
        parse_graph_file(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"dim": "abc"}, "not what ge.proto allows"),
    ({"dim": "9" * 5000}, "not what ge.proto allows"),
    ({"dim": "1e400"}, "not what ge.proto allows"),
])
def test_bad_fields_are_messages(tmp_path, kwargs, match):
    _refused(_graph(tmp_path, **kwargs), match)


@pytest.mark.parametrize("extra", ['id: "seven"', "id: " + "9" * 5000, "id: 1.5", "id: true"])
def test_odd_op_ids_are_ignored(tmp_path, extra):
    (graph,) = parse_graph_file(_graph(tmp_path, extra=extra))
    assert graph.ops[0].id is None or isinstance(graph.ops[0].id, int)
    assert execution_order(graph) == ["a"]


@pytest.mark.parametrize("attrs", [
    'attr { key: "_datadump_origin_name" value { s: "x" } } attr { key: "_datadump_origin_output_index" '
    'value { s: "zero" } }',
    'attr { key: "_datadump_origin_name" value { s: "x" } } attr { key: "_datadump_origin_output_index" '
    'value { f: 1e999 } }',
])
def test_odd_origin_attributes_fall_back(tmp_path, attrs):
    (graph,) = parse_graph_file(_graph(tmp_path, attrs=attrs))
    assert graph.ops[0].output_origin(0) == ("x", 0)


@pytest.mark.parametrize("names", ['s: "single"', "i: 7", 'list { s: "p" s: "q" }'])
def test_origin_names_of_any_type(tmp_path, names):
    path = tmp_path / "g.txt"
    path.write_text(f'graph {{ op {{ name: "a" attr {{ key: "_datadump_original_op_names" value {{ {names} }} }} }} }}')
    (graph,) = parse_graph_file(path)
    assert all(isinstance(n, str) for n in graph.ops[0].origin_names)


def test_deep_nesting_is_refused_without_recursion(tmp_path):
    path = tmp_path / "deep.txt"
    path.write_text("graph { " + "op { " * 100_000 + "}" * 100_000 + " }")
    _refused(path, f"more than {MAX_DEPTH} levels")
    path.write_text("graph { " + "op { " * (MAX_DEPTH - 2) + "}" * (MAX_DEPTH - 2) + " }")
    assert parse_graph_file(path)


def test_fifo_device_and_folder_are_refused_at_once(tmp_path):
    fifo = tmp_path / "ge_proto.fifo"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(InputError) as info:
            parse_graph_file(path)
        assert str(path) in str(info.value)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


@pytest.mark.parametrize("graph", ["fifo", "/dev/zero"])
def test_compare_graph_fifo_or_dev_zero_ends_with_a_message(tmp_path, graph):
    """``compare --graph`` in a child process under a memory limit (its timeout only guards the test run)."""
    _, npu, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    if graph == "fifo":
        graph = tmp_path / "g.fifo"
        os.mkfifo(graph)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "compare", str(npu), str(golden), "--graph",
                           str(graph)], capture_output=True, text=True, env=env, timeout=300, preexec_fn=_limit,
                          check=False)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr and "Traceback" not in proc.stderr


_TOKENS = st.sampled_from(["graph", "op", "{", "}", "<", ">", "name:", "dim:", "id:", "attr", "key:", "value",
                           "s:", "i:", "list", '"x"', "'y'", "9" * 5000, "1e999", "-1", "abc", "#c\n", ":", "\\",
                           "shape", "output_desc", "input:", '"a:0"', "_datadump_origin_output_index"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_TOKENS, max_size=60))
def test_fuzzed_graph_text_only_ever_raises_input_error(tmp_path, tokens):
    path = tmp_path / "fuzz.txt"
    path.write_text(" ".join(tokens))
    try:
        graphs = parse_graph_file(path)
    except InputError as exc:
        assert str(path) in str(exc)
        return
    for graph in graphs:
        execution_order(graph)
        for op in graph.ops:
            op.origin_names  # noqa: B018 - computed on access
            for i in range(len(op.output_descs)):
                op.output_origin(i)
