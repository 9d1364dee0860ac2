"""Pair NPU dump tensors with golden tensors (dump-format.md §6.2), in execution order.

* NPU vs golden ``.npy``: output ``i`` of an NPU op is compared with the golden file
  ``{origin_name}.{origin_index}.{ts}.npy`` where the origin comes from the graph dump
  (``_datadump_origin_name`` / ``_datadump_origin_output_index`` of ``output_desc[i]``), else from the
  tensor's ``OriginalOp`` in the dump header, else from the op's own name. Input ``i`` is compared with the
  golden output of its producer in the graph (``Cast``/``TransData`` producers skipped, as msaccucmp does).
* NPU vs NPU (two dump trees): ops pair by name, tensors by role and index; device shapes must agree.
* For each key the file with the largest timestamp is used; tensors with no counterpart are kept as rows
  with a reason, and golden tensors no NPU tensor used are listed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_dump_gui.core.dump.naming import ParsedName, parse_name, sanitize_part
from ascend_dump_gui.core.dump.records import record_name
from ascend_dump_gui.core.errors import DumpFormatError, InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

if TYPE_CHECKING:
    from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor
    from ascend_dump_gui.core.dump.graph import Graph, Op

# The dump readers, the folder scanner and the graph parser are imported where they are used: a compare of two
# .npy files does not load them.

_SKIPPED_PRODUCERS = ("Cast", "TransData")
NPU_VS_GOLDEN = "npu_vs_golden"
NPU_VS_NPU = "npu_vs_npu"
GRAPH_GIVEN = "given"
GRAPH_IN_FOLDER = "in_dump_folder"
GRAPH_FOUND = "found_near_dump"


def reference_word(mode: str) -> str:
    """What the second input of a compare in ``mode`` is called: golden files, or another NPU dump (a rank or a
    step of the same run) that is only a reference."""
    return msg("reference") if mode == NPU_VS_NPU else msg("golden")


@dataclass
class NpuOp:
    """One NPU op dump file (header read, data still on disk)."""

    path: Path
    op_type: str
    op_name: str          # the header's op name (the real one), else the file name's
    task_id: int | None
    stream_id: int | None
    timestamp: int
    dump: DumpFile
    in_model_folder: bool = False   # found in a {model_name}/{model_id}/{step} folder (not single-op)

    @property
    def key(self) -> str:
        return sanitize_part(self.op_name)


@dataclass
class GoldenFile:
    path: Path
    op_name: str
    index: int
    timestamp: int


@dataclass
class TensorPair:
    """One row to compute: an NPU tensor and its counterpart (or why there is none)."""

    order: int
    op: NpuOp | None
    role: str
    index: int
    npu_tensor: DumpTensor | None = None       # dump tensor (None when the NPU side is a .npy)
    npu_npy: Path | None = None
    golden_npy: Path | None = None
    golden_tensor: DumpTensor | None = None    # NPU-vs-NPU counterpart
    golden_file: Path | None = None
    ground_truth: str = "*"
    problem: str | None = None
    op_name: str = ""
    op_type: str = ""

    @property
    def tensor(self) -> str:
        return f"{self.op_name}:{self.role}:{self.index}"

    @property
    def npu_file(self) -> Path:
        return self.op.path if self.op is not None else self.npu_npy  # type: ignore[return-value]


@dataclass
class MatchPlan:
    """Everything :func:`plan_pairs` found: the rows to compute and what the findings need."""

    mode: str
    pairs: list[TensorPair] = field(default_factory=list)
    unmatched_golden: list[Path] = field(default_factory=list)
    npu_ops: list[NpuOp] = field(default_factory=list)      # every NPU dump, incl. repeated (watcher) ones
    overflow_files: list[Path] = field(default_factory=list)
    graph: Graph | None = None
    graph_path: Path | None = None
    graph_source: str | None = None     # GRAPH_GIVEN, GRAPH_IN_FOLDER, GRAPH_FOUND; None: no graph used
    unreadable: list[tuple[str, Path, str]] = field(default_factory=list)  # (side, dump file, why) in folders


@dataclass
class _Side:
    dumps: list[NpuOp] = field(default_factory=list)
    npys: list[GoldenFile] = field(default_factory=list)
    graphs: list[Path] = field(default_factory=list)
    overflow: list[Path] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def _npu_op(path: Path, parsed: ParsedName | None) -> NpuOp:
    from ascend_dump_gui.core.dump.reader import read_dump

    dump = read_dump(path)
    op_type = (parsed.op_type if parsed else None) or path.name.split(".")[0]
    op_name = dump.op_name or (parsed.op_name if parsed else None) or path.name
    timestamp = (parsed.timestamp if parsed else None) or dump.dump_time or 0
    return NpuOp(path, op_type, op_name, parsed.task_id if parsed else None,
                 parsed.stream_id if parsed else None, timestamp, dump)


def _golden(path: Path, parsed: ParsedName | None) -> GoldenFile:
    if parsed is not None and parsed.kind == "golden" and parsed.io in (None, "output"):
        return GoldenFile(path, parsed.op_name or path.stem, parsed.index or 0, parsed.timestamp or 0)
    return GoldenFile(path, path.name[:-4] if path.name.endswith(".npy") else path.name, 0, 0)


def _collect(root: Path, what: str, cancel: CancelToken | None, follow_links: bool = False) -> _Side:
    side = _Side()
    if not root.exists():
        raise InputError(root, f"{what}: no such file or folder")
    if root.is_file():
        parsed = parse_name(root.name)
        if root.suffix == ".npy":
            side.npys.append(_golden(root, parsed))
        else:
            side.dumps.append(_npu_op(root, parsed))
        return side
    from ascend_dump_gui.core.scan.scanner import scan

    result = scan(root, cancel=cancel, follow_links=follow_links)
    folders: set[str] = set()
    for rec in result.records:
        path = root / rec.path
        if rec.kind in ("tensor", "overflow", "golden"):
            folders.add(os.path.dirname(rec.path))
        if rec.kind == "tensor":
            try:
                op = _npu_op(path, record_name(str(root), rec))
            except DumpFormatError as exc:  # one hostile or truncated dump: the rest is still compared
                side.unreadable.append((path, exc.reason))
                continue
            op.in_model_folder = rec.model_name is not None
            side.dumps.append(op)
        elif rec.kind == "golden":
            side.npys.append(_golden(path, record_name(str(root), rec)))
        elif rec.kind == "graph":
            side.graphs.append(path)
        elif rec.kind == "overflow":
            side.overflow.append(path)
    if len(folders) > 1:
        shown = ", ".join(sorted(f or "." for f in folders)[:4])
        raise InputError(root, f"{what}: dumps lie in {len(folders)} folders ({shown}{', ...' if len(folders) > 4 else ''});"
                               " give the one step folder to compare")
    if not side.dumps and not side.npys:
        unreadable = f" ({len(side.unreadable)} unreadable: {side.unreadable[0][1]})" if side.unreadable else ""
        raise InputError(root, f"{what}: no readable dump files or .npy files found{unreadable}")
    return side


def _choose_graph(files: Sequence[tuple[Path, list[Graph]]], ops: Sequence[NpuOp]) -> tuple[Graph | None, Path | None]:
    """The graph whose op names cover most NPU dumps (later build stages win ties); None when none names any."""
    wanted = {op.key for op in ops}
    best: tuple[int, int, Graph | None, Path | None] = (0, -1, None, None)
    for rank, (path, graphs) in enumerate(sorted(files, key=lambda f: f[0])):
        for graph in graphs:
            hits = sum(1 for op in graph.ops if sanitize_part(op.name) in wanted)
            if (hits, rank) > best[:2]:
                best = (hits, rank, graph, path)
    return best[2], best[3]


def _latest(ops: Sequence[NpuOp]) -> dict[str, NpuOp]:
    out: dict[str, NpuOp] = {}
    for op in ops:
        if op.key not in out or op.timestamp >= out[op.key].timestamp:
            out[op.key] = op
    return out


def _ordered(ops: dict[str, NpuOp], graph: Graph | None) -> list[NpuOp]:
    """NPU ops in execution order: the graph's topological order, else dump timestamps."""
    if graph is None:
        return sorted(ops.values(), key=lambda o: (o.timestamp, o.key))
    from ascend_dump_gui.core.dump.graph import execution_order

    position = {sanitize_part(name): i for i, name in enumerate(execution_order(graph))}
    return sorted(ops.values(), key=lambda o: (position.get(o.key, len(position)), o.timestamp, o.key))


