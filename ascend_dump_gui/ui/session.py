"""What a session leaves for the next one: the folder open in Browse, Compare's inputs, dismissed notes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

from ascend_dump_gui.ui.settings import app_settings

if TYPE_CHECKING:
    from ascend_dump_gui.ui.main_window import MainWindow

BROWSE_KEY = "session/browse_folder"
COMPARE_KEYS = ("session/compare_npu", "session/compare_golden", "session/compare_graph")
DISMISSED_KEY = "notes/dismissed"


def save_session(window: MainWindow, settings: QSettings | None = None) -> None:
    """Remember the Browse folder and Compare's paths (called when the window closes)."""
    settings = settings or app_settings()
    settings.setValue(BROWSE_KEY, str(window.dump_folder) if window.dump_folder is not None else "")
    inputs = window.compare_panel.inputs
    for key, row in zip(COMPARE_KEYS, (inputs.npu, inputs.golden, inputs.graph), strict=True):
        settings.setValue(key, row.path())


def restore_session(window: MainWindow, settings: QSettings | None = None) -> bool:
    """Open the last Browse folder and fill Compare's paths, where they still exist; True if anything was."""
    settings = settings or app_settings()
    restored = False
    folder = str(settings.value(BROWSE_KEY, "") or "")
    if folder and Path(folder).is_dir():
        window.browse_panel.open_folder(folder)
        window.dump_folder = Path(folder)
        restored = True
    paths = [str(settings.value(key, "") or "") for key in COMPARE_KEYS]
    if paths[0] and paths[1] and Path(paths[0]).exists() and Path(paths[1]).exists():
        graph = paths[2] if paths[2] and Path(paths[2]).is_file() else None
        window.compare_panel.set_inputs(paths[0], paths[1], graph)
        restored = True
    return restored


def dismissed(note: str, settings: QSettings | None = None) -> bool:
    """True once the user closed the note ``note`` (e.g. ``demo_banner``)."""
    raw = (settings or app_settings()).value(DISMISSED_KEY, [])
    return note in ([raw] if isinstance(raw, str) else list(raw or []))


def dismiss(note: str, settings: QSettings | None = None) -> None:
    """Remember that the user closed the note ``note``: it is not shown again."""
    settings = settings or app_settings()
    raw = settings.value(DISMISSED_KEY, [])
    notes = [raw] if isinstance(raw, str) else list(raw or [])
    if note not in notes:
        settings.setValue(DISMISSED_KEY, [*notes, note])
