"""msprobe's pass / warning / error verdict per compare row (its ``indicator_analysis`` checkers).

Rows are grouped by API or module call. Inputs are every leaf that is not an output (parameters and
parameter gradients count as inputs). Thresholds are msprobe 26.2.0's:

* statistics: NPU max/min inf or nan where bench has none -> error; input NormRelativeErr < 10 % while an
  output's > 50 % -> error; output NormRelativeErr > 10x the inputs' (or > 10 % with exact inputs) -> warning;
* tensors: every input/parameter One Thousandth Err Ratio > 0.9 while the worst output's < 0.1 -> error;
  input Cosine > 0.9 and input - output Cosine > 0.1 -> warning;
* both: requires_grad, dtype, shape or scalar-argument mismatch -> error;
* md5: CRC-32 differs -> error, or warning when one side has none.

Calls msprobe ignores: ``empty``, ``to``, ``numpy``, ... (all leaves) and ``all_to_all_single`` & co (inputs).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ascend_dump_gui.core.messages import Text, msg
from ascend_dump_gui.core.msprobe.rows import INF, NA, NAN, NO_BENCH, RESULT_WORDS, MsprobeRow

_ALL_IGNORE = frozenset({"empty", "empty_like", "numpy", "to", "__setitem__", "empty_with_format",
                         "new_empty_strided", "new_empty", "empty_strided"})
_INPUT_IGNORE = frozenset({"_reduce_scatter_base", "_all_gather_base", "all_to_all_single", "batch_isend_irecv"})
_LEVEL = {"pass": 0, "warning": 1, "error": 2}


def _inf_or_nan(value: Any) -> bool:
    if isinstance(value, float):
        return math.isnan(value) or math.isinf(value)
    return isinstance(value, str) and value.strip().lower() in ("inf", "-inf", "nan")


def _fraction(value: Any) -> float | None:
    """A relative-error cell as msprobe's ``get_min_or_max_value`` sees it (percent -> fraction)."""
    if value is None or value in (NAN, NA) or isinstance(value, str):
        return None
    return float(value) / 100.0


def _extreme(rows: Iterable[MsprobeRow], name: str, *, is_min: bool, percent: bool) -> float:
    best = 1.0 if is_min else 0.0
    for row in rows:
        value = row.metrics.get(name)
        value = _fraction(value) if percent else (None if isinstance(value, str) or value is None else value)
        if value is None:
            continue
        best = min(best, value) if is_min else max(best, value)
    return best


def _out_fraction(value: Any) -> float:
    """msprobe's ``str2float`` on an output cell (``inf`` -> inf; other text -> 0)."""
    if value == INF:
        return math.inf
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value) / 100.0
    return 0.0


def _flag(row: MsprobeRow, level: str, message: Text) -> None:
    if _LEVEL[level] > _LEVEL[row.result]:
        row.result = level
    row.say(msg("{level}: {message}", level=RESULT_WORDS[level], message=message))


def _ignore(rows: list[MsprobeRow], inputs: list[MsprobeRow]) -> str:
    if not inputs:
        return "none"
    parts = inputs[0].npu.name.split(".", 2)
    api = parts[1] if len(parts) >= 2 else ""
    return "all" if api in _ALL_IGNORE else ("input" if api in _INPUT_IGNORE else "none")


def _common(checked: list[MsprobeRow], ignore: str) -> None:
    """msprobe's requires_grad, scalar-argument (inputs), dtype and shape checks, in its order for each row (each
    check flags only its own row, so one pass over the rows gives every row the same messages in the same order)."""
    for row in checked:
        n, b = row.npu, row.bench
        if b is None:
            continue
        if n.requires_grad is not None and b.requires_grad is not None and n.requires_grad != b.requires_grad:
            _flag(row, "error", msg("The Required_Grad of NPU and Bench are inconsistent"))
        if (n.dtype and b.dtype and "class" in n.dtype and "class" in b.dtype and n.shape == ()
                and ignore == "none" and ".output." not in n.name and str(n.max) != str(b.max)):   # an input
            _flag(row, "error", msg("The scalar parameters of NPU and Bench are inconsistent."))
        if n.dtype != b.dtype and n.dtype and b.dtype and "qkv" not in b.name and "gate_up" not in b.name:
            _flag(row, "error", msg("The dtype of NPU and Bench are inconsistent."))
        if n.shape != b.shape and n.shape is not None and b.shape is not None:
            _flag(row, "error", msg("The shape of NPU and Bench are inconsistent."))


