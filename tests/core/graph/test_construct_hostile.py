"""construct.json as an attacker (or a damaged run) writes it: parent loops are cut and said, so every walk up
the parents ends; nesting 10,000 deep is bounded without recursion and in memory linear in the file (under an
address-space limit in a child); msprobe's optimizer scope is a module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.graph.msprobe_hierarchy import MAX_DEPTH
from ascend_dump_gui.core.graph.msprobe_model import FORWARD, build_msprobe_graph, gradient_owners
from ascend_dump_gui.core.msprobe.tree import open_tree
from tests.core.graph.msprobe_trees import write_tree
from tests.core.msprobe.hostile import assert_clean, run_cli


def _graph_json(capsys, path: Path) -> dict:
    assert main(["graph", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _walk_ends(nodes: dict[str, dict]) -> None:
    for start in nodes:
        seen, node = set(), start
        while node is not None:
            assert node not in seen, f"the parents of {start} loop"
            seen.add(node)
            node = nodes[node]["parent"] if node in nodes else None


def _module(name: str, direction: str = "forward") -> str:
    return f"Module.{name}.Linear.{direction}.0"


@pytest.mark.parametrize("loop", [2, 3, 1000])
def test_parent_loops_are_cut_and_said(tmp_path, capsys, loop):
    names = [_module(f"m{i}") for i in range(loop)]
    construct = {name: names[(i + 1) % loop] for i, name in enumerate(names)}   # m0 -> m1 -> ... -> m0
    construct["Functional.relu.0.forward"] = names[0]
    construct[_module("top")] = None
    doc = _graph_json(capsys, write_tree(tmp_path, construct))
    nodes = {n["id"]: n for n in doc["nodes"]}
    _walk_ends(nodes)
    assert set(construct) <= set(nodes)
    cut = [n for n in names if nodes[n]["parent"] is None]
    assert len(cut) == 1 and [p for p in doc["problems"] if "a loop" in p and cut[0] in p]
    kept = {n: nodes[n]["parent"] for n in names if n not in cut}
    assert all(construct[n] == parent for n, parent in kept.items())   # only the closing link is cut


def test_a_self_parent_and_many_loops_are_bounded_in_what_is_said(tmp_path, capsys):
    construct = {_module("self"): _module("self")}
    for k in range(50):
        a, b = _module(f"a{k}"), _module(f"b{k}")
        construct |= {a: b, b: a}
    doc = _graph_json(capsys, write_tree(tmp_path, construct))
    nodes = {n["id"]: n for n in doc["nodes"]}
    _walk_ends(nodes)
    assert nodes[_module("self")]["parent"] is None
    assert f"construct.json: {_module('self')} names itself as its parent; it is shown at the top" in doc["problems"]
    loops = [p for p in doc["problems"] if "construct.json" in p]
    assert len(loops) <= 11 and any("more loops cut" in p for p in loops)


def test_ten_thousand_nested_modules_are_bounded_in_depth(tmp_path, capsys):
    names = [_module(f"n{i}") for i in range(10_000)]
    construct = {name: names[i - 1] if i else None for i, name in enumerate(names)}
    construct["Functional.relu.0.forward"] = names[-1]
    run_path = write_tree(tmp_path, construct)
    graph = build_msprobe_graph(open_tree(run_path).runs[0], FORWARD)
    assert max(path.count("/") + 1 for path in graph.group_of.values()) == MAX_DEPTH
    assert set(graph.group_of) == set(names[:MAX_DEPTH])
    assert all(graph.node_path(name) is not None for name in construct)
    deepest = graph.group_of[names[MAX_DEPTH - 1]]
    assert graph.model.ops["Functional.relu.0.forward"].group.startswith(deepest)
    doc = _graph_json(capsys, run_path)
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert all(nodes[name]["parent"] == parent for name, parent in construct.items())   # the file's parents
    assert any(f"more than {MAX_DEPTH} deep" in p for p in doc["problems"])


def test_nesting_just_within_the_bound_keeps_every_group(tmp_path):
    names = [_module(f"n{i}") for i in range(MAX_DEPTH)]
    construct = {name: names[i - 1] if i else None for i, name in enumerate(names)}
    construct["Functional.relu.0.forward"] = names[-1]
    run = open_tree(write_tree(tmp_path, construct)).runs[0]
    graph = build_msprobe_graph(run, FORWARD)
    assert set(graph.group_of) == set(names) and not run.problems


def test_deep_nesting_in_a_child_under_an_address_space_limit(tmp_path):
    """10,000 nested modules with long names (msprobe spells the whole attribute path): the group paths once
    took 2.4 GB; under a 3 GiB address space `graph --json` now ends normally."""
    names = [f"Module.{'.'.join(['layer'] * (i % 50 + 1))}.n{i}.Block.forward.0" for i in range(10_000)]
    construct = {name: names[i - 1] if i else None for i, name in enumerate(names)}
    construct["Functional.relu.0.forward"] = names[-1]
    proc = run_cli("graph", write_tree(tmp_path, construct), "--json", timeout=300)
    assert_clean(proc, codes=(0,))
    doc = json.loads(proc.stdout)
    assert len(doc["nodes"]) == len(construct)


def test_optimizer_and_clip_grad_scopes_are_modules(tmp_path, capsys):
    construct = {_module("net"): None, "Functional.linear.0.forward": _module("net"),
                 "clip_grad": None, "Torch.norm.0.forward": "clip_grad",
                 "optimizer": None, "Torch.add.0.forward": "optimizer", "Torch.mul.0.forward": "optimizer"}
    doc = _graph_json(capsys, write_tree(tmp_path, construct))
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert nodes["optimizer"]["kind"] == "module" and nodes["clip_grad"]["kind"] == "module"
    assert nodes["Torch.add.0.forward"]["kind"] == "api" and nodes["Torch.add.0.forward"]["parent"] == "optimizer"
    assert nodes["optimizer"]["type"] is None


def test_an_empty_optimizer_scope_is_still_a_module(tmp_path, capsys):
    doc = _graph_json(capsys, write_tree(tmp_path, {"optimizer": None, "Functional.relu.0.forward": None}))
    nodes = {n["id"]: n for n in doc["nodes"]}
    assert nodes["optimizer"]["kind"] == "module" and nodes["Functional.relu.0.forward"]["kind"] == "api"


def test_gradient_owners_take_the_last_backward_call_in_one_pass():
    owners = gradient_owners(["Module.a.Linear.backward.0", "Module.a.Linear.backward.2",
                              "Module.a.Linear.backward.1", "Module.b.Conv.backward.0",
                              "Module.c.X.backward." + "9" * 5000, "Module.d.Y.backward.\u0663"])
    assert owners == {"Module.a.Linear": "Module.a.Linear.backward.2", "Module.b.Conv": "Module.b.Conv.backward.0"}


def test_many_parameter_gradients_sit_beside_their_modules(tmp_path):
    """A parameter gradient per module once made a scan of all of construct.json each (quadratic)."""
    construct, data = {"Module.net.Net.backward.0": None}, {}
    for i in range(2000):
        module = f"Module.l{i}.Linear"
        construct[f"{module}.backward.0"] = "Module.net.Net.backward.0"
        construct[f"{module}.backward.1"] = "Module.net.Net.backward.0"
        construct[f"Functional.linear.{i}.backward"] = f"{module}.backward.0"
        data[f"{module}.parameters_grad"] = {"weight": {"type": "torch.Tensor", "dtype": "torch.float32",
                                                       "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5,
                                                       "Norm": 1.0, "requires_grad": False}}
    run = open_tree(write_tree(tmp_path, construct, data)).runs[0]
    graph = build_msprobe_graph(run, "backward")
    for i in (0, 7, 1999):
        gradient = f"Module.l{i}.Linear.parameters_grad"
        assert graph.parents[gradient] == "Module.net.Net.backward.0"
        edges = [e for e in graph.model.edges if e.dst == gradient]
        assert [(e.src, e.control) for e in edges] == [(f"Module.l{i}.Linear.backward.1", True)]
