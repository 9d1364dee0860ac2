"""Rules for the acl.json ``"dump"`` object: seed 001 and what adump/GE check (runtime-rules §1.3-1.7)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When, folder_hits, step_hits
from ascend_dump_gui.core.config.schema.acl import KERNEL_DATA_ITEMS, MAX_BLACKLIST, MAX_PATH_LEN
from ascend_dump_gui.core.config.schema.acl_facts import (
    constraint_pass,
    is_exception,
    is_watcher,
    items,
    list_checks,
    list_nonempty,
    needs_dump,
    on,
    remote_host,
    scene,
)
from ascend_dump_gui.core.messages import msg

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
WATCH = "seed 001: Dump Watch Configuration for Operators"
EXC = "seed 001: Exception Operator Dump Configuration"
OVF = "seed 001: Overflow/Underflow Operator Dump Configuration"
_PATH_CHARS = re.compile(r"[A-Za-z0-9\-=\[\];\\,./!@#$%^&*()_+{}:?]*")
_POS = re.compile(r"(input|output)\d+")
_VARIABLE = re.compile(r"\$\{?\w+\}?|^~")


def _path(values: Mapping[str, Any]) -> str | None:
    value = values.get("dump_path")
    return value if isinstance(value, str) else None


def _local_path(values: Mapping[str, Any]) -> str | None:
    """dump_path when the converter checks it as a local folder."""
    path = _path(values)
    return path if path and constraint_pass(values) and remote_host(path) is None else None


def _without(values: Mapping[str, Any], index: int, key: str) -> list:
    rows = [dict(r) if isinstance(r, dict) else r for r in values.get("dump_list", [])]
    rows[index].pop(key, None)
    return rows


def _bad_chars(text: str) -> str:
    """The characters of ``text`` outside the runtime's path whitelist, quoted, or ""."""
    return " ".join(repr(c) for c in sorted({c for c in text if not _PATH_CHARS.fullmatch(c)}))


# -- scans ---------------------------------------------------------------------------------------------------------

