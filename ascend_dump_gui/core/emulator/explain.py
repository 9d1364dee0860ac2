"""What an emulator run will do before it runs, and why it wrote what it wrote after: shared by the GUI's
'Run in emulator' dialog and ``ascend-dump emulate --plan``.

:func:`preview_run` says which of the asked steps the config dumps (``dump_step``), where files land, the
warnings of this run only (not those a script gives under other arguments), and the problems that stop the run
(errors, and files the emulated runtime must read that are missing). :func:`why_nothing_dumped` gives the
reason a run wrote no dump files; :func:`written_counts` counts what a run wrote per artifact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ascend_dump_gui.core.config.check import check, effective_env
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.paths import resolve_paths
from ascend_dump_gui.core.emulator.plan import DEFAULT_PRECISION, MODEL_NAMING, DumpPlan, make_plan
from ascend_dump_gui.core.emulator.precision import policy_from_values
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.messages import Text, msg

MAX_STEPS = 50
"""The most steps the one-click fix proposes (the GUI's step box goes this far)."""
DUMPED_ARTIFACTS = ("dump_data", "overflow_dump", "exception_dump", "graph_dump", "msprobe_dump")
OTHER_RUN = "script_args"
"""``Finding.extra`` key of a warning that holds only when a script runs with other arguments."""


@dataclass(frozen=True)
class RunPreview:
    """What a run of ``steps`` steps will dump, what it warns about and what stops it."""

    steps: int
    step_text: str                    # the config's dump_step ("" = every step)
    dumps_data: bool                  # the config asks for op data at all (tensors, stats or watcher)
    dumped_steps: tuple[int, ...]     # the steps of 0..steps-1 whose data is dumped
    fix_steps: int | None             # steps to ask for so that one is dumped (None: no fix needed or none found)
    lands: tuple[tuple[str, str], ...]  # (artifact, folder) the run writes into
    warnings: tuple[Text, ...]        # this run's only
    blockers: tuple[Text, ...]        # errors and missing files: the run fails

    @property
    def nothing_dumped(self) -> bool:
        """True when the config dumps op data but none of the asked steps."""
        return self.dumps_data and not self.dumped_steps


def _plan(doc: ConfigDoc, env: Mapping[str, str], model: str, cwd: Path) -> DumpPlan:
    pattern, _model_id = MODEL_NAMING.get(doc.scenario, ("{model}", 1))
    return make_plan(doc, env, model_name=pattern.format(model=model, time="0"),
                     load=lambda p: load_config(p, scenario="acl_json"), cwd=cwd)


def _text(message: str) -> Text:
    return message if isinstance(message, Text) else Text(message)


def this_run(findings: list[Finding]) -> list[Finding]:
    """The findings that hold for this run (a script's findings under other arguments left out)."""
    return [f for f in findings if OTHER_RUN not in f.extra]


def preview_run(doc: ConfigDoc, *, env: Mapping[str, str] | None = None, model: str, steps: int,
                cwd: Path) -> RunPreview:
    """What :func:`~ascend_dump_gui.core.emulator.run.emulate` will do for these arguments (nothing is written)."""
    cwd = Path(cwd)
    env = effective_env(doc, env)
    findings = this_run(check(doc, env=env, base_dir=cwd))
    blockers = [f.text for f in findings if f.severity is Severity.ERROR]
    warnings = [f.text for f in findings if f.severity is Severity.WARNING]
    lands = tuple((a.artifact, a.path) for a in resolve_paths(doc, env=env, cwd=cwd) if a.artifact in DUMPED_ARTIFACTS)
    if doc.scenario == "msprobe_config":
        return RunPreview(steps, "", True, tuple(range(steps)), None, lands, tuple(warnings), tuple(blockers))
    try:
        _policy, notes = policy_from_values(doc.values, default=DEFAULT_PRECISION.get(doc.scenario, "force_fp16"),
                                            cwd=cwd)
        warnings += [_text(n) for n in notes]
        plan = _plan(doc, env, model, cwd)
    except DumpError as exc:  # a file the runtime reads (modify_mixlist, dump_config_path) is missing or bad
        blockers.append(Text(str(exc)))
        return RunPreview(steps, "", False, (), None, lands, tuple(warnings), tuple(blockers))
    warned = {o for f in findings if f.severity is Severity.WARNING for o in f.options}
    warnings += [_text(message) for option, message in plan.warnings if option not in warned]
    dumps_data = plan.data_dump or plan.single_op or bool(plan.watcher)
    dumped = tuple(s for s in range(steps) if plan.selects_step(s)) if dumps_data else ()
    fix = None
    if dumps_data and not dumped:
        fix = next((s + 1 for s in range(steps, MAX_STEPS) if plan.selects_step(s)), None)
    return RunPreview(steps, plan.step_text, dumps_data, dumped, fix, lands, tuple(warnings), tuple(blockers))


def steps_text(preview: RunPreview) -> Text:
    """Which of the asked steps are dumped, in words."""
    last = preview.steps - 1
    if not preview.dumps_data:
        return msg("This config dumps no op data (tensors or statistics).")
    if not preview.step_text:
        return msg("Every step is dumped: steps 0 to {last}.", last=last)
    if not preview.dumped_steps:
        return msg("dump_step is {steps}: none of the steps run (0 to {last}) is dumped.",
                   steps=preview.step_text, last=last)
    return msg("dump_step is {steps}: steps {dumped} of 0 to {last} are dumped.", steps=preview.step_text,
               dumped=", ".join(map(str, preview.dumped_steps)), last=last)


def why_nothing_dumped(plan: DumpPlan, steps: int, roots: Mapping[str, object]) -> Text:
    """Why a run of ``steps`` steps under ``plan`` wrote no dump file, as specifically as the plan tells."""
    dumps_data = plan.data_dump or plan.single_op or bool(plan.watcher)
    if not (dumps_data or plan.overflow or plan.exception):
        reasons = "; ".join(message for _option, message in plan.warnings)
        if reasons:
            return msg("the runtime writes no dump files: the config dumps nothing ({reasons})", reasons=reasons)
        return msg("the runtime writes no dump files: the config turns no dump on")
    if dumps_data and not any(plan.selects_step(s) for s in range(steps)):
        return msg("the runtime writes no dump files: dump_step {dump_step} selects none of the {count} step(s) "
                   "run (0 to {last}); run more steps or change dump_step", dump_step=plan.step_text, count=steps,
                   last=steps - 1)
    if not any(a in roots for a in ("dump_data", "overflow_dump", "exception_dump")):
        return msg("the runtime writes no dump files: no dump folder on this machine (a remote path or none)")
    if dumps_data and plan.layers is not None:
        return msg("the runtime writes no dump files: no op of this model is in the config's layer list "
                   "({layers})", layers=" ".join(sorted(plan.layers)))
    if plan.overflow and not dumps_data:
        return msg("the runtime writes no dump files: overflow detection is on and no op overflowed")
    return msg("the runtime writes no dump files: no op of this model matches what the config selects")


def written_counts(written: list[Path], roots: Mapping[str, Path]) -> dict[str, int]:
    """Files written per artifact root (the deepest root that holds a file counts it); ``"other"`` for the rest."""
    counts = dict.fromkeys(roots, 0)
    for path in written:
        owners = [a for a, root in roots.items() if Path(path).is_relative_to(root)]
        key = max(owners, key=lambda a: len(Path(roots[a]).parts)) if owners else "other"
        counts[key] = counts.get(key, 0) + 1
    return counts
