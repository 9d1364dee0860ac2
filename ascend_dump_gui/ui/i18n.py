"""Translation: every user-visible string goes through Qt; English is the source, zh_CN is shipped.

UI code calls :func:`tr` with a literal, or hands ``tr`` to a core function that fills templates listed in
``translations.catalog.core_ui_strings`` (the Browse tree's labels); texts that come from the core schema
(labels, help, group names, rule messages) are looked up with :func:`tr_schema`; findings are shown with
:func:`finding_text` and their fixes with :func:`fix_text` (messages built while checking carry a template and its values). ``scripts/update_translations.py`` collects both into
``ui/translations/*.ts`` and compiles the ``.qm`` files the app loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ascend_dump_gui.core.messages import Text
from ascend_dump_gui.ui.translations import LANGUAGES, SCHEMA_CONTEXT, SOURCE_LANGUAGE
from ascend_dump_gui.ui.translations import UI_CONTEXT as CONTEXT

if TYPE_CHECKING:       # the findings' dataclasses load with the first check, not before the window's first paint
    from ascend_dump_gui.core.config.findings import Finding, Fix

_installed: list[tuple[QTranslator, bytes]] = []  # Qt reads the bytes in place: keep them alive
_current = [SOURCE_LANGUAGE]
_system_locale: list[QtCore.QLocale] = []  # the default locale before any language was installed


def tr(text: str) -> str:
    """Translate a UI string (always call with a literal, so the catalogue tool can find it)."""
    return QCoreApplication.translate(CONTEXT, text)


def tr_schema(text: str) -> str:
    """Translate a text that comes from the core schema or rules (empty stays empty)."""
    return QCoreApplication.translate(SCHEMA_CONTEXT, text) if text else text


def schema_text(text: str) -> str:
    """Translate a core message: a :class:`Text` by its template, filled with its (translated) values."""
    if not isinstance(text, Text) or not text.params:
        return tr_schema(text.template if isinstance(text, Text) else text)
    params: dict[str, Any] = {k: schema_text(v) if isinstance(v, Text) else v for k, v in text.params.items()}
    try:
        return tr_schema(text.template).format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder: show the English
        return str.__str__(text)


def progress_text(message: str) -> str:
    """A worker's progress message for display: a core :class:`Text` translated, anything else (a file, op or
    folder name) as it is."""
    return schema_text(message) if isinstance(message, Text) else message


def finding_text(finding: Finding) -> str:
    """A finding's message in the current language (its template translated and filled, else the message)."""
    text = finding.text
    return schema_text(text) if text == finding.message else tr_schema(finding.message)


def fix_text(fix: Fix) -> str:
    """A fix's description in the current language (a :class:`Text` by its template, else the fixed text)."""
    return schema_text(fix.description)


def system_language() -> str:
    """The shipped language closest to the system locale (``zh_*`` -> ``zh_CN``, else English)."""
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


def current_language() -> str:
    """The language last installed with :func:`install_language` (``"en"`` before any)."""
    return _current[0]


def install_language(language: str) -> bool:
    """Load ``language`` into the running application (ours plus Qt's own dialog and button texts).

    English (the source) needs no catalogue; returns False for a language we do not ship.
    """
    app = QCoreApplication.instance()
    for old, _data in _installed:
        app.removeTranslator(old)
    _installed.clear()
    _current[0] = SOURCE_LANGUAGE
    if not _system_locale:
        _system_locale.append(QtCore.QLocale())
    QtCore.QLocale.setDefault(_system_locale[0])
    if language == SOURCE_LANGUAGE or language not in LANGUAGES:
        return language == SOURCE_LANGUAGE
    from importlib import resources  # only for a translation: its readers import zipfile

    data = resources.files("ascend_dump_gui.ui.translations").joinpath(f"{language}.qm").read_bytes()
    translator = QTranslator(app)
    if not translator.load(data):
        return False
    qt_own = QTranslator(app)  # standard buttons, file dialogs, context menus; absent in some bundles
    if qt_own.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append((qt_own, b""))
    app.installTranslator(translator)
    _installed.append((translator, data))
    _current[0] = language
    QtCore.QLocale.setDefault(QtCore.QLocale(language))  # Qt's own words (file types in its dialog) follow it
    return True
