"""Faults to inject on request, as the device would show them.

* ``overwrite``: after the culprit op runs, it scribbles over the victim op's output memory (what the
  ``watcher`` dump scene exists to catch); consumers of the victim that run later read the damage.
* ``aicore_error``: one op raises an AI Core exception in the last step; the run stops there (the
  runtime writes the exception dump and the process exits).
* ``nan``: one op writes NaN into part of its output in every step.
* ``perturb``: one op's kernel is wrong by a relative :data:`PERTURBATION` (alternating sign) on every third
  element of its first output, inside the op: its inputs are clean and the ops after it compute faithfully
  from their now different inputs (what ``ascend-dump replay`` tells apart).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ascend_dump_gui.core.emulator.graph import AICoreError, Graph, Op, OutputHook, cast_to, ref
from ascend_dump_gui.core.emulator.models import ModelDef
from ascend_dump_gui.core.errors import InputError

FAULT_KINDS = ("overwrite", "aicore_error", "nan", "perturb")
PERTURBATION = 1e-2


@dataclass(frozen=True)
class Fault:
    """One injected fault: ``op`` is the culprit (overwrite) or the failing op; ``victim`` for overwrite."""

    kind: str
    op: str
    victim: str | None = None

    def hook(self, *, last_step: bool) -> OutputHook:
        """The executor hook that injects this fault in one step."""

        def apply(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray],
                  memory: dict[str, np.ndarray]) -> list[np.ndarray]:
            if op.name != self.op:
                return outputs
            if self.kind == "aicore_error":
                if last_step:
                    raise AICoreError(op, inputs, outputs)
                return outputs
            if self.kind == "nan":
                # a contiguous copy: reshape(-1) of a strided output (a conv's NCHW view) would be a copy
                # and the NaN would be written into nothing
                y = np.ascontiguousarray(outputs[0], dtype=np.float32)
                y.reshape(-1)[::3] = np.nan
                return [cast_to(y, op.out_dtype), *outputs[1:]]
            if self.kind == "perturb":
                y = np.array(outputs[0], dtype=np.float64)
                flat = y.reshape(-1)
                flat[::3] *= 1.0 + PERTURBATION * np.resize([1.0, -1.0], flat[::3].size)
                return [cast_to(y.astype(np.float32), op.out_dtype), *outputs[1:]]
            victim = ref(self.victim or "")
            damaged = np.ascontiguousarray(memory[victim], dtype=np.float32)
            junk = np.resize(outputs[0].astype(np.float32).reshape(-1), damaged.size // 2)
            damaged.reshape(-1)[: junk.size] = junk * 7.0 + 3.0
            memory[victim] = cast_to(damaged, memory[victim].dtype.name)
            return outputs

        return apply


def make_fault(kind: str, model: ModelDef, graph: Graph) -> Fault:
    """The fault ``kind`` at the model's default place, checked against the compiled graph."""
    if kind not in FAULT_KINDS:
        raise InputError(None, f"unknown fault {kind!r}; choose one of {', '.join(FAULT_KINDS)}")
    if kind == "overwrite":
        fault = Fault(kind, model.overwrite[0], model.overwrite[1])
    else:
        fault = Fault(kind, model.fault_op)
    names = [op.name for op in graph.ops]
    for name in (fault.op, fault.victim):
        if name is not None and name not in names:
            raise InputError(None, f"fault {kind}: op {name} is not in the compiled graph of {model.info.name}")
    if fault.victim is not None and names.index(fault.victim) > names.index(fault.op):
        raise InputError(None, f"fault {kind}: {fault.victim} must run before {fault.op}")
    return fault
