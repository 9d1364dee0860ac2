"""Training scripts read with ``ast`` (never executed): TF1, TF2 and torchair dump settings and os.environ lines.

Recognised forms:
- TF1: ``custom_op.parameter_map["key"].s/.i/.b = value`` (``tf.compat.as_bytes(...)``, ``b"..."``, ``"..".encode()``
  are unwrapped), ``DumpConfig(...)``, ``ProfilingConfig(...)`` and session-option keyword arguments of
  ``NPURunConfig(...)``;
- TF2: ``<npu_device>.global_options().dump_config.key = value`` and ``global_options().enable_exception_dump``;
- torchair: ``<config>.dump_config.key = value``, ``<config>.mode = "..."``, ``torch.compile(..., backend=...)``;
- ``os.environ["K"] = "v"``, ``os.environ.setdefault``, ``os.environ.update``, ``os.putenv``;
- PyTorch (``pytorch``): msprobe's ``PrecisionDebugger(...)`` (msprobe_config) and torch_npu's ``set_option`` and
  HF32 switches (torch_npu). A script with settings of several scenarios gives one document per scenario (the
  others in ``facts["scenarios"]``).

The walk follows the script's flow (``flow``, ``flags``, ``reach``): flags and constants are evaluated for the run given by
``script_args`` (default: the script's defaults), a setting in a branch the run does not take is left out (it is a
variant), one under a condition that cannot be decided is kept and marked conditional, and objects that never reach
the session (a ``DumpConfig`` not passed to ``NPURunConfig``, the ``custom_op`` of a config that is not used) do not
count. A value the checker cannot evaluate is reported as an import finding and its option is left out of the rules.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.fields import Kind, Scenario
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.script.bounds import MAX_INT_BITS, scrub_big_ints
from ascend_dump_gui.core.config.script.environ import Environ, is_environ, split_env
from ascend_dump_gui.core.config.script.evaluate import Evaluator, call_name
from ascend_dump_gui.core.config.script.flags import (
    UNKNOWN,
    Flag,
    Given,
    ScriptArgs,
    collect_flags,
    evaluate_args,
    external_flags,
    namespace_functions,
    split_args,
)
from ascend_dump_gui.core.config.script.flow import Conditions, FlowWalker, active, describe, undecided
from ascend_dump_gui.core.config.script.pytorch import (
    DEBUGGER_CALLS,
    OVERRIDES,
    Debugger,
    debugger_arguments,
    hf32_key,
    is_set_option,
    msprobe_base,
)
from ascend_dump_gui.core.config.script.reach import Reach
from ascend_dump_gui.core.config.script.variants import ScriptRun, alternative_args
from ascend_dump_gui.core.config.sources import IMPORT_SOURCE
from ascend_dump_gui.core.config.values import from_text, json_object
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import Text, msg

DUMP_CONFIG_ARGS = ("enable_dump", "dump_path", "dump_step", "dump_mode", "enable_dump_debug", "dump_debug_mode",
                    "dump_data", "dump_layer")
PROFILING_ARGS = {"enable_profiling": "profiling_mode", "profiling_options": "profiling_options"}
_ACCESSORS = {"s", "i", "b"}
# The TF Adapter reads an option through its own accessor: another one leaves that field at its zero value
# (AttrValue is a oneof). Only these options have their type checked (npu_attrs.cc: NPU_REQUIRES value_case()).
_ZERO = {"s": "", "i": 0, "b": False}
_TYPE_CHECKED = frozenset({"jit_compile", "shape_generalization_mode"})
# NPURunConfig keywords the estimator passes through str() (npu_bridge/estimator/npu/npu_estimator.py).
_RUN_CONFIG_TEXT = frozenset({"graph_memory_max_size", "variable_memory_max_size"})
_SOURCE = IMPORT_SOURCE
_TEXT_KINDS = frozenset({Kind.STR, Kind.PATH, Kind.STEP, Kind.MAPPING})


@dataclass
class _Hit:
    scenario: str            # tf1_session, tf2_npu_device, torchair, msprobe_config, torch_npu
    key: str
    node: ast.expr | None    # the value expression (None: value given directly)
    line: int
    accessor: str = ""       # TF1 .s/.i/.b
    value: Any = None
    conditions: Conditions = ()
    flags: frozenset[str] = frozenset()
    holder: str = ""         # the object that must reach the session for the setting to count ("" : always does)
    evaluated: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class _Reader:
    def __init__(self, origin: Path | None, scenarios: dict[str, Scenario], flags: dict[str, Flag],
                 run: ScriptArgs, functions: frozenset[str] = frozenset(), environ: Environ | None = None) -> None:
        self.origin = origin
        self.scenarios = scenarios
        self.hits: list[_Hit] = []
        self.problems: list[Finding] = []
        self.env: dict[str, tuple[str, int]] = {}
        self.unresolved_env: list[str] = []
        self.evaluator = Evaluator(flags, run.values, names={"__name__": "__main__"},
                                   namespace_functions=functions, environ=dict(environ or {}))
        self.conditions: Conditions = ()
        self._scopes: list[dict[str, tuple[Any, ...]]] = []
        self.reach = Reach()
        self.npu_modules = {"npu_device"}
        self.global_vars: set[str] = set()
        self.compiler_vars: set[str] = set()
        self.dump_config_vars: dict[str, str] = {}   # name -> scenario of the dump_config it holds
        self.text_names: set[str] = set()               # names last bound to an expression that makes a str
        self.backend_vars: set[str] = set()
        self.mode: tuple[Any, int] | None = None
        self.marker = ""         # scenario of a config object seen without settings (NPURunConfig(model_dir=...))
        self.backends: list[str] = []
        self.debugger: Debugger | None = None
        self.msprobe_framework = ""
        self.option_dicts: dict[str, int] = {}   # name -> which dict it holds (entries may reach set_option)
        self.debugger_vars: set[str] = set()

    # -- driving -----------------------------------------------------------------------------------------------
    def read(self, tree: ast.Module) -> None:
        self.reach.learn(tree)
        walker = FlowWalker(self._visit, lambda test, _conditions: self.evaluator.truth(test), self._scope)
        walker.walk_module(tree)

    def _scope(self, function: ast.FunctionDef | ast.AsyncFunctionDef, entering: bool) -> None:
        if entering:
            self._scopes.append(self.evaluator.enter(function))
        else:
            self.evaluator.leave(self._scopes.pop())

    @property
    def active(self) -> bool:
        return active(self.conditions)

    def _visit(self, stmt: ast.stmt, conditions: Conditions) -> None:
        self.conditions = conditions
        hits, problems = len(self.hits), len(self.problems)
        self._statement(stmt)
        for hit in self.hits[hits:]:
            hit.conditions = conditions
            hit.extra["variables"] = [v for c in undecided(conditions) if c.node is not None
                                      for v in self.evaluator.variables_in(c.node)]
            if hit.node is not None:
                hit.value, hit.evaluated = self.evaluator.value(hit.node), True
                if self.evaluator.refused:
                    hit.extra["refused"] = self.evaluator.refused
                hit.flags = self.evaluator.flags_in(hit.node)
        if not self.active:
            del self.problems[problems:]
        elif undecided(conditions):   # an error of a line the run may not reach is a warning naming the condition
            doubt = describe(undecided(conditions))
            self.problems[problems:] = [
                Finding(p.rule, Severity.WARNING, p.options,
                        msg("{message} (only if `{condition}` holds, which cannot be decided from the script)",
                            message=p.text, condition=doubt), p.source, p.fix, extra={**p.extra, "condition": doubt})
                if p.severity is Severity.ERROR else p for p in self.problems[problems:]]

    def _statement(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name == "npu_device":
                    self.npu_modules.add(alias.asname or alias.name)
            return
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[:1] == ["msprobe"]:
            parts = (stmt.module or "").split(".")
            if len(parts) > 1 and parts[1] in ("pytorch", "mindspore"):
                self.msprobe_framework = parts[1]   # the PrecisionDebugger of that framework
            return
        for call in (n for n in ast.walk(stmt) if isinstance(n, ast.Call)):
            self._call(call)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                self._assign(target, stmt.value, stmt.lineno)

    # -- assignments -------------------------------------------------------------------------------------------
    def _assign(self, target: ast.expr, value: ast.expr, line: int) -> None:
        if isinstance(target, ast.Name):
            self._option_dict(target.id, value, line)
            self._bind(target.id, value)
            return
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                and target.value.id in self.option_dicts:
            self._option_entry(target.value.id, target.slice, value, line)
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            for position, element in enumerate(target.elts):
                if isinstance(element, ast.Name) and self.active:
                    self.evaluator.bind(element.id, value if position == 0 and call_name(value).endswith(
                        "parse_known_args") else None)
            return
        if isinstance(target, ast.Subscript) and is_environ(target.value):
            self._env_set(target.slice, value, line)
            return
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute) \
                and target.value.attr == "parameter_map":
            self._direct_assignment(target, line)
            return
        if not isinstance(target, ast.Attribute):
            return
        hf32 = hf32_key(target)
        if hf32 is not None:
            self.hits.append(_Hit("torch_npu", hf32, value, line))
            return
        owner, attr = target.value, target.attr
        if attr in _ACCESSORS and isinstance(owner, ast.Subscript) and isinstance(owner.value, ast.Attribute) \
                and owner.value.attr == "parameter_map":
            key = self._literal(owner.slice)
            if isinstance(key, str):
                holder = self.reach.custom_op_holder(owner.value.value)
                self.hits.append(_Hit("tf1_session", key, value, line, attr, holder=holder,
                                      extra={"config": self.reach.custom_op_object(owner.value.value)}))
                if attr == "s" and self._is_text(value):
                    self._str_for_bytes(key, line)
                elif isinstance(value, ast.Constant) and value.value is None:
                    self._none_for_attr(key, attr, line)
            else:
                self._problem(line, msg("the parameter_map key `{expression}` is not a literal; this line is not "
                                        "checked", expression=ast.unparse(owner.slice)))
            return
        dump_owner = self._dump_config_owner(owner)
        if dump_owner is not None:
            self.hits.append(_Hit(dump_owner, attr, value, line))
            return
        if self._is_global_options(owner):
            if self.scenarios["tf2_npu_device"].has(attr):
                self.hits.append(_Hit("tf2_npu_device", attr, value, line))
            else:
                self._problem(line, msg("global_options().{attr} has no TF1 session option of that name here; it "
                                        "is not checked", attr=attr), Severity.INFO)
            return
        if attr == "mode" and isinstance(owner, ast.Name) and owner.id in self.compiler_vars and self.active:
            self.mode = (self._value(value, "mode", line), line)

    def _is_text(self, node: ast.expr) -> bool:
        """``node`` certainly makes a Python str: a str literal, an f-string, "..." % x, "...".format(), str(...) or
        as_str/as_text(...), or a name last bound to one of those."""
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.Name):
            return node.id in self.text_names
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            return isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
        if isinstance(node, ast.Call):
            last = call_name(node).rsplit(".", 1)[-1]
            if last == "format" and isinstance(node.func, ast.Attribute):
                return isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)
            return last in ("str", "as_str", "as_text")
        return False

    def _str_for_bytes(self, key: str, line: int) -> None:
        """``parameter_map[k].s = "text"``: AttrValue.s is a bytes field; protobuf raises TypeError on a str."""
        self.problems.append(Finding(
            "import.str_for_bytes", Severity.ERROR, (key,),
            msg("line {line}: parameter_map[{key!r}].s is given a str, but AttrValue.s holds bytes: protobuf raises "
                "TypeError (expected bytes, str found) and the script stops here. Write "
                "tf.compat.as_bytes(...) or b\"...\".", line=line, key=key),
            "protobuf bytes fields (AttrValue.s); seed 002 examples use tf.compat.as_bytes", extra={"line": line}))

    def _none_for_attr(self, key: str, attr: str, line: int) -> None:
        """``parameter_map[k].s = None``: protobuf scalar fields refuse None (TypeError). DumpConfig(x=None) is fine:
        there None is the keyword's default."""
        self.problems.append(Finding(
            "import.none_for_attr", Severity.ERROR, (key,),
            msg("line {line}: parameter_map[{key!r}].{attr} = None; protobuf raises TypeError on None, so the script "
                "stops here. Leave the option out instead.", line=line, key=key, attr=attr),
            "protobuf scalar fields (AttrValue)", extra={"line": line}))

    def _direct_assignment(self, target: ast.Subscript, line: int) -> None:
        """``parameter_map["k"] = v``: protobuf refuses to assign a map's message value (ValueError: direct
        assignment of submessage not allowed), so the script stops there and the option is never set."""
        key = self._literal(target.slice)
        scenario = self.scenarios["tf1_session"]
        name = key if isinstance(key, str) else ast.unparse(target.slice)
        accessor = scenario.field(key).serialized if isinstance(key, str) and scenario.has(key) else ""
        self.problems.append(Finding(
            "import.direct_assignment", Severity.ERROR, (name,),
            msg("line {line}: parameter_map[{key!r}] is assigned directly; protobuf raises ValueError (direct "
                "assignment of a submessage is not allowed), so the script stops here. Write "
                "parameter_map[{key!r}].{accessor} = ... instead.", line=line, key=name, accessor=accessor or "s/.i/.b"),
            "runtime-rules §2.2; protobuf map fields of messages", extra={"line": line}))

    def _bind(self, name: str, value: ast.expr) -> None:
        if not self.active:
            return
        self.reach.bind(name, value)
        if self._is_text(value):
            self.text_names.add(name)
        else:
            self.text_names.discard(name)
        for group in (self.global_vars, self.compiler_vars, self.backend_vars, self.debugger_vars):
            group.discard(name)
        self.dump_config_vars.pop(name, None)
        func = call_name(value)
        if func.endswith("global_options"):
            self.global_vars.add(name)
        elif func.endswith("CompilerConfig"):
            self.compiler_vars.add(name)
        elif func.endswith("get_npu_backend"):
            self.backend_vars.add(name)
        elif func.rsplit(".", 1)[-1] == "PrecisionDebugger":
            self.debugger_vars.add(name)
        elif isinstance(value, ast.Attribute) and value.attr == "dump_config":
            self.dump_config_vars[name] = "tf2_npu_device" if self._is_global_options(value.value) else "torchair"
        self.evaluator.bind(name, value)

    def _dump_config_owner(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Name):
            return self.dump_config_vars.get(node.id)
        if isinstance(node, ast.Attribute) and node.attr == "dump_config":
            return "tf2_npu_device" if self._is_global_options(node.value) else "torchair"
        return None

    def _is_global_options(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.global_vars
        if isinstance(node, ast.Call) and call_name(node).endswith("global_options"):
            base = node.func.value if isinstance(node.func, ast.Attribute) else None
            if base is not None and not (isinstance(base, ast.Name) and base.id in self.npu_modules):
                self._problem(node.lineno, msg("`{module}` is not the npu_device module imported in this script; as "
                                               "written the line fails at run time (did you mean "
                                               "npu_device.global_options()?)", module=ast.unparse(base)),
                              Severity.WARNING, once=True, rule="import.unknown_module")
            return True
        return False

    # -- calls -------------------------------------------------------------------------------------------------
    def _call(self, call: ast.Call) -> None:
        name = call_name(call)
        last = name.rsplit(".", 1)[-1]
        if last == "DumpConfig":
            self._kwargs(call, DUMP_CONFIG_ARGS, {a: a for a in DUMP_CONFIG_ARGS}, "DumpConfig")
        elif last == "ProfilingConfig":
            self._kwargs(call, tuple(PROFILING_ARGS), PROFILING_ARGS, "ProfilingConfig")

        elif last == "NPURunConfig":
            self.marker = self.marker or "tf1_session"
            tf1 = self.scenarios["tf1_session"]
            for kw in call.keywords:
                if kw.arg and tf1.has(kw.arg):
                    self.hits.append(_Hit("tf1_session", kw.arg, kw.value, call.lineno, extra={"run_config": True}))
        elif name in ("os.environ.setdefault", "os.putenv") and len(call.args) == 2:
            self._env_set(call.args[0], call.args[1], call.lineno, setdefault=name.endswith("setdefault"))
        elif name == "os.environ.update":
            for kw in call.keywords:
                if kw.arg:
                    self._env_set(ast.Constant(kw.arg), kw.value, call.lineno)
            if call.args and isinstance(call.args[0], ast.Dict):
                for k, v in zip(call.args[0].keys, call.args[0].values, strict=True):
                    if k is not None:
                        self._env_set(k, v, call.lineno)
        elif last == "compile" and name.startswith("torch"):
            self._backend(call)
        elif last == "open" and name.split(".")[0] in self.npu_modules:
            self.marker = self.marker or "tf2_npu_device"     # npu_device.open(): TF2 with default options
        elif last == "CompilerConfig":
            self.marker = self.marker or "torchair"
        elif last == "PrecisionDebugger":
            self._debugger(call)
        elif is_set_option(name):
            self._set_option(call)
        elif isinstance(call.func, ast.Attribute) and call.func.attr in DEBUGGER_CALLS \
                and isinstance(call.func.value, ast.Name) and call.func.value.id in self.debugger_vars \
                and self.debugger is not None and self.active:
            self.debugger.calls.append({"call": call.func.attr, "line": call.lineno})

    def _debugger(self, call: ast.Call) -> None:
        """``PrecisionDebugger(config_path=..., task=..., ...)``: its overrides are msprobe_config settings."""
        if not self.active:
            return
        args = debugger_arguments(call)
        config = args.get("config_path")
        value = self._literal(config) if config is not None else None
        self.debugger = Debugger(call.lineno, None if value is _MISSING else value,
                                 _short(config) if config is not None and value is _MISSING else "")
        for key in OVERRIDES:
            if key in args and not (isinstance(args[key], ast.Constant) and args[key].value is None):
                self.hits.append(_Hit("msprobe_config", key, args[key], call.lineno))

    def _option_dict(self, name: str, value: ast.expr, line: int) -> None:
        """``option = {...}``: a dict whose entries count as torch_npu settings once it reaches set_option."""
        if not (isinstance(value, ast.Dict) and self.active):
            self.option_dicts.pop(name, None)
            return
        self.option_dicts[name] = len(self.hits) + line    # a new dict each binding
        for key, entry in zip(value.keys, value.values, strict=True):
            if key is not None:
                self._option_entry(name, key, entry, line)

    def _option_entry(self, name: str, key_node: ast.expr, value: ast.expr, line: int) -> None:
        key = self._literal(key_node)
        if isinstance(key, str):
            self.hits.append(_Hit("torch_npu", key, value, line,
                                  extra={"option_dict": (name, self.option_dicts[name])}))

    def _set_option(self, call: ast.Call) -> None:
        """``torch_npu.npu.set_option({"ACL_PRECISION_MODE": ...})`` (or a dict built before): each key a torch_npu
        setting."""
        options = call.args[0] if call.args else None
        if isinstance(options, ast.Name) and options.id in self.option_dicts:
            built = (options.id, self.option_dicts[options.id])
            for hit in self.hits:
                if hit.extra.get("option_dict") == built:
                    hit.extra["passed"] = True
            return
        if not isinstance(options, ast.Dict) or any(k is None for k in options.keys):
            self._problem(call.lineno, msg("set_option's argument `{expression}` is not a dict literal; it is not "
                                           "checked", expression=_short(options) if options is not None else ""))
            return
        for key_node, value in zip(options.keys, options.values, strict=True):
            key = self._literal(key_node)
            if isinstance(key, str):
                self.hits.append(_Hit("torch_npu", key, value, call.lineno))
            else:
                self._problem(call.lineno, msg("the set_option key `{expression}` is not a literal; this option is "
                                               "not checked", expression=_short(key_node)))

    def _kwargs(self, call: ast.Call, positional: tuple[str, ...], mapping: dict[str, str], what: str) -> None:
        holder = self.reach.config_object_holder(call, what)
        made = {"object": (what, call.lineno, call.col_offset)}
        for position, arg in enumerate(call.args):
            if position < len(positional):
                self.hits.append(_Hit("tf1_session", mapping[positional[position]], arg, call.lineno, holder=holder,
                                      extra=made))
        for kw in call.keywords:
            if kw.arg is None:
                self._problem(call.lineno, msg("{what}(**...) cannot be read without running the script",
                                               what=what))
            elif kw.arg in mapping:
                self.hits.append(_Hit("tf1_session", mapping[kw.arg], kw.value, call.lineno, holder=holder,
                                      extra=made))
            else:
                self._problem(call.lineno, msg("{what}() has no argument {argument!r}; Python raises TypeError",
                                               what=what, argument=kw.arg), Severity.ERROR)

    def _backend(self, call: ast.Call) -> None:
        backend = next((kw.value for kw in call.keywords if kw.arg == "backend"), None)
        if backend is None:
            self.backends.append("inductor")
        elif isinstance(backend, ast.Name) and backend.id in self.backend_vars \
                or isinstance(backend, ast.Call) and call_name(backend).endswith("get_npu_backend"):
            self.backends.append("torchair")
        elif isinstance(backend, ast.Constant) and isinstance(backend.value, str):
            self.backends.append(backend.value)

    # -- values ------------------------------------------------------------------------------------------------
    def _env_set(self, key_node: ast.expr, value: ast.expr, line: int, setdefault: bool = False) -> None:
        if not self.active:
            return
        key = self._literal(key_node)
        if not isinstance(key, str):
            self._problem(line, msg("os.environ key `{expression}` is not a literal; not checked",
                                    expression=ast.unparse(key_node)))
            return
        if setdefault and key in self.env:
            return
        evaluated = self._literal(value)
        if evaluated is _MISSING:
            self.unresolved_env.append(key)
            self._problem(line, msg("{key} is set from `{expression}`, which cannot be evaluated without running the "
                                    "script; it is not checked", key=key, expression=_short(value)))
            return
        self.env[key] = (str(evaluated), line)
        if undecided(self.conditions):
            self.evaluator.environ.pop(key, None)   # set or not, depending on what cannot be decided
        else:
            self.evaluator.environ[key] = str(evaluated)   # later reads of os.environ see it

    def _value(self, node: ast.expr | None, key: str, line: int, hit: _Hit | None = None) -> Any:
        """The value of a setting as evaluated where it is made (``hit``), else now; a finding when unknown."""
        if hit is not None and hit.evaluated:
            value = hit.value
        else:
            value = self._literal(node) if node is not None else _MISSING
        if value is _MISSING and node is not None and hit is not None and hit.extra.get("refused"):
            self._problem(line, msg("{key} is set from `{expression}`, which the checker refuses to evaluate ({what}); "
                                    "rules about {key} are skipped", key=key, expression=_short(node),
                                    what=hit.extra["refused"]), unresolved=key)
        elif value is _MISSING and node is not None:
            self._problem(line, msg("{key} is set from `{expression}`, which cannot be evaluated without running the "
                                    "script; rules about {key} are skipped", key=key, expression=_short(node)),
                          unresolved=key)
        return value

    def _literal(self, node: ast.expr) -> Any:
        """The value in this run (flags, constants, as_bytes/str/encode unwrapped); _MISSING when unknown."""
        return self.evaluator.value(node)

    def _problem(self, line: int, message: Text, severity: Severity = Severity.WARNING, *, unresolved: str = "",
                 once: bool = False, rule: str = "") -> None:
        text = msg("line {line}: {message}", line=line, message=message)
        if once and any(p.message.split(": ", 1)[-1] == message for p in self.problems):
            return
        rule = rule or ("import.not_understood" if severity is not Severity.INFO else "import.skipped")
        self.problems.append(Finding(rule, severity, (unresolved,) if unresolved else (), text, _SOURCE,
                                     extra={"line": line, "unresolved": unresolved}))


_MISSING = UNKNOWN


def _short(node: ast.expr) -> str:
    """The source text of ``node`` for a message, at most 200 characters."""
    text = ast.unparse(node)
    return text if len(text) <= 200 else text[:199] + "…"


def parse_python(text: str, origin: Path | None, scenarios: dict[str, Scenario], scenario: str | None = None,
                 script_args: str | None = None, script_env: str | None = None) -> ConfigDoc:
    """A document for one run of a training script (``script_args``: its command line; default: the flags'
    defaults; ``script_env``: environment variables decided for the run, ``NAME=VALUE`` / ``-u NAME``).
    InputError when it is not Python, holds no dump settings or ``script_args``/``script_env`` cannot be split."""
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise InputError(origin, f"is not valid Python: {exc.msg}", line=exc.lineno, column=exc.offset) from None
    except (RecursionError, MemoryError):
        raise InputError(origin, "is nested too deeply for Python's parser to read (it ran out of stack or "
                                 "memory)") from None
    except ValueError as exc:
        raise InputError(origin, f"is not valid Python: {exc or type(exc).__name__}") from None
    big = scrub_big_ints(tree)
    try:
        flags = collect_flags(tree)
        flags.update(external_flags(tree, flags))
        run = evaluate_args(flags, split_args(script_args or ""))
        environ = split_env(script_env or "")
    except ValueError as exc:
        raise InputError(origin, str(exc)) from None
    except RecursionError:
        raise InputError(origin, "is nested too deeply for Python's parser to read (it ran out of stack)") from None
    reader = _Reader(origin, scenarios, flags, run, namespace_functions(tree), environ)
    try:
        reader.read(tree)
    except RecursionError:
        raise InputError(origin, "is nested too deeply to read") from None
    reader.hits = [h for h in reader.hits if "option_dict" not in h.extra or h.extra.get("passed")]
    doc = _document(reader, origin, scenarios, scenario)
    own = _companions(reader, doc.scenario) if scenario is None else []
    objects = _objects(reader, doc.scenario)
    if own or len(objects) > 1:
        first = (objects[0], "") if len(objects) > 1 else None
        doc = _document(reader, origin, scenarios, doc.scenario, frozenset(own), first)
        others = [_document(reader, origin, scenarios, doc.scenario, frozenset(own), (o,)) for o in objects[1:]]
        for one, name in zip(others, objects[1:], strict=True):
            one.facts["object"] = name
        if first is not None:
            doc.facts["object"] = objects[0]
        doc.facts["scenarios"] = others + [_document(reader, origin, scenarios, name, frozenset([*own, doc.scenario]))
                                           for name in own]
    doc.problems[:0] = run.problems + [_big_int(line, bits) for line, bits in big]
    alternative, gates = alternative_args(flags, run.values, reader.evaluator, reader.hits)
    doc.facts["script"] = ScriptRun(
        text, scenario, script_args or "", flags, run.given, alternative, gates, values=run.values,
        script_env=script_env or "",
        reader=lambda again, where, name, args, env: parse_python(again, where, scenarios, name, args, env))
    return doc


PYTORCH = ("torchair", "msprobe_config", "torch_npu")
"""The scenarios of PyTorch scripts: one script may hold all three, each read into a document of its own."""


def _has_flow(reader: _Reader) -> bool:
    """Whether the script runs by itself (see :mod:`.reach`): only then is a function named only in text dead."""
    return reader.reach.main_flow


def _objects(reader: _Reader, scenario: str) -> list[str]:
    """The config objects (``custom_op`` of a session config) that the run's settings of ``scenario`` are made on,
    the one with most settings first: settings on different objects (a training and an evaluation session) are
    different configs, never one."""
    counts: dict[str, int] = {}
    for hit in reader.hits:
        holder = reader.reach.holders.get(hit.holder)
        dead = _has_flow(reader) and id(hit.node) in reader.reach.never_called
        if hit.scenario == scenario and hit.extra.get("config") and active(hit.conditions) and not dead \
                and (holder is None or holder.reached):
            counts[hit.extra["config"]] = counts.get(hit.extra["config"], 0) + 1
    return sorted(counts, key=lambda o: -counts[o])


def _counts(reader: _Reader) -> dict[str, int]:
    counts = {name: sum(1 for h in reader.hits if h.scenario == name)
              for name in ("tf1_session", "tf2_npu_device", "torchair", "msprobe_config", "torch_npu")}
    counts["msprobe_config"] += reader.debugger is not None   # PrecisionDebugger(config_path=...) alone counts
    return counts


def _companions(reader: _Reader, primary: str) -> list[str]:
    """The other scenarios a script sets that get documents of their own (PyTorch ones beside each other)."""
    if primary not in PYTORCH:
        return [name for name in PYTORCH[1:] if _counts(reader)[name]]
    return [name for name in PYTORCH if name != primary and _counts(reader)[name]]


def _document(reader: _Reader, origin: Path | None, scenarios: dict[str, Scenario], forced: str | None,
              own: frozenset[str] = frozenset(), holds: tuple[str, ...] | None = None) -> ConfigDoc:
    """The document of scenario ``forced`` (else the one with most settings); settings of the scenarios in ``own``
    have documents of their own, so they are not reported as settings of another scenario here; ``holds``: the
    config objects whose settings this document holds (None: all; "" for settings made on no object)."""
    counts = _counts(reader)
    if forced is None:
        forced = max(counts, key=counts.get) if any(counts.values()) else \
            reader.marker if reader.marker else "env" if reader.env else None
    if forced is None:
        raise InputError(origin, "has no dump settings: no custom_op.parameter_map[...] / DumpConfig / NPURunConfig "
                                 "(TF1), npu_device.global_options() (TF2), *.dump_config.* (torchair), "
                                 "PrecisionDebugger(...) (msprobe), torch_npu.npu.set_option / allow_hf32 "
                                 "(torch_npu) or os.environ lines were found")
    scenario = scenarios[forced]
    values: dict[str, Any] = {}
    lines: dict[str, list[int]] = {}
    provenance: dict[str, dict[str, Any]] = {}
    undecided_settings: dict[str, dict[str, Any]] = {}   # option -> value, condition, line, variables
    accessors: dict[str, dict[str, Any]] = {}   # type-checked option -> the other accessor it is set through
    inactive: list[dict[str, Any]] = []
    elsewhere: list[dict[str, Any]] = []
    objects: dict[str, tuple[Any, ...]] = {}   # DumpConfig/ProfilingConfig -> (what, line, col, keys it set)
    unresolved = [p.extra["unresolved"] for p in reader.problems if p.extra.get("unresolved")]
    problems = list(reader.problems)
    if forced == "msprobe_config" and reader.debugger is not None:
        task = next((h.value for h in reader.hits if h.scenario == forced and h.key == "task" and h.evaluated), None)
        base, found = msprobe_base(reader.debugger, origin, task)
        values.update(base)
        problems += found
    for hit in reader.hits:
        if hit.scenario != forced:
            if active(hit.conditions) and hit.scenario not in own:
                problems.append(Finding("import.other_scenario", Severity.WARNING, (hit.key,),
                                        msg("line {line}: {key} is a {title} setting, not {current}; check the file "
                                            "with --scenario {scenario}.", line=hit.line, key=hit.key,
                                            title=Text(scenarios[hit.scenario].title), current=Text(scenario.title),
                                            scenario=hit.scenario), _SOURCE, extra={"line": hit.line}))
            continue
        if holds is not None and hit.extra.get("config", "") not in holds:
            elsewhere.append(_where(hit))   # set on another config object: that object's document holds it
            continue
        if not active(hit.conditions):
            inactive.append(_where(hit))
            continue
        dead = reader.reach.never_called.get(id(hit.node)) if _has_flow(reader) else None
        if dead is not None:
            name, line = dead.rsplit(":", 1)
            problems.append(Finding("import.never_called", Severity.INFO, (), msg(
                "line {line}: function {name} is never called in the script (naming it in a string or a comment "
                "calls nothing), so what it sets does not reach the run; it is not counted", line=int(line),
                name=name), _SOURCE, extra={"line": int(line)}))
            inactive.append(_where(hit))
            continue
        holder = reader.reach.holders.get(hit.holder)
        if holder is not None and not holder.reached:
            problems.append(Finding("import.not_passed_on", Severity.INFO, (), msg(
                "line {line}: {why}", line=holder.line, why=holder.why), _SOURCE, extra={"line": holder.line}))
            inactive.append(_where(hit))   # built but never used: not part of this run either
            continue
        made = hit.extra.get("object")
        if made is not None and made[0] in objects and objects[made[0]][:3] != made:
            for key in objects.pop(made[0])[3]:   # a new DumpConfig/ProfilingConfig replaces the previous one
                for table in (values, provenance, undecided_settings):
                    table.pop(key, None)
        if made is not None:
            objects.setdefault(made[0], (*made, set()))[3].add(hit.key)
        value = reader._value(hit.node, hit.key, hit.line, hit)
        if value is _MISSING:
            unresolved.append(hit.key)
            values.pop(hit.key, None)
            continue
        if value is None and not hit.accessor and forced == "tf1_session":
            values.pop(hit.key, None)   # DumpConfig(dump_path=None): the keyword's default, i.e. not set
            continue
        typed = _typed(scenario, hit, value, problems)
        doubt = undecided(hit.conditions)
        if doubt:   # the run may or may not make it: not a value of this run (an earlier value stays)
            undecided_settings[hit.key] = {
                "value": typed, "condition": describe(doubt), "line": hit.line,
                "variables": list(dict.fromkeys(hit.extra.get("variables", ()))),
                "where": _where(hit)}
            continue
        values[hit.key] = typed
        if "accessor" in hit.extra:
            accessors[hit.key] = hit.extra["accessor"]
        else:
            accessors.pop(hit.key, None)
        lines.setdefault(hit.key, []).append(hit.line)
        provenance[hit.key] = _where(hit)
        undecided_settings.pop(hit.key, None)
    problems = _dedupe(problems + reader.problems)
    for key, seen in lines.items():
        if len(seen) > 1:
            problems.append(Finding("import.set_again", Severity.INFO, (key,),
                                    msg("{key} is set {count} times (lines {lines}); the checker uses the last value, "
                                        "{value!r}.", key=key, count=len(seen), lines=", ".join(map(str, seen)),
                                        value=values.get(key)), _SOURCE, extra={"line": seen[-1]}))
    env = {k: v for k, (v, _line) in reader.env.items()}
    facts: dict[str, Any] = {"lines": {k: v[-1] for k, v in lines.items()}, "provenance": provenance}
    if undecided_settings:
        facts["undecided"] = undecided_settings
        problems += [_undecided_finding(key, u) for key, u in undecided_settings.items()]
    if accessors:
        facts["accessors"] = accessors
    if inactive:
        facts["inactive"] = inactive
    if elsewhere:
        facts["elsewhere"] = elsewhere
    if forced == "env":
        values = {k: from_text(scenario.field(k) if scenario.has(k) else None, v) for k, v in env.items()}
        env = {}
    elif forced == "tf2_npu_device" and "DUMP_GE_GRAPH" in env:
        values["DUMP_GE_GRAPH"] = env.pop("DUMP_GE_GRAPH")
    if env:
        facts["env"] = env
    unresolved += reader.unresolved_env
    if unresolved:
        facts["unresolved"] = sorted(set(unresolved))
    if forced == "msprobe_config":
        values = {k: [str(e) for e in v] if k in ("rank", "step") and isinstance(v, (list, tuple)) else v
                  for k, v in values.items()}
        if reader.debugger is not None and reader.debugger.calls:
            facts["msprobe_calls"] = reader.debugger.calls
        if reader.msprobe_framework:
            facts["framework"] = reader.msprobe_framework
        if reader.debugger is not None and isinstance(reader.debugger.config_path, str):
            facts["config_path"] = reader.debugger.config_path   # as the script writes it (relative: its folder)
    if forced == "torchair":
        if reader.mode is not None and reader.mode[0] is not _MISSING:
            facts["mode"] = reader.mode[0]
        if reader.backends:
            facts["backend"] = "torchair" if "torchair" in reader.backends else reader.backends[-1]
    return ConfigDoc(forced, values, origin, problems, facts)


def _undecided_finding(key: str, undecided: dict[str, Any]) -> Finding:
    variables = undecided.get("variables") or []
    how = msg("decide it with --script-env \"{example}\"", example=" ".join(f"{v}=..." for v in variables)) \
        if variables else msg("the run cannot decide it")
    return Finding("import.undecided", Severity.INFO, (key,), msg(
        "line {line}: {key} is set to {value!r} only when `{condition}`, which this run does not decide ({how}); it "
        "is not counted as set", line=undecided["line"], key=key, value=undecided["value"],
        condition=undecided["condition"], how=how), _SOURCE, extra={"line": undecided["line"],
                                                                   "condition": undecided["condition"]})


def _big_int(line: int, bits: int) -> Finding:
    return Finding("import.big_integer", Severity.WARNING, (), msg(
        "line {line}: an integer literal of {bits} bits (more than {limit}); the checker does not evaluate it, so what "
        "depends on it is not checked", line=line, bits=bits, limit=MAX_INT_BITS), _SOURCE, extra={"line": line})


def _where(hit: _Hit) -> dict[str, Any]:
    """Provenance of a setting: line, enclosing conditions (source text), flags its value comes from."""
    where = {"key": hit.key, "line": hit.line, "conditions": [c.describe() for c in hit.conditions],
             "flags": sorted(hit.flags)}
    if hit.extra.get("config"):
        where["config"] = hit.extra["config"]
    return where


def _typed(scenario: Scenario, hit: _Hit, value: Any, problems: list[Finding]) -> Any:
    """The Python value of a TF1 ``.s/.i/.b`` assignment or keyword; JSON text becomes a dict for MAPPING options."""
    if isinstance(value, Given):   # text given for a flag of another file: the option's kind decides
        textual = not scenario.has(hit.key) or scenario.field(hit.key).kind in _TEXT_KINDS
        value = str(value) if textual or isinstance(value.literal, str) else value.literal
    if not scenario.has(hit.key):
        return value
    spec = scenario.field(hit.key)
    if hit.accessor and spec.serialized and hit.accessor != spec.serialized:
        if hit.key in _TYPE_CHECKED:   # what the adapter makes of it depends on its release: a version rule says
            hit.extra["accessor"] = {"accessor": hit.accessor, "line": hit.line}
            return value
        seen = _ZERO[spec.serialized]
        problems.append(Finding("import.wrong_accessor", Severity.WARNING, (hit.key,),
                                msg("line {line}: {key} is a .{accessor} option but is set through .{used}; the "
                                    "adapter reads .{accessor}, which gives {seen!r}, so {value!r} is ignored.",
                                    line=hit.line, key=hit.key, accessor=spec.serialized, used=hit.accessor,
                                    seen=seen, value=value),
                                spec.source, extra={"line": hit.line}))
        return seen
    if hit.accessor == "b" and type(value) is int and value in (0, 1):
        return bool(value)  # protobuf stores .b = 1 as True
    if hit.accessor == "i" and isinstance(value, bool):
        return int(value)   # and .i = True as 1
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and (scenario.name == "tf2_npu_device" and spec.kind in (Kind.STR, Kind.PATH, Kind.STEP)
                   or hit.extra.get("run_config") and hit.key in _RUN_CONFIG_TEXT):
        # npu_device's OptionValue hands every value to GE as str(value) (configs/option_base.py); NPURunConfig
        # str()s these two (npu_estimator.py)
        return str(value)
    if spec.kind is Kind.MAPPING and isinstance(value, str):
        parsed = json_object(value)
        return value if parsed is None else parsed
    return value


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen: set[tuple] = set()
    out = []
    for f in findings:
        key = (f.rule, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
