"""A training script's command-line definitions (argparse, tf.app.flags / absl) and a run's values for them.

Definitions are read from the syntax tree only: ``parser.add_argument("--x", type=int, default=0)``,
``flags.DEFINE_boolean("x", False, ...)`` (also ``tf.app.flags``, ``tf.compat.v1.flags``, ``tf.flags``, absl).
A default that is not a literal stays :data:`UNKNOWN`. Command-line text is converted as the parser would
(``type=bool`` makes any non-empty text true, ``ast.literal_eval`` reads Python literals, absl accepts
``--x``/``--nox`` for booleans).
"""

from __future__ import annotations

import ast
import re
import shlex
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.messages import msg


class _Unknown:
    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN: Any = _Unknown()
_ABSL_KINDS = {"string": "str", "integer": "int", "boolean": "bool", "bool": "bool", "float": "float",
               "enum": "enum", "list": "list", "multi_string": "list", "multi_integer": "list",
               "spaceseplist": "list"}
_TYPES = {"int": "int", "float": "float", "str": "str", "bool": "bool_text"}
_TRUE_WORDS = {"true", "t", "yes", "y", "1", "on"}
_FALSE_WORDS = {"false", "f", "no", "n", "0", "off"}
SOURCE = "script arguments"
NAMESPACES = frozenset({"FLAGS", "flags", "args", "arg", "opt", "opts", "option", "options", "cfg", "params",
                        "parsed_args", "known_args", "ARGS", "hparams", "hps", "flags_obj", "_flags", "_args"})
# Objects read with a string key as configs (``self.config["over_dump"]``, ``params["precision_mode"]``).
DICT_NAMESPACES = NAMESPACES | {"config", "cfg", "conf", "hparams", "params", "opt", "args", "configs"}
# Debug switches of the model zoo (--over_dump, --data_dump_flag, --profiling, --autotune) are off unless given.
_DEBUG_SWITCH = re.compile(r"dump|profil|overflow|auto_?tune", re.IGNORECASE)
_NOT_A_SWITCH = re.compile(r"path|dir|step|mode|file|option|level|type|name|freq|list|layer", re.IGNORECASE)


@dataclass(frozen=True)
class Flag:
    """One command-line option of the script.

    ``kind``: str, int, float, bool (absl boolean), bool_text (argparse ``type=bool``: any non-empty text is
    true), str2bool (a custom ``*bool*`` converter: true/false words), literal (``ast.literal_eval``), enum,
    list, store_true, store_false, unknown (a converter the importer cannot follow), or external (read from a flag
    namespace but declared in another file: its default is unknown, except that a debug switch is taken as off).
    """

    name: str
    option: str
    kind: str
    default: Any
    line: int
    aliases: tuple[str, ...] = ()
    choices: tuple[Any, ...] = ()
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        default = None if self.default is UNKNOWN else self.default
        return {"name": self.name, "option": self.option, "kind": self.kind, "default": default,
                "default_known": self.default is not UNKNOWN, "line": self.line, "help": self.help}

    def convert(self, text: str | None) -> Any:
        """The value the parser gives for ``text`` (None: the bare flag); ValueError when it refuses it."""
        kind = self.kind
        if kind in ("store_true", "store_false"):
            if text is not None:
                raise ValueError(f"{self.option} takes no value")
            return kind == "store_true"
        if kind == "bool" and text is None:
            return True
        if text is None:
            raise ValueError(f"{self.option} needs a value")
        if kind == "int":
            return int(text, 0) if text.lower().startswith(("0x", "0o", "0b")) else int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            word = text.lower()
            if word not in _TRUE_WORDS | _FALSE_WORDS:
                raise ValueError(f"{self.option} expects true or false, got {text!r}")
            return word in _TRUE_WORDS
        if kind == "str2bool":
            word = text.lower()
            return True if word in _TRUE_WORDS else False if word in _FALSE_WORDS else UNKNOWN
        if kind == "bool_text":
            return bool(text)
        if kind == "literal":
            try:
                return ast.literal_eval(text)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                raise ValueError(f"{self.option}: {text!r} is not a Python literal") from None
        if kind == "list":
            return [part for part in text.split(",") if part]
        if kind == "enum" and self.choices and text not in self.choices:
            raise ValueError(f"{self.option} must be one of {', '.join(map(str, self.choices))}")
        if kind == "unknown":
            return UNKNOWN
        if kind == "external":
            return Given(text)
        return text


