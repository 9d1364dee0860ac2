"""`ascend-dump compare NPU BENCH` on msprobe dump trees (cli.md: msprobe rows, ``mode``, ``result``)."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Iterator
from contextlib import contextmanager

from ascend_dump_gui.cli.output import note_replacing, place, print_json, verdict_text, warn
from ascend_dump_gui.cli.replay_cmd import divergence_replay
from ascend_dump_gui.core.inert import terminal_text
from ascend_dump_gui.core.msprobe.report import refuse_replacing_trees, row_json, summary, to_json, write_csv
from ascend_dump_gui.core.msprobe.tree_compare import TreeComparison, compare_trees


def _say(text: str) -> None:
    """One line of the human summary: names come from dump.json, so control and bidi characters are escaped."""
    print(terminal_text(text))


@contextmanager
def _uncollected() -> Iterator[None]:
    """The garbage collector paused while the body runs, and what it made kept out of later collections until the
    command's work is done: a tree compare makes millions of leaves and rows, which hold no reference cycles, and
    each collection would walk them all again (0.5-0.8 s of a 50,000-call compare). Memory is still freed as
    references go; the collector's state is restored after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def run_msprobe_compare(args: argparse.Namespace) -> int:
    if args.graph is not None:       # a GE graph has nothing to give msprobe runs: said, never ignored
        from ascend_dump_gui.core.replay.runs import refuse_graph

        refuse_graph(args.graph)
    try:
        with _uncollected():
            result = compare_trees(args.npu, args.golden, args.msprobe_mode, follow_links=args.follow_links)
        return _report(args, result)
    finally:
        gc.unfreeze()


def _report(args: argparse.Namespace, result: TreeComparison) -> int:
    """Write what ``args`` asks for of ``result``; the exit code."""
    if args.out:
        refuse_replacing_trees(result, args.out)   # refused before saying anything would be replaced
        note_replacing(args.out)
        write_csv(result, args.out)
    first = result.first_divergence()
    replay = None
    if first is not None:      # the first diverging call replayed from its own dumped arguments
        replay = divergence_replay(first[0].npu.path, None, first[1].npu.entry, bench=first[0].bench)
    if args.json:
        doc = to_json(result, lazy_rows=True)   # rows streamed as they are written
        if replay is not None:
            doc["first_divergence"]["replay"] = replay
        print_json(doc)
    else:
        s = summary(result)
        _say(f"{s['mode']}: {len(result.pairs)} run(s), {s['rows']} rows, {s['matched']} matched, "
             f"{s['pass']} pass, {s['warning']} warning, {s['error']} error, {s['not_compared']} not compared"
             + (f", {s['runs_not_compared']} run(s) not compared" if s["runs_not_compared"] else ""))
        for pair in result.pairs:
            if pair.result.unread is not None:
                _say(f"run not compared: {pair.npu.label}: {pair.result.unread}")
        unchecked = s["not_compared"] or s["runs_not_compared"]
        if first is None:
            _say("first divergence: none " + ("among the compared rows" if unchecked else
                                              "(every row passes msprobe's checks)")
                 + (f" ({s['not_compared']} not compared)" if s["not_compared"] else ""))
        else:
            row = row_json(*first)
            where = place(row["rank"], row["step"])
            _say(f"first divergence: {row['tensor']}{f' ({where})' if where else ''}: "
                 f"{verdict_text(row['result'], row['fail_reason'])}")
            if replay is not None:
                _say(f"replay: {replay['verdict']}: {replay['reason']}")
        for problem in result.problems:
            warn(problem.message if problem.message.startswith(problem.path) else f"{problem.path}: {problem.message}")
    if args.out:
        warn(f"wrote {sum(len(p.result.rows) for p in result.pairs)} rows to {args.out}")
    return 1 if args.fail_on_mismatch and result.unsettled() else 0


