"""Apply edited options to a training script by rewriting only the expressions that set them (never executed).

The script is parsed with ``ast``; each option is found where the importer reads it (TF1
``custom_op.parameter_map["k"].s/.i/.b = ...`` with ``tf.compat.as_bytes`` wrappers kept, ``DumpConfig(...)`` /
``NPURunConfig(...)`` keyword arguments, TF2 ``global_options().dump_config.k = ...``, torchair
``config.dump_config.k = ...``, ``os.environ["K"] = ...``, torch_npu's ``set_option`` keys: entries of the dict literal
it is given or of the dict named there, and ``option["K"] = ...`` lines of that dict, ``torch_npu.npu.matmul.allow_hf32
= ...``, msprobe's ``PrecisionDebugger(...)`` arguments) and only the source span of its literal value is replaced
(``end_lineno`` / ``end_col_offset``), so comments, formatting, conditions and the rest of the file stay as they are.
A newly set option is inserted next to the settings of the same kind; a value that comes from a variable, a flag or
a call is left alone and reported.
"""

from __future__ import annotations

import ast
import difflib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.atomic import write_bytes_atomic
from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.fields import Kind, Scenario
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.tf2 import ENV_KEYS, GLOBAL_KEYS
from ascend_dump_gui.core.config.schema.torch_npu import HF32_KEYS
from ascend_dump_gui.core.config.script.evaluate import call_name
from ascend_dump_gui.core.config.script.importer import DUMP_CONFIG_ARGS, PROFILING_ARGS, parse_python
from ascend_dump_gui.core.config.script.pytorch import debugger_arguments, hf32_key, is_set_option
from ascend_dump_gui.core.config.values import to_text
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import Text, msg

_UNWRAP = {"as_bytes", "as_str", "as_text", "str", "bytes"}
_RUN_CONFIGS = ("DumpConfig", "NPURunConfig")   # where new TF1 keyword options may go
_KEYWORD_CALLS = _RUN_CONFIGS + ("ProfilingConfig",)


@dataclass(frozen=True)
class ScriptPatch:
    """The outcome of patching: the new text, the options rewritten and those left as they are (with why)."""

    original: str
    text: str
    changed: tuple[str, ...] = ()
    skipped: tuple[tuple[str, Text], ...] = ()
    notes: tuple[tuple[str, Text], ...] = ()

    @property
    def has_changes(self) -> bool:
        return self.text != self.original

    def diff(self, name: str = "script") -> str:
        """A unified diff of the change (empty when nothing changes)."""
        return "".join(difflib.unified_diff(_lines(self.original), _lines(self.text), f"a/{name}", f"b/{name}"))


@dataclass
class _Site:
    """Where one option is set: the value expression, the literal inside it (None: not a literal)."""

    key: str
    form: str                      # "param", "keyword", "attr", "environ"
    stmt: ast.stmt | None
    value: ast.expr
    literal: ast.expr | None
    owner: str = ""                # source text before the option, e.g. "custom_op", "config.dump_config"
    call: ast.Call | None = None   # keyword sites
    accessor: str = ""             # TF1 .s/.i/.b
    wrapper: str = ""              # e.g. "tf.compat.as_bytes" around a TF1 .s value
    holder: str = ""               # attr sites: "dump_config" (owner is a dump_config) or "global" (global_options)
    container: ast.Dict | None = None   # "entry" sites: the dict literal holding the key


@dataclass
class _Edit:
    start: tuple[int, int]         # (line index from 0, character column)
    end: tuple[int, int]
    text: str


