"""msprobe dump trees: ``{dump_path}/step{N}/rank{R}|proc{pid}/`` with dump.json, stack.json,
construct.json and ``dump_tensor_data/`` (``.pt`` for PyTorch, ``.npy`` otherwise).

A tree opens without reading any tensor; each run (one rank or process folder) parses its dump.json on
first use. Damaged or incomplete files become :class:`Problem` entries, never exceptions.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from ascend_dump_gui.core.msprobe.dump_json import (
    DumpJson,
    DumpJsonError,
    Entry,
    IncompleteDumpJson,
    Leaf,
    parse_dump_json,
)
from ascend_dump_gui.core.msprobe.layout import DUMP_JSON, TENSOR_DIR, folder_ids
from ascend_dump_gui.core.msprobe.pt_file import PtFileError, read_pt

MAX_JSON_BYTES = 2 << 30


@dataclass(frozen=True)
class Problem:
    path: str
    message: str


class TensorLoadError(ValueError):
    """A leaf whose tensor file is missing or unreadable."""


@dataclass
class MsprobeRun:
    """One rank (or process) folder of one step."""

    path: Path
    step: int | None
    rank: int | None
    pid: int | None
    problems: list[Problem] = field(default_factory=list)

    @cached_property
    def dump(self) -> DumpJson:
        path = self.path / DUMP_JSON
        try:
            if path.stat().st_size > MAX_JSON_BYTES:
                raise DumpJsonError(f"{path}: larger than {MAX_JSON_BYTES >> 30} GiB")
            return parse_dump_json(path.read_text(encoding="utf-8", errors="replace"), str(path))
        except IncompleteDumpJson as exc:
            self.problems.append(Problem(str(path), str(exc)))
            return exc.partial
        except (OSError, DumpJsonError) as exc:
            self.problems.append(Problem(str(path), str(exc) if isinstance(exc, DumpJsonError)
                                         else f"{path}: {exc.strerror or exc}"))
            return DumpJson(None, None, None, None, [])

    @property
    def entries(self) -> list[Entry]:
        return self.dump.entries

    def iter_leaves(self) -> Iterator[Leaf]:
        for entry in self.entries:
            yield from entry.leaves

    @cached_property
    def construct(self) -> dict[str, str | None]:
        """Call or module name -> the module that encloses it (None at the top). Megatron runs write
        ``[parent, micro_step]`` values and a ``megatron_micro_step_number`` key, which is no call."""
        doc = self._side_json("construct.json")
        if not isinstance(doc, dict):
            return {}
        out: dict[str, str | None] = {}
        for key, value in doc.items():
            if key == "megatron_micro_step_number":
                continue
            if isinstance(value, list) and value:
                value = value[0]
            out[str(key)] = value if isinstance(value, str) else None
        return out

    @cached_property
    def micro_steps(self) -> dict[str, int]:
        """Call name -> micro-step when one step runs the model several times (gradient accumulation, Megatron
        micro-batches): the first top-level forward module of construct.json is the model, and each further
        call of it (``...forward.1``, ``...forward.2``) starts the next micro-step; every call belongs to its
        top module's micro-step (backward calls to the forward one's). Empty when the model runs once or
        construct.json has no modules (level L1)."""
        tops = [name for name, parent in self.construct.items()
                if parent is None and ".forward" in name and name.split(".", 1)[0] in ("Module", "Cell")]
        if not tops:
            return {}
        model = tops[0].rsplit(".", 1)[0]
        roots: dict[str, int] = {}
        count = -1
        for name in tops:
            count += name.rsplit(".", 1)[0] == model
            roots[name] = max(count, 0)
        if count < 1:
            return {}

        def root_of(name: str) -> str | None:
            seen: set[str] = set()
            while name not in roots:
                name = name.replace(".backward", ".forward").replace(".parameters_grad", ".forward")
                parent = self.construct.get(name)
                if parent is None or parent in seen:
                    return name if name in roots else None
                seen.add(parent)
                name = parent
            return name

        out = {}
        for name in self.construct:
            root = root_of(name)
            if root is not None:
                out[name] = roots[root]
        return out

    @cached_property
    def stacks(self) -> dict[str, list[str]]:
        """Call name -> its Python stack lines (both stack.json layouts: indexed groups or name -> lines)."""
        doc = self._side_json("stack.json")
        out: dict[str, list[str]] = {}
        if not isinstance(doc, dict):
            return out
        for key, value in doc.items():
            if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], list)
                    and isinstance(value[1], list)):
                for name in value[0]:
                    out[str(name)] = [str(s) for s in value[1]]
            elif isinstance(value, list):
                out[str(key)] = [str(s) for s in value]
        return out

    def _side_json(self, name: str) -> object:
        path = self.path / name
        if not path.exists():
            return None
        try:
            return json.loads(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, json.JSONDecodeError) as exc:
            self.problems.append(Problem(str(path), f"{path}: unreadable ({exc})"))
            return None

    @property
    def tensor_dir(self) -> Path:
        return self.path / TENSOR_DIR

    def tensor_path(self, leaf: Leaf) -> Path | None:
        """The file holding ``leaf``'s tensor (None when the dump has statistics only).

        ``data_name`` comes from the dump and is untrusted: a name with a path separator is refused.
        """
        if leaf.data_name is None:
            return None
        if "/" in leaf.data_name or "\\" in leaf.data_name or leaf.data_name in (".", ".."):
            raise TensorLoadError(f"{self.path / DUMP_JSON}: data_name {leaf.data_name!r} is not a file name")
        return self.tensor_dir / leaf.data_name

    def load(self, leaf: Leaf) -> np.ndarray:
        """The tensor of ``leaf`` as numpy; :class:`TensorLoadError` when missing or unreadable."""
        path = self.tensor_path(leaf)
        if path is None:
            raise TensorLoadError(f"{leaf.name}: statistics-only dump, no tensor file")
        if not path.is_file():
            raise TensorLoadError(f"{path}: missing (data_name of {leaf.name} in dump.json)")
        try:
            if path.suffix == ".npy":
                return np.load(path, allow_pickle=False)
            return read_pt(path).array
        except PtFileError as exc:
            raise TensorLoadError(str(exc)) from None
        except (OSError, ValueError) as exc:
            raise TensorLoadError(f"{path}: {exc}") from None

    def missing_files(self) -> list[Problem]:
        """Leaves whose ``data_name`` names a file that is not there."""
        present = {p.name for p in self.tensor_dir.iterdir()} if self.tensor_dir.is_dir() else set()
        return [Problem(str(self.tensor_dir / leaf.data_name),
                        f"{self.tensor_dir / leaf.data_name}: missing (data_name of {leaf.name})")
                for leaf in self.iter_leaves() if leaf.data_name and leaf.data_name not in present]

    @property
    def label(self) -> str:
        who = f"rank{self.rank}" if self.rank is not None else (f"proc{self.pid}" if self.pid else self.path.name)
        return f"step{self.step}/{who}" if self.step is not None else who


@dataclass
class MsprobeTree:
    root: Path
    runs: list[MsprobeRun]
    problems: list[Problem] = field(default_factory=list)

    @property
    def steps(self) -> list[int | None]:
        return sorted({r.step for r in self.runs}, key=lambda s: -1 if s is None else s)

    def run(self, step: int | None, rank: int | None) -> MsprobeRun | None:
        return next((r for r in self.runs if r.step == step and r.rank == rank), None)


def _run_dirs(root: Path) -> list[Path]:
    if (root / DUMP_JSON).is_file():
        return [root]
    found: list[Path] = []
    for depth_glob in ("*/" + DUMP_JSON, "*/*/" + DUMP_JSON):
        found.extend(p.parent for p in root.glob(depth_glob) if p.is_file())
        if found:
            break
    return found


def _sort_key(run: MsprobeRun) -> tuple:
    return (-1 if run.step is None else run.step, -1 if run.rank is None else run.rank, run.pid or 0,
            run.path.name)


def is_msprobe_dir(path: str | Path) -> bool:
    """True when ``path`` is an msprobe dump path, step folder or rank folder.

    Cheap enough for the GUI thread on a huge folder: at most two folder listings, following only
    ``step*`` / ``rank*`` / ``proc*`` names.
    """
    path = Path(path)
    if (path / DUMP_JSON).is_file():
        return True
    for child in _named_dirs(path):
        if (child / DUMP_JSON).is_file():
            return True
        if child.name.startswith("step"):
            return any((grandchild / DUMP_JSON).is_file() for grandchild in _named_dirs(child))
    return False


def _named_dirs(path: Path, limit: int = 64) -> list[Path]:
    """Up to ``limit`` sub-folders named like msprobe's step, rank or proc folders."""
    found: list[Path] = []
    try:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.name.startswith(("step", "rank", "proc")) and entry.is_dir():
                    found.append(Path(entry.path))
                    if len(found) >= limit:
                        break
    except OSError:
        return []
    return sorted(found)


def open_tree(path: str | Path) -> MsprobeTree:
    """Index the msprobe runs under ``path`` (the dump path, a step folder or a rank folder)."""
    root = Path(path)
    tree = MsprobeTree(root, [])
    if not root.is_dir():
        tree.problems.append(Problem(str(root), f"{root}: not a folder"))
        return tree
    for run_dir in _run_dirs(root):
        step, rank, pid = folder_ids(run_dir)
        tree.runs.append(MsprobeRun(run_dir, step, rank, pid))
    tree.runs.sort(key=_sort_key)
    if not tree.runs:
        tree.problems.append(Problem(str(root), f"{root}: no dump.json found (not an msprobe dump)"))
    return tree
