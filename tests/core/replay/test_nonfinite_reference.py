"""Issue 33, non-finite references: an infinite or NaN replay element is met only by the same value, or where the
run saturates by the dtype's largest finite value of that sign (said in the reason); never by any finite value."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.replay.budget import Budget
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.judge import Expected, judge
from ascend_dump_gui.core.replay.result import replay_call

F16 = np.float16
INF = np.inf


def _replay(op_type: str, xs: list[np.ndarray], out: np.ndarray):
    call = OpCall(op_type, xs, {}, [str(out.dtype)], [out.shape])
    return replay_call(call, [out], ["y:0"], op="y", index=0, inputs=[], source="")


@pytest.mark.parametrize(("npu", "verdict"), [(1.0, "kernel"), (0.0, "kernel"), (-INF, "kernel"), (np.nan, "kernel"),
                                              (-65504.0, "kernel"), (INF, "faithful"), (65504.0, "faithful")])
def test_float16_inf_times_two(npu, verdict):
    x, two = np.array([INF, 1.5], F16), np.array([2.0, 2.0], F16)
    r = _replay("Mul", [x, two], np.array([npu, 3.0], F16))
    assert r.verdict == verdict, r.reason
    if npu == 65504.0:
        assert "largest finite" in r.reason and "saturates" in r.reason
    if verdict == "kernel":
        assert "met only by inf" in r.reason


@pytest.mark.parametrize(("npu", "verdict"), [(0.0, "kernel"), (1.0, "kernel"), (INF, "faithful")])
def test_relu_of_inf(npu, verdict):
    r = _replay("Relu", [np.array([INF, -1.0, 2.0], F16)], np.array([npu, 0.0, 2.0], F16))
    assert r.verdict == verdict, r.reason


def test_nan_reference_is_met_only_by_nan():
    x = np.array([np.nan, 1.0], np.float32)
    assert _replay("Relu", [x], np.array([np.nan, 1.0], np.float32)).verdict == "faithful"
    assert _replay("Relu", [x], np.array([0.0, 1.0], np.float32)).verdict == "kernel"


def test_negative_infinity_saturates_to_the_negative_largest():
    x = np.array([-INF, 1.0], F16)
    assert _replay("Mul", [x, np.array([3.0, 1.0], F16)], np.array([-65504.0, 1.0], F16)).verdict == "faithful"
    assert _replay("Mul", [x, np.array([3.0, 1.0], F16)], np.array([65504.0, 1.0], F16)).verdict == "kernel"


def test_an_allowance_that_is_not_finite_where_the_replay_is_is_vacuous():
    ref = np.array([1.0, 2.0])
    b = Budget("float32", None, 1)
    tol = np.array([INF, 1e-6])
    j = judge(np.array([123.0, 2.0], np.float32), Expected(ref, tol, b))
    assert j.verdict == "unsupported" and "not finite" in j.reason


def test_finite_values_keep_their_budget():
    x = np.linspace(-3, 3, 11).astype(F16)
    assert _replay("Relu", [x], np.maximum(x, 0)).verdict == "faithful"
