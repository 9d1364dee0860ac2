"""What an acl.json ``"dump"`` section asks for, read the way adump reads it (runtime-rules §1.3-1.4).

Shared by the acl.json rules, the environment rules and path resolution; values of the wrong type read as unset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.schema.acl import ACL_JSON, EXCEPTION_SCENES
from ascend_dump_gui.core.messages import msg


def on(values: Mapping[str, Any], key: str) -> bool:
    """An on/off option that is on."""
    return values.get(key) is True


def scene(values: Mapping[str, Any]) -> str | None:
    value = values.get("dump_scene")
    return value if isinstance(value, str) else None


def is_exception(values: Mapping[str, Any]) -> bool:
    """An exception dump_scene (aic_err_* or lite_exception) is set."""
    return scene(values) in EXCEPTION_SCENES


def is_watcher(values: Mapping[str, Any]) -> bool:
    return scene(values) == "watcher"


def items(values: Mapping[str, Any]) -> list[tuple[int, dict]]:
    """(index, entry) of every dump_list entry that is an object."""
    rows = values.get("dump_list")
    if not isinstance(rows, (list, tuple)):
        return []
    return [(i, row) for i, row in enumerate(rows) if isinstance(row, dict)]


def list_nonempty(values: Mapping[str, Any]) -> bool:
    """dump_list has at least one entry (``[{}]`` counts)."""
    rows = values.get("dump_list")
    return isinstance(rows, (list, tuple)) and len(rows) > 0


def needs_dump(values: Mapping[str, Any]) -> bool:
    """adump's NeedDump: something will be dumped."""
    return list_nonempty(values) or on(values, "dump_op_switch") or on(values, "dump_debug") \
        or "dump_scene" in values


def data_dump(values: Mapping[str, Any]) -> bool:
    """A model or single-operator data dump (not overflow, not exception)."""
    return (list_nonempty(values) or on(values, "dump_op_switch")) and not on(values, "dump_debug") \
        and not is_exception(values)


def constraint_pass(values: Mapping[str, Any]) -> bool:
    """The converter's path/step/list checks run: a non-empty config without an exception scene."""
    return bool(values) and not is_exception(values)


def list_checks(values: Mapping[str, Any]) -> bool:
    """The step, dump_list and dump_stats checks run (adump skips them with dump_debug on). Under the watcher scene
    dump_debug on is itself the error (EP0005) and turning it off is the fix, so the checks run regardless: the
    conflict must not hide the errors that come back once it is fixed."""
    return constraint_pass(values) and (not on(values, "dump_debug") or is_watcher(values))


def remote_host(path: str) -> str | None:
    """The IPv4 host of a remote ``IP:path`` dump_path, else None (then the path is local)."""
    head, sep, _ = path.partition(":")
    parts = head.split(".")
    if sep and len(parts) == 4 and all(p.isdigit() and int(p) <= 255 for p in parts):
        return head
    return None


def json_type_problems(section: Mapping[str, Any]) -> list[Finding]:
    """Values of the raw ``"dump"`` object whose JSON type adump refuses although they read like a valid value:
    a JSON ``true``/``false`` where the field wants the string "on"/"off" (adump's type pass wants a string:
    EP0001, runtime-rules §1.2, §1.8). Importing turns them into booleans, so they are caught here."""
    out = []
    for key, raw in section.items():
        spec = ACL_JSON.field(key) if ACL_JSON.has(key) else None
        if spec is not None and spec.bool_words and isinstance(raw, bool):
            out.append(Finding("schema.type", Severity.ERROR, (key,),
                               msg('{key} must be the string "{yes}" or "{no}", got the JSON boolean {value}; adump '
                                   'only accepts a string here (EP0001).', key=key, yes=spec.bool_words[0],
                                   no=spec.bool_words[1], value="true" if raw else "false"),
                               "runtime-rules §1.2, §1.8"))
    return out