@dataclass
class _Script:
    text: str
    tree: ast.Module
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = _lines(self.text)

    def col(self, line: int, byte_col: int) -> int:
        """ast columns are UTF-8 byte offsets; the character column on 1-based ``line``."""
        return len(self.lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def span(self, node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
        return ((node.lineno - 1, self.col(node.lineno, node.col_offset)),
                (node.end_lineno - 1, self.col(node.end_lineno, node.end_col_offset)))

    def source(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or ast.unparse(node)

    def indent(self, stmt: ast.stmt) -> str:
        line = self.lines[stmt.lineno - 1]
        return line[:len(line) - len(line.lstrip())]


def _lines(text: str) -> list[str]:
    return io.StringIO(text, newline="").readlines()


def patch_script(text: str, scenario: str, before: dict[str, Any], after: dict[str, Any],
                 inactive: dict[str, set[int]] | None = None) -> ScriptPatch:
    """Rewrite the options of ``scenario`` that differ between ``before`` (what the script sets now) and ``after``.

    ``inactive``: per option, the lines in branches the run being edited does not take (from the importer's
    ``facts["inactive"]``, see :func:`inactive_lines`); they are left alone, and an option set only there is
    added as a new line.
    ``text`` must be valid Python (it was imported before); raises ``SyntaxError`` otherwise, and ValueError when
    the edits cannot be combined into valid Python.
    """
    script = _Script(text, ast.parse(text))
    sites = _find_sites(script, scenario)
    if inactive:   # lines of branches the run does not take neither change nor anchor a new line
        sites = [s for s in sites if not any(_spans(s, line) for line in inactive.get(s.key, ()))]
    spec_of = SCENARIOS[scenario]
    changed: list[str] = []
    skipped: list[tuple[str, Text]] = []
    notes: list[tuple[str, Text]] = []
    edits: list[_Edit] = []
    for key in [k for k in {**before, **after} if before.get(k) != after.get(k)]:
        mine = [s for s in sites if s.key == key]
        value = after.get(key)
        if mine:
            loose = [s for s in mine if s.literal is None]
            if loose:
                skipped.append((key, msg("line {line}: {key} is set from `{expression}` (a variable, flag or call); "
                                         "it is not rewritten, change it there or where that value comes from",
                                         line=loose[0].value.lineno, key=key,
                                         expression=script.source(_unwrapped(loose[0].value)))))
                continue
            if len(mine) > 1:
                notes.append((key, msg("{key} is set on lines {lines}; each of them is changed", key=key,
                                       lines=", ".join(str(s.value.lineno) for s in mine))))
            mine_edits = [_remove(script, s) if value is None else _replace(script, s, spec_of, value) for s in mine]
            stuck = next((s for s, e in zip(mine, mine_edits, strict=True) if e is None), None)
            if stuck is not None:
                skipped.append((key, msg("line {line}: {key} cannot be removed without changing the code around it; "
                                         "not changed", line=stuck.value.lineno, key=key)))
                continue
            edits += mine_edits
            changed.append(key)
        elif value is None:
            skipped.append((key, msg("{key} is not set by a line this app can change (it comes from elsewhere in the "
                                     "script); it is not removed", key=key)))
        else:
            edit = _insert(script, sites, spec_of, key, value,
                           frozenset(line for lines in (inactive or {}).values() for line in lines))
            if edit is None:
                skipped.append((key, msg("{key} is not set in the script and there is no line of the same kind to put "
                                         "it next to; not added", key=key)))
            else:
                edits.append(edit)
                changed.append(key)
    new_text = _apply(script.lines, edits)
    try:
        ast.parse(new_text)
    except SyntaxError:   # a safety net: never offer a change that breaks the script
        raise ValueError("the change would not be valid Python; apply the edits one at a time") from None
    return ScriptPatch(text, new_text, tuple(changed), tuple(skipped), tuple(notes))


# -- finding the lines that set options ------------------------------------------------------------------------
def inactive_lines(doc: ConfigDoc) -> dict[str, set[int]]:
    """Per option, the script lines that set it in branches the run behind ``doc`` does not take, or on another
    config object than ``doc``'s (a script with a training and an evaluation session)."""
    out: dict[str, set[int]] = {}
    for where in [*doc.facts.get("inactive", []), *doc.facts.get("elsewhere", [])]:
        if isinstance(where, dict) and isinstance(where.get("line"), int):
            out.setdefault(str(where.get("key")), set()).add(where["line"])
    return out


def _spans(site: _Site, line: int) -> bool:
    """``site`` is the statement (or the call, for a keyword) at ``line``."""
    node = site.stmt or site.call or site.value
    return node.lineno <= line <= (node.end_lineno or node.lineno)


def _find_sites(script: _Script, scenario: str) -> list[_Site]:
    if scenario == "torch_npu":
        return _torch_npu_sites(script)[0]
    if scenario == "msprobe_config":
        return _debugger_sites(script)
    sites: list[_Site] = []
    global_vars: set[str] = set()
    dump_vars: dict[str, str] = {}   # name -> scenario of the dump_config object it holds
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and call_name(node.value).endswith("global_options"):
            global_vars.add(node.targets[0].id)
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Attribute) and node.value.attr == "dump_config":
            dump_vars[node.targets[0].id] = "tf2_npu_device" if _is_global(node.value.value, global_vars) \
                else "torchair"
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Call) and call_name(node).rsplit(".", 1)[-1] in _KEYWORD_CALLS and \
                scenario == "tf1_session":
            sites += _keyword_sites(script, node)
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1:
            continue
        site = _assignment_site(script, node, targets[0], scenario, global_vars, dump_vars)
        if site is not None:
            sites.append(site)
    return sites


def _assignment_site(script: _Script, stmt: ast.stmt, target: ast.expr, scenario: str,
                     global_vars: set[str], dump_vars: dict[str, str]) -> _Site | None:
    value = stmt.value
    if isinstance(target, ast.Subscript) and _is_environ(target.value):
        key = _constant(target.slice)
        wanted = scenario == "env" or scenario == "tf2_npu_device" and key in ENV_KEYS
        if isinstance(key, str) and wanted:
            return _Site(key, "environ", stmt, value, _literal(value)[0], "os.environ")
        return None
    if not isinstance(target, ast.Attribute):
        return None
    owner = target.value
    if scenario == "tf1_session" and target.attr in ("s", "i", "b") and isinstance(owner, ast.Subscript) \
            and isinstance(owner.value, ast.Attribute) and owner.value.attr == "parameter_map":
        key = _constant(owner.slice)
        if not isinstance(key, str):
            return None
        literal, wrapper = _literal(value)
        return _Site(key, "param", stmt, value, literal, script.source(owner.value.value), accessor=target.attr,
                     wrapper=wrapper)
    if isinstance(owner, ast.Attribute) and owner.attr == "dump_config":
        mine, holder = "tf2_npu_device" if _is_global(owner.value, global_vars) else "torchair", "dump_config"
    elif isinstance(owner, ast.Name) and owner.id in dump_vars:
        mine, holder = dump_vars[owner.id], "dump_config"
    elif _is_global(owner, global_vars) and target.attr in GLOBAL_KEYS:
        mine, holder = "tf2_npu_device", "global"
    else:
        return None
    if mine != scenario:
        return None
    return _Site(target.attr, "attr", stmt, value, _literal(value)[0], script.source(owner), holder=holder)


def _keyword_sites(script: _Script, call: ast.Call) -> list[_Site]:
    name = call_name(call).rsplit(".", 1)[-1]
    known = SCENARIOS["tf1_session"]
    out = []
    for kw in call.keywords:
        if name == "ProfilingConfig":
            key = PROFILING_ARGS.get(kw.arg or "")
        elif name == "DumpConfig":
            key = kw.arg if kw.arg in DUMP_CONFIG_ARGS else None
        else:
            key = kw.arg if kw.arg and known.has(kw.arg) else None
        if key:
            out.append(_Site(key, "keyword", None, kw.value, _literal(kw.value)[0], name, call))
    return out


@dataclass
class _TorchNpu:
    """Where a script hands options to torch_npu: the set_option calls (with the statement holding each), the dict
    literals they get (directly or through a name), and the names of those dicts."""

    calls: list[tuple[ast.Call, ast.stmt]] = field(default_factory=list)
    containers: list[tuple[ast.Dict, ast.stmt]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


def _statements(tree: ast.Module) -> list[ast.stmt]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]


def _torch_npu_sites(script: _Script) -> tuple[list[_Site], _TorchNpu]:
    """torch_npu's option sites: ``set_option({...})`` keys, the keys of a dict passed by name (``option = {...}``,
    ``option["K"] = ...``) and the HF32 switch assignments."""
    found = _TorchNpu()
    sites: list[_Site] = []
    statements = _statements(script.tree)
    for stmt in statements:
        own = [n for child in ast.iter_child_nodes(stmt) if not isinstance(child, ast.stmt) for n in ast.walk(child)]
        for node in own:   # the calls of this statement itself (not of the statements it holds)
            if isinstance(node, ast.Call) and is_set_option(call_name(node)) and node.args:
                found.calls.append((node, stmt))
                if isinstance(node.args[0], ast.Dict):
                    found.containers.append((node.args[0], stmt))
                elif isinstance(node.args[0], ast.Name):
                    found.names.add(node.args[0].id)
    for stmt in statements:
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target = stmt.targets[0]
        if isinstance(target, ast.Name) and target.id in found.names and isinstance(stmt.value, ast.Dict):
            found.containers.append((stmt.value, stmt))
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                and target.value.id in found.names and isinstance(_constant(target.slice), str):
            sites.append(_Site(_constant(target.slice), "subscript", stmt, stmt.value, _literal(stmt.value)[0],
                               target.value.id))
        elif hf32_key(target) is not None:
            owner = script.source(target.value.value)   # torch_npu.npu of torch_npu.npu.matmul.allow_hf32
            sites.append(_Site(hf32_key(target), "hf32", stmt, stmt.value, _literal(stmt.value)[0], owner))
    for container, stmt in found.containers:
        for key, value in zip(container.keys, container.values, strict=True):
            if key is not None and isinstance(_constant(key), str):
                sites.append(_Site(_constant(key), "entry", stmt, value, _literal(value)[0], container=container))
    return sites, found


def _debugger_sites(script: _Script) -> list[_Site]:
    """msprobe ``PrecisionDebugger(...)``'s arguments (keyword or positional), by parameter name."""
    sites = []
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Call) and call_name(node).rsplit(".", 1)[-1] == "PrecisionDebugger":
            for key, value in debugger_arguments(node).items():
                if key != "model":
                    sites.append(_Site(key, "keyword", None, value, _literal(value)[0], "PrecisionDebugger", node))
    return sites


