"""Shared fixtures. No Qt import here, so tests/core stays Qt-free."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def shared_dir() -> Path:
    """`../shared` next to the clone (seeds, references, oracle); tests using it skip when absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not present in this checkout")
    return SHARED
