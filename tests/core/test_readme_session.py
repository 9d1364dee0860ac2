"""README's sample session is what the CLI prints today (scripts/readme_session.py writes it from a real run)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "readme_session.py"


def test_readme_shows_the_session_a_fresh_run_prints():
    spec = importlib.util.spec_from_file_location("readme_session", SCRIPT)
    session = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(session)
    fresh = session.session_text()
    assert "compared" in fresh and "$ ascend-dump emulate" in fresh
    assert session.readme_block(session.README.read_text(encoding="utf-8")) == fresh, (
        "README's session is stale: run python scripts/readme_session.py")
