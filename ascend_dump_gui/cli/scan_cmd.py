"""`ascend-dump scan DIR [--json]`: index a dump folder of any layout (cli.md, "Dump folders")."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring as _quote
from typing import TYPE_CHECKING

from ascend_dump_gui.core.inert import json_text, terminal_text

if TYPE_CHECKING:
    from ascend_dump_gui.core.dump.records import DumpRecord, Problem

    Batch = tuple[list[DumpRecord], list[Problem]]

# The scanner loads when the verb runs, not when the parser is built (start-up time).


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `scan` verb."""
    parser = sub.add_parser("scan", help="Index a dump folder of any layout.",
                            description="Recognise every documented dump layout under DIR and list its files.")
    parser.add_argument("dir", metavar="DIR", help="the dump folder (dump_path, or any folder below it)")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.add_argument("--follow-links", action="store_true",
                        help="also index what links lead to outside DIR (default: such links are listed as "
                             "problems, not followed)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.collector import gc_paused
    from ascend_dump_gui.core.scan.scanner import check_root, iter_folders

    root = check_root(args.dir)
    batches = iter_folders(root, follow_links=args.follow_links)
    first = next(batches, None)  # an unreadable root raises here, before anything is printed
    stream = batches if first is None else itertools.chain((first,), batches)
    with gc_paused():
        if args.json:
            _write_json(root, stream, sys.stdout)
        else:
            _write_summary(root, stream, sys.stdout)
    return 0


def _write_json(root: str, batches: Iterable[Batch], out) -> None:
    """Stream the cli.md document: records folder by folder (one per line), problems at the end."""
    problems: list[Problem] = []

    def write(text: str) -> None:  # names may hold control characters: escaped, as JSON allows
        out.write(json_text(text))

    write('{"root": ' + _quote(root) + ', "records": [')
    separator = "\n  "
    for records, folder_problems in batches:
        problems += folder_problems
        if records:
            write(separator + ",\n  ".join(_record_lines(records)))
            separator = ",\n  "
    write('\n], "problems": [')
    write(",".join(f'\n  {{"path": {_quote(p.path)}, "message": {_quote(p.message)}}}' for p in problems))
    write("\n]}\n" if problems else "]}\n")


def _record_lines(records: list[DumpRecord]) -> Iterator[str]:
    """``DumpRecord.to_json()`` of one folder's records as JSON text, built directly (the json module is
    3x slower here). A folder's records share their layout fields (all but ``device``): formatted once."""
    first = records[0]
    head = (f', "world_size": {_int(first.world_size)}, "rank": {_int(first.rank)}, "time": {_str(first.time)}, '
            f'"device": ')
    tail = (f', "model_name": {_str(first.model_name)}, "model_id": {_int(first.model_id)}, '
            f'"iteration": {_int(first.iteration)}, "op_type": ')
    for r in records:
        d, op_type, op_name, task, stream, ts = r.device, r.op_type, r.op_name, r.task_id, r.stream_id, r.timestamp
        yield (f'{{"path": {_quote(r.path)}, "kind": "{r.kind}"{head}{"null" if d is None else d}{tail}'
               f'{"null" if op_type is None else _quote(op_type)}, '
               f'"op_name": {"null" if op_name is None else _quote(op_name)}, '
               f'"task_id": {"null" if task is None else task}, "stream_id": {"null" if stream is None else stream}, '
               f'"timestamp": {"null" if ts is None else ts}, "size": {r.size}}}')


def _int(value: int | None) -> str:
    return "null" if value is None else str(value)


def _str(value: str | None) -> str:
    return "null" if value is None else _quote(value)


def _level_label(record: DumpRecord) -> str:
    parts = []
    if record.rank is not None:
        parts.append(f"rank {record.rank}" + (f" of {record.world_size}" if record.world_size is not None else ""))
    if record.time is not None:
        parts.append(f"time {record.time}")
    if record.device is not None:
        parts.append(f"device {record.device}")
    if record.model_name is not None:
        parts.append(f"model {record.model_name}")
    if record.model_id is not None:
        parts.append(f"model id {record.model_id}")
    if record.iteration is not None:
        parts.append(f"step {record.iteration}")
    return " / ".join(parts) or "(no layout level)"


def _write_summary(root: str, batches: Iterable[Batch], out) -> None:
    """Human-readable: file counts by kind for each layout level, then the problems."""
    levels: dict[str, Counter] = {}
    totals: Counter = Counter()
    problems: list[Problem] = []
    for records, folder_problems in batches:
        problems += folder_problems
        for record in records:
            levels.setdefault(_level_label(record), Counter())[record.kind] += 1
            totals[record.kind] += 1
    out.write(f"{terminal_text(root)}: {sum(totals.values())} files indexed ({_kinds(totals) or 'none'}), "
              f"{len(problems)} problems\n")
    for label, counts in levels.items():
        out.write(f"  {terminal_text(label)}: {_kinds(counts)}\n")
    if problems:
        out.write("problems:\n")
        for problem in problems:
            out.write(f"  {terminal_text(problem.path)}: {terminal_text(problem.message)}\n")


def _kinds(counts: Counter) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
