"""'Run in emulator': pick a built-in model and steps, run the current config in a worker, open the tree."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.emulator.confine import emulator_folders
from ascend_dump_gui.core.emulator.explain import MAX_STEPS, RunPreview, preview_run, steps_text
from ascend_dump_gui.core.emulator.faults import FAULT_KINDS
from ascend_dump_gui.core.emulator.models import list_models
from ascend_dump_gui.core.emulator.run import emulate, fresh_folder
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.safe_names import UnsafePathError
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import progress_text, schema_text, tr
from ascend_dump_gui.ui.settings import last_emulator_model, save_emulator_model
from ascend_dump_gui.ui.workers import Worker
from ascend_dump_gui.ui.wrapped_label import WrappedLabel

if TYPE_CHECKING:
    from ascend_dump_gui.ui.config.panel import RunInputs
    from ascend_dump_gui.ui.status import StatusBar
    from ascend_dump_gui.ui.workers import TaskRunner


_LANDING = ("dump_data", "overflow_dump", "exception_dump", "graph_dump", "msprobe_dump")


def default_run_dir() -> Path:
    """A fresh folder for one run, so relative dump paths never land in the user's home by surprise."""
    return Path(tempfile.gettempdir()) / "ascend-dump-gui" / time.strftime("run-%Y%m%d-%H%M%S")


def opened_folder(roots: Mapping[str, Path], cwd: Path) -> Path:
    """The folder to browse after a run: the dump root when the run wrote one, else the run folder."""
    for artifact in ("dump_data", "overflow_dump", "exception_dump", "graph_dump", "msprobe_dump"):
        if artifact in roots:
            return Path(roots[artifact])
    return cwd


def named_model(inputs: RunInputs) -> str | None:
    """The built-in model the config's ``dump_list`` names (``model_name``), if any."""
    known = {info.name for info in list_models()}
    items = inputs.doc.values.get("dump_list") if isinstance(inputs.doc.values, Mapping) else None
    for item in items if isinstance(items, list) else []:
        name = item.get("model_name") if isinstance(item, Mapping) else None
        if name in known:
            return name
    return None


def compare_inputs(result, cwd: Path) -> tuple[Path, Path] | None:
    """(NPU step folder, golden folder of the same step number) for the first dumped step the golden run also
    wrote, else None (never another step's golden)."""
    dump_root, golden_root = result.roots.get("dump_data"), result.roots.get("golden")
    if dump_root is None or golden_root is None:
        return None
    folders = {p.parent for p in result.written if p.is_relative_to(dump_root)}
    steps = sorted((int(f.name), f.parts, f) for f in folders if f.name.isdigit())
    for number, _parts, folder in steps:
        golden = Path(golden_root) / str(number)
        if golden.is_dir():
            return folder, golden
    return None


def make_dump_folders(inputs: RunInputs, cwd: Path) -> list[Path]:
    """Create the dump folders the config names (the real runtime needs them to exist), under ``cwd`` as the
    emulator writes them (re-rooted when the config points elsewhere); returns those made."""
    made = []
    for _artifact, where in emulator_folders(inputs.doc, inputs.env, cwd, ("dump_data", "overflow_dump")):
        if where is not None and not where.path.exists():
            where.path.mkdir(parents=True)
            made.append(where.path)
    return made


