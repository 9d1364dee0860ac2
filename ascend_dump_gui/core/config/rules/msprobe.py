"""Rules for msprobe's config.json: every check msprobe makes when the debugger starts (errors: the job stops),
what it adjusts silently (warnings), and what it never checks although the dump comes out empty or useless.

Facts from msprobe 26.2.0 (``CommonConfig._check_config``, ``BaseConfig.check_config``, ``get_real_step_or_rank``,
``pt_config.py``, ``DebuggerConfig.check`` / ``_check_and_adjust_config_with_l2``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import (
    CheckContext,
    GradedScan,
    Hit,
    Scan,
    When,
    folder_hits,
    is_dir,
)
from ascend_dump_gui.core.config.schema.msprobe import (
    API_SRC,
    DATA_MODES,
    MAX_STEP_RANK,
    MINDSPORE_TASKS,
    PYTORCH_TASKS,
    REMOVED_TASKS,
    framework_shown,
    pytorch_api_names,
)
from ascend_dump_gui.core.config.schema.versions import FRAMEWORK_TITLES
from ascend_dump_gui.core.messages import Text, msg

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
SRC = "msprobe 26.2.0: config.json"
START = "msprobe 26.2.0: checks at PrecisionDebugger start-up"
NOT_CHECKED = "msprobe 26.2.0: not checked at start-up"
_RANGE = re.compile(r"^(\d+)-(\d+)$")
_FORWARD_N = re.compile(r"\.forward\.\d+$")


def _task(v: Mapping[str, Any]) -> str:
    task = v.get("task")
    return task if isinstance(task, str) else "statistics"


def _level(v: Mapping[str, Any]) -> str:
    level = v.get("level")
    return level if isinstance(level, str) else "L1"


def _strs(value: Any) -> list[str]:
    return [x for x in value if isinstance(x, str)] if isinstance(value, list | tuple) else []


def _data_mode(v: Mapping[str, Any]) -> list[str]:
    return _strs(v.get("data_mode")) or ["all"]


def _ids(key: str, value: Any) -> tuple[list[int], list[Hit]]:
    """The ranks or steps a list selects, and msprobe's refusals (get_real_step_or_rank)."""
    ids: list[int] = []
    hits: list[Hit] = []
    if not isinstance(value, list | tuple):
        return ids, hits
    if len(value) > MAX_STEP_RANK:
        hits.append(Hit(msg("{key} has more than {limit} elements; msprobe refuses it.", key=key, limit=MAX_STEP_RANK),
                        (key,)))
    for element in value:
        text = str(element).strip()
        if text.isdigit():
            lo = hi = int(text)
        elif m := _RANGE.match(text):
            lo, hi = int(m.group(1)), int(m.group(2))
            if lo > hi:
                hits.append(Hit(msg("{key} range \"{text}\": the left boundary is larger than the right one; msprobe "
                                    "refuses it.", key=key, text=text), (key,)))
                continue
        else:
            hits.append(Hit(msg("{key} element \"{text}\" is neither an integer nor a range such as \"3-5\"; msprobe "
                                "refuses it.", key=key, text=text), (key,)))
            continue
        if hi > MAX_STEP_RANK:
            hits.append(Hit(msg("{key} element \"{text}\" is beyond {limit}; msprobe refuses it.", key=key, text=text,
                                limit=MAX_STEP_RANK), (key,)))
            continue
        ids.extend(range(lo, min(hi, lo + 10_000) + 1))
    return ids, hits


