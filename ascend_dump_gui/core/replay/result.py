"""One op's replay result (the ``results`` entries of ``replay --json``) and how it is built from outputs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.replay.call import OpCall, Unsupported
from ascend_dump_gui.core.replay.judge import UNSUPPORTED, OutputJudgement, judge, worst
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
class ReplayResult:
    """One op replayed: its verdict is the worst of its outputs'; the top-level tensor/metrics/budget are the
    worst output's."""

    op: str
    op_type: str
    index: int
    verdict: str
    reason: str
    inputs: list[dict[str, Any]] = field(default_factory=list)
    outputs: list[OutputResult] = field(default_factory=list)
    source: str = ""           # the dump file (GE) or dump.json (msprobe) the values came from

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


def replay_call(call: OpCall, npu_outputs: list[np.ndarray | None], out_names: list[str], *, op: str, index: int,
                inputs: list[dict[str, Any]], source: str, keep_error: bool = False,
                op_type: str | None = None) -> ReplayResult:
    """Replay ``call`` and judge each dumped output (None: that output was not dumped or not readable);
    ``op_type`` names the op in the result (default: the GE type replayed; msprobe: ``Functional.linear``)."""
    op_type = op_type or call.op_type
    try:
        expected = reference_of(call.op_type)(call)
    except Unsupported as exc:
        return unsupported(op, op_type, index, exc.reason, inputs=inputs, source=source)
    except MemoryError:
        return unsupported(op, op_type, index, msg("not enough memory for the float64 replay"), inputs=inputs,
                           source=source)
    except (ValueError, IndexError, TypeError, KeyError) as exc:   # shapes or attribute values that do not fit
        return unsupported(op, op_type, index, msg("the inputs or attributes do not fit {op_type}: {problem}",
                                                        op_type=call.op_type, problem=str(exc)),
                           inputs=inputs, source=source)
    outputs = []
    for i, exp in enumerate(expected):
        npu = npu_outputs[i] if i < len(npu_outputs) else None
        name = out_names[i] if i < len(out_names) else f"{op}:output:{i}"
        if npu is None:
            outputs.append(OutputResult(name, call.out_dtypes[i] if i < len(call.out_dtypes) else "", UNSUPPORTED,
                                        NOT_DUMPED, dict(_NO_METRICS), exp.budget.describe()))
            continue
        j: OutputJudgement = judge(npu, exp, keep_error=keep_error)
        outputs.append(OutputResult(name, str(npu.dtype), j.verdict, j.reason, j.metrics, j.budget, j.error))
    dumped = [o for o in outputs if o.reason != NOT_DUMPED] or outputs
    verdict = worst([o.verdict for o in dumped])
    chosen = next(o for o in dumped if o.verdict == verdict)
    reason = chosen.reason if len(outputs) == 1 else msg("{tensor}: {reason}",
                                                         tensor=chosen.tensor, reason=chosen.reason)
    return ReplayResult(op, op_type, index, verdict, reason, inputs, outputs, source)
