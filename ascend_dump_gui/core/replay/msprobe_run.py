"""Replay calls of one msprobe rank folder: arguments and outputs from dump.json and its tensor files."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.dump_json import MAX_DEPTH, DumpJsonError, Leaf
from ascend_dump_gui.core.msprobe.layout import DUMP_JSON
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, TensorLoadError, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.replay.call import Unsupported
from ascend_dump_gui.core.replay.msprobe_calls import to_call
from ascend_dump_gui.core.replay.precision_mode import PrecisionMode, resolve_mode
from ascend_dump_gui.core.replay.result import OwnDtypes, ReplayResult, replay_call, replay_each, unsupported


def is_msprobe_run(path: Path) -> bool:
    """A rank folder (dump.json inside), or a step folder holding exactly one rank folder."""
    return path.is_dir() and ((path / DUMP_JSON).is_file() or len(list(path.glob(f"*/{DUMP_JSON}"))) == 1)


def _shape(item: dict) -> list[int] | None:
    """dump.json's shape of a tensor argument when it is a list of integers (a loaded file must then match it)."""
    shape = item.get("shape")
    return shape if isinstance(shape, list) and all(type(n) is int for n in shape) else None


@dataclass
class Call:
    """One forward API call of dump.json, in dump order."""

    name: str          # Functional.linear.1.forward
    index: int
    data: Any          # its dump.json entry (a dict), None until read


