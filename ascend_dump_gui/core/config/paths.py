"""Where every artifact of a run lands, given a config, the environment and the working directory.

Each :class:`Artifact` has a concrete folder (``path``), the option or variable that decided it, and the
sub-folders/file name the runtime adds below it (``layout``, with ``{time}``, ``{device_id}``, ``{model_name}``,
``{model_id}``, ``{data_index}``, ``{pid}``, ``{session_id}``, ``{world_size}``, ``{rank}`` placeholders).
Priorities follow seed 000 (ASCEND_WORK_PATH table), seeds 001-004 and runtime-rules §1.4, §3.
"""

from __future__ import annotations

import json
import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.check import effective_env
from ascend_dump_gui.core.config.formats.acl_json import acl_text_doc
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.paths_msprobe import msprobe_artifacts
from ascend_dump_gui.core.config.rules.env import adapter_default_options
from ascend_dump_gui.core.config.rules.torchair import dump_config_acts
from ascend_dump_gui.core.config.schema.acl import EXCEPTION_SCENES
from ascend_dump_gui.core.config.schema.acl_facts import is_exception, list_nonempty, remote_host
from ascend_dump_gui.core.errors import InputError

MODEL_LAYOUT = "{time}/{device_id}/{model_name}/{model_id}/{data_index}"
SINGLE_OP_LAYOUT = "{time}/{device_id}"
TORCHAIR_LAYOUT = "worldsize{world_size}_global_rank{rank}/" + MODEL_LAYOUT
EXCEPTION_DIR = "extra-info/data-dump"
# The two sources disagree; the emulator follows GE's code.
WORK_PATH_GRAPHS = ("ASCEND_WORK_PATH (the sources disagree: GE's code writes the graph files directly here, "
                    "runtime-rules §3.4; seed 000 says in a {pid}_{device_id} folder below it)")


@dataclass(frozen=True)
class Artifact:
    artifact: str       # dump_data, overflow_dump, exception_dump, graph_dump, log, trace, kernel_meta, ...
    path: str           # absolute folder (or remote host:path) the runtime writes under
    decided_by: str     # the option or environment variable that chose it, or "cwd" / "default"
    layout: str = ""    # what the runtime appends below ``path``

    def to_json(self) -> dict[str, str]:
        return {"artifact": self.artifact, "path": self.path, "decided_by": self.decided_by, "layout": self.layout}


class _Resolver:
    def __init__(self, env: Mapping[str, str], cwd: str) -> None:
        self.env = {k: v for k, v in env.items() if v.strip()}
        self.cwd = cwd
        self.home = self.env.get("HOME") or os.path.expanduser("~")

    def abs(self, path: str) -> str:
        if remote_host(path) is not None:
            return path
        return posixpath.normpath(path if path.startswith("/") else posixpath.join(self.cwd, path))

    def first(self, *choices: tuple[str, str | None, str]) -> tuple[str, str]:
        """The first (name, base, sub) whose base is set, as (absolute path, name)."""
        for name, base, sub in choices:
            if isinstance(base, str) and base:
                return self.abs(posixpath.join(base, sub) if sub else base), name
        raise AssertionError("the last choice must always be set")

    def env_choice(self, name: str, sub: str = "") -> tuple[str, str | None, str]:
        return name, self.env.get(name), sub


def resolve_paths(doc: ConfigDoc, *, env: Mapping[str, str] | None = None, cwd: Path | str) -> list[Artifact]:
    """Every artifact the run of ``doc`` writes, where, and what decided it (relative paths against ``cwd``)."""
    r = _Resolver(effective_env(doc, env), posixpath.normpath(str(Path(cwd).absolute())))
    v = doc.values
    out: list[Artifact] = []
    if doc.scenario == "acl_json":
        out += _acl(v, r, "dump_path")
    elif doc.scenario in ("tf1_session", "tf2_npu_device"):
        out += _ge_dumps(v, r)
        out += _exception(r, v.get("enable_exception_dump", 2), None)
    elif doc.scenario == "torchair":
        out += _torchair(v, r, doc.facts)
    elif doc.scenario == "msprobe_config":
        out += [Artifact(*a) for a in msprobe_artifacts(v, r.abs, SINGLE_OP_LAYOUT)]
    else:
        out += _exception(r, 0, None)
    if "NPU_COLLECT_PATH" in r.env:   # GE refuses data dump while it is set (E10056, runtime-rules §1.7)
        out = [a for a in out if a.artifact != "dump_data"]
    out += _graph(r)
    out += _common(doc.scenario, v, r)
    return out


