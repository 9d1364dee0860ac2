"""Turn an emulated run into the files the runtime writes (runtime-rules §3, dump-format.md §1, §3-§5, §7).

One :class:`DumpTreeWriter` per run: its per-step observer writes model/single-op/watcher/overflow dumps
while the executor runs; :meth:`DumpTreeWriter.write_exception` writes the exception dump when an op
fails; :meth:`DumpTreeWriter.finish` writes ``mapping.csv`` for every folder that got a hashed name.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import to_device
from ascend_dump_gui.core.dump.filewrite import atomic_output
from ascend_dump_gui.core.dump.naming import (
    MAPPING_FILE,
    OVERFLOW_OP_NAME,
    OVERFLOW_OP_TYPE,
    dump_file_name,
    fit_name,
    golden_file_name,
    read_mapping_csv,
    sanitize_part,
    write_mapping_csv,
)
from ascend_dump_gui.core.dump.opdebug import OverflowRecord, write_opdebug
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, AICoreError, Graph, Observer, Op
from ascend_dump_gui.core.emulator.layout import FRACTAL_NZ, FRACTAL_Z, NC1HWC0, origin_format
from ascend_dump_gui.core.emulator.plan import DumpPlan
from ascend_dump_gui.core.emulator.stats_csv import write_op_stats
from ascend_dump_gui.core.emulator.timing import RunIds
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken
from ascend_dump_gui.core.safe_names import check_inside

_PASS_THROUGH = frozenset({"Cast", "TransData"})
_WORKSPACE = bytes(range(256)) * 4          # the kernel workspace an exception dump carries


def payload(array: np.ndarray, fmt: str, *, address: int, origin: str | None = None) -> TensorPayload:
    """One tensor in its device layout with its original shape (and, for outputs, its origin op name)."""
    shape = tuple(array.shape)
    if fmt in (NC1HWC0, FRACTAL_Z):
        device = to_device(array, fmt, original_format="NCHW")
    elif fmt == FRACTAL_NZ:
        device = to_device(array, fmt)
    else:
        device = array
    return TensorPayload(device, format=fmt, original_shape=shape, address=address,
                         original_format=origin_format(shape) if origin else None, original_name=origin)


class DumpTreeWriter:
    """Writes the dump tree of one run of ``graph`` under the folders ``roots`` (artifact -> folder)."""

    def __init__(self, plan: DumpPlan, graph: Graph, ids: RunIds, roots: dict[str, tuple[Path, str]], *,
                 model_name: str, model_id: int, cancel: CancelToken | None = None) -> None:
        self.plan, self.graph, self.ids, self.roots = plan, graph, ids, roots
        self.model_dir = sanitize_part(model_name)
        self.model_id = model_id
        self.cancel = cancel
        self.written: list[Path] = []
        self.replaced: list[Path] = []  # files already there that this run replaced (the user is told)
        self.warnings: list[str] = []
        self._mapping: dict[Path, list[tuple[str, str]]] = {}
        self._selected = self._select_ops()
        self._position = {op.name: i for i, op in enumerate(graph.ops)}

    # ------------------------------------------------------------------------------------ selection
    def _select_ops(self) -> set[str]:
        names = {op.name for op in self.graph.ops if op.type != "Const"}
        wanted: set[str] = set()
        if self.plan.layers is not None:
            wanted |= self.plan.layers
        for group in self.plan.watcher:
            wanted |= set(group.nodes) | set(group.layers or ())
        missing = sorted(wanted - names)
        if missing:
            self.warnings.append(msg("op name(s) not in the running graph, nothing dumped for them: {names} (use "
                                     "the names after fusion, as in the Build graph)", names=", ".join(missing)))
        if self.plan.layers is None:
            return names
        selected = set(self.plan.layers) & names
        order = [op.name for op in self.graph.ops]
        for begin, end in self.plan.ranges:
            if begin in names and end in names:
                selected.update(n for n in order[order.index(begin):order.index(end) + 1] if n in names)
            else:
                self.warnings.append(msg("opname_range {begin}..{end}: an end is not in the running graph, the "
                                         "range dumps nothing", begin=begin, end=end))
        producers = self.graph.producers()
        for name in list(selected):
            stack = list(self.graph.op(name).inputs)
            while stack:
                src = producers[stack.pop()]
                if src.type in INPUT_TYPES:
                    selected.add(src.name)
                elif src.type in _PASS_THROUGH:
                    stack.extend(src.inputs)
        return selected

    # ------------------------------------------------------------------------------------ folders
    def folder(self, artifact: str, step: int | None = None) -> Path:
        """The folder of ``artifact``: its root plus the runtime's layout (``{time}/{device_id}/...``)."""
        root, layout = self.roots[artifact]
        values = {"time": self.ids.time_dir, "device_id": self.ids.device_id, "model_name": self.model_dir,
                  "model_id": self.model_id, "data_index": step, "pid": self.ids.pid,
                  "world_size": self.ids.world_size, "rank": self.ids.rank}
        # the time folder is predictable: a link planted there must not send the dumps elsewhere
        return check_inside(root, root / layout.format(**values), is_folder=True) if layout else root

    # ------------------------------------------------------------------------------------ files
    def _target(self, folder: Path, name: str, hashed_original: str | None) -> Path:
        if hashed_original is not None:
            self._mapping.setdefault(folder, []).append((name, hashed_original))
        path = folder / name
        if os.path.lexists(path):
            self.replaced.append(path)
        self.written.append(path)
        return path

    def _payloads(self, op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], mode: str,
                  skip: tuple[str, ...] = ()) -> tuple[list[TensorPayload], list[TensorPayload]]:
        ins: list[TensorPayload] = []
        outs: list[TensorPayload] = []
        if mode in ("input", "all"):
            ins = [payload(a, op.in_formats[i], address=self.ids.addresses[op.inputs[i]])
                   for i, a in enumerate(inputs) if f"input{i}" not in skip]
        if mode in ("output", "all"):
            outs = [payload(a, op.out_formats[i], address=self.ids.addresses[op.outputs[i]],
                            origin=op.origin_of(i)[0])
                    for i, a in enumerate(outputs) if f"output{i}" not in skip]
        return ins, outs

    def write_op(self, folder: Path, op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], *,
                 task_id: int, timestamp: int, mode: str, stats: bool = False, skip: tuple[str, ...] = ()) -> None:
        """One op dump file (or its stats CSV) named ``{type}.{name}.{task}.{stream}.{timestamp}``."""
        ins, outs = self._payloads(op, inputs, outputs, mode, skip)
        if not ins and not outs:
            return
        name = dump_file_name(op.type, op.name, task_id, self.ids.stream_id, timestamp,
                              suffix=".csv" if stats else "")
        path = self._target(folder, name.file_name, name.original_name if name.hashed else None)
        if stats:
            write_op_stats(path, ins, outs, self.plan.stats_items)
        else:
            write_dump(path, op_name=op.name, inputs=ins, outputs=outs, dump_time=timestamp)

    def _skip(self, op: Op) -> tuple[str, ...] | None:
        """Positions the blacklists remove; ``None`` when the whole op is blacklisted."""
        pos = self.plan.blacklist_names.get(op.name, self.plan.blacklist_types.get(op.type))
        if pos is None:
            return ()
        return tuple(pos) or None

    # ------------------------------------------------------------------------------------ observers
    def observer(self, step: int) -> Observer | None:
        """What to call after each op of ``step`` (``None`` when this step writes nothing)."""
        plan = self.plan
        if plan.overflow:
            return self._overflow_observer(step) if "overflow_dump" in self.roots else None
        if "dump_data" not in self.roots:
            return None
        if plan.single_op:
            return self._single_op_observer(step)
        if not plan.data_dump or not plan.selects_step(step):
            return None
        if plan.watcher:
            return self._watcher_observer(step)
        return self._data_observer(step)

    def _check_cancel(self) -> None:
        if self.cancel is not None:
            self.cancel.raise_if_cancelled()

    def _data_observer(self, step: int) -> Observer:
        folder = self.folder("dump_data", step)

        def observe(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory) -> None:
            if op.name not in self._selected:
                return
            skip = self._skip(op)
            if skip is None:
                return
            self._check_cancel()
            self.write_op(folder, op, inputs, outputs, task_id=self.ids.task_ids[op.name],
                          timestamp=self.ids.op_time(step, self._position[op.name]), mode=self.plan.dump_mode,
                          stats=self.plan.stats, skip=skip)

        return observe

    def _single_op_observer(self, step: int) -> Observer:
        folder = self.folder("dump_data", step)
        per_step = len(self.ids.task_ids)

        def observe(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory) -> None:
            skip = self._skip(op)
            if op.type == "Const" or skip is None:
                return
            self._check_cancel()
            self.write_op(folder, op, inputs, outputs, task_id=step * per_step + self.ids.task_ids[op.name],
                          timestamp=self.ids.op_time(step, self._position[op.name]), mode=self.plan.dump_mode,
                          stats=self.plan.stats, skip=skip)

        return observe

    def _watcher_observer(self, step: int) -> Observer:
        folder = self.folder("dump_data", step)
        watched = {n for g in self.plan.watcher for n in g.nodes}
        done: set[str] = set()

        def dump_node(name: str, trigger: Op, memory, offset: int) -> None:
            node = self.graph.op(name)
            outs = [memory[t] for t in node.outputs]
            self.write_op(folder, node, [], outs, task_id=self.ids.task_ids[trigger.name],
                          timestamp=self.ids.op_time(step, self._position[trigger.name]) + offset, mode="output")

        def observe(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory) -> None:
            if op.type == "Const":
                return
            done.add(op.name)
            if op.name in watched:
                dump_node(op.name, op, memory, 0)
                return
            for group in self.plan.watcher:
                if group.layers is None or op.name in group.layers:
                    for offset, name in enumerate(group.nodes, start=1):
                        if name in done:
                            dump_node(name, op, memory, offset)

        return observe

    def _overflow_observer(self, step: int) -> Observer | None:
        if self.plan.overflow_mode == "atomic_overflow":
            return None
        folder = self.folder("overflow_dump", step)

        def observe(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory) -> None:
            if op.engine != "AIcoreEngine":
                return
            if all(_finite(a) for a in outputs) or not all(_finite(a) for a in inputs):
                return
            task = self.ids.task_ids[op.name]
            ts = self.ids.op_time(step, self._position[op.name])
            self.write_op(folder, op, inputs, outputs, task_id=task, timestamp=ts, mode="all")
            record = OverflowRecord("AIC" if op.type in ("Conv2D", "MatMulV2") else "AIV", {
                "model_id": self.model_id, "stream_id": self.ids.stream_id, "task_id": task, "task_type": 0,
                "context_id": 65535, "thread_id": 65535, "pc_start": 0x12C0_0000_1000 + 0x400 * task,
                "para_base": self.ids.addresses[op.outputs[0]], "core_id": task % 24, "block_id": 0,
                "status": 0x400})
            name = dump_file_name(OVERFLOW_OP_TYPE, OVERFLOW_OP_NAME, task, self.ids.stream_id, ts + 1)
            write_opdebug(self._target(folder, name.file_name, None), record, dump_time=ts + 1)

        return observe

    # ------------------------------------------------------------------------------------ exception
    def write_exception(self, error: AICoreError, step: int) -> None:
        """The exception dump of the failing op under ``extra-info/data-dump/{device}`` (or as resolved)."""
        op = error.op
        folder = self.folder("exception_dump", step)
        task = self.ids.task_ids[op.name]
        ts = self.ids.op_time(step, self._position[op.name])
        stamp = int(RunIds.ms_stamp(ts))
        ins, outs = self._payloads(op, error.inputs, error.outputs, "all")
        if self.plan.exception == "norm":
            name = dump_file_name(op.type, op.name, task, None, stamp).file_name
        else:
            name = f"exception_info.{self.ids.stream_id}.{task}.{stamp}"
        write_dump(self._target(folder, name, None), op_name=op.name, inputs=ins, outputs=outs,
                   workspaces=[_WORKSPACE], dump_time=ts)

    # ------------------------------------------------------------------------------------ finish
    def finish(self) -> list[Path]:
        """Write ``mapping.csv`` where names were hashed (merged with rows already there); all files written."""
        for folder, rows in self._mapping.items():
            path = folder / MAPPING_FILE
            merged = read_mapping_csv(path) if path.exists() else {}
            merged.update(dict(rows))
            write_mapping_csv(path, merged)
            self.written.append(path)
        return self.written


