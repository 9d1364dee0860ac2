"""Folder levels of dump trees (dump-format.md §4, runtime-rules.md §3): what each folder name means.

A :class:`DirContext` carries what the folders above a file say (rank, time, device, model, step); it is
derived folder by folder with :func:`child_context`, so any sub-folder can be read on its own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ascend_dump_gui.core.messages import Text, joined, msg

_WORLDSIZE = re.compile(r"worldsize(\d+)\D*?rank(\d+)")
_TIME = re.compile(r"\d{14}")
_DIGITS = re.compile(r"\d+")
_STEP = re.compile(r"step(\d+)")
_PID = re.compile(r"pid(\d+)")
_GRAPH_DIR = re.compile(r"pid_\d+_deviceid_(\d+)")
_PID_DEVICE = re.compile(r"\d+_(\d+)")

# What the next folders below a given level are, in order (an optional model_name is written "model_name?").
_AFTER_TIME = ("device", "model_name?", "model_id", "iteration")
_AFTER_RANK = ("model_name", "iteration")  # torchair FX: worldsize.../{graph}/{step}; GE dumps add a time level
_AFTER_HOST_PID = ("model_name", "model_id", "worker", "iteration")
_DEEPEST_LAYOUT = 8  # msprobe_ge_dump/worldsize/time/device/model/id/step + the folder itself


@dataclass(frozen=True, slots=True)
class DirContext:
    """What a folder's path says. ``level`` is what the folder itself is (for the tree's display)."""

    world_size: int | None = None
    rank: int | None = None
    time: str | None = None
    device: int | None = None
    model_name: str | None = None
    model_id: int | None = None
    iteration: int | None = None
    area: str = ""
    """``exception`` inside extra-info/data-dump, ``graph`` inside extra-info/graph, else empty."""
    level: str = "folder"
    """rank | time | device | model_name | model_id | iteration | exception | graphs | folder."""
    expect: tuple[str, ...] = ()


ROOT_CONTEXT = DirContext()


def _expected(ctx: DirContext, name: str) -> DirContext:
    """Fill the next expected level if ``name`` fits it; otherwise the folder is transparent."""
    if not ctx.expect:
        return replace(ctx, level="folder")
    level, rest = ctx.expect[0], ctx.expect[1:]
    digits = _DIGITS.fullmatch(name) is not None
    if level == "model_name?":
        if digits:  # no model_name level: this is the model id (MindSpore O2, om dumps without a name)
            return replace(ctx, model_id=int(name), expect=rest[1:], level="model_id")
        return replace(ctx, model_name=name, expect=rest, level="model_name")
    if level == "model_name":
        return replace(ctx, model_name=name, expect=rest, level="model_name")
    if level == "pid_device":
        m = _PID_DEVICE.fullmatch(name)
        return replace(ctx, device=int(m.group(1)), expect=rest, level="device") if m else ctx
    if not digits:
        return replace(ctx, level="folder")
    if level == "worker":
        return replace(ctx, expect=rest, level="folder")
    return replace(ctx, **{level: int(name)}, expect=rest, level=level)


def child_context(ctx: DirContext, name: str) -> DirContext:
    """The context of folder ``name`` inside a folder with context ``ctx``."""
    m = _WORLDSIZE.fullmatch(name)
    if m:
        return DirContext(world_size=int(m.group(1)), rank=int(m.group(2)), area=ctx.area, level="rank",
                          expect=_AFTER_RANK)
    if _TIME.fullmatch(name):
        return replace(ctx, time=name, device=None, model_name=None, model_id=None, level="time",
                       expect=_AFTER_TIME)
    if name == "data-dump":
        return replace(ctx, area="exception", level="exception", expect=("device",))
    if name == "extra-info":
        return replace(ctx, area="extra-info", level="folder", expect=())
    if name == "graph" and ctx.area == "extra-info":
        return replace(ctx, area="graph", level="graphs", expect=("pid_device",))
    m = _GRAPH_DIR.fullmatch(name)
    if m:
        return replace(ctx, area="graph", device=int(m.group(1)), level="device", expect=())
    m = _STEP.fullmatch(name)
    if m:
        return replace(ctx, iteration=int(m.group(1)), level="iteration")
    if _PID.fullmatch(name):
        return replace(ctx, level="folder", expect=_AFTER_HOST_PID)
    return _expected(ctx, name)


def root_context(path: str) -> DirContext:
    """The context of a folder path, read from its last components (as deep as the deepest layout).

    Scanning ``{dump_path}/{time}/{device}/{model}/{id}/{step}`` directly keeps those fields.
    """
    ctx = ROOT_CONTEXT
    for part in os.path.abspath(path).split(os.sep)[-_DEEPEST_LAYOUT:]:
        if part:
            ctx = child_context(ctx, part)
    return ctx


FOLDER_MEANINGS = {
    "rank": "rank {rank} of {world_size}",
    "time": "dumped {when}",
    "device": "device {device}",
    "model_name": "model",
    "model_id": "model id {id}",
    "iteration": "step {step}",
    "exception": "exception dumps",
    "graphs": "graph dumps",
}
"""Folder level -> what it means, a template :func:`describe` fills (the UI's catalogue translates them)."""


def describe(ctx: DirContext, name: str, translate: Callable[[str], str] | None = None) -> str:
    """A short label for a folder in the tree, e.g. ``"0 (device 0)"``; ``translate`` maps each
    English template of :data:`FOLDER_MEANINGS` before it is filled (the UI passes its translator)."""
    template = FOLDER_MEANINGS.get(ctx.level)
    if template is None:
        return name
    when = f"{name[0:4]}-{name[4:6]}-{name[6:8]} {name[8:10]}:{name[10:12]}:{name[12:14]}"
    what = (translate or str)(template).format(rank=ctx.rank, world_size=ctx.world_size, when=when,
                                               device=ctx.device, id=ctx.model_id, step=ctx.iteration)
    return f"{name} ({what})"


def run_label(path: str | os.PathLike[str]) -> Text:
    """What a compare input is, for summaries: its model, rank and step as its folders say them (``overflow_fp16
    step 0``, ``graph_1 rank 2 step 1``), else its last two folder names (``golden/0``) — never only a step
    folder's number."""
    ctx = root_context(os.fspath(path))
    parts: list[str] = [ctx.model_name] if ctx.model_name else []
    if ctx.rank is not None:
        parts.append(msg("rank {rank}", rank=ctx.rank))
    if ctx.iteration is not None:
        parts.append(msg("step {step}", step=ctx.iteration))
    if not parts:
        tail = "/".join(p for p in os.path.normpath(os.fspath(path)).split(os.sep)[-2:] if p)
        parts = [tail or os.fspath(path)]
    return joined(parts, " ")
