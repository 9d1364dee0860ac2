"""Replay ops of one GE/acl dump folder (one rank, step and model): inputs and outputs from the dump files
(device formats restored), attributes from the GE graph dump found beside it as compare finds it
(``core/compare/graph_lookup``) or given."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.compare import graph_lookup
from ascend_dump_gui.core.compare.matching import NpuOp, plan_pairs
from ascend_dump_gui.core.dump.dtypes import dtype_by_name
from ascend_dump_gui.core.dump.dumpfile import DumpTensor
from ascend_dump_gui.core.dump.graph import ORIGIN_NAMES_ATTR, Graph, Op, parse_graph_file
from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.errors import DumpError, InputError
from ascend_dump_gui.core.messages import joined, msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.precision_mode import PrecisionMode, resolve_mode
from ascend_dump_gui.core.replay.result import OwnDtypes, ReplayResult, replay_call, replay_each, unsupported

ABSORBED = frozenset({"BiasAdd", "Add"})
"""Original op types a Cube op absorbs as its bias input (MatMul + BiasAdd fusion): still replayable."""
_BIAS_OPS = frozenset({"MatMul", "MatMulV2", "BatchMatMul", "BatchMatMulV2", "Conv2D"})


def _describe(t: DumpTensor, name: str) -> dict:
    return {"tensor": name, "dtype": str(t.np_dtype) if t.np_dtype is not None else t.dtype,
            "shape": list(t.original_layout_shape()), "format": t.format}


class GeRun:
    """A dump folder's ops in execution order, with the graph that gives their attributes."""

    def __init__(self, run: str | os.PathLike, graph: str | os.PathLike | None = None, *,
                 progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> None:
        self.root = Path(run)
        plan = plan_pairs(self.root, self.root, graph=graph, progress=progress, cancel=cancel)
        seen: dict[str, NpuOp] = {}
        for pair in plan.pairs:
            if pair.op is not None and pair.op.key not in seen:
                seen[pair.op.key] = pair.op
        self.ops: list[NpuOp] = list(seen.values())
        if not self.ops:
            raise InputError(self.root, msg("no readable GE dump files in this folder"))
        self.graph: Graph | None = plan.graph
        self.graph_path: Path | None = plan.graph_path
        self._graph_ops = {sanitize_part(op.name): op for op in (self.graph.ops if self.graph else ())}
        self._original = self._original_types(graph is not None)
        self.mode = resolve_mode(graphs=[self.graph] if self.graph else None)
        """The precision mode the graph dump records (none known otherwise); :func:`~.runs.replay_op` may give
        another."""

    def _original_types(self, given: bool) -> dict[str, str]:
        """Op name -> type over every graph file near the dump (the pre-fusion graphs name the fused ops'
        originals)."""
        if self.graph_path is None:
            return {}
        files = [self.graph_path] if given else \
            graph_lookup.graph_candidates(self.ops[0].path.parent, self.ops[0].in_model_folder) or [self.graph_path]
        types: dict[str, str] = {}
        for path in files:
            try:
                graphs = parse_graph_file(path)
            except InputError:
                continue
            for g in graphs:
                for op in g.ops:
                    types.setdefault(op.name, op.type)
        return types

    def find(self, name: str) -> NpuOp:
        """The op named ``name`` (as in the graph or as in the dump file name)."""
        key = sanitize_part(name)
        for op in self.ops:
            if op.op_name == name or op.key == key:
                return op
        raise InputError(self.root, msg("no dumped op named '{name}' in this folder", name=name))

    def graph_op(self, op: NpuOp) -> Op | None:
        return self._graph_ops.get(op.key)

    def _fusion_problem(self, op: NpuOp, gop: Op | None) -> str | None:
        """Why a fused op cannot be replayed (None: not fused, or a Cube op that absorbed a BiasAdd/Add as its
        bias input, which the replay covers)."""
        if gop is None:
            return None
        names = [n for n in gop.attrs.get(ORIGIN_NAMES_ATTR) or [] if n != gop.name]
        if not names:
            return None
        types = [self._original.get(n) for n in names]
        # without the pre-fusion graph the types are unknown: a bias-named origin still says BiasAdd
        absorbed = all(t in ABSORBED if t else any(w in n.rsplit("/", 1)[-1].lower() for w in ("bias", "add"))
                       for n, t in zip(names, types, strict=True))
        if gop.type in _BIAS_OPS and absorbed and self._has_bias(op, gop):
            return None
        shown = joined([msg("{name} ({type})", name=n, type=t or msg("type unknown"))
                        for n, t in zip(names, types, strict=True)], ", ")
        return msg("{op} is fused with {ops}: replay of fused ops is not covered", op=op.op_name, ops=shown)

    @staticmethod
    def _has_bias(op: NpuOp, gop: Op) -> bool:
        """A third input shaped like a bias (one value per output column or channel)."""
        if len(op.dump.inputs) > 2:
            shape = op.dump.inputs[2].original_layout_shape()
        elif sum(not r.endswith(":-1") for r in gop.inputs) > 2 and len(gop.input_descs) > 2:
            shape = gop.input_descs[2].attrs.get("origin_shape") or gop.input_descs[2].shape or ()
        else:
            return False
        return len(shape) >= 1 and all(int(d) == 1 for d in list(shape)[:-1])

    @staticmethod
    def _with_origin_format(t: DumpTensor, gop: Op | None, i: int) -> DumpTensor:
        """Input headers carry no original format: the graph's ``origin_format`` says how a FRACTAL_Z filter
        (HWCN for TensorFlow, NCHW for Caffe/PyTorch) is restored."""
        if t.original_format is not None or gop is None or i >= len(gop.input_descs):
            return t
        fmt = gop.input_descs[i].attrs.get("origin_format")
        return replace(t, original_format=fmt) if isinstance(fmt, str) and fmt not in ("ND", "") else t

    def _producer_outputs(self, gop: Op | None) -> tuple[list[tuple[DumpTensor, str]], str | None]:
        """The op's inputs as its producers' dumped outputs (a dump made with dump_mode output), or why not."""
        if gop is None:
            return [], msg("the dump holds no inputs of this op and no graph names its producers")
        refs = [r for r in gop.inputs if not r.endswith(":-1")]
        if not refs:
            return [], msg("the op has no inputs (a data or constant op)")
        found = []
        for ref in refs:
            name, _, idx = ref.rpartition(":")
            producer = next((o for o in self.ops if o.key == sanitize_part(name)), None)
            outs = producer.dump.outputs if producer is not None else []
            if not idx.isdigit() or int(idx) >= len(outs):
                return [], msg("the dump holds no inputs of this op, and its input {ref} was not dumped either "
                               "(dump_mode all keeps every input)", ref=ref)
            found.append((outs[int(idx)], name))
        return found, None

    def own_dtypes(self, op: NpuOp, golden: list[str] | None = None) -> OwnDtypes | None:
        """The dtypes the model gives the op's outputs: the golden's (given), else the graph's
        ``origin_data_type``; None: only the dump names them."""
        if golden:
            return OwnDtypes(list(golden), "golden")
        gop = self.graph_op(op)
        found = []
        for desc in gop.output_descs if gop is not None else ():
            name = desc.attrs.get("origin_data_type") or desc.attrs.get("_datadump_origin_data_type")
            try:
                dtype = dtype_by_name(name).np_dtype
            except (KeyError, TypeError):
                return None
            if dtype is None:
                return None
            found.append(str(dtype))
        return OwnDtypes(found, "graph") if found else None

    def replay(self, op: NpuOp, *, keep_error: bool = False, golden_dtypes: list[str] | None = None,
               mode: PrecisionMode | None = None) -> ReplayResult:
        """Replay one op from its own dumped inputs and judge its dumped outputs: against the op's own dtype
        (``golden_dtypes``, else the graph's), then the lower precisions ``mode`` (default: the graph's) may
        explain."""
        index = self.ops.index(op)
        dump = op.dump
        inputs = [_describe(t, f"{op.op_name}:input:{i}") for i, t in enumerate(dump.inputs)]
        gop = self.graph_op(op)
        base = {"inputs": inputs, "source": str(op.path)}
        problem = self._fusion_problem(op, gop)
        if problem:
            return unsupported(op.op_name, op.op_type, index, problem, **base)
        if not dump.outputs:
            return unsupported(op.op_name, op.op_type, index, msg("the dump holds no outputs of this op "
                                                                           "(dump_mode input)"), **base)
        if dump.inputs:
            in_tensors = [self._with_origin_format(t, gop, i) for i, t in enumerate(dump.inputs)]
        else:
            produced, missing = self._producer_outputs(gop)
            if missing:
                return unsupported(op.op_name, op.op_type, index, missing, **base)
            in_tensors = [t for t, _ in produced]
            inputs = [_describe(t, f"{name}:output:{t.index}") for t, name in produced]
            base["inputs"] = inputs
        try:
            arrays = [t.array() for t in in_tensors]
            outs: list[np.ndarray | None] = [t.array() for t in dump.outputs]
        except DumpError as exc:
            return unsupported(op.op_name, op.op_type, index, msg("cannot read the dumped tensors: {problem}",
                                                                           problem=str(exc)), **base)
        except MemoryError:
            return unsupported(op.op_name, op.op_type, index, msg("not enough memory to load the tensors"), **base)
        if any(a.dtype.kind not in "fiub" and str(a.dtype) != "bfloat16" for a in arrays + outs):
            return unsupported(op.op_name, op.op_type, index, msg("a tensor has a dtype the replay does not cover"),
                               **base)
        attrs = dict(gop.attrs) if gop is not None else {}
        call = OpCall(gop.type if gop is not None else op.op_type, arrays, attrs,
                      [str(o.dtype) for o in outs], [tuple(o.shape) for o in outs],  # type: ignore[union-attr]
                      [t.original_format for t in in_tensors])
        names = [f"{op.op_name}:output:{i}" for i in range(len(outs))]
        return replay_call(call, outs, names, op=op.op_name, index=index, inputs=inputs, source=str(op.path),
                           keep_error=keep_error, own=self.own_dtypes(op, golden_dtypes), mode=mode or self.mode)

    def replay_all(self, *, progress: ProgressFn = no_progress, cancel: CancelToken | None = None,
                   mode: PrecisionMode | None = None) -> list[ReplayResult]:
        """Every op in execution order (unsupported ones with their reason), judged under ``mode`` (default: the
        run's own)."""
        return replay_each(self.ops, lambda op: op.op_name, lambda op: self.replay(op, mode=mode),
                           progress=progress, cancel=cancel)