def _is_global(node: ast.expr, global_vars: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in global_vars
    return call_name(node).endswith("global_options")


def _literal(node: ast.expr) -> tuple[ast.expr | None, str]:
    """The literal inside ``node`` (unwrapping ``as_bytes(...)`` / ``"..".encode()``) and the wrapper's text."""
    wrapper = ""
    if isinstance(node, ast.Call):
        name = call_name(node)
        if name.rsplit(".", 1)[-1] in _UNWRAP and len(node.args) == 1 and not node.keywords:
            wrapper, node = name, node.args[0]
        elif name.endswith("encode") and isinstance(node.func, ast.Attribute) and not node.args:
            wrapper, node = ".encode", node.func.value
        else:
            return None, ""
    if isinstance(node, (ast.Constant, ast.Dict, ast.List, ast.Tuple, ast.UnaryOp)):
        try:
            ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, RecursionError):
            return None, wrapper
        return node, wrapper
    return None, wrapper


def _unwrapped(node: ast.expr) -> ast.expr:
    """``x`` of ``tf.compat.as_bytes(x)`` / ``x.encode()`` (what the user has to change), else ``node``."""
    if isinstance(node, ast.Call):
        name = call_name(node)
        if name.rsplit(".", 1)[-1] in _UNWRAP and len(node.args) == 1:
            return node.args[0]
        if name.endswith("encode") and isinstance(node.func, ast.Attribute):
            return node.func.value
    return node


