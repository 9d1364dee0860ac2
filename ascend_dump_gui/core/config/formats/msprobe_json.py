"""Read msprobe's config.json into the flat ``msprobe_config`` document, and write it back.

The keys of the section named after ``task`` join the top-level keys; rank and step elements become strings
("3", "4-7") and integers again on export. Sections of other tasks, and task keys written at the top level
(which msprobe never reads there), are import findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.schema.msprobe import REMOVED_TASKS, SECTION_KEYS, TASKS
from ascend_dump_gui.core.messages import msg

SRC = "msprobe 26.2.0: config.json"
_TOP_KEYS = frozenset({"task", "dump_path", "rank", "step", "level", "extra_info", "async_dump", "dump_enable",
                       "precision", "risk_level", "custom_op_namespaces", "load"})
_SECTIONS = frozenset(TASKS) | frozenset(REMOVED_TASKS)


def is_msprobe_config(obj: Any) -> bool:
    """A JSON object shaped like msprobe's config.json (not acl.json's {"dump": ...})."""
    if not isinstance(obj, dict) or "dump" in obj:
        return False
    keys = set(obj)
    return bool(keys & {"task", "level"} or keys & _SECTIONS) and bool(keys & (_TOP_KEYS | _SECTIONS))


def _rank_step(key: str, value: Any, problems: list[Finding]) -> Any:
    if not isinstance(value, list):
        return value                       # the schema check reports the type
    out = []
    for element in value:
        if isinstance(element, bool) or not isinstance(element, int | str):
            problems.append(Finding("import.msprobe_element", Severity.ERROR, (key,),
                                    msg("{key} element {element!r} must be an integer or a string such as "
                                        "\"4-7\"; msprobe refuses the config.", key=key, element=element), SRC))
            continue
        out.append(str(element))
    return out


def msprobe_doc(obj: dict, origin: Path | None) -> ConfigDoc:
    problems: list[Finding] = []
    values: dict[str, Any] = {}
    task = obj.get("task") if isinstance(obj.get("task"), str) else "statistics"
    for key, value in obj.items():
        if key in _SECTIONS:
            continue
        if key in SECTION_KEYS:
            problems.append(Finding("import.msprobe_top_level_task_key", Severity.WARNING, (key,),
                                    msg("{key} is written at the top level; msprobe reads it only from the \"{task}\" "
                                        "section, so it is ignored.", key=key, task=task), SRC))
            continue
        values[key] = _rank_step(key, value, problems) if key in ("rank", "step") else value
    section = obj.get(task)
    if isinstance(section, dict):
        values.update(section)
    elif section is not None:
        problems.append(Finding("import.msprobe_section", Severity.ERROR, ("task",),
                                msg("The \"{task}\" section is not an object.", task=task), SRC))
    others = sorted(k for k in obj if k in _SECTIONS and k != task)
    facts: dict[str, Any] = {"other_sections": others} if others else {}
    return ConfigDoc("msprobe_config", values, origin, problems, facts)


def msprobe_json(values: dict[str, Any]) -> str:
    """config.json text for a document: task keys go back into the task's section."""
    task = values.get("task") if isinstance(values.get("task"), str) else "statistics"
    top: dict[str, Any] = {}
    section: dict[str, Any] = {}
    for key, value in values.items():
        if key in SECTION_KEYS:
            section[key] = list(value) if isinstance(value, tuple) else value
        elif key in ("rank", "step") and isinstance(value, list | tuple):
            top[key] = [int(v) if isinstance(v, str) and v.isdigit() else v for v in value]
        else:
            top[key] = list(value) if isinstance(value, tuple) else value
    if section or task not in ("exception_dump",):
        top[task] = section
    return json.dumps(top, indent=4, ensure_ascii=False) + "\n"


def kernel_config(step_dir: str) -> dict[str, Any]:
    """The acl.json that msprobe writes as ``{dump_path}/step{N}/kernel_config_{pid}.json`` at level L2: the
    listed API's kernels are dumped by the ACL runtime into ``step_dir`` (single-operator dump)."""
    return {"dump": {"dump_list": [], "dump_path": step_dir, "dump_mode": "all", "dump_op_switch": "on"}}
