"""A capture that starts from a PyTorch training script with msprobe's ``PrecisionDebugger(config_path=...)``: the
capture config is the config.json the script names, changed (task, level, list, step, rank; every key this does not
change kept, other tasks' sections too), and where the script's keyword arguments override what the capture needs
(msprobe takes ``task=`` / ``level=`` / ``step=`` / ``dump_path=`` over the file) the script's line is changed too."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.formats.msprobe_json import msprobe_doc, msprobe_json
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.schema.msprobe import SECTION_KEYS
from ascend_dump_gui.core.config.script.patch import ScriptPatch, inactive_lines, patch_script
from ascend_dump_gui.core.config.script.pytorch import OVERRIDES
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import Text, msg


def is_script(doc: ConfigDoc | None) -> bool:
    return doc is not None and doc.origin is not None and doc.origin.suffix.lower() in (".py", ".pyw")


def config_json(script: ConfigDoc) -> Path | None:
    """The config.json the script's PrecisionDebugger names, resolved against the script's folder as msprobe does
    (None: msprobe's own default config)."""
    named = script.facts.get("config_path")
    if not isinstance(named, str) or script.origin is None:
        return None
    path = Path(named)
    return path if path.is_absolute() else script.origin.parent / path


def _read(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        obj, _duplicates = jsontext.loads(jsontext.read_text(path), path, max_depth=jsontext.PROJECT_MAX_DEPTH)
    except InputError:
        return {}   # the importer said why (import.msprobe_config_path); the capture writes a whole new file
    return obj if isinstance(obj, dict) else {}


def changed_config(script: ConfigDoc, capture: dict[str, Any]) -> tuple[ConfigDoc, str]:
    """(document, text) of the script's config.json with the ``capture`` values (an msprobe_config document's flat
    values): top-level keys replaced, the capture task's section updated (``scope`` emptied: the list names what to
    dump), every other key and section kept."""
    path = config_json(script)
    original = _read(path)
    task = capture.get("task")
    written = json.loads(msprobe_json(capture))
    obj = dict(original)
    for key, value in written.items():
        if key == task and isinstance(original.get(task), dict):
            section = {**original[task], **value}
            if section.get("scope"):
                section["scope"] = []
            obj[key] = section
        elif key not in SECTION_KEYS:
            obj[key] = value
    return msprobe_doc(obj, path), json.dumps(obj, indent=4, ensure_ascii=False) + "\n"


def _script_value(key: str, value: Any) -> Any:
    """A config value as PrecisionDebugger's keyword takes it (step elements as integers where they are)."""
    if key == "step" and isinstance(value, list | tuple):
        return [int(v) if isinstance(v, str) and v.isdigit() else v for v in value]
    return value


def overridden(script: ConfigDoc, capture: ConfigDoc) -> dict[str, tuple[Any, Any]]:
    """The keys the script's PrecisionDebugger passes whose value differs from the capture's: key -> (script's,
    capture's)."""
    passed = [k for k in OVERRIDES if k in script.facts.get("provenance", {})]
    return {k: (script.values.get(k), capture.values.get(k)) for k in passed
            if script.values.get(k) != capture.values.get(k)}


def override_notes(script: ConfigDoc, capture: ConfigDoc) -> list[Text]:
    """Why the script's keyword arguments would defeat the capture config."""
    name = script.origin.name if script.origin is not None else "the script"
    return [msg("warning: {script} passes {key}={value!r} to PrecisionDebugger, which msprobe takes over "
                    "config.json (the capture needs {key}={wanted!r}): change that argument too (the script change "
                    "proposed beside the config does)", script=name, key=key, value=_script_value(key, now),
                    wanted=_script_value(key, wanted))
            for key, (now, wanted) in overridden(script, capture).items()]


def script_change(script: ConfigDoc, capture: ConfigDoc, config_path: Path | None = None) -> ScriptPatch | None:
    """The script with its overriding PrecisionDebugger arguments set to the capture's values (and, given
    ``config_path``, its config_path naming the new capture config); None when nothing in it has to change."""
    keys = overridden(script, capture)
    if not keys or script.origin is None:
        return None
    before = {k: _script_value(k, now) for k, (now, _wanted) in keys.items()}
    after = {k: _script_value(k, wanted) for k, (_now, wanted) in keys.items()}
    if config_path is not None and isinstance(script.facts.get("config_path"), str):
        before["config_path"] = script.facts["config_path"]
        after["config_path"] = _relative(config_path, script.origin.parent)
    text = jsontext.read_text(script.origin)
    try:
        patch = patch_script(text, "msprobe_config", before, after, inactive_lines(script))
    except (SyntaxError, ValueError) as exc:
        raise InputError(script.origin, msg("cannot be changed safely: {problem}", problem=exc)) from None
    return patch if patch.has_changes else None


def _relative(path: Path, folder: Path) -> str:
    """``path`` as config_path spells it from the script's folder (relative inside it, else absolute)."""
    try:
        return Path(os.path.relpath(path, folder)).as_posix() if path.is_relative_to(folder) else str(path)
    except ValueError:
        return str(path)