def _constant(node: ast.expr) -> Any:
    return node.value if isinstance(node, ast.Constant) else None


def _is_environ(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) \
        and node.value.id == "os"


# -- rendering values --------------------------------------------------------------------------------------------
def _python(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_python(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_python(k)}: {_python(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _string(text: str, like: str = "") -> str:
    """A string literal for ``text`` in the style of the literal ``like`` (quote character, ``b`` prefix)."""
    prefix = ""
    while like[:1].isalpha():
        prefix, like = prefix + like[0], like[1:]
    if prefix.lower() == "b":
        plain = text.isascii() and text.isprintable()
        return "b" + json.dumps(text) if plain and like[:1] == '"' else repr(text.encode("utf-8"))
    if like[:1] == "'" and not like.startswith("'''") and repr(text).startswith("'"):
        return repr(text)
    return json.dumps(text, ensure_ascii=False)


def _text_value(spec_of: Scenario, key: str, value: Any) -> str:
    spec = spec_of.field(key) if spec_of.has(key) else None
    if isinstance(value, (dict, list, tuple)) or spec is not None and spec.kind is Kind.MAPPING:
        return to_text(spec, list(value) if isinstance(value, tuple) else value)
    if isinstance(value, bool):
        return to_text(spec, value)
    return str(value)


def _render(site: _Site, script: _Script | None, spec_of: Scenario, value: Any) -> str:
    """The new text of the literal of ``site`` (the wrapper around it is kept)."""
    like = script.source(site.literal) if script is not None and site.literal is not None else ""
    as_text = site.form == "environ" or site.accessor == "s" or site.wrapper
    if as_text:
        return _string(_text_value(spec_of, site.key, value), like)
    spec = spec_of.field(site.key) if spec_of.has(site.key) else None
    if spec is not None and spec.kind is Kind.MAPPING and isinstance(value, dict) and site.form == "keyword":
        return _string(to_text(spec, value), like)
    if isinstance(value, str):
        return _string(value, like)
    return _python(list(value) if isinstance(value, tuple) else value)


def _replace(script: _Script, site: _Site, spec_of: Scenario, value: Any) -> _Edit:
    start, end = script.span(site.literal)
    return _Edit(start, end, _render(site, script, spec_of, value))


def _remove(script: _Script, site: _Site) -> _Edit | None:
    if site.form == "entry":
        return None   # a key of a dict literal: the user's dict is left as it is
    if site.form == "keyword":
        call = site.call
        args = [*call.args, *call.keywords]
        index = next((i for i, a in enumerate(args) if isinstance(a, ast.keyword) and a.value is site.value), None)
        if index is None:   # a positional argument: removing it would shift the others
            return None
        node = args[index]
        start, end = script.span(node)
        if index > 0:
            start = script.span(args[index - 1])[1]
        elif len(args) > 1:
            end = script.span(args[1])[0]
        return _Edit(start, end, "")
    stmt = site.stmt
    start, end = script.span(stmt)
    before = script.lines[start[0]][:start[1]]
    after = script.lines[end[0]][end[1]:]
    alone = not before.strip() and (not after.strip() or after.strip().startswith("#"))
    if not alone or _only_statement(script.tree, stmt):
        return None
    return _Edit((start[0], 0), (end[0] + 1, 0), "")


def _only_statement(tree: ast.Module, stmt: ast.stmt) -> bool:
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and stmt in body:
                return len(body) == 1
    return False


def _insert(script: _Script, sites: list[_Site], spec_of: Scenario, key: str, value: Any,
            skip_lines: frozenset[int] = frozenset()) -> _Edit | None:
    """A new line (or keyword) setting ``key``, next to the last of ``sites`` of its kind; calls holding a line of
    ``skip_lines`` (branches the run does not take, objects never used) are not extended."""
    spec = spec_of.field(key) if spec_of.has(key) else None
    if spec_of.name == "torch_npu":
        return _torch_npu_insert(script, spec_of, key, value, skip_lines)
    if spec_of.name == "msprobe_config":
        return None   # PrecisionDebugger's arguments are changed where given, never added
    if spec_of.name == "tf1_session":
        params = [s for s in sites if s.form == "param"]
        if params:
            anchor = _anchor(script.tree, params)
            accessor = spec.serialized if spec is not None and spec.serialized else \
                "b" if isinstance(value, bool) else "i" if isinstance(value, int) else "s"
            # AttrValue.s holds bytes: a new .s value is wrapped like the script's others, else in as_bytes
            wrapper = next((s.wrapper for s in reversed(params) if s.accessor == "s" and s.wrapper),
                           "tf.compat.as_bytes") if accessor == "s" else ""
            site = _Site(key, "param", None, anchor.value, None, accessor=accessor, wrapper=wrapper)
            rendered = _render(site, None, spec_of, value)
            if accessor == "s" and wrapper and wrapper != ".encode":
                rendered = f"{wrapper}({rendered})"
            line = f"{anchor.owner}.parameter_map[{_python(key)}].{accessor} = {rendered}"
            return _line_after(script, anchor.stmt, line)
        for name in _RUN_CONFIGS:
            calls = [n for n in ast.walk(script.tree) if isinstance(n, ast.Call)
                     and call_name(n).rsplit(".", 1)[-1] == name
                     and not any(n.lineno <= line <= (n.end_lineno or n.lineno) for line in skip_lines)]
            # dump options are DumpConfig's keywords only (NPURunConfig takes them through dump_config=)
            if calls and (name == "DumpConfig") == (key in DUMP_CONFIG_ARGS):
                site = _Site(key, "keyword", None, calls[-1], None)
                return _keyword_after(script, calls[-1], f"{key}={_render(site, None, spec_of, value)}")
        return None
    if spec_of.name == "tf2_npu_device" and key in ENV_KEYS or spec_of.name == "env":
        same = [s for s in sites if s.form == "environ"]
        if not same:
            return None
        anchor = _anchor(script.tree, same)
        start = f"os.environ[{_python(key)}] = "
    else:
        same = [s for s in sites if s.form == "attr"] or [s for s in sites if s.form == "environ"]
        if not same:
            return None
        anchor = _anchor(script.tree, same)
        owner = _attribute_owner(anchor, spec_of.name, key in GLOBAL_KEYS)
        if owner is None:
            return None
        start = f"{owner}.{key} = "
    site = _Site(key, "environ" if start.startswith("os.environ") else "attr", None, anchor.value, None)
    return _line_after(script, anchor.stmt, start + _render(site, None, spec_of, value))


def _torch_npu_insert(script: _Script, spec_of: Scenario, key: str, value: Any,
                      skip_lines: frozenset[int]) -> _Edit | None:
    """A new torch_npu setting: an HF32 switch line after the other switch (else after set_option); a set_option
    key as an ``option["K"] = ...`` line after the others of that dict, else as an entry of the dict literal."""
    sites, found = _torch_npu_sites(script)

    def live(stmt: ast.stmt) -> bool:
        return not any(stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno) for line in skip_lines)
    sites = [s for s in sites if live(s.stmt)]
    calls = [(c, st) for c, st in found.calls if live(st)]
    rendered = _render(_Site(key, "entry", None, ast.Constant(None), None), None, spec_of, value)
    if key in HF32_KEYS:
        same = [s for s in sites if s.form == "hf32"]
        if same:
            anchor = _anchor(script.tree, same)
            return _line_after(script, anchor.stmt, f"{anchor.owner}.{key} = {rendered}")
        if not calls:
            return None
        call, stmt = calls[-1]
        module = call_name(call).rsplit(".", 1)[0]   # torch_npu.npu of torch_npu.npu.set_option
        return _line_after(script, stmt, f"{module}.{key} = {rendered}")
    lines = [s for s in sites if s.form == "subscript"]
    if lines:
        anchor = _anchor(script.tree, lines)
        return _line_after(script, anchor.stmt, f"{anchor.owner}[{_python(key)}] = {rendered}")
    containers = [(d, st) for d, st in found.containers if live(st)]
    if not containers:
        return None
    container = containers[-1][0]
    entry = f"{_python(key)}: {rendered}"
    if container.values:
        end = script.span(container.values[-1])[1]
        return _Edit(end, end, ", " + entry)
    start = script.span(container)[0]
    after_brace = (start[0], start[1] + 1)
    return _Edit(after_brace, after_brace, entry)


def _attribute_owner(anchor: _Site, scenario: str, on_global: bool) -> str | None:
    """What a new ``<owner>.key = value`` line assigns to, from the line it goes after."""
    if anchor.form != "attr":   # a TF2 script with only os.environ lines so far
        base, dump = ("npu_device.global_options()", "npu_device.global_options().dump_config") \
            if scenario == "tf2_npu_device" else (None, None)
    elif anchor.holder == "dump_config":
        dump = anchor.owner
        base = dump[:-len(".dump_config")] if dump.endswith(".dump_config") else None
    else:
        base, dump = anchor.owner, anchor.owner + ".dump_config"
    return base if on_global else dump


def _anchor(tree: ast.Module, sites: list[_Site]) -> _Site:
    """The last of ``sites`` in the shallowest block holding any of them (outside conditions where possible)."""
    depth = _depths(tree)
    shallowest = min(depth.get(id(s.stmt), 0) for s in sites)
    return max((s for s in sites if depth.get(id(s.stmt), 0) == shallowest), key=lambda s: s.stmt.end_lineno)


def _depths(tree: ast.AST) -> dict[int, int]:
    """How many statements enclose each statement (by ``id``); iterative, so long expressions cannot overflow."""
    out: dict[int, int] = {}
    todo: list[tuple[ast.AST, int]] = [(tree, 0)]
    while todo:
        node, level = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                out[id(child)] = level
                todo.append((child, level + 1))
            else:
                todo.append((child, level))
    return out


def _line_after(script: _Script, stmt: ast.stmt, line: str) -> _Edit:
    last = script.lines[stmt.end_lineno - 1]
    ending = last[len(last.rstrip("\r\n")):]
    if ending:
        return _Edit((stmt.end_lineno, 0), (stmt.end_lineno, 0), script.indent(stmt) + line + ending)
    end = (stmt.end_lineno - 1, len(last))
    return _Edit(end, end, _newline(script) + script.indent(stmt) + line)


def _newline(script: _Script) -> str:
    first = script.lines[0] if script.lines else "\n"
    return "\r\n" if first.endswith("\r\n") else "\n"


def _keyword_after(script: _Script, call: ast.Call, text: str) -> _Edit:
    args = [*call.args, *call.keywords]
    if args:
        end = script.span(args[-1])[1]
        return _Edit(end, end, ", " + text)
    _start, end = script.span(call)
    close = (end[0], end[1] - 1)
    return _Edit(close, close, text)


def _apply(lines: list[str], edits: list[_Edit]) -> str:
    """``lines`` with ``edits`` applied (from the end, so earlier positions stay valid); ValueError when two edits
    overlap in a way that has no single meaning."""
    text = "".join(lines)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(pos: tuple[int, int]) -> int:
        return offsets[min(pos[0], len(lines))] + pos[1]
    spans = sorted(enumerate(edits), key=lambda ie: (at(ie[1].start), at(ie[1].end), ie[0]))
    merged: list[tuple[int, int, str]] = []
    for _index, edit in spans:   # insertions at one place keep their order
        begin, end = at(edit.start), at(edit.end)
        if merged and begin < merged[-1][1]:
            if edit.text or merged[-1][2]:   # never guess how two overlapping rewrites combine
                raise ValueError("two changes touch the same text; apply them one at a time")
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]), "")   # overlapping removals (two keywords)
        else:
            merged.append((begin, end, edit.text))
    for begin, end, new in reversed(merged):
        text = text[:begin] + new + text[end:]
    return text