def _inf_nan(checked: list[MsprobeRow]) -> None:
    for row in checked:
        if row.bench is None:
            continue
        high, low = row.npu.max, row.npu.min
        if high.__class__ is float and low.__class__ is float and high - high == 0 == low - low:
            continue        # a finite NPU max and min (most rows): nothing to flag, whatever the bench holds
        if _inf_or_nan(row.bench.max) or _inf_or_nan(row.bench.min):
            continue
        if _inf_or_nan(high) or _inf_or_nan(low):
            _flag(row, "error", msg("There is nan/inf/-inf in the maximum or minimum value of NPU."))


def _judge_call(rows: list[MsprobeRow], mode: str) -> None:
    inputs: list[MsprobeRow] = []
    outputs: list[MsprobeRow] = []
    for r in rows:
        (outputs if ".output." in r.npu.name else inputs).append(r)
    ignore = _ignore(rows, inputs)
    checked = [] if ignore == "all" else (outputs if ignore == "input" else inputs + outputs)
    if mode == "md5":
        for row in checked:
            npu_md5 = row.metrics.get("NPU MD5")
            bench_md5 = row.metrics.get("BENCH MD5")
            if npu_md5 != bench_md5:
                if npu_md5 in (NA, NAN, "", None) or bench_md5 in (NA, NAN, "", None):
                    _flag(row, "warning", msg("The parameter of NPU does not match the bench."))
                else:
                    _flag(row, "error", msg("The CRC-32 value of NPU differs from that of the bench."))
        return
    _inf_nan(checked)
    rel_in = abs(_extreme(inputs, "NormRelativeErr", is_min=False, percent=True)) \
        if mode == "summary" and ignore == "none" else 0.0      # metrics are not changed by a flag: read once
    if mode == "summary" and ignore == "none" and rel_in < 0.1:
        for row in outputs:
            if abs(_out_fraction(row.metrics.get("NormRelativeErr"))) > 0.5:
                _flag(row, "error", msg("The NormRelativeErr of output is greater than 0.5."))
    if mode == "all" and ignore == "none" and outputs:
        min_in = _extreme(inputs, "One Thousandth Err Ratio", is_min=True, percent=False)
        min_out = _extreme(outputs, "One Thousandth Err Ratio", is_min=True, percent=False)
        if min_in > 0.9 and min_out < 0.1:
            _flag(outputs[0], "error", msg("The input/parameters of One Thousandth Err Ratio > 0.9 while the output "
                                       "< 0.6."))
    _common(checked, ignore)
    if ignore != "none" or not outputs:
        return
    if mode == "summary":
        rel_out = abs(_extreme(outputs, "NormRelativeErr", is_min=False, percent=True))
        if (rel_in == 0 and rel_out > 0.1) or (rel_in != 0 and rel_out / rel_in > 10):
            _flag(outputs[0], "warning", msg("The norm relative error of output is 10 times that of input."))
    else:
        cos_in = _extreme(inputs, "Cosine", is_min=True, percent=False)
        cos_out = _extreme(outputs, "Cosine", is_min=True, percent=False)
        if cos_in > 0.9 and cos_in - cos_out > 0.1:
            _flag(outputs[0], "warning", msg("The input/parameters of Cosine > 0.9, and input/parameters - output "
                                         "> 0.1"))


def judge(rows: list[MsprobeRow], mode: str) -> None:
    """Set ``result`` and ``messages`` on every row, call by call (rows keep their order)."""
    calls: dict[str, list[MsprobeRow]] = {}
    for row in rows:
        row.result = "pass"
        calls.setdefault(row.npu.entry, []).append(row)
        if row.bench is None:
            row.say(NO_BENCH)
    for group in calls.values():
        _judge_call(group, mode)

