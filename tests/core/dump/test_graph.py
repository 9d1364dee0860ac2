"""GE graph dumps: the real ge_proto files from ../shared, the text-format tokenizer, execution order, and
the seed 003 choice of the model_name folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_dump_gui.core.dump.graph import (
    Graph,
    Op,
    choose_model_folder,
    computational_graph,
    execution_order,
    parse_graph_file,
    parse_text,
    unescape,
)
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.scan.scanner import scan


@pytest.fixture
def graphs_dir(shared_dir: Path) -> Path:
    return shared_dir / "real-world" / "graphs"


def assert_topological(graph: Graph, order: list[str]) -> None:
    assert sorted(order) == sorted(op.name for op in graph.ops)
    position = {name: i for i, name in enumerate(order)}
    for op in graph.ops:
        for source in op.inputs:
            producer = source.rsplit(":", 1)[0]
            if producer in position and producer != op.name:
                assert position[producer] < position[op.name], (producer, op.name)


def test_old_five_digit_graph_ops_inputs_descs_and_origin_names(graphs_dir):
    (graph,) = parse_graph_file(graphs_dir / "ge_proto_00056_Build.txt")
    assert graph.name == "ge_default_20200909152235_1"
    assert [(op.name, op.type) for op in graph.ops] == [
        ("_arg_Placeholder_0_0_0_arg", "Data"), ("_arg_Placeholder_1_0_1_0_arg", "Data"),
        ("GatherV2", "GatherV2D"), ("ge_global_step", "Variable"), ("Node_Output", "NetOutput")]
    gather = graph.ops[2]
    assert gather.inputs == ("_arg_Placeholder_0_0_0_arg:0", "_arg_Placeholder_1_0_1_0_arg:0")
    assert graph.ops[0].inputs == ()  # `input: ""` of a Data op is no edge
    assert graph.ops[4].inputs == ("GatherV2:0", "ge_global_step:-1")
    assert gather.id == 2
    assert gather.origin_names == ("GatherV2",)
    assert gather.output_origin(0) == ("GatherV2", 0)
    assert gather.output_origin(5) == ("GatherV2", 0)  # out of range: output_desc[0]
    assert (gather.output_descs[0].dtype, gather.output_descs[0].layout, gather.output_descs[0].shape) == \
        ("DT_FLOAT", "NHWC", (16, 32))
    assert gather.attrs["_input_name_key"] == ["indices", "x"]
    assert gather.attrs["is_first_node"] is True
    assert gather.attrs["_op_infer_depends"] == []
    assert graph.ops[0].origin_names == ("_arg_Placeholder_0_0_0_arg",)  # attribute absent: its own name
    assert graph.ops[4].origin_names == ()  # present but empty
    assert execution_order(graph) == [op.name for op in graph.ops]


def test_eight_digit_graph_files_with_subgraphs(graphs_dir):
    graphs = parse_graph_file(graphs_dir / "ge_proto_00000001_Build.txt")
    assert [(g.name, g.index, len(g.ops)) for g in graphs] == [
        ("ge_default_20230713074125_11", 0, 5), ("ge_default_20230713074125_sub_0_input", 1, 3),
        ("ge_default_20230713074125_sub_1_unknow", 2, 2), ("ge_default_20230713074125_sub_2_unknow", 3, 6),
        ("ge_default_20230713074125_sub_3_unknow", 4, 2)]
    assert all(g.source.endswith("ge_proto_00000001_Build.txt") for g in graphs)
    for graph in graphs:
        assert_topological(graph, execution_order(graph))


def test_large_real_graph_parses_quickly_with_binary_attributes(graphs_dir):
    (graph,) = parse_graph_file(graphs_dir / "ge_proto_00000062_Build.txt")  # its time: the benchmarks' business
    assert graph.name == "ResNet-50_0" and len(graph.ops) == 170
    kernels = [v for op in graph.ops for v in op.attrs.values() if isinstance(v, bytes)]
    assert kernels and all(k.startswith(b"\x7fELF") for k in kernels if len(k) > 4)
    fused = [op for op in graph.ops if op.output_descs and op.output_origin(0) is not None]
    assert len(fused) == 53  # the _datadump_origin_name entries of the file
    assert_topological(graph, execution_order(graph))


def test_onnx_text_dump_of_the_same_graph(graphs_dir):
    (onnx,) = parse_graph_file(graphs_dir / "ge_onnx_00000000_graph_1_Build.pbtxt")
    (proto,) = parse_graph_file(graphs_dir / "ge_proto_00000000_Build.txt")
    assert onnx.name == proto.name == "ge_default_20230713074122_1"
    assert [op.name for op in onnx.ops] == [op.name for op in proto.ops]
    assert [op.type for op in onnx.ops] == [op.type for op in proto.ops]
    assert onnx.ops[0].attrs["dst_name"] == ["Variable/Assign"]


def test_tokenizer_handles_comments_escapes_adjacent_strings_and_angle_blocks(tmp_path):
    text = '''# a comment
graph {
  name: "g" "1"  # trailing comment
  op < name: "a\\"b" type: 'Data' >
  op { name: "c" type: "Add" input: "a\\"b:0" attr { key: "k" value { bt: "\\177ELF\\000\\x41" } } }
}
'''
    (graph,) = [g for k, g in parse_text(text) if k == "graph"]
    assert ("name", '"g" "1"') in graph
    path = tmp_path / "ge_proto_00003_Build.txt"
    path.write_text(text)
    (model,) = parse_graph_file(path)
    assert model.name == "g1"
    assert [(op.name, op.type, op.inputs) for op in model.ops] == [('a"b', "Data", ()), ("c", "Add", ('a"b:0',))]
    assert model.ops[1].attrs["k"] == b"\x7fELF\x00A"
    assert unescape('"\\303\\251t\\351"') == b"\xc3\xa9t\xe9"
    assert unescape('"\\\\ \\? \\n"') == b"\\ ? \n"


@pytest.mark.parametrize(("text", "line"), [
    ('graph {\n  name: "x"\n  op {\n', 4),
    ('graph {\n}\n}\n', 3),
    ('graph {\n  name: "unterminated\n}\n', 2),
    ('graph {\n  = 3\n}\n', 2),
])
def test_malformed_text_names_the_file_and_line(tmp_path, text, line):
    path = tmp_path / "ge_proto_00001_Build.txt"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        parse_graph_file(path)
    assert err.value.line == line and str(path) in str(err.value)


def test_file_without_graphs_and_bare_graphdef(tmp_path):
    path = tmp_path / "ge_proto_00002_Build.txt"
    path.write_text('attr { key: "a" value { i: 1 } }\n')
    with pytest.raises(InputError, match="no graph"):
        parse_graph_file(path)
    path.write_text('name: "bare"\nop { name: "x" type: "Data" }\n')
    assert [op.name for op in parse_graph_file(path)[0].ops] == ["x"]
    with pytest.raises(InputError, match="cannot read"):
        parse_graph_file(tmp_path / "missing.txt")


def test_execution_order_follows_edges_then_ids_and_survives_cycles():
    ops = (Op("relu", "Relu", ("conv:0",), id=3), Op("x", "Data", (), id=0), Op("conv", "Conv2D", ("x:0", "w:0"), id=2),
           Op("w", "Const", (), id=1), Op("out", "NetOutput", ("relu:0", "x:-1"), id=4))
    assert execution_order(Graph("g", ops)) == ["x", "w", "conv", "relu", "out"]
    cyclic = (Op("a", "Add", ("b:0",)), Op("b", "Add", ("a:0",)), Op("c", "Data", ()))
    assert execution_order(Graph("g", cyclic)) == ["c", "a", "b"]


def _iterator_graph_text(name: str) -> str:
    return (f'graph {{\n  name: "{name}"\n  op {{ name: "IteratorV2" type: "IteratorV2" }}\n'
            f'  op {{ name: "IteratorGetNext" type: "IteratorGetNext" input: "IteratorV2:0" }}\n'
            f'  op {{ name: "dense/MatMul" type: "MatMul" input: "IteratorGetNext:0" }}\n}}\n')


def test_choose_model_folder_follows_seed_003_with_real_graphs_as_distractors(tmp_path, graphs_dir):
    real = [g for f in sorted(graphs_dir.glob("ge_proto_*.txt")) for g in parse_graph_file(f)]
    train = tmp_path / "ge_proto_00292_Build.txt"
    # the Iterator sits in a subgraph: the first graph of that file names the folder
    train.write_text('graph {\n  name: "ge_default_20201209083353_71"\n  op { name: "atomic_addr_clean0_71" '
                     'type: "AtomicAddrClean" }\n}\n' + _iterator_graph_text("ge_default_20201209083353_71_sub"))
    graphs = real + parse_graph_file(train)
    assert computational_graph(graphs).name == "ge_default_20201209083353_71"

    dump = tmp_path / "dump" / "20201209083360" / "0"
    names = [g.name for g in real[:3]] + ["ge_default_20201209083353_71"]
    for i, name in enumerate(names):
        (dump / name / "1" / "0").mkdir(parents=True)
        (dump / name / "1" / "0" / f"Add.add_{i}.1.2.3").write_bytes(b"")
    folders = sorted({r.model_name for r in scan(tmp_path / "dump").records})
    assert choose_model_folder(folders, graphs) == "ge_default_20201209083353_71"
    paths = [dump / f for f in folders]
    assert choose_model_folder(paths, graphs) == str(dump / "ge_default_20201209083353_71")
    # msaccucmp's fallback: another time stamp, the same trailing id
    assert choose_model_folder(["ge_default_20201209090000_71", "ge_default_20201209090000_72"], graphs) == \
        "ge_default_20201209090000_71"
    assert choose_model_folder(["a_71", "b_71"], graphs) is None  # ambiguous
    assert choose_model_folder(["ge_default_x_5"], graphs) is None


def test_without_iterator_the_largest_graph_with_a_folder_is_chosen(graphs_dir):
    graphs = [g for f in sorted(graphs_dir.glob("ge_proto_*.txt")) for g in parse_graph_file(f)]
    assert computational_graph(graphs) is None
    folders = ["ge_default_20230713074122_1", "ResNet-50_0", "ge_default_20230713074125_11"]
    assert choose_model_folder(folders, graphs) == "ResNet-50_0"
    assert choose_model_folder(folders[::2], graphs) == "ge_default_20230713074125_11"
    assert choose_model_folder([], graphs) is None


def test_graph_names_are_matched_after_sanitising():
    graph = Graph("my.model/v1", (Op("GetNext", "GetNext"),))
    assert choose_model_folder(["other", "my_model_v1"], [graph]) == "my_model_v1"
