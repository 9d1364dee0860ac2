"""Counts in words with the right number: "1 file", "2 files" (each form a whole string to translate)."""

from __future__ import annotations

from ascend_dump_gui.ui.i18n import tr


def count_text(count: int, noun: str) -> str:
    """``count`` with ``noun`` ("file", "problem", "file or folder") in singular or plural."""
    forms = {
        "file": (tr("{count} file"), tr("{count} files")),
        "problem": (tr("{count} problem"), tr("{count} problems")),
        "file or folder": (tr("{count} file or folder"), tr("{count} files or folders")),
    }
    one, many = forms[noun]
    return (one if count == 1 else many).format(count=f"{count:,}")
