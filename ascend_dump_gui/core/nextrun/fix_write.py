"""The changed config of a fix in the form of ``--config`` (a training script keeps every line it does not change;
a project file every key), or the framework's usual form; its side files; the checker's findings on it."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.keep import patch_json_section
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.script.patch import ScriptPatch, inactive_lines, patch_script
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import Text, msg
from ascend_dump_gui.core.nextrun import fix_forms as forms
from ascend_dump_gui.core.nextrun.fix import CHECKED_AS, FixProposal
from ascend_dump_gui.core.nextrun.output import check_with_files, write_all

USUAL_SUFFIX = {"tf1": ".py", "tf2": ".py", "ge": ".py", "atc": ".sh", "torch_npu": ".py", "torchair": ".py"}


def changed_doc(proposal: FixProposal, values: dict[str, Any] | None = None) -> ConfigDoc | None:
    """The config after the fix (torch_npu: its settings; None for torchair, whose fix is code)."""
    before = proposal.before
    if proposal.framework == "torch_npu":
        base = before if before is not None else ConfigDoc("torch_npu", {})
        return base.with_values({**base.values, **(values or proposal.values)})
    if proposal.framework not in forms.GRAPH_FRAMEWORKS:
        return None
    scenario = before.scenario if before is not None else CHECKED_AS[proposal.framework]
    merged = {**(before.values if before is not None else {}), **(values or proposal.values)}
    return before.with_values(merged) if before is not None else ConfigDoc(scenario, merged)


def findings(proposal: FixProposal, *, product: str | None, dump_ops: dict[str, str] | None,
             folder: Path | None = None, values: dict[str, Any] | None = None) -> list[Finding]:
    """The config checker's findings on the changed config (side files in place; torch_npu: its settings; none for
    torchair, whose fix is code)."""
    doc = changed_doc(proposal, values)
    if doc is None:
        return []
    side = {f.option: (f.name, f.content) for f in proposal.side_files}
    return check_with_files(doc, side, product=product, dump_ops=dump_ops, folder=folder)


def _is_script(doc: ConfigDoc | None) -> bool:
    return doc is not None and doc.origin is not None and doc.origin.suffix.lower() in (".py", ".pyw")


def script_fix(proposal: FixProposal, values: dict[str, Any] | None = None) -> ScriptPatch | None:
    """torch_npu with a script as ``--config``: the script with the fix's settings written where it sets options
    (its other bytes as they are); None without such a script or when no setting could be written there."""
    before, settings = proposal.before, dict(values if values is not None else proposal.values)
    if proposal.framework != "torch_npu" or not _is_script(before) or not settings:
        return None
    assert before is not None and before.origin is not None
    text = jsontext.read_text(before.origin)
    try:
        patch = patch_script(text, "torch_npu", before.values, {**before.values, **settings}, inactive_lines(before))
    except (SyntaxError, ValueError) as exc:
        raise InputError(before.origin, msg("cannot be changed safely: {problem}", problem=exc)) from None
    return patch if patch.changed else None


def rest_snippet(proposal: FixProposal, patch: ScriptPatch | None) -> str | None:
    """The code a torch fix still needs besides what ``patch`` wrote into the script (settings it could not write,
    autocast off); the whole snippet without a patch."""
    if patch is None:
        return proposal.snippet
    rest = {k: v for k, v in proposal.values.items() if k not in patch.changed}
    if not rest and proposal.code is None:
        return None
    ops, precision = proposal.code if proposal.code is not None else ([], "")
    return forms.torch_snippet(proposal.framework, rest, ops, precision)


def script_notes(patch: ScriptPatch | None) -> list[Text]:
    """What the script patch left to the snippet, and why."""
    if patch is None:
        return []
    return [msg("{key} is not written into the script ({why}); the snippet sets it", key=key, why=why)
            for key, why in patch.skipped] + [note for _key, note in patch.notes]


def writes_config(proposal: FixProposal) -> bool:
    """Whether the fix changes a config (a diff against ``--config`` shows it), not only code."""
    return proposal.framework in forms.GRAPH_FRAMEWORKS or script_fix(proposal) is not None


def config_text(proposal: FixProposal, values: dict[str, Any]) -> str:
    """The changed config's text, in the form of ``--config`` or else the framework's usual form (torch: the script
    with the settings written in, else the snippet)."""
    fw, before = proposal.framework, proposal.before
    if fw not in forms.GRAPH_FRAMEWORKS:
        patch = script_fix(proposal, values)
        return patch.text if patch is not None else proposal.snippet or ""
    if before is not None and before.origin is not None:
        text = jsontext.read_text(before.origin)
        if before.origin.suffix.lower() in (".py", ".pyw"):
            after = {**before.values, **values}
            try:
                return patch_script(text, before.scenario, before.values, after, inactive_lines(before)).text
            except (SyntaxError, ValueError) as exc:
                raise InputError(before.origin, msg("cannot be changed safely: {problem}", problem=exc)) from None
        patched = patch_json_section(text, "values", values)
        if patched is not None:
            return patched
    doc = changed_doc(proposal, values)
    assert doc is not None
    if fw == "tf1":
        return export(ConfigDoc("tf1_session", values), "tf1_python")
    if fw == "tf2":
        return export(ConfigDoc("tf2_npu_device", values), "tf2_python")
    named = {forms.option_name(fw, k): v for k, v in values.items()}
    if fw == "ge":
        return ("# GE session / ge.initialize options of the fix\noptions = "
                + json.dumps({k: str(v) for k, v in named.items()}, indent=4) + "\n")
    return "# ATC arguments of the fix\natc " + " ".join(f"{k}={shlex.quote(str(v))}" for k, v in named.items()) \
        + " ...\n"


def write_fix(proposal: FixProposal, out: Path) -> list[tuple[Path, str]]:
    """Write the changed config to ``out`` and its side files beside it (``{out stem}.{file}``), none replacing
    a file; the options name the side files by their absolute paths. Returns (path, text) of every file."""
    out = Path(out).absolute()
    side = {out.parent / f"{out.stem}.{f.name}": f for f in proposal.side_files}
    values = dict(proposal.values)
    for path, f in side.items():
        values[f.option] = str(path)
    files = {out: config_text(proposal, values), **{p: f.content for p, f in side.items()}}
    patch = script_fix(proposal, values)
    rest = rest_snippet(proposal, patch) if patch is not None else None
    if rest is not None:
        files[out.parent / f"{out.stem}.{_snippet_name(proposal)}"] = rest
    write_all(files)
    proposal.values = values
    for change in proposal.changes:
        key = next((k for k in forms.SIDE_NAMES if forms.option_name(proposal.framework, k) == change["option"]), None)
        if key is not None:
            change["value"] = values[key]
    return list(files.items())


def to_json(proposal: FixProposal, files: list[tuple[Path, str]], found: list[Finding]) -> dict[str, Any]:
    """``fix --json`` (cli.md), plus the run's ``precision_mode`` and ``proposed``."""
    return {"framework": proposal.framework, "ops": proposal.ops, "changes": proposal.changes,
            "files": [{"path": str(p), "content": t} for p, t in files], "findings": [f.to_json() for f in found],
            "verify": proposal.verify, "precision_mode": proposal.precision_mode, "proposed": proposal.proposed,
            "notes": script_notes(script_fix(proposal))}


def _snippet_name(proposal: FixProposal) -> str:
    return f"ascend_dump_fix_{proposal.framework}.py"


def preview_files(proposal: FixProposal) -> list[tuple[Path, str]]:
    """The files a fix would write without ``--out``: side files by their names, and the code snippet."""
    files = [(Path(f.name), f.content) for f in proposal.side_files]
    patch = script_fix(proposal)
    if patch is not None and proposal.before is not None and proposal.before.origin is not None:
        rest = rest_snippet(proposal, patch)
        if rest is not None:
            files.append((Path(_snippet_name(proposal)), rest))
        files.append((Path(f"{proposal.before.origin.stem}_fixed{proposal.before.origin.suffix}"), patch.text))
    elif proposal.snippet:
        files.append((Path(_snippet_name(proposal)), proposal.snippet))
    elif proposal.changes:
        files.append((Path(f"fixed_config{USUAL_SUFFIX[proposal.framework]}"), config_text(proposal,
                                                                                      proposal.values)))
    return files
