"""What the replay says about each op a fix is asked for: verdict, the precision the NPU output is consistent with
and the precision mode assumed (cli.md: replay's ``reduced_precision`` contract).

:func:`judge_ops` is the one place the fix reads replay verdicts. Until the replay gives ``precision`` itself, the
precision is derived here from what the current replay and the compare show: a float32 output that holds only
float16/bfloat16 values (``budget.assumed_precision``), or an output dumped in a lower dtype than the op's own (the
golden's dtype: an op dumped in float16 whose golden is float32 ran at reduced precision).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.nextrun.precision import lower

KERNEL, FAITHFUL, REDUCED, UNSUPPORTED = "kernel", "faithful", "reduced_precision", "unsupported"


@dataclass
class OpEvidence:
    """One op as the fix sees it. ``dtype``: the op's own dtype (the golden's, else the dumped one, said in
    ``reason``); ``precision``: the precision its output is consistent with."""

    op: str
    op_type: str
    verdict: str
    precision: str
    dtype: str
    reason: str
    precision_mode: dict[str, Any]

    @property
    def lowered(self) -> bool:
        """Ran below its own dtype: ``reduced_precision``, or faithful at a lower precision the mode allowed."""
        return self.verdict in (REDUCED, FAITHFUL) and lower(self.precision, self.dtype)


def judge_ops(run: str | os.PathLike, ops: Sequence[str], *, golden_dtypes: Mapping[str, str],
              mode: tuple[str | None, str | None], graph: str | os.PathLike | None = None) -> list[OpEvidence]:
    """Replay each op of ``run`` and say at which precision it ran. ``golden_dtypes``: op -> the golden's dtype of
    its first output, or the original graph's (the op's own dtype); ``mode``: (value, source) of the run's precision mode, as known."""
    from ascend_dump_gui.core.replay.runs import open_run, replay_op

    try:
        replay_run = open_run(run, graph)
    except DumpError:
        replay_run = None
    out = []
    for name in ops:
        result: dict[str, Any] | None = None
        if replay_run is not None:
            try:
                result = replay_op(replay_run, name).to_json()
            except DumpError as exc:
                result = {"op": name, "op_type": "", "verdict": UNSUPPORTED, "reason": str(exc), "dtype": None,
                          "budget": {}}
        out.append(_evidence(name, result, golden_dtypes.get(name), mode))
    return out


def _evidence(name: str, result: dict[str, Any] | None, golden: str | None,
              mode: tuple[str | None, str | None]) -> OpEvidence:
    """``result`` (a ``replay --json`` result) read for precision; a result that already carries ``precision`` (the
    replay's ``reduced_precision`` contract) is taken as it is."""
    from ascend_dump_gui.core.replay.judge import VERDICT_WORDS

    precision_mode = {"value": mode[0], "source": mode[1]}
    result = result or {"op": name, "op_type": "", "verdict": UNSUPPORTED, "reason": msg("the run cannot be replayed"),
                        "dtype": None, "budget": {}}
    dumped = str(result.get("dtype") or golden or "").removeprefix("torch.")   # msprobe spells torch dtypes
    own = golden or dumped
    verdict, reason = result["verdict"], result.get("reason") or ""   # a msg text stays translatable
    if not golden:
        reason = msg("{reason} (no golden or original graph: the dumped dtype is taken as the op's own)",
                     reason=reason)
    if "precision" in result:
        return OpEvidence(name, result.get("op_type", ""), verdict, result["precision"], own, reason,
                          result.get("precision_mode") or precision_mode)
    assumed = (result.get("budget") or {}).get("assumed_precision")
    if verdict == KERNEL:
        return OpEvidence(name, result["op_type"], KERNEL, dumped, own, result.get("reason") or "", precision_mode)
    if assumed and lower(assumed, own):
        return OpEvidence(name, result["op_type"], REDUCED, assumed, own, result.get("reason") or "", precision_mode)
    if dumped and lower(dumped, own):
        return OpEvidence(name, result["op_type"], REDUCED, dumped, own,
                          msg("the op's output was dumped in {dumped}, its own dtype is {own}: it ran at reduced "
                              "precision ({verdict} at {dumped}: {reason})", dumped=dumped, own=own,
                              verdict=VERDICT_WORDS.get(verdict, verdict), reason=result.get("reason") or ""),
                          precision_mode)
    return OpEvidence(name, result["op_type"], verdict, own, own, reason, precision_mode)
