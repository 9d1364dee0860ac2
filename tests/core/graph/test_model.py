"""The model graph: grouping by name scope (or another hierarchy), fused-origin links, edges, search, paths."""

from __future__ import annotations

import pytest

from ascend_dump_gui.core.dump.graph import Graph
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.graph.hierarchy import MappedScopes
from ascend_dump_gui.core.graph.load import load_graphs, original_candidates
from ascend_dump_gui.core.graph.model import GROUP, MAX_CHILDREN, OP, ROOT, build_model
from tests.core.graph.graphs import RESNET, op, real_graph, small_graph
from tests.emulator_runs import emulated, model_dump


def test_ops_are_grouped_by_name_scope():
    model = build_model(small_graph())
    assert set(model.groups) == {ROOT, "a", "a/b", "c"}
    assert model.groups["a"].groups == ["a/b"] and model.groups["a"].ops == ["a/Relu"]
    assert model.groups["a/b"].ops == ["a/b/weight", "a/b/MatMul"]
    assert model.groups["a"].size == 3 and model.groups[ROOT].size == 6
    assert model.chain("a/b/MatMul") == ["a", "a/b"]
    assert model.groups[ROOT].children(model) == [(OP, "input"), (GROUP, "a"), (OP, "trans_Cast_0"), (GROUP, "c")]


def test_edges_carry_tensor_and_control_flags():
    model = build_model(small_graph())
    into_softmax = model.producers["c/Softmax"]
    data = next(e for e in into_softmax if not e.control)
    control = next(e for e in into_softmax if e.control)
    assert (data.src, data.dst_index, data.tensor.text()) == ("trans_Cast_0", 0, "float16 [2,3] ND")
    assert control.src == "a/b/MatMul" and control.tensor is None


def test_fused_ops_link_to_their_originals_and_inserted_ops_have_none():
    model = build_model(small_graph())
    assert model.ops["a/b/MatMul"].origins == ("a/b/MatMul", "a/b/Add")
    assert model.resolve("a/b/Add") == "a/b/MatMul"
    assert model.ops["trans_Cast_0"].origins == () and model.ops["trans_Cast_0"].original_names() == ()
    assert model.ops["a/Relu"].origins is None and model.ops["a/Relu"].original_names() == ("a/Relu",)
    assert model.resolve("nowhere") is None
    assert model.resolve("a_b_MatMul") == "a/b/MatMul" and model.resolve("a_b_Add") == "a/b/MatMul"  # file names


def test_search_by_name_type_and_original_name():
    model = build_model(small_graph())
    assert model.search("relu") == ["a/Relu"]
    assert model.search("softmaxv2") == ["c/Softmax"]
    assert model.search("b/add") == ["a/b/MatMul"]          # an original name of the fused op
    assert model.search("  ") == [] and model.search("zzz") == []


def test_path_from_inputs_prefers_the_data_path_over_weights():
    model = build_model(small_graph())
    assert model.path_from_inputs("c/Softmax") == ["input", "a/b/MatMul", "a/Relu", "trans_Cast_0", "c/Softmax"]


def test_a_big_flat_group_is_split_into_chunks_in_execution_order():
    ops = [op("x0", "Data")] + [op(f"n{i}", "Relu", f"{'x0' if i == 1 else f'n{i - 1}'}:0") for i in range(1, 600)]
    model = build_model(Graph("flat", tuple(ops)))
    chunks = model.groups[ROOT].groups
    assert len(chunks) == 3 and model.groups[ROOT].ops == []
    assert [model.groups[c].size for c in chunks] == [MAX_CHILDREN, MAX_CHILDREN, 600 - 2 * MAX_CHILDREN]
    assert model.groups[chunks[0]].ops[:2] == ["x0", "n1"] and model.groups[chunks[1]].chunk == (251, 500)


def test_another_hierarchy_source_places_the_ops():
    scopes = MappedScopes({"a/Relu": ("block_0", "act"), "input": (), "c/Softmax": ("head/1",)})
    model = build_model(small_graph(), scopes)
    assert model.chain("a/Relu") == ["block_0", "block_0/act"]
    assert model.chain("c/Softmax") == ["head\u22151"] and model.groups[ROOT].groups.count("head\u22151") == 1
    assert model.chain("a/b/MatMul") == ["a", "a/b"]     # not named by the source: name scopes
    assert model.groups["block_0/act"].label == "act"


def test_real_graph_scopes_and_control_edges(shared_dir):
    model = load_graphs(real_graph(shared_dir, "ge_proto_00000000_Build.txt")).npu
    assert model.groups["Variable"].ops == ["Variable/initial_value", "Variable/Assign"]
    assert "Variable" in model.groups[ROOT].ops         # the op and the scope of the same name both exist
    assert [e.control for e in model.producers["init"]] == [True]
    assert model.ops["Variable"].outputs[0].text() == "float32 [64] ND"


