"""UI state only (window geometry, splitters, recent files, language, theme) in an INI-format QSettings, and the
per-user demo folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

ORG = "ascend-dump-gui"
APP = "ascend-dump-gui"
MAX_RECENT = 10
_RECENT_KEY = "recent/files"
_LANGUAGE_KEY = "ui/language"
_EMULATOR_MODEL_KEY = "emulator/model"
_FOLLOW_LINKS_KEY = "browse/follow_links"
_THEME_KEY = "ui/theme"
THEMES = ("system", "light", "dark")
"""View > Theme's choices: the system's colour scheme (followed as it changes), light, dark."""


def app_settings() -> QSettings:
    """The application's settings object (tests redirect it with ``QSettings.setPath``)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORG, APP)


def demo_folder() -> Path:
    """The per-user folder the demo lives in: ``<user data>/ascend-dump-gui/demo`` (the app's name once, not
    the organisation's and the application's as Qt's application data folder would give)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(base) / APP / "demo"


def clear_settings() -> None:
    """Forget everything stored so far (the ``--fresh`` flag)."""
    settings = app_settings()
    settings.clear()
    settings.sync()


def recent_files(settings: QSettings | None = None) -> list[str]:
    """Recently opened paths, newest first; paths that no longer exist are dropped."""
    settings = settings or app_settings()
    raw = settings.value(_RECENT_KEY, [])
    items = [raw] if isinstance(raw, str) else list(raw or [])
    return [p for p in items if p and Path(p).exists()]


def add_recent_file(path: str | Path, settings: QSettings | None = None) -> list[str]:
    """Put ``path`` first in the recent list and return the new list."""
    settings = settings or app_settings()
    path = str(Path(path).resolve())
    items = [path] + [p for p in recent_files(settings) if p != path]
    settings.setValue(_RECENT_KEY, items[:MAX_RECENT])
    return items[:MAX_RECENT]


def saved_language(settings: QSettings | None = None) -> str | None:
    """The language the user picked in View ▸ Language, or None when they never picked one."""
    value = (settings or app_settings()).value(_LANGUAGE_KEY)
    return str(value) if value else None


def save_language(language: str, settings: QSettings | None = None) -> None:
    """Remember ``language`` for the next start."""
    (settings or app_settings()).setValue(_LANGUAGE_KEY, language)


def follow_links(settings: QSettings | None = None) -> bool:
    """Whether Browse follows links that lead outside the opened folder (off unless the user turned it on)."""
    value = (settings or app_settings()).value(_FOLLOW_LINKS_KEY, False)
    return value is True or str(value).lower() == "true"


def save_follow_links(on: bool, settings: QSettings | None = None) -> None:
    (settings or app_settings()).setValue(_FOLLOW_LINKS_KEY, bool(on))


def last_emulator_model(settings: QSettings | None = None) -> str | None:
    """The built-in model the emulator ran last (the next run of a fix is of the same model)."""
    value = (settings or app_settings()).value(_EMULATOR_MODEL_KEY)
    return str(value) if value else None


def save_emulator_model(model: str, settings: QSettings | None = None) -> None:
    (settings or app_settings()).setValue(_EMULATOR_MODEL_KEY, model)


def saved_theme(settings: QSettings | None = None) -> str:
    """The theme picked in View > Theme ("system", "light" or "dark"; "system" until one is picked)."""
    value = str((settings or app_settings()).value(_THEME_KEY, "system"))
    return value if value in THEMES else THEMES[0]


def save_theme(theme: str, settings: QSettings | None = None) -> None:
    (settings or app_settings()).setValue(_THEME_KEY, theme)
