"""The index of runs in a dump tree: one :class:`Run` per (rank, step, model) folder, from the scanner's
records (file names and folder levels only; no tensor is read).

Formats are pluggable: each :class:`RunFormat` claims the folders it recognises before the GE grouping sees
the rest, and may ``describe`` each of its runs from its folder. Built in: ``msprobe``
(``step{N}/rank{R}/dump.json`` or ``proc{pid}``; tensor files and calls counted, ``has_stats`` from dump.json
through the msprobe reader), ``ge`` (op dump step folders of every GE layout) and ``golden`` (folders of
golden ``.npy`` files, the step from a numeric folder name).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ascend_dump_gui.core.dump.records import DumpRecord, Problem
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.scan.scanner import scan

_RUN_KINDS = frozenset({"tensor", "stats", "overflow"})
_MSPROBE_RUN = re.compile(r"(?:.*/)?step(\d+)/(?:rank(\d*)|proc\d+)")
_RANK_FOLDER = re.compile(r"(?:worldsize(\d+)\D*?)?rank(\d+)")


@dataclass(slots=True)
class Run:
    """One run folder: the `runs --json` entry of cli.md, plus counts the compare and the view use."""

    path: str
    format: str
    rank: int | None
    world_size: int | None
    step: int | None
    device: int | None
    model_name: str | None
    files: int = 0
    has_stats: bool = False
    tensors: int = 0
    overflow_files: int = 0
    size: int = 0
    ops: int = 0
    """Distinct op names among its dumps and stats CSVs."""

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "format": self.format, "rank": self.rank, "world_size": self.world_size,
                "step": self.step, "device": self.device, "model_name": self.model_name, "files": self.files,
                "has_stats": self.has_stats, "tensors": self.tensors, "overflow_files": self.overflow_files,
                "size": self.size, "ops": self.ops}


@dataclass
class RunIndex:
    """Every run under ``root`` (sorted by model, step, rank) and the scanner's problems."""

    root: str
    runs: list[Run] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The ``runs --json`` document of cli.md."""
        return {"root": self.root, "runs": [r.to_json() for r in self.runs],
                "problems": [p.to_json() for p in self.problems]}

    @property
    def ranks(self) -> list[int]:
        return sorted({r.rank for r in self.runs if r.rank is not None})

    @property
    def steps(self) -> list[int]:
        return sorted({r.step for r in self.runs if r.step is not None})

    def abspath(self, run: Run) -> str:
        return os.path.join(self.root, run.path) if run.path else self.root


@dataclass(frozen=True)
class RunFormat:
    """A run format: ``claim(root, records, problems)`` returns its runs and the folders (relative to the scanned
    ``root``) it took; ``describe(folder, run)``, if given, completes a run from its absolute folder."""

    name: str
    claim: Callable[[str, list[DumpRecord], list[Problem]], tuple[list[Run], set[str]]]
    describe: Callable[[str, Run], None] | None = None


def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def _rank_above(folder: str) -> tuple[int | None, int | None]:
    """(world size, rank) from the nearest ``worldsize{W}_global_rank{R}`` or ``rank{R}`` folder above."""
    for part in reversed(folder.split("/")):
        m = _RANK_FOLDER.fullmatch(part) or (_RANK_FOLDER.search(part) if part.startswith("worldsize") else None)
        if m:
            return (int(m.group(1)) if m.group(1) else None), int(m.group(2))
    return None, None


def _claim_msprobe(root: str, records: list[DumpRecord],
                   problems: list[Problem]) -> tuple[list[Run], set[str]]:
    """msprobe trees: a run per ``step{N}/rank{R}`` (or ``proc{pid}``) folder holding ``dump.json`` (also when
    every tensor file it names is missing or dump.json cannot be read; the folder names are read above ``root``
    too, so a step or rank folder scanned alone has its runs); its tensors are its ``msprobe_tensor`` records, its
    ops the distinct calls of its records."""
    folders = {_folder(p.path) for p in problems if p.path.rpartition("/")[2] == "dump.json"}
    folders |= {_folder(r.path) for r in records if r.path.rpartition("/")[2] == "dump.json"}
    folders |= {_folder(_folder(r.path)) for r in records if r.kind == "msprobe_tensor"}
    folders |= {_folder(_folder(p.path)) for p in problems if _folder(p.path).endswith("/dump_tensor_data")}
    ids = {_folder(r.path) if r.kind == "msprobe_stats" else _folder(_folder(r.path)): (r.iteration, r.rank)
           for r in records if r.kind in ("msprobe_stats", "msprobe_tensor")}
    runs: dict[str, Run] = {}
    for folder in sorted(folders):
        m = _MSPROBE_RUN.fullmatch((os.path.join(root, folder) if folder else root).replace(os.sep, "/"))
        if m:
            rank = int(m.group(2)) if m.group(2) else None
            runs[folder] = Run(folder, "msprobe", rank, None, int(m.group(1)), None, None)
        elif folder in ids:     # the scan root is a step or rank folder: its ids come from the real path
            step, rank = ids[folder]
            runs[folder] = Run(folder, "msprobe", rank, None, step, None, None)
    calls: dict[str, set[str]] = {}
    for item in [*records, *problems]:
        owner = next((f for f in runs if not f or item.path.startswith(f + "/")), None)
        if owner is None:
            continue
        run = runs[owner]
        if isinstance(item, DumpRecord):
            if item.kind == "msprobe_tensor":
                run.files += 1
                run.tensors += 1
                run.size += item.size
            if item.op_name:
                calls.setdefault(owner, set()).add(item.op_name)
        elif item.path != (f"{owner}/dump.json" if owner else "dump.json"):     # describe counts dump.json
            run.files += 1
    for folder, names in calls.items():
        runs[folder].ops = len(names)
    return list(runs.values()), set(runs)


def _describe_msprobe(path: str, run: Run) -> None:
    """dump.json (read through the msprobe reader, no tensor) counts as a file; ``has_stats`` when any of its
    tensors carries Max/Min/Mean/Norm."""
    from ascend_dump_gui.core.msprobe import open_tree  # numpy: only once an msprobe run is found

    runs = open_tree(path).runs
    try:
        run.size += os.path.getsize(os.path.join(path, "dump.json"))
        run.files += 1
    except OSError:
        return
    run.has_stats = any(r.any_leaf(lambda leaf: leaf.is_tensor and any(v is not None for v in leaf.stats))
                        for r in runs[:1])


def _claim_ge(_root: str, records: list[DumpRecord], problems: list[Problem]) -> tuple[list[Run], set[str]]:
    """GE op dump step folders (acl/TF/torchair/MindSpore layouts): rank, step, device, model from the path."""
    runs: dict[str, Run] = {}
    ops: dict[str, set[str]] = {}
    for r in records:
        if r.kind not in _RUN_KINDS:
            continue
        folder = _folder(r.path)
        run = runs.get(folder)
        if run is None:
            ws, rank = (r.world_size, r.rank) if r.rank is not None else _rank_above(folder)
            run = runs[folder] = Run(folder, "ge", rank, ws, r.iteration, r.device, r.model_name)
        run.files += 1
        run.size += r.size
        run.has_stats = run.has_stats or r.kind == "stats"
        run.tensors += r.kind == "tensor"
        run.overflow_files += r.kind == "overflow"
        if r.kind != "overflow" and r.op_name:
            ops.setdefault(folder, set()).add(r.op_name)
    for folder, names in ops.items():
        runs[folder].ops = len(names)
    return list(runs.values()), set(runs)


def _claim_golden(_root: str, records: list[DumpRecord],
                  problems: list[Problem]) -> tuple[list[Run], set[str]]:
    """Folders of golden ``.npy`` dumps; a numeric folder name is the step."""
    runs: dict[str, Run] = {}
    for r in records:
        if r.kind != "golden":
            continue
        folder = _folder(r.path)
        run = runs.get(folder)
        if run is None:
            name = folder.rpartition("/")[2]
            ws, rank = _rank_above(folder)
            step = int(name) if name.isdigit() else r.iteration
            run = runs[folder] = Run(folder, "golden", rank, ws, step, None, None)
        run.files += 1
        run.size += r.size
        run.tensors += 1
    return list(runs.values()), set(runs)


FORMATS: list[RunFormat] = [RunFormat("msprobe", _claim_msprobe, _describe_msprobe), RunFormat("ge", _claim_ge),
                            RunFormat("golden", _claim_golden)]
"""Run formats, in claiming order; a new format (e.g. statistics through the msprobe reader) is one entry."""


def index_runs(root: str | os.PathLike, *, progress: ProgressFn = no_progress,
               cancel: CancelToken | None = None) -> RunIndex:
    """Scan ``root`` (names and sizes only) and group its files into runs. Every problem of the scan is kept
    (a folder or file that could not be read, inside a run or not); a run's problems are not offered to the
    formats that claim later."""
    scanned = scan(root, progress=progress, cancel=cancel)
    index = RunIndex(scanned.root, problems=list(scanned.problems))
    records, problems = scanned.records, scanned.problems
    for fmt in FORMATS:
        runs, taken = fmt.claim(scanned.root, records, problems)
        if fmt.describe is not None:
            for run in runs:
                fmt.describe(index.abspath(run), run)
        index.runs += runs
        if taken:
            records = [r for r in records if not _under(r.path, taken)]
            problems = [p for p in problems if not _under(p.path, taken)]
    index.runs.sort(key=lambda r: (r.model_name or "", -1 if r.step is None else r.step,
                                   -1 if r.rank is None else r.rank, r.path))
    return index


def _under(path: str, folders: set[str]) -> bool:
    folder = _folder(path)
    while True:
        if folder in folders:
            return True
        if not folder:
            return False
        folder = _folder(folder)
