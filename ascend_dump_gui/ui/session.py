"""What a session leaves for the next one: the folder open in Browse, Compare's inputs, dismissed notes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from ascend_dump_gui.ui.settings import app_settings

BROWSE_KEY = "session/browse_folder"
COMPARE_KEYS = ("session/compare_npu", "session/compare_golden", "session/compare_graph")
DISMISSED_KEY = "notes/dismissed"


@dataclass(frozen=True)
class Session:
    """The folder open in Browse and Compare's (NPU, golden, graph) paths; "" where there is none."""

    browse_folder: str = ""
    compare: tuple[str, str, str] = ("", "", "")


def save_session(session: Session, settings: QSettings | None = None) -> None:
    """Remember ``session`` (called when the window closes)."""
    settings = settings or app_settings()
    settings.setValue(BROWSE_KEY, session.browse_folder)
    for key, path in zip(COMPARE_KEYS, session.compare, strict=True):
        settings.setValue(key, path)


def load_session(settings: QSettings | None = None) -> Session:
    """The last session, keeping only what still exists: the Browse folder, Compare's inputs when both are there
    (the graph only if it is a file)."""
    settings = settings or app_settings()
    folder = str(settings.value(BROWSE_KEY, "") or "")
    npu, golden, graph = (str(settings.value(key, "") or "") for key in COMPARE_KEYS)
    compare = ("", "", "")
    if npu and golden and Path(npu).exists() and Path(golden).exists():
        compare = (npu, golden, graph if graph and Path(graph).is_file() else "")
    return Session(folder if folder and Path(folder).is_dir() else "", compare)


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
