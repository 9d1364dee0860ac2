"""Find the GE graph dump (``DUMP_GE_GRAPH``) of a dumped model near its dump folder, cheaply.

The runtime writes graph files under ``DUMP_GRAPH_PATH/pid_{pid}_deviceid_{n}``, ``NPU_COLLECT_PATH/
extra-info/graph/{pid}_{device_id}``, or directly in ``ASCEND_WORK_PATH`` / the cwd (runtime-rules §3.4),
so they usually sit next to the dump_path root, not inside it. :func:`graph_candidates` looks in the NPU
folder's ancestors up to the dump_path root's parent and in graph-like child folders of those (a bounded
number of directory listings, never a tree walk); :func:`pick_graph_file` keeps the files whose graph is
the dumped model's (``choose_model_folder``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from ascend_dump_gui.core.dump.graph import Graph, choose_model_folder, parse_graph_file
from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.errors import InputError

MAX_LISTINGS = 40
"""At most this many directory listings per lookup."""

_PID_FOLDER = re.compile(r"pid_\d+_deviceid_\d+|\d+_\d+")
_TORCHAIR_RANK = re.compile(r"worldsize\d+_global_rank\d+")
_MODEL_DEPTH = 5     # {time}/{device_id}/{model_name}/{model_id}/{data_index}
_SINGLE_OP_DEPTH = 2  # {time}/{device_id}


class _Lister:
    """Directory listings with a budget: names of files and of sub-folders."""

    def __init__(self, budget: int = MAX_LISTINGS) -> None:
        self.budget = budget

    def __call__(self, folder: Path) -> tuple[list[str], list[str]]:
        if self.budget <= 0:
            return [], []
        self.budget -= 1
        files, dirs = [], []
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        if entry.is_dir():
                            dirs.append(entry.name)
                        elif entry.is_file():  # not a FIFO or device: reading one could block forever
                            files.append(entry.name)
                    except OSError:
                        continue
        except OSError:
            return [], []
        return sorted(files), sorted(dirs)


def _graph_files(folder: Path, files: Sequence[str]) -> list[Path]:
    return [folder / f for f in files if (p := parse_name(f)) is not None and p.kind == "graph"]


def search_levels(npu_folder: Path, in_model_folder: bool) -> list[Path]:
    """The folders to look in: the NPU folder, its ancestors up to the dump_path root, and the root's parent.

    A step folder of the model layout is 5 levels below the dump_path root (6 with torchair's
    ``worldsize*_global_rank*`` folder), a single-op folder 2; an unrecognised folder: itself and its parent.
    """
    depth = _MODEL_DEPTH if in_model_folder else _SINGLE_OP_DEPTH if npu_folder.name.isdigit() else 0
    levels = [npu_folder, *list(npu_folder.parents)[:depth + 1]]
    if in_model_folder and len(levels) > depth and _TORCHAIR_RANK.fullmatch(levels[depth].name):
        levels = [npu_folder, *list(npu_folder.parents)[:depth + 2]]
    return levels


def graph_candidates(npu_folder: Path, in_model_folder: bool) -> list[Path]:
    """Graph dump files near a dump folder, from the nearest level that has any (see the module doc)."""
    ls = _Lister()
    for level in search_levels(npu_folder, in_model_folder):
        files, dirs = ls(level)
        found = _graph_files(level, files)
        for name in dirs:
            sub = level / name
            if _PID_FOLDER.fullmatch(name):
                found += _graph_files(sub, ls(sub)[0])
            elif "graph" in name.lower() or name == "extra-info":
                sub_files, sub_dirs = ls(sub)
                found += _graph_files(sub, sub_files)
                if name == "extra-info" and "graph" in sub_dirs:
                    sub = sub / "graph"
                    sub_files, sub_dirs = ls(sub)
                    found += _graph_files(sub, sub_files)
                for inner in sub_dirs:
                    if _PID_FOLDER.fullmatch(inner):
                        found += _graph_files(sub / inner, ls(sub / inner)[0])
        if found:
            return sorted(set(found))
    return []


def _parsed(path: Path) -> list[Graph]:
    try:
        return parse_graph_file(path)
    except InputError:
        return []


def pick_graph_file(candidates: Sequence[Path], model_folder: Path | None) -> list[tuple[Path, list[Graph]]]:
    """The candidates worth matching, parsed: build-stage files (``*_Build*``) when there are any, and of
    those the files whose computational graph names ``model_folder`` when any does (seed 003)."""
    built = [p for p in candidates if "_Build" in p.name] or list(candidates)
    parsed = [(p, graphs) for p in built if (graphs := _parsed(p))]
    if model_folder is None:
        return parsed
    named = [(p, g) for p, g in parsed if choose_model_folder([model_folder], g) is not None]
    return named or parsed
