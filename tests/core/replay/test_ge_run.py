"""Replay from real GE dump files: device formats restored (FRACTAL_NZ, NC1HWC0, FRACTAL_Z with NCHW and HWCN
origins), attributes from the GE graph dump; emulator runs with the perturb fault; the CLI verb."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from ascend_dump_gui.core.emulator.faults import PERTURBATION
from ascend_dump_gui.core.replay.precision_mode import mode_from_product
from ascend_dump_gui.core.replay.runs import first_divergence_op, open_run, replay_op
from tests.core.replay.cases import perturb
from tests.core.replay.ge_folder import GeOp, Tensor, write_folder
from tests.emulator_runs import emulated, model_dump

F16, F32 = np.float16, np.float32


def _conv_nchw(x, w, pads):
    xp = np.pad(x.astype(F32), ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    win = np.lib.stride_tricks.sliding_window_view(xp, w.shape[2:], axis=(2, 3))
    return np.einsum("nchwij,ocij->nohw", win, w.astype(F32))


def _ops(dtype, wrong: bool) -> list[GeOp]:
    rng = np.random.default_rng(5)
    bad = (lambda y: perturb(y).astype(y.dtype)) if wrong else (lambda y: y)
    a = rng.normal(0, 1, (48, 40)).astype(dtype)             # transpose_x1: a.T is 40 x 48
    b = rng.normal(0, 1, (48, 24)).astype(dtype)
    mm = bad((a.astype(F32).T @ b.astype(F32)).astype(dtype))
    x = rng.normal(0, 1, (2, 20, 6, 6)).astype(dtype)         # NCHW, 20 channels: C1 = 2 with padding
    w = rng.normal(0, 1, (18, 20, 3, 3)).astype(dtype)
    conv = bad(_conv_nchw(x, w, (1, 1, 1, 1)).astype(dtype))
    xh = rng.normal(0, 1, (1, 5, 5, 17)).astype(dtype)        # NHWC data, HWCN filter (TensorFlow)
    wh = rng.normal(0, 1, (3, 3, 17, 4)).astype(dtype)
    convh = bad(_conv_nchw(xh.transpose(0, 3, 1, 2), wh.transpose(3, 2, 0, 1), (0, 0, 0, 0))
                .transpose(0, 2, 3, 1).astype(dtype))
    p, q = rng.normal(0, 1, (2, 20, 3, 3)).astype(dtype), rng.normal(0, 1, (2, 20, 3, 3)).astype(dtype)
    add = bad((p.astype(F32) + q.astype(F32)).astype(dtype))
    return [
        GeOp("dense/MatMul", "MatMulV2", [Tensor(a, "FRACTAL_NZ"), Tensor(b, "FRACTAL_NZ")],
             [Tensor(mm, "FRACTAL_NZ")], {"transpose_x1": True, "transpose_x2": False}),
        GeOp("conv1", "Conv2D", [Tensor(x, "NC1HWC0", "NCHW"), Tensor(w, "FRACTAL_Z", "NCHW")],
             [Tensor(conv, "NC1HWC0", "NCHW")],
             {"strides": [1, 1, 1, 1], "pads": [1, 1, 1, 1], "dilations": [1, 1, 1, 1], "groups": 1,
              "data_format": "NCHW"}),
        GeOp("tf/conv", "Conv2D", [Tensor(xh, "NC1HWC0", "NHWC"), Tensor(wh, "FRACTAL_Z", "HWCN")],
             [Tensor(convh, "NC1HWC0", "NHWC")],
             {"strides": [1, 1, 1, 1], "pads": [0, 0, 0, 0], "dilations": [1, 1, 1, 1], "data_format": "NHWC"}),
        GeOp("add", "Add", [Tensor(p, "NC1HWC0", "NCHW"), Tensor(q, "NC1HWC0", "NCHW")],
             [Tensor(add, "NC1HWC0", "NCHW")]),
    ]


@pytest.mark.parametrize("dtype", [F16, F32], ids=["float16", "float32"])
@pytest.mark.parametrize("wrong", [False, True], ids=["honest", "perturbed"])
def test_device_formats_restored_and_attributes_from_the_graph(tmp_path, dtype, wrong):
    step, graph = write_folder(tmp_path, _ops(dtype, wrong))
    run = open_run(step, graph)
    results = run.replay_all()
    assert [r.op for r in results] == ["dense/MatMul", "conv1", "tf/conv", "add"]
    formats = {r.op: [i["format"] for i in r.inputs] for r in results}
    assert formats["dense/MatMul"] == ["FRACTAL_NZ", "FRACTAL_NZ"] and formats["tf/conv"][1] == "FRACTAL_Z"
    assert {r.verdict for r in results} == {"kernel" if wrong else "faithful"}, [r.reason for r in results]


def test_a_missing_attribute_is_unsupported_not_guessed(tmp_path):
    ops = _ops(F16, False)
    ops[1].attrs.pop("strides")
    step, graph = write_folder(tmp_path, ops)
    result = replay_op(open_run(step, graph), "conv1")
    assert result.verdict == "unsupported" and "strides" in result.reason


@pytest.fixture(scope="module")
def perturbed_transformer(tmp_path_factory):
    return emulated(tmp_path_factory.mktemp("replay"), model_dump("transformer"), "transformer", fault="perturb")


def test_emulator_perturb_fault_is_kernel_only_in_its_op(perturbed_transformer):
    """The emulated acl.json run computes under force_fp16 (online inference's default): its float32 MatMuls ran
    at float16, which that mode allows; without the mode they are reduced_precision."""
    _, step, _, _ = perturbed_transformer
    run = open_run(step)                           # the graph is found beside the dump, as compare finds it
    unknown = {r.op: r for r in run.replay_all()}
    fc1 = unknown["encoder/ffn/fc1/MatMul"]
    assert (fc1.verdict, fc1.precision, fc1.op_dtype, fc1.op_dtype_source) == \
        ("reduced_precision", "float16", "float32", "graph")
    results = run.replay_all(mode=mode_from_product("atlas_inference"))
    by_op = {r.op: r for r in results}
    assert by_op["encoder/ffn/fc1/MatMul"].precision == "float16"
    assert by_op["encoder/ffn/fc1/MatMul"].precision_mode == {"value": "force_fp16", "source": "product default"}
    assert by_op["encoder/attn/Softmax"].verdict == "kernel"
    others = [r for r in results if r.op != "encoder/attn/Softmax"]
    assert all(r.verdict in ("faithful", "unsupported") for r in others)
    decided = [r for r in others if r.verdict == "faithful"]
    assert len(decided) >= 0.9 * (len(results) - 1 - sum(r.op_type == "Data" for r in results))
    assert by_op["encoder/attn/context/MatMul"].verdict == "faithful"   # downstream: faithful to its inputs
    assert by_op["encoder/ln_1/LayerNorm"].verdict == "faithful"        # begin_norm_axis from the graph
    assert PERTURBATION == 1e-2


def test_first_divergence_dumped_below_its_dtype_ran_at_reduced_precision(tmp_path):
    """mixed_precision: velocity/MatMul diverges from the float32 golden (float16 inputs of 76-116 m). It computed
    faithfully from its own inputs, but its output is float16 where the model gives it float32: without the run's
    mode known it ran at reduced precision (cli.md), at float16, and every view says so."""
    _, step, golden, _ = emulated(tmp_path, model_dump("mixed_precision"), "mixed_precision")
    assert first_divergence_op(step, golden) == "velocity/MatMul"
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", str(step), "--first-divergence",
                          str(golden), "--json"], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    (result,) = doc["results"]
    assert result["op"] == "velocity/MatMul" and result["verdict"] == "reduced_precision"
    assert result["precision"] == "float16" and "dumped in float16, coarser than its own float32" in result["reason"]
    assert result["reference"] == "float64" and result["budget"]["accumulation_dtype"] == "float32"
    assert set(result["metrics"]) >= {"CosineSimilarity", "MaxAbsoluteError", "MaxRelativeError"}
    cmp = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "compare", str(step), str(golden), "--json"],
                         capture_output=True, text=True, check=True)
    replay = json.loads(cmp.stdout)["first_divergence"]["replay"]
    assert replay["verdict"] == "reduced_precision" and set(replay) >= {"verdict", "reason", "metrics"}
    assert (replay["precision"], replay["op_dtype"], replay["op_dtype_source"]) == ("float16", "float32", "golden")
    assert replay["precision_mode"] == {"value": None, "source": None}


def test_cli_all_lists_every_op_and_bad_input_exits_2(perturbed_transformer, tmp_path):
    _, step, _, _ = perturbed_transformer
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", str(step), "--all", "--json"],
                         capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    assert doc["summary"]["kernel"] == 1 and doc["summary"]["ops"] == len(doc["results"])
    assert [r["index"] for r in doc["results"]] == sorted(r["index"] for r in doc["results"])
    bad = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", str(tmp_path / "nothing"),
                          "--op", "x"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    missing = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", str(step), "--op", "no/such"],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no/such" in missing.stderr


def test_output_only_dumps_take_inputs_from_the_producers_outputs(tmp_path):
    """dump_mode output: an op's inputs are its producers' dumped outputs (the graph names them); inputs from
    Const weights, which are never dumped, leave the op unsupported with the reason."""
    _, step, _, _ = emulated(tmp_path, {"dump_list": [{"model_name": "transformer"}], "dump_mode": "output"},
                             "transformer")
    results = {r.op: r for r in open_run(step).replay_all()}
    softmax = results["encoder/attn/Softmax"]
    assert softmax.verdict == "faithful" and softmax.inputs[0]["tensor"] == "encoder/attn/scale/Mul:output:0"
    assert results["encoder/attn/context/MatMul"].verdict == "faithful"
    q = results["encoder/attn/q/MatMul"]
    assert q.verdict == "unsupported" and "was not dumped" in q.reason


@pytest.mark.parametrize(("model", "op", "verdict"), [("transformer", "encoder/attn/q/MatMul", "faithful"),
                                                      ("convnet", "conv1conv1_relu", "unsupported")])
def test_build_graph_only_fused_bias_is_replayed_other_fusions_are_not(tmp_path, model, op, verdict):
    """DUMP_GRAPH_LEVEL=3 keeps only the Build graph: the origins' types are unknown; a bias-shaped third input
    of a Cube op whose other origin is named like a BiasAdd is still replayed, a Conv2D fused with BN and Relu
    is not."""
    from ascend_dump_gui.core.emulator import emulate

    (tmp_path / "dump").mkdir()
    (tmp_path / "graphs").mkdir()
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": str(tmp_path / "dump"), "dump_list": [{"model_name": model}],
                                           "dump_mode": "all"}}))
    emulate(config, env={"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_LEVEL": "3", "DUMP_GRAPH_PATH": str(tmp_path / "graphs")},
            model=model, cwd=tmp_path)
    assert [p.name for p in (tmp_path / "graphs").rglob("*.txt")] == ["ge_proto_00000000_Build.txt"]
    step = next(p for p in sorted((tmp_path / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    result = replay_op(open_run(step), op, mode=mode_from_product("atlas_inference"))   # acl.json: force_fp16
    assert result.verdict == verdict, result.reason
    if verdict == "unsupported":
        assert "fused" in result.reason and "type unknown" in result.reason
