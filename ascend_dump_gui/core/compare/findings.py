"""What a compare run concludes: the first diverging op, overflows, and watcher (memory overwrite) pairs."""

from __future__ import annotations

import math
import os
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.compare.matching import MatchPlan, NpuOp, task_names
from ascend_dump_gui.core.compare.rows import CompareRow
from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.json_safe import json_safe
from ascend_dump_gui.core.progress import CancelToken

ABSENT_ID = 65535
"""Opdebug records use 65535 for "no such id"."""
MAX_SIBLING_FOLDERS = 16
"""Watcher culprits: at most this many other step folders of the model are listed for task ids."""
UNNAMED_CULPRIT_HINT = ("no dump or graph names this task: run with DUMP_GE_GRAPH set (the graph dump is "
                        "found next to the dump), or pass --graph ge_proto*_Build.txt")


@dataclass
class Divergence:
    """The first op (in execution order) whose output misses the accuracy rule, and why.

    ``cause``: ``introduced`` (its inputs matched, or every earlier output matched) or ``inputs_differed``
    (one of its own input tensors already missed the rule).
    """

    tensor: str
    op_name: str
    op_type: str
    index: int
    cause: str
    diverged_inputs: list[str] = field(default_factory=list)
    matched_inputs: list[str] = field(default_factory=list)
    cosine: float | str | None = None
    max_abs_error: float | str | None = None
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))


@dataclass
class Overflow:
    """One overflow (cli.md): an NPU output holding Inf or NaN (``kind`` ``inf`` / ``nan``, see
    :func:`~ascend_dump_gui.core.metrics.overflow.overflow_kind`), with the overflow record that names its op as
    ``record``; or an overflow (Opdebug) record that names no overflowing tensor (``kind`` ``status``)."""

    tensor: str | None
    op_name: str
    op_type: str
    dtype: str | None
    kind: str
    index: int | None
    record: dict[str, Any] | None = None
    files: list[str] = field(default_factory=list)
    task_id: int | None = None
    stream_id: int | None = None
    timestamp: int | None = None
    status: list[str] = field(default_factory=list)       # e.g. "AIC status 0x400"

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))


@dataclass(frozen=True)
class TensorOverflow:
    """What :func:`overflow_entries` needs of an overflowing NPU output."""

    tensor: str
    op_name: str
    op_type: str
    dtype: str
    kind: str
    index: int | None
    file: str


@dataclass(frozen=True)
class DumpedOp:
    """What pairing an overflow record with its op needs of an op dump (file name fields)."""

    path: Path
    op_name: str
    op_type: str
    task_id: int | None
    stream_id: int | None
    timestamp: int


@dataclass
class WatcherFinding:
    """A watched op's output that changed between two consecutive watcher dumps: overwritten memory."""

    watched_op: str
    tensor: str
    before_file: str
    after_file: str
    culprit: str | None
    culprit_task_id: int | None
    changed_elements: int
    max_abs_diff: float
    culprit_hint: str | None = None     # how to get the culprit's name when it is unknown

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))


# ------------------------------------------------------------------------------------ first divergence
def first_divergence(rows: list[CompareRow], plan: MatchPlan) -> Divergence | None:
    """The first op whose output row has ``reached is False``, with the state of its inputs."""
    by_op: dict[int, list[CompareRow]] = defaultdict(list)
    for row in rows:
        by_op[row.index].append(row)
    first_input: CompareRow | None = None
    for index in sorted(by_op):
        op_rows = by_op[index]
        inputs = [r for r in op_rows if r.role == "input"]
        bad_out = next((r for r in op_rows if r.role == "output" and r.reached is False), None)
        if first_input is None:
            first_input = next((r for r in inputs if r.reached is False), None)
        if bad_out is None:
            continue
        diverged = [r.tensor for r in inputs if r.reached is False]
        matched = [r.tensor for r in inputs if r.reached is True]
        if diverged:
            cause, message = "inputs_differed", (f"{bad_out.op_name} received inputs that already differ "
                                                 f"({', '.join(diverged)}); look upstream")
        elif matched:
            cause, message = "introduced", (f"{bad_out.op_name} got matching inputs and produced a "
                                            f"diverging output: it introduced the error")
        else:
            cause, message = "introduced", (f"every earlier compared output matched; {bad_out.op_name} is the "
                                            f"first op whose output diverges (its inputs were not compared)")
        return Divergence(bad_out.tensor, bad_out.op_name, bad_out.op_type, index, cause, diverged, matched,
                          bad_out.msprobe.get("Cosine"), bad_out.msprobe.get("MaxAbsErr"), message)
    if first_input is not None:
        return Divergence(first_input.tensor, first_input.op_name, first_input.op_type, first_input.index,
                          "inputs_differed", [first_input.tensor], [],
                          first_input.msprobe.get("Cosine"), first_input.msprobe.get("MaxAbsErr"),
                          "only an input tensor diverges; no output misses the rule")
    return None


