"""Evaluate expressions of a script that depend only on literals, module constants and the run's flag values.

Anything else (a function's result, a file, an environment variable the run does not decide) is :data:`UNKNOWN`; an
expression with an unknown part
is unknown as a whole, so a partly known text is never produced (a ``profiling_options`` string concatenated with
a variable stays unknown, not text that would then be checked).
"""

from __future__ import annotations

import ast
import operator
import os.path
from dataclasses import dataclass, field
from typing import Any

from ascend_dump_gui.core.config.script import bounds
from ascend_dump_gui.core.config.script.environ import ENV_READS, Environ, is_environ, variables_read
from ascend_dump_gui.core.config.script.flags import (
    NAMESPACES,
    UNKNOWN,
    Flag,
    Given,
    flag_key,
    is_namespace_source,
)

_UNWRAP = {"as_bytes", "as_str", "as_text", "str", "bytes", "compat.as_bytes"}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Mod: operator.mod,
           ast.FloorDiv: operator.floordiv, ast.Div: operator.truediv, ast.Pow: operator.pow}
_ABSENT = object()
_MAX_STEPS = 20_000


@dataclass
class Evaluator:
    """Values of names (flow-sensitive, updated by the reader) and of the run's flags."""

    flags: dict[str, Flag]
    flag_values: dict[str, Any]
    names: dict[str, Any] = field(default_factory=dict)           # name -> value (UNKNOWN when not literal)
    name_flags: dict[str, frozenset[str]] = field(default_factory=dict)
    namespaces: set[str] = field(default_factory=lambda: set(NAMESPACES))
    derived: dict[str, ast.expr] = field(default_factory=dict)      # name -> expression, when it reads flags
    namespace_functions: frozenset[str] = frozenset()                # local functions returning parse_args()
    environ: Environ = field(default_factory=dict)   # variables decided for this run (None: absent); others unknown
    _resolving: set[str] = field(default_factory=set, repr=False)
    _steps: int = field(default=0, repr=False)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)   # derived names read during one value()
    refused: str = ""     # what the last value() would have built beyond the bounds ("" when nothing was refused)
    name_refusals: dict[str, str] = field(default_factory=dict, repr=False)   # name -> why its value is unknown
    name_env: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)   # name -> variables it read

    # -- binding ------------------------------------------------------------------------------------------------
    def bind(self, name: str, node: ast.expr | None) -> None:
        """``name = node`` was executed (None: bound to something unknown)."""
        if node is not None and is_namespace_source(node, self.namespace_functions):
            self.namespaces.add(name)
        elif name not in NAMESPACES:
            self.namespaces.discard(name)
        value = self.value(node) if node is not None else UNKNOWN
        if self.refused and node is not None:
            self.name_refusals[name] = self.refused
        else:
            self.name_refusals.pop(name, None)
        if not isinstance(value, (str, int, float, bool)) and value is not None:
            value = UNKNOWN   # containers can be mutated later (nodes.append(...)); only scalars are followed
        self.names[name] = value
        self.name_flags[name] = self.flags_in(node) if node is not None else frozenset()
        self.name_env[name] = self.variables_in(node) if node is not None else ()
        if self.name_flags[name] and node is not None:
            self.derived[name] = node
        else:
            self.derived.pop(name, None)

    def enter(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[Any, ...]]:
        """A function body starts: its parameters hide outer names (their values are the caller's: unknown).
        Returns what :meth:`leave` restores."""
        params = function.args.posonlyargs + function.args.args + function.args.kwonlyargs
        params += [a for a in (function.args.vararg, function.args.kwarg) if a is not None]
        saved = {}
        for param in params:
            name = param.arg
            saved[name] = (name in self.namespaces, *(table.get(name, _ABSENT) for table in self._tables()))
            self.bind(name, None)
            if saved[name][0]:
                self.namespaces.add(name)   # main(config) after config = parser.parse_args(): the same namespace
        return saved

    def leave(self, saved: dict[str, tuple[Any, ...]]) -> None:
        """The function body ends: the outer names come back."""
        for name, (namespace, *olds) in saved.items():
            for table, old in zip(self._tables(), olds, strict=True):
                if old is _ABSENT:
                    table.pop(name, None)
                else:
                    table[name] = old
            if namespace:
                self.namespaces.add(name)

    def _tables(self) -> tuple[dict[str, Any], ...]:
        """Everything known per name (saved and restored around a function body)."""
        return self.names, self.name_flags, self.derived, self.name_env, self.name_refusals

    # -- questions ----------------------------------------------------------------------------------------------
    def flag_of(self, node: ast.expr) -> str | None:
        """The flag name when ``node`` reads a flag (``FLAGS.x``, ``args.x``, ``self.args.x``, ``flags.FLAGS.x``,
        ``self.config["x"]``)."""
        if not isinstance(node, (ast.Attribute, ast.Subscript)):
            return None
        name = flag_key(node, self.namespaces | {"FLAGS"})
        return name if name in self.flags else None

    def flags_in(self, node: ast.expr) -> frozenset[str]:
        """Flags the value of ``node`` depends on (directly or through names bound from them)."""
        found: set[str] = set()
        for sub in ast.walk(node):
            if isinstance(sub, (ast.Attribute, ast.Subscript)):
                flag = self.flag_of(sub)
                if flag is not None:
                    found.add(flag)
            elif isinstance(sub, ast.Name):
                found |= self.name_flags.get(sub.id, frozenset())
        return frozenset(found)

    def variables_in(self, node: ast.expr) -> tuple[str, ...]:
        """Environment variables the value of ``node`` reads (directly or through names bound from them)."""
        found = dict.fromkeys(variables_read(node))
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                found.update(dict.fromkeys(self.name_env.get(sub.id, ())))
        return tuple(found)

    def truth(self, node: ast.expr) -> bool | None:
        """Truth of a condition, None when it cannot be decided."""
        value = self.value(node)
        if value is UNKNOWN:
            return None
        try:
            return bool(value)
        except Exception:   # noqa: BLE001 - a literal with an odd __bool__ cannot occur, be safe anyway
            return None

    def value(self, node: ast.expr) -> Any:
        """The value of ``node`` in this run, or UNKNOWN."""
        self._steps, self._memo, self.refused = 0, {}, ""
        try:
            result = bounds.check_int(self._eval(node))
        except bounds.TooLarge as exc:
            self.refused = str(exc)
            return UNKNOWN
        except (ArithmeticError, TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError,
                MemoryError, OverflowError):
            return UNKNOWN
        if isinstance(result, str) and len(result) > bounds.MAX_TEXT:
            return UNKNOWN
        return result

    # -- the evaluator --------------------------------------------------------------------------------------------
    def _eval(self, node: ast.expr) -> Any:   # noqa: C901, PLR0911, PLR0912 - one case per node type
        self._steps += 1
        if self._steps > _MAX_STEPS:     # names re-read from flags can nest: never evaluate without bound
            raise ValueError("expression too large to evaluate")
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bytes):
                bounds.check_length(len(node.value))
                return node.value.decode("utf-8", "replace")
            return bounds.check_int(node.value)
        if isinstance(node, ast.Name):
            source = self.derived.get(node.id)
            if source is None or node.id in self._resolving:
                value = self.names.get(node.id, UNKNOWN)
                if value is UNKNOWN and node.id in self.name_refusals:
                    self.refused = self.name_refusals[node.id]   # y = y * y ... refused: said where y is used
                return value
            if node.id in self._memo:
                return self._memo[node.id]
            self._resolving.add(node.id)     # re-read from the flags: other runs see their own values
            try:
                self._memo[node.id] = self._eval(source)
                return self._memo[node.id]
            finally:
                self._resolving.discard(node.id)
        if isinstance(node, ast.Subscript) and is_environ(node.value):
            key = self._eval(node.slice)
            value = self.environ.get(key, UNKNOWN) if isinstance(key, str) else UNKNOWN
            return UNKNOWN if value is None else value   # os.environ["X"] of an absent X raises in the script
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            flag = self.flag_of(node)
            return self.flag_values.get(flag, UNKNOWN) if flag is not None else UNKNOWN
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self._eval(e) for e in node.elts]
            return UNKNOWN if any(i is UNKNOWN for i in items) else items if isinstance(node, ast.List) \
                else tuple(items)
        if isinstance(node, ast.Dict):
            keys = [self._eval(k) if k is not None else UNKNOWN for k in node.keys]
            vals = [self._eval(v) for v in node.values]
            if any(x is UNKNOWN for x in keys + vals):
                return UNKNOWN
            return dict(zip(keys, vals, strict=True))
        if isinstance(node, ast.UnaryOp):
            operand = self._eval(node.operand)
            if operand is UNKNOWN:
                return UNKNOWN
            if isinstance(node.op, ast.Not):
                return not operand
            if isinstance(node.op, ast.USub):
                return -operand
            return UNKNOWN
        if isinstance(node, ast.BoolOp):
            return self._bool_op(node)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                and is_environ(node.comparators[0]):
            key = self._eval(node.left)
            if not isinstance(key, str) or key not in self.environ:
                return UNKNOWN
            return (self.environ[key] is not None) == isinstance(node.ops[0], ast.In)
        if isinstance(node, ast.Compare):
            left = self._eval(node.left)
            for op, right_node in zip(node.ops, node.comparators, strict=True):
                right = self._eval(right_node)
                if left is UNKNOWN or right is UNKNOWN or type(op) not in _COMPARE:
                    return UNKNOWN
                if isinstance(op, (ast.Is, ast.IsNot)):   # `args.x is True` on text given for an unknown type
                    left, right = (v.literal if isinstance(v, Given) else v for v in (left, right))
                if not _COMPARE[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.BinOp):
            left, right = self._eval(node.left), self._eval(node.right)
            if left is UNKNOWN or right is UNKNOWN or type(node.op) not in _BINARY:
                return UNKNOWN
            return self._binary(node.op, left, right)
        if isinstance(node, ast.IfExp):
            test = self._eval(node.test)
            return UNKNOWN if test is UNKNOWN else self._eval(node.body if test else node.orelse)
        if isinstance(node, ast.JoinedStr):
            parts: list[str] = []
            length = 0
            for part in node.values:
                value = self._eval(part.value) if isinstance(part, ast.FormattedValue) else self._eval(part)
                if value is UNKNOWN or isinstance(part, ast.FormattedValue) and part.format_spec is not None:
                    return UNKNOWN
                bounds.check_length(length + bounds.format_length(value))   # before str() builds it
                parts.append(str(value))
                length += len(parts[-1])
            return "".join(parts)
        if isinstance(node, ast.Call):
            return self._call(node)
        return UNKNOWN

    @staticmethod
    def _binary(op: ast.operator, left: Any, right: Any) -> Any:
        """``left op right``, each result's size checked before it is built."""
        sequences = (str, list, tuple)
        if isinstance(op, ast.Mult) and (isinstance(left, sequences) or isinstance(right, sequences)):
            return UNKNOWN   # no repeated text or lists
        if isinstance(op, ast.Pow):
            small = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right)) \
                and abs(left) <= 1 << 20 and 0 <= right <= 64
            return left ** right if small else UNKNOWN   # 1024 ** 3, never a huge number
        if isinstance(op, ast.Mod) and isinstance(left, str):
            return bounds.percent_format(left, right)
        if isinstance(op, ast.Add) and isinstance(left, sequences) and isinstance(right, sequences):
            bounds.check_length(len(left) + len(right))
        if isinstance(op, ast.Mult) and isinstance(left, int) and isinstance(right, int):
            bounds.product_bits(abs(left), abs(right))
        return bounds.check_int(_BINARY[type(op)](left, right))

    def _env_read(self, args: list[Any]) -> Any:
        """``os.environ.get(key[, default])`` / ``os.getenv``: the decided value, the default when decided absent."""
        key = args[0]
        if not isinstance(key, str) or key not in self.environ:
            return UNKNOWN
        value = self.environ[key]
        if value is not None:
            return value
        return args[1] if len(args) == 2 else None

    def _bool_op(self, node: ast.BoolOp) -> Any:
        is_and = isinstance(node.op, ast.And)
        unknown = False
        result: Any = None
        for operand in node.values:
            result = self._eval(operand)
            if result is UNKNOWN:
                unknown = True
                continue
            if is_and and not result or not is_and and result:
                return result
        return UNKNOWN if unknown else result

    def _call(self, node: ast.Call) -> Any:
        name = call_name(node)
        last = name.rsplit(".", 1)[-1]
        args = [self._eval(a) for a in node.args]
        if name in ENV_READS and 1 <= len(node.args) <= 2 and not node.keywords:
            return self._env_read(args)
        if node.keywords or any(a is UNKNOWN for a in args):
            return UNKNOWN
        if isinstance(node.func, ast.Attribute) and last in ("encode", "decode", "lower", "upper", "strip", "format"):
            owner = self._eval(node.func.value)
            if isinstance(owner, bool) and last in ("lower", "upper", "strip"):
                owner = str(owner)   # a switch taken as off, read as text ("False")
            if not isinstance(owner, str):
                return UNKNOWN
            if last == "format":
                return bounds.format_call(owner, args) if all(isinstance(a, (str, int, float)) for a in args) \
                    else UNKNOWN
            return owner if last in ("encode", "decode") else getattr(owner, last)(*args)
        if name in ("os.path.join", "path.join") and args and all(isinstance(a, str) for a in args):
            bounds.join_length([*args, "/" * len(args)])
            return os.path.join(*args)
        if len(args) != 1:
            return UNKNOWN
        arg = args[0]
        if last in _UNWRAP or name in _UNWRAP:
            if last == "str":
                bounds.check_length(bounds.format_length(arg))
                return str(arg)
            return arg
        if name == "int":
            return bounds.check_int(int(arg))
        if name == "float":
            return float(arg)
        if name == "bool":
            return bool(arg)
        return UNKNOWN


def call_name(node: ast.expr) -> str:
    """Dotted name of a call's function (``tf.compat.as_bytes``), or "" when it is not a plain call."""
    if not isinstance(node, ast.Call):
        return ""
    parts = []
    func = node.func
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        parts.append(func.id)
    elif isinstance(func, ast.Call):
        parts.append(call_name(func) + "()")
    return ".".join(reversed(parts))
