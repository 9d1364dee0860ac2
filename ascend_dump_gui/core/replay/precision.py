"""Lower precisions an op may have run at, and the op recomputed at one of them.

The op's own dtype is the dtype the model gives it (the golden's, else the original graph's, else the dumped one).
A lower precision P is a candidate for an op type (float16 and bfloat16 for a float32 op, ``hf32`` for Cube ops on
float32 inputs, ``float16 accumulation`` for float32 reductions) only where every dumped output can carry it (its values
are representable at P), and the op is then judged against the reference recomputed at P: inputs rounded to P
(round to nearest even, as a Cast does), accumulation as the kernel documents it at P, the budget of P's output,
so a wrong kernel at P is still ``kernel``.
"""

from __future__ import annotations

from dataclasses import replace

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.replay.budget import is_float, unit_roundoff
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.precision_mode import CUBE_OPS, REDUCTIONS

HF32, F16_ACC = "hf32", "float16 accumulation"
_NUMPY = {"float16": np.dtype(np.float16), "bfloat16": np.dtype(ml_dtypes.bfloat16)}
HF32_DROPPED_BITS = 13
"""HF32 keeps float32's exponent and 10 of its 23 fraction bits (an 11-bit significand, as float16)."""


def candidates(op_type: str, own: str) -> list[str]:
    """The lower precisions the runtime can use for ``op_type`` whose own dtype is ``own``, in the order tried."""
    out = ["float16", "bfloat16"] if own == "float32" else []
    if op_type in CUBE_OPS and own == "float32":
        out.append(HF32)
    if op_type in REDUCTIONS and own == "float32":      # a float16 output always "fits": only where it can tell
        out.append(F16_ACC)
    return out


def round_hf32(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to HF32 (to nearest, ties to even), kept as float32."""
    bits = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    half, keep = np.uint32(1 << (HF32_DROPPED_BITS - 1)), np.uint32(0xFFFFFFFF ^ ((1 << HF32_DROPPED_BITS) - 1))
    odd = (bits >> np.uint32(HF32_DROPPED_BITS)) & np.uint32(1)
    finite = np.isfinite(x)
    rounded = ((bits + half - np.uint32(1) + odd) & keep).view(np.float32)
    return np.where(finite, rounded, x.astype(np.float32))


def representable(npu: np.ndarray, precision: str) -> bool:
    """Whether the dumped output ``npu`` can carry ``precision``: every value survives a round trip through it."""
    if precision == HF32:
        return npu.dtype == np.float32
    target = _NUMPY["float16" if precision == F16_ACC else precision]
    if npu.dtype == target:
        return True
    if npu.dtype.kind != "f" and str(npu.dtype) != "bfloat16":
        return False
    with np.errstate(all="ignore"):
        return bool(np.array_equal(npu.astype(target).astype(npu.dtype), npu, equal_nan=True))


def wider(own: str, dumped: str) -> bool:
    """Whether ``own`` is a float dtype finer than the float dtype ``dumped`` (the runtime dumped the op lower)."""
    return is_float(own) and is_float(dumped) and unit_roundoff(own) < unit_roundoff(dumped)


def at_dtype(call: OpCall, own: list[str]) -> OpCall:
    """``call`` as the model gives it: where the runtime dumped the op lower than its own dtype (a float16 dump of a
    float32 op), the float inputs and outputs of the dumped dtype are labelled with the own dtype (values kept)."""
    outs = [o if i < len(own) and wider(o := own[i], d) else d for i, d in enumerate(call.out_dtypes)]
    if outs == call.out_dtypes:
        return call
    lowered = {d for d, o in zip(call.out_dtypes, outs, strict=True) if d != o}
    inputs = [np.asarray(x, dtype=outs[0]) if str(x.dtype) in lowered else x for x in call.inputs]
    return replace(call, inputs=inputs, out_dtypes=outs)


def at_precision(call: OpCall, precision: str) -> OpCall:
    """``call`` computed at ``precision``: its float inputs rounded to it (HF32: the two Cube operands), its float
    outputs in it, a reduction accumulating in float16 for :data:`F16_ACC`."""
    if precision == HF32:
        inputs = [round_hf32(x) if i < 2 and x.dtype == np.float32 else x for i, x in enumerate(call.inputs)]
        return replace(call, inputs=inputs)
    target = _NUMPY["float16" if precision == F16_ACC else precision]
    with np.errstate(all="ignore"):
        inputs = [x.astype(target) if is_float(str(x.dtype)) else x for x in call.inputs]
    outs = [target.name if is_float(d) else d for d in call.out_dtypes]
    return replace(call, inputs=inputs, out_dtypes=outs, accumulate="float16" if precision == F16_ACC else None)