# ------------------------------------------------------------------------------------ overflow
def _partner(opdebug: Path, task: int | None, stream: int | None, timestamp: int,
             ops: Sequence[NpuOp | DumpedOp]) -> NpuOp | DumpedOp | None:
    """The op dump in the Opdebug file's folder with the same task (and stream) id, latest not after it."""
    same = [o for o in ops if o.path.parent == opdebug.parent and o.task_id == task
            and (stream is None or o.stream_id is None or o.stream_id == stream)]
    if not same:
        return None
    before = [o for o in same if o.timestamp <= timestamp]
    return max(before, key=lambda o: o.timestamp) if before else min(same, key=lambda o: o.timestamp)


Record = tuple[Any, Path, "int | None", "int | None", int, str]
"""(the NpuOp or DumpedOp a record names, or None; file; task id; stream id; timestamp; status text)."""


def overflow_records(files: Sequence[Path], ops: Sequence[NpuOp | DumpedOp]) -> list[Record]:
    """(op it names or None, file, task id, stream id, timestamp, status text) per overflow record."""
    if not files:               # a compare of .npy files: the dump readers are not even imported
        return []
    from ascend_dump_gui.core.dump.reader import read_dump

    out = []
    for path in files:
        parsed = parse_name(path.name)
        ts = (parsed.timestamp if parsed else None) or 0
        try:
            records = read_dump(path).overflow
        except DumpError:
            records = []
        for rec in records or [None]:
            task = getattr(rec, "task_id", None)
            stream = getattr(rec, "stream_id", None)
            task = parsed.task_id if (task is None or task == ABSENT_ID) and parsed else task
            stream = parsed.stream_id if (stream is None or stream == ABSENT_ID) and parsed else stream
            out.append((_partner(path, task, stream, ts, ops), path, task, stream, ts, _status_text(rec)))
    return out


def _status_text(rec: Any) -> str:
    """``AIC status 0x400``-style text of a decoded Opdebug record ("" when there is none)."""
    if rec is None:
        return ""
    acc, status = (rec.acc_type, rec.fields.get("status")) if hasattr(rec, "acc_type") else \
        ("AI Core", rec.ai_core.get("status"))
    if isinstance(status, (tuple, list)):
        status = next((s for s in status if s), 0)
    return f"{acc} status {hex(status) if isinstance(status, int) else status}"


def overflow_entries(tensors: Sequence[TensorOverflow], records: Sequence[Record],
                     order: dict[str, int] | None = None) -> list[Overflow]:
    """cli.md's overflow entries, in execution order: one per overflowing tensor (the first record naming its op
    attached as ``record``), one ``status`` entry per record that names no overflowing tensor. The single
    compare and the tree compare both count with this."""
    order = order or {}
    entries = [Overflow(t.tensor, t.op_name, t.op_type, t.dtype, t.kind, t.index, files=[t.file]) for t in tensors]
    first_of = {}
    for entry in entries:
        first_of.setdefault(entry.op_name, entry)
    for op, path, task, stream, ts, status in records:
        entry = first_of.get(op.op_name) if op is not None else None
        if entry is None:
            name = op.op_name if op is not None else f"task {task} stream {stream}"
            entries.append(Overflow(None, name, op.op_type if op is not None else "", None, "status",
                                    order.get(name), task_id=task, stream_id=stream,
                                    timestamp=op.timestamp if op is not None else ts, files=[str(path)],
                                    status=[status] if status else []))
            continue
        if entry.record is None:
            entry.record = {"file": str(path), "task_id": task, "stream_id": stream, "status": status}
            entry.task_id, entry.stream_id = task, stream
        entry.files.append(str(path))
        if status:
            entry.status.append(status)
    inf = float("inf")
    return sorted(entries, key=lambda e: (inf if e.index is None else e.index, e.timestamp or 0))


