"""Node colours from a compare result: worst output row per op, first divergence and overflow marked, groups
rolled up, and carried to the original graph through the origin names."""

from __future__ import annotations

from ascend_dump_gui.core.graph import overlay as ov
from ascend_dump_gui.core.graph.load import load_graphs
from ascend_dump_gui.core.graph.model import build_model
from tests.core.graph.graphs import RESNET, real_graph, row, small_graph
from tests.emulator_runs import emulated, model_dump


def test_op_status_is_the_worst_output_row_and_groups_roll_up():
    model = build_model(small_graph())
    rows = [row("input"), row("a/Relu", "input"), row("a/Relu", cos=0.5), row("a/Relu", index=1),
            row("trans_Cast_0", "input", cos=0.1)]
    result = ov.compare_overlay(model, rows, ["pass", "fail", "warn", "pass", "fail"])
    assert result.ops == {"input": ov.PASS, "a/Relu": ov.WARN, "trans_Cast_0": ov.FAIL}  # only an input row
    assert result.groups == {"a": ov.WARN}
    assert result.status("group", "a/b") == ov.NOT_COMPARED
    assert result.metrics["a/Relu"][1].startswith("a/Relu:output:0: warn · cos 0.5")


def test_an_op_with_an_output_not_compared_is_never_a_pass():
    model = build_model(small_graph())
    rows = [row("a/Relu"), row("a/Relu", index=1), row("input")]
    result = ov.compare_overlay(model, rows, ["pass", "n/a", "pass"])
    assert result.ops == {"a/Relu": ov.NOT_COMPARED, "input": ov.PASS}
    assert "a" not in result.groups or result.groups["a"] != ov.PASS


def test_first_divergence_and_overflow_win_and_original_names_resolve():
    model = build_model(small_graph())
    rows = [row("a/b/Add", cos=0.2), row("a/Relu", cos=0.3), row("c/Softmax")]
    result = ov.compare_overlay(model, rows, ["fail", "fail", "n/a"], first_divergence="a/b/Add",
                                overflow_ops=["a/Relu", "not_in_graph"])
    assert result.first_divergence == "a/b/MatMul"
    assert result.ops == {"a/b/MatMul": ov.FIRST_DIVERGENCE, "a/Relu": ov.OVERFLOW, "c/Softmax": ov.NOT_COMPARED}
    assert result.groups == {"a": ov.FIRST_DIVERGENCE, "a/b": ov.FIRST_DIVERGENCE}


def test_real_resnet_colours_from_a_synthetic_result(shared_dir):
    model = load_graphs(real_graph(shared_dir, RESNET)).npu
    convs = [n for n, o in model.ops.items() if o.type == "Conv2D"]
    statuses = ["pass"] * 10 + ["warn", "fail"] + ["pass"] * (len(convs) - 12)
    result = ov.compare_overlay(model, [row(n) for n in convs], statuses, first_divergence="bn2b_branch2a")
    assert result.first_divergence == "res2b_branch2ares2b_branch2a_relu"   # through the fused op's origins
    assert result.ops[convs[10]] == ov.WARN and result.ops[convs[11]] == ov.FAIL
    assert result.ops["res2b_branch2ares2b_branch2a_relu"] == ov.FIRST_DIVERGENCE
    assert "pool1" not in result.ops and not result.groups      # a flat graph: no groups


def test_the_original_graph_takes_the_status_of_the_op_it_was_fused_into(tmp_path):
    _, _, _, build = emulated(tmp_path, model_dump("convnet"), "convnet")
    loaded = load_graphs(build)
    npu = ov.compare_overlay(loaded.npu, [row("conv1conv1_relu", cos=0.2), row("pool1")], ["fail", "pass"],
                             first_divergence="conv1conv1_relu")
    original = ov.mapped_overlay(npu, loaded.links.original_to_npu, loaded.original)
    assert {n: original.ops[n] for n in ("conv1", "bn_conv1", "conv1_relu", "pool1")} == {
        "conv1": ov.FIRST_DIVERGENCE, "bn_conv1": ov.FIRST_DIVERGENCE, "conv1_relu": ov.FIRST_DIVERGENCE,
        "pool1": ov.PASS}
    assert original.first_divergence in {"conv1", "bn_conv1", "conv1_relu"}
    assert original.metrics["bn_conv1"] == npu.metrics["conv1conv1_relu"]
