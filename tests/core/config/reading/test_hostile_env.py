"""Hostile env files: `$VAR` expansion is bounded before it is built, and a finding says where it stopped."""

import subprocess
import sys
import tracemalloc

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.formats.shell import MAX_TOTAL, MAX_VALUE, parse_assignments

PEAK = 64 * 1024 * 1024   # bytes; the unbounded expansions below reach gigabytes


def _bounded(text: str):
    tracemalloc.start()
    try:
        env, _lines, problems = parse_assignments(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < PEAK, f"peak {peak:,} bytes"
    assert all(len(v) <= MAX_VALUE for v in env.values())
    return env, problems


def _doubling(lines: int) -> str:
    out = ["B=" + "x" * 64]
    previous = "B"
    for i in range(lines):
        out.append(f"A{i}=${previous}${{{previous}}}")
        previous = f"A{i}"
    return "\n".join(out) + "\n"


def test_doubling_chain_stops_at_the_kernel_limit_with_a_finding():
    text = _doubling(40)
    assert len(text) < 700                     # a few hundred bytes that would expand to 2**40 * 64 characters
    env, problems = _bounded(text)
    said = [p for p in problems if "MAX_ARG_STRLEN" in p.message]
    assert said and said[0].options == ("A11",) and "line 13" in said[0].message
    assert len(env["A10"]) == 64 * 2 ** 11    # expanded while within the limit
    assert env["A11"] == "$A10${A10}"         # kept as written beyond it


def test_long_linear_chain_is_bounded_by_the_total_and_said_once():
    text = "V0=x\n" + "".join(f"V{i}=$V{i - 1}:x\n" for i in range(1, 20_000))
    env, problems = _bounded(text)
    assert sum(len(v) for v in env.values()) <= MAX_TOTAL + len(text)
    said = [p for p in problems if "ARG_MAX" in p.message]
    assert len(said) == 1
    assert env["V19999"] == "$V19998:x"


def test_ordinary_expansion_is_unchanged():
    env, problems = _bounded("BASE=/job\nexport ASCEND_WORK_PATH=$BASE/work\nNPU_COLLECT_PATH=${BASE}/c\n")
    assert env["ASCEND_WORK_PATH"] == "/job/work" and env["NPU_COLLECT_PATH"] == "/job/c"
    assert not problems


def test_checking_a_bomb_env_file_is_a_finding_not_an_error(tmp_path):
    env_file = tmp_path / "run.env"
    env_file.write_text(_doubling(40) + "ASCEND_WORK_PATH=$A39\n")
    doc = parse_text(env_file.read_text(), kind="shell")
    assert isinstance(check(doc), list)
    done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", "check", str(env_file)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr
    assert "MAX_ARG_STRLEN" in done.stdout