def _find_graph(given: Path | None, left: _Side, right: _Side) -> tuple[Graph | None, Path | None, str | None]:
    """The graph to use and where it came from: the given file, a graph file in the dump folders, else one
    found near the NPU dump folder (:mod:`graph_lookup`) whose graph is the dumped model."""
    if given is None and not (left.graphs or right.graphs or left.dumps):
        return None, None, None
    from ascend_dump_gui.core.compare import graph_lookup
    from ascend_dump_gui.core.dump.graph import parse_graph_file

    if given is not None:
        chosen, path = _choose_graph([(given, parse_graph_file(given))], left.dumps)
        if chosen is None:
            raise InputError(given, "no graph in this file names any dumped NPU op")
        return chosen, path, GRAPH_GIVEN
    if left.graphs or right.graphs:
        chosen, path = _choose_graph([(p, parse_graph_file(p)) for p in left.graphs + right.graphs], left.dumps)
        if chosen is not None:
            return chosen, path, GRAPH_IN_FOLDER
    if not left.dumps:
        return None, None, None
    first = left.dumps[0]
    folder = first.path.parent
    model_folder = folder.parent.parent if first.in_model_folder else None
    files = graph_lookup.pick_graph_file(graph_lookup.graph_candidates(folder, first.in_model_folder), model_folder)
    chosen, path = _choose_graph(files, left.dumps)
    return chosen, path, GRAPH_FOUND if chosen is not None else None


