"""One op's replay result (the ``results`` entries of ``replay --json``) and how it is built from outputs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.replay.budget import VacuousBudget
from ascend_dump_gui.core.replay.call import OpCall, Unsupported
from ascend_dump_gui.core.replay.judge import (
    FAITHFUL,
    KERNEL,
    REDUCED_PRECISION,
    UNSUPPORTED,
    Expected,
    OutputJudgement,
    judge,
    worst,
)
from ascend_dump_gui.core.replay.precision import at_dtype, at_precision, candidates, representable, wider
from ascend_dump_gui.core.replay.precision_mode import PrecisionMode
from ascend_dump_gui.core.replay.registry import reference_of

NOT_DUMPED = msg("this output is not in the dump")
_NO_METRICS = {"CosineSimilarity": None, "MaxAbsoluteError": None, "MaxRelativeError": None}


@dataclass
class OutputResult:
    """One output judged; ``error`` (NPU minus replay, float64) only when asked for."""

    tensor: str
    dtype: str
    verdict: str
    reason: str
    metrics: dict[str, Any]
    budget: dict[str, Any]
    error: np.ndarray | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return json_safe({"tensor": self.tensor, "dtype": self.dtype, "verdict": self.verdict,
                          "reason": self.reason, "metrics": self.metrics, "budget": self.budget})


@dataclass
class OwnDtypes:
    """The dtypes the model gives an op's outputs and where they come from: ``golden``, ``graph`` (the original
    graph's ``origin_data_type``) or ``dump`` (nothing else names them)."""

    dtypes: list[str]
    source: str = "dump"


@dataclass
class ReplayResult:
    """One op replayed: its verdict is the worst of its outputs'; the top-level tensor/metrics/budget are the
    worst output's. ``precision`` is what the NPU output is consistent with (the op's own dtype, or a lower one)."""

    op: str
    op_type: str
    index: int
    verdict: str
    reason: str
    inputs: list[dict[str, Any]] = field(default_factory=list)
    outputs: list[OutputResult] = field(default_factory=list)
    source: str = ""           # the dump file (GE) or dump.json (msprobe) the values came from
    precision: str | None = None
    precision_mode: dict[str, Any] = field(default_factory=lambda: {"value": None, "source": None})
    op_dtype: str | None = None
    op_dtype_source: str | None = None

    @property
    def main(self) -> OutputResult | None:
        """The output that decides the verdict."""
        for out in self.outputs:
            if out.verdict == self.verdict:
                return out
        return self.outputs[0] if self.outputs else None

    def to_json(self) -> dict[str, Any]:
        main = self.main
        return json_safe({
            "op": self.op, "op_type": self.op_type, "index": self.index,
            "tensor": main.tensor if main else f"{self.op}:output:0",
            "dtype": main.dtype if main else None, "verdict": self.verdict, "reason": self.reason,
            "precision": self.precision, "precision_mode": dict(self.precision_mode),
            "op_dtype": self.op_dtype, "op_dtype_source": self.op_dtype_source,
            "reference": "float64", "budget": main.budget if main else {},
            "metrics": main.metrics if main else dict(_NO_METRICS), "inputs": self.inputs,
            "outputs": [o.to_json() for o in self.outputs], "source": self.source,
        })


Item = TypeVar("Item")


def replay_each(items: Sequence[Item], name: Callable[[Item], str], replay: Callable[[Item], ReplayResult], *,
                progress: ProgressFn, cancel: CancelToken | None) -> list[ReplayResult]:
    """``replay`` of every item in order (ops of a GE run, calls of an msprobe run), with progress and cancel."""
    results = []
    for i, item in enumerate(items):
        if cancel is not None:
            cancel.raise_if_cancelled()
        progress(i, len(items), name(item))
        results.append(replay(item))
    progress(len(items), len(items), msg("done"))
    return results


def unsupported(op: str, op_type: str, index: int, reason: str, **kw: Any) -> ReplayResult:
    return ReplayResult(op, op_type, index, UNSUPPORTED, reason, **kw)


def _judged(expected: list[Expected], npu_outputs: list[np.ndarray | None], out_names: list[str], op: str,
            out_dtypes: list[str], keep_error: bool) -> list[OutputResult]:
    """Each dumped output judged against its expected value (an output not dumped: unsupported, saying so)."""
    outputs = []
    for i, exp in enumerate(expected):
        npu = npu_outputs[i] if i < len(npu_outputs) else None
        name = out_names[i] if i < len(out_names) else f"{op}:output:{i}"
        if npu is None:
            outputs.append(OutputResult(name, out_dtypes[i] if i < len(out_dtypes) else "", UNSUPPORTED,
                                        NOT_DUMPED, dict(_NO_METRICS), exp.budget.describe()))
            continue
        j: OutputJudgement = judge(npu, exp, keep_error=keep_error)
        outputs.append(OutputResult(name, str(npu.dtype), j.verdict, j.reason, j.metrics, j.budget, j.error))
    return outputs


def _decided(outputs: list[OutputResult]) -> tuple[str, OutputResult]:
    """The verdict of several outputs (the worst of the dumped ones) and the output that decides it."""
    dumped = [o for o in outputs if o.reason != NOT_DUMPED] or outputs
    verdict = worst([o.verdict for o in dumped])
    return verdict, next(o for o in dumped if o.verdict == verdict)