def collect_flags(tree: ast.AST) -> dict[str, Flag]:
    """Every flag the script declares, by attribute name (argparse ``dest`` or the absl name)."""
    found: dict[str, Flag] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        attr = node.func.attr
        flag = _argparse(node) if attr == "add_argument" else \
            _absl(node, _ABSL_KINDS[attr[7:]]) if attr.startswith("DEFINE_") and attr[7:] in _ABSL_KINDS else None
        if flag is not None and flag.name not in found:
            found[flag.name] = flag
    return found


class Given(str):
    """Text given for a flag declared in another file, whose type is unknown: it equals both the text and the
    Python literal it spells (``"True" == True``), and its truth is the literal's (``"False"`` is false)."""

    literal: Any

    def __new__(cls, text: str) -> Given:
        self = super().__new__(cls, text)
        try:
            self.literal = ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            self.literal = text
        return self

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, other) is True or self.literal == other

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = str.__hash__

    def __bool__(self) -> bool:
        return bool(self.literal)


def flag_key(node: ast.expr, namespaces: set[str] | frozenset[str]) -> str | None:
    """The flag a node reads: ``ns.x`` (``ns`` a flag namespace) or ``ns["x"]`` (``ns`` also a config dict)."""
    if isinstance(node, ast.Attribute):
        return node.attr if _namespace_base(node.value, namespaces) else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str) \
            and _namespace_base(node.value, set(namespaces) | DICT_NAMESPACES):
        return node.slice.value
    return None


def is_namespace_source(node: ast.expr, functions: frozenset[str] = frozenset()) -> bool:
    """``parser.parse_args()``, ``parser.parse_known_args()[0]``, ``flags.FLAGS``, ``tf.app.flags.FLAGS``, or a call
    of a local function that returns one of them (``args = get_args()``)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in ("parse_args", "parse_known_args") or name in functions
    return isinstance(node, ast.Attribute) and node.attr == "FLAGS"


def namespace_functions(tree: ast.AST) -> frozenset[str]:
    """Functions of the script that return the parsed arguments (directly or through a local name)."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        local = {t.id for sub in ast.walk(node) if isinstance(sub, ast.Assign) and is_namespace_source(sub.value)
                 for t in sub.targets if isinstance(t, ast.Name)}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Return) and sub.value is not None and (
                    is_namespace_source(sub.value) or isinstance(sub.value, ast.Name) and sub.value.id in local):
                found.add(node.name)
    return frozenset(found)


def external_flags(tree: ast.AST, declared: dict[str, Flag]) -> dict[str, Flag]:
    """Attributes read from a flag namespace (``FLAGS.x``, ``args.x``, ``self.args.x``) that this file does not
    declare (its flags live in another module)."""
    namespaces = set(NAMESPACES)
    functions = namespace_functions(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and is_namespace_source(node.value, functions):
            namespaces.update(t.id for t in node.targets if isinstance(t, ast.Name))
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found: dict[str, Flag] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Attribute, ast.Subscript)) or not isinstance(node.ctx, ast.Load) \
                or id(node) in called:
            continue
        name = flag_key(node, namespaces)
        if name is None or not name.isidentifier() or name in declared or name in NAMESPACES or name in found \
                or name.startswith("_"):
            continue
        switch = _DEBUG_SWITCH.search(name) and not _NOT_A_SWITCH.search(name)
        found[name] = Flag(name, f"--{name}", "external", False if switch else UNKNOWN, node.lineno, (f"--{name}",))
    return found


def _namespace_base(node: ast.expr, namespaces: set[str]) -> bool:
    last = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return last in namespaces


def _keywords(call: ast.Call) -> dict[str, ast.expr]:
    return {kw.arg: kw.value for kw in call.keywords if kw.arg}


def _literal(node: ast.expr | None) -> Any:
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return UNKNOWN


def _argparse(call: ast.Call) -> Flag | None:
    options = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if not options or not all(o.startswith("-") for o in options):
        return None
    kw = _keywords(call)
    longs = [o for o in options if o.startswith("--")] or options
    dest = _literal(kw.get("dest")) if "dest" in kw else longs[0].lstrip("-").replace("-", "_")
    if not isinstance(dest, str) or not dest.isidentifier():
        return None
    action = _literal(kw.get("action")) if "action" in kw else None
    if action in ("store_true", "store_false"):
        kind = action
        default = _literal(kw["default"]) if "default" in kw else action == "store_false"
    else:
        kind = _converter(kw.get("type"))
        default = _literal(kw.get("default"))
        if isinstance(default, str) and kind != "str":   # argparse passes a string default through the type
            try:
                default = Flag(dest, longs[0], kind, None, 0).convert(default)
            except (ValueError, TypeError):
                default = UNKNOWN
    choices = _literal(kw.get("choices")) if "choices" in kw else ()
    return Flag(dest, longs[0], kind, default, call.lineno, tuple(options),
                tuple(choices) if isinstance(choices, (list, tuple)) else (), _help(kw))


