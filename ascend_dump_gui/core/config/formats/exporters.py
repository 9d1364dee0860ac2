"""Re-emit a config: acl.json, Python snippets for TF1/TF2/torchair scripts, shell export lines, the project file.

Export then import gives back the same values. Which options move between scenarios, under which names, is decided
by ``export_plan`` (from the schema); options that do not fit refuse the target with their names.
"""

from __future__ import annotations

import json
import posixpath
import shlex
from typing import Any

from ascend_dump_gui.core.config.fields import Kind, Scenario
from ascend_dump_gui.core.config.formats.acl_json import ACL_TEXT, PROJECT_EXTRA, acl_text_doc
from ascend_dump_gui.core.config.formats.export_plan import TARGET_SCENARIO, plan_export
from ascend_dump_gui.core.config.formats.keep import DELETE, patch_json_section, patch_shell
from ascend_dump_gui.core.config.formats.msprobe_json import kernel_config, msprobe_json
from ascend_dump_gui.core.config.formats.shell import SHELL_TEXT, parse_assignments, parse_shell
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.names import EXPORT_TARGETS  # noqa: F401 - re-exported for callers
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.tf2 import ENV_KEYS, GLOBAL_KEYS
from ascend_dump_gui.core.config.schema.torch_npu import HF32_KEYS, SET_OPTION_KEYS
from ascend_dump_gui.core.config.schema.versions import LATEST, jit_compile_reading
from ascend_dump_gui.core.config.values import to_json, to_text
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.inert import json_text, terminal_text

PROJECT_FACTS = ("mode", "backend", "env", "run_mode", "cann_version", "framework")


def export(doc: ConfigDoc, to: str) -> str:
    """The text of ``doc`` in form ``to`` (one of EXPORT_TARGETS). DumpError when options do not fit the target
    (:func:`plan_export` tells which, and what else is dropped, before anything is written)."""
    plan = plan_export(doc, to)
    if plan.refused:
        raise DumpError(plan.reason)
    if to == "project":
        return json_text(_project(doc))
    if to == "acl_json" and doc.scenario == "msprobe_config" and doc.values.get("level") == "L2":
        step_dir = posixpath.join(str(doc.values.get("dump_path") or "dump_path"), "step{N}")
        # what msprobe hands to the ACL runtime
        return json_text(json.dumps(kernel_config(step_dir), indent=4) + "\n")
    if to == "msprobe_json":
        return json_text(msprobe_json(dict(doc.values)))
    target = SCENARIOS[TARGET_SCENARIO[to]]
    writer = {"acl_json": _acl_json, "tf1_python": _tf1, "tf2_python": _tf2, "torchair_python": _torchair,
              "shell": _shell, "torch_npu_python": _torch_npu}[to]
    text = writer(target, dict(plan.values), doc)
    # values are written as escaped literals (quoting below); anything left raw (a key, a kept line) is escaped too
    return json_text(text) if to == "acl_json" else "\n".join(terminal_text(line) for line in text.split("\n"))


def _project(doc: ConfigDoc) -> str:
    scenario = SCENARIOS.get(doc.scenario)
    payload: dict[str, Any] = {"scenario": doc.scenario, "schema_version": scenario.version if scenario else 1,
                               "values": doc.values}
    facts = {k: doc.facts[k] for k in PROJECT_FACTS if k in doc.facts}
    if facts:
        payload["facts"] = facts
    if _undecided(doc):   # set only under a condition the run does not decide
        payload["undecided"] = _undecided(doc)
    others = doc.facts.get("scenarios")
    if others:   # a script setting several scenarios: each with its values, the first one's also at the top
        payload["scenarios"] = [{"scenario": one.scenario, "values": one.values, "undecided": _undecided(one),
                                 **({"object": one.facts["object"]} if one.facts.get("object") else {})}
                                for one in (doc, *others)]
    extra = doc.facts.get(PROJECT_EXTRA)
    if isinstance(extra, dict):   # keys of the project file this version does not know, kept as they were
        payload.update({k: v for k, v in extra.items() if k not in payload})
    return json.dumps(payload, indent=2, ensure_ascii=False, default=list) + "\n"


def _undecided(doc: ConfigDoc) -> list[dict[str, Any]]:
    undecided = doc.facts.get("undecided")
    if not isinstance(undecided, dict):
        return []
    return [{"option": key, "condition": u["condition"], "line": u["line"], "variables": u.get("variables", [])}
            for key, u in undecided.items()]


