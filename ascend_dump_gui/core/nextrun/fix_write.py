"""The changed config of a fix in the form of ``--config`` (a training script keeps every line it does not change;
a project file every key), or the framework's usual form; its side files; the checker's findings on it."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.formats.exporters import export
from ascend_dump_gui.core.config.formats.keep import patch_json_section
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.script.patch import inactive_lines, patch_script
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.nextrun import fix_forms as forms
from ascend_dump_gui.core.nextrun.fix import CHECKED_AS, FixProposal
from ascend_dump_gui.core.nextrun.output import check_with_files, write_all
from ascend_dump_gui.core.nextrun.precision import TORCH_NPU_MODES

USUAL_SUFFIX = {"tf1": ".py", "tf2": ".py", "ge": ".py", "atc": ".sh", "torch_npu": ".py", "torchair": ".py"}


def changed_doc(proposal: FixProposal, values: dict[str, Any] | None = None) -> ConfigDoc | None:
    """The config after the fix (None for torch_npu / torchair, whose fix is code)."""
    if proposal.framework not in forms.GRAPH_FRAMEWORKS:
        return None
    before = proposal.before
    scenario = before.scenario if before is not None else CHECKED_AS[proposal.framework]
    merged = {**(before.values if before is not None else {}), **(values or proposal.values)}
    return before.with_values(merged) if before is not None else ConfigDoc(scenario, merged)


def findings(proposal: FixProposal, *, product: str | None, dump_ops: dict[str, str] | None,
             folder: Path | None = None, values: dict[str, Any] | None = None) -> list[Finding]:
    """The config checker's findings on the changed config (side files in place), or on the torch_npu settings."""
    doc = changed_doc(proposal, values)
    if doc is None:
        mode = proposal.values.get("ACL_PRECISION_MODE")
        if mode is not None and mode not in TORCH_NPU_MODES:
            return [Finding("torch_npu.precision_mode", Severity.ERROR, ("ACL_PRECISION_MODE",),
                            msg("ACL_PRECISION_MODE {mode!r} is not accepted by torch_npu's set_option (only {modes})",
                                mode=mode, modes=", ".join(TORCH_NPU_MODES)), "torch_npu set_option")]
        return []
    side = {f.option: (f.name, f.content) for f in proposal.side_files}
    return check_with_files(doc, side, product=product, dump_ops=dump_ops, folder=folder)


def config_text(proposal: FixProposal, values: dict[str, Any]) -> str:
    """The changed config's text, in the form of ``--config`` or else the framework's usual form."""
    fw, before = proposal.framework, proposal.before
    if fw not in forms.GRAPH_FRAMEWORKS:
        return proposal.snippet or ""
    if before is not None and before.origin is not None:
        text = jsontext.read_text(before.origin)
        if before.origin.suffix.lower() in (".py", ".pyw"):
            after = {**before.values, **values}
            try:
                return patch_script(text, before.scenario, before.values, after, inactive_lines(before)).text
            except (SyntaxError, ValueError) as exc:
                raise InputError(before.origin, f"cannot be changed safely: {exc}") from None
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
            "verify": proposal.verify, "precision_mode": proposal.precision_mode, "proposed": proposal.proposed}


def preview_files(proposal: FixProposal) -> list[tuple[Path, str]]:
    """The files a fix would write without ``--out``: side files by their names, and the code snippet."""
    files = [(Path(f.name), f.content) for f in proposal.side_files]
    if proposal.snippet:
        files.append((Path(f"ascend_dump_fix_{proposal.framework}.py"), proposal.snippet))
    elif proposal.changes:
        files.append((Path(f"fixed_config{USUAL_SUFFIX[proposal.framework]}"), config_text(proposal,
                                                                                      proposal.values)))
    return files