def test_real_resnet_fused_origins(shared_dir):
    loaded = load_graphs(real_graph(shared_dir, RESNET))
    model = loaded.npu
    assert (model.name, len(model.ops), loaded.original) == ("ResNet-50_0", 170, None)
    fused = model.ops["conv1conv1_relu"]
    assert fused.origins == ("conv1", "bn_conv1", "scale_conv1", "conv1_relu")
    assert model.resolve("bn_conv1") == "conv1conv1_relu"
    assert model.ops["trans_TransData_0"].origins == ()
    assert model.ops["conv1conv1_relu"].outputs[0].shape == (1, 64, 112, 112)   # origin_shape, not 5-D
    path = model.path_from_inputs("prob")
    assert path[0] == "data" and path[-1] == "prob" and "pool5" in path
    assert all(any(e.src == a for e in model.producers[b]) for a, b in zip(path, path[1:], strict=False))


def test_a_file_with_subgraphs_opens_its_root_graph_and_names_the_others(shared_dir):
    path = real_graph(shared_dir, "ge_proto_00000001_Build.txt")
    loaded = load_graphs(path)
    assert loaded.npu.name == "ge_default_20230713074125_11" and len(loaded.graph_names) == 5
    sub = load_graphs(path, "ge_default_20230713074125_sub_2_unknow").npu
    assert sub.ops["GatherV2"].type == "GatherV2" and [e.src for e in sub.producers["GatherV2"]][0] == "Unique"


def test_onnx_graph_dump_loads(shared_dir):
    model = load_graphs(real_graph(shared_dir, "ge_onnx_00000000_graph_1_Build.pbtxt")).npu
    assert set(model.groups) == {ROOT, "Variable"} and len(model.ops) == 6


def test_emulator_graphs_link_the_device_graph_to_the_original(tmp_path):
    _, _, _, build = emulated(tmp_path, model_dump("convnet"), "convnet")
    assert [p.name for p in original_candidates(build)] == ["ge_proto_00000000_PreRunBegin.txt"]
    loaded = load_graphs(build)
    assert loaded.original is not None and loaded.original_path.endswith("PreRunBegin.txt")
    links = loaded.links
    assert links.npu_to_original["conv1conv1_relu"] == ["conv1", "bn_conv1", "conv1_relu"]
    assert links.original_to_npu["bn_conv1"] == ["conv1conv1_relu"]
    assert "bn_conv1" not in loaded.npu.ops and "bn_conv1" in loaded.original.ops


def test_a_file_that_is_not_a_graph_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "ge_proto_00000001_Build.txt"
    bad.write_text("graph { op { name: 'x' ")
    with pytest.raises(InputError, match="ge_proto_00000001_Build.txt"):
        load_graphs(bad)
    empty = tmp_path / "ge_proto_00000002_Build.txt"
    empty.write_text('graph { name: "g" }')
    with pytest.raises(InputError, match="has no ops"):
        load_graphs(empty)


def test_the_original_graph_is_the_earliest_stage_of_the_same_graph(tmp_path):
    def write(name: str, graph_name: str, ops: str) -> None:
        (tmp_path / name).write_text(f'graph {{ name: "{graph_name}" {ops} }}')

    one = 'op { name: "x" type: "Data" } op { name: "y" type: "Relu" input: "x:0" }'
    write("ge_proto_00000000_PreRunBegin.txt", "other_graph", one)
    write("ge_proto_00000001_OptimizeOriginalGraph.txt", "g", one)
    write("ge_proto_00000002_PreRunAfterBuild.txt", "g", one)
    write("ge_proto_00000003_Build.txt", "g", 'op { name: "x" type: "Data" } '
          'op { name: "yz" type: "Relu" input: "x:0" attr { key: "_datadump_original_op_names" '
          'value { list { s: "y" s: "z" } } } }')
    build = tmp_path / "ge_proto_00000003_Build.txt"
    assert [p.name for p in original_candidates(build)] == [  # stages after the build are not the original
        "ge_proto_00000000_PreRunBegin.txt", "ge_proto_00000001_OptimizeOriginalGraph.txt"]
    loaded = load_graphs(build)
    assert loaded.original_path.endswith("ge_proto_00000001_OptimizeOriginalGraph.txt")  # same graph name
    assert loaded.links.npu_to_original == {"x": ["x"], "yz": ["y"]}
    assert original_candidates(tmp_path / "ge_proto_00000000_PreRunBegin.txt") == []   # already the original
