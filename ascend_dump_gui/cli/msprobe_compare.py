"""`ascend-dump compare NPU BENCH` on msprobe dump trees (cli.md: msprobe rows, ``mode``, ``result``)."""

from __future__ import annotations

import argparse

from ascend_dump_gui.cli.output import note_replacing, print_json, warn
from ascend_dump_gui.core.msprobe.report import to_json, write_csv
from ascend_dump_gui.core.msprobe.tree_compare import compare_trees


def run_msprobe_compare(args: argparse.Namespace) -> int:
    result = compare_trees(args.npu, args.golden, args.msprobe_mode)
    if args.out:
        note_replacing(args.out)
        write_csv(result, args.out)
    doc = to_json(result)
    first_found = result.first_divergence()
    if first_found is not None:      # the first diverging call replayed from its own dumped arguments
        from ascend_dump_gui.cli.replay_cmd import divergence_replay

        replay = divergence_replay(first_found[0].npu.path, None, first_found[1].npu.entry)
        if replay is not None:
            doc["first_divergence"]["replay"] = replay
    if args.json:
        print_json(doc)
    else:
        s = doc["summary"]
        print(f"{s['mode']}: {len(result.pairs)} run(s), {s['rows']} rows, {s['matched']} matched, "
              f"{s['pass']} pass, {s['warning']} warning, {s['error']} error")
        first = doc["first_divergence"]
        if first is None:
            print("first divergence: none (every row passes msprobe's checks)")
        else:
            print(f"first divergence: {first['tensor']} (step {first['step']}, rank {first['rank']}): "
                  f"{first['result']}: {first['fail_reason']}")
            if "replay" in first:
                print(f"replay: {first['replay']['verdict']}: {first['replay']['reason']}")
        for problem in doc["problems"]:
            warn(f"{problem['path']}: {problem['message']}")
    if args.out:
        warn(f"wrote {sum(len(p.result.rows) for p in result.pairs)} rows to {args.out}")
    failed = any(r["result"] != "pass" for r in doc["rows"])
    return 1 if args.fail_on_mismatch and failed else 0