def _converter(node: ast.expr | None) -> str:
    if node is None:
        return "str"
    text = ast.unparse(node)
    if text in _TYPES:
        return _TYPES[text]
    if text.endswith("literal_eval"):
        return "literal"
    if "bool" in text.lower() or "'true'" in text.lower():   # str2bool, lambda x: x.lower() == 'true'
        return "str2bool"
    return "unknown"


def _absl(call: ast.Call, kind: str) -> Flag | None:
    kw = _keywords(call)
    name_node = call.args[0] if call.args else kw.get("name")
    default_node = call.args[1] if len(call.args) > 1 else kw.get("default")
    name = _literal(name_node)
    if not isinstance(name, str) or not name.isidentifier():
        return None
    default = _literal(default_node) if default_node is not None else None
    choices: Any = ()
    if kind == "enum":
        choices = _literal(call.args[2] if len(call.args) > 2 else kw.get("enum_values"))
    if kind == "list" and isinstance(default, str):
        default = [part for part in default.split(",") if part]
    return Flag(name, f"--{name}", kind, default, call.lineno, (f"--{name}",),
                tuple(choices) if isinstance(choices, (list, tuple)) else (), _help(kw))


def _help(kw: dict[str, ast.expr]) -> str:
    text = _literal(kw.get("help")) if "help" in kw else ""
    return text if isinstance(text, str) else ""


@dataclass
class ScriptArgs:
    """A run's flag values: the defaults, overridden by the command line (``given`` holds the text used)."""

    values: dict[str, Any]
    given: dict[str, str]
    problems: list[Finding]


def split_args(text: str) -> list[str]:
    """Shell-like split; a quoting error becomes a ValueError naming the problem."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"--script-args cannot be split like a shell: {exc}") from None


def evaluate_args(flags: dict[str, Flag], argv: list[str]) -> ScriptArgs:
    """Defaults overridden by ``argv``; unknown or refused arguments become findings (the run uses the default)."""
    values = {name: flag.default for name, flag in flags.items()}
    given: dict[str, str] = {}
    problems: list[Finding] = []
    by_option = {alias: flag for flag in flags.values() for alias in flag.aliases}
    index = 0
    while index < len(argv):
        token = argv[index]
        index += 1
        if not token.startswith("-") or token in ("-", "--"):
            problems.append(_problem(msg("{token!r} is not an option of this script; it is ignored", token=token)))
            continue
        option, has_value, text = token.partition("=")
        flag = by_option.get(option)
        value_text: str | None = text if has_value else None
        if flag is None and option.startswith("--no") and not has_value:
            negated = by_option.get("--" + option[4:])
            if negated is not None and negated.kind == "bool":
                values[negated.name], given[negated.name] = False, token
                continue
        if flag is None:
            if not has_value and index < len(argv) and not argv[index].startswith("-"):
                index += 1   # its value
            problems.append(_problem(msg("{option} is not declared by this script (argparse would exit with "
                                         "\"unrecognized arguments\"; absl with \"Unknown command line flag\"); it "
                                         "is ignored", option=option)))
            continue
        if not has_value and flag.kind not in ("store_true", "store_false", "bool") and index < len(argv):
            value_text = argv[index]
            index += 1
        try:
            values[flag.name] = flag.convert(value_text)
        except (ValueError, TypeError) as exc:
            problems.append(_problem(msg("{option}: {problem}; the script would exit, its default is used here",
                                         option=option, problem=str(exc))))
            continue
        given[flag.name] = token if value_text is None else f"{option}={value_text}"
    return ScriptArgs(values, given, problems)


def _problem(text: Any) -> Finding:
    return Finding("script.args", Severity.WARNING, (), text, SOURCE)


def format_arg(flag: Flag, value: Any) -> str:
    """The command-line text that gives ``flag`` the ``value``."""
    if flag.kind == "store_true" and value is True or flag.kind == "store_false" and value is False:
        return flag.option
    if flag.kind == "bool":
        return flag.option if value else f"--no{flag.option[2:]}"
    if flag.kind == "bool_text":
        text = "1" if value else ""        # type=bool: only the empty text is false
    else:
        text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
    return f"{flag.option}={shlex.quote(text)}"