def _acl(v: Mapping[str, Any], r: _Resolver, decided: str) -> list[Artifact]:
    out = []
    path = v.get("dump_path") if isinstance(v.get("dump_path"), str) and v.get("dump_path") else None
    if not is_exception(v) and path:
        if v.get("dump_debug") is True:
            if not list_nonempty(v):   # with a dump_list GE refuses the whole config (runtime-rules §1.7)
                out.append(Artifact("overflow_dump", r.abs(path), decided, MODEL_LAYOUT))
        elif list_nonempty(v) or v.get("dump_op_switch") is True:
            layout = MODEL_LAYOUT if list_nonempty(v) else SINGLE_OP_LAYOUT
            out.append(Artifact("dump_data", r.abs(path), decided, layout))
    scene_path = path if is_exception(v) else None
    return out + _exception(r, 1 if is_exception(v) else 0, scene_path, decided)


def _exception(r: _Resolver, level: Any, dump_path: str | None, decided: str = "dump_path") -> list[Artifact]:
    """Exception dumps: NPU_COLLECT_PATH > ASCEND_DUMP_PATH > ASCEND_WORK_PATH > dump_path > cwd."""
    scene = r.env.get("ASCEND_DUMP_SCENE", "").strip()
    if "NPU_COLLECT_PATH" not in r.env and level not in (1, 2) and scene not in EXCEPTION_SCENES[:3]:
        return []
    path, by = r.first(r.env_choice("NPU_COLLECT_PATH", EXCEPTION_DIR), r.env_choice("ASCEND_DUMP_PATH", EXCEPTION_DIR),
                       r.env_choice("ASCEND_WORK_PATH", EXCEPTION_DIR), (decided, dump_path, EXCEPTION_DIR),
                       ("cwd", r.cwd, EXCEPTION_DIR))
    return [Artifact("exception_dump", path, by, "{device_id}")]


def _ge_dumps(v: Mapping[str, Any], r: _Resolver) -> list[Artifact]:
    path = v.get("dump_path")
    if not isinstance(path, str) or not path:
        return []
    if v.get("enable_dump") is True:
        return [Artifact("dump_data", r.abs(path), "dump_path", MODEL_LAYOUT)]
    if v.get("enable_dump_debug") is True:
        return [Artifact("overflow_dump", r.abs(path), "dump_path", MODEL_LAYOUT)]
    return []


def _torchair(v: Mapping[str, Any], r: _Resolver, facts: Mapping[str, Any]) -> list[Artifact]:
    """Seed 004: dump works in max-autotune through torchair's backend only; the exception dump is left to the
    environment (an exception dump_scene in the json file has no effect: torch_npu switches it on itself)."""
    dumps = _torchair_dumps(v, r) if dump_config_acts(facts) else []
    return dumps + _exception(r, 0, None)


def _torchair_dumps(v: Mapping[str, Any], r: _Resolver) -> list[Artifact]:
    if v.get("enable_dump") is True:
        path = v.get("dump_path") if isinstance(v.get("dump_path"), str) else "./"
        return [Artifact("dump_data", r.abs(path), "dump_path", TORCHAIR_LAYOUT)]
    config = v.get("dump_config_path")
    if not isinstance(config, str) or not config:
        return []
    try:
        inner = acl_text_doc(jsontext.read_text(r.abs(config)), None)
    except InputError:
        return []
    return [a for a in _acl(inner.values, r, "dump_config_path") if a.artifact != "exception_dump"]


def _graph(r: _Resolver) -> list[Artifact]:
    """DUMP_GE_GRAPH files: NPU_COLLECT_PATH > DUMP_GRAPH_PATH > ASCEND_WORK_PATH > cwd (runtime-rules §3.4)."""
    if "DUMP_GE_GRAPH" not in r.env:
        return []
    if "NPU_COLLECT_PATH" in r.env:
        return [Artifact("graph_dump", r.abs(posixpath.join(r.env["NPU_COLLECT_PATH"], "extra-info/graph")),
                         "NPU_COLLECT_PATH", "{pid}_{device_id}")]
    if "DUMP_GRAPH_PATH" in r.env:
        return [Artifact("graph_dump", r.abs(r.env["DUMP_GRAPH_PATH"]), "DUMP_GRAPH_PATH",
                         "pid_{pid}_deviceid_{device_id}")]
    path, by = r.first(r.env_choice("ASCEND_WORK_PATH"), ("cwd", r.cwd, ""))
    if by == "ASCEND_WORK_PATH":
        by = WORK_PATH_GRAPHS
    return [Artifact("graph_dump", path, by, "")]


