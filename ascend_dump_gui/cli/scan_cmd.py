"""`ascend-dump scan DIR [--json]`: index a dump folder of any layout (cli.md, "Dump folders")."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring as _quote

from ascend_dump_gui.core.dump.records import DumpRecord, Problem
from ascend_dump_gui.core.dump.scanner import check_root, iter_scan

_CHUNK = 2000


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `scan` verb."""
    parser = sub.add_parser("scan", help="Index a dump folder of any layout.",
                            description="Recognise every documented dump layout under DIR and list its files.")
    parser.add_argument("dir", metavar="DIR", help="the dump folder (dump_path, or any folder below it)")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    root = check_root(args.dir)
    items = iter_scan(root)
    first = next(items, None)  # an unreadable root raises here, before anything is printed
    stream = items if first is None else itertools.chain((first,), items)
    if args.json:
        _write_json(root, stream, sys.stdout)
    else:
        _write_summary(root, stream, sys.stdout)
    return 0


def _write_json(root: str, items: Iterable[DumpRecord | Problem], out) -> None:
    """Stream the cli.md document: records as they are found (one per line), problems at the end."""
    problems: list[Problem] = []
    out.write('{"root": ' + _quote(root) + ', "records": [')
    chunk: list[str] = []
    separator = "\n  "
    for line in _record_lines(items, problems):
        chunk.append(line)
        if len(chunk) >= _CHUNK:
            out.write(separator + ",\n  ".join(chunk))
            separator, chunk = ",\n  ", []
    if chunk:
        out.write(separator + ",\n  ".join(chunk))
    out.write('\n], "problems": [')
    out.write(",".join(f'\n  {{"path": {_quote(p.path)}, "message": {_quote(p.message)}}}' for p in problems))
    out.write("\n]}\n" if problems else "]}\n")


def _record_lines(items: Iterable[DumpRecord | Problem], problems: list[Problem]) -> Iterator[str]:
    """``DumpRecord.to_json()`` as JSON text, built directly (the json module is 3x slower here);
    the layout fields shared by a folder's records are formatted once. Problems go to ``problems``."""
    key = None
    head = tail = ""
    for r in items:
        if type(r) is not DumpRecord:
            problems.append(r)
            continue
        k = (r.world_size, r.rank, r.time, r.model_name, r.model_id, r.iteration)
        if k != key:
            key = k
            ws, rank, time, model_name, model_id, iteration = k
            head = (f', "world_size": {_int(ws)}, "rank": {_int(rank)}, "time": {_str(time)}, "device": ')
            tail = (f', "model_name": {_str(model_name)}, "model_id": {_int(model_id)}, '
                    f'"iteration": {_int(iteration)}, "op_type": ')
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
        parts.append(f"rank {record.rank} of {record.world_size}")
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


def _write_summary(root: str, items: Iterable[DumpRecord | Problem], out) -> None:
    """Human-readable: file counts by kind for each layout level, then the problems."""
    levels: dict[str, Counter] = {}
    totals: Counter = Counter()
    problems: list[Problem] = []
    for item in items:
        if type(item) is DumpRecord:
            levels.setdefault(_level_label(item), Counter())[item.kind] += 1
            totals[item.kind] += 1
        else:
            problems.append(item)
    out.write(f"{root}: {sum(totals.values())} files indexed ({_kinds(totals) or 'none'}), "
              f"{len(problems)} problems\n")
    for label, counts in levels.items():
        out.write(f"  {label}: {_kinds(counts)}\n")
    if problems:
        out.write("problems:\n")
        for problem in problems:
            out.write(f"  {problem.path}: {problem.message}\n")


def _kinds(counts: Counter) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
