"""What the emulated runtime will dump for a config and environment (seeds 001-004, runtime-rules §1-§2).

:func:`make_plan` turns an accepted :class:`ConfigDoc` into a :class:`DumpPlan`; options the runtime
silently ignores give a plan that dumps less (possibly nothing) plus a warning saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.errors import ConfigRefused
from ascend_dump_gui.core.messages import msg

EXCEPTION_LEVELS = {"aic_err_brief_dump": "brief", "lite_exception": "brief", "aic_err_norm_dump": "norm",
                    "aic_err_detail_dump": "detail"}
DEFAULT_PRECISION = {"acl_json": "force_fp16", "tf1_session": "allow_fp32_to_fp16",
                     "tf2_npu_device": "allow_fp32_to_fp16", "torchair": "must_keep_origin_dtype",
                     "env": "allow_fp32_to_fp16"}
# model name and model id the runtime gives the emulated graph, per scenario ({time} is the build time)
MODEL_NAMING = {"acl_json": ("{model}", 1), "tf1_session": ("ge_default_{time}_1", 1),
                "tf2_npu_device": ("ge_default_{time}_1", 1), "torchair": ("graph_1", 1), "env": ("{model}", 1)}


@dataclass(frozen=True)
class WatchGroup:
    """One watcher dump_list item: after each op in ``layers`` (all ops when None) dump ``nodes``."""

    layers: frozenset[str] | None
    nodes: tuple[str, ...]


@dataclass(frozen=True)
class DumpPlan:
    """Everything the writer needs to know; an empty plan dumps nothing."""

    scenario: str
    data_dump: bool = False                 # model/graph op dump (tensor or stats), or watcher
    single_op: bool = False                 # acl dump_op_switch with no model list: ops as single-op calls
    overflow: bool = False
    overflow_mode: str = "all"
    exception: str | None = None            # "brief" | "norm" | "detail"
    watcher: tuple[WatchGroup, ...] = ()
    dump_mode: str = "output"
    step_text: str = ""                     # "" = every step
    layers: frozenset[str] | None = None    # None = every op
    stats: bool = False
    stats_items: tuple[str, ...] = ()
    blacklist_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # op type -> positions
    blacklist_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # op name -> positions
    ranges: tuple[tuple[str, str], ...] = ()  # acl opname_range (begin, end) pairs
    warnings: tuple[tuple[str, str], ...] = ()  # (option involved, message)

    def selects_step(self, step: int) -> bool:
        return step_grammar.selects(self.step_text, step)

    def note(self, message: str, option: str = "") -> DumpPlan:
        return replace(self, warnings=(*self.warnings, (option, message)))


def _on(values: Mapping[str, Any], key: str) -> bool:
    value = values.get(key)
    return value is True or value == "on" or value == 1


def _layer_set(text: Any) -> frozenset[str] | None:
    names = frozenset(str(text).split()) if text else frozenset()
    return names or None


def _env_exception(env: Mapping[str, str], level: str | None) -> tuple[str | None, list[str]]:
    """NPU_COLLECT_PATH forces norm exception dump; ASCEND_DUMP_SCENE selects an aic_err_* scene."""
    notes: list[str] = []
    scene = env.get("ASCEND_DUMP_SCENE")
    if scene:
        if scene in EXCEPTION_LEVELS and scene != "lite_exception":
            level = EXCEPTION_LEVELS[scene]
        else:
            notes.append(msg("ASCEND_DUMP_SCENE={scene} is ignored: only aic_err_brief_dump, aic_err_norm_dump "
                             "and aic_err_detail_dump are read from the environment", scene=scene))
    if env.get("NPU_COLLECT_PATH"):
        level = "norm"
    return level, notes


def _blacklists(items: list[dict]) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    types: dict[str, tuple[str, ...]] = {}
    names: dict[str, tuple[str, ...]] = {}
    for item in items:
        for key, target in (("optype_blacklist", types), ("opname_blacklist", names)):
            for entry in item.get(key) or ():
                if isinstance(entry, dict) and entry.get("name"):
                    target[entry["name"]] = tuple(entry.get("pos") or ())
    return types, names


def _acl_plan(values: Mapping[str, Any], model_name: str) -> DumpPlan:
    plan = DumpPlan("acl_json", dump_mode=values.get("dump_mode") or "output",
                    step_text=values.get("dump_step") or "")
    scene = values.get("dump_scene")
    items = [i for i in (values.get("dump_list") or []) if isinstance(i, dict)]
    if scene in EXCEPTION_LEVELS:
        return replace(plan, exception=EXCEPTION_LEVELS[scene])
    if not (items or values.get("dump_list") or _on(values, "dump_op_switch") or _on(values, "dump_debug") or scene):
        return plan.note(msg("the config enables no dump (empty dump_list, dump_op_switch and dump_debug off, no "
                             "dump_scene): the runtime accepts it and writes nothing"), "dump_list")
    if _on(values, "dump_debug"):
        if items:
            return plan.note(msg("dump_debug=on with a non-empty dump_list: GE refuses the dump config "
                                 "(\"nonsupport dump model when open dump overflow detection\") and writes "
                                 "nothing"), "dump_debug")
        return replace(plan, overflow=True)
    if scene == "watcher":
        groups = tuple(WatchGroup(frozenset(i["layer"]) if i.get("layer") else None,
                                  tuple(i.get("watcher_nodes") or ())) for i in items)
        return replace(plan, data_dump=True, watcher=groups, dump_mode="output")
    if values.get("dump_level") == "kernel":
        return plan.note(msg("dump_level=kernel: GE turns the model dump off, only kernel-level dumps remain"),
                         "dump_level")
    types, names = _blacklists(items)
    plan = replace(plan, stats=values.get("dump_data") == "stats", stats_items=tuple(values.get("dump_stats") or ()),
                   blacklist_types=types, blacklist_names=names)
    if not items:
        return replace(plan, single_op=True)
    matching = [i for i in items if not i.get("model_name") or i["model_name"] == model_name]
    if not matching:
        wanted = ", ".join(sorted({str(i.get("model_name")) for i in items}))
        return plan.note(msg("dump_list names model(s) {wanted} but the model that runs is {model}: nothing is "
                             "dumped", wanted=wanted, model=model_name), "model_name")
    ranges = tuple((r["begin"], r["end"]) for i in matching for r in (i.get("opname_range") or ())
                   if isinstance(r, dict) and r.get("begin") and r.get("end"))
    layers: set[str] | None = set()
    for item in matching:
        if not item.get("layer") and not item.get("opname_range"):
            layers = None
            break
        layers.update(item.get("layer") or ())
    return replace(plan, data_dump=True, ranges=ranges, layers=None if layers is None else frozenset(layers))


def _ge_options_plan(scenario: str, values: Mapping[str, Any], default_mode: str) -> DumpPlan:
    """TF1/TF2 session options and torchair options, which all become GE dump options."""
    plan = DumpPlan(scenario, dump_mode=values.get("dump_mode") or default_mode,
                    step_text=values.get("dump_step") or "", layers=_layer_set(values.get("dump_layer")))
    dump, debug = _on(values, "enable_dump"), _on(values, "enable_dump_debug")
    if dump and debug:
        raise ConfigRefused("enable_dump and enable_dump_debug are both on: GE refuses the session options")
    if debug:
        plan = replace(plan, overflow=True, overflow_mode=values.get("dump_debug_mode") or "all")
    elif dump:
        plan = replace(plan, data_dump=True, stats=values.get("dump_data") == "stats")
    elif any(k in values for k in ("dump_path", "dump_step", "dump_mode", "dump_layer", "dump_data")):
        plan = plan.note(msg("dump options are set but enable_dump is off: the runtime ignores them"), "enable_dump")
    if scenario != "torchair":
        level = {1: "norm", 2: "brief"}.get(int(values.get("enable_exception_dump", 2)))
        plan = replace(plan, exception=level)
    return plan


def make_plan(doc: ConfigDoc, env: Mapping[str, str], *, model_name: str,
              load: Callable[[Path], ConfigDoc] | None = None, cwd: Path) -> DumpPlan:
    """The dump plan for ``doc``; ``load`` reads torchair's dump_config_path file as an acl.json config."""
    values = doc.values
    if doc.scenario == "acl_json":
        plan = _acl_plan(values, model_name)
    elif doc.scenario in ("tf1_session", "tf2_npu_device"):
        plan = _ge_options_plan(doc.scenario, values, "output")
    elif doc.scenario == "torchair":
        plan = _torchair_plan(doc, load=load, cwd=cwd, model_name=model_name)
    else:
        plan = DumpPlan(doc.scenario)
    level, notes = _env_exception(env, plan.exception)
    plan = replace(plan, exception=level)
    for note in notes:
        plan = plan.note(note, "ASCEND_DUMP_SCENE")
    return plan


def _torchair_plan(doc: ConfigDoc, *, load: Callable[[Path], ConfigDoc] | None,
                   cwd: Path, model_name: str) -> DumpPlan:
    values = doc.values
    mode = doc.facts.get("mode") or "max-autotune"
    if mode != "max-autotune":
        return DumpPlan("torchair").note(
            msg("torchair mode {mode}: the dump_config options only take effect in max-autotune mode; nothing is "
                "dumped", mode=mode), "enable_dump")
    json_path = values.get("dump_config_path")
    if json_path and not _on(values, "enable_dump"):
        if load is None:
            raise ConfigRefused("dump_config_path cannot be read here")
        path = Path(json_path)
        plan = replace(_acl_plan(load(path if path.is_absolute() else cwd / path).values, model_name),
                       scenario="torchair")
        if plan.exception:
            plan = replace(plan.note(msg("an exception dump_scene in dump_config_path has no effect: torch_npu "
                                         "already enables the exception dump"), "dump_scene"), exception=None)
        return plan
    plan = _ge_options_plan("torchair", values, "all")
    if json_path:
        plan = plan.note(msg("dump_config_path is ignored because enable_dump is set (the options take priority)"),
                         "dump_config_path")
    return plan
