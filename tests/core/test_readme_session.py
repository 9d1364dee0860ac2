"""README's sample sessions are what the CLI prints today (scripts/readme_session.py writes them from real runs)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "readme_session.py"


def _session():
    spec = importlib.util.spec_from_file_location("readme_session", SCRIPT)
    session = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = session   # its dataclasses look their module up while the module runs
    try:
        spec.loader.exec_module(session)
    finally:
        del sys.modules[spec.name]
    return session


@pytest.mark.parametrize("name", ["session", "loop"])
def test_readme_shows_the_session_a_fresh_run_prints(name):
    session = _session()
    fresh = session.session_text(name)
    assert "$ ascend-dump emulate" in fresh
    if name == "loop":   # the loop closes: the proposed fix, run again, makes the first divergence go
        assert "fixed: velocity/MatMul:output:0" in fresh and "first divergence after:  none" in fresh
    else:
        assert "compared" in fresh
    assert session.readme_block(session.README.read_text(encoding="utf-8"), name) == fresh, (
        "README's session is stale: run python scripts/readme_session.py")
