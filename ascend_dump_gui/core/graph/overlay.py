"""The compare status of every node of a model graph: an op's from its compared output rows, a group's the worst
of what it holds, and on the original (pre-fusion) graph through the origin names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ascend_dump_gui.core.graph.model import ROOT, ModelGraph

FIRST_DIVERGENCE, OVERFLOW, FAIL, WARN, PASS, UNMATCHED, NOT_COMPARED = (
    "first_divergence", "overflow", "fail", "warn", "pass", "unmatched", "not_compared")
RANK = {FIRST_DIVERGENCE: 6, OVERFLOW: 5, FAIL: 4, WARN: 3, NOT_COMPARED: 2, UNMATCHED: 1, PASS: 0}
"""Worse statuses rank higher: an op with an output not compared is never a pass; a group shows the highest rank
below it (``unmatched``: no bench counterpart, so no verdict, yet more to say than "not compared")."""
ROW_STATUS = {"fail": FAIL, "warn": WARN, "pass": PASS, "unmatched": UNMATCHED}
"""Row statuses of the Compare table (anything else: not compared)."""


@dataclass
class Overlay:
    """``ops``/``groups``: status per op name / group path (absent: not compared); ``metrics``: per op, the
    lines its tooltip shows (tensor, status, cosine, max abs error), ``group_metrics`` those of a group's own
    rows (an msprobe module's inputs and outputs); ``first_divergence``: that op's name (or, when a group's
    own row diverges first, that group's path)."""

    ops: dict[str, str] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)
    metrics: dict[str, list[str]] = field(default_factory=dict)
    group_metrics: dict[str, list[str]] = field(default_factory=dict)
    first_divergence: str | None = None

    def status(self, kind: str, name: str) -> str:
        return (self.ops if kind == "op" else self.groups).get(name, NOT_COMPARED)


def worst(statuses) -> str:
    return max(statuses, key=RANK.__getitem__, default=NOT_COMPARED)


def _number(value: Any) -> str:
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def roll_up(model: ModelGraph, ops: Mapping[str, str], own: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each group's worst status below it: of the ``ops`` it holds and of the statuses ``own`` gives groups
    themselves (an msprobe module's own inputs and outputs) for it or for groups inside it."""
    groups: dict[str, str] = {}
    for path, status in (own or {}).items():
        for above in model.group_chain(path):
            if RANK[status] > RANK[groups.get(above, NOT_COMPARED)]:
                groups[above] = status
    for name, status in ops.items():
        node = model.ops.get(name)
        if node is None or status == NOT_COMPARED:
            continue
        for path in model.chain(name):
            if path not in groups or RANK[status] > RANK[groups[path]]:
                groups[path] = status
    groups.pop(ROOT, None)
    return groups


def compare_overlay(model: ModelGraph, rows: Sequence[Any], statuses: Sequence[str], *,
                    first_divergence: str | None = None, overflow_ops: Sequence[str] = ()) -> Overlay:
    """The overlay of a compare result on ``model``: ``rows`` are its CompareRows, ``statuses`` the Compare
    table's status of each row (pass/warn/fail/n/a, from the thresholds the run used). An op's status is the
    worst of its output rows (of all its rows when none is an output); the first diverging op and the
    overflowing ops are marked as such. Rows name ops by the NPU op name, or an original name of a fused op."""
    per_op: dict[str, list[tuple[Any, str]]] = {}
    for row, status in zip(rows, statuses, strict=True):
        name = model.resolve(row.op_name)
        if name is not None:
            per_op.setdefault(name, []).append((row, ROW_STATUS.get(status, NOT_COMPARED)))
    out = Overlay()
    for name, found in per_op.items():
        outputs = [s for r, s in found if r.role == "output"] or [s for _, s in found]
        out.ops[name] = worst(outputs)
        out.metrics[name] = [
            f"{r.tensor}: {s} · cos {_number(r.msprobe.get('Cosine', 'N/A'))} · "
            f"max abs {_number(r.msprobe.get('MaxAbsErr', 'N/A'))}" for r, s in found]
    for op in overflow_ops:
        name = model.resolve(op)
        if name is not None:
            out.ops[name] = OVERFLOW
    if first_divergence is not None:
        out.first_divergence = model.resolve(first_divergence)
        if out.first_divergence is not None:
            out.ops[out.first_divergence] = FIRST_DIVERGENCE
    out.groups = roll_up(model, out.ops)
    return out


def mapped_overlay(source: Overlay, links: Mapping[str, Sequence[str]], target: ModelGraph) -> Overlay:
    """``source`` carried to ``target`` through ``links`` (target op -> source ops, e.g. original op -> the
    NPU op it was fused into): each target op takes the worst status of the ops it links to."""
    out = Overlay()
    for name, linked in links.items():
        if name not in target.ops:
            continue
        status = worst(found for n in linked if (found := source.ops.get(n)) is not None)
        if status != NOT_COMPARED:
            out.ops[name] = status
        out.metrics[name] = [line for n in linked for line in source.metrics.get(n, ())]
        if source.first_divergence in linked and out.first_divergence is None:
            out.first_divergence = name
    out.groups = roll_up(target, out.ops)
    return out
