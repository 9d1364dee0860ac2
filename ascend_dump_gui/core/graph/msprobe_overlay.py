"""msprobe's compare verdicts on an msprobe graph, and the NPU <-> bench node links the compare matched.

A call's status is the worst of its rows (``pass`` / ``warning`` -> warn / ``error`` -> fail; a row without a
bench counterpart is ``unmatched``; a row without a verdict, ``result`` None, is ``not_compared``); a module's
is the worst of its own rows and of every call below it; the first diverging row's call is the first
divergence (a module when that row is a module's own).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.graph.links import Links
from ascend_dump_gui.core.graph.msprobe_model import MsprobeGraph
from ascend_dump_gui.core.graph.overlay import (
    FAIL,
    FIRST_DIVERGENCE,
    NOT_COMPARED,
    PASS,
    UNMATCHED,
    WARN,
    Overlay,
    roll_up,
    worst,
)
from ascend_dump_gui.core.msprobe.rows import MsprobeComparison, MsprobeRow

RESULT_STATUS = {"pass": PASS, "warning": WARN, "error": FAIL}
_SHOWN = {"all": ("Cosine", "MaxAbsErr"), "summary": ("MaxRelativeErr", "NormRelativeErr"),
          "md5": ("NPU MD5", "BENCH MD5")}


def row_status(row: MsprobeRow) -> str:
    if row.bench is None:
        return UNMATCHED
    return RESULT_STATUS.get(row.result, NOT_COMPARED) if row.result is not None else NOT_COMPARED


def _number(value: Any) -> str:
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def _line(row: MsprobeRow, mode: str) -> str:
    status = row_status(row)
    cells = " · ".join(f"{name} {_number(row.metrics.get(name, 'N/A'))}" for name in _SHOWN.get(mode, ()))
    text = f"{row.npu.name}: {status}" + (f" · {cells}" if cells and row.bench is not None else "")
    return text + (f" · {row.messages[0]}" if row.messages else "")


def msprobe_overlay(graph: MsprobeGraph, comparison: MsprobeComparison) -> Overlay:
    """The overlay of ``comparison`` (NPU = the run of ``graph``) on ``graph``."""
    per_call: dict[str, list[MsprobeRow]] = {}
    for row in comparison.rows:
        per_call.setdefault(row.npu.entry, []).append(row)
    out = Overlay()
    own: dict[str, str] = {}
    for call, rows in per_call.items():
        node = graph.node_path(call)
        if node is None:
            continue
        status = worst(row_status(r) for r in rows)
        key, lines = node[1], [_line(r, comparison.mode) for r in rows]
        if node[0] == "op":
            out.ops[key], out.metrics[key] = status, lines
        else:
            own[key], out.group_metrics[key] = status, lines
    first = comparison.first_divergence
    if first is not None:
        node = graph.node_path(first.npu.entry)
        if node is not None:
            out.first_divergence = node[1]
            (out.ops if node[0] == "op" else own)[node[1]] = FIRST_DIVERGENCE
    out.groups = roll_up(graph.model, out.ops, own)
    return out


def call_links(npu: MsprobeGraph, bench: MsprobeGraph, comparison: MsprobeComparison | None,
               manual: Mapping[str, str] = ()) -> Links:
    """NPU leaf -> the bench leaves the compare matched it with (else the bench leaf of the same name), plus
    the matches made by hand (``manual``: NPU call -> bench call)."""
    links = Links()
    pairs: dict[str, list[str]] = {}
    if comparison is not None:
        for row in comparison.rows:
            if row.bench is not None:
                found = pairs.setdefault(row.npu.entry, [])
                if row.bench.entry not in found:
                    found.append(row.bench.entry)
    for name, other in dict(manual).items():
        pairs[name] = [other]
    for name in npu.model.ops:
        found = [b for b in pairs.get(name, [name] if name in bench.model.ops else []) if b in bench.model.ops]
        if found:
            links.npu_to_original[name] = found
            for other in found:
                links.original_to_npu.setdefault(other, []).append(name)
    return links
