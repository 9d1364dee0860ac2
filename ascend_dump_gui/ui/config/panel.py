"""The Configure mode: scenario picker, generated form, live findings, preview, where files land, environment."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.fields import Kind
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.config.formats.export_plan import plan_export
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc, apply_fix
from ascend_dump_gui.core.config.paths import resolve_paths
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.versions import CANN_VERSIONS, FRAMEWORK_TITLES, FRAMEWORKS, LATEST
from ascend_dump_gui.core.config.script.patch import ScriptApply
from ascend_dump_gui.core.config.values import to_text
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.config import files
from ascend_dump_gui.ui.config.commands import State, StateCommand
from ascend_dump_gui.ui.config.editors import UNSET
from ascend_dump_gui.ui.config.findings_view import FindingsPanel
from ascend_dump_gui.ui.config.form import SchemaForm, locate, scenario_form
from ascend_dump_gui.ui.config.preview import PreviewPanel
from ascend_dump_gui.ui.config.script_apply import ScriptLink
from ascend_dump_gui.ui.config.script_args import ScriptArgsPanel, field_origins, script_run, undecided_keys
from ascend_dump_gui.ui.config.where import WherePanel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import fix_text, tr, tr_schema
from ascend_dump_gui.ui.start.panels import made_ahead
from ascend_dump_gui.ui.workers import Worker

ENV = "env"
PRODUCTS = ("atlas_a2", "atlas_a3", "atlas_training", "atlas_inference")
_TYPED = {Kind.STR, Kind.PATH, Kind.STEP, Kind.STR_LIST, Kind.MAPPING, Kind.INT, Kind.FLOAT}  # edits merge
DEMO_ACL_JSON = """{
  "dump": {
    "dump_path": "output",
    "dump_mode": "output",
    "dump_scene": "watcher",
    "dump_debug": "on",
    "dump_list": [{"layer": ["dense_1/Relu"], "watcher_nodes": ["dense/Relu"]}]
  }
}
"""


@dataclass(frozen=True)
class RunInputs:
    """What 'Run in emulator' needs from the editor."""

    doc: ConfigDoc
    env: dict[str, str]
    cwd: Path
    findings: list[Finding]


@dataclass(frozen=True)
class Snapshot:
    """What outlives rebuilding the panel (a language switch): the edit, its file, unsaved-ness, view choices."""

    state: State
    path: Path | None
    written: Path | None
    dirty: bool
    cwd: str
    product: str | None
    side_tab: int
    search: str
    only_changed: bool
    script: Path | None = None
    script_values: dict[str, Any] | None = None
    cann_version: str | None = None
    framework: str | None = None


class ConfigPanel(QWidget):
    """Edits one config (and the environment it runs under); every change goes through the undo stack."""

    stateChanged = Signal()       # the config, its file or its saved-ness changed
    fileOpened = Signal(object)   # Path of a config that was opened or saved (for recent files)
    findingsChanged = Signal(list)

    def __init__(self, runner=None, status=None, parent: QWidget | None = None, *,
                 undo_stack: QUndoStack | None = None, scenario: str | None = "acl_json") -> None:
        """``undo_stack``: the stack edits go through (the window's, whose Edit menu shows it); else its own.
        ``scenario``: that of the empty config it starts with (None: none yet, :meth:`new_config` or
        :meth:`load_doc` comes before any other use; see :func:`config_panel`)."""
        super().__init__(parent)
        self.runner, self.status = runner, status
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.stateChanged)
        self.path: Path | None = None
        self._written: Path | None = None  # the file Save may overwrite
        self.script_link = ScriptLink(self, self.undo_stack, self.stateChanged.emit, status)
        self.findings: list[Finding] = []
        self.last_check_ms = 0.0
        self._previewed = ""
        self._state = State(ConfigDoc("acl_json", {}), ConfigDoc(ENV, {}))
        self._forms: dict[str, SchemaForm] = {}
        self._script_generation = 0
        self._build()
        if scenario is not None:
            self.new_config(scenario)

    # layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.scenario_box = QComboBox(objectName="scenario")
        for name, scenario in SCENARIOS.items():
            self.scenario_box.addItem(tr_schema(scenario.title), name)
            self.scenario_box.setItemData(self.scenario_box.count() - 1, tr_schema(scenario.summary),
                                          Qt.ItemDataRole.ToolTipRole)
        self.scenario_box.activated.connect(self._on_scenario_picked)
        self.summary = QLabel(objectName="scenario_summary", wordWrap=True)
        self.product_box = QComboBox(objectName="product")
        self.product_box.addItem(tr("any product"), None)
        for product in PRODUCTS:
            self.product_box.addItem(product, product)
        self.product_box.setToolTip(tr("Product-restricted options are checked against this product."))
        self.product_box.currentIndexChanged.connect(lambda *_: self._refresh())
        self.cann_box = QComboBox(objectName="cann_version")
        self.cann_box.addItem(tr("CANN {version} (latest)").format(version=LATEST), None)
        for version in reversed(CANN_VERSIONS[:-1]):
            self.cann_box.addItem(tr("CANN {version}").format(version=version), version)
        self.cann_box.setToolTip(tr("Where the runtime's acceptance changed between releases (jit_compile's type, "
                                    "options added or removed), findings are judged for this CANN release."))
        self.cann_box.currentIndexChanged.connect(lambda *_: self._refresh())
        self.framework_box = QComboBox(objectName="framework")
        self.framework_box.addItem(tr("framework: as the config shows"), None)
        for framework in FRAMEWORKS:
            self.framework_box.addItem(FRAMEWORK_TITLES[framework], framework)
        self.framework_box.setToolTip(tr("The framework an msprobe config runs under: some tasks exist for one "
                                         "framework only."))
        self.framework_box.currentIndexChanged.connect(lambda *_: self._refresh())
        self.search = QLineEdit(objectName="search", clearButtonEnabled=True)
        self.search.setPlaceholderText(tr("Search options (name, label or help)…"))
        self.search.textChanged.connect(lambda *_: self._apply_filter())
        self.only_changed = QCheckBox(tr("Only options I set"), objectName="only_changed")
        self.only_changed.toggled.connect(lambda *_: self._apply_filter())
        self.filter_note = QLabel(objectName="filter_note")
        self.apply_script_button = QPushButton(tr("Apply to script…"), objectName="apply_to_script")
        self.apply_script_button.setToolTip(tr("Rewrite only the lines of the training script that set the options "
                                               "you changed, after showing the difference"))
        self.apply_script_button.clicked.connect(lambda *_: self._apply_clicked())
        self.apply_script_button.hide()

        self.forms = QStackedWidget(objectName="forms")
        self.env_form = made_ahead(scenario_form, ENV)
        self.env_form.setObjectName("env_form")
        self.env_form.edited.connect(lambda key, value: self._edit("env", key, value))
        self.findings_panel = FindingsPanel()
        self.findings_panel.focusRequested.connect(self.focus_option)
        self.findings_panel.fixRequested.connect(self.apply_finding_fix)
        self.preview = PreviewPanel()
        self.where = WherePanel(Path.cwd())
        self.where.cwdChanged.connect(lambda *_: self._refresh())
        self.side_tabs = QTabWidget(objectName="side_tabs")
        self.side_tabs.addTab(self.preview, tr("Preview"))
        self.side_tabs.addTab(self.where, tr("Where files land"))
        self.side_tabs.addTab(self.env_form, tr("Environment"))

        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Scenario")))
        top.addWidget(self.scenario_box)
        top.addWidget(self.summary, 1)
        top.addWidget(QLabel(tr("Product")))
        top.addWidget(self.product_box)
        top.addWidget(self.cann_box)
        top.addWidget(self.framework_box)
        top.addWidget(self.apply_script_button)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.only_changed)
        filters.addWidget(self.filter_note)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.forms, 1)
        self.right_split = QSplitter(Qt.Orientation.Vertical, objectName="right_split")
        self.right_split.addWidget(self.findings_panel)
        self.script_panel = ScriptArgsPanel()
        self.script_panel.argsChanged.connect(self.evaluate_script)
        self.script_panel.envChanged.connect(self.evaluate_script_env)
        self.findings_panel.focusRequested.connect(self.script_panel.show_option)
        self.right_split.addWidget(self.script_panel)
        self.right_split.addWidget(self.side_tabs)
        self.right_split.setStretchFactor(1, 3)
        self.right_split.setStretchFactor(2, 2)
        self.right_split.setSizes([300, 260, 500])
        self.main_split = QSplitter(Qt.Orientation.Horizontal, objectName="main_split")
        self.main_split.addWidget(left)
        self.main_split.addWidget(self.right_split)
        self.main_split.setStretchFactor(0, 3)
        self.main_split.setStretchFactor(1, 2)
        self.main_split.setSizes([640, 560])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.main_split, 1)

    def form_for(self, scenario: str) -> SchemaForm:
        """The main-area form of ``scenario`` (built on first use; the Environment tab has its own)."""
        if scenario not in self._forms:
            form = made_ahead(scenario_form, scenario)
            form.edited.connect(lambda key, value: self._edit("doc", key, value))
            self._forms[scenario] = form
            self.forms.addWidget(form)
        return self._forms[scenario]

    @property
    def form(self) -> SchemaForm:
        return self.form_for(self.scenario)

    # state ----------------------------------------------------------------------------------
    @property
    def doc(self) -> ConfigDoc:
        return self._state.doc

    @property
    def env_doc(self) -> ConfigDoc:
        return self._state.doc if self.scenario == ENV else self._state.env

    @property
    def scenario(self) -> str:
        return self._state.doc.scenario

    @property
    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def env_values(self) -> dict[str, str]:
        """The environment the config runs under, as strings."""
        doc = self.env_doc
        scenario = SCENARIOS[ENV]
        return {k: to_text(scenario.field(k) if scenario.has(k) else None, v) for k, v in doc.values.items()}

    def title(self) -> str:
        name = self.path.name if self.path else tr("untitled")
        return f"{name} ({tr_schema(SCENARIOS[self.scenario].title)})"

    def new_config(self, scenario: str, values: dict[str, Any] | None = None) -> None:
        """Start an empty (or given) config of ``scenario``; the environment is kept."""
        self.load_doc(ConfigDoc(scenario, dict(values or {})), None)

    def load_demo(self) -> None:
        """A watcher acl.json with a deliberate conflict: what the app is for, on first start."""
        self.load_doc(parse_text(DEMO_ACL_JSON, kind="acl_json"), None)

    def open_config(self, path: str | Path) -> None:
        """Read a config, training script or env file through the core (raises DumpError when unreadable)."""
        doc = files.load(path)
        self.load_doc(doc, Path(path))
        self.fileOpened.emit(Path(path))

    def load_doc(self, doc: ConfigDoc, path: Path | None) -> None:
        self.path = path
        self._written = path if path is not None and files.is_project(path) else None
        self.script_link.attach(path if files.is_script(path) else None, doc)
        self.apply_script_button.setVisible(self.script is not None)
        if path is not None:
            self.where.set_cwd(path.parent)
        self.undo_stack.clear()
        self._apply_state(State(doc, self._state.env))
        self.undo_stack.setClean()
        self.stateChanged.emit()

    def _apply_state(self, state: State) -> None:
        self._state = state
        form = self.form
        self.forms.setCurrentWidget(form)
        self.side_tabs.setTabVisible(self.side_tabs.indexOf(self.env_form), self.scenario != ENV)
        self.scenario_box.setCurrentIndex(self.scenario_box.findData(self.scenario))
        self.summary.setText(tr_schema(SCENARIOS[self.scenario].summary))
        form.show_values(state.doc.values)
        self.script_panel.set_doc(state.doc)
        form.set_origins(field_origins(state.doc), undecided_keys(state.doc))
        shown = script_run(state.doc) is not None
        if shown and self.script_panel.isHidden():   # share the column with findings and the side tabs
            height = max(self.right_split.height(), 600)
            self.right_split.setSizes([height // 4, height * 2 // 5, height * 7 // 20])
        self.script_panel.setVisible(shown)
        if self.scenario != ENV:
            self.env_form.show_values(state.env.values)
        self._refresh()
        self._apply_filter()
        self.stateChanged.emit()

    # editing --------------------------------------------------------------------------------
    def _edit(self, target: str, key: str, value: Any) -> None:
        doc = self._state.env if target == "env" else self._state.doc
        values = dict(doc.values)
        if value is UNSET:
            values.pop(key, None)
        else:
            values[key] = value
        if values == doc.values:
            return
        new = doc.with_values(values)
        after = State(new, self._state.env) if doc is self._state.doc else State(self._state.doc, new)
        spec = SCENARIOS[doc.scenario].field(key)
        merge = f"{target}:{key}" if spec.kind in _TYPED and value is not UNSET else ""
        text = (tr("Clear {option}") if value is UNSET else tr("Set {option}")).format(option=key)
        self.undo_stack.push(StateCommand(self._apply_state, self._state, after, text, merge))

    def evaluate_script_env(self, script_env: str) -> None:
        """Evaluate the imported script again with the environment variables ``script_env`` decided."""
        run = script_run(self.doc)
        if run is not None:
            self.evaluate_script(run.script_args, script_env)

    def evaluate_script(self, script_args: str, script_env: str | None = None) -> None:
        """Evaluate the imported script again with ``script_args`` (and ``script_env``; default: the current run's)
        off the GUI thread when a runner is given; the new run replaces the config as one undoable step. A stale
        result is dropped."""
        run = script_run(self.doc)
        if run is None:
            return
        env = run.script_env if script_env is None else script_env
        self._script_generation += 1
        generation, origin, scenario = self._script_generation, self.doc.origin, self.scenario

        def done(doc: ConfigDoc) -> None:
            if generation != self._script_generation or script_run(self.doc) is not run:
                return
            text = tr("Script arguments: {args}").format(args=script_args or tr("defaults"))
            if env != run.script_env:
                text = tr("Script environment: {env}").format(env=env or tr("undecided"))
            self.undo_stack.push(StateCommand(self._apply_state, self._state, State(doc, self._state.env), text))

        def failed(exc: BaseException) -> None:
            if generation == self._script_generation:
                self.script_panel.note.setText(str(exc))

        if self.runner is None:
            try:
                done(run.evaluate(origin, script_args, scenario, env))
            except DumpError as exc:
                failed(exc)
            return
        worker = Worker(lambda progress, cancel: run.evaluate(origin, script_args, scenario, env))
        worker.signals.finished.connect(done)
        worker.signals.failed.connect(failed)
        self.runner.start(worker)

    def apply_finding_fix(self, finding: Finding) -> None:
        """Apply the rule's fix as one undoable step (to the environment when it only touches env vars)."""
        if finding.fix is None:
            return
        keys = [key for key, _ in finding.fix.changes]
        env_only = self.scenario != ENV and all(SCENARIOS[ENV].has(k) and not SCENARIOS[self.scenario].has(k)
                                                for k in keys)
        if env_only:
            after = State(self._state.doc, apply_fix(self._state.env, finding.fix))
        else:
            after = State(apply_fix(self._state.doc, finding.fix), self._state.env)
        text = tr("Fix: {description}").format(description=fix_text(finding.fix))
        self.undo_stack.push(StateCommand(self._apply_state, self._state, after, text))

    def focus_option(self, option: str) -> bool:
        """Show and focus the field a finding names (clearing filters that hide it)."""
        form = self.form
        if locate(form.scenario, option) is None and self.scenario != ENV and locate(self.env_form.scenario, option):
            self.side_tabs.setCurrentWidget(self.env_form)
            form = self.env_form
        where = locate(form.scenario, option)
        if where is None:
            return False
        if not form.is_visible_field(where[0]):
            self.search.clear()
            self.only_changed.setChecked(False)
        return form.focus_field(option)

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    # live results ---------------------------------------------------------------------------
    def _refresh(self) -> None:
        doc, env = self._state.doc, self.env_values()
        started = time.perf_counter()
        self.framework_box.setVisible(doc.scenario == "msprobe_config")
        found = check(doc, env=env, product=self.product_box.currentData(), base_dir=self._base_dir(),
                      cann_version=self.cann_box.currentData(), framework=self.framework_box.currentData())
        self.last_check_ms = (time.perf_counter() - started) * 1000
        self.findings = list(found)
        self.findings_panel.set_findings(self.findings)
        self.findings_panel.summary.setToolTip(tr("Checked in {ms} ms").format(ms=f"{self.last_check_ms:.1f}"))
        self.form.set_findings(self.findings)
        if self.scenario != ENV:
            self.env_form.set_findings(self.findings)
        same = self._previewed == self.scenario
        self._previewed = self.scenario
        self.preview.set_targets(files.preview_targets(self.scenario), self._render, keep=same,
                                 notes=self._preview_note)
        note = tr("Variables in the Environment tab (ASCEND_WORK_PATH, NPU_COLLECT_PATH …) move these folders.")
        self.where.note.setText(note if self.scenario != ENV else "")
        self.where.set_artifacts(resolve_paths(doc, env=env, cwd=Path(self.where.cwd)))
        self.findingsChanged.emit(self.findings)

    def _render(self, target: str) -> str:
        if target == files.ENV_TARGET:
            return files.export_text(self.env_doc, "shell")
        return files.export_text(self._for_release(self._state.doc), target)

    def _for_release(self, doc: ConfigDoc) -> ConfigDoc:
        """``doc`` with the CANN release and framework picked above as facts: previews and exports write what
        that release reads (TF1's jit_compile is a bool in 6.3.RC2)."""
        chosen = {k: v for k, v in (("cann_version", self.cann_box.currentData()),
                                    ("framework", self.framework_box.currentData())) if v}
        return replace(doc, facts={**doc.facts, **chosen}) if chosen else doc

    def _preview_note(self, target: str) -> str:
        if target == files.ENV_TARGET:
            return ""
        lines = files.dropped_lines(plan_export(self._state.doc, target))
        return tr("Left out of this form: {items}").format(items="; ".join(lines)) if lines else ""

    def _base_dir(self) -> Path | None:
        return self.path.parent if self.path else Path(self.where.cwd)

    def _apply_filter(self) -> None:
        only = set(self._state.doc.values) if self.only_changed.isChecked() else None
        shown = self.form.set_filter(self.search.text(), only)
        total = len(self.form.scenario.fields)
        self.filter_note.setText("" if shown == total else tr("{shown} of {total} shown").format(shown=shown, total=total))

    def _on_scenario_picked(self, index: int) -> None:
        name = self.scenario_box.itemData(index)
        if name == self.scenario:
            return
        if self.maybe_discard():
            self.new_config(name)
        else:
            self.scenario_box.setCurrentIndex(self.scenario_box.findData(self.scenario))

    # files ----------------------------------------------------------------------------------
    def export_targets(self) -> list[tuple[str, str]]:
        return files.export_targets()

    def save(self) -> bool:
        """Save to the file this panel last wrote; a file that was only read (a training script, an
        acl.json with other sections) is never overwritten without the Save As dialog."""
        if self.path is None or self.path != self._written:
            return self.save_as()
        files.write(self.path, self._state.doc, files.target_for(self.path, self.scenario))
        self.undo_stack.setClean()
        self.fileOpened.emit(self.path)
        return True

    def save_as(self, path: str | Path | None = None) -> bool:
        """Write the config to a file of its own (for a config read from a script, never the script)."""
        path = path or files.ask_save_path(self, self.scenario, self.path, self.script)
        if not path:
            return False
        self._refuse_script(Path(path))
        files.write(Path(path), self._state.doc, files.target_for(Path(path), self.scenario))
        self.path = self._written = Path(path)
        self._state = State(ConfigDoc(self.doc.scenario, dict(self.doc.values), self.path,
                                      list(self.doc.problems), dict(self.doc.facts)), self._state.env)
        self.undo_stack.setClean()
        self.fileOpened.emit(self.path)
        self.stateChanged.emit()
        return True

    def export_refusal(self, target: str) -> str:
        """Why ``target`` cannot carry this config, in the UI language ("" when it can)."""
        return files.refusal_text(plan_export(self._state.doc, target))

    def fill_export_menu(self, menu: QMenu, trigger: Callable[[str], None]) -> None:
        """One action per export target; targets that cannot carry the config are greyed out, the reason as tip."""
        menu.setToolTipsVisible(True)
        for target, label in self.export_targets():
            action = menu.addAction(label, lambda t=target: trigger(t))
            action.setObjectName(f"export_{target}")
            reason = self.export_refusal(target)
            action.setEnabled(not reason)
            action.setToolTip(reason or tr("Write the config as {format}").format(format=label))

    def export_dialog(self, target: str) -> bool:
        """Export after saying what the target leaves out (before a file is chosen); False when cancelled."""
        plan = plan_export(self._state.doc, target)
        if plan.refused:
            raise DumpError(files.refusal_text(plan))
        if plan.dropped and not files.confirm_dropped(self, target, plan):
            return False
        path = files.ask_export_path(self, target, self.path, self.script)
        if not path:
            return False
        self.export_to(target, path)
        return True

    def export_to(self, target: str, path: str | Path) -> None:
        self._refuse_script(Path(path))
        files.write(Path(path), self._for_release(self._state.doc), target)

    def _refuse_script(self, path: Path) -> None:
        if self.script is not None and files.same_file(path, self.script):
            raise DumpError(tr("{path} is the training script this config was read from; Save and Export write the "
                               "config to a file of its own. Use “Apply to script…” to change the script's lines.")
                            .format(path=path))

    @property
    def script(self) -> Path | None:
        """The training script this config was read from (never saved over), or None."""
        return self.script_link.path

    def script_change(self) -> ScriptApply:
        """What "Apply to script" would write (raises DumpError when the script cannot be read)."""
        return self.script_link.change(self._state.doc)

    def apply_to_script(self, change: ScriptApply | None = None) -> bool:
        """Preview the script change in a dialog; on Apply write it as one undoable step."""
        change = change or self.script_change()
        accepted = self.script_link.ask(change)
        if accepted:
            self.write_script_change(change)
        return accepted

    def _apply_clicked(self) -> None:
        try:
            self.apply_to_script()
        except DumpError as exc:   # the script is gone, no longer Python, or the edits cannot be combined
            show_error(self, exc, tr("Applying to script"))

    def write_script_change(self, change: ScriptApply) -> None:
        self.script_link.write(change)
        if self.path == change.path and not change.patch.skipped:
            self.undo_stack.setClean()   # the script now says what the editor shows

    def maybe_discard(self) -> bool:
        """True when there are no unsaved changes or the user saved or discarded them."""
        if not self.is_dirty:
            return True
        answer = files.ask_unsaved(self, self.title())
        if answer == "save":
            return self.save()
        return answer == "discard"

    def snapshot(self) -> Snapshot:
        """The state a rebuilt panel needs to look the same (undo history is not carried)."""
        return Snapshot(self._state, self.path, self._written, self.is_dirty, self.where.cwd,
                        self.product_box.currentData(), self.side_tabs.currentIndex(), self.search.text(),
                        self.only_changed.isChecked(), self.script, dict(self.script_link.values),
                        self.cann_box.currentData(), self.framework_box.currentData())

    def restore(self, snap: Snapshot) -> None:
        """Show what :meth:`snapshot` took from another panel; unsaved changes stay unsaved."""
        self.path, self._written = snap.path, snap.written
        self.script_link.attach(snap.script, snap.state.doc, snap.script_values)
        self.apply_script_button.setVisible(self.script is not None)
        self.where.set_cwd(snap.cwd)
        self.product_box.setCurrentIndex(self.product_box.findData(snap.product) if snap.product else 0)
        self.cann_box.setCurrentIndex(max(self.cann_box.findData(snap.cann_version), 0) if snap.cann_version else 0)
        self.framework_box.setCurrentIndex(max(self.framework_box.findData(snap.framework), 0) if snap.framework
                                           else 0)
        self.search.setText(snap.search)
        self.only_changed.setChecked(snap.only_changed)
        self.undo_stack.clear()
        self._apply_state(snap.state)
        self.side_tabs.setCurrentIndex(snap.side_tab)
        if snap.dirty:
            self.undo_stack.resetClean()
        self.stateChanged.emit()

    def run_inputs(self) -> RunInputs:
        return RunInputs(self._state.doc, self.env_values(), Path(self.where.cwd), list(self.findings))

    def save_layout(self, settings: QSettings) -> None:
        settings.setValue("configure/main_split", self.main_split.saveState())
        settings.setValue("configure/right_split", self.right_split.saveState())

    def restore_layout(self, settings: QSettings) -> None:
        for key, splitter in (("configure/main_split", self.main_split), ("configure/right_split", self.right_split)):
            state = settings.value(key)
            if state is not None:
                splitter.restoreState(state)


def config_panel(runner=None, status=None, *, undo_stack: QUndoStack | None = None
                 ) -> Generator[None, None, ConfigPanel]:
    """A :class:`ConfigPanel` with an empty acl.json config made in two steps: its widgets, then the config shown
    in them (each about half of the panel's 30 ms; made ahead by the main window's builder, ``ui.start.panels``)."""
    panel = ConfigPanel(runner, status, undo_stack=undo_stack, scenario=None)
    yield
    panel.new_config("acl_json")
    return panel
