"""`ascend-dump show FILE [--json]` and `ascend-dump convert PATH... --out DIR [--layout original|device]`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ascend_dump_gui.cli.output import print_json, warn
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.inert import terminal_text

if TYPE_CHECKING:
    from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor

# The dump reader (numpy, protobuf) loads when a sub-command runs, not when the parser is built (start-up time).
_GROUPS = ("inputs", "outputs", "buffers", "workspaces")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `show` and `convert` verbs."""
    show = sub.add_parser("show", help="Show a dump file's header and tensor summaries.",
                          description="Print a dump file's header: op name, time, version and per tensor its "
                                      "dtype, format, shapes, size and min/max/mean/NaN/Inf counts.")
    show.add_argument("file", metavar="FILE", help="a dump file (any layout)")
    show.add_argument("--json", action="store_true", help="print one JSON document")
    show.set_defaults(func=_run_show)

    conv = sub.add_parser("convert", help="Write each tensor of dump files as .npy.",
                          description="Write one .npy per input/output, named {dump file name}.{input|output}.{i}"
                                      ".npy. Directories are converted file by file; non-dumps are skipped. "
                                      "A dump that cannot be converted is reported and the others are still "
                                      "converted (exit 1). Two inputs with the same name both survive: the "
                                      "later one is written as {name}~2 (reported).")
    conv.add_argument("paths", metavar="PATH", nargs="+", help="dump files or directories of dump files")
    conv.add_argument("--out", metavar="DIR", required=True, type=Path, help="output directory")
    conv.add_argument("--layout", choices=("original", "device"), default="original",
                      help="original shape with device layouts restored (default), or the raw device shape")
    conv.add_argument("--follow-links", action="store_true",
                      help="in directories, also convert files that links lead to outside the directory "
                           "(default: such links are reported and skipped)")
    conv.set_defaults(func=_run_convert)


def _tensor_doc(tensor: DumpTensor) -> dict[str, Any]:
    doc = tensor.describe()
    doc["stats"] = None
    if tensor.role in ("input", "output"):
        try:
            doc["stats"] = tensor.stats().as_dict()
        except DumpFormatError as exc:
            doc["error"] = exc.reason
    return doc


def show_document(dump: DumpFile) -> dict[str, Any]:
    """The `show --json` document of a dump."""
    doc: dict[str, Any] = {"path": str(dump.path), "layout": dump.layout, "version": dump.version,
                           "dump_time": dump.dump_time, "op_name": dump.op_name}
    for group in _GROUPS:
        doc[group] = [_tensor_doc(t) for t in getattr(dump, group)]
    doc["attrs"] = dump.attrs
    doc["ffts"] = None if dump.ffts is None else {"auto": dump.ffts.auto, "thread_count": dump.ffts.thread_count,
                                                  "thread_id": dump.ffts.thread_id}
    doc["overflow"] = [r.as_json() for r in dump.overflow]
    if dump.unknown_fields:
        doc["unknown_fields"] = list(dump.unknown_fields)
    return doc


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _print_human(doc: dict[str, Any]) -> None:
    """The header for a terminal; text from the file (names, version) has its control characters escaped."""
    print(f"file      : {terminal_text(doc['path'])}")
    print(f"layout    : {doc['layout']}   version: {terminal_text(doc['version'] or '-')}   "
          f"dump_time: {doc['dump_time']}")
    print(f"op_name   : {terminal_text(doc['op_name'])}")
    for group in _GROUPS:
        for t in doc[group]:
            shape = "x".join(map(str, t["shape"])) or "scalar"
            orig = "-" if t["original_shape"] is None else ("x".join(map(str, t["original_shape"])) or "scalar")
            line = f"{t['role']}.{t['index']:<3} {t['dtype']:<16} {t['format']:<12} shape {shape:<18} " \
                   f"original {orig:<16} {t['size']} B"
            print(terminal_text(line))
            st = t.get("stats")
            if st:
                print(f"    min {_fmt(st['min'])}  max {_fmt(st['max'])}  mean {_fmt(st['mean'])}  "
                      f"std {_fmt(st['std'])}  nan {st['nan']}  +inf {st['pos_inf']}  -inf {st['neg_inf']}")
            elif t.get("error"):
                print(f"    ({terminal_text(t['error'])})")
    for i, record in enumerate(doc["overflow"]):
        print(f"overflow record {i}: {terminal_text(record)}")
    if doc["ffts"]:
        print(f"FFTS+     : {doc['ffts']}")


def _run_show(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.dump.reader import read_dump

    doc = show_document(read_dump(args.file))
    if args.json:
        print_json(doc)
    else:
        _print_human(doc)
    return 0


def _run_convert(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.dump.convert import convert_paths

    if args.out.exists() and not args.out.is_dir():
        raise DumpFormatError(args.out, "--out must be a directory")
    report = convert_paths([Path(p) for p in args.paths], args.out, args.layout, follow_links=args.follow_links)
    for path in report.written:
        print(terminal_text(path))
    for path, base in report.renamed:
        warn(f"{path} written as {args.out / base}.* (its name was taken or unsafe)")
    if report.replaced:
        warn(f"replaced {len(report.replaced)} file(s) already in {args.out}")
    for path, reason in report.skipped:
        warn(f"skipped {path}: {reason}")
    for path, reason in report.errors:
        warn(f"error: {path}: {reason}")
    for path, reason in report.bad_inputs:
        warn(f"error: {path}: {reason}")
    if report.bad_inputs:
        return 2
    return 1 if report.errors else 0
