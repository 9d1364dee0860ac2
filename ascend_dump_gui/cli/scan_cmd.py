"""`ascend-dump scan DIR [--json]`: index a dump folder of any layout (cli.md, "Dump folders")."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from collections.abc import Iterable

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
    """Stream the cli.md document: records as they are found, problems at the end."""
    encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    problems: list[Problem] = []
    out.write('{"root": ' + encode(root) + ', "records": [')
    chunk: list[str] = []
    separator = "\n  "
    for item in items:
        if type(item) is DumpRecord:
            chunk.append(encode(item.to_json()))
            if len(chunk) >= _CHUNK:
                out.write(separator + ",\n  ".join(chunk))
                separator, chunk = ",\n  ", []
        else:
            problems.append(item)
    if chunk:
        out.write(separator + ",\n  ".join(chunk))
    out.write('\n], "problems": [')
    out.write(",".join("\n  " + encode(p.to_json()) for p in problems))
    out.write("\n]}\n" if problems else "]}\n")


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