def _same_format(npu: Path, golden: Path) -> None:
    """InputError when one input is an msprobe dump and the other is not (its files would be "no dump")."""
    msprobe = [path.is_dir() and is_msprobe_dir(path) for path in (npu, golden)]
    if msprobe[0] == msprobe[1]:
        return
    side, other_side = (msg("NPU"), msg("golden")) if msprobe[0] else (msg("golden"), msg("NPU"))
    path, other = (npu, golden) if msprobe[0] else (golden, npu)
    raise InputError(path, msg("the {side} input is an msprobe dump (dump.json) and the {other_side} input {other} is "
                               "not: the two formats cannot be compared with each other; choose two msprobe dumps, "
                               "or GE/ACL dumps with their golden .npy files", side=side, other_side=other_side,
                               other=str(other)))


def plan_pairs(npu: str | os.PathLike, golden: str | os.PathLike, *, graph: str | os.PathLike | None = None,
               progress: ProgressFn = no_progress, cancel: CancelToken | None = None,
               follow_links: bool = False) -> MatchPlan:
    """Discover both sides (files or folders) and pair their tensors; rows come in execution order.
    Links that leave a folder are not followed unless ``follow_links``."""
    npu_root, golden_root = Path(npu), Path(golden)
    _same_format(npu_root, golden_root)
    progress(0, 0, msg("indexing {folder}", folder=npu_root))
    left = _collect(npu_root, "NPU", cancel, follow_links)
    progress(0, 0, msg("indexing {folder}", folder=golden_root))
    right = _collect(golden_root, "golden", cancel, follow_links)
    chosen, chosen_path, source = _find_graph(Path(graph) if graph is not None else None, left, right)
    mode = NPU_VS_NPU if right.dumps else NPU_VS_GOLDEN
    plan = MatchPlan(mode, npu_ops=left.dumps, overflow_files=left.overflow, graph=chosen, graph_path=chosen_path,
                     graph_source=source,
                     unreadable=[("npu", *u) for u in left.unreadable] + [("golden", *u) for u in right.unreadable])
    if not left.dumps:
        _pair_npy_files(plan, left.npys, right.npys)
        return plan
    ordered = _ordered(_latest(left.dumps), chosen)
    if mode == NPU_VS_NPU:
        others = _latest(right.dumps)
        if npu_root.is_file() and golden_root.is_file():   # two files: compare them whatever their names
            others = {ordered[0].key: right.dumps[0]}
        _pair_npu_npu(plan, ordered, others)
    else:
        _pair_npu_golden(plan, ordered, right.npys, chosen, single=npu_root.is_file() and golden_root.is_file())
    return plan