@dataclass(frozen=True)
class ScriptApply:
    """A previewed change of one script file: its bytes before and after (a UTF-8 BOM is kept)."""

    path: Path
    patch: ScriptPatch
    before: bytes
    after: bytes


def plan_apply(path: str | Path, doc: ConfigDoc, baseline: dict[str, Any] | None = None) -> ScriptApply:
    """What applying ``doc`` to the script at ``path`` changes.

    With ``baseline`` (the values the config had when it was read from the script) only the options edited since
    then are written, on top of what the script sets now (edits made to the file meanwhile are kept); without it,
    every option where ``doc`` and the script differ. InputError when the script cannot be read or parsed.
    """
    path = Path(path)
    before = _read_bytes(path)
    text = jsontext.decode(before, path)
    run = doc.facts.get("script")
    read = parse_python(text, path, SCENARIOS, doc.scenario, getattr(run, "script_args", None),
                        getattr(run, "script_env", None) or None)   # the run being edited
    current = read.values
    wanted = dict(doc.values)
    if baseline is not None:
        wanted = dict(current)
        for key in {**baseline, **doc.values}:
            if baseline.get(key) != doc.values.get(key):
                if key in doc.values:
                    wanted[key] = doc.values[key]
                else:
                    wanted.pop(key, None)
    try:
        patch = patch_script(text, doc.scenario, current, wanted, inactive_lines(read))
    except (RecursionError, SyntaxError, ValueError) as exc:
        raise InputError(path, f"cannot be changed safely: {exc or type(exc).__name__}") from None
    bom = b"\xef\xbb\xbf" if before.startswith(b"\xef\xbb\xbf") else b""
    return ScriptApply(path, patch, before, bom + patch.text.encode("utf-8") if patch.has_changes else before)


def script_values(text: str, scenario: str, origin: Path | None = None) -> dict[str, Any]:
    """The option values a script sets, read as ``scenario`` (InputError when it is not valid Python)."""
    return parse_python(text, origin, SCENARIOS, scenario).values


def write_script(path: Path, data: bytes, expected: bytes) -> None:
    """Replace the script with ``data`` atomically (its mode and owner are kept); InputError when the file changed
    since ``expected`` was read (someone else edited it), so nothing of theirs is overwritten."""
    if _read_bytes(path) != expected:
        raise InputError(path, "changed on disk since the change was previewed; nothing was written")
    write_bytes_atomic(path, data)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(path, f"cannot be read: {exc.strerror or exc}") from None