class RunEmulatorDialog(QDialog):
    """Runs ``emulate`` for the editor's config; ``treeReady`` carries the folder to open in Browse."""

    treeReady = Signal(object)   # Path
    runFinished = Signal(object)  # the EmulationResult
    compareReady = Signal(object, object)  # NPU folder, golden folder (Path) of a run that wrote golden files

    def __init__(self, inputs: RunInputs, runner: TaskRunner, status: StatusBar | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("run_emulator")
        self.setWindowTitle(tr("Run in emulator"))
        self._inputs, self._runner, self._status = inputs, runner, status
        self.worker: Worker | None = None
        self.model = QComboBox(objectName="emu_model")
        for info in list_models():
            self.model.addItem(info.name, info.name)
            self.model.setItemData(self.model.count() - 1, schema_text(info.description), Qt.ItemDataRole.ToolTipRole)
        named = named_model(inputs) or last_emulator_model()
        if named is not None and self.model.findData(named) >= 0:
            # the model the config's dump_list names (any other one dumps nothing), else the one run last
            self.model.setCurrentIndex(self.model.findData(named))
        self.model_note = WrappedLabel(objectName="emu_model_note")
        self.model.currentIndexChanged.connect(self._describe_model)
        self.steps = QSpinBox(objectName="emu_steps", minimum=1, maximum=MAX_STEPS, value=2)
        self.cwd = QLineEdit(str(default_run_dir()), objectName="emu_cwd")
        self.cwd.setToolTip(tr("The emulated process's working directory: relative dump paths land here."))
        self.golden = QCheckBox(tr("Also write float32 golden .npy files (for Compare)"), objectName="emu_golden")
        self.golden.setChecked(True)
        self.make_folders = QCheckBox(tr("Create the dump folder if it does not exist"), objectName="emu_mkdir")
        self.make_folders.setToolTip(tr("The real runtime refuses a dump path that does not exist."))
        self.make_folders.setChecked(True)
        self.fault = QComboBox(objectName="emu_fault")
        self.fault.addItem(tr("none"), None)
        words = {"overwrite": tr("memory overwrite (what watcher catches)"), "aicore_error": tr("AI Core exception"),
                 "nan": tr("NaN in an output"), "perturb": tr("wrong kernel (small relative error)")}
        for kind in FAULT_KINDS:
            self.fault.addItem(words.get(kind, kind), kind)
        self.lands = WrappedLabel(objectName="emu_lands")
        self.lands.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cwd.textChanged.connect(self._show_landing)
        self.preview: RunPreview | None = None
        self.dumped = WrappedLabel(objectName="emu_dumped")  # which steps the config dumps
        self.fix_steps = QPushButton(objectName="emu_fix_steps", visible=False)
        self.fix_steps.clicked.connect(self._apply_fix_steps)
        self.warning = WrappedLabel(objectName="emu_warning")  # what stops this run, and its warnings
        self.warning.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for edited in (self.steps.valueChanged, self.model.currentIndexChanged, self.cwd.textChanged):
            edited.connect(self._explain)
        self.progress = QProgressBar(objectName="emu_progress", visible=False)
        self.message = QLabel(objectName="emu_message", wordWrap=True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton(tr("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.run_button.setObjectName("emu_run")
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.cancel_or_close)
        model_box = QWidget()  # the combo and its wrapped description in one field: rows never overlap
        model_layout = QVBoxLayout(model_box)
        model_layout.setContentsMargins(0, 0, 0, 0)
        model_layout.addWidget(self.model)
        model_layout.addWidget(self.model_note)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(tr("Model"), model_box)
        steps_box = QWidget()
        steps_layout = QVBoxLayout(steps_box)
        steps_layout.setContentsMargins(0, 0, 0, 0)
        steps_layout.addWidget(self.steps)
        steps_layout.addWidget(self.dumped)
        steps_layout.addWidget(self.fix_steps)
        form.addRow(tr("Steps"), steps_box)
        form.addRow(tr("Working directory"), self.cwd)
        form.addRow(tr("Files land in"), self.lands)
        form.addRow(tr("Inject a fault"), self.fault)
        form.addRow("", self.golden)
        form.addRow("", self.make_folders)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.warning)
        layout.addWidget(self.progress)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._describe_model()
        self._show_landing()
        self._explain()
        self.setMinimumWidth(560)

    def start(self) -> Worker | None:
        """Run the emulator in a worker; the dialog shows progress and the status bar offers Cancel too."""
        cwd = Path(self.cwd.text()).expanduser()
        cwd.mkdir(parents=True, exist_ok=True)
        if self.make_folders.isChecked():
            try:
                make_dump_folders(self._inputs, cwd)
            except UnsafePathError as exc:   # a link out of the chosen folder: nothing is made or written
                self._on_failed(exc)
                return None
        model = self.model.currentData()
        save_emulator_model(model)
        self.worker = Worker(
            emulate, self._inputs.doc, env=self._inputs.env, model=model, steps=self.steps.value(), cwd=cwd,
            golden_dir=fresh_folder(cwd / "golden") if self.golden.isChecked() else None,
            fault=self.fault.currentData(),
            seed=0)
        signals = self.worker.signals
        signals.progress.connect(self._on_progress)
        signals.finished.connect(lambda result: self._on_finished(result, cwd))
        signals.failed.connect(self._on_failed)
        signals.cancelled.connect(self._on_cancelled)
        if self._status is not None:
            self._status.track(self.worker, tr("Emulating {model}").format(model=model))
        self.run_button.setEnabled(False)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.message.setText(tr("Running…"))
        return self._runner.start(self.worker)

    def cancel_or_close(self) -> None:
        if self.worker is not None and self.worker in self._runner.active:
            self.worker.cancel()
            self.message.setText(tr("Cancelling…"))
        else:
            self.reject()

    def _describe_model(self) -> None:
        self.model_note.setText(self.model.itemData(self.model.currentIndex(), Qt.ItemDataRole.ToolTipRole) or "")

    def _show_landing(self) -> None:
        cwd = Path(self.cwd.text()).expanduser()
        try:
            found = emulator_folders(self._inputs.doc, self._inputs.env, cwd, _LANDING)
        except UnsafePathError as exc:
            self.lands.setText(str(exc))
            return
        rows = [f"{a.artifact}: {a.path}" if where is None or not where.rerooted else
                tr("{artifact}: {path} (the config says {original}, outside the working folder)").format(
                    artifact=a.artifact, path=where.path, original=where.original) for a, where in found]
        self.lands.setText("\n".join(rows) or tr("(this config dumps nothing)"))

    def _explain(self) -> None:
        """Before running: which steps are dumped (a one-click fix when none is), this run's warnings, and what
        stops it (errors, files the runtime reads that are missing)."""
        cwd = Path(self.cwd.text()).expanduser()
        try:
            preview = preview_run(self._inputs.doc, env=self._inputs.env, model=self.model.currentData(),
                                  steps=self.steps.value(), cwd=cwd)
        except DumpError as exc:  # the plan itself cannot be made: said as a blocker
            self.preview = None
            self.dumped.setText("")
            self.fix_steps.hide()
            self.warning.setText(tr("This run would stop: {reason}").format(reason=schema_text(str(exc))))
            self.warning.show()
            return
        self.preview = preview
        self.dumped.setText(schema_text(steps_text(preview)))
        self.fix_steps.setVisible(preview.fix_steps is not None)
        if preview.fix_steps is not None:
            self.fix_steps.setText(tr("Run {count} steps (dumps step {step})").format(
                count=preview.fix_steps, step=preview.fix_steps - 1))
        lines = []
        if preview.blockers:
            lines.append(tr("{count} problem(s) stop this run:").format(count=len(preview.blockers)))
            lines += [f"• {schema_text(text)}" for text in preview.blockers]
        if preview.warnings:
            lines.append(tr("Warnings for this run:"))
            lines += [f"• {schema_text(text)}" for text in preview.warnings]
        self.warning.setText("\n".join(lines))
        self.warning.setVisible(bool(lines))

    def _apply_fix_steps(self) -> None:
        if self.preview is not None and self.preview.fix_steps is not None:
            self.steps.setValue(self.preview.fix_steps)

    def _on_progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 0))
        if total > 0:
            self.progress.setValue(min(done, total))
        self.message.setText(progress_text(message))

    def _on_finished(self, result, cwd: Path) -> None:
        self.runFinished.emit(result)
        folder = opened_folder(result.roots, cwd)
        self.treeReady.emit(folder)
        pair = compare_inputs(result, cwd)
        if pair is not None:
            self.compareReady.emit(*pair)
        self.accept()

    def _on_failed(self, exc: BaseException) -> None:
        self._reset("")
        show_error(self, exc, tr("Running the emulator"))

    def _on_cancelled(self) -> None:
        self._reset(tr("Cancelled."))

    def _reset(self, message: str) -> None:
        self.worker = None
        self.progress.hide()
        self.run_button.setEnabled(True)
        self.message.setText(message)
