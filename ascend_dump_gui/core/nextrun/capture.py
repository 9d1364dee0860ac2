"""``propose_capture``: the next capture config, dumping full tensors only where the last run diverged (cli.md:
``ascend-dump capture``). Every name is checked against the run; the config is written in the run's framework as
the runtime matches names (post-fusion GE names; msprobe call or module names)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.names import format_name
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.nextrun import capture_forms as forms
from ascend_dump_gui.core.nextrun.capture_script import (
    changed_config,
    is_script,
    override_notes,
    script_change,
)
from ascend_dump_gui.core.nextrun.run_ops import RunOps, open_run_ops
from ascend_dump_gui.core.nextrun.sources import capture_document

_SESSION_MODEL = re.compile(r"ge_default_\d+_\d+")


@dataclass
class CaptureProposal:
    """What ``capture --json`` prints; ``doc`` is the capture config (None when a name is unknown or refused)."""

    framework: str
    ops: list[str] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    also_matches: dict[str, list[str]] = field(default_factory=dict)
    refused: list[dict[str, str]] = field(default_factory=list)   # names or steps the runtime would refuse
    notes: list[str] = field(default_factory=list)
    doc: ConfigDoc | None = None
    before: ConfigDoc | None = None
    dump_ops: dict[str, str] = field(default_factory=dict)   # the run's ops, for the checker (RunOps.dump_ops)
    text: str | None = None   # the config's text when it is not ``doc`` exported (msprobe: a script's config.json)

    @property
    def writable(self) -> bool:
        return self.doc is not None and not self.unknown and not self.refused


def _framework(framework: str | None, config: ConfigDoc | None, run: RunOps) -> str:
    from_config = forms.FRAMEWORK_OF.get(config.scenario) if config is not None else None
    if framework is not None:
        if framework not in forms.FRAMEWORKS:
            raise InputError(None, msg("unknown framework '{framework}'; choose one of {choices}", framework=framework,
                                     choices=", ".join(forms.FRAMEWORKS)))
        if from_config is not None and from_config != framework:
            raise InputError(config.origin, msg("the config given is {kind}, not {framework}",
                                             kind=format_name(config.scenario), framework=framework))  # type: ignore[union-attr]
        return framework
    if from_config is not None:
        return from_config
    if config is not None:
        raise InputError(config.origin, msg("a capture is written as acl.json, a TF1/TF2/torchair script, an msprobe "
                                            "config.json or the one a PyTorch script's PrecisionDebugger names, not "
                                            "as {kind}", kind=format_name(config.scenario)))
    return "msprobe" if run.format == "msprobe" else "acl"


def _first_divergence(run_path: Path, golden: Path | None, run: RunOps, graph) -> list[str]:
    if golden is None:
        raise InputError(run_path, msg("--first-divergence needs GOLDEN (the golden or bench dump to compare with)"))
    from ascend_dump_gui.core.replay.runs import first_divergence_op

    name = first_divergence_op(run_path, golden, graph)
    if name is None:
        return []
    names = [run.find(name) or name]
    if run.format == "msprobe" and ".forward" in name:      # its backward call, where the run has one
        backward = name.replace(".forward", ".backward")
        if backward in run.types:
            names.append(backward)
    return names


def _upstream(run: RunOps, names: Sequence[str], levels: int) -> tuple[list[str], str]:
    """The ops within ``levels`` producer levels above ``names`` (graph edges; without a graph, execution order)."""
    if levels <= 0:
        return [], ""
    if run.format == "ge" and any(run.producers.values()):
        found: list[str] = []
        frontier = list(names)
        for _ in range(levels):
            nxt = [p for n in frontier for p in run.producers.get(n, []) if p in run.types]
            nxt = [p for p in dict.fromkeys(nxt) if p not in names and p not in found]
            found += nxt
            frontier = nxt
        return found, "graph"
    order = run.names
    found = []
    for name in names:
        if name in order:
            i = order.index(name)
            found += [n for n in order[max(0, i - levels):i] if n not in names and n not in found]
    return found, "execution order"


def propose_capture(run_path: str | os.PathLike, golden: str | os.PathLike | None = None, *,
                    first_divergence: bool = False, ops: Sequence[str] = (), modules: Sequence[str] = (),
                    around: int = 0, steps: Sequence[int] = (), ranks: Sequence[int] = (), data: str = "tensor",
                    framework: str | None = None, config: str | os.PathLike | ConfigDoc | None = None,
                    graph: str | os.PathLike | None = None) -> CaptureProposal:
    """The capture config for the run at ``run_path`` (see the module doc); InputError for bad input."""
    run_dir = Path(run_path)
    run = open_run_ops(run_dir, graph)
    before = config if isinstance(config, ConfigDoc) else load_config(Path(config)) if config is not None else None
    if before is not None:
        before = capture_document(before, forms.FRAMEWORK_OF, framework, run.format)
    fw = _framework(framework, before, run)
    proposal = CaptureProposal(fw, before=before, dump_ops=run.dump_ops())
    names: list[str] = []
    if first_divergence:
        names += _first_divergence(run_dir, Path(golden) if golden is not None else None, run, graph)
        if not names:
            proposal.notes.append(msg("nothing diverges between the run and the golden: nothing to capture"))
    for name in ops:
        names += _resolve(run, name, proposal)
    for module in modules:
        names += _module(run, module, proposal)
    names = list(dict.fromkeys(names))
    extra, how = _upstream(run, names, around)
    if extra:
        proposal.notes.append(msg("{count} op(s) upstream within {levels} producer level(s), from the {how}: {names}",
                                  count=len(extra), levels=around, how=how, names=", ".join(extra)))
    names += extra
    proposal.ops = names
    proposal.steps = sorted(set(steps)) if steps else list(run.steps)
    proposal.ranks = sorted(set(ranks)) if ranks else list(run.ranks)
    if fw == "msprobe":
        known = list(dict.fromkeys(run.names + run.modules))
        for name in names:
            others = forms.substring_matches(name, known)
            if others:
                proposal.also_matches[name] = others
                exact = [name] if name in known else [k for k in others if k.startswith(name)][:2] or others[:1]
                proposal.notes.append(msg(
                    "warning: msprobe matches list entries by substring: {name} also captures {others}; to capture "
                    "only what you mean, list the full names instead, e.g. {exact}", name=name,
                    others=", ".join(others), exact=", ".join(exact)))
    if fw == "torchair":
        proposal.refused += [{"name": n, "why": msg("torchair's dump_layer accepts only letters, digits, _, space, "
                                                    "/, \\ and . in a name: {name} is refused", name=n)}
                             for n in forms.torchair_refused(names)]
    if len(forms.step_text(proposal.steps).split("|")) > forms.MAX_STEP_GROUPS:
        proposal.refused.append({"name": "dump_step", "why": msg(
            "the steps make {groups} groups; dump_step holds at most 100 (the runtime refuses more): capture fewer "
            "steps or consecutive ones", groups=len(forms.step_text(proposal.steps).split("|")))})
    if fw not in ("msprobe",) and proposal.ranks and run.format == "ge":
        proposal.notes.append(msg("{framework} has no rank selection: run the job with this config on rank(s) "
                                  "{ranks}", framework=fw, ranks=", ".join(map(str, proposal.ranks))))
    if not names or proposal.unknown:
        return proposal
    level = "L0" if modules and not ops and not first_divergence else "mix" if modules else "L1"
    model_name = run.model_name
    if fw == "acl" and model_name and _SESSION_MODEL.fullmatch(model_name):
        proposal.notes.append(msg("{model} is the name a TF session gives its graph at each run (build time): the "
                                  "dump_list item names no model_name, so its layers apply to the model that runs",
                                  model=model_name))
        model_name = None
    dump_path = _dump_path(before, fw)
    values = forms.values_for(fw, names, steps=proposal.steps, ranks=proposal.ranks, data=data,
                              dump_path=dump_path, model_name=model_name, level=level)
    if fw == "msprobe" and is_script(before):
        assert before is not None
        proposal.doc, proposal.text = changed_config(before, values)
        proposal.notes.append(msg("{script}'s PrecisionDebugger reads {config}: the capture config is a new file; "
                                  "pass it as config_path or put it in that file's place", script=before.origin.name,
                                  config=before.facts.get("config_path") or "msprobe's default config"))
        proposal.notes += override_notes(before, proposal.doc)
        patch = script_change(before, proposal.doc)
        if patch is not None:
            proposal.notes += [why for _key, why in (*patch.skipped, *patch.notes)]
        return proposal
    if before is not None:
        merged = {**before.values, **values}
        if fw == "acl":
            for key in ("dump_op_switch", "dump_debug", "dump_scene", "dump_level", "dump_stats"):
                merged.pop(key, None)       # a model dump of these layers: no single-op, overflow or exception scene
        elif fw != "msprobe":
            merged.pop("enable_dump_debug", None)
        values = merged
    proposal.doc = before.with_values(values) if before is not None else ConfigDoc(forms.SCENARIO[fw], values)
    return proposal


def _dump_path(before: ConfigDoc | None, fw: str) -> str:
    path = before.values.get("dump_path") if before is not None else None
    return path if isinstance(path, str) and path else "./dump"


def _resolve(run: RunOps, name: str, proposal: CaptureProposal) -> list[str]:
    """``name`` as the run names it; unknown ones (and fused originals, with the op to name) are listed."""
    if run.format == "msprobe":
        if name in run.types or any(name in k for k in run.names + run.modules):
            return [name]
        proposal.unknown.append(name)
        return []
    found = run.find(name)
    if found is not None:
        return [found]
    into = run.fused_into(name)
    if into is not None:
        proposal.notes.append(msg("{name} was fused into {op}: the runtime dumps it as {op}", name=name, op=into))
        return [into]
    proposal.unknown.append(name)
    return []


def _module(run: RunOps, module: str, proposal: CaptureProposal) -> list[str]:
    """An msprobe module by its construct.json name; for a GE run, the ops of that name scope."""
    if run.format == "msprobe":
        if module in run.modules:
            return [module]
        proposal.unknown.append(module)
        return []
    scope = module.rstrip("/") + "/"
    found = [n for n in run.names if n.startswith(scope)]
    if not found:
        proposal.unknown.append(module)
    return found


def config_text(proposal: CaptureProposal) -> str:
    """The capture config's text in the form of ``--config`` (acl.json, a training script or msprobe config.json
    keep what this does not change), else the framework's usual form."""
    from ascend_dump_gui.core.config import jsontext
    from ascend_dump_gui.core.config.formats.keep import patch_json_section
    from ascend_dump_gui.core.config.script.patch import inactive_lines, patch_script

    doc, before = proposal.doc, proposal.before
    assert doc is not None
    if proposal.text is not None:
        return proposal.text
    if before is not None and before.origin is not None:
        text = jsontext.read_text(before.origin)
        if before.origin.suffix.lower() in (".py", ".pyw"):
            try:
                return patch_script(text, before.scenario, before.values, doc.values, inactive_lines(before)).text
            except (SyntaxError, ValueError) as exc:
                raise InputError(before.origin, msg("cannot be changed safely: {problem}", problem=exc)) from None
        if before.scenario == "acl_json":
            patched = patch_json_section(text, "dump", {k: v for k, v in doc.values.items()
                                                        if before.values.get(k) != v} | _removed(before, doc))
            if patched is not None:
                return patched
    return export(doc, forms.EXPORT_TO[proposal.framework])


