"""Replay calls of one msprobe rank folder: arguments and outputs from dump.json and its tensor files."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.dump_json import Leaf
from ascend_dump_gui.core.msprobe.layout import DUMP_JSON
from ascend_dump_gui.core.msprobe.tree import MAX_JSON_BYTES, MsprobeRun, TensorLoadError, open_tree
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.replay.call import Unsupported
from ascend_dump_gui.core.replay.msprobe_calls import to_call
from ascend_dump_gui.core.replay.result import ReplayResult, replay_call, replay_each, unsupported


def is_msprobe_run(path: Path) -> bool:
    """A rank folder (dump.json inside), or a step folder holding exactly one rank folder."""
    return path.is_dir() and ((path / DUMP_JSON).is_file() or len(list(path.glob(f"*/{DUMP_JSON}"))) == 1)


@dataclass
class Call:
    """One forward API call of dump.json, in dump order."""

    name: str          # Functional.linear.1.forward
    index: int
    data: dict


class MsprobeReplayRun:
    """The forward API calls of one msprobe rank folder."""

    def __init__(self, path: str | os.PathLike) -> None:
        root = Path(path)
        runs = open_tree(root).runs
        if len(runs) != 1:
            raise InputError(root, f"give one msprobe rank folder ({len(runs)} found here)")
        self.run: MsprobeRun = runs[0]
        file = self.run.path / DUMP_JSON
        try:
            if file.stat().st_size > MAX_JSON_BYTES:
                raise InputError(file, "dump.json is too large")
            doc = json.loads(file.read_text(encoding="utf-8", errors="replace"))
        except (OSError, json.JSONDecodeError) as exc:
            raise InputError(file, f"cannot read it: {exc}") from None
        data = doc.get("data") if isinstance(doc, dict) else None
        if not isinstance(data, dict):
            raise InputError(file, "no data section")
        self.source = str(file)
        self.ops = [Call(name, i, entry) for i, (name, entry) in enumerate(data.items()) if isinstance(entry, dict)]
        self.graph_path = None

    def find(self, name: str) -> Call:
        for call in self.ops:
            if call.name == name:
                return call
        raise InputError(self.run.path, f"no call named {name!r} in dump.json")

    def _value(self, item: Any, name: str) -> Any:
        """A dumped argument as Python: tensors loaded, scalars by value, lists element-wise."""
        if isinstance(item, list):
            return [self._value(v, f"{name}.{i}") for i, v in enumerate(item)]
        if not isinstance(item, dict):
            return item
        kind = item.get("type")
        if isinstance(kind, str) and kind.endswith("Tensor"):
            data_name = item.get("data_name")
            if not isinstance(data_name, str) or data_name == "-1":
                raise Unsupported(msg("{name} has statistics only (dump task 'tensor' keeps the values)", name=name))
            leaf = Leaf(name, "", "", kind, str(item.get("dtype")), None, data_name=data_name)
            try:
                return self.run.load(leaf)
            except TensorLoadError as exc:
                raise Unsupported(msg("cannot load {name}: {exc}", name=name, exc=exc)) from None
        if "value" in item:
            return item["value"]
        raise Unsupported(msg("{name} of type {kind} is not covered", name=name, kind=repr(kind)))

    def replay(self, call: Call, *, keep_error: bool = False) -> ReplayResult:
        """Replay one forward call from its own dumped arguments and judge its dumped outputs."""
        parts = call.name.split(".")
        api = parts[1] if len(parts) > 2 else call.name
        op_type = parts[0] if parts[0] in ("Module", "Cell") else ".".join(parts[:2])
        entry = call.data
        args = entry.get("input_args") or []
        ins = [{"tensor": f"{call.name}.input.{i}", "dtype": str(a.get("dtype", "")).replace("torch.", ""),
                "shape": a.get("shape")} for i, a in enumerate(args) if isinstance(a, dict) and "dtype" in a]
        base = {"inputs": ins, "source": self.source}
        if "forward" not in parts:
            return unsupported(call.name, op_type, call.index, msg("only forward calls are replayed"), **base)
        if parts[0] in ("Module", "Cell"):
            return unsupported(call.name, op_type, call.index, msg("module records are not replayed (their API "
                                                                      "calls are)"), **base)
        try:
            positional = self._value(list(args), f"{call.name}.input")
            kwargs = entry.get("input_kwargs") or {}
            keywords = {k: self._value(v, f"{call.name}.input.{k}") for k, v in kwargs.items()} \
                if isinstance(kwargs, dict) else {}
            outs_raw = entry.get("output")
            outs_raw = outs_raw if isinstance(outs_raw, list) else [outs_raw]
            outs = [self._value(o, f"{call.name}.output.{i}") for i, o in enumerate(outs_raw)]
            if not outs or not all(isinstance(o, np.ndarray) for o in outs):
                raise Unsupported(msg("an output is not a dumped tensor"))
            op_call = to_call(api, positional, keywords, outs)
        except Unsupported as exc:
            return unsupported(call.name, op_type, call.index, exc.reason, **base)
        except (ValueError, TypeError, IndexError, KeyError) as exc:   # argument values of unexpected types
            return unsupported(call.name, op_type, call.index, msg("the dumped arguments do not fit {api}: {problem}",
                                                                  api=api, problem=str(exc)), **base)
        names = [f"{call.name}.output.{i}" for i in range(len(outs))]
        return replay_call(op_call, outs, names, op=call.name, index=call.index, inputs=ins, source=self.source,
                           keep_error=keep_error, op_type=op_type)

    def replay_all(self, *, progress: ProgressFn = no_progress, cancel: CancelToken | None = None
                   ) -> list[ReplayResult]:
        """Every call in execution order (unsupported ones with their reason)."""
        return replay_each(self.ops, lambda call: call.name, self.replay, progress=progress, cancel=cancel)
