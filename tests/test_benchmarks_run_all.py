"""benchmarks/run_all.py: a quick run of one fast benchmark gives the table (no timing is asserted)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_quick_run_prints_a_table_of_figures():
    proc = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run_all.py"), "--quick", "--only",
                           "bench_config_check"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("| benchmark | figure | value | target |")
    rows = [line for line in lines[2:] if line.startswith("| bench_config_check | config_check_acl_json_ms |")]
    assert len(rows) == 1 and "<= 50" in rows[0]


def test_unknown_benchmark_is_refused():
    proc = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run_all.py"), "--only", "bench_nothing"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 2 and "unknown benchmark" in proc.stderr