def _watcher_model_name(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not is_watcher(v):
        return []
    return [Hit(msg("dump_list[{i}] has model_name {model_name!r}; model_name is not allowed in "
                    "dump_list under the watcher scene (EP0005).",
                    i=i, model_name=row['model_name']), (f"dump_list[{i}].model_name", "dump_scene"),
                Fix(msg("Remove model_name from dump_list[{i}]", i=i),
                    (("dump_list", _without(v, i, "model_name")),)))
            for i, row in items(v) if "model_name" in row]


def _watcher_nodes_missing(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not is_watcher(v):   # also with dump_debug on: that conflict is reported on its own (EP0005)
        return []
    return [Hit(msg("dump_list[{i}] has no watcher_nodes; under the watcher scene every entry needs the "
                    "operators to watch (EP0001).", i=i), (f"dump_list[{i}].watcher_nodes", "dump_scene"))
            for i, row in items(v) if not row.get("watcher_nodes")]


def _watcher_nodes_without_scene(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if is_watcher(v) or not list_checks(v):
        return []
    return [Hit(msg("dump_list[{i}] sets watcher_nodes but dump_scene is not watcher; the runtime "
                    "rejects it (EP0005).", i=i),
                (f"dump_list[{i}].watcher_nodes", "dump_scene"),
                Fix("Set dump_scene to watcher", (("dump_scene", "watcher"),)))
            for i, row in items(v) if row.get("watcher_nodes")]


def _watcher_overlap(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not is_watcher(v):
        return []
    hits = []
    for i, row in items(v):
        layer, nodes = row.get("layer"), row.get("watcher_nodes")
        if isinstance(layer, list) and isinstance(nodes, list):
            both = [n for n in nodes if n in layer]
            if both:
                hits.append(Hit(msg("dump_list[{i}]: {both} is in both layer and watcher_nodes; only the "
                                    "watcher_nodes dumps are exported for it.", i=i, both=', '.join(map(str, both))),
                                (f"dump_list[{i}].layer", f"dump_list[{i}].watcher_nodes")))
        hcom = [n for n in layer if isinstance(n, str) and n.startswith("Hcom")] if isinstance(layer, list) else []
        if hcom:
            hits.append(Hit(msg("dump_list[{i}].layer names {hcom}, which look like collective communication "
                                "operators (type Hcom...); after those only the watcher_nodes dumps are exported.",
                                i=i, hcom=", ".join(hcom)), (f"dump_list[{i}].layer", "dump_scene")))
    return hits


def _entries_overwritten(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    """GE stores dump_list entries by model (no model_name: one shared key, which every watcher entry uses) and
    the last entry overwrites the earlier ones: ge base/common/dump/dump_manager.cc SetDumpList, the
    DUMP_WATCHER_MODEL key, and dump_properties.cc AddPropertyValue (map assignment)."""
    if not list_checks(v) and not is_watcher(v):
        return []
    groups: dict[Any, list[int]] = {}
    for i, row in items(v):
        name = row.get("model_name")
        groups.setdefault(name if isinstance(name, str) and name else None, []).append(i)
    hits = []
    for name, rows in groups.items():
        if len(rows) < 2:
            continue
        last, earlier = rows[-1], ", ".join(f"dump_list[{i}]" for i in rows[:-1])
        keys = ("dump_list",) + tuple(f"dump_list[{i}]" for i in rows)   # the field first: the UI focuses it
        if name is None and is_watcher(v):
            hits.append(Hit(msg("dump_list has {count} watcher entries; GE keeps only the layer and watcher_nodes of "
                                "the last one (dump_list[{last}]), so {earlier} are not watched. Put every operator "
                                "in one entry.", count=len(rows), last=last, earlier=earlier), keys + ("dump_scene",)))
        elif name is None:
            hits.append(Hit(msg("dump_list has {count} entries without model_name; GE keeps only the last one "
                                "(dump_list[{last}]) for them, so {earlier} are ignored. Merge them into one entry.",
                                count=len(rows), last=last, earlier=earlier), keys))
        else:
            hits.append(Hit(msg("dump_list has {count} entries for model {name!r}; GE keeps only the last one "
                                "(dump_list[{last}]), so {earlier} are ignored. Merge them into one entry.",
                                count=len(rows), name=name, last=last, earlier=earlier), keys))
    return hits


def _dump_path_remote(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = _path(v)
    if path is None or not constraint_pass(v) or remote_host(path) is None:
        return []
    rest = path.partition(":")[2]
    if rest == "":
        return [Hit(msg("dump_path {path!r} names host {remote_host} but no folder after ':' (EP0003).",
                        path=path, remote_host=remote_host(path)))]
    bad = _bad_chars(rest)
    if bad:
        return [Hit(msg("the remote folder in dump_path contains {bad}; only ASCII letters, digits and "
                        "-=[];\\,./!@#$%^&*()_+{{}}:? are allowed (EP0003).", bad=bad))]
    return []


def _dump_path_chars(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = _local_path(v)
    bad = _bad_chars(path) if path else ""
    if not bad:
        return []
    return [Hit(msg("dump_path contains {bad}; adump accepts an existing folder, but GE refuses paths "
                    "outside its character list (ASCII letters, digits, -=[];\\,./!@#$%^&*()_+{{}}:?) "
                    "and then dumps no model data.", bad=bad))]


def _dump_path_variable(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = _path(v)
    match = _VARIABLE.search(path) if path and constraint_pass(v) else None
    if match is None:
        return []
    return [Hit(msg("dump_path {path!r} contains {match!r}: the runtime does not expand shell variables "
                    "or ~, so it looks for a folder with that literal name (relative to the working "
                    "directory). Write the real path.", path=path, match=match.group(0)))]


def _dump_path_absent(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    path = _local_path(v)
    if path is None or _VARIABLE.search(path):
        return []
    return folder_hits("dump_path", path, msg("the runtime needs an existing, writable folder on the machine that runs "
                                          "the model (EP0003 otherwise)."))


def _step(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    step = v.get("dump_step")
    if not isinstance(step, str) or not list_checks(v):
        return []
    return step_hits(step, "acl", msg("(EP0003)") if step_grammar.adump(step) else msg("The model then fails to load."))


def _empty_entries(key: str, empty: Any, what: str):
    def find(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
        if not list_checks(v) or on(v, "dump_op_switch"):
            return []
        return [Hit(msg("dump_list[{i}].{key} is {what}; with dump_op_switch off the runtime rejects it "
                        "(EP0001). Older runtimes skipped such entries, current ones refuse the whole "
                        "config.", i=i, key=key, what=what),
                    (f"dump_list[{i}].{key}",),
                    Fix(msg("Remove {key} from dump_list[{i}]", key=key, i=i),
                        (("dump_list", _without(v, i, key)),)))
                for i, row in items(v) if key in row and row[key] == empty]
    return find


def _blacklist_too_long(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not list_checks(v):
        return []
    return [Hit(msg("dump_list[{i}].{key} has {count} entries; at most {max_blacklist} are allowed "
                    "(EP0003).", i=i, key=key, count=len(row[key]), max_blacklist=MAX_BLACKLIST),
                (f"dump_list[{i}].{key}",))
            for i, row in items(v) for key in ("optype_blacklist", "opname_blacklist")
            if isinstance(row.get(key), list) and len(row[key]) > MAX_BLACKLIST]


def _needs_op_level(keys: tuple[str, ...]):
    def find(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
        if not list_checks(v) or v.get("dump_level") == "op":
            return []
        level = v.get("dump_level", "all (default)")
        return [Hit(msg("dump_list[{i}].{key} needs dump_level \"op\", but dump_level is {level} "
                        "(EP0005).", i=i, key=key, level=level),
                    (f"dump_list[{i}].{key}", "dump_level"), Fix('Set dump_level to "op"', (("dump_level", "op"),)))
                for i, row in items(v) for key in keys if row.get(key)]
    return find


def _blacklist_pos(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    hits = []
    for i, row in items(v) if list_checks(v) else ():
        for key in ("optype_blacklist", "opname_blacklist"):
            for j, entry in enumerate(row.get(key) or []):
                pos = entry.get("pos") if isinstance(entry, dict) else None
                bad = [p for p in pos or [] if not (isinstance(p, str) and _POS.fullmatch(p))]
                if bad:
                    hits.append(Hit(msg("dump_list[{i}].{key}[{j}].pos has {bad}; GE drops entries whose "
                                        "positions are not \"input<N>\" or \"output<N>\" (adump no "
                                        "longer checks).",
                                        i=i, key=key, j=j, bad=", ".join(map(repr, bad))),
                                    (f"dump_list[{i}].{key}[{j}].pos",)))
    return hits


def _range_model_name(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not list_checks(v):
        return []
    return [Hit(msg("dump_list[{i}] sets opname_range without a model_name; the runtime needs the model "
                    "(EP0001).", i=i),
                (f"dump_list[{i}].opname_range", f"dump_list[{i}].model_name"))
            for i, row in items(v) if row.get("opname_range") and not row.get("model_name")]


def _range_bounds(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not list_checks(v):
        return []
    return [Hit(msg("dump_list[{i}].opname_range[{j}].{bound} is empty (EP0001).", i=i, j=j, bound=bound),
                (f"dump_list[{i}].opname_range[{j}].{bound}",))
            for i, row in items(v) for j, entry in enumerate(row.get("opname_range") or [])
            if isinstance(entry, dict) for bound in ("begin", "end") if entry.get(bound, None) == ""]


def _kernel_data(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = v.get("dump_kernel_data")
    bad = [item for item in value.split(",") if item not in KERNEL_DATA_ITEMS] if isinstance(value, str) else []
    if not bad:
        return []
    return [Hit(msg("dump_kernel_data has {bad}; each comma-separated item must be one of "
                    "{kernel_data_items} (an empty item comes from a stray comma).",
                    bad=', '.join(repr(b) for b in bad), kernel_data_items=', '.join(KERNEL_DATA_ITEMS)))]


# -- the rules -----------------------------------------------------------------------------------------------------

RULES = (
    When("acl.nothing_dumped", W, ("dump_list", "dump_op_switch", "dump_debug", "dump_scene"),
         lambda v, c: not needs_dump(v) and c.facts.get("has_dump_section") is not False,
         "Nothing will be dumped: dump_list is empty, dump_op_switch is off, dump_debug is off and no dump_scene is "
         "set. The runtime accepts this config without a word.", "runtime-rules §1.3 (NeedDump); seed 001",
         Fix("Dump every operator: set dump_op_switch to on", (("dump_op_switch", True),))),
    When("acl.scene_with_dump_debug", E, ("dump_scene", "dump_debug"),
         lambda v, c: is_exception(v) and on(v, "dump_debug"),
         "An exception dump_scene cannot be combined with dump_debug on (EP0005).", "runtime-rules §1.3, §1.7",
         Fix("Turn dump_debug off", (("dump_debug", None),))),
    When("acl.scene_with_op_switch", E, ("dump_scene", "dump_op_switch"),
         lambda v, c: is_exception(v) and on(v, "dump_op_switch"),
         "An exception dump_scene cannot be combined with dump_op_switch on (EP0005).", "runtime-rules §1.3, §1.7",
         Fix("Turn dump_op_switch off", (("dump_op_switch", None),))),
    When("acl.exception_with_model_dump", W, ("dump_scene", "dump_list"),
         lambda v, c: is_exception(v) and list_nonempty(v),
         "Exception dump cannot run together with model dump: with an exception dump_scene the runtime only does the "
         "exception dump and ignores dump_list.", EXC, Fix("Remove dump_list", (("dump_list", None),))),
    When("acl.exception_ignores", N, ("dump_scene", "dump_step", "dump_mode", "dump_data", "dump_stats", "dump_level"),
         lambda v, c: is_exception(v) and any(k in v for k in ("dump_step", "dump_mode", "dump_data", "dump_stats",
                                                                "dump_level")),
         "With an exception dump_scene the runtime skips every other check and does not use dump_step, dump_mode, "
         "dump_data, dump_stats or dump_level.", "runtime-rules §1.3"),
    When("acl.watcher_with_dump_debug", E, ("dump_scene", "dump_debug"),
         lambda v, c: is_watcher(v) and on(v, "dump_debug"),
         "Dump watch (dump_scene watcher) cannot be combined with overflow dump (dump_debug on) (EP0005).", WATCH,
         Fix("Turn dump_debug off", (("dump_debug", None),))),
    When("acl.watcher_with_op_switch", E, ("dump_scene", "dump_op_switch"),
         lambda v, c: is_watcher(v) and on(v, "dump_op_switch"),
         "Dump watch (dump_scene watcher) cannot be combined with single-operator dump (dump_op_switch on) "
         "(EP0005).", WATCH, Fix("Turn dump_op_switch off", (("dump_op_switch", None),))),
    When("acl.watcher_dump_mode", E, ("dump_scene", "dump_mode"),
         lambda v, c: is_watcher(v) and "dump_mode" in v and v["dump_mode"] != "output",
         "Under the watcher scene dump_mode can only be output (EP0005).", WATCH,
         Fix('Set dump_mode to "output"', (("dump_mode", "output"),))),
    Scan("acl.watcher_model_name", E, ("dump_list", "dump_scene"), _watcher_model_name, WATCH),
    Scan("acl.watcher_nodes_missing", E, ("dump_list", "dump_scene"), _watcher_nodes_missing, "runtime-rules §1.6"),
    Scan("acl.watcher_nodes_without_scene", E, ("dump_list", "dump_scene"), _watcher_nodes_without_scene, "runtime-rules §1.6"),
    When("acl.watcher_empty_list", W, ("dump_scene", "dump_list"),
         lambda v, c: is_watcher(v) and not list_nonempty(v),
         "dump_scene is watcher but dump_list is empty, so no operator is watched.", WATCH),
    Scan("acl.watcher_overlap", N, ("dump_list",), _watcher_overlap, WATCH),
    Scan("acl.dump_list_entry_overwritten", W, ("dump_list",), _entries_overwritten,
         "ge base/common/dump/dump_manager.cc (SetDumpList: one entry per model, the last one wins)"),
    When("acl.dump_path_missing", E, ("dump_path", "dump_scene"),
         lambda v, c: constraint_pass(v) and "dump_path" not in v,
         "dump_path is required (EP0001): only an exception dump_scene may leave it out. Overflow dump and dump "
         "watch need it too.", "runtime-rules §1.4; " + OVF),
    When("acl.dump_path_empty", E, ("dump_path",),
         lambda v, c: constraint_pass(v) and v.get("dump_path") == "",
         "dump_path is empty (EP0001).", "runtime-rules §1.4"),
    When("acl.dump_path_too_long", E, ("dump_path",),
         lambda v, c: constraint_pass(v) and len(_path(v) or "") > MAX_PATH_LEN,
         f"dump_path is longer than {MAX_PATH_LEN} characters (EP0003).", "runtime-rules §1.4"),
    Scan("acl.dump_path_remote", E, ("dump_path",), _dump_path_remote, "runtime-rules §1.4"),
    Scan("acl.dump_path_chars", W, ("dump_path",), _dump_path_chars, "runtime-rules §1.4"),
    Scan("acl.dump_path_variable", W, ("dump_path",), _dump_path_variable, "runtime-rules §1.4"),
    Scan("acl.dump_path_not_found", W, ("dump_path",), _dump_path_absent, "runtime-rules §1.4"),
    When("acl.debug_with_op_switch", E, ("dump_debug", "dump_op_switch"),
         lambda v, c: on(v, "dump_debug") and on(v, "dump_op_switch"),  # its own EP0005 whatever the scene
         "Overflow dump (dump_debug on) cannot be combined with single-operator dump (dump_op_switch on) (EP0005).",
         OVF + "; runtime-rules §1.7", Fix("Turn dump_op_switch off", (("dump_op_switch", None),))),
    When("acl.debug_with_dump_list", W, ("dump_debug", "dump_list"),
         lambda v, c: on(v, "dump_debug") and list_nonempty(v) and not is_exception(v) and not is_watcher(v),
         "Overflow dump (dump_debug on) with a non-empty dump_list: adump accepts it, but GE refuses model dump "
         "while overflow detection is on, so the listed models are not dumped. (The AscendCL reference says an "
         "error is returned; the runtime only logs GE's refusal.)", OVF + "; runtime-rules §1.7",
         Fix("Remove dump_list", (("dump_list", None),))),
    When("acl.debug_ignores", N, ("dump_debug", "dump_step", "dump_stats"),
         lambda v, c: on(v, "dump_debug") and not is_exception(v) and not is_watcher(v)
         and ("dump_step" in v or "dump_stats" in v),
         "With dump_debug on the runtime skips the dump_step and dump_stats checks; they do not shape the overflow "
         "dump.", "runtime-rules §1.3"),
    Scan("acl.dump_step_invalid", E, ("dump_step",), _step, "runtime-rules §1.5"),
    Scan("acl.list_empty_model_name", E, ("dump_list",), _empty_entries("model_name", "", 'an empty string ""'), "runtime-rules §1.6"),
    Scan("acl.list_empty_layer", E, ("dump_list",), _empty_entries("layer", [], "an empty list []"), "runtime-rules §1.6"),
    Scan("acl.blacklist_too_long", E, ("dump_list",), _blacklist_too_long, "runtime-rules §1.6"),
    Scan("acl.blacklist_needs_op_level", E, ("dump_list", "dump_level"),
         _needs_op_level(("optype_blacklist", "opname_blacklist")), "runtime-rules §1.6, §1.7"),
    Scan("acl.blacklist_pos", W, ("dump_list",), _blacklist_pos, "runtime-rules §1.6"),
    Scan("acl.opname_range_needs_op_level", E, ("dump_list", "dump_level"), _needs_op_level(("opname_range",)), "runtime-rules §1.6"),
    Scan("acl.opname_range_needs_model_name", E, ("dump_list",), _range_model_name, "runtime-rules §1.6"),
    Scan("acl.opname_range_empty_bound", E, ("dump_list",), _range_bounds, "runtime-rules §1.6"),
    When("acl.dump_stats_empty", E, ("dump_stats",),
         lambda v, c: list_checks(v) and v.get("dump_stats") in ([], ()),
         "dump_stats is an empty list (EP0001); leave it out to get every statistic.", "runtime-rules §1.3",
         Fix("Remove dump_stats", (("dump_stats", None),))),
    When("acl.dump_stats_needs_stats", E, ("dump_stats", "dump_data"),
         lambda v, c: list_checks(v) and bool(v.get("dump_stats")) and v.get("dump_data") != "stats",
         'dump_stats needs dump_data "stats" set explicitly (EP0005).', "runtime-rules §1.3, §1.7",
         Fix('Set dump_data to "stats"', (("dump_data", "stats"),))),
    Scan("acl.dump_kernel_data_invalid", E, ("dump_kernel_data",), _kernel_data, "runtime-rules §1.2"),
    When("acl.dump_level_kernel_model_dump", W, ("dump_level", "dump_list"),
         lambda v, c: v.get("dump_level") == "kernel" and list_nonempty(v) and list_checks(v),
         'dump_level "kernel" switches GE\'s model dump off, so the models in dump_list are not dumped at operator '
         "level.", "runtime-rules §1.2"),
    When("acl.aic_err_detail_product", E, ("dump_scene",),
         lambda v, c: scene(v) == "aic_err_detail_dump" and c.product is not None
         and c.product not in ("atlas_a2", "atlas_a3"),
         "aic_err_detail_dump is supported only on Atlas A2 and Atlas A3 products (driver 25.0.RC1 or later); "
         "elsewhere setting the dump config fails.", EXC + "; runtime-rules §1.3",
         Fix("Use aic_err_norm_dump", (("dump_scene", "aic_err_norm_dump"),))),
    When("acl.aic_err_detail_effects", N, ("dump_scene",),
         lambda v, c: scene(v) == "aic_err_detail_dump",
         "aic_err_detail_dump: needs driver 25.0.RC1 or later; call aclmdlSetDump before aclrtSetDevice; "
         "aclmdlFinalizeDump cannot switch it off; the failing AI Core is suspended while exporting and the host "
         "processes are then forced to exit; a later process on the same device falls back to aic_err_brief_dump.",
         EXC),
    When("acl.lite_exception_alias", N, ("dump_scene",),
         lambda v, c: scene(v) == "lite_exception",
         "lite_exception is the old name of aic_err_brief_dump (same behaviour).", EXC,
         Fix("Use aic_err_brief_dump", (("dump_scene", "aic_err_brief_dump"),))),
)