def _pair_npy_files(plan: MatchPlan, npus: list[GoldenFile], goldens: list[GoldenFile]) -> None:
    by_key = _golden_index(goldens)
    single = len(npus) == 1 and len(goldens) == 1
    used: set[Path] = set()
    for order, f in enumerate(sorted(npus, key=lambda g: (g.timestamp, g.op_name, g.index))):
        match = goldens[0] if single else by_key.get((sanitize_part(f.op_name), f.index))
        pair = TensorPair(order, None, "output", f.index, npu_npy=f.path, op_name=f.op_name, op_type="")
        if match is None:
            pair.problem = msg("no golden .npy with this op name and output index")
        else:
            pair.golden_npy = pair.golden_file = match.path
            pair.ground_truth = match.op_name
            used.add(match.path)
        plan.pairs.append(pair)
    plan.unmatched_golden = [g.path for g in goldens if g.path not in used]


def _golden_index(goldens: list[GoldenFile]) -> dict[tuple[str, int], GoldenFile]:
    out: dict[tuple[str, int], GoldenFile] = {}
    for g in goldens:
        key = (sanitize_part(g.op_name), g.index)
        if key not in out or g.timestamp >= out[key].timestamp:
            out[key] = g
    return out


def _pair_npu_npu(plan: MatchPlan, ordered: list[NpuOp], right: dict[str, NpuOp]) -> None:
    used: set[str] = set()
    for order, op in enumerate(ordered):
        other = right.get(op.key)
        if other is not None:
            used.add(op.key)
        for role, tensors in (("input", op.dump.inputs), ("output", op.dump.outputs)):
            theirs = (other.dump.inputs if role == "input" else other.dump.outputs) if other else []
            for t in tensors:
                pair = TensorPair(order, op, role, t.index, npu_tensor=t, op_name=op.op_name, op_type=op.op_type)
                if other is None:
                    pair.problem = msg("[{op}] has no dump in the other tree", op=op.op_name)
                elif t.index >= len(theirs) or theirs[t.index].shape != t.shape:
                    shape = list(theirs[t.index].shape) if t.index < len(theirs) else msg("missing")
                    pair.problem = msg("[{op}] The shape does not match ({shape} vs {other}) for {tensor}",
                                       op=op.op_name, shape=list(t.shape), other=shape, tensor=pair.tensor)
                    pair.golden_file = other.path
                else:
                    pair.golden_tensor, pair.golden_file = theirs[t.index], other.path
                    pair.ground_truth = other.op_name
                plan.pairs.append(pair)
    plan.unmatched_golden = [o.path for k, o in right.items() if k not in used]


