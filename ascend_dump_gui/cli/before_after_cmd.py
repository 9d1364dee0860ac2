"""`ascend-dump compare BEFORE GOLDEN --after AFTER`: two runs of one model against the same golden."""

from __future__ import annotations

import argparse
from typing import Any

from ascend_dump_gui.cli.output import print_json
from ascend_dump_gui.core.compare.before_after import CHANGES, before_and_after, paired
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.inert import terminal_text

LISTED = 20
"""Rows of each change word named in the human report (the JSON has them all)."""


def run(args: argparse.Namespace) -> int:
    """Compare BEFORE and AFTER with GOLDEN; exit 1 with ``--fail-on-mismatch`` when AFTER still fails a row."""
    if args.golden is None:
        raise InputError(None, "GOLDEN is required with --after")
    if args.out or args.metrics or args.tolerance:
        raise InputError(None, "--after takes none of --out, --metrics, --tolerance (both runs are judged alike)")
    doc = before_and_after(args.npu, args.golden, args.after, msprobe_mode=args.msprobe_mode, graph=args.graph,
                           follow_links=args.follow_links)
    if args.json:
        print_json(doc)
    else:
        _print_human(doc)
    return 1 if args.fail_on_mismatch and any(_fails_after(r) for r in doc["rows"]) else 0


def _fails_after(row: dict[str, Any]) -> bool:
    """A row of the AFTER run that misses the accuracy rule or has a counterpart but no verdict."""
    after = row.get("after")
    if after is None:
        return False
    return after["result"] not in ("pass", None) or (after["result"] is None and paired(row))


def _divergence(first: dict[str, Any] | None) -> str:
    return "none" if first is None else f"{first.get('tensor')} ({first.get('op_type')})"


def _print_human(doc: dict[str, Any]) -> None:
    say = lambda text: print(terminal_text(text))  # noqa: E731 - names come from dump files
    say(f"first divergence before: {_divergence(doc.get('first_divergence'))}")
    say(f"first divergence after:  {_divergence(doc['after'].get('first_divergence'))}")
    counts = doc["summary"]["changes"]
    say("changes: " + ", ".join(f"{counts[word]} {word.replace('_', ' ')}" for word in CHANGES))
    for word in CHANGES:
        if word in ("unchanged", "unmatched"):
            continue
        rows = [r for r in doc["rows"] if r["change"] == word]
        for row in rows[:LISTED]:
            after = row.get("after") or {}
            say(f"{word.replace('_', ' ')}: {row.get('tensor')}: {row.get('result', _word(row.get('reached')))}"
                f" -> {after.get('result')}")
        if len(rows) > LISTED:
            say(f"{word.replace('_', ' ')}: ... {len(rows) - LISTED} more")


def _word(reached: bool | None) -> str | None:
    return None if reached is None else ("pass" if reached else "fail")
