"""Other runs of a script: the arguments that turn its switched-off branches on, and the findings of that run.

A conflict that only occurs under other arguments is a warning of the run being checked that names those arguments,
never an error of it; an error about a setting made under a condition that cannot be decided is a warning saying so.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.script.evaluate import Evaluator
from ascend_dump_gui.core.config.script.flags import UNKNOWN, Flag, format_arg
from ascend_dump_gui.core.messages import msg

_MAX_FLAGS_PER_CONDITION = 3
_MAX_CANDIDATES = 8       # values tried per flag: at most 8**3 evaluations of one chain of conditions
_BOOLISH = ("bool", "store_true", "store_false", "str2bool", "bool_text", "literal")


@dataclass(frozen=True)
class ScriptRun:
    """What the importer knows about the script as a program: its text, flags, this run's arguments, and the
    arguments of the run with every switched-off branch on (``alternative``: flag name -> value)."""

    text: str
    scenario: str | None
    script_args: str
    flags: dict[str, Flag]
    given: dict[str, str]
    alternative: dict[str, Any] = field(default_factory=dict)
    gates: dict[str, frozenset[str]] = field(default_factory=dict)   # option -> flags that switch its settings on
    values: dict[str, Any] = field(default_factory=dict)             # every flag's value in this run
    script_env: str = ""      # environment variables decided for this run (--script-env text)
    # the importer that made this run: (text, origin, scenario, script_args, script_env) -> another run's document
    reader: Callable[[str, Path | None, str | None, str, str], Any] | None = field(default=None, compare=False,
                                                                                    repr=False)
    _reruns: dict[tuple[str, str | None, str], Any] = field(default_factory=dict, compare=False, repr=False)

    def alternative_args(self, options: Iterable[str] = ()) -> str:
        """Command-line text of the alternative run (only the flags it changes); with ``options``, only the flags
        that switch those options' settings on (all when none do)."""
        names = set().union(*(self.gates.get(o.split("[")[0], frozenset()) for o in options))
        return " ".join(format_arg(self.flags[name], value) for name, value in self.alternative.items()
                        if not names or name in names)

    def evaluate(self, origin: Path | None, script_args: str, scenario: str | None = None,
                 script_env: str | None = None) -> Any:
        """The document of the same script run with ``script_args`` and ``script_env`` (default: this run's
        environment); InputError when they cannot be split."""
        if self.reader is None:
            raise ValueError("this ScriptRun was not made by the importer: it cannot read other runs")
        env = self.script_env if script_env is None else script_env
        return self.reader(self.text, origin, scenario or self.scenario, script_args, env)

    def rerun(self, origin: Path | None, script_args: str, scenario: str | None = None) -> Any:
        """:meth:`evaluate` without a further alternative run, remembered per arguments."""
        key = (script_args, scenario or self.scenario, self.script_env)
        if key not in self._reruns:   # every edit in the app re-checks: read the script once per run
            doc = self.evaluate(origin, script_args, key[1])
            doc.facts["script"] = replace(doc.facts["script"], alternative={}, gates={})
            self._reruns[key] = doc
        return self._reruns[key]

    def args_for(self, values: dict[str, Any]) -> str:
        """Command-line text giving the flags ``values`` (flags at their default are left out)."""
        return " ".join(format_arg(self.flags[name], value) for name, value in values.items()
                        if name in self.flags and value != self.flags[name].default)


def alternative_args(flags: dict[str, Flag], values: dict[str, Any], evaluator: Evaluator,
                     hits: Iterable[Any]) -> tuple[dict[str, Any], dict[str, frozenset[str]]]:
    """Flag values under which switched-off settings are made (every enclosing condition that the flags decide
    holds; the first found wins on a clash), and per option the flags among them that switch its settings on."""
    chosen: dict[str, Any] = {}
    gates: dict[str, set[str]] = {}
    seen: set[tuple[int, ...]] = set()
    for hit in hits:
        decided = [c for c in hit.conditions if c.node is not None and c.holds is not None]
        if all(c.holds for c in decided):
            continue
        for condition in decided:
            if not condition.holds:
                gates.setdefault(hit.key, set()).update(evaluator.flags_in(condition.node))
        chain = tuple(id(c.node) for c in decided)
        if chain in seen:
            continue
        seen.add(chain)
        names = sorted(set().union(*(evaluator.flags_in(c.node) for c in decided)) - set(chosen))
        if not names or len(names) > _MAX_FLAGS_PER_CONDITION:
            continue
        base = {**values, **chosen}
        literals = [n.value for c in decided for n in ast.walk(c.node)
                    if isinstance(n, ast.Constant) and n.value is not None]
        for combo in itertools.product(*(_candidates(flags[n], literals) for n in names)):
            trial = replace(evaluator, flag_values={**base, **dict(zip(names, combo, strict=True))})
            if all(trial.truth(c.node) in (None, not c.negated) for c in decided):
                chosen.update({n: v for n, v in zip(names, combo, strict=True) if v != values.get(n)})
                break
    return chosen, {key: frozenset(names & set(chosen)) for key, names in gates.items()}


