"""The ops (GE) or calls and modules (msprobe) of the run a finding came from, as the runtime names them: what a
fix or a capture may name, checked here before anything is written."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ascend_dump_gui.core.dump.dtypes import dtype_by_name
from ascend_dump_gui.core.dump.graph import ORIGIN_NAMES_ATTR
from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir
from ascend_dump_gui.core.msprobe.tree import open_tree


@dataclass
class RunOps:
    """Op names in execution order, with their types, the original names fused into each op and each op's
    producers (from the GE graph dump; empty without one)."""

    root: Path
    format: str                                        # "ge" | "msprobe"
    names: list[str] = field(default_factory=list)
    types: dict[str, str] = field(default_factory=dict)
    fused: dict[str, tuple[str, ...]] = field(default_factory=dict)   # op -> the other original names in it
    renamed: set[str] = field(default_factory=set)     # fused ops whose name is none of the original graph's
    producers: dict[str, list[str]] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)  # msprobe: construct.json's module names
    io_dtypes: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)  # op -> (inputs, outputs)
    original_dtypes: dict[str, str] = field(default_factory=dict)  # op -> first output's dtype before compilation
    model_name: str | None = None
    graph_path: Path | None = None
    ranks: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)

    def find(self, name: str) -> str | None:
        """The run's name for ``name`` (as in the graph, or as in the dump file name), None when unknown."""
        if name in self.types:
            return name
        key = sanitize_part(name)
        return next((n for n in self.names if sanitize_part(n) == key), None)

    def fused_into(self, name: str) -> str | None:
        """The op of the run that ``name`` was fused into (an original name that is no op of the run itself)."""
        return next((op for op, originals in self.fused.items() if name in originals), None)

    def dump_ops(self) -> dict[str, str]:
        """What the config checker needs to judge names (``CheckContext.dump_ops``): op name -> type (``"{type}; fused
        from {names}"`` for an op fusion renamed), plus each fused original name -> ``"fused into {op}"``."""
        out = {name: (f"{kind}; fused from {', '.join(self.fused.get(name, ()))}" if name in self.renamed else kind)
               for name, kind in self.types.items()}
        for op, originals in self.fused.items():
            for name in originals:
                out.setdefault(name, f"fused into {op}")
        return out


def open_run_ops(run: str | os.PathLike, graph: str | os.PathLike | None = None) -> RunOps:
    """The ops of one run folder (a GE/acl dump folder of one rank, step and model, or an msprobe rank folder)."""
    path = Path(run)
    if not path.exists():
        raise InputError(path, msg("no such file or folder"))
    if is_msprobe_dir(path) or (path / "dump.json").is_file():
        return _msprobe(path)
    return _ge(path, graph)


def _ge(path: Path, graph: str | os.PathLike | None) -> RunOps:
    from ascend_dump_gui.core.replay.ge_run import GeRun

    run = GeRun(path, graph)
    ops = RunOps(path, "ge", graph_path=run.graph_path)
    for op in run.ops:
        ops.names.append(op.op_name)
        ops.types[op.op_name] = op.op_type
        gop = run.graph_op(op)
        if gop is not None:
            listed = [str(n) for n in (gop.attrs.get(ORIGIN_NAMES_ATTR) or [])]
            originals = [n for n in listed if n != gop.name]
            if originals:
                ops.fused[op.op_name] = tuple(originals)
            if listed and gop.name not in listed:
                ops.renamed.add(op.op_name)
            ops.producers[op.op_name] = [r.rpartition(":")[0] for r in gop.inputs if not r.endswith(":-1")]
        ops.io_dtypes[op.op_name] = (_dtypes(op.dump.inputs) or _graph_dtypes(gop, "in"),
                                     _dtypes(op.dump.outputs) or _graph_dtypes(gop, "out"))
        if op.in_model_folder and ops.model_name is None:
            ops.model_name = op.path.parent.parent.parent.name   # {model_name}/{model_id}/{step}/file
            if op.path.parent.name.isdigit():
                ops.steps = [int(op.path.parent.name)]
    ops.original_dtypes = _original_dtypes(run, graph is not None)
    by_key = {sanitize_part(n): n for n in ops.names}
    for op, inputs in ops.producers.items():   # graph names of the producers that are ops of the run
        ops.producers[op] = [by_key.get(sanitize_part(i), i) for i in inputs]
    return ops


def _original_dtypes(run, given: bool) -> dict[str, str]:
    """Op name -> its first output's dtype in the earliest graph dump that has it (the graph before the precision
    mode chose dtypes: ``ge_proto_..._PreRunBegin``); empty without graph dumps."""
    from ascend_dump_gui.core.compare import graph_lookup
    from ascend_dump_gui.core.dump.graph import parse_graph_file

    if run.graph_path is None:
        return {}
    files = [run.graph_path] if given else \
        graph_lookup.graph_candidates(run.ops[0].path.parent, run.ops[0].in_model_folder) or [run.graph_path]
    out: dict[str, str] = {}
    for path in sorted(files, key=lambda p: p.name):
        try:
            graphs = parse_graph_file(path)
        except InputError:
            continue
        for graph in graphs:
            for gop in graph.ops:
                found = _graph_dtypes(gop, "out")
                if found:
                    out.setdefault(gop.name, found[0])
    return out


def _dtypes(tensors) -> list[str]:
    return [str(t.np_dtype) if t.np_dtype is not None else str(t.dtype) for t in tensors]


def _graph_dtypes(gop, side: str) -> list[str]:
    """Input (non-control) or output dtypes from the graph's tensor descriptions, as numpy names."""
    if gop is None:
        return []
    descs = gop.input_descs if side == "in" else gop.output_descs
    out = []
    for desc in descs:
        try:
            info = dtype_by_name(desc.dtype or "")
            out.append(str(info.np_dtype) if info.np_dtype is not None else info.name)
        except KeyError:
            out.append(str(desc.dtype))
    return out


def _msprobe(path: Path) -> RunOps:
    tree = open_tree(path)
    if len(tree.runs) != 1:
        raise InputError(path, msg("give one msprobe rank folder ({count} found here)", count=len(tree.runs)))
    run = tree.runs[0]
    ops = RunOps(path, "msprobe")
    for name, _ in run.calls():
        if name not in ops.types:
            ops.names.append(name)
            ops.types[name] = name.split(".")[0] + "." + name.split(".")[1] if name.count(".") >= 1 else name
    ops.modules = [n for n in dict.fromkeys([*run.construct, *ops.names]) if n.startswith(("Module.", "Cell."))]
    ops.ranks = [] if run.rank is None else [run.rank]
    ops.steps = [] if run.step is None else [run.step]
    return ops
