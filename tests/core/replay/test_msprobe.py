"""msprobe calls replayed from dump.json arguments: trees written by msprobe itself (gelu perturbed inside the call,
or rounded to float16) and written here for every listed call in float16 and float32."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.replay.runs import first_divergence_op, open_run, replay_op
from tests.core.replay.cases import perturb
from tests.core.replay.msprobe_tree import write_rank

DATA = Path(__file__).parent / "data"
F32 = np.float32


def _rank(name: str) -> Path:
    return next((DATA / name / "step0").iterdir())


@pytest.mark.parametrize(("tree", "gelu"), [("bench", "faithful"), ("npu_perturbed", "kernel"),
                                            ("npu_fp16round", "reduced_precision")])
def test_msprobe_written_trees(tree, gelu):
    results = {r.op: r for r in open_run(_rank(tree)).replay_all()}
    assert results["Functional.gelu.0.forward"].verdict == gelu
    for name in ("Functional.conv2d.0.forward", "Functional.linear.0.forward", "Functional.layer_norm.0.forward",
                 "Functional.linear.1.forward", "Functional.gelu.1.forward", "Functional.softmax.0.forward",
                 "Torch.log.0.forward"):
        assert results[name].verdict == "faithful", (name, results[name].reason)
    assert results["Functional.nll_loss.0.forward"].verdict == "unsupported"
    gelu_result = results["Functional.gelu.0.forward"]
    assert gelu_result.precision == ("float16" if tree == "npu_fp16round" else "float32")
    if tree == "npu_fp16round":      # no golden, no mode: the float32 call ran at float16, the mode unknown
        assert gelu_result.op_dtype_source == "dump" and gelu_result.precision_mode == {"value": None,
                                                                                          "source": None}


def test_first_divergence_of_the_perturbed_tree_is_the_gelu_call():
    name = first_divergence_op(_rank("npu_perturbed"), _rank("bench"))
    assert name == "Functional.gelu.0.forward"
    assert replay_op(open_run(_rank("npu_perturbed")), name).verdict == "kernel"


def _erf(x):
    return np.vectorize(math.erf)(x)


def _calls(rng: np.random.Generator, dt) -> list[tuple[str, list, dict, callable]]:
    """(name, args, kwargs, honest outputs in float32 from the float32 view of the args)."""
    n = lambda *s: rng.normal(0, 1, s).astype(dt)  # noqa: E731
    pos = lambda *s: (0.1 + np.abs(rng.normal(0, 1, s))).astype(dt)  # noqa: E731
    x, w, b = n(4, 16), n(8, 16), n(8)
    img, k, kb = n(2, 3, 7, 7), n(4, 3, 3, 3), n(4)
    gamma = n(16)
    idx = np.array([[1, 0, 4], [2, 2, 3]], np.int64)
    table = n(5, 6)
    f = lambda a: a.astype(F32)  # noqa: E731

    def conv(xx, ww, bb):
        xp = np.pad(f(xx), ((0, 0), (0, 0), (1, 1), (1, 1)))
        win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(2, 3))[:, :, ::2, ::2]
        return np.einsum("nchwij,ocij->nohw", win, f(ww)) + f(bb).reshape(1, -1, 1, 1)

    def ln(xx, gg, bb):
        xx = f(xx)
        m = xx.mean(-1, keepdims=True)
        v = ((xx - m) ** 2).mean(-1, keepdims=True)
        return (xx - m) / np.sqrt(v + F32(1e-5)) * f(gg) + f(bb)

    def rms(xx, gg):
        xx = f(xx)
        r = 1 / np.sqrt((xx * xx).mean(-1, keepdims=True) + F32(1e-6))
        return [xx * r * f(gg), r]

    def softmax(xx, axis):
        e = np.exp(f(xx) - f(xx).max(axis, keepdims=True))
        return e / e.sum(axis, keepdims=True)

    a3, b3 = n(2, 4, 8), n(2, 8, 3)
    p, q = n(4, 5), pos(4, 5)
    return [
        ("Functional.linear.0.forward", [x, w, b], {}, lambda: [f(x) @ f(w).T + f(b)]),
        ("Functional.conv2d.0.forward", [img, k, kb, [2, 2], [1, 1], [1, 1], 1], {}, lambda: [conv(img, k, kb)]),
        ("Functional.relu.0.forward", [x], {"inplace": False}, lambda: [np.maximum(f(x), 0)]),
        ("Functional.gelu.0.forward", [x], {"approximate": "none"},
         lambda: [0.5 * f(x) * (1 + _erf(f(x) / math.sqrt(2)))]),
        ("Functional.silu.0.forward", [x], {}, lambda: [f(x) / (1 + np.exp(-f(x)))]),
        ("Functional.softmax.0.forward", [x], {"dim": -1}, lambda: [softmax(x, -1)]),
        ("Functional.log_softmax.0.forward", [x], {"dim": 1}, lambda: [np.log(softmax(x, 1))]),
        ("Functional.layer_norm.0.forward", [x, [16], gamma, n(16), 1e-5], {}, None),
        ("Functional.embedding.0.forward", [idx, table], {}, lambda: [f(table)[idx]]),
        ("Functional.dropout.0.forward", [x, 0.5, False, False], {}, lambda: [f(x)]),
        ("Torch.matmul.0.forward", [a3, b3], {}, lambda: [f(a3) @ f(b3)]),
        ("Torch.bmm.0.forward", [a3, b3], {}, lambda: [f(a3) @ f(b3)]),
        ("Torch.add.0.forward", [p, q], {}, lambda: [f(p) + f(q)]),
        ("Tensor.sub.0.forward", [p, q], {}, lambda: [f(p) - f(q)]),
        ("Torch.mul.0.forward", [p, 3.0], {}, lambda: [f(p) * F32(3.0)]),
        ("Torch.div.0.forward", [p, q], {}, lambda: [f(p) / f(q)]),
        ("Torch.exp.0.forward", [p], {}, lambda: [np.exp(f(p))]),
        ("Torch.sqrt.0.forward", [q], {}, lambda: [np.sqrt(f(q))]),
        ("Torch.rsqrt.0.forward", [q], {}, lambda: [1 / np.sqrt(f(q))]),
        ("Torch.sum.0.forward", [p], {"dim": 1}, lambda: [f(p).sum(1)]),
        ("Tensor.mean.0.forward", [p], {"dim": [0], "keepdim": True}, lambda: [f(p).mean(0, keepdims=True)]),
        ("NPU.npu_rms_norm.0.forward", [x, gamma], {"epsilon": 1e-6}, lambda: rms(x, gamma)),
    ], ln


def _write(tmp: Path, dt, wrong: bool) -> Path:
    rng = np.random.default_rng(11)
    calls, ln = _calls(rng, dt)
    out = []
    for name, args, kwargs, honest in calls:
        ys = [ln(args[0], args[2], args[3])] if honest is None else honest()
        ys = [np.asarray(y).astype(F32 if name.startswith("NPU") and i == 1 else dt) for i, y in enumerate(ys)]
        if wrong:
            ys = [perturb(y).astype(y.dtype) for y in ys]
        out.append((name, args, kwargs, ys))
    return write_rank(tmp, out)


@pytest.mark.parametrize("dtype", [np.float16, F32], ids=["float16", "float32"])
@pytest.mark.parametrize("wrong", [False, True], ids=["honest", "perturbed"])
def test_every_listed_msprobe_call(tmp_path, dtype, wrong):
    results = open_run(_write(tmp_path, dtype, wrong)).replay_all()
    assert len(results) == 22
    want = "kernel" if wrong else "faithful"
    assert {r.op: r.verdict for r in results} == {r.op: want for r in results}, \
        [(r.op, r.reason) for r in results if r.verdict != want]


def test_msprobe_calls_not_covered_say_why(tmp_path):
    x = np.ones((2, 3), F32)
    rank = write_rank(tmp_path, [
        ("Functional.dropout.0.forward", [x, 0.5, True, False], {}, [x]),
        ("Torch.div.0.forward", [x, x], {"rounding_mode": "floor"}, [x]),
        ("Functional.embedding.0.forward", [np.array([0, 1]), x], {"max_norm": 1.0}, [x]),
        ("Functional.linear.0.backward", [x], {}, [x]),
        ("Torch.cumsum.0.forward", [x, 1], {}, [x]),
    ])
    reasons = {r.op: r.reason for r in open_run(rank).replay_all() if r.verdict == "unsupported"}
    assert "training" in reasons["Functional.dropout.0.forward"]
    assert "rounding_mode" in reasons["Torch.div.0.forward"]
    assert "max_norm" in reasons["Functional.embedding.0.forward"]
    assert "forward" in reasons["Functional.linear.0.backward"]
    assert "cumsum" in reasons["Torch.cumsum.0.forward"]


def test_hostile_arguments_are_unsupported_not_a_traceback(tmp_path):
    x = np.ones((2, 3), F32)
    rank = write_rank(tmp_path, [
        ("Functional.softmax.0.forward", [x], {"dim": "last"}, [x]),
        ("Functional.conv2d.0.forward", [x, x, None, [1, 2, 3]], {}, [x]),
        ("Functional.layer_norm.0.forward", [x, {"a": 1}], {}, [x]),
    ])
    results = open_run(rank).replay_all()
    assert [r.verdict for r in results] == ["unsupported"] * 3


def test_msprobe_compare_json_first_divergence_carries_the_replay():
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "compare", str(DATA / "npu_perturbed" / "step0"),
                          str(DATA / "bench" / "step0"), "--json"], capture_output=True, text=True, check=True)
    first = json.loads(out.stdout)["first_divergence"]
    assert first["tensor"] == "Functional.gelu.0.forward.output.0"
    assert first["replay"]["verdict"] == "kernel" and first["replay"]["op"] == "Functional.gelu.0.forward"
    assert first["replay"]["precision"] == "float32" and first["replay"]["op_dtype_source"] == "golden"
    rounded = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "replay", str(_rank("npu_fp16round")),
                              "--first-divergence", str(_rank("bench")), "--json"], capture_output=True, text=True,
                             check=True)
    assert json.loads(rounded.stdout)["results"] == []      # msprobe finds no divergence: nothing replayed
