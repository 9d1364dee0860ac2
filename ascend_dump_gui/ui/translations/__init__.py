"""Compiled Qt translation catalogues (.qm) and their sources (.ts)."""

LANGUAGES = {"en": "English", "zh_CN": "简体中文"}  # code -> its own name; English is the source
SOURCE_LANGUAGE = "en"
UI_CONTEXT = "ascend_dump_gui"
SCHEMA_CONTEXT = "schema"
"""The languages and the translation contexts, here for the start to read without the catalogue's parsers."""
