"""The translation catalogue: which strings need translating, and the Qt Linguist ``.ts`` files holding them.

Qt-free, so the catalogue tool and the completeness test run without a display.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from ascend_dump_gui.ui.translations import SCHEMA_CONTEXT, UI_CONTEXT

UI_DIR = Path(__file__).resolve().parents[1]
CORE_DIR = UI_DIR.parent / "core"
TS_DIR = Path(__file__).resolve().parent
QT_OWN = {  # Qt's own dialogs: texts its shipped qtbase_zh_CN.qm lacks (the widget file dialog's labels)
    ("QFileDialog", "&Look in:"), ("QFileDialog", "Files of &type:"),
    *(("QAbstractFileIconProvider", kind) for kind in ("Drive", "Folder", "File Folder", "Alias", "Shortcut", "Unknown")),
}
CONTEXT_FILES = {UI_CONTEXT: "ui", SCHEMA_CONTEXT: "schema",  # context -> .ts file part: {lang}.{part}.ts
                 **{context: "qt" for context, _source in QT_OWN}}

Key = tuple[str, str]  # (context, source text)


def ui_strings(root: Path = UI_DIR, function: str = "tr") -> dict[str, list[str]]:
    """Literal first arguments of ``tr(...)`` calls (or of ``function``) under ``root`` -> where they occur."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            arg = node.args[0]
            if name == function and isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                found.setdefault(arg.value, []).append(f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def _schema_texts() -> Iterator[str]:
    from ascend_dump_gui.core.config.rules.env import RULES as ENV_RULES
    from ascend_dump_gui.core.config.scenarios import SCENARIOS
    from ascend_dump_gui.core.config.sources import cited_texts

    for scenario in SCENARIOS.values():
        yield scenario.title
        yield scenario.summary
        yield from (note for _key, note in scenario.retired_keys)
        specs = list(scenario.fields)
        while specs:
            spec = specs.pop()
            specs.extend(spec.columns)
            yield from (spec.label, spec.help, spec.group, spec.deprecated, *cited_texts(spec.source or ""))
        for rule in scenario.rules:
            yield from _rule_texts(rule)
    for rule in ENV_RULES:  # checked for every scenario, so they belong to none
        yield from _rule_texts(rule)


def _rule_texts(rule: object) -> Iterator[str]:
    """A rule's fixed texts and its source's citations (messages built while checking are not in the catalogue)."""
    from ascend_dump_gui.core.config.sources import cited_texts

    yield from cited_texts(getattr(rule, "source", "") or "")
    message = getattr(rule, "message", None)
    if isinstance(message, str):
        yield message
    fix = getattr(rule, "fix", None)
    if fix is not None:
        yield fix.description


def schema_strings() -> list[str]:
    """Every translatable text of the config schema: titles, summaries, labels, help, groups, rules, and the
    templates of core messages that reach the GUI (``messages.msg("...")`` calls anywhere in core: checker
    findings, emulator explanations and model descriptions, file errors)."""
    from ascend_dump_gui.core.config.sources import DOCUMENTS, IMPORT_SOURCE

    texts = {text for text in _schema_texts() if text} | set(DOCUMENTS.values()) | {IMPORT_SOURCE}
    return sorted(texts | set(ui_strings(CORE_DIR, "msg")))


def core_ui_strings() -> list[str]:
    """Templates the core fills for the Browse tree's labels; the UI translates them with ``tr`` (so they
    share the UI context) before the core fills them in."""
    from ascend_dump_gui.core.dump.layout import FOLDER_MEANINGS
    from ascend_dump_gui.core.scan.tree import OVERFLOW_OF

    return sorted({*FOLDER_MEANINGS.values(), OVERFLOW_OF})


def wanted() -> set[Key]:
    """Every (context, source) the application shows."""
    ui = {*ui_strings(), *core_ui_strings()}
    return {(UI_CONTEXT, s) for s in ui} | {(SCHEMA_CONTEXT, s) for s in schema_strings()} | QT_OWN


def read_ts(path: Path) -> dict[Key, str]:
    """Finished translations of a ``.ts`` file (unfinished or empty ones are left out)."""
    if not path.exists():
        return {}
    result: dict[Key, str] = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            text = (translation.text or "") if translation is not None else ""
            if text and translation.get("type") != "unfinished":
                result[(name, message.findtext("source", ""))] = text
    return result


def write_ts(path: Path, language: str, keys: set[Key], translations: dict[Key, str]) -> int:
    """Write ``keys`` with their known translations; returns how many are still unfinished."""
    root = ET.Element("TS", version="2.1", language=language)
    missing = 0
    for context_name in sorted({c for c, _ in keys}):
        context = ET.SubElement(root, "context")
        ET.SubElement(context, "name").text = context_name
        for source in sorted(s for c, s in keys if c == context_name):
            message = ET.SubElement(context, "message")
            ET.SubElement(message, "source").text = source
            translation = ET.SubElement(message, "translation")
            text = translations.get((context_name, source))
            if text:
                translation.text = text
            else:
                translation.set("type", "unfinished")
                missing += 1
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', encoding="utf-8")
    return missing