def find_overflows(plan: MatchPlan, rows: list[CompareRow]) -> list[Overflow]:
    """The overflow entries of a single compare (:func:`overflow_entries`): NPU outputs with Inf or NaN in any
    floating dtype, and Opdebug records paired with their op dump."""
    order = {r.op_name: r.index for r in rows}
    tensors = [TensorOverflow(r.tensor, r.op_name, r.op_type, r.dtype, r.overflow_kind or "", r.index, r.npu_file)
               for r in rows if r.overflow]
    return overflow_entries(tensors, overflow_records(plan.overflow_files, plan.npu_ops), order)


# ------------------------------------------------------------------------------------ watcher
def _outputs_differ(before: NpuOp, after: NpuOp, i: int) -> tuple[int, float] | None:
    a = before.dump.outputs[i].raw_bytes()
    b = after.dump.outputs[i].raw_bytes()
    if a.shape == b.shape and np.array_equal(a, b):
        return None
    try:
        x = before.dump.outputs[i].array().astype(np.float32).ravel()
        y = after.dump.outputs[i].array().astype(np.float32).ravel()
    except DumpError:
        return (max(a.size, b.size), math.nan)
    if x.shape != y.shape:
        return (max(x.size, y.size), math.nan)
    with np.errstate(all="ignore"):
        diff = np.abs(x - y)
        changed = int(np.count_nonzero(~((x == y) | (np.isnan(x) & np.isnan(y)))))
        return changed, float(np.nanmax(diff)) if changed else 0.0


def watcher_findings(plan: MatchPlan, cancel: CancelToken | None = None) -> list[WatcherFinding]:
    """Watched outputs that change between consecutive dumps, naming the op whose task triggered the dump.

    Applies to ops dumped several times in one model step folder where later dumps carry other task ids
    than the op's own (the ``dump_scene: watcher`` layout: the watched node is dumped again after each
    ``layer`` op runs, under that op's task id). The culprit is named from the task id (see
    :func:`task_names`); ``None`` when no dump or graph names that task.
    """
    names = task_names(plan)
    groups: dict[tuple[Path, str], list[NpuOp]] = defaultdict(list)
    for op in plan.npu_ops:
        groups[(op.path.parent, op.key)].append(op)
    out: list[tuple[int, WatcherFinding]] = []
    for dumps in groups.values():
        if len(dumps) < 2 or not dumps[0].in_model_folder:
            continue
        dumps.sort(key=lambda o: o.timestamp)
        if all(d.task_id == dumps[0].task_id for d in dumps[1:]):
            continue
        for before, after in zip(dumps, dumps[1:], strict=False):
            if cancel is not None:
                cancel.raise_if_cancelled()
            for i in range(min(len(before.dump.outputs), len(after.dump.outputs))):
                change = _outputs_differ(before, after, i)
                if change is None:
                    continue
                culprit = names.get(after.task_id) if after.task_id is not None else None
                if culprit is None and after.task_id is not None:
                    names.update(_sibling_task_names(after.path.parent, names))
                    culprit = names.get(after.task_id)
                out.append((after.timestamp, WatcherFinding(
                    dumps[0].op_name, f"{dumps[0].op_name}:output:{i}", str(before.path), str(after.path),
                    culprit, after.task_id, change[0], change[1],
                    None if culprit is not None else UNNAMED_CULPRIT_HINT)))
    return [f for _, f in sorted(out, key=lambda item: item[0])]


def _sibling_task_names(step: Path, known: dict[int, str]) -> dict[int, str]:
    """Task id -> op name from the file names (no reads) of the model's other step folders (the same model
    load keeps its task ids; an op's earliest dump is the one of its own task), listing at most
    :data:`MAX_SIBLING_FOLDERS` of them. Names are the file names' (sanitised: ``/`` reads ``_``)."""
    out: dict[int, str] = {}
    try:
        siblings = sorted(p for p in step.parent.iterdir() if p.is_dir() and p != step)
    except OSError:
        return out
    firsts: dict[str, tuple[int, int]] = {}   # op name -> (timestamp, task id) of its earliest dump
    for folder in siblings[:MAX_SIBLING_FOLDERS]:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            parsed = parse_name(name)
            if parsed is None or parsed.kind != "tensor" or parsed.task_id is None or not parsed.op_name:
                continue
            ts = parsed.timestamp or 0
            if parsed.op_name not in firsts or ts < firsts[parsed.op_name][0]:
                firsts[parsed.op_name] = (ts, parsed.task_id)
    for op_name, (_, task) in firsts.items():
        if task not in known:
            out.setdefault(task, op_name)
    return out