def _origin(op: Op | None, npu_op: NpuOp, index: int) -> tuple[str, int, str]:
    """Golden (op name, output index) of an NPU output, and the GroundTruth text."""
    if op is not None:
        names = ",".join(op.origin_names)
        origin = op.output_origin(index)
        if origin is not None:
            return origin[0], origin[1], names
        return op.name, index, names
    tensor = npu_op.dump.outputs[index] if index < len(npu_op.dump.outputs) else None
    if tensor is not None and tensor.original_name:
        return tensor.original_name, index, tensor.original_name
    return npu_op.op_name, index, npu_op.op_name


def _producer_origin(graph: Graph, op: Op, index: int) -> tuple[str, int, str] | None:
    """Golden key of NPU input ``index``: its producer's output, skipping Cast/TransData producers."""
    by_name = {o.name: o for o in graph.ops}
    data_inputs = [s for s in op.inputs if not s.endswith(":-1")]
    if index >= len(data_inputs):
        return None
    source = data_inputs[index]
    for _ in range(len(graph.ops)):
        name, _, out = source.rpartition(":")
        producer = by_name.get(name)
        if producer is None:
            return name, int(out or 0), name
        if producer.type not in _SKIPPED_PRODUCERS:
            origin = producer.output_origin(int(out or 0))
            names = ",".join(producer.origin_names)
            return (origin[0], origin[1], names) if origin else (producer.name, int(out or 0), names)
        inputs = [s for s in producer.inputs if not s.endswith(":-1")]
        if not inputs:
            return None
        source = inputs[0]
    return None


def _pair_npu_golden(plan: MatchPlan, ordered: list[NpuOp], goldens: list[GoldenFile], graph: Graph | None,
                     *, single: bool) -> None:
    by_key = _golden_index(goldens)
    graph_ops = {sanitize_part(o.name): o for o in graph.ops} if graph is not None else {}
    used: set[Path] = set()
    for order, npu_op in enumerate(ordered):
        gop = graph_ops.get(npu_op.key)
        for role, tensors in (("input", npu_op.dump.inputs), ("output", npu_op.dump.outputs)):
            for t in tensors:
                pair = TensorPair(order, npu_op, role, t.index, npu_tensor=t, op_name=npu_op.op_name,
                                  op_type=npu_op.op_type)
                if single:
                    g = goldens[0]
                    origin: tuple[str, int, str] | None = (g.op_name, g.index, g.op_name)
                    match = g if role == "output" and t.index == g.index else None
                elif role == "output":
                    origin = _origin(gop, npu_op, t.index)
                    match = by_key.get((sanitize_part(origin[0]), origin[1]))
                elif gop is not None:
                    origin = _producer_origin(graph, gop, t.index)  # type: ignore[arg-type]
                    match = by_key.get((sanitize_part(origin[0]), origin[1])) if origin else None
                else:
                    origin, match = None, None
                if match is None:
                    pair.problem = (msg("no graph dump to find the producer of this input") if origin is None
                                    and role == "input" and gop is None else
                                    msg("no golden file for {tensor}", tensor=f"{origin[0]}.{origin[1]}")
                                    if origin else msg("no golden counterpart"))
                else:
                    pair.golden_npy = pair.golden_file = match.path
                    pair.ground_truth = origin[2] if origin else match.op_name
                    used.add(match.path)
                plan.pairs.append(pair)
    plan.unmatched_golden = [g.path for g in goldens if g.path not in used]


def task_names(plan: MatchPlan) -> dict[int, str]:
    """Task id -> op name: from each op's earliest dump file name, then from the graph dump's op ids."""
    out: dict[int, str] = {}
    firsts: dict[str, NpuOp] = {}
    for op in plan.npu_ops:   # an op's earliest dump is the one written when it ran itself
        if op.key not in firsts or op.timestamp < firsts[op.key].timestamp:
            firsts[op.key] = op
    for op in firsts.values():
        if op.task_id is not None:
            out.setdefault(op.task_id, op.op_name)
    if plan.graph is not None:
        for gop in plan.graph.ops:
            if gop.id is not None:
                out.setdefault(int(gop.id), gop.name)
    return out
