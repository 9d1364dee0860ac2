"""`ascend-dump fix RUN [GOLDEN] [--op NAME]... [--framework F] [--config FILE] [--product P] [--out FILE] [--json]`
(cli.md): the framework's own precision fix for ops that ran below their dtype or overflowed."""

from __future__ import annotations

import argparse
from pathlib import Path

from ascend_dump_gui.cli.output import print_files, print_findings, print_json, warn
from ascend_dump_gui.core.config.names import PRODUCTS
from ascend_dump_gui.core.inert import terminal_text

FRAMEWORKS = ("tf1", "tf2", "ge", "atc", "torch_npu", "torchair")   # core/nextrun/fix_forms.py (kept light)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `fix` verb."""
    parser = sub.add_parser(
        "fix", help="Propose the precision fix for ops that ran below their dtype or overflowed.",
        description="Replays the first diverging op (with GOLDEN) and every overflowing op, or the ops --op names, "
                    "and proposes the narrowest change in the framework's own knobs that keeps them at their dtype: "
                    "per op name or type (customize_dtypes, modify_mixlist with a mixed mode, op_precision_mode), "
                    "for torch_npu ACL_PRECISION_MODE / allow_hf32 and code. Exit 0: a fix is proposed; 1: none "
                    "(an op judged kernel, or faithful at its own dtype: ops[].why says what to do).")
    parser.add_argument("run", metavar="RUN", help="one GE/acl dump folder (one rank, step and model) or an msprobe "
                                                   "rank folder")
    parser.add_argument("golden", metavar="GOLDEN", nargs="?", help="the golden dump of the same step")
    parser.add_argument("--op", metavar="NAME", action="append", default=[], help="an op to fix (repeatable)")
    parser.add_argument("--framework", choices=FRAMEWORKS, help="the framework to write the fix for (default: "
                                                                "from --config, else ge / torch_npu for msprobe)")
    parser.add_argument("--config", metavar="FILE", help="the run's config or training script (its precision mode "
                                                         "decides the knob; --out changes a copy of it)")
    parser.add_argument("--product", choices=PRODUCTS, help="the product the run used (its default precision mode)")
    parser.add_argument("--graph", metavar="FILE", help="the GE graph dump (default: found beside the dump)")
    parser.add_argument("--out", metavar="FILE", help="write the changed config here and its side files beside it "
                                                      "(never replacing a file)")
    parser.add_argument("--json", action="store_true", help="print one JSON document (cli.md)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.nextrun import fix_write
    from ascend_dump_gui.core.nextrun.fix import propose_fix

    proposal = propose_fix(args.run, args.golden, ops=args.op, framework=args.framework, config=args.config,
                           product=args.product, graph=args.graph)
    files = fix_write.preview_files(proposal)
    folder = None
    if args.out and proposal.proposed:
        files = fix_write.write_fix(proposal, Path(args.out))
        folder = Path(args.out).absolute().parent
    found = fix_write.findings(proposal, product=args.product, dump_ops=proposal.dump_ops, folder=folder)
    if args.json:
        print_json(fix_write.to_json(proposal, files, found))
    else:
        _print(proposal, files, found, written=bool(args.out and proposal.proposed))
    if args.out and not proposal.proposed:
        warn("no fix proposed: nothing written")
    return 0 if proposal.proposed else 1


def _print(proposal, files, found, *, written: bool) -> None:
    from ascend_dump_gui.core.nextrun import fix_write

    for op in proposal.ops:
        print(terminal_text(f"{op['op']} ({op['op_type']}): {op['verdict']} at {op['precision'] or '?'} "
                            f"(its dtype {op['dtype'] or '?'})"))
        if "why" in op:
            print(terminal_text(f"  {op['why']}"))
    for change in proposal.changes:
        print(terminal_text(f"change {change['option']} = {change['value']}: {change['why']}"))
    for note in fix_write.script_notes(fix_write.script_fix(proposal)):
        print(terminal_text(f"note: {note}"))
    print_files(files, "wrote" if written else "file")
    print_findings(found)
    if proposal.verify:
        print(terminal_text(f"verify: {proposal.verify}"))
