"""Rules as data: each rule names its options, severity, source and message; checking never raises."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.findings import Finding, Fix, Severity
from ascend_dump_gui.core.config.schema.torch_npu import HF32_KEYS as DOTTED_KEYS  # names holding a dot
from ascend_dump_gui.core.messages import Text, msg


@dataclass(frozen=True)
class CheckContext:
    """What a rule may consult besides the option values."""

    env: Mapping[str, str] = field(default_factory=dict)  # environment variables in effect
    product: str | None = None                            # atlas_a2, atlas_a3, atlas_training, atlas_inference
    base_dir: Path | None = None                          # folder of the checked file (relative paths)
    mode: str | None = None                               # "training" / "online_inference" when known
    facts: Mapping[str, Any] = field(default_factory=dict)  # importer facts, e.g. torchair compile mode
    scenario: str = ""                                    # name of the scenario being checked
    cann_version: str | None = None                       # CANN release to check for (None: the latest known)
    framework: str | None = None                          # msprobe: pytorch / mindspore (None: not known)
    dump_ops: Mapping[str, str] | None = None
    """The op names of the run a config is for (name -> op type; ``"{type}; fused from {names}"`` for an op fusion
    renamed; ``"fused into {op}"`` for an original name fused into another op), when known: per-op lines that name
    no op of the run are flagged (None: not judged)."""


class Rule(Protocol):
    """Anything with these attributes and ``check`` is a rule."""

    id: str
    severity: Severity
    options: tuple[str, ...]
    source: str

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]: ...


Predicate = Callable[[Mapping[str, Any], CheckContext], bool]


@dataclass(frozen=True)
class When:
    """Report ``message`` when ``applies(values, ctx)`` is true. ``values`` holds only options that are set."""

    id: str
    severity: Severity
    options: tuple[str, ...]
    applies: Predicate
    message: str
    source: str
    fix: Fix | None = None

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
        if not self.applies(values, ctx):
            return []
        return [Finding(self.id, self.severity, self.options, self.message, self.source, self.fix)]


@dataclass(frozen=True)
class Hit:
    """One problem a :class:`Scan` found; empty ``options`` / ``None`` fix fall back to the rule's own.

    ``message`` is a :class:`Text` (``msg("... {key} ...", key=...)``) so the UI can translate it."""

    message: Text | str
    options: tuple[str, ...] = ()
    fix: Fix | None = None


@dataclass(frozen=True)
class Scan:
    """Report one finding per :class:`Hit` that ``find(values, ctx)`` yields.

    For rules about list items (``dump_list[2].model_name``) or messages that quote the offending value.
    """

    id: str
    severity: Severity
    options: tuple[str, ...]
    find: Callable[[Mapping[str, Any], CheckContext], Iterable[Hit]]
    source: str
    fix: Fix | None = None

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
        return [Finding(self.id, self.severity, hit.options or self.options, hit.message, self.source,
                        hit.fix or self.fix) for hit in self.find(values, ctx)]


@dataclass(frozen=True)
class GradedScan:
    """Like :class:`Scan`, but each hit carries its severity (it depends on the context: the release or framework
    checked for); ``severity`` is the worst it gives."""

    id: str
    severity: Severity
    options: tuple[str, ...]
    find: Callable[[Mapping[str, Any], CheckContext], Iterable[tuple[Severity, Hit]]]
    source: str

    def check(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
        return [Finding(self.id, severity, hit.options or self.options, hit.message, self.source, hit.fix)
                for severity, hit in self.find(values, ctx)]


def with_top_level(options: tuple[str, ...]) -> tuple[str, ...]:
    """``options`` plus the top-level key of every nested one (``dump_list[0].layer`` adds ``dump_list``,
    ``profiling_options.output`` adds ``profiling_options``), so a finding names every key it is about (cli.md)."""
    out = list(options)
    for option in options:
        if option in DOTTED_KEYS:
            continue
        top = re.split(r"[\[.]", option, maxsplit=1)[0]
        if top and top not in out:
            out.append(top)
    return tuple(out)


def run_rules(rules: tuple[Any, ...], values: Mapping[str, Any], ctx: CheckContext) -> list[Finding]:
    """Every rule's findings; a rule that raises on odd values reports itself instead of breaking the check."""
    out: list[Finding] = []
    for rule in rules:
        try:
            out.extend(rule.check(values, ctx))
        except (TypeError, ValueError, AttributeError, KeyError, IndexError, OSError) as exc:
            out.append(Finding("check.rule_failed", Severity.INFO, tuple(rule.options),
                               msg("rule {rule} could not judge these values ({error}); fix the type errors first",
                                   rule=rule.id, error=str(exc)),
                               rule.source))
    return out


def is_dir(path: str | Path) -> bool:
    """Whether ``path`` is a folder here; False for names the OS cannot even look up (too long, NUL bytes)."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def is_file(path: str | Path) -> bool:
    """Whether ``path`` is a file here; False for names the OS cannot look up."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def folder_hits(key: str, path: Any, consequence: Text) -> list[Hit]:
    """A hit when ``path`` is an absolute folder that is missing here (relative ones depend on the job's cwd)."""
    if not isinstance(path, str) or not path.startswith("/") or is_dir(path):
        return []
    if is_file(path):
        return [Hit(msg("{key} {path} is a file, not a folder on this machine; {consequence}", key=key, path=path,
                        consequence=consequence), (key,))]
    return [Hit(msg("{key} {path} does not exist on this machine; {consequence}", key=key, path=path,
                    consequence=consequence), (key,))]


def step_hits(step: Any, path: str, consequence: Text) -> list[Hit]:
    """A hit when dump_step text ``step`` is refused on configuration path ``path`` (see step_grammar.DECIDING)."""
    reason = step_grammar.problem(step, path) if isinstance(step, str) else None
    if reason is None:
        return []
    return [Hit(msg("{reason} {consequence}", reason=reason, consequence=consequence), ("dump_step",))]