class MsprobeReplayRun:
    """The forward API calls of one msprobe rank folder."""

    def __init__(self, path: str | os.PathLike) -> None:
        root = Path(path)
        runs = open_tree(root).runs
        if len(runs) != 1:
            raise InputError(root, msg("give one msprobe rank folder ({count} found here)", count=len(runs)))
        self.run: MsprobeRun = runs[0]
        self.source = str(self.run.path / DUMP_JSON)
        self.ops = [Call(name, i, None) for i, (name, _) in enumerate(self._read(lambda _name: False))]
        """Every call in dump order; its arguments are read when it is replayed (one call's, or all for replay_all),
        so one op's replay holds one entry of a large dump.json."""
        self.graph_path = None
        self.graph = None
        self.mode = resolve_mode(pytorch=True)

    def _read(self, want: Any) -> list[tuple[str, Any]]:
        """dump.json's entries through the reader of compare, graph and scan (fenced, size-bounded, streamed)."""
        try:
            return self.run.raw_calls(want)
        except DumpJsonError as exc:
            raise InputError(Path(self.source), str(exc).removeprefix(f"{self.source}: ")) from None

    def _fill(self, calls: list[Call]) -> None:
        """Read the dumped arguments of ``calls``."""
        wanted = {call.name for call in calls}
        read = self._read(wanted.__contains__)
        if [name for name, _ in read] != [call.name for call in self.ops]:
            raise InputError(Path(self.source), msg("changed while it was read"))
        for call in calls:
            call.data = read[call.index][1]

    def find(self, name: str) -> Call:
        for call in self.ops:
            if call.name == name:
                if call.data is None:
                    self._fill([call])
                if not isinstance(call.data, dict):
                    raise InputError(self.run.path, msg("the dump.json entry of '{name}' is not an object", name=name))
                return call
        raise InputError(self.run.path, msg("no call named '{name}' in dump.json", name=name))

    def _value(self, item: Any, name: str, depth: int = 0) -> Any:
        """A dumped argument as Python: tensors loaded (their file's own header decides the shape; one that
        contradicts dump.json is not replayed), scalars by value, lists element-wise."""
        if depth > MAX_DEPTH:
            raise Unsupported(msg("{name}: arguments nested more than {depth} levels", name=name, depth=MAX_DEPTH))
        if isinstance(item, list):
            return [self._value(v, f"{name}.{i}", depth + 1) for i, v in enumerate(item)]
        if not isinstance(item, dict):
            return item
        kind = item.get("type")
        if isinstance(kind, str) and kind.endswith("Tensor"):
            data_name = item.get("data_name")
            if not isinstance(data_name, str) or data_name == "-1":
                raise Unsupported(msg("{name} has statistics only (dump task 'tensor' keeps the values)", name=name))
            shape = _shape(item)
            leaf = Leaf(name, "", "", kind, str(item.get("dtype"))[:60], None if shape is None else tuple(shape),
                        data_name=data_name)
            try:
                return self.run.load(leaf)
            except TensorLoadError as exc:
                raise Unsupported(msg("cannot load {name}: {exc}", name=name, exc=exc)) from None
        if "value" in item:
            return item["value"]
        raise Unsupported(msg("{name} of type {kind} is not covered", name=name, kind=repr(kind)))

    def replay(self, call: Call, *, keep_error: bool = False, golden_dtypes: list[str] | None = None,
               mode: PrecisionMode | None = None) -> ReplayResult:
        """Replay one forward call from its own dumped arguments and judge its dumped outputs: against the
        call's own dtype (``golden_dtypes``: the bench side's, else the dumped one), then the lower precisions
        ``mode`` (default: torch_npu's defaults) may explain."""
        parts = call.name.split(".")
        api = parts[1] if len(parts) > 2 else call.name
        op_type = parts[0] if parts[0] in ("Module", "Cell") else ".".join(parts[:2])
        entry = call.data
        args = entry.get("input_args") or []
        kwargs = entry.get("input_kwargs") or {}
        ins = [{"tensor": f"{call.name}.input.{i}", "dtype": str(a.get("dtype", "")).replace("torch.", "")[:60],
                "shape": _shape(a)} for i, a in enumerate(args if isinstance(args, list) else [])
               if isinstance(a, dict) and "dtype" in a]
        base = {"inputs": ins, "source": self.source}
        if not isinstance(args, list) or not isinstance(kwargs, dict):
            return unsupported(call.name, op_type, call.index, "dump.json's input_args is not a list or its "
                               "input_kwargs not an object", **base)
        if "forward" not in parts:
            return unsupported(call.name, op_type, call.index, msg("only forward calls are replayed"), **base)
        if parts[0] in ("Module", "Cell"):
            return unsupported(call.name, op_type, call.index, msg("module records are not replayed (their API "
                                                                      "calls are)"), **base)
        try:
            positional = self._value(args, f"{call.name}.input")
            keywords = {k: self._value(v, f"{call.name}.input.{k}") for k, v in kwargs.items()}
            outs_raw = entry.get("output")
            outs_raw = outs_raw if isinstance(outs_raw, list) else [outs_raw]
            outs = [self._value(o, f"{call.name}.output.{i}") for i, o in enumerate(outs_raw)]
            if not outs or not all(isinstance(o, np.ndarray) for o in outs):
                raise Unsupported(msg("an output is not a dumped tensor"))
            op_call = to_call(api, positional, keywords, outs)
        except Unsupported as exc:
            return unsupported(call.name, op_type, call.index, exc.reason, **base)
        except (ValueError, TypeError, IndexError, KeyError, OverflowError) as exc:   # unexpected argument values
            return unsupported(call.name, op_type, call.index, msg("the dumped arguments do not fit {api}: {problem}",
                                                                  api=api, problem=str(exc)), **base)
        names = [f"{call.name}.output.{i}" for i in range(len(outs))]
        return replay_call(op_call, outs, names, op=call.name, index=call.index, inputs=ins, source=self.source,
                           keep_error=keep_error, op_type=op_type, mode=mode or self.mode,
                           own=OwnDtypes(list(golden_dtypes), "golden") if golden_dtypes else None)

    def replay_all(self, *, progress: ProgressFn = no_progress, cancel: CancelToken | None = None,
                   mode: PrecisionMode | None = None) -> list[ReplayResult]:
        """Every call in execution order (unsupported ones with their reason), judged under ``mode`` (default: the
        run's own)."""
        self._fill([call for call in self.ops if call.data is None])
        calls = [call for call in self.ops if isinstance(call.data, dict)]
        return replay_each(calls, lambda call: call.name, lambda call: self.replay(call, mode=mode),
                           progress=progress, cancel=cancel)
