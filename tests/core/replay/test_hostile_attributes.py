"""Issue 33, attribute values: validated before use. Non-positive strides, out-of-range axes, inf, 10^400 and
other numbers no kernel takes make the op unsupported with the reason, never a traceback or a replay by reversed
slicing; through the CLI from a GE graph dump and from msprobe's dump.json alike."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.result import replay_call
from ascend_dump_gui.core.replay.runs import open_run, replay_op
from tests.core.msprobe.hostile import assert_clean, run_cli
from tests.core.replay.ge_folder import GeOp, Tensor, write_folder
from tests.core.replay.msprobe_tree import write_rank

F32 = np.float32
HUGE = 10 ** 400
RNG = np.random.default_rng(0)
X = RNG.normal(0, 1, (1, 2, 6, 6)).astype(F32)
W = RNG.normal(0, 1, (2, 2, 3, 3)).astype(F32)
CONV = {"strides": [1, 1, 1, 1], "pads": [0, 0, 0, 0], "dilations": [1, 1, 1, 1], "groups": 1, "data_format": "NCHW"}
POOL = {"ksize": [1, 1, 2, 2], "strides": [1, 1, 2, 2], "padding": "VALID", "data_format": "NCHW"}


def _replay(op_type: str, xs: list[np.ndarray], attrs: dict, out_shape: tuple[int, ...]):
    out = np.zeros(out_shape, F32)
    call = OpCall(op_type, xs, attrs, ["float32"], [out.shape], ["NCHW", "NCHW"])
    return replay_call(call, [out], ["y:0"], op="y", index=0, inputs=[], source="")


CASES = [
    ("Conv2D", [X, W], {**CONV, "strides": [1, 1, -1, -1]}, (1, 2, 4, 4), "strides"),
    ("Conv2D", [X, W], {**CONV, "strides": [1, 1, 0, 1]}, (1, 2, 4, 4), "strides"),
    ("Conv2D", [X, W], {**CONV, "dilations": [1, 1, -2, 1]}, (1, 2, 4, 4), "dilations"),
    ("Conv2D", [X, W], {**CONV, "pads": [-1, 0, 0, 0]}, (1, 2, 4, 4), "pads"),
    ("Conv2D", [X, W], {**CONV, "groups": HUGE}, (1, 2, 4, 4), "groups"),
    ("Conv2D", [X, W], {**CONV, "groups": -1}, (1, 2, 4, 4), "groups"),
    ("Conv2D", [X, W], {**CONV, "groups": float("inf")}, (1, 2, 4, 4), "groups"),
    ("MaxPool", [X], {**POOL, "strides": [1, 1, -2, -2]}, (1, 2, 3, 3), "strides"),
    ("AvgPool", [X], {**POOL, "ksize": [1, 1, 0, 2]}, (1, 2, 3, 3), "ksize"),
    ("LayerNorm", [X, np.ones(6, F32), np.zeros(6, F32)], {"begin_norm_axis": -1, "epsilon": float("inf")},
     X.shape, "epsilon"),
    ("LayerNorm", [X, np.ones(6, F32), np.zeros(6, F32)], {"begin_norm_axis": -1, "epsilon": HUGE}, X.shape,
     "epsilon"),
    ("LayerNorm", [X, np.ones(6, F32), np.zeros(6, F32)], {"begin_norm_axis": 7}, X.shape, "begin_norm_axis"),
    ("LayerNorm", [X, np.ones(6, F32), np.zeros(6, F32)], {"begin_norm_axis": HUGE}, X.shape, "begin_norm_axis"),
    ("RmsNorm", [X, np.ones(6, F32)], {"epsilon": -1.0}, X.shape, "epsilon"),
    ("BNInferenceD", [X, np.zeros(2, F32), np.ones(2, F32)], {"epsilon": float("nan")}, X.shape, "epsilon"),
    ("Swish", [X], {"scale": HUGE}, X.shape, "scale"),
    ("Swish", [X], {"scale": float("-inf")}, X.shape, "scale"),
    ("LeakyRelu", [X], {"negative_slope": float("inf")}, X.shape, "negative_slope"),
    ("LeakyRelu", [X], {"negative_slope": 1e300}, X.shape, "negative_slope"),
    ("Exp", [X], {"scale": HUGE}, X.shape, "scale"),
    ("Log", [X], {"shift": float("inf")}, X.shape, "shift"),
    ("GatherV2D", [X, np.array([0], np.int32)], {"axis": HUGE}, (1, 2, 6, 6), "axis"),
    ("GatherV2D", [X, np.array([0], np.int32)], {"axis": float("inf")}, (1, 2, 6, 6), "axis"),
    ("ConcatD", [X, X], {"concat_dim": HUGE}, (2, 2, 6, 6), "concat_dim"),
    ("ConcatD", [X, X], {"concat_dim": 9}, (2, 2, 6, 6), "concat_dim"),
    ("SplitD", [X], {"split_dim": 1, "num_split": float("inf")}, (1, 1, 6, 6), "num_split"),
    ("SplitD", [X], {"split_dim": 1, "num_split": 0}, (1, 1, 6, 6), "num_split"),
    ("SplitD", [X], {"split_dim": -HUGE, "num_split": 2}, (1, 1, 6, 6), "split_dim"),
    ("ReduceSumD", [X], {"axes": [HUGE]}, (2, 6, 6), "axes"),
    ("ReduceSumD", [X], {"axes": [4]}, (2, 6, 6), "axes"),
    ("SoftmaxV2", [X], {"axes": [float("inf")]}, X.shape, "axes"),
    ("TransposeD", [X], {"perm": [0, 1, 2, HUGE]}, X.shape, "perm"),
]


@pytest.mark.parametrize(("op_type", "xs", "attrs", "shape", "name"), CASES,
                         ids=[f"{c[0]}-{c[4]}-{i}" for i, c in enumerate(CASES)])
def test_attribute_out_of_range_is_unsupported_naming_it(op_type, xs, attrs, shape, name):
    r = _replay(op_type, xs, attrs, shape)
    assert r.verdict == "unsupported", r.reason
    assert name in r.reason
    assert len(r.reason) < 400          # a 400-digit number is not printed


def test_conv2d_negative_strides_are_not_replayed_by_reversed_slicing():
    """The honest output of the reversed slicing would be judged: it must be unsupported instead."""
    xp = X.astype(np.float64)
    win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(2, 3))[:, :, ::-1, ::-1]
    reversed_out = np.einsum("nchwij,ocij->nohw", win, W.astype(np.float64)).astype(F32)
    call = OpCall("Conv2D", [X, W], {**CONV, "strides": [1, 1, -1, -1]}, ["float32"], [reversed_out.shape],
                  ["NCHW", "NCHW"])
    r = replay_call(call, [reversed_out], ["y:0"], op="y", index=0, inputs=[], source="")
    assert r.verdict == "unsupported" and "strides" in r.reason


@pytest.mark.parametrize(("attr", "value"), [("epsilon", HUGE), ("epsilon", float("inf")), ("begin_norm_axis", HUGE)])
def test_ge_graph_attributes_through_the_cli(tmp_path, attr, value):
    x = RNG.normal(0, 1, (4, 8)).astype(F32)
    g, b = np.ones(8, F32), np.zeros(8, F32)
    attrs = {"begin_norm_axis": -1, "begin_params_axis": -1, "epsilon": 1e-5, attr: value}
    step, _ = write_folder(tmp_path, [GeOp("ln", "LayerNorm", [Tensor(x), Tensor(g), Tensor(b)], [Tensor(x)], attrs)])
    proc = run_cli("replay", step, "--op", "ln", "--json")
    assert_clean(proc, codes=(0,))
    (result,) = json.loads(proc.stdout)["results"]
    assert result["verdict"] == "unsupported" and attr in result["reason"]


@pytest.mark.parametrize(("kwargs", "name"), [({"eps": HUGE}, "epsilon"), ({"eps": float("inf")}, "epsilon"),
                                              ({"dim": HUGE}, "axes")])
def test_msprobe_arguments(tmp_path, kwargs, name):
    x = RNG.normal(0, 1, (2, 8)).astype(F32)
    api = "Functional.softmax.0.forward" if "dim" in kwargs else "Functional.layer_norm.0.forward"
    args = [x] if "dim" in kwargs else [x, [8]]
    folder = write_rank(tmp_path, [(api, args, kwargs, [x])])
    r = replay_op(open_run(folder), api)
    assert r.verdict == "unsupported" and name in r.reason, r.reason


def test_every_hostile_attribute_of_a_ge_graph_through_replay_all(tmp_path):
    """One GE dump of ops whose graph attributes are 10^400 or inf: `replay --all` lists each as unsupported
    naming the attribute, with no traceback."""
    x4 = RNG.normal(0, 1, (1, 2, 6, 6)).astype(F32)
    x2 = RNG.normal(0, 1, (4, 6)).astype(F32)
    idx = np.array([0, 1], np.int32)
    ops = [
        GeOp("swish", "Swish", [Tensor(x2)], [Tensor(x2)], {"scale": float("inf")}),
        GeOp("leaky", "LeakyRelu", [Tensor(x2)], [Tensor(x2)], {"negative_slope": HUGE}),
        GeOp("conv", "Conv2D", [Tensor(x4), Tensor(W)], [Tensor(np.zeros((1, 2, 4, 4), F32))],
             {**CONV, "groups": HUGE}),
        GeOp("negconv", "Conv2D", [Tensor(x4), Tensor(W)], [Tensor(np.zeros((1, 2, 4, 4), F32))],
             {**CONV, "strides": [1, 1, -1, -1]}),
        GeOp("gather", "GatherV2D", [Tensor(x2), Tensor(idx)], [Tensor(x2[:2])], {"axis": HUGE}),
        GeOp("concat", "ConcatD", [Tensor(x2), Tensor(x2)], [Tensor(np.zeros((8, 6), F32))], {"concat_dim": HUGE}),
        GeOp("split", "SplitD", [Tensor(x2)], [Tensor(x2[:, :3]), Tensor(x2[:, 3:])],
             {"split_dim": 1, "num_split": float("inf")}),
    ]
    step, _ = write_folder(tmp_path, ops)
    proc = run_cli("replay", step, "--all", "--json")
    assert_clean(proc, codes=(0,))
    got = {r["op"]: r for r in json.loads(proc.stdout)["results"]}
    names = {"swish": "scale", "leaky": "negative_slope", "conv": "groups", "negconv": "strides", "gather": "axis",
             "concat": "concat_dim", "split": "num_split"}
    for op, attr in names.items():
        assert got[op]["verdict"] == "unsupported" and attr in got[op]["reason"], got[op]