def _finite(array: np.ndarray) -> bool:
    return bool(np.isfinite(array.astype(np.float32, copy=False)).all()) if array.dtype.kind in "fV" else True


def golden_writer(folder: Path, graph: Graph, ids: RunIds, step: int,
                  replaced: list[Path] | None = None) -> tuple[Observer, Callable[[], list[Path]]]:
    """An observer that writes float32 golden ``{op_name}.{output_index}.{timestamp}.npy`` files for one step
    (files already there are added to ``replaced``)."""
    written: list[Path] = []
    mapping: list[tuple[str, str]] = []
    position = {op.name: i for i, op in enumerate(graph.ops)}
    check_inside(folder.parent, folder, is_folder=True)

    def observe(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory) -> None:
        if op.type == "Const":
            return
        ts = ids.op_time(step, position[op.name], golden=True)
        for i, array in enumerate(outputs):
            name = fit_name(golden_file_name(op.name, i, ts))
            file_name = name.file_name + (".npy" if name.hashed else "")
            if name.hashed:
                mapping.append((file_name, name.original_name))
            if replaced is not None and os.path.lexists(folder / file_name):
                replaced.append(folder / file_name)
            with atomic_output(folder / file_name, durable=False) as fh:
                np.save(fh, np.asarray(array, dtype=np.float32), allow_pickle=False)
            written.append(folder / file_name)

    def finish() -> list[Path]:
        if mapping:
            write_mapping_csv(folder / MAPPING_FILE, mapping)
            written.append(folder / MAPPING_FILE)
        return written

    return observe, finish

