"""acl.json / dump_config.json and the app's project file: JSON objects to :class:`ConfigDoc`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.schema.acl import ACL_JSON
from ascend_dump_gui.core.config.schema.acl_facts import json_type_problems
from ascend_dump_gui.core.config.values import from_json
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg

RT = "runtime-rules §1.1"
PROJECT_KEYS = ("scenario", "schema_version", "values")
ACL_TEXT = "acl_text"            # fact: the acl.json text, so a save changes only the edited values
PROJECT_EXTRA = "project_extra"  # fact: project-file keys this version does not know, written back as they were


def is_project(obj: Any) -> bool:
    """A project file: a JSON object with "scenario" and "schema_version"."""
    return isinstance(obj, dict) and "scenario" in obj and "schema_version" in obj


def acl_doc(obj: Any, origin: Path | None, duplicates: list[str]) -> ConfigDoc:
    """The ``"dump"`` object of an acl.json value as a document (problems for what the runtime would not read)."""
    problems: list[Finding] = [
        Finding("import.duplicate_key", Severity.WARNING, (key,),
                msg("{key} appears more than once; the runtime keeps the last one.", key=key), RT)
        for key in dict.fromkeys(duplicates)]
    facts: dict[str, Any] = {"has_dump_section": False}
    if not isinstance(obj, dict):
        problems.append(Finding("acl.not_an_object", Severity.ERROR, (),
                                msg("The file is JSON but not an object; the runtime expects {\"dump\": {...}}."), RT))
        return ConfigDoc("acl_json", {}, origin, problems, facts)
    if "dump" not in obj:
        stray = [k for k in obj if ACL_JSON.has(k)]
        if stray:
            message = msg("{keys} sit at the top level; the runtime only reads them inside \"dump\": {{...}}, so "
                          "nothing is dumped.", keys=", ".join(stray))
        else:
            message = msg("There is no \"dump\" object, so the runtime dumps nothing (this is not an acl.json dump "
                          "config).")
        problems.append(Finding("acl.no_dump_section", Severity.WARNING, ("dump",), message, RT))
        return ConfigDoc("acl_json", {}, origin, problems, facts)
    section = obj["dump"]
    if not isinstance(section, dict):
        problems.append(Finding("acl.dump_not_object", Severity.ERROR, ("dump",),
                                msg("\"dump\" must be an object, not {type} (EP0001).", type=type(section).__name__),
                                RT))
        return ConfigDoc("acl_json", {}, origin, problems, facts)
    facts["has_dump_section"] = True
    values = {key: from_json(ACL_JSON.field(key), raw) if ACL_JSON.has(key) else raw for key, raw in section.items()}
    problems += json_type_problems(section)
    others = [key for key in obj if key != "dump"]
    if others:
        problems.append(Finding("import.kept_sections", Severity.INFO, (), msg(
            "{keys}: not dump settings; saving this file keeps them as they are, in their place.",
            keys=", ".join(others)), RT))
    unknown = [key for key in section if not ACL_JSON.has(key)]
    if unknown:
        problems.append(Finding("import.kept_keys", Severity.INFO, tuple(unknown), msg(
            "{keys} inside \"dump\": not options this app edits; saving this file keeps them as written.",
            keys=", ".join(unknown)), RT))
    return ConfigDoc("acl_json", values, origin, problems, facts)


def acl_text_doc(text: str, origin: Path | None) -> ConfigDoc:
    """An acl.json file's text as a document; empty text is the runtime's "no dump". InputError when not JSON."""
    if not text.strip():
        return acl_doc({}, origin, [])
    obj, duplicates = jsontext.loads(text, origin)
    return acl_doc(obj, origin, duplicates)


def project_doc(obj: dict, origin: Path | None, known: dict[str, Any]) -> ConfigDoc:
    """A project file {"scenario", "schema_version", "values"} as a document; ``known`` maps names to scenarios."""
    name = obj.get("scenario")
    if name not in known:
        raise InputError(origin, f"names scenario {name!r}; known scenarios are {', '.join(known)}")
    version = obj.get("schema_version")
    scenario = known[name]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(origin, f"schema_version must be a whole number from 1, got {version!r}")
    if version > scenario.version:
        raise InputError(origin, f"was written for {name} schema version {version}; this version of the app reads "
                                 f"up to {scenario.version}")
    values = obj.get("values", {})
    if not isinstance(values, dict):
        raise InputError(origin, "\"values\" must be an object")
    facts = obj.get("facts", {})
    extra = {key: value for key, value in obj.items() if key not in PROJECT_KEYS + ("facts",)}
    problems = [Finding("import.unknown_project_key", Severity.WARNING, (key,),
                        msg("{key} is not a project-file key; it is ignored, and kept when the file is saved.",
                            key=key), "project file")
                for key in extra]
    facts = dict(facts) if isinstance(facts, dict) else {}
    if extra:
        facts[PROJECT_EXTRA] = extra
    return ConfigDoc(name, dict(values), origin, problems, facts)
