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


def test_settle_measures_how_idle_the_processors_are_and_the_table_says_it():
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import run_all
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    idle = run_all.settle(limit=0)      # one sample, whatever it shows
    if run_all._cpu_times() is None:
        assert idle is None
    else:
        assert 0.0 <= idle <= 1.0
    outcome = run_all.Outcome("bench_x", 1.0, 0, figures=[("a", 1.0, "<=", 2.0), ("b", 3.0, "<=", 2.0)], idle=0.5)
    rows = run_all.table([outcome]).splitlines()[2:]
    assert rows[0].startswith("| bench_x (idle 50% at its start) | a | 1 | <= 2 | met |")
    assert rows[1].startswith("| bench_x | b | 3 | <= 2 | MISSED |")


def test_a_benchmark_that_crashes_is_a_failed_row_even_with_exit_status_1(tmp_path, monkeypatch):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import run_all
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "bench_crash.py").write_text(
        "print('RATIO early_figure 1.0 <= 2')\nraise OSError(28, 'No space left on device')\n")
    monkeypatch.setattr(run_all, "REPO", tmp_path)
    monkeypatch.setitem(run_all.BENCHMARKS, "bench_crash", ([], []))
    outcome = run_all.run("bench_crash", quick=False, timeout=60)
    assert outcome.code == 1 and outcome.failure.startswith("crashed (exit 1): OSError: [Errno 28]")
    rows = run_all.table([outcome]).splitlines()[2:]
    assert rows[0].startswith("| bench_crash | early_figure | 1 | <= 2 | met |")
    assert rows[1].endswith("| | | FAILED |") and "No space left" in rows[1]