def _common(scenario: str, v: Mapping[str, Any], r: _Resolver) -> list[Artifact]:
    out = []
    path, by = r.first(r.env_choice("ASCEND_PROCESS_LOG_PATH"), r.env_choice("ASCEND_WORK_PATH", "log"),
                       ("default", r.home, "ascend/log"))
    out.append(Artifact("log", path, by))
    path, by = r.first(r.env_choice("ASCEND_WORK_PATH", "atrace"), ("default", r.home, "ascend/atrace"))
    out.append(Artifact("trace", path, by))
    if scenario == "acl_json":
        return out
    tf1 = scenario == "tf1_session"
    level = v.get("op_debug_level")
    # seed 002 op_debug_level: kernel_meta also appears with level 0 (or unset) when NPU_COLLECT_PATH is set
    collect = tf1 and "NPU_COLLECT_PATH" in r.env and (level is None or level == 0)
    if scenario == "env" or collect or tf1 and (isinstance(level, int) and level > 0 or v.get("op_debug_config")):
        path, by = r.first(("debug_dir", v.get("debug_dir") if tf1 else None, "kernel_meta"),
                           r.env_choice("ASCEND_WORK_PATH", "kernel_meta"), ("cwd", r.cwd, "kernel_meta"))
        out.append(Artifact("kernel_meta", path, by))
    if v.get("export_compile_stat", 1) != 0:
        if "ASCEND_WORK_PATH" in r.env:
            out.append(Artifact("fusion_result", r.abs(posixpath.join(r.env["ASCEND_WORK_PATH"], "FE")),
                                "ASCEND_WORK_PATH", "{pid}/fusion_result.json"))
        else:
            out.append(Artifact("fusion_result", r.cwd, "cwd", "fusion_result.json"))
    out += _profiling(scenario, v, r)
    if tf1 and "aoe_mode" in v or "AOE_MODE" in r.env:
        path, by = r.first(("work_path", v.get("work_path") if tf1 else None, ""),
                           r.env_choice("ASCEND_WORK_PATH", "aoe_data"), ("cwd", r.cwd, ""))
        out.append(Artifact("aoe", path, by))
    if scenario == "env" or tf1 and (v.get("external_weight") is True or v.get("compile_hybrid_mode") == 1):
        path, by = r.first(r.env_choice("ASCEND_WORK_PATH"), ("cwd", r.cwd, ""))
        out.append(Artifact("tmp_weight", path, by, "tmp_weight_{pid}_{session_id}"))
    if v.get("op_compiler_cache_mode", "enable") != "disable":
        cache_dir = v.get("op_compiler_cache_dir") if tf1 else None
        path, by = r.first(("op_compiler_cache_dir", cache_dir, "kernel_cache"),
                           r.env_choice("ASCEND_CACHE_PATH", "kernel_cache"),
                           ("default", r.home, "atc_data/kernel_cache"))
        out.append(Artifact("op_compiler_cache", path, by))
    if scenario == "env":
        path, by = r.first(r.env_choice("ASCEND_WORK_PATH"), ("cwd", r.cwd, ""))
        out.append(Artifact("check_result", path, by, "check_result.json"))
    return out


def _profiling(scenario: str, v: Mapping[str, Any], r: _Resolver) -> list[Artifact]:
    """Profiling output: profiling_options.output > PROFILING_OPTIONS output > ASCEND_WORK_PATH/profiling_data."""
    script_on = scenario == "tf1_session" and v.get("profiling_mode") is True
    env_on = r.env.get("PROFILING_MODE", "").lower() == "true"
    if not (script_on or env_on):
        return []
    script_output = _output(v.get("profiling_options")) if scenario == "tf1_session" else None
    env_output = _output(r.env.get("PROFILING_OPTIONS"))
    choices = [("profiling_options.output", script_output, ""), ("PROFILING_OPTIONS", env_output, ""),
               r.env_choice("ASCEND_WORK_PATH", "profiling_data")]
    if adapter_default_options(v, scenario):   # the adapter's default profiling_options write to "./"
        choices.insert(0, ("profiling_options (adapter default)", r.cwd, ""))
    if not any(c[1] for c in choices):
        return []   # the runtime refuses to profile without an output folder (the checker reports it)
    path, by = r.first(*choices, ("cwd", r.cwd, ""))
    return [Artifact("profiling", path, by)]


def _output(options: Any) -> str | None:
    if isinstance(options, str):
        try:
            options = json.loads(options)
        except ValueError:
            return None
    value = options.get("output") if isinstance(options, dict) else None
    return value if isinstance(value, str) and value else None
