"""msprobe dump trees: ``{dump_path}/step{N}/rank{R}|proc{pid}/`` with dump.json, stack.json,
construct.json and ``dump_tensor_data/`` (``.pt`` for PyTorch, ``.npy`` otherwise).

A tree opens without reading any tensor; each run (one rank or process folder) parses its dump.json on
first use. Damaged or incomplete files become :class:`Problem` entries, never exceptions. Links follow the
policy of every reader (:mod:`ascend_dump_gui.core.links`): a file or folder that leads outside the folder
given is not read unless the tree was opened with ``follow_links=True``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ascend_dump_gui.core.errors import os_problem, reason_text
from ascend_dump_gui.core.links import fence_of, outside
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.msprobe.dump_json import (
    DumpJson,
    DumpJsonError,
    Entry,
    IncompleteDumpJson,
    Leaf,
    parse_dump_json,
    raw_entries,
    read_side_json,
    stream_entries,
)
from ascend_dump_gui.core.msprobe.layout import DUMP_JSON, TENSOR_DIR, folder_ids, is_file_name

if TYPE_CHECKING:
    import numpy as np

MAX_JSON_BYTES = 2 << 30
_NAME_OR_NULL = {str, type(None)}


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
    fence: str = ""
    """The real path of the folder given: files and folders that lead outside it are not read ("" = follow)."""
    _unread: str | None = field(default=None, repr=False)

    def _fenced(self, path: Path) -> Problem | None:
        """A problem when ``path`` leads outside the fence (recorded once in ``problems``)."""
        message = outside(path, self.fence)
        if message is None:
            return None
        return self._add(Problem(str(path), f"{path}: {message}"))

    def _add(self, problem: Problem) -> Problem:
        """Record ``problem`` once (a file may be looked at by several readers of the run)."""
        if problem not in self.problems:
            self.problems.append(problem)
        return problem

    def _dump_text(self) -> str | None:
        """dump.json's text; None (and a problem) when it leads outside the fence, is no regular file, is too
        large or cannot be read."""
        path = self.path / DUMP_JSON
        if (problem := self._fenced(path)) is not None:
            self._unread = problem.message
            return None
        try:
            st = path.stat()
            if not stat.S_ISREG(st.st_mode):
                raise DumpJsonError(f"{path}: not a regular file, not read")
            if st.st_size > MAX_JSON_BYTES:
                raise DumpJsonError(f"{path}: larger than {MAX_JSON_BYTES >> 30} GiB")
            return path.read_text(encoding="utf-8", errors="replace")
        except (OSError, DumpJsonError) as exc:
            self._unread = self._add(Problem(str(path), str(exc) if isinstance(exc, DumpJsonError)
                                             else f"{path}: {exc.strerror or exc}")).message
            return None

    @cached_property
    def dump(self) -> DumpJson:
        path = self.path / DUMP_JSON
        text = self._dump_text()
        if text is None:
            return DumpJson(None, None, None, None, [])
        try:
            return parse_dump_json(text, str(path))
        except IncompleteDumpJson as exc:
            self.problems.append(Problem(str(path), str(exc)))
            if not exc.partial.entries:
                self._unread = str(exc)
            return exc.partial
        except DumpJsonError as exc:
            self.problems.append(Problem(str(path), str(exc)))
            self._unread = str(exc)
            return DumpJson(None, None, None, None, [])

    @property
    def unread(self) -> str | None:
        """Why dump.json could not be read at all (the run has no calls to compare), naming the file; None when
        it was read (a cut file whose complete calls were salvaged counts as read, with a problem)."""
        _ = self.dump
        return self._unread

    def raw_calls(self, want: Callable[[str], bool] | None = None) -> list[tuple[str, Any]]:
        """``(call, value)`` of every dump.json entry as plain JSON values (only for the calls ``want`` accepts, when
        given; None for the others), through the same fenced, size-bounded, streaming reader as :attr:`dump` (the
        replay needs the arguments as dumped); :class:`DumpJsonError` naming the file when it cannot be read whole."""
        text = self._dump_text()
        if text is None:
            raise DumpJsonError(self._unread or f"{self.path / DUMP_JSON}: not read")
        return raw_entries(text, str(self.path / DUMP_JSON), want)

    def calls(self) -> list[tuple[str, list[str]]]:
        """``(call, data_names)`` of every dump.json entry, without building leaves (what a folder scan needs);
        from the parsed dump when it was read already."""
        if "dump" not in self.__dict__:
            text = self._dump_text()
            if text is None:
                return []
            try:
                return list(stream_entries(text, {}, _data_names, needs='"data_name"'))
            except (ValueError, RecursionError, IndexError):
                pass          # damaged: the full parse below says why (and salvages a cut file)
        return [(e.name, [leaf.data_name for leaf in e.leaves if leaf.data_name]) for e in self.entries]

    def any_leaf(self, test: Callable[[Leaf], bool]) -> bool:
        """Whether some leaf passes ``test``, reading dump.json only up to the first that does (unless read)."""
        if "dump" not in self.__dict__:
            text = self._dump_text()
            if text is None:
                return False
            try:
                return any(test(leaf) for entry in stream_entries(text, {}) for leaf in entry.leaves)
            except (ValueError, RecursionError, IndexError, DumpJsonError):
                pass
        return any(test(leaf) for leaf in self.iter_leaves())

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
        doc = self._side_json("construct.json", strings_only=True)
        if not isinstance(doc, dict):
            return {}
        if "megatron_micro_step_number" not in doc and set(map(type, doc.values())) <= _NAME_OR_NULL:
            return doc      # the common file as it is (a million modules: no copy)
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

    def _side_json(self, name: str, *, strings_only: bool = False) -> object:
        path = self.path / name
        if not path.exists() or self._fenced(path):
            return None
        try:
            return read_side_json(path, strings_only=strings_only)
        except DumpJsonError as exc:
            self.problems.append(Problem(str(path), str(exc)))
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
        if not is_file_name(leaf.data_name):
            raise TensorLoadError(self._add(self._not_a_file_name(leaf)).message)
        return self.tensor_dir / leaf.data_name

    def _not_a_file_name(self, leaf: Leaf) -> Problem:
        file = self.path / DUMP_JSON
        return Problem(str(file), msg("{path}: data_name '{data_name}' of {name} is not a file name in {folder}, "
                                      "not read", path=file, data_name=str(leaf.data_name)[:200], name=leaf.name,
                                      folder=TENSOR_DIR))

    def load(self, leaf: Leaf) -> np.ndarray:
        """The tensor of ``leaf`` as numpy; :class:`TensorLoadError` when missing or unreadable."""
        path = self.tensor_path(leaf)
        if path is None:
            raise TensorLoadError(msg("{name}: statistics-only dump, no tensor file", name=leaf.name))
        if (problem := self._fenced(path)) is not None:
            raise TensorLoadError(problem.message)
        try:
            is_file = path.is_file()
        except OSError as exc:
            raise TensorLoadError(msg("{path}: {problem}", path=path, problem=os_problem(exc))) from None
        if not is_file:
            raise TensorLoadError(msg("{path}: missing (data_name of {name} in dump.json)", path=path,
                                      name=leaf.name))
        from ascend_dump_gui.core.msprobe.pt_file import (  # numpy: only once a tensor is read
            PtFileError,
            read_pt,
        )
        from ascend_dump_gui.core.npy_file import read_npy

        try:
            array = read_npy(path) if path.suffix == ".npy" else read_pt(path).array
        except PtFileError as exc:
            raise TensorLoadError(reason_text(exc)) from None
        except OSError as exc:
            raise TensorLoadError(msg("{path}: {problem}", path=path, problem=os_problem(exc))) from None
        except (ValueError, MemoryError) as exc:
            raise TensorLoadError(f"{path}: {exc}") from None
        if leaf.shape is not None and tuple(array.shape) != leaf.shape:   # the file's own header decides
            raise TensorLoadError(msg("{path}: holds a tensor of shape {shape}, dump.json says {dumped} for {name}: "
                                      "the dump contradicts itself, not compared", path=path,
                                      shape=list(array.shape), dumped=list(leaf.shape), name=leaf.name))
        return array

    def missing_files(self) -> list[Problem]:
        """Leaves whose ``data_name`` names a file that is not there (every one when the folder is unreadable)."""
        present = set(self.tensor_names())
        out: list[Problem] = []
        for leaf in self.iter_leaves():
            if not leaf.data_name or leaf.data_name in present:
                continue
            if not is_file_name(leaf.data_name):      # it names nothing in the tree
                out.append(self._not_a_file_name(leaf))
                continue
            path = self.tensor_dir / leaf.data_name
            out.append(Problem(str(path), msg("{path}: missing (data_name of {name})", path=path, name=leaf.name)))
        return out

    def tensor_names(self) -> list[str]:
        """The names in ``dump_tensor_data/``, sorted; none (and a problem) when it cannot be listed or leads
        outside the fence."""
        folder = self.tensor_dir
        if not os.path.lexists(folder) or self._fenced(folder):
            return []
        try:
            return sorted(os.listdir(folder))
        except OSError as exc:
            self._add(Problem(str(folder), msg("{path}: cannot read folder: {problem}", path=folder,
                                                problem=os_problem(exc))))
            return []

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


def _data_names(call: str, value: object, _order: int) -> tuple[str, list[str]]:
    """The call and the tensor file names of one dump.json entry (``data_name`` of each argument with a type)."""
    names: list[str] = []
    stack = [value] if value is not None else []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("type"), str):
                name = item.get("data_name")
                if isinstance(name, str) and name and name != "-1":
                    names.append(name)
            else:
                stack.extend(reversed(item.values()))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return call, names


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


def open_tree(path: str | Path, *, follow_links: bool = False) -> MsprobeTree:
    """Index the msprobe runs under ``path`` (the dump path, a step folder or a rank folder). A run folder,
    dump.json, side file or tensor that leads outside ``path`` is a problem, not read, unless ``follow_links``."""
    root = Path(path)
    tree = MsprobeTree(root, [])
    if not root.is_dir():
        tree.problems.append(Problem(str(root), msg("{path}: not a folder", path=root)))
        return tree
    fence = fence_of(root, follow_links)
    for run_dir in _run_dirs(root):
        if (message := outside(run_dir, fence)) is not None:
            tree.problems.append(Problem(str(run_dir), f"{run_dir}: {message}"))
            continue
        step, rank, pid = folder_ids(run_dir)
        tree.runs.append(MsprobeRun(run_dir, step, rank, pid, fence=fence))
    tree.runs.sort(key=_sort_key)
    if not tree.runs:
        tree.problems.append(Problem(str(root), msg("{path}: no dump.json found (not an msprobe dump)", path=root)))
    return tree