def capture_files(proposal: CaptureProposal, out: Path | None) -> list[tuple[Path, str]]:
    """The files a capture writes: the config at ``out`` and, for a script whose PrecisionDebugger arguments
    override it, the changed script beside it (``{out stem}.{script name}``, naming ``out`` as its config_path);
    without ``out``, what they would be (``capture`` and the script's name)."""
    before = proposal.before
    files = [(out if out is not None else Path(f"capture{forms.SUFFIX[proposal.framework]}"), config_text(proposal))]
    if proposal.framework == "msprobe" and is_script(before) and proposal.doc is not None:
        assert before is not None and before.origin is not None
        patch = script_change(before, proposal.doc, out)
        if patch is not None:
            name = before.origin.name if out is None else f"{out.stem}.{before.origin.name}"
            files.append(((out.parent if out is not None else Path()) / name, patch.text))
    return files


def _removed(before: ConfigDoc, doc: ConfigDoc) -> dict[str, Any]:
    from ascend_dump_gui.core.config.formats.keep import DELETE

    return {k: DELETE for k in before.values if k not in doc.values}


def to_json(proposal: CaptureProposal, files: list[tuple[Path, str]], findings: list[Any]) -> dict[str, Any]:
    """``capture --json`` (cli.md), plus ``refused`` (names or steps the runtime refuses) and ``notes``."""
    return {"framework": proposal.framework, "ops": proposal.ops, "steps": proposal.steps, "ranks": proposal.ranks,
            "config": dict(proposal.doc.values) if proposal.doc is not None else {},
            "files": [{"path": str(p), "content": t} for p, t in files], "unknown": proposal.unknown,
            "also_matches": proposal.also_matches, "findings": [f.to_json() for f in findings],
            "refused": proposal.refused, "notes": [str(n) for n in proposal.notes]}
