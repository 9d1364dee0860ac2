"""Issue 32 item 1: the replay verdict reduced_precision. An op is judged at its own dtype, then at each lower
precision the runtime can use for its type (float16, bfloat16, hf32, float16 accumulation) where the dumped output
can carry it, against the reference recomputed at that precision; the run's precision mode decides between
faithful at P and reduced_precision; a wrong kernel at P stays kernel."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.precision import round_hf32
from ascend_dump_gui.core.replay.precision_mode import (
    PRODUCT_DEFAULTS,
    PrecisionMode,
    mode_from_config,
    mode_from_graph,
    mode_from_option,
    mode_from_product,
    resolve_mode,
)
from ascend_dump_gui.core.replay.result import OwnDtypes, replay_call
from ascend_dump_gui.core.replay.runs import replay_ops
from tests.core.replay.cases import perturb
from tests.core.replay.ge_folder import GeOp, Tensor, write_folder

F16, F32, BF16 = np.float16, np.float32, ml_dtypes.bfloat16
RNG = np.random.default_rng(7)


def _replay(op_type, xs, attrs, out, *, mode=None, own=None, formats=()):
    call = OpCall(op_type, xs, dict(attrs), [str(out.dtype)], [out.shape], list(formats))
    return replay_call(call, [out], ["y:0"], op="net/y", index=0, inputs=[], source="", mode=mode, own=own)


# ---------------------------------------------------------------- float16
X = RNG.normal(0, 2, (8, 33)).astype(F32)
TANH16 = np.tanh(X.astype(F16).astype(F32)).astype(F16).astype(F32)     # a float32 Tanh computed in float16


def test_float32_tanh_computed_in_float16_is_reduced_precision_without_a_mode():
    r = _replay("Tanh", [X], {}, TANH16)
    assert (r.verdict, r.precision, r.op_dtype, r.op_dtype_source) == ("reduced_precision", "float16", "float32",
                                                                        "dump")
    assert r.precision_mode == {"value": None, "source": None}
    assert "ran at float16" in r.reason and "unknown" in r.reason and "fix" in r.reason
    assert r.to_json()["precision"] == "float16" and r.main.budget["precision"] == "float16"


@pytest.mark.parametrize(("mode", "verdict"), [("force_fp16", "faithful"), ("fp16", "faithful"),
                                               ("must_keep_origin_dtype", "reduced_precision"),
                                               ("origin", "reduced_precision"),
                                               ("allow_fp32_to_fp16", "reduced_precision"),   # vector op: keeps fp32
                                               ("allow_mix_precision", "faithful")])
def test_the_mode_decides_between_faithful_at_float16_and_reduced_precision(mode, verdict):
    r = _replay("Tanh", [X], {}, TANH16, mode=mode_from_option(mode))
    assert (r.verdict, r.precision) == (verdict, "float16")
    assert r.precision_mode == {"value": mode, "source": "option"} and mode in r.reason


def test_a_wrong_kernel_at_float16_is_still_kernel():
    wrong = perturb(np.tanh(X.astype(F16).astype(F32)).astype(F16)).astype(F16).astype(F32)
    for mode in (None, mode_from_option("force_fp16")):
        r = _replay("Tanh", [X], {}, wrong, mode=mode)
        assert r.verdict == "kernel" and r.precision == "float32", r.reason


def test_an_honest_float32_result_is_faithful_at_float32():
    r = _replay("Tanh", [X], {}, np.tanh(X).astype(F32), mode=mode_from_option("force_fp16"))
    assert (r.verdict, r.precision) == ("faithful", "float32")


def test_a_float16_dump_of_a_float32_op_by_its_golden_dtype():
    """The runtime dumped the op in float16; the golden says the model gives it float32."""
    x16 = X.astype(F16)
    y16 = np.tanh(x16.astype(F32)).astype(F16)
    dumped = _replay("Tanh", [x16], {}, y16)
    assert (dumped.verdict, dumped.precision, dumped.op_dtype_source) == ("faithful", "float16", "dump")
    r = _replay("Tanh", [x16], {}, y16, own=OwnDtypes(["float32"], "golden"))
    assert (r.verdict, r.precision, r.op_dtype, r.op_dtype_source) == ("reduced_precision", "float16", "float32",
                                                                        "golden")
    r = _replay("Tanh", [x16], {}, y16, own=OwnDtypes(["float32"], "golden"), mode=mode_from_product("atlas_inference"))
    assert (r.verdict, r.precision) == ("faithful", "float16")
    assert r.precision_mode == {"value": "force_fp16", "source": "product default"}


# ---------------------------------------------------------------- bfloat16 (a float32 Linear)
A = RNG.normal(0, 1, (16, 64)).astype(F32)
W = RNG.normal(0, 1, (24, 64)).astype(F32)
LINEAR_BF16 = (A.astype(BF16).astype(F32) @ W.astype(BF16).astype(F32).T).astype(BF16).astype(F32)


def test_float32_linear_rounded_to_bfloat16_is_reduced_precision():
    r = _replay("MatMulV2", [A, W], {"transpose_x2": True}, LINEAR_BF16)
    assert (r.verdict, r.precision) == ("reduced_precision", "bfloat16")
    allowed = _replay("MatMulV2", [A, W], {"transpose_x2": True}, LINEAR_BF16,
                      mode=mode_from_option("allow_fp32_to_bf16"))
    assert (allowed.verdict, allowed.precision) == ("faithful", "bfloat16") and "Cube ops" in allowed.reason


def test_a_wrong_kernel_at_bfloat16_is_still_kernel():
    wrong = perturb(LINEAR_BF16, 0.1).astype(BF16).astype(F32)
    assert _replay("MatMulV2", [A, W], {"transpose_x2": True}, wrong).verdict == "kernel"


# ---------------------------------------------------------------- hf32 (Cube ops on float32 inputs)
XC = RNG.normal(0, 1, (2, 4, 8, 8)).astype(F32)
WC = RNG.normal(0, 1, (5, 4, 3, 3)).astype(F32)
CONV = {"strides": [1, 1, 1, 1], "pads": [1, 1, 1, 1], "dilations": [1, 1, 1, 1], "data_format": "NCHW"}


def _conv(x, w):
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(2, 3))
    return np.einsum("nchwij,ocij->nohw", win, w.astype(np.float64)).astype(F32)


CONV_HF32 = _conv(round_hf32(XC), round_hf32(WC))


def test_round_hf32_keeps_eleven_significant_bits():
    x = np.array([1.0 + 2.0 ** -10, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, np.inf, -np.inf], F32)
    assert list(round_hf32(x)) == [1.0 + 2.0 ** -10, 1.0, 1.0 + 2 * 2.0 ** -10, np.inf, -np.inf]
    assert np.array_equal(round_hf32(X).astype(F16).astype(F32), round_hf32(X))


def test_float32_conv_in_hf32():
    r = _replay("Conv2D", [XC, WC], CONV, CONV_HF32, formats=["NCHW", "NCHW"])
    assert (r.verdict, r.precision) == ("reduced_precision", "hf32")
    torch = _replay("Conv2D", [XC, WC], CONV, CONV_HF32, formats=["NCHW", "NCHW"], mode=resolve_mode(pytorch=True))
    assert (torch.verdict, torch.precision) == ("faithful", "hf32") and "conv.allow_hf32" in torch.reason
    cube = _replay("Conv2D", [XC, WC], CONV, CONV_HF32, formats=["NCHW", "NCHW"],
                   mode=mode_from_option("cube_fp16in_fp32out"))
    assert cube.verdict == "faithful"
    wrong = perturb(CONV_HF32).astype(F32)
    assert _replay("Conv2D", [XC, WC], CONV, wrong, formats=["NCHW", "NCHW"], mode=resolve_mode(pytorch=True)
                   ).verdict == "kernel"


def test_batch_matmul_with_enable_hf32_in_the_graph_is_faithful_at_hf32():
    a, b = RNG.normal(0, 1, (2, 8, 32)).astype(F32), RNG.normal(0, 1, (2, 32, 8)).astype(F32)
    y = (round_hf32(a).astype(np.float64) @ round_hf32(b).astype(np.float64)).astype(F32)
    r = _replay("BatchMatMulV2", [a, b], {"enable_hf32": True}, y)
    assert (r.verdict, r.precision) == ("faithful", "hf32") and "enable_hf32" in r.reason
    assert _replay("BatchMatMulV2", [a, b], {}, y).verdict == "reduced_precision"


# ---------------------------------------------------------------- float16 accumulation (reductions)
def test_float32_reducesum_accumulated_in_float16():
    x = RNG.uniform(0.5, 1.5, (4, 2048)).astype(F32)
    blocks = x.astype(F16).reshape(4, 16, 128).sum(axis=-1, dtype=F16)      # a repeat's tree, in float16
    acc = np.zeros(4, F16)
    for i in range(16):                                                    # the repeats in sequence
        acc = (acc + blocks[:, i]).astype(F16)
    y = acc.astype(F32)
    r = _replay("ReduceSumD", [x], {"axes": [1]}, y, mode=mode_from_option("force_fp16"))
    assert (r.verdict, r.precision) == ("reduced_precision", "float16 accumulation"), r.reason
    assert r.main.budget["accumulation_dtype"] == "float16"
    assert _replay("ReduceSumD", [x], {"axes": [1]}, (y * 1.2).astype(F16).astype(F32)).verdict == "kernel"


def test_normalisations_are_not_excused_by_float16_accumulation():
    x = RNG.normal(0, 3, (8, 16)).astype(F32)
    e = np.exp(x.astype(F16).astype(F32) - x.astype(F16).astype(F32).max(-1, keepdims=True))
    wrong = perturb((e / e.sum(-1, keepdims=True)).astype(F16).astype(F32), 0.03).astype(F16).astype(F32)
    assert _replay("SoftmaxV2", [x], {"axes": [-1]}, wrong).verdict == "kernel"


# ---------------------------------------------------------------- the mode's sources and knobs
def test_mode_sources_and_precedence(tmp_path):
    assert {p: mode_from_product(p).value for p in PRODUCT_DEFAULTS} == {
        "atlas_a2": "must_keep_origin_dtype", "atlas_a3": "must_keep_origin_dtype",
        "atlas_training": "allow_fp32_to_fp16", "atlas_inference": "force_fp16"}
    script = tmp_path / "train.py"
    script.write_text('import tensorflow as tf\nconfig = tf.ConfigProto()\n'
                      'custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
                      'custom_op.name = "NpuOptimizer"\n'
                      'custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_fp32_to_fp16")\n')

    class G:
        attrs: dict = {}
        ops = [type("Op", (), {"attrs": {"_precision_mode": "force_fp16"}})()]

    assert mode_from_graph([G]).to_json() == {"value": "force_fp16", "source": "graph"}
    assert resolve_mode(option="fp16", config=script, graphs=[G], product="atlas_a2").to_json() == \
        {"value": "fp16", "source": "option"}
    assert resolve_mode(config=script, graphs=[G], product="atlas_a2").to_json() == \
        {"value": "allow_fp32_to_fp16", "source": "config"}
    assert resolve_mode(graphs=[G], product="atlas_a2").to_json() == {"value": "force_fp16", "source": "graph"}
    assert resolve_mode(product="atlas_a2").to_json() == {"value": "must_keep_origin_dtype",
                                                          "source": "product default"}
    assert resolve_mode().to_json() == {"value": None, "source": None}
    with pytest.raises(InputError, match="not one of"):
        mode_from_option("fp17")


def test_config_side_files_decide_per_op(tmp_path):
    (tmp_path / "mixlist.json").write_text('{"black-list": {"to-add": ["Tanh"]}}')
    (tmp_path / "dtypes.cfg").write_text("OpType::Tanh:InputDtype:float16,OutputDtype:float16\n"
                                         "net/y::InputDtype:float32,OutputDtype:float32\n")
    script = tmp_path / "train.py"
    script.write_text('import tensorflow as tf\nconfig = tf.ConfigProto()\n'
                      'custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n'
                      'custom_op.name = "NpuOptimizer"\n'
                      'custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")\n'
                      'custom_op.parameter_map["modify_mixlist"].s = tf.compat.as_bytes("mixlist.json")\n')
    mode = mode_from_config(script)
    assert mode.block == {"Tanh"}
    r = _replay("Tanh", [X], {}, TANH16, mode=mode)
    assert r.verdict == "reduced_precision" and "block list" in r.reason
    assert _replay("Sigmoid", [X], {}, (1 / (1 + np.exp(-X.astype(F16).astype(F32)))).astype(F16).astype(F32),
                   mode=mode).verdict == "faithful"
    typed = PrecisionMode("must_keep_origin_dtype", "config", customize={"OpType::Tanh": ["float16"]})
    assert not typed.allows("net/y", "Tanh", "float16", {})[0]              # no effect under the origin modes
    mixed = PrecisionMode("force_fp16", "config", customize={"net/y": ["float32"], "OpType::Tanh": ["float16"]},
                          keep=frozenset({"OpType::Relu"}))
    assert mixed.allows("net/y", "Tanh", "float16", {}) == (False, "customize_dtypes keeps net/y in float32")
    assert mixed.allows("other", "Tanh", "float16", {})[0]
    assert not mixed.allows("r", "Relu", "float16", {})[0]
    missing = tmp_path / "other.py"
    missing.write_text(script.read_text().replace("mixlist.json", "absent.json"))
    assert "cannot be read" in mode_from_config(missing).notes[0]


# ---------------------------------------------------------------- the CLI and the core entry
@pytest.fixture(scope="module")
def tanh_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("tanh16")
    step, _ = write_folder(root, [GeOp("net/tanh", "Tanh", [Tensor(X)], [Tensor(TANH16)])])
    return step


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", *map(str, args)],
                          capture_output=True, text=True, check=False)


@pytest.mark.parametrize(("flags", "verdict", "mode"), [
    ((), "reduced_precision", {"value": None, "source": None}),
    (("--precision-mode", "force_fp16"), "faithful", {"value": "force_fp16", "source": "option"}),
    (("--product", "atlas_a2"), "reduced_precision", {"value": "must_keep_origin_dtype", "source": "product default"}),
])
def test_cli_flags(tanh_run, flags, verdict, mode):
    proc = _cli(tanh_run, "--op", "net/tanh", *flags, "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    (result,) = doc["results"]
    assert (result["verdict"], result["precision"], result["precision_mode"]) == (verdict, "float16", mode)
    assert doc["summary"][verdict] == 1 and doc["summary"]["precision_mode"] == mode
    human = _cli(tanh_run, "--op", "net/tanh", *flags)
    assert f"{verdict} at float16" in human.stdout


def test_cli_bad_mode_and_config_exit_2(tanh_run, tmp_path):
    assert _cli(tanh_run, "--op", "net/tanh", "--precision-mode", "fp17").returncode == 2
    assert _cli(tanh_run, "--op", "net/tanh", "--config", tmp_path / "absent.py").returncode == 2
    assert _cli(tanh_run, "--op", "net/tanh", "--product", "atlas_a9").returncode == 2


def test_replay_ops_is_the_core_entry(tanh_run, tmp_path):
    (result,) = replay_ops(tanh_run, ["net/tanh"], precision_mode="force_fp16")
    assert (result.verdict, result.precision) == ("faithful", "float16")
    (result,) = replay_ops(tanh_run, ["net/tanh"], product="atlas_training")
    assert result.verdict == "reduced_precision" and "allow_fp32_to_fp16" in result.reason
    assert [r.op for r in replay_ops(tanh_run)] == ["net/tanh"]
    with pytest.raises(InputError, match="golden"):
        replay_ops(tanh_run, first_divergence=True)
    with pytest.raises(InputError, match="no dumped op"):
        replay_ops(tanh_run, ["no/such"])
    assert math.isfinite(result.main.metrics["MaxAbsoluteError"])


def test_a_golden_dtype_coarser_or_of_another_kind_leaves_the_dumped_one():
    r = _replay("Tanh", [X], {}, np.tanh(X).astype(F32), own=OwnDtypes(["float16"], "golden"))
    assert (r.verdict, r.precision, r.op_dtype, r.op_dtype_source) == ("faithful", "float32", "float32", "dump")
    r = _replay("Tanh", [X], {}, np.tanh(X).astype(F32), own=OwnDtypes(["int32"], "graph"))
    assert (r.verdict, r.op_dtype, r.op_dtype_source) == ("faithful", "float32", "dump")


def test_the_bench_run_gives_msprobe_calls_their_own_dtype(tmp_path):
    from tests.core.replay.msprobe_tree import write_rank

    x = RNG.normal(0, 1, (4, 16)).astype(F32)
    gelu = np.vectorize(math.erf)
    bench = write_rank(tmp_path / "bench", [("Functional.gelu.0.forward", [x], {},
                                             [(0.5 * x * (1 + gelu(x / math.sqrt(2)))).astype(F32)])])
    x16 = x.astype(F16)
    xf = x16.astype(F32)
    y16 = (0.5 * xf * (1 + gelu(xf / math.sqrt(2)))).astype(F16)
    npu = write_rank(tmp_path / "npu", [("Functional.gelu.0.forward", [x16], {}, [y16])])
    (alone,) = replay_ops(npu)
    assert (alone.verdict, alone.precision, alone.op_dtype_source) == ("faithful", "float16", "dump")
    (judged,) = replay_ops(npu, golden=bench)
    assert (judged.verdict, judged.precision, judged.op_dtype, judged.op_dtype_source) == \
        ("reduced_precision", "float16", "float32", "golden")
    proc = _cli(npu, "--all", "--golden", bench, "--json")
    assert json.loads(proc.stdout)["results"][0]["verdict"] == "reduced_precision", proc.stderr
