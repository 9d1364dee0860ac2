"""How the UI names a compare's two inputs (Compare's summary, the Graph's caption, the restored session the demo
banner states): by model, rank and step as their folders say them (``core.dump.layout.run_label``)."""

from __future__ import annotations

import os

from ascend_dump_gui.core.dump.layout import run_label
from ascend_dump_gui.ui.i18n import schema_text


def input_name(path: str | os.PathLike[str]) -> str:
    """``path`` (a compare input) named for a summary, in the current language; a relative path is named from
    where it leads (never only ``0``)."""
    return schema_text(run_label(os.path.abspath(os.fspath(path))))


def compared_names(summary: dict) -> tuple[str, str]:
    """The names of the NPU and golden inputs of a compare result's ``summary``."""
    return input_name(summary["npu"]), input_name(summary["golden"])