def _candidates(flag: Flag, literals: list[Any]) -> list[Any]:
    if flag.kind in _BOOLISH:
        out: list[Any] = [True, False] + [v for v in literals if not isinstance(v, str)]
    elif flag.kind in ("int", "float"):
        out = [v for v in literals if isinstance(v, (int, float)) and not isinstance(v, bool)] + [1, 0]
    else:
        out = [v for v in literals if isinstance(v, str)] + list(flag.choices) + ["True", "1", ""]
    return list(dict.fromkeys(v for v in out if v is not UNKNOWN))[:_MAX_CANDIDATES]


def script_findings(doc: Any, found: list[Finding], check: Callable[[Any], list[Finding]]) -> list[Finding]:
    """``found`` plus, as warnings naming their condition, the errors the undecided settings would add, and the
    other run's new errors as warnings."""
    undecided = doc.facts.get("undecided") or {}
    provenance = doc.facts.get("provenance") or {}
    out = [_with_line(_separate_objects(f, provenance), provenance) for f in found]
    if undecided:
        maybe = doc.with_values({**doc.values, **{k: u["value"] for k, u in undecided.items()}})
        maybe.facts = {k: v for k, v in doc.facts.items() if k not in ("undecided", "script")}
        maybe.problems = []
        known = {(f.rule, f.options) for f in found if f.severity is Severity.ERROR}
        conditional = {k: u["condition"] for k, u in undecided.items()}
        where = {**provenance, **{k: u["where"] for k, u in undecided.items()}}
        out += [_with_line(_undecided(f, conditional), where) for f in check(maybe)
                if f.severity is Severity.ERROR and (f.rule, f.options) not in known
                and any(o.split("[")[0] in undecided for o in f.options)]
    run = doc.facts.get("script")
    if isinstance(run, ScriptRun) and run.alternative:
        args = " ".join(filter(None, (run.script_args, run.alternative_args())))
        other_doc = run.rerun(doc.origin, args, doc.scenario)
        known = {(f.rule, f.options) for f in found if f.severity is Severity.ERROR}
        out += [_with_line(Finding(f.rule, Severity.WARNING, f.options,
                                   msg("with {args}: {message}", args=run.alternative_args(f.options),
                                       message=f.text),
                                   f.source, extra={"script_args": run.alternative_args(f.options)}),
                           other_doc.facts.get("provenance") or {})
                for f in check(other_doc) if f.severity is Severity.ERROR
                and not f.rule.startswith(("import.", "script.")) and (f.rule, f.options) not in known]
    return out


def _separate_objects(finding: Finding, provenance: dict[str, dict[str, Any]]) -> Finding:
    """An error combining settings made on different config objects is a warning: they meet only if both objects
    reach the same session."""
    if finding.severity is not Severity.ERROR or finding.rule.startswith("import."):
        return finding
    made = {provenance[o.split("[")[0]].get("config", "") for o in finding.options if o.split("[")[0] in provenance}
    made.discard("")
    if len(made) < 2:
        return finding
    lines = sorted(provenance[o.split("[")[0]]["line"] for o in finding.options if o.split("[")[0] in provenance)
    return Finding(finding.rule, Severity.WARNING, finding.options,
                   msg("{message} (the options are set on different config objects, lines {lines}; they conflict "
                       "only if both reach the same session)", message=finding.text,
                       lines=", ".join(map(str, lines))), finding.source, finding.fix)


def _with_line(finding: Finding, provenance: dict[str, dict[str, Any]]) -> Finding:
    """The script line of the finding's first option that the script sets (for the app to link to)."""
    if "line" in finding.extra:
        return finding
    line = next((provenance[o.split("[")[0]]["line"] for o in finding.options if o.split("[")[0] in provenance),
                None)
    if line is None:
        return finding
    return Finding(finding.rule, finding.severity, finding.options, finding.text, finding.source, finding.fix,
                   extra={**{k: v for k, v in finding.extra.items() if k not in ("template", "params")},
                          "line": line})


def _undecided(finding: Finding, conditional: dict[str, str]) -> Finding:
    """An error the undecided settings would cause, as a warning naming the condition they are made under."""
    doubts = [conditional[o.split("[")[0]] for o in finding.options if o.split("[")[0] in conditional]
    if not doubts:
        return finding
    return Finding(finding.rule, Severity.WARNING, finding.options,
                   msg("{message} (only if `{condition}` holds, which cannot be decided from the script)",
                       message=finding.text, condition=doubts[0]),
                   finding.source, finding.fix, extra={"condition": doubts[0]})