def _acl_json(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    section = {key: _json_value(target, key, value) for key, value in values.items()}
    original = doc.facts.get(ACL_TEXT) if doc.scenario == "acl_json" else None
    if isinstance(original, str) and original.strip():
        before = acl_text_doc(original, None).values
        changes: dict[str, Any] = {k: section[k] for k in values if k not in before or before[k] != values[k]}
        changes.update({k: DELETE for k in before if k not in values})
        kept = patch_json_section(original, "dump", changes)
        if kept is not None:
            return kept
        whole = json.loads(original)
        if isinstance(whole, dict):   # no "dump" object to patch: keep the other sections, in order
            return json.dumps({**whole, "dump": section}, indent=4, ensure_ascii=False) + "\n"
    return json.dumps({"dump": section}, indent=4, ensure_ascii=False) + "\n"


def _json_value(target: Scenario, key: str, value: Any) -> Any:
    spec = target.field(key) if target.has(key) else None
    if isinstance(value, (list, tuple)):
        return [dict(v) if isinstance(v, dict) else v for v in value]
    return to_json(spec, value)


def _py(value: Any) -> str:
    """A Python literal for ``value`` (strings in double quotes)."""
    if isinstance(value, str):   # control and bidirectional characters as \x1b, \u202e: the same str, nothing hidden
        return repr(value) if '"' in value and "'" not in value else \
            terminal_text(json.dumps(value, ensure_ascii=False))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _env_lines(env: dict[str, str]) -> list[str]:
    return [f"os.environ[{_py(k)}] = {_py(v)}" for k, v in env.items()]


def _tf1(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    env = dict(doc.facts.get("env") or {})
    if "DUMP_GE_GRAPH" in doc.values and doc.scenario == "tf2_npu_device":
        env["DUMP_GE_GRAPH"] = doc.values["DUMP_GE_GRAPH"]
        values = {k: v for k, v in values.items() if k != "DUMP_GE_GRAPH"}
    lines = ["# NpuOptimizer session options: paste where the session config is built."]
    lines += ["import os"] if env else []
    lines += ["import tensorflow as tf",
              "from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig", ""]
    lines += _env_lines(env)
    lines += ["config = tf.compat.v1.ConfigProto()",
              "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()",
              'custom_op.name = "NpuOptimizer"']
    jit_bool = jit_compile_reading(doc.facts.get("cann_version") or LATEST) == "bool"
    for key, value in values.items():
        spec = target.field(key) if target.has(key) else None
        accessor = (spec.serialized if spec is not None and spec.serialized else
                    "b" if isinstance(value, bool) else "i" if isinstance(value, int) else "s")
        if key == "jit_compile" and jit_bool and value in ("true", "false"):   # what that release's adapter reads
            accessor, value = "b", value == "true"
        if accessor == "s":
            text = to_text(spec, value) if isinstance(value, (dict, list)) else value
            rendered = f"tf.compat.as_bytes({_py(text)})" if isinstance(text, str) else _py(text)
        else:
            rendered = _py(value)
        lines.append(f"custom_op.parameter_map[{_py(key)}].{accessor} = {rendered}")
    lines += ["config.graph_options.rewrite_options.remapping = RewriterConfig.OFF",
              "config.graph_options.rewrite_options.memory_optimization = RewriterConfig.OFF"]
    return "\n".join(lines) + "\n"


def _tf2(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    env = dict(doc.facts.get("env") or {})
    for key in ENV_KEYS:
        if key in values:
            env[key] = values.pop(key)
    lines = ["# npu_device options: set them before npu_device.open()."]
    lines += ["import os"] if env else []
    lines += ["import npu_device", ""]
    lines += _env_lines(env)
    for key, value in values.items():
        owner = "" if key in GLOBAL_KEYS else ".dump_config"
        lines.append(f"npu_device.global_options(){owner}.{key} = {_py(value)}")
    return "\n".join(lines) + "\n"


def _torchair(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    env = dict(doc.facts.get("env") or {})
    if doc.scenario == "tf2_npu_device":
        env.update({k: values.pop(k) for k in ENV_KEYS if k in values})
    lines = ["# torchair dump settings: compile the model with npu_backend."]
    lines += ["import os"] if env else []
    lines += ["import torch", "import torchair", ""]
    lines += _env_lines(env)
    lines.append("config = torchair.CompilerConfig()")
    if isinstance(doc.facts.get("mode"), str):
        lines.append(f"config.mode = {_py(doc.facts['mode'])}")
    lines += [f"config.dump_config.{key} = {_py(value)}" for key, value in values.items()]
    lines += ["npu_backend = torchair.get_npu_backend(compiler_config=config)",
              "# model = torch.compile(model, backend=npu_backend)"]
    return "\n".join(lines) + "\n"


def _torch_npu(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    options = {k: v for k, v in values.items() if k in SET_OPTION_KEYS}
    lines = ["# torch_npu precision options: run before the model is built.", "import torch_npu", ""]
    if options:
        lines.append(f"torch_npu.npu.set_option({_py(options)})")
    lines += [f"torch_npu.npu.{key} = {_py(value)}" for key, value in values.items() if key in HF32_KEYS]
    return "\n".join(lines) + "\n"


def _shell(target: Scenario, values: dict[str, Any], doc: ConfigDoc) -> str:
    def word(key: str, value: Any) -> str:
        spec = target.field(key) if target.has(key) else None
        text = to_text(spec, value)
        if terminal_text(text) != text:
            return _ansi_c(text)
        return shlex.quote(text) if spec is not None and spec.kind is Kind.MAPPING or not _plain(text) else text

    original = doc.facts.get(SHELL_TEXT) if doc.scenario == "env" else None
    if isinstance(original, str):
        _env, lines, _problems = parse_assignments(original)
        before = parse_shell(original, None, target).values
        changes: dict[str, Any] = {k: v for k, v in values.items() if k not in before or before[k] != v}
        changes.update({k: DELETE for k in before if k not in values})
        return patch_shell(original, lines, changes, word)
    return "\n".join(f"export {key}={word(key, value)}" for key, value in values.items()) + "\n"


def _ansi_c(text: str) -> str:
    """``$'...'`` (bash, zsh, ksh): the exact text, its control and bidirectional characters as the ``\\xHH``
    escapes of their UTF-8 bytes (read the same in every locale)."""
    def escaped(ch: str) -> str:
        if ch in "\\'":
            return "\\" + ch
        if terminal_text(ch) == ch:
            return ch
        return "".join(f"\\x{byte:02x}" for byte in ch.encode("utf-8", "surrogatepass"))

    return "$'" + "".join(map(escaped, text)) + "'"


def _plain(text: str) -> bool:
    return bool(text) and all(c.isalnum() or c in "_-./:,@%+=" for c in text)
