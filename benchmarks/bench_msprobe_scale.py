"""Scale of msprobe statistics trees: ``compare --json`` and ``runs`` of two trees of many calls.

    python benchmarks/bench_msprobe_scale.py [--calls 200000] [--per-call 5] [--differing 300]
                                             [--nest-depth 0] [--nest-kind list] [--name-length 0]
                                             [--dir /tmp/...] [--keep]

Builds two statistics trees (``step0/rank0/dump.json``, ``--per-call`` tensor entries per call: inputs, one
keyword argument and the output; the bench side equal to the NPU side but for ``--differing`` calls spread over
the run; ``--nest-depth`` wraps the positional inputs in that many levels of lists, dicts or both, as msprobe
writes tuples, lists and dicts of tensors; ``--name-length`` makes the calls module calls of about that many
characters) and measures, each in a child process (time and peak RSS): the baseline, Python's ``json.load`` of both
files plus one pass over their entries; ``ascend-dump compare NPU BENCH --json`` with stdout to a file;
``ascend-dump runs`` over a folder holding both trees. Targets (issue 35): compare --json <= 3x the baseline's
time with a peak RSS <= 3x the two files' size; runs <= 2x the baseline's time.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINE = """
import json, sys
total = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for name, call in doc["data"].items():
        for key in ("input_args", "input_kwargs", "output"):
            leaves = call.get(key, ())
            for leaf in (leaves.values() if isinstance(leaves, dict) else leaves):
                total += isinstance(leaf, dict) and leaf.get("Max") is not None
    del doc
