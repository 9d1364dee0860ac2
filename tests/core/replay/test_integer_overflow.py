"""Issue 33, integer outputs: exact where the result fits; beyond the dtype's range they follow the op's documented
overflow behaviour (Ascend saturates additions and subtractions), else the op is unsupported."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.result import replay_call


def _replay(op_type: str, xs: list[np.ndarray], out: np.ndarray):
    call = OpCall(op_type, xs, {}, [str(out.dtype)], [out.shape])
    return replay_call(call, [out], ["y:0"], op="y", index=0, inputs=[], source="")


A = np.array([100, 1, -100, 5], np.int8)


def test_int8_add_saturating_at_127_is_faithful_and_says_so():
    r = _replay("Add", [A, A], np.array([127, 2, -128, 10], np.int8))
    assert r.verdict == "faithful", r.reason
    assert "saturate" in r.reason and "[-128, 127]" in r.reason


def test_int8_add_wrapping_is_kernel():
    wrapped = (A.astype(np.int16) * 2).astype(np.int8)          # 200 -> -56
    assert _replay("Add", [A, A], wrapped).verdict == "kernel"


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32])
def test_sub_saturates_for_every_integer_dtype(dtype):
    info = np.iinfo(dtype)
    a = np.array([info.min, 3], dtype)
    b = np.array([1, 2], dtype)
    assert _replay("Sub", [a, b], np.array([info.min, 1], dtype)).verdict == "faithful"


def test_exact_integer_results_must_be_exact():
    a, b = np.array([3, 4], np.int32), np.array([5, 6], np.int32)
    assert _replay("Add", [a, b], np.array([8, 10], np.int32)).verdict == "faithful"
    assert _replay("Add", [a, b], np.array([8, 11], np.int32)).verdict == "kernel"


def test_overflow_of_an_op_without_documented_behaviour_is_unsupported():
    r = _replay("Mul", [A, A], np.array([127, 1, 127, 25], np.int8))
    assert r.verdict == "unsupported" and "not documented" in r.reason
    cast = _replay("Cast", [np.array([300, 5], np.int32)], np.array([127, 5], np.int8))
    assert cast.verdict == "unsupported" and "int8" in cast.reason


def test_integer_output_of_a_non_integer_result_is_unsupported():
    r = _replay("RealDiv", [np.array([7, 8], np.int32), np.array([2, 2], np.int32)], np.array([3, 4], np.int32))
    assert r.verdict == "unsupported" and "not an integer" in r.reason
