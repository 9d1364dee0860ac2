"""`ascend-dump capture RUN [GOLDEN] (--first-divergence | --op NAME... | --module NAME...) [--around N] [--step S]...
[--rank R]... [--data tensor|stats] [--framework F] [--config FILE] [--out FILE] [--json]` (cli.md): the next capture
config, dumping full tensors only where the last run diverged."""

from __future__ import annotations

import argparse
from pathlib import Path

from ascend_dump_gui.cli.output import print_files, print_findings, print_json, warn
from ascend_dump_gui.core.inert import terminal_text

FRAMEWORKS = ("acl", "tf1", "tf2", "torchair", "msprobe")   # core/nextrun/capture_forms.py (kept light)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `capture` verb."""
    parser = sub.add_parser(
        "capture", help="Write the next capture config: full tensors only where the last run diverged.",
        description="Names checked against RUN (unknown names: listed, nothing written, exit 1); msprobe's "
                    "substring matching is reported (also_matches); the config passes `config check`.")
    parser.add_argument("run", metavar="RUN", help="one GE/acl dump folder (one rank, step and model) or an msprobe "
                                                   "rank folder")
    parser.add_argument("golden", metavar="GOLDEN", nargs="?", help="the golden or bench dump (--first-divergence)")
    what = parser.add_argument_group("what to capture (at least one)")
    what.add_argument("--first-divergence", action="store_true", help="the op compare RUN GOLDEN names first")
    what.add_argument("--op", metavar="NAME", action="append", default=[], help="an op or msprobe call (repeatable)")
    what.add_argument("--module", metavar="NAME", action="append", default=[],
                      help="an msprobe module (construct.json name), or a GE name scope (repeatable)")
    parser.add_argument("--around", metavar="N", type=int, default=0,
                        help="add the ops within N producer levels upstream")
    parser.add_argument("--step", metavar="S", type=int, action="append", default=[], help="a step to dump")
    parser.add_argument("--rank", metavar="R", type=int, action="append", default=[], help="a rank to dump")
    parser.add_argument("--data", choices=("tensor", "stats"), default="tensor", help="full tensors (default) or "
                                                                                      "statistics")
    parser.add_argument("--framework", choices=FRAMEWORKS, help="the config form (default: from --config, else the "
                                                                "run's format: acl or msprobe)")
    parser.add_argument("--config", metavar="FILE", help="the run's capture config or script (--out changes a copy; a "
                                                         "PyTorch script: the config.json its PrecisionDebugger names, "
                                                         "and the script beside it where its arguments override that)")
    parser.add_argument("--graph", metavar="FILE", help="the GE graph dump (default: found beside the dump)")
    parser.add_argument("--out", metavar="FILE", help="write the config here (never replacing a file)")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.errors import InputError
    from ascend_dump_gui.core.nextrun.capture import capture_files, propose_capture, to_json
    from ascend_dump_gui.core.nextrun.output import check_with_files, write_all

    if not (args.first_divergence or args.op or args.module):
        raise InputError(None, "say what to capture: --first-divergence, --op NAME or --module NAME")
    if args.around < 0:
        raise InputError(None, f"--around must be 0 or more, not {args.around}")
    proposal = propose_capture(args.run, args.golden, first_divergence=args.first_divergence, ops=args.op,
                               modules=args.module, around=args.around, steps=args.step, ranks=args.rank,
                               data=args.data, framework=args.framework, config=args.config, graph=args.graph)
    files: list[tuple[Path, str]] = []
    found = []
    if proposal.doc is not None:
        found = check_with_files(proposal.doc, {}, product=None, dump_ops=proposal.dump_ops)
        files = capture_files(proposal, Path(args.out).absolute() if args.out else None)
        if args.out and proposal.writable:
            write_all(dict(files))
    if args.json:
        print_json(to_json(proposal, files, found))
    else:
        _print(proposal, files, found)
    if proposal.unknown:
        warn(f"not in {args.run}: {', '.join(proposal.unknown)}; nothing written")
        return 1
    if proposal.refused:
        warn("the runtime would refuse this capture; nothing written")
        return 1
    if args.out and not proposal.writable:
        warn("nothing to capture: nothing written")
        return 1
    return 0 if proposal.doc is not None else 1


def _print(proposal, files, found) -> None:
    print(terminal_text(f"{proposal.framework}: capture {', '.join(proposal.ops) or 'nothing'}"
                        + (f" at step(s) {', '.join(map(str, proposal.steps))}" if proposal.steps else "")))
    for note in proposal.notes:
        print(terminal_text(f"note: {note}"))
    for item in proposal.refused:
        print(terminal_text(f"refused: {item['why']}"))
    print_files(files)
    print_findings(found)