def _rank_step_grammar(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    return _ids("rank", v.get("rank"))[1] + _ids("step", v.get("step"))[1]


def _rank_beyond_world(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    world = ctx.env.get("WORLD_SIZE", "")
    ranks, _ = _ids("rank", v.get("rank"))
    if not world.isdigit() or not ranks:
        return []
    beyond = sorted({r for r in ranks if r >= int(world)})
    if not beyond:
        return []
    if len(beyond) == len(set(ranks)):
        return [Hit(msg("rank selects {ranks} but WORLD_SIZE is {world}: no process has such a rank, so nothing is "
                        "dumped. msprobe does not check this.", ranks=", ".join(map(str, beyond[:8])), world=world),
                    ("rank",))]
    return [Hit(msg("rank {ranks} is not below WORLD_SIZE {world}: those ranks do not exist and dump nothing. msprobe "
                    "does not check this.", ranks=", ".join(map(str, beyond[:8])), world=world), ("rank",))]


def _removed_task(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    task = v.get("task")
    if not isinstance(task, str) or task not in REMOVED_TASKS:
        return []
    return [Hit(msg("task \"{task}\" is still in older msprobe documents but msprobe 26.2.0 no longer accepts it "
                    "(\"task is invalid\") and stops: {advice}.", task=task, advice=msg(REMOVED_TASKS[task])),
                ("task",))]


def _data_mode_all(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    modes = _strs(v.get("data_mode"))
    if "all" in modes and len(v.get("data_mode")) != 1:
        return [Hit(msg("data_mode combines \"all\" with other values; msprobe refuses it (\"'all' cannot be combined "
                        "with other options in data_mode\")."), ("data_mode",),
                    Fix(msg("Keep only \"all\""), (("data_mode", ["all"]),)))]
    if isinstance(v.get("data_mode"), list | tuple) and len(v.get("data_mode")) >= len(DATA_MODES):
        return [Hit(msg("data_mode has {count} values; msprobe accepts at most {limit}.",
                        count=len(v.get("data_mode")), limit=len(DATA_MODES) - 1), ("data_mode",))]
    return []


def _async(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if v.get("async_dump") is not True:
        return []
    hits = []
    if _task(v) == "tensor" and _level(v) != "debug" and not _strs(v.get("list")):
        hits.append(Hit(msg("async_dump with task tensor needs a non-empty list; msprobe refuses an empty one."),
                        ("async_dump", "list"), Fix(msg("Turn async_dump off"), (("async_dump", False),))))
    if v.get("summary_mode") == "md5":
        hits.append(Hit(msg("async_dump cannot be combined with summary_mode md5; msprobe refuses it."),
                        ("async_dump", "summary_mode"),
                        Fix(msg("Use summary_mode statistics"), (("summary_mode", "statistics"),))))
    return hits


def _nan_check(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _task(v) != "nan_check":
        return []
    hits = []
    if _level(v) != "L1":
        hits.append(Hit(msg("task nan_check needs level L1; msprobe refuses level {level}.", level=_level(v)),
                        ("task", "level"), Fix(msg("Set level to L1"), (("level", "L1"),))))
    modes = _data_mode(v)
    if "input" in modes and "output" not in modes and "all" not in modes:
        hits.append(Hit(msg("task nan_check checks outputs; data_mode with \"input\" but without \"output\" is refused."),
                        ("task", "data_mode"), Fix(msg("Set data_mode to [\"all\"]"), (("data_mode", ["all"]),))))
    return hits


def _l2(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _level(v) != "L2":
        return []
    hits = []
    if _strs(v.get("scope")):
        hits.append(Hit(msg("level L2 does not allow a scope; msprobe refuses it."), ("level", "scope"),
                        Fix(msg("Remove scope"), (("scope", None),))))
    if len(_strs(v.get("list"))) != 1:
        hits.append(Hit(msg("level L2 needs list to name exactly one API (e.g. \"Functional.linear.0.forward\"); "
                            "msprobe refuses {count}.", count=len(_strs(v.get("list")))), ("level", "list")))
    if _task(v) != "tensor":
        hits.append(Hit(msg("level L2 needs task tensor; msprobe refuses task {task}.", task=_task(v)),
                        ("level", "task"), Fix(msg("Set task to tensor"), (("task", "tensor"),))))
    return hits


def _structure_level(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _task(v) != "structure" or _level(v) in ("L0", "mix"):
        return []
    return [Hit(msg("task structure with level {level}: msprobe switches to level mix without saying so in the "
                    "dump.", level=_level(v)), ("task", "level"), Fix(msg("Set level to mix"), (("level", "mix"),)))]


def _slice_request(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    supported = _task(v) in ("statistics", "tensor") and _level(v) in ("L0", "L1", "mix")
    keys = [k for k in ("slice", "request_id") if v.get(k)]
    if supported or not keys:
        return []
    return [Hit(msg("{keys} apply only to task tensor or statistics at level L0, L1 or mix; msprobe drops them.",
                    keys=", ".join(keys)), (*keys, "task", "level"))]


def _tensor_list_debug(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _level(v) == "debug" and _strs(v.get("tensor_list")) and _task(v) in ("statistics", "nan_check"):
        return [Hit(msg("tensor_list has no effect at level debug; msprobe ignores it."), ("tensor_list", "level"))]
    return []


def _regex(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    hits = []
    for name in _strs(v.get("list")):
        if name.startswith("name-regex(") and name.endswith(")"):
            try:
                re.compile(name[len("name-regex("):-1])
            except re.error as exc:
                hits.append(Hit(msg("list entry {name} is not a valid regular expression ({error}); msprobe then "
                                    "ignores every name-regex entry without saying so.", name=name, error=str(exc)),
                                ("list",)))
    return hits


def _level_list_mismatch(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    names = [n for n in _strs(v.get("list")) if not n.startswith("name-regex(")]
    if not names or _level(v) not in ("L0", "L1"):
        return []
    if _level(v) == "L0" and all(n.split(".", 1)[0] not in ("Module", "Cell") and "." in n for n in names):
        return [Hit(msg("level L0 dumps modules, but list names only APIs ({first}): nothing matches and the dump is "
                        "empty. msprobe does not check this.", first=names[0]), ("level", "list"),
                    Fix(msg("Set level to mix"), (("level", "mix"),)))]
    if _level(v) == "L1" and all(n.split(".", 1)[0] in ("Module", "Cell") for n in names):
        return [Hit(msg("level L1 dumps APIs, but list names only modules ({first}): nothing matches and the dump is "
                        "empty. msprobe does not check this.", first=names[0]), ("level", "list"),
                    Fix(msg("Set level to mix"), (("level", "mix"),)))]
    return []


def _section_keys_unused(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    task = _task(v)
    used = {
        "statistics": {"scope", "list", "data_mode", "summary_mode", "tensor_list", "slice", "request_id"},
        "tensor": {"scope", "list", "data_mode", "summary_mode", "bench_path", "slice", "request_id"},
        "nan_check": {"scope", "list", "data_mode", "tensor_list"},
        "acc_check": {"white_list", "black_list", "error_data_path"},
        "diff_check": {"scope", "list", "data_mode", "diff_nums"},
        "structure": {"scope", "list", "data_mode"},
        "exception_dump": set(),
    }.get(task)
    if used is None:
        return []
    section = ("scope", "list", "data_mode", "summary_mode", "tensor_list", "bench_path", "slice", "request_id",
               "white_list", "black_list", "error_data_path", "diff_nums")
    unused = [k for k in section if k in v and k not in used]
    if not unused:
        return []
    return [Hit(msg("{keys} are not read by task {task}; they change nothing.", keys=", ".join(unused), task=task),
                (*unused, "task"))]


def _other_sections(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    others = ctx.facts.get("other_sections")
    if not isinstance(others, list) or not others:
        return []
    return [Hit(msg("The sections {sections} are not read: msprobe only reads the section of task \"{task}\".",
                    sections=", ".join(map(str, others)), task=_task(v)), ("task",))]


def _framework(v: Mapping[str, Any], ctx: CheckContext) -> tuple[str | None, Text]:
    """The framework checked for (the setting, else what the config shows) and how it was decided."""
    if ctx.framework:
        return ctx.framework, msg("Checked for {framework} (the Framework setting).",
                                  framework=FRAMEWORK_TITLES.get(ctx.framework, ctx.framework))
    shown, key = framework_shown(v)
    if shown:
        return shown, msg("Checked for {framework}, as {key} shows.", framework=FRAMEWORK_TITLES[shown], key=key)
    return None, msg("The framework is not known: set it (--framework) to check for one.")


def _framework_tasks(v: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, Hit]]:
    task = _task(v)
    framework, said = _framework(v, ctx)
    if task == "exception_dump" and framework != "mindspore":
        severity = E if framework == "pytorch" else W
        return [(severity, Hit(msg("task exception_dump exists for MindSpore only; PyTorch's PrecisionDebugger refuses "
                                   "it at start-up (\"task <exception_dump> is invalid\"; its tasks: {tasks}). {said}",
                                   tasks=", ".join(PYTORCH_TASKS), said=said), ("task",)))]
    if framework == "mindspore" and task not in MINDSPORE_TASKS and task not in REMOVED_TASKS:
        return [(E, Hit(msg("task {task} is for PyTorch; MindSpore's PrecisionDebugger accepts only {tasks} and stops "
                            "(\"task is invalid.\"). {said}", task=task, tasks=", ".join(MINDSPORE_TASKS),
                            said=said), ("task",)))]
    return []


def _api_names(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    framework, _said = _framework(v, ctx)
    if _task(v) != "acc_check" or framework == "mindspore":
        return []
    known = pytorch_api_names()
    hits = []
    for key in ("white_list", "black_list"):
        names = v.get(key)
        bad = [n for n in names if not isinstance(n, str) or n not in known] if isinstance(names, list) else []
        if not bad:
            continue
        bare = [str(n).split(".", 1)[1].rsplit(".", 1)[0] for n in bad
                if isinstance(n, str) and n.count(".") >= 1 and n.split(".", 1)[1].rsplit(".", 1)[0] in known]
        hint = msg(" Use bare names: {names}.", names=", ".join(bare)) if bare else ""
        hits.append(Hit(msg("Invalid api in {key}: {names}. msprobe accepts only the API names of its PyTorch list "
                            "({count} names: functional, tensor, torch and torch_npu APIs, without a prefix) and stops "
                            "at start-up.{hint}", key=key, names=", ".join(map(repr, bad)), count=len(known),
                            hint=hint), (key,)))
    return hits


def _diff_nums(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    value = v.get("diff_nums")
    if _task(v) != "diff_check" or value is None or (isinstance(value, int) and not isinstance(value, bool)
                                                     and (value == -1 or value > 0)):
        return []
    return [Hit(msg("diff_nums must be -1 or a positive integer; msprobe refuses {value!r}.", value=value),
                ("diff_nums",))]


def _error_data_path(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if _task(v) != "acc_check":
        return []
    path = v.get("error_data_path")
    return folder_hits("error_data_path", path if isinstance(path, str) else "./",
                       msg("msprobe checks that it exists and stops otherwise."))


def _load(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    load = v.get("load")
    if load is None:
        return []
    if not isinstance(load, dict):
        return [Hit(msg("load must be an object with path and modules."), ("load",))]
    hits = []
    modules = load.get("modules")
    if not isinstance(modules, list) or not modules or not all(isinstance(m, str) for m in modules):
        hits.append(Hit(msg("load.modules must be a non-empty list of module names; msprobe refuses it."), ("load",)))
    else:
        bad = [m for m in modules if not m.startswith("Module.") or ".backward." in m or not _FORWARD_N.search(m)]
        if bad:
            hits.append(Hit(msg("load.modules entry {name} must look like \"Module.<name>.forward.<N>\"; msprobe "
                                "refuses it.", name=bad[0]), ("load",)))
        if len(set(modules)) != len(modules):
            hits.append(Hit(msg("load.modules lists a module twice; msprobe refuses it."), ("load",)))
    path = load.get("path")
    if not isinstance(path, str) or not path:
        hits.append(Hit(msg("load.path is required; msprobe refuses the config without it."), ("load",)))
    elif path.startswith("/") and not is_dir(path):
        hits.append(Hit(msg("load.path {path} is not a folder on this machine; msprobe refuses it.", path=path),
                        ("load",)))
    if "dump_after_load" in load and not isinstance(load.get("dump_after_load"), bool):
        hits.append(Hit(msg("load.dump_after_load must be true or false."), ("load",)))
    return hits


def _bool_as_int(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    return [Hit(msg("{key} is {value}; msprobe accepts only true or false (isinstance bool) and refuses it.", key=key,
                    value=v[key]), (key,), Fix(msg("Set {key} to {word}", key=key, word=bool(v[key])),
                                                ((key, bool(v[key])),)))
            for key in ("extra_info", "async_dump", "dump_enable")
            if isinstance(v.get(key), int) and not isinstance(v.get(key), bool)]


def _dump_path_missing(v: Mapping[str, Any], ctx: CheckContext) -> bool:
    if isinstance(v.get("dump_path"), str) and v.get("dump_path"):
        return False
    load = v.get("load")
    return not (isinstance(load, dict) and load.get("path") and not load.get("dump_after_load"))


RULES = (
    Scan("msprobe.removed_task", E, ("task",), _removed_task, START),
    GradedScan("msprobe.task_framework", E, ("task",), _framework_tasks, START),
    Scan("msprobe.api_name_unknown", E, ("white_list", "black_list"), _api_names, API_SRC),
    When("msprobe.dump_path_missing", E, ("dump_path",), lambda v, c: _dump_path_missing(v, c),
         "dump_path is not set; msprobe stops with \"The dump_path not found\".", START),
    Scan("msprobe.bool_as_number", E, ("extra_info", "async_dump", "dump_enable"), _bool_as_int, START),
    Scan("msprobe.rank_step_invalid", E, ("rank", "step"), _rank_step_grammar, START),
    Scan("msprobe.data_mode_all_combined", E, ("data_mode",), _data_mode_all, START),
    Scan("msprobe.async_dump", E, ("async_dump",), _async, START),
    When("msprobe.async_dump_memory", N, ("async_dump",), lambda v, c: v.get("async_dump") is True,
         "async_dump keeps tensors in host memory until they are written; msprobe warns that large tensors may run "
         "out of memory.", START),
    Scan("msprobe.nan_check", E, ("task",), _nan_check, START),
    When("msprobe.nan_check_npu", N, ("task",), lambda v, c: _task(v) == "nan_check",
         "task nan_check runs only where torch_npu can be imported (an NPU machine); elsewhere msprobe refuses it.",
         START),
    Scan("msprobe.l2", E, ("level",), _l2, START),
    Scan("msprobe.diff_nums", E, ("diff_nums",), _diff_nums, START),
    Scan("msprobe.error_data_path", E, ("error_data_path",), _error_data_path, START),
    Scan("msprobe.load", E, ("load",), _load, START),
    Scan("msprobe.structure_level", W, ("task", "level"), _structure_level, START),
    Scan("msprobe.slice_unsupported", W, ("slice", "request_id"), _slice_request, START),
    Scan("msprobe.tensor_list_debug", W, ("tensor_list",), _tensor_list_debug, START),
    Scan("msprobe.list_regex", W, ("list",), _regex, NOT_CHECKED),
    Scan("msprobe.rank_beyond_world_size", W, ("rank",), _rank_beyond_world, NOT_CHECKED),
    Scan("msprobe.level_list_mismatch", W, ("level", "list"), _level_list_mismatch, NOT_CHECKED),
    Scan("msprobe.keys_unused_by_task", W, (), _section_keys_unused, NOT_CHECKED),
    Scan("msprobe.other_sections", N, ("task",), _other_sections, NOT_CHECKED),
)
