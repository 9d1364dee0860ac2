"""The one overflow rule of every view (Compare, Ranks, Graph, CLI), and msaccucmp's float16 overflow limit."""

from __future__ import annotations

FP16_OVERFLOW = 65504.0
"""msaccucmp's OVERFLOW_MAX_VALUE: a float16 tensor overflowed when max|x| >= this."""


def overflow_kind(dtype: str, *, inf: bool, nan: bool, abs_max: float | None) -> str | None:
    """The one overflow rule of every view: ``"inf"`` for an Inf value (or a float16 value at ±65504, the
    saturated form of an Inf), ``"nan"`` for a NaN, else None. Applies to tensors of any floating dtype."""
    if inf:
        return "inf"
    if nan:
        return "nan"
    half = dtype in ("float16", "DT_FLOAT16", "torch.float16", "Float16")
    return "inf" if half and abs_max is not None and abs_max >= FP16_OVERFLOW else None
