"""``check(doc)``: every finding for a config — schema, scenario rules, environment, referenced files."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from ascend_dump_gui.core.config.file_checks import check_files
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.rules.engine import CheckContext, run_rules, with_top_level
from ascend_dump_gui.core.config.rules.env import RULES as ENV_RULES
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.check import check_values
from ascend_dump_gui.core.config.schema.conditions import (
    accept_stringified,
    explain_documented_none,
    soften_unchecked,
)
from ascend_dump_gui.core.config.schema.versions import CANN_VERSIONS, FRAMEWORKS
from ascend_dump_gui.core.config.script.variants import script_findings
from ascend_dump_gui.core.config.values import to_text
from ascend_dump_gui.core.messages import msg

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def effective_env(doc: ConfigDoc, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment the job runs with: ``env``, then the script's os.environ lines, then an env doc's values."""
    merged = dict(env or {})
    script_env = doc.facts.get("env")
    if isinstance(script_env, dict):
        merged.update({str(k): str(v) for k, v in script_env.items()})
    scenario = SCENARIOS.get(doc.scenario)
    if doc.scenario == "env" and scenario is not None:
        merged.update({k: to_text(scenario.field(k) if scenario.has(k) else None, v) for k, v in doc.values.items()})
    elif doc.scenario == "tf2_npu_device" and isinstance(doc.values.get("DUMP_GE_GRAPH"), str):
        merged["DUMP_GE_GRAPH"] = doc.values["DUMP_GE_GRAPH"]
    return merged


def check(doc: ConfigDoc, *, env: Mapping[str, str] | None = None, product: str | None = None,
          base_dir: Path | None = None, cann_version: str | None = None,
          framework: str | None = None, dump_ops: Mapping[str, str] | None = None) -> list[Finding]:
    """All findings for ``doc``, errors first. Never raises on bad values.

    ``env`` adds environment variables (NPU_COLLECT_PATH, ASCEND_WORK_PATH ...); ``product`` (atlas_a2, atlas_a3,
    atlas_training, atlas_inference) enables product checks; relative file options resolve against ``base_dir``
    (default: the folder of ``doc.origin``); ``cann_version`` is the release checked for where acceptance changed
    between releases (default: the latest known, said in those findings); ``framework`` (pytorch, mindspore) the
    framework an msprobe config runs under (default: what the config shows, else unknown); ``dump_ops`` the ops of the
    run the config is for (op name -> type, see :class:`CheckContext`): per-op lines naming none of them are flagged.
    """
    scenario = SCENARIOS.get(doc.scenario)
    if scenario is None:
        return [Finding("check.unknown_scenario", Severity.ERROR, (),
                        msg("unknown scenario {scenario!r}; known: {scenarios}",
                            scenario=doc.scenario, scenarios=', '.join(SCENARIOS)), "")]
    if base_dir is None and doc.origin is not None:
        base_dir = Path(doc.origin).parent
    mode = doc.facts.get("run_mode")
    cann_version = cann_version or _fact(doc, "cann_version", CANN_VERSIONS)   # a project file may carry them
    framework = framework or _fact(doc, "framework", FRAMEWORKS)
    ctx = CheckContext(env=effective_env(doc, env), product=product, base_dir=base_dir,
                       mode=mode if isinstance(mode, str) else None, facts=doc.facts, scenario=doc.scenario,
                       cann_version=cann_version, framework=framework, dump_ops=dump_ops)
    found = list(doc.problems)
    values_found = check_values(scenario, doc.values, product=product, mode=ctx.mode)
    typed = doc.facts.get("accessors") or {}
    if typed:   # a value given through another accessor is judged by the release rules, not as a bad choice
        values_found = [f for f in values_found if not (f.rule == "schema.choice" and set(f.options) & set(typed))]
    for adjust in (soften_unchecked, explain_documented_none, accept_stringified):
        values_found = adjust(doc.scenario, doc.values, values_found)
    found += values_found
    found += run_rules(scenario.rules, doc.values, ctx)
    found += run_rules(ENV_RULES, doc.values, ctx)
    found += check_files(scenario, doc.values, ctx)
    found = script_findings(doc, found, lambda other: check(other, env=env, product=product, base_dir=base_dir,
                                                             cann_version=cann_version, framework=framework,
                                                             dump_ops=dump_ops))
    return _tidy(found, doc.facts.get("unresolved", ()))


def _fact(doc: ConfigDoc, key: str, allowed: tuple[str, ...]) -> str | None:
    value = doc.facts.get(key)
    return value if value in allowed else None


def _tidy(found: list[Finding], unresolved) -> list[Finding]:
    """Drop findings about options whose value the importer could not evaluate, duplicates; sort errors first."""
    skip = set(unresolved) if isinstance(unresolved, (list, tuple, set)) else set()
    seen: set[tuple] = set()
    out = []
    for finding in (replace(f, options=with_top_level(f.options)) for f in found):
        if skip and not finding.rule.startswith("import.") and any(o.split("[")[0] in skip for o in finding.options):
            continue
        key = (finding.rule, finding.options, finding.message)
        if key not in seen:
            seen.add(key)
            out.append(finding)
    return sorted(out, key=lambda f: _ORDER[f.severity])