def _reference(call: OpCall) -> list[Expected] | str:
    """The expected outputs of ``call``, or why there are none."""
    try:
        call.check_sizes()
        return reference_of(call.op_type)(call)
    except (Unsupported, VacuousBudget) as exc:
        return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    except MemoryError:
        return msg("not enough memory for the float64 replay")
    except (ValueError, IndexError, TypeError, KeyError, ArithmeticError) as exc:   # values that do not fit
        return msg("the inputs or attributes do not fit {op_type}: {problem}", op_type=call.op_type, problem=str(exc))


def _lower(call: OpCall, own: list[str], npu_outputs: list[np.ndarray | None], out_names: list[str], op: str,
           mode: PrecisionMode, keep_error: bool) -> tuple[str, list[OutputResult], str] | None:
    """The first lower precision whose recomputed reference every dumped output fits: (precision, the outputs
    judged at it with their verdict faithful or reduced_precision, why the mode allows it or not); None if none."""
    dumped = [npu for npu in npu_outputs if npu is not None]
    for precision in candidates(call.op_type, own[0]):
        if not dumped or not all(representable(npu, precision) for npu in dumped):
            continue
        lowered = at_precision(call, precision)
        expected = _reference(lowered)
        if isinstance(expected, str):
            continue
        outputs = _judged(expected, npu_outputs, out_names, op, lowered.out_dtypes, keep_error)
        if _decided(outputs)[0] != FAITHFUL:
            continue
        allowed, why = mode.allows(op, call.op_type, precision, call.attrs)
        for o in outputs:
            if o.verdict == FAITHFUL:
                o.verdict = FAITHFUL if allowed else REDUCED_PRECISION
            o.budget["precision"] = precision
        return precision, outputs, why
    return None


def replay_call(call: OpCall, npu_outputs: list[np.ndarray | None], out_names: list[str], *, op: str, index: int,
                inputs: list[dict[str, Any]], source: str, keep_error: bool = False,
                op_type: str | None = None, own: OwnDtypes | None = None,
                mode: PrecisionMode | None = None) -> ReplayResult:
    """Replay ``call`` and judge each dumped output (None: that output was not dumped or not readable);
    ``op_type`` names the op in the result (default: the GE type replayed; msprobe: ``Functional.linear``).

    Judged first against the op's own dtype (``own``; default the dumped dtypes); where that misses, against each
    lower precision the runtime can use for the op type (``precision.py``): within P's budget it is ``faithful``
    at P when ``mode`` lets the op compute at P, else ``reduced_precision``; else ``kernel``."""
    op_type = op_type or call.op_type
    mode = mode or PrecisionMode()
    own = own or OwnDtypes(list(call.out_dtypes))
    at_own = at_dtype(call, own.dtypes)
    dtypes = at_own.out_dtypes
    if own.dtypes[:1] != dtypes[:1]:        # the golden/graph names a coarser or another kind of dtype: dumped
        own = OwnDtypes(list(call.out_dtypes))
    kw: dict[str, Any] = {"inputs": inputs, "source": source, "precision_mode": mode.to_json(),
                          "op_dtype": dtypes[0] if dtypes else None, "op_dtype_source": own.source}
    expected = _reference(at_own)
    if isinstance(expected, str):
        return unsupported(op, op_type, index, expected, **kw)
    outputs = _judged(expected, npu_outputs, out_names, op, at_own.out_dtypes, keep_error)
    verdict, chosen = _decided(outputs)
    reason = chosen.reason if len(outputs) == 1 else msg("{tensor}: {reason}",
                                                         tensor=chosen.tensor, reason=chosen.reason)
    precision = dtypes[0] if dtypes else None
    # an output dumped coarser than the op's own dtype cannot show that precision (a float16 tensor matches a
    # float32 reference exactly when the op's inputs were float16 already): the precision it ran at is judged too
    dumped_lower = any(wider(o, d) for o, d in zip(dtypes, call.out_dtypes, strict=False))
    lower = _lower(at_own, dtypes, npu_outputs, out_names, op, mode, keep_error) \
        if verdict == KERNEL or dumped_lower else None
    if lower is not None:
        precision, outputs, why = lower
        verdict, chosen = _decided(outputs)
        said = "" if own.source != "dump" else msg(" (the dumped dtype: no golden or graph names the op's dtype)")
        if verdict == FAITHFUL:
            reason = msg("the {dtype} op computed at {precision}{said}: {reason}; {why}", dtype=dtypes[0],
                         precision=precision, said=said, reason=chosen.reason, why=why)
        else:
            missed = (msg("its output was dumped in {dumped}, coarser than its own {dtype}{said}",
                          dumped=call.out_dtypes[0], dtype=dtypes[0], said=said)
                      if dumped_lower else msg("not within the budget of {dtype}{said} ({reason})", dtype=dtypes[0],
                                               said=said, reason=reason))
            reason = msg("{missed}, but within the budget of the op recomputed at {precision}: it ran at {precision}; "
                         "{why}. `ascend-dump fix` proposes the setting that keeps it in {dtype}", missed=missed,
                         precision=precision, why=why, dtype=dtypes[0])
    return ReplayResult(op, op_type, index, verdict, reason, inputs, outputs, source, precision,
                        mode.to_json(), kw["op_dtype"], own.source)
