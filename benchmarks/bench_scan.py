"""Scan speed on a 100,000-file dump tree, against `find DIR -type f -printf '%s %p\\n'` in the same run.

Targets: in-process index within 1.5x of find at 100k and 1M files (issue 35), `ascend-dump scan --json` within
5x of find (issue 4), listing the first folder's children through DumpNode under 50 ms. Also prints peak memory.
``--files 100000 1000000`` measures both sizes in one run (building the 1M tree takes minutes and 1M inodes).
``ASCEND_DUMP_GUI_PURE_SCAN=1`` measures the scanner's Python listing instead of its C one (core/scan/walk.py).

    python benchmarks/bench_scan.py [--files 100000 [1000000 ...]] [--rounds 5] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc

from ascend_dump_gui.core.dump.naming import dump_file_name, write_mapping_csv
from ascend_dump_gui.core.scan import walk
from ascend_dump_gui.core.scan.scanner import scan
from ascend_dump_gui.core.scan.tree import DumpNode

RANKS, MODELS, STEPS = 2, 2, 5
OP_TYPES = ("Conv2D", "MatMul", "Add", "Relu", "BatchNorm", "Cast", "TransData", "Mul")


def build_tree(root: str, n_files: int) -> int:
    """A torchair-style tree: worldsize2_global_rank{R}/{time}/{device}/{model}/1/{step}/ files."""
    folders = RANKS * MODELS * STEPS
    per_folder = n_files // folders
    written = 0
    for rank in range(RANKS):
        for m in range(MODELS):
            for step in range(STEPS):
                folder = os.path.join(root, f"worldsize{RANKS}_global_rank{rank}", "20240301120000", str(rank),
                                      f"ge_default_20240301120000_{m + 1}", "1", str(step))
                os.makedirs(folder)
                rows = []
                for i in range(per_folder):
                    op_type = OP_TYPES[i % len(OP_TYPES)]
                    op_name = f"model/layer{i // 8}/{op_type.lower()}_{i}"
                    if i % 997 == 0:  # a few over-long names, hashed through mapping.csv
                        op_name = op_name + "/very_long_scope" * 20
                    name = dump_file_name(op_type, op_name, i + 10, 1, 1709290000000000 + i)
                    if name.mapping_row:
                        rows.append(name.mapping_row)
                    with open(os.path.join(folder, name.file_name), "wb") as fh:
                        fh.write(b"\0" * (i % 64))
                    written += 1
                if rows:
                    write_mapping_csv(os.path.join(folder, "mapping.csv"), rows)
                    written += 1
    return written


def timed(fn) -> float:
    """Seconds ``fn()`` takes; its result is freed after the clock stops (an index is kept, not timed away)."""
    start = time.perf_counter()
    value = fn()
    seconds = time.perf_counter() - start
    del value
    return seconds


def cli_peak_rss_mib(cmd: list[str]) -> float | None:
    """Peak RSS of one CLI run, through GNU time when it is installed."""
    gnu_time = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if gnu_time is None:
        return None
    run = subprocess.run([gnu_time, "-f", "%M", *cmd], capture_output=True, text=True, check=True)
    return int(run.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, nargs="+", default=[100_000], help="tree size(s), one tree each")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds; the best of each is kept")
    parser.add_argument("--keep", help="build (or reuse) the tree in this folder (a sub-folder per size when "
                                       "several) and keep it")
    args = parser.parse_args()
    for n_files in args.files:
        keep = args.keep and (args.keep if len(args.files) == 1 else os.path.join(args.keep, f"files_{n_files}"))
        if keep:
            os.makedirs(keep, exist_ok=True)
        measure(n_files, args.rounds, keep)


def measure(n_files: int, rounds: int, keep: str | None) -> None:
    """Build (or reuse) a tree of ``n_files`` files and print its figures."""
    root = keep or tempfile.mkdtemp(prefix="bench_scan_", dir="/tmp")
    try:
        if not os.listdir(root):
            start = time.perf_counter()
            count = build_tree(root, n_files)
            print(f"built {count} files in {time.perf_counter() - start:.1f} s under {root}")
        find_cmd = ["find", root, "-type", "f", "-printf", "%s %p\n"]
        cli_cmd = [sys.executable, "-m", "ascend_dump_gui.cli", "scan", "--json", root]
        startup_cmd = [sys.executable, "-m", "ascend_dump_gui.cli", "--version"]
        subprocess.run(find_cmd, check=True, capture_output=True)  # warm the dentry/inode caches
        t_first = min(timed(lambda: DumpNode.root(root).list_children()) for _ in range(3))
        leaf = DumpNode.root(root)
        while leaf.is_dir:
            kids = leaf.list_children()
            leaf = next((k for k in kids if k.is_dir), kids[0])
        t_leaf = min(timed(lambda: leaf.parent.list_children()) for _ in range(3))

        # Interleaved rounds, so a load spike from other processes hits every contender alike.
        best = {"find": float("inf"), "scan": float("inf"), "cli": float("inf"), "startup": float("inf")}
        for _ in range(rounds):
            best["find"] = min(best["find"], timed(lambda: subprocess.run(find_cmd, check=True, capture_output=True)))
            best["scan"] = min(best["scan"], timed(lambda: scan(root)))
            best["cli"] = min(best["cli"], timed(lambda: subprocess.run(cli_cmd, check=True, capture_output=True)))
            best["startup"] = min(best["startup"], timed(lambda: subprocess.run(startup_cmd, check=True,
                                                                                capture_output=True)))
        tracemalloc.start()
        result = scan(root)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        cli_rss = cli_peak_rss_mib(cli_cmd)

        t_find, t_scan, t_cli, t_start = best["find"], best["scan"], best["cli"], best["startup"]
        listing = "C (core/scan/_walk.c)" if walk.WALK is not None else "Python"
        print(f"records {len(result.records)}, problems {len(result.problems)}, best of {rounds} rounds, "
              f"{listing} listing, load average {os.getloadavg()[0]:.2f}")
        print(f"find -printf '%s %p'          {t_find * 1000:8.1f} ms")
        print(f"scan() in process             {t_scan * 1000:8.1f} ms   {t_scan / t_find:5.2f}x find (target <= 1.5x)")
        print(f"ascend-dump scan --json       {t_cli * 1000:8.1f} ms   {t_cli / t_find:5.2f}x find (target <= 5x)")
        print(f"  of which CLI start-up       {t_start * 1000:8.1f} ms   (`ascend-dump --version`: imports of all verbs)")
        print(f"  scan --json minus start-up  {(t_cli - t_start) * 1000:8.1f} ms   {(t_cli - t_start) / t_find:5.2f}x find")
        rss = "n/a" if cli_rss is None else f"{cli_rss:.0f} MiB"
        print(f"peak memory: scan() {peak / 2**20:.1f} MiB of Python objects; scan --json max RSS {rss}")
        print(f"DumpNode: list root children  {t_first * 1000:8.2f} ms  (target < 50 ms)")
        print(f"DumpNode: list a leaf folder  {t_leaf * 1000:8.2f} ms  ({len(leaf.parent.list_children())} entries)")
        print(f"RATIO scan_{n_files}_files_vs_find {t_scan / t_find:.3f} <= 1.5")
        print(f"RATIO scan_json_cli_{n_files}_files_vs_find {t_cli / t_find:.3f} <= 5")
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
