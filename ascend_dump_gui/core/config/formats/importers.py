"""``load_config`` / ``parse_text``: detect what a config file is and read it into a :class:`ConfigDoc`."""

from __future__ import annotations

import re
from pathlib import Path

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.formats.acl_json import (
    ACL_TEXT,
    acl_doc,
    acl_text_doc,
    is_project,
    project_doc,
)
from ascend_dump_gui.core.config.formats.msprobe_json import is_msprobe_config, msprobe_doc
from ascend_dump_gui.core.config.formats.shell import parse_assignments, parse_shell
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.script.importer import parse_python
from ascend_dump_gui.core.errors import InputError

KINDS = ("auto", "json", "project", "python", "shell")
_ALIASES = {"acl_json": "json", "env": "shell", "py": "python", "sh": "shell"}
_SHELL_SUFFIXES = {".sh", ".bash", ".env", ".envrc", ".profile", ".zsh"}
_SHELL_LINE = re.compile(r"\s*(#.*|(export\s+)?[A-Za-z_][A-Za-z0-9_]*=.*|export\s+[A-Za-z_][A-Za-z0-9_\s]*|)\s*")


def detect_kind(text: str, path: Path | None = None) -> str:
    """json, python or shell, from the file suffix or else from the text."""
    suffix = path.suffix.lower() if path is not None else ""
    if suffix == ".json":
        return "json"
    if suffix in (".py", ".pyw"):
        return "python"
    if suffix in _SHELL_SUFFIXES or (path is not None and path.name.startswith(".env")):
        return "shell"
    if text.lstrip().startswith(("{", "[")):
        return "json"
    lines = text.splitlines()
    if any(line.startswith("export ") for line in lines) or \
            text.strip() and all(_SHELL_LINE.fullmatch(line) for line in lines):
        return "shell"
    return "python"


def load_config(path: str | Path, scenario: str | None = None, script_args: str | None = None,
                script_env: str | None = None) -> ConfigDoc:
    """Read a config file of any supported kind; ``scenario`` forces the scenario, ``script_args`` is the command
    line a training script is evaluated with (other kinds ignore it). InputError for bad input."""
    path = Path(path)
    text = jsontext.read_text(path)
    return parse_text(text, kind="auto", scenario=scenario, origin=path, script_args=script_args,
                      script_env=script_env)


def parse_text(text: str, *, kind: str, scenario: str | None = None, origin: Path | str | None = None,
               script_args: str | None = None, script_env: str | None = None) -> ConfigDoc:
    """Read config text (``kind``: auto, json, project, python, shell; acl_json/env are accepted as aliases)."""
    origin = Path(origin) if origin is not None else None
    kind = _ALIASES.get(kind, kind)
    if kind not in KINDS:
        raise InputError(origin, f"unknown config kind {kind!r}; use one of {', '.join(KINDS)}")
    if scenario is not None and scenario not in SCENARIOS:
        raise InputError(origin, f"unknown scenario {scenario!r}; use one of {', '.join(SCENARIOS)}")
    if "\x00" in text:
        raise InputError(origin, "is not a text file (it contains NUL bytes)")
    if kind == "auto":
        kind = detect_kind(text, origin)
    if kind in ("json", "project"):
        doc = _json(text, origin, scenario)
    elif kind == "shell":
        _fits(origin, "a shell/env file", "env", scenario)
        doc = parse_shell(text, origin, SCENARIOS["env"])
    else:
        if scenario == "acl_json":
            raise InputError(origin, "is a Python script; acl_json configs are JSON files")
        doc = parse_python(text, origin, SCENARIOS, scenario, script_args, script_env)
    return doc


def _json(text: str, origin: Path | None, scenario: str | None) -> ConfigDoc:
    if not text.strip():
        _fits(origin, "an acl.json file", "acl_json", scenario)
        return acl_text_doc(text, origin)   # the runtime treats an empty file as "no dump"
    try:
        jsontext.check_depth(text, origin, jsontext.ACL_MAX_DEPTH)
        too_deep = None
    except InputError as exc:   # fine for our own project files, fatal for acl.json
        too_deep = exc
    try:
        obj, duplicates = jsontext.loads(text, origin, max_depth=jsontext.PROJECT_MAX_DEPTH)
    except InputError:
        if too_deep is not None:
            raise too_deep from None
        raise
    if is_project(obj):
        doc = project_doc(obj, origin, SCENARIOS)
        if scenario is not None and scenario != doc.scenario:
            raise InputError(origin, f"is a {doc.scenario} project file; it cannot be read as {scenario}")
        return doc
    if too_deep is not None:
        raise too_deep
    if scenario == "msprobe_config" or (scenario is None and is_msprobe_config(obj)):
        if not isinstance(obj, dict):
            raise InputError(origin, "is not a JSON object; msprobe's config.json is one")
        return msprobe_doc(obj, origin)
    _fits(origin, "a JSON dump config", "acl_json", scenario)
    doc = acl_doc(obj, origin, duplicates)
    doc.facts[ACL_TEXT] = text
    return doc


def _fits(origin: Path | None, what: str, natural: str, scenario: str | None) -> None:
    if scenario is not None and scenario != natural:
        raise InputError(origin, f"is {what} ({natural}); it cannot be read as {scenario}")


def load_env_file(path: str | Path) -> dict[str, str]:
    """The variables an env/shell file sets, as strings (for ``--env``)."""
    env, _lines, _problems = parse_assignments(jsontext.read_text(path))
    return env
