"""*Propose a fix*: the framework's own precision fix for ops that ran below their dtype or overflowed, as a change to
the user's config (or a new one), with its side files, a diff before saving and the checker's findings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.nextrun import fix_write
from ascend_dump_gui.core.nextrun.fix import FixProposal, propose_fix
from ascend_dump_gui.core.replay.judge import VERDICT_WORDS
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.loading import LoadingBar
from ascend_dump_gui.ui.nextrun.parts import FilesView, FindingsList, ProposalDialog, diff_text
from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
from ascend_dump_gui.ui.workers import TaskRunner

FRAMEWORKS = ("tf1", "tf2", "ge", "atc", "torch_npu", "torchair")


@dataclass
class FixOutcome:
    """A proposal with what the dialog shows of it: the files it would write, the diff, the findings."""

    proposal: FixProposal
    files: list[tuple[Path, str]]
    diff: str | None
    findings: list[Finding]
    notes: list[str]   # what a torch_npu fix could not write into the script (the snippet sets it)


def propose(request: NextRunRequest, framework: str | None, *, progress, cancel) -> FixOutcome:
    """Worker: the proposal (core) and its preview."""
    proposal = propose_fix(request.run, request.golden, ops=request.ops, framework=framework,
                           config=request.config, product=request.product, graph=request.graph)
    files = fix_write.preview_files(proposal)
    found = fix_write.findings(proposal, product=request.product, dump_ops=proposal.dump_ops)
    diff = None
    if proposal.proposed and fix_write.writes_config(proposal):
        origin = proposal.before.origin if proposal.before is not None else None
        before = jsontext.read_text(origin) if origin is not None and origin.is_file() else ""
        name = origin.name if origin is not None else files[-1][0].name
        diff = diff_text(before, fix_write.config_text(proposal, proposal.values), name)
    return FixOutcome(proposal, files, diff, found, fix_write.script_notes(fix_write.script_fix(proposal)))


def _text(value: object) -> str:
    return schema_text(value) if value is not None else ""


class FixDialog(ProposalDialog):
    """Shows a proposal; *Save…* writes the changed config and its side files (never over a file), then
    ``configSaved(path)`` lets the window open it in Configure (``run`` too: run it in the emulator)."""

    configSaved = Signal(object, bool)   # the written config, and whether to run it in the emulator

    def __init__(self, runner: TaskRunner, request: NextRunRequest, framework: str | None = None,
                 parent: QWidget | None = None) -> None:
        what = ", ".join(request.ops) if request.ops else tr("the first divergence and every overflowing op")
        super().__init__(runner, request, name="fix", title=tr("Propose a fix"),
                         intro=tr("Precision fix for {what} of {run}").format(what=what, run=request.run),
                         frameworks=FRAMEWORKS, framework=framework, parent=parent)
        self.outcome: FixOutcome | None = None
        self.framework.currentIndexChanged.connect(lambda _i: self.run())
        self.ops = QTableWidget(0, 5, objectName="fix_ops")
        self.ops.setHorizontalHeaderLabels([tr("Op"), tr("Op type"), tr("Verdict"), tr("Precision"), tr("Why")])
        self.ops.horizontalHeader().setStretchLastSection(True)
        self.ops.verticalHeader().hide()
        self.changes = QLabel(wordWrap=True, objectName="fix_changes")
        self.changes.setTextFormat(Qt.TextFormat.PlainText)
        self.verify = QLabel(wordWrap=True, objectName="fix_verify")
        self.verify.setTextFormat(Qt.TextFormat.PlainText)
        self.files = FilesView()
        self.findings = FindingsList()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.save_button = QPushButton(tr("Save and open in Configure…"), objectName="fix_save")
        self.run_button = QPushButton(tr("Save and run in emulator…"), objectName="fix_run")
        for button, run in ((self.save_button, False), (self.run_button, True)):
            button.setEnabled(False)
            button.clicked.connect(lambda _checked=False, run=run: self.save(run=run))
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        top = QHBoxLayout()
        top.addWidget(self.intro, 1)
        top.addWidget(QLabel(tr("Framework")))
        top.addWidget(self.framework)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.ops)
        split.addWidget(self.files)
        split.addWidget(self.findings)
        split.setSizes([150, 300, 110])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(LoadingBar(self.job))
        layout.addWidget(self.changes)
        layout.addWidget(split, 1)
        layout.addWidget(self.verify)
        layout.addWidget(buttons)
        self.resize(960, 660)

    def run(self) -> None:
        """Propose again (for the framework chosen) in a worker; what was shown goes at once."""
        self.outcome = None
        self._fill(None)
        self.job.start(tr("propose a fix"), propose, self.request, self.framework.currentData())

    def _failed(self, exc: BaseException) -> None:
        self.verify.setText(tr("No proposal: {why}").format(why=str(exc)))
        show_error(self, exc, tr("Proposing a fix"))

    def _shown(self, outcome: FixOutcome) -> None:
        self.outcome = outcome
        self._fill(outcome)

    def _fill(self, outcome: FixOutcome | None) -> None:
        proposal = outcome.proposal if outcome is not None else None
        ops = proposal.ops if proposal is not None else []
        self.ops.setRowCount(len(ops))
        for row, op in enumerate(ops):
            cells = (op["op"], op["op_type"], _text(VERDICT_WORDS.get(op["verdict"], op["verdict"])),
                     op.get("precision") or "",
                     _text(op.get("why") or op.get("reason")))
            for column, text in enumerate(cells):
                self.ops.setItem(row, column, QTableWidgetItem(str(text)))
        self.ops.resizeColumnsToContents()
        if proposal is None:
            self.changes.setText(tr("Replaying the ops and writing the proposal…"))
        elif proposal.proposed:
            self.changes.setText("\n".join(tr("{option} = {value}: {why}").format(
                option=c["option"], value=c["value"], why=_text(c.get("why"))) for c in proposal.changes)
                + "".join("\n" + _text(note) for note in outcome.notes))
        else:
            self.changes.setText(tr("No precision fix is proposed: the table says why for each op."))
        self.files.show_files(outcome.files if outcome is not None else [], outcome.diff if outcome else None)
        self.findings.show_findings(outcome.findings if outcome is not None else [])
        self.verify.setText(_text(proposal.verify) if proposal is not None else "")
        for button in (self.save_button, self.run_button):
            button.setEnabled(bool(proposal is not None and proposal.proposed))

    def save(self, *, run: bool = False, path: str | Path | None = None) -> Path | None:
        """Write the fix to a new file the user names (its side files beside it); never over an existing file."""
        if self.outcome is None or not self.outcome.proposal.proposed:
            return None
        suggested = self.outcome.files[-1][0].name if self.outcome.files else "fixed_config.py"
        if path is None:
            start = str(self.request.run.parent / suggested)
            path, _filter = QFileDialog.getSaveFileName(self, tr("Save the fix"), start)
            if not path:
                return None
        try:
            written = fix_write.write_fix(self.outcome.proposal, Path(path))
        except (DumpError, OSError) as exc:
            show_error(self, exc, tr("Saving the fix"))
            return None
        self.configSaved.emit(written[0][0], run)
        self.accept()
        return written[0][0]
