"""Reading, saving and exporting configs through the core (atomic writes), and the file dialogs for them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.config.formats.export_plan import ExportPlan
from ascend_dump_gui.core.config.formats.exporters import EXPORT_TARGETS, export
from ascend_dump_gui.core.config.formats.importers import detect_kind, load_config
from ascend_dump_gui.core.config.jsontext import read_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.names import format_name
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.i18n import schema_text, tr

ENV_TARGET = "env_shell"  # preview only: the Environment tab as shell exports
NATIVE = {"acl_json": "acl_json", "tf1_session": "tf1_python", "tf2_npu_device": "tf2_python",
          "torchair": "torchair_python", "env": "shell", "torch_npu": "torch_npu_python"}
SUFFIX = {"acl_json": ".json", "tf1_python": ".py", "tf2_python": ".py", "torchair_python": ".py",
          "torch_npu_python": ".py",
          "shell": ".sh", "project": ".adg.json"}
KEPT_SUFFIXES = {"shell": (".sh", ".bash", ".env", ""), "acl_json": (".json",),
                 "tf1_python": (".py",), "tf2_python": (".py",), "torchair_python": (".py",),
                 "torch_npu_python": (".py",)}
"""Suffixes of an opened file that Save As proposes again for a target (an opened run.env stays run.env)."""


def is_script(path: Path | None) -> bool:
    """A training script (read with ``ast``): Save never writes it; "Apply to script" patches its lines."""
    if path is None or is_project(path) or path.suffix.lower() in (".json", ".sh", ".bash", ".env"):
        return False
    if path.suffix.lower() in (".py", ".pyw"):
        return True
    try:
        return detect_kind(read_text(path), path) == "python"
    except DumpError:
        return False


def companion_path(script: Path) -> Path:
    """Where Save proposes to keep a script's config: a project file beside it (never the script itself)."""
    return script.with_name(f"{script.stem}.dump{SUFFIX['project']}")


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (also through links); False when either does not exist."""
    try:
        return a.resolve() == b.resolve() or a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def label(target: str) -> str:
    """How an export target is named in menus and the preview picker (the target itself when unknown)."""
    return schema_text(format_name(target))


def _filter(suffix: str) -> str:
    filters = {".json": "JSON (*.json)", ".py": "Python (*.py)", ".sh": "Shell (*.sh *.env)",
               ".adg.json": tr("Project (*.adg.json)")}
    return filters.get(suffix, tr("Text (*.txt)"))


def load(path: str | Path) -> ConfigDoc:
    """The document in ``path`` (scenario detected by the core); raises ``DumpError`` when unreadable."""
    return load_config(Path(path))


def export_targets() -> list[tuple[str, str]]:
    """(target, label) for every export the core offers."""
    return [(t, label(t)) for t in EXPORT_TARGETS]


def native_target(scenario: str) -> str:
    """The format a scenario is saved in by Save."""
    return NATIVE.get(scenario, "project")


def is_project(path: Path) -> bool:
    return path.name.endswith(SUFFIX["project"])


def target_for(path: Path, scenario: str) -> str:
    """What Save writes into ``path``: the project format for ``*.adg.json``, else the scenario's own form."""
    return "project" if is_project(path) else native_target(scenario)


def preview_targets(scenario: str) -> list[tuple[str, str]]:
    """Preview choices: the scenario's own form first, then the other exports, then the environment."""
    native = native_target(scenario)
    others = [(t, name) for t, name in export_targets() if t not in (native, "project")]
    targets = [(native, label(native)), *others]
    if scenario != "env":
        targets.append((ENV_TARGET, label(ENV_TARGET)))
    return targets


def export_text(doc: ConfigDoc, target: str) -> str:
    return export(doc, target)


def write(path: Path, doc: ConfigDoc, target: str) -> None:
    """Write ``doc`` exported as ``target`` to ``path`` atomically."""
    write_text_atomic(path, export(doc, target))


def ask_save_path(parent: QWidget, scenario: str, current: Path | None, script: Path | None = None) -> str:
    """The Save As dialog, proposing the opened file's name and format; for a config read from a script it
    proposes the companion project file."""
    if script is not None and (current is None or current == script):
        return _ask(parent, tr("Save config as"), "project", companion_path(script))
    target = target_for(current, scenario) if current is not None else native_target(scenario)
    return _ask(parent, tr("Save config as"), target, current, keep_name=True)


def _keeps_name(current: Path | None, target: str) -> bool:
    """Whether the opened file ``current`` already has a name of ``target``'s format."""
    if current is None:
        return False
    if target == "project":
        return is_project(current)
    return not is_project(current) and current.suffix.lower() in KEPT_SUFFIXES.get(target, ())


def ask_export_path(parent: QWidget, target: str, current: Path | None, script: Path | None = None) -> str:
    return _ask(parent, tr("Export as {format}").format(format=label(target)), target, current, script)


def _ask(parent: QWidget, title: str, target: str, current: Path | None, script: Path | None = None, *,
         keep_name: bool = False) -> str:
    """The save dialog for ``target``: the opened file's name when Save As keeps its format (``keep_name``; an
    export keeps only a project file's name), else its stem with ``target``'s suffix."""
    suffix = SUFFIX.get(target, ".txt")
    folder = current.parent if current else Path.cwd()
    kept = _keeps_name(current, target) if keep_name else target == "project" and _keeps_name(current, target)
    if current is not None and kept:
        name = current.name
    else:
        name = (current.name.split(".")[0] if current else ("acl" if target == "acl_json" else "dump_config")) + suffix
    if script is not None and folder / name == script:
        name = f"{script.stem}_dump{suffix}"
    path, _ = QFileDialog.getSaveFileName(parent, title, str(folder / name),
                                          f"{_filter(suffix)};;{tr('All files (*)')}")
    return path


def refusal_text(plan: ExportPlan) -> str:
    """Why an export target cannot carry a config, translated ("" when it can)."""
    if not plan.refused:
        return ""
    problems = "; ".join(schema_text(why) for _key, why in plan.refused)
    return tr("{problems}. Export it as {scenario} or as a project file instead.").format(
        problems=problems, scenario=label(plan.scenario))


def dropped_lines(plan: ExportPlan) -> list[str]:
    """What an export leaves out, one translated line each."""
    return [schema_text(why) for _key, why in plan.dropped]


def confirm_dropped(parent: QWidget, target: str, plan: ExportPlan) -> bool:
    """Ask before an export that leaves things out; True to go on."""
    box = QMessageBox(QMessageBox.Icon.Question, tr("Export as {format}").format(format=label(target)),
                      tr("{format} cannot carry everything in this config:").format(format=label(target)),
                      QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("export_dropped")
    box.setInformativeText("\n".join(f"• {line}" for line in dropped_lines(plan)))
    box.button(QMessageBox.StandardButton.Ok).setText(tr("Export without them"))
    return box.exec() == QMessageBox.StandardButton.Ok


def ask_unsaved(parent: QWidget, title: str) -> str:
    """'save', 'discard' or 'cancel' for a config with unsaved changes."""
    answer = QMessageBox.question(
        parent, tr("Unsaved changes"), tr("{title} has unsaved changes. Save them first?").format(title=title),
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save)
    return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")
