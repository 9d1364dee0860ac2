"""Which config objects of a script reach the session: a setting on an object that is never handed on does nothing.

- ``custom_op = X.graph_options.rewrite_options.custom_optimizers.add()``: its ``parameter_map`` settings count when
  ``X`` is used as a value somewhere (``tf.Session(config=X)``, ``return X``, ``npu_config_proto(config_proto=X)``),
  or when the script hands no config to any session at all (a snippet: where it is used cannot be told).
- ``DumpConfig(...)`` / ``ProfilingConfig(...)``: count when the call, or the name it is bound to, is passed as
  ``dump_config=`` / ``profiling_config=`` (``NPURunConfig``) or returned.
- A function the code never names, only a string does (``"call make_eval_config()"``: that calls nothing), never
  runs when the script has a flow of its own (it calls one of its functions at module level or has a ``__main__``
  block): what it sets does not count. Any other function is assumed to be called (another script may import it).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from ascend_dump_gui.core.messages import Text, msg

_PASSING_KEYWORDS = {"dump_config": "DumpConfig", "profiling_config": "ProfilingConfig"}
_SESSION_KEYWORDS = {"config", "session_config", "config_proto"}


@dataclass(frozen=True)
class Holder:
    """An object settings are made on; ``reached`` tells whether the session sees it."""

    key: str
    reached: bool
    line: int
    why: Text


class Reach:
    def __init__(self) -> None:
        self.used: set[str] = set()              # source text of every expression used as a value
        self.passed_names: dict[str, set[str]] = {k: set() for k in _PASSING_KEYWORDS}
        self.passed_calls: set[int] = set()
        self.assigned_calls: dict[int, str] = {}  # id(call) -> the name it is bound to
        self.custom_ops: dict[str, str] = {}      # custom_op variable -> text of the config it belongs to
        self.custom_op_objects: dict[str, str] = {}   # custom_op variable -> "function:line config" (identity)
        self.scope_of: dict[int, str] = {}        # id(node) -> the innermost function that holds it
        self.holders: dict[str, Holder] = {}
        self.hands_configs = False                # some session / run config receives a config
        self.never_called: dict[int, str] = {}     # id(node) -> "name:line" of a function the code never names
        self.main_flow = False                     # module-level code calls its own functions / has __main__

    def learn(self, tree: ast.AST) -> None:
        """One pass over the whole script: values used, objects passed on, calls bound to names."""
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
            if isinstance(node, ast.keyword) and node.arg in _SESSION_KEYWORDS:
                self.hands_configs = True
            if isinstance(node, ast.keyword) and node.arg in _PASSING_KEYWORDS:
                if isinstance(node.value, ast.Name):
                    self.passed_names[node.arg].add(node.value.id)
                self.passed_calls.add(id(node.value))
            elif isinstance(node, ast.Return) and node.value is not None:
                if isinstance(node.value, ast.Name):
                    for names in self.passed_names.values():
                        names.add(node.value.id)
                self.passed_calls.add(id(node.value))
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.assigned_calls[id(node.value)] = target.id
        for node in ast.walk(tree):       # outer functions first, so inner ones overwrite
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope = f"{node.name}:{node.lineno}"
                for inner in ast.walk(node):
                    self.scope_of[id(inner)] = scope
        names_used: set[str] = set()
        texts = " ".join(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
                parent = parents.get(id(node))
                if not (isinstance(parent, ast.Attribute) and parent.value is node):
                    self.used.add(ast.unparse(node))
                names_used.add(node.id if isinstance(node, ast.Name) else node.attr)
        local = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.main_flow = any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in local
            and id(node) not in self.scope_of
            or isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) for node in ast.walk(tree))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name not in names_used \
                    and re.search(rf"\b{re.escape(node.name)}\b", texts) \
                    and not node.decorator_list and not isinstance(parents.get(id(node)), ast.ClassDef):   # methods run through their class
                for inner in ast.walk(node):
                    self.never_called.setdefault(id(inner), f"{node.name}:{node.lineno}")

    def bind(self, name: str, value: ast.expr) -> None:
        """``name = value``: remember custom_op variables and the config they come from."""
        self.custom_ops.pop(name, None)
        self.custom_op_objects.pop(name, None)
        config = _custom_op_config(value)
        if config is not None:
            self.custom_ops[name] = config
            self.custom_op_objects[name] = f"{self.scope_of.get(id(value), 'module')} {config}"

    def custom_op_object(self, owner: ast.expr) -> str:
        """Which config object ``owner.parameter_map[...]`` sets ("" when it cannot be told): settings on
        different objects (a training and an evaluation session) are not one config."""
        return self.custom_op_objects.get(owner.id, "") if isinstance(owner, ast.Name) else ""

    def custom_op_holder(self, owner: ast.expr) -> str:
        """Holder key for ``owner.parameter_map[...]`` ("" when the config cannot be told or is used)."""
        config = self.custom_ops.get(owner.id) if isinstance(owner, ast.Name) else _custom_op_config(owner)
        if config is None or config in self.used or not self.hands_configs:
            return ""
        key = f"config:{config}"
        self.holders.setdefault(key, Holder(key, False, getattr(owner, "lineno", 0), msg(
            "`{config}` (the config this custom_op belongs to) is never used: no session, RunConfig or function "
            "receives it, so its NpuOptimizer settings do not reach the run; they are not counted",
            config=config)))
        return key

    def config_object_holder(self, call: ast.Call, what: str) -> str:
        """Holder key for the settings of a ``DumpConfig(...)`` / ``ProfilingConfig(...)`` call."""
        name = self.assigned_calls.get(id(call))
        keyword = next(k for k, v in _PASSING_KEYWORDS.items() if v == what)
        if id(call) in self.passed_calls or name is not None and name in self.passed_names[keyword]:
            return ""
        if name is None and id(call) not in self.assigned_calls:
            return ""   # built inside another expression that the walk cannot follow: assume it is passed on
        key = f"{what}:{call.lineno}"
        self.holders.setdefault(key, Holder(key, False, call.lineno, msg(
            "{what}(...) bound to `{name}` is never passed as {keyword}= (to NPURunConfig) or returned, so its "
            "settings do not reach the session; they are not counted", what=what, name=name, keyword=keyword)))
        return key


def _custom_op_config(node: ast.expr) -> str | None:
    """``X`` in ``X.graph_options.rewrite_options.custom_optimizers.add()``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"):
        return None
    chain = node.func.value
    for attr in ("custom_optimizers", "rewrite_options", "graph_options"):
        if not (isinstance(chain, ast.Attribute) and chain.attr == attr):
            return None
        chain = chain.value
    return ast.unparse(chain) if isinstance(chain, (ast.Name, ast.Attribute)) else None
