"""Run every benchmark, each in its own process, and print one table of its figures against their targets.

    python benchmarks/run_all.py [--quick] [--only NAME,...] [--readme] [--timeout SECONDS]

A benchmark reports a figure as a line ``RATIO <name> <value> [<= or >= <target>]`` (a ratio against a baseline
measured in the same run, or a figure such as GB/s or ms where its name says so); a benchmark that prints none is
listed with its lines that name a target. ``--quick`` runs each on small inputs (a smoke run: its figures say
little); ``--readme`` rewrites the block between the performance markers of README.md with the table.

Before each full-size benchmark the page cache is written back (``sync``: the previous benchmark's files) and the
run waits, up to a minute, for the processors to be idle (a half-second sample of ``/proc/stat`` at least 90% idle);
the table gives how idle they were when it started.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
BEGIN, END = "<!-- benchmarks:begin (written by benchmarks/run_all.py --readme) -->", "<!-- benchmarks:end -->"
_RATIO = re.compile(r"^RATIO (\S+) (\S+)(?: (<=|>=) (\S+))?\s*$")
_IDLE, _SETTLE_SECONDS, _SAMPLE_SECONDS = 0.90, 60.0, 0.5

# name: (full-size arguments, quick arguments)
BENCHMARKS: dict[str, tuple[list[str], list[str]]] = {
    "bench_compare": (["--oracle-python", os.environ.get("ORACLE_PYTHON", "/work/oracle-venv/bin/python")],
                      ["--size-mb", "4", "--repeat", "1", "--skip-msprobe"]),
    "bench_msprobe_scale": ([], ["--calls", "500", "--differing", "5"]),
    "bench_scan": ([], ["--files", "2000", "--rounds", "1"]),
    "bench_convert": ([], ["--size-mb", "8", "--repeat", "1"]),
    "bench_view": ([], ["--size-mb", "8"]),
    "bench_headers": ([], ["--files", "200", "--repeat", "1"]),
    "bench_msprobe": ([], ["--mib", "4"]),
    "bench_replay": ([], ["--n", "256", "--repeat", "1"]),
    "bench_emulate": ([], ["--steps", "1", "--repeat", "1"]),
    "bench_config_check": ([], ["--runs", "5"]),
    "bench_preflight": ([], ["--runs", "1"]),
    "bench_ranks": ([], ["--ranks", "4", "--steps", "1", "--size", "0.01"]),
    "bench_graph": ([], ["--ops", "500", "--scopes", "10", "--calls", "500", "--modules", "50"]),
    "bench_start": ([], ["--runs", "1"]),
}


@dataclass
class Outcome:
    """What one benchmark printed: its RATIO figures, or its target lines when it prints none."""

    name: str
    seconds: float
    code: int | None
    figures: list[tuple[str, float, str, float | None]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    idle: float | None = None
    """How idle the processors were when it started (None: not measured)."""
    failure: str | None = None
    """Why it did not run through (a traceback's last line, an exit status other than 0 and 1, a timeout)."""


def _cpu_times() -> tuple[int, int] | None:
    """(idle, total) jiffies of all processors since boot; None where ``/proc/stat`` is absent."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(v) for v in fh.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return fields[3] + (fields[4] if len(fields) > 4 else 0), sum(fields[:8])


def settle(limit: float = _SETTLE_SECONDS) -> float | None:
    """Write back the page cache, then wait (at most ``limit`` seconds) for an idle sample; its idle share."""
    os.sync()
    deadline, idle = time.monotonic() + limit, None
    while True:
        before = _cpu_times()
        time.sleep(_SAMPLE_SECONDS)
        after = _cpu_times()
        if before is None or after is None or after[1] == before[1]:
            return idle
        idle = (after[0] - before[0]) / (after[1] - before[1])
        if idle >= _IDLE or time.monotonic() > deadline:
            return idle


def run(name: str, quick: bool, timeout: float) -> Outcome:
    full, small = BENCHMARKS[name]
    cmd = [sys.executable, str(REPO / "benchmarks" / f"{name}.py"), *(small if quick else full)]
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=REPO)
    except subprocess.TimeoutExpired:
        return Outcome(name, time.perf_counter() - start, None, failure=f"stopped after {timeout:g} s")
    out = Outcome(name, time.perf_counter() - start, proc.returncode)
    for line in proc.stdout.splitlines():
        match = _RATIO.match(line)
        if match:
            label, value, op, target = match.groups()
            out.figures.append((label, float(value), op or "", float(target) if target else None))
        elif "target" in line:
            out.notes.append(line.strip())
    last = (proc.stderr.strip().splitlines() or [""])[-1][:200]
    if "Traceback (most recent call last)" in proc.stderr:      # exit 1 is also a missed target: say it crashed
        out.failure = f"crashed (exit {proc.returncode}): {last}"
    elif proc.returncode not in (0, 1):
        out.failure = f"exit {proc.returncode}: {last}"
    return out


def _verdict(value: float, op: str, target: float | None) -> str:
    if target is None:
        return ""
    return "met" if (value <= target if op == "<=" else value >= target) else "MISSED"


def table(outcomes: list[Outcome]) -> str:
    """A Markdown table of every figure (and the target lines of benchmarks that print no figure)."""
    lines = ["| benchmark | figure | value | target | |", "|---|---|---:|---|---|"]
    for o in outcomes:
        name = o.name if o.idle is None else f"{o.name} (idle {o.idle:.0%} at its start)"
        for label, value, op, target in o.figures:
            goal = f"{op} {target:g}" if target is not None else ""
            lines.append(f"| {name} | {label} | {value:.3g} | {goal} | {_verdict(value, op, target)} |")
            name = o.name
        for note in o.notes if not o.figures else ():
            lines.append(f"| {name} | {note.replace('|', '/')} | | | |")
            name = o.name
        if o.failure is not None:
            lines.append(f"| {name} | {o.failure.replace('|', '/')} | | | FAILED |")
    return "\n".join(lines)


def rewrite_readme(text: str, block: str) -> None:
    readme = README.read_text(encoding="utf-8")
    start, stop = readme.find(BEGIN), readme.find(END)
    if start < 0 or stop < start:
        raise SystemExit(f"README.md has no {BEGIN} ... {END} block")
    README.write_text(readme[:start + len(BEGIN)] + "\n" + text + "\n" + block + "\n" + readme[stop:],
                      encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small inputs: a smoke run of every benchmark")
    parser.add_argument("--only", default="", help="comma-separated benchmark names (default: all)")
    parser.add_argument("--readme", action="store_true", help="rewrite README.md's benchmark block with the table")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per benchmark")
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
    outcomes = []
    for name in names:
        idle = None if args.quick else settle()
        print(f"running {name}{' (quick)' if args.quick else ''} ...", file=sys.stderr, flush=True)
        outcomes.append(run(name, args.quick, args.timeout))
        outcomes[-1].idle = idle
    text = table(outcomes)
    print(text)
    if args.readme:
        load = os.getloadavg()[0]
        rewrite_readme(text, f"\n{'Quick (smoke) run' if args.quick else 'Run'} of {time.strftime('%Y-%m-%d')} on "
                             f"{os.cpu_count()} cores, load average {load:.1f} at the end.")
    return 0 if all(o.failure is None for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