print(total)
"""


def _nested(leaves: list[str], depth: int, kind: str) -> str:
    """The positional inputs' JSON: ``leaves`` inside ``depth`` levels of lists (as msprobe writes tuples and
    lists) or dicts or, with ``mixed``, both alternately."""
    text = ", ".join(leaves)
    for level in range(depth):
        as_dict = kind == "dict" or (kind == "mixed" and level % 2 == 1)
        text = f'{{"x{level}": [{text}]}}' if as_dict else f"[{text}]"
    return text


def _call_names(name_length: int) -> tuple[str, str]:
    """(head, tail) of the calls' names: ``{head}{op}.{n}.forward`` API calls, or with ``name_length`` module calls
    ``{head}{op}.{tail}{n}`` of about that many characters."""
    if not name_length:
        return "", ".{n}.forward"
    path = "model.language_model.encoder.layers"
    path = (path * (name_length // len(path) + 1))[:max(1, name_length - 40)]
    return f"Module.{path}.", ".forward.{n}"


def write_dump_json(path: Path, calls: int, per_call: int, differing: frozenset[int], nest_depth: int = 0,
                    nest_kind: str = "list", name_length: int = 0) -> None:
    """A statistics dump.json of ``calls`` calls with ``per_call`` tensors each (``per_call - 2`` positional
    inputs, nested ``nest_depth`` levels deep, one keyword argument, one output), streamed; the calls in
    ``differing`` get other statistics."""
    rng = random.Random(7)           # the same values on both sides
    path.parent.mkdir(parents=True, exist_ok=True)
    ops = ("Functional.linear", "Torch.matmul", "Tensor.add", "Functional.gelu", "Torch.softmax")
    head, tail = _call_names(name_length)
    if name_length:
        ops = tuple(f"layer{k}.Linear" for k in range(5))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('{\n "task": "statistics",\n "level": "L1",\n "framework": "pytorch",\n "dump_data_dir": null,\n'
                 ' "data": {\n')
        for i in range(calls):
            off = 1.5 if i in differing else 1.0

            def leaf(off: float = off) -> str:
                mx, mn = rng.uniform(0, 3) * off, -rng.uniform(0, 3)
                return (f'{{"type": "torch.Tensor", "dtype": "torch.bfloat16", "shape": [8, 4096], "Max": {mx!r}, '
                        f'"Min": {mn!r}, "Mean": {(mx + mn) / 7!r}, "Norm": {abs(mx) * 91!r}, '
                        f'"requires_grad": false}}')
            leaves = [leaf() for _ in range(max(0, per_call - 2))]
            inputs = _nested(leaves, nest_depth, nest_kind) if leaves else ""
            kwargs = f'"weight": {leaf()}' if per_call >= 2 else ""
            sep = ",\n" if i < calls - 1 else "\n"
            name = head + ops[i % 5] + tail.format(n=i // 5)
            fh.write(f'  "{name}": {{"input_args": [{inputs}], "input_kwargs": {{{kwargs}}}, '
                     f'"output": [{leaf()}]}}{sep}')
        fh.write(" }\n}\n")


def measure(argv: list[str], stdout: Path | None = None) -> tuple[float, float, int, float]:
    """(seconds, peak RSS in bytes, exit code, CPU seconds) of a child process (its stdout to ``stdout`` or
    nowhere). CPU time says less about waiting and more about the work on a machine shared with other jobs."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = open(stdout, "wb") if stdout else subprocess.DEVNULL   # noqa: SIM115 - closed below
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
    finally:
        if stdout:
            out.close()
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        print(f"  {' '.join(argv[2:4])}: exit {code}: {err[-500:]}", file=sys.stderr)
    return elapsed, usage.ru_maxrss * 1024, code, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200_000, help="calls per tree")
    parser.add_argument("--per-call", type=int, default=5, help="tensor entries per call (at least 2)")
    parser.add_argument("--differing", type=int, default=300, help="calls whose statistics differ")
    parser.add_argument("--nest-depth", type=int, default=0,
                        help="levels of lists/dicts around the positional inputs (0: a flat list)")
    parser.add_argument("--nest-kind", choices=("list", "dict", "mixed"), default="list",
                        help="what --nest-depth wraps the inputs in")
    parser.add_argument("--name-length", type=int, default=0,
                        help="module calls with names of about this many characters (0: short API calls)")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the trees")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="bench-msprobe-scale-"))
    npu, bench = folder / "runs" / "npu" / "step0" / "rank0", folder / "runs" / "bench" / "step0" / "rank0"
    files = [npu / "dump.json", bench / "dump.json"]
    differing = frozenset(random.Random(3).sample(range(args.calls), min(args.differing, args.calls)))
    for path, diff in zip(files, (frozenset(), differing), strict=True):
        if not path.exists():
            write_dump_json(path, args.calls, args.per_call, diff, args.nest_depth, args.nest_kind, args.name_length)
    size = sum(p.stat().st_size for p in files)
    shape = (f", inputs nested {args.nest_depth} deep in {args.nest_kind}s" if args.nest_depth else "") + (
        f", names of ~{args.name_length} characters" if args.name_length else "")
    print(f"two trees of {args.calls} calls x {args.per_call} tensor entries, {len(differing)} calls differing"
          f"{shape}: {size / 2**20:.0f} MiB of dump.json")
    py = sys.executable
    base_t, base_rss, _, base_cpu = measure([py, "-c", BASELINE, *map(str, files)])
    print(f"baseline json.load + one pass: {base_t:.2f} s ({base_cpu:.2f} s CPU), peak RSS {base_rss / 2**30:.2f} GiB")
    cli = [py, "-m", "ascend_dump_gui.cli"]
    out = folder / "compare.json"
    cmp_t, cmp_rss, _, cmp_cpu = measure([*cli, "compare", str(folder / "runs" / "npu"), str(folder / "runs" / "bench"),
                                 "--json"], stdout=out)
    print(f"compare --json: {cmp_t:.2f} s ({cmp_t / base_t:.2f}x baseline, target <= 3x; {cmp_cpu:.2f} s CPU), peak RSS "
          f"{cmp_rss / 2**30:.2f} GiB ({cmp_rss / size:.2f}x the files, target <= 3x); "
          f"output {out.stat().st_size / 2**20:.0f} MiB")
    runs_t, runs_rss, _, _ = measure([*cli, "runs", str(folder / "runs"), "--json"])
    print(f"runs: {runs_t:.2f} s ({runs_t / base_t:.2f}x baseline, target <= 2x), peak RSS {runs_rss / 2**30:.2f} GiB")
    print(f"RATIO compare_json_time {cmp_t / base_t:.3f} <= 3")
    print(f"RATIO compare_json_rss {cmp_rss / size:.3f} <= 3")
    print(f"RATIO compare_json_cpu_time {cmp_cpu / base_cpu:.3f}")    # information: CPU seconds, not waiting
    print(f"RATIO runs_time {runs_t / base_t:.3f} <= 2")
    if not args.keep and args.dir is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
