"""`scan` records for one msprobe run folder (cli.md: kinds ``msprobe_tensor`` and ``msprobe_stats``).

Every file in ``dump_tensor_data/`` is an ``msprobe_tensor`` record named after its call; every dump.json
call without any tensor file is one ``msprobe_stats`` record (path: the dump.json). ``rank`` and
``iteration`` come from ``rank{R}`` / ``step{N}`` (null for ``proc{pid}``). stack.json and construct.json
are part of the run, neither records nor problems. A tensor file or folder that leads outside the scanned
folder is a problem and not listed (:mod:`ascend_dump_gui.core.links`); an unreadable ``dump_tensor_data``
is a problem and the rest of the run is still listed.
"""

from __future__ import annotations

import os
from pathlib import Path

from ascend_dump_gui.core.dump.records import DumpRecord, Problem
from ascend_dump_gui.core.links import outside
from ascend_dump_gui.core.msprobe.dump_json import call_type
from ascend_dump_gui.core.msprobe.layout import DUMP_JSON, SIDE_FILES, TENSOR_DIR, folder_ids, is_file_name


def _looks_like_run(path: str, names: dict[str, int]) -> bool:
    """An msprobe run: dump.json beside stack.json or construct.json (msprobe writes the three; a broken dump.json
    is then the run's problem, not an unknown file), or a dump.json whose first keys include "task" or "data"."""
    if any(name in names for name in SIDE_FILES if name != DUMP_JSON):
        return True
    try:
        with open(os.path.join(path, DUMP_JSON), "rb") as fh:
            head = fh.read(512)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and (b'"task"' in head or b'"data"' in head)


def _call_of(file_name: str) -> str:
    """``Functional.linear.0.forward.input.0.pt`` -> ``Functional.linear.0.forward`` (best effort)."""
    stem = file_name.rsplit(".", 1)[0]
    for marker in (".input.", ".output.", ".parameters.", ".parameters_grad."):
        head, sep, tail = stem.partition(marker)
        if sep:
            return head if marker != ".parameters_grad." else head + sep + tail.split(".", 1)[0]
    return stem


def _rel_of(path: str, run_path: Path, prefix: str) -> str:
    """A run problem's path relative to the scan root."""
    try:
        return prefix + Path(path).relative_to(run_path).as_posix()
    except ValueError:
        return prefix + os.path.basename(path)


def msprobe_folder(path: str, rel: str, files: list[tuple[str, int]],
                   fence: str = "") -> tuple[list[DumpRecord], list[Problem]] | None:
    """Records and problems of the run folder ``path`` (``rel`` relative to the scan root), or None when the
    folder is not an msprobe run. ``fence``: the scanned folder's real path when links are not followed."""
    names = dict(files)                               # dict(): a C-speed look over the names
    if DUMP_JSON not in names or not _looks_like_run(path, names):
        return None
    from ascend_dump_gui.core.msprobe.tree import MsprobeRun  # numpy: only once a run is found

    run_path = Path(path)
    step, rank, _pid = folder_ids(run_path)
    run = MsprobeRun(run_path, step, rank, _pid, fence=fence)
    prefix = rel + "/" if rel else ""
    problems = [Problem(prefix + name, "not part of an msprobe run") for name, _ in files if name not in SIDE_FILES]

    def record(rel_path: str, kind: str, op_type: str | None, op_name: str | None, size: int) -> DumpRecord:
        return DumpRecord(rel_path, kind, None, rank, None, None, None, None, step, op_type, op_name, None, None,
                          None, size)

    owner: dict[str, str] = {}
    records: list[DumpRecord] = []
    json_size = next(size for name, size in files if name == DUMP_JSON)
    for call, named in run.calls():
        for data_name in named:
            if is_file_name(data_name):
                owner[data_name] = call
            else:
                problems.append(Problem(prefix + DUMP_JSON, f"data_name {data_name[:200]!r} of {call} is not a file "
                                                            f"name in {TENSOR_DIR}, not read"))
        if not named:
            records.append(record(prefix + DUMP_JSON, "msprobe_stats", call_type(call), call, json_size))
    tensor_dir = run_path / TENSOR_DIR
    present: set[str] = set()
    for name in run.tensor_names():
        present.add(name)
        entry_path = tensor_dir / name
        rel_path = f"{prefix}{TENSOR_DIR}/{name}"
        if (message := outside(entry_path, fence)) is not None:
            problems.append(Problem(rel_path, message))
            continue
        call = owner.get(name) or _call_of(name)
        try:
            size = entry_path.stat().st_size
        except OSError:
            size = 0
        records.append(record(rel_path, "msprobe_tensor", call_type(call), call, size))
    problems += [Problem(_rel_of(p.path, run_path, prefix), p.message) for p in run.problems]
    problems += [Problem(f"{prefix}{TENSOR_DIR}/{name}", f"missing: dump.json names it for {call}")
                 for name, call in owner.items() if name not in present]
    return records, problems

