"""*Capture these next*: the next capture config, full tensors only for the chosen ops (and N producers upstream), in
the run's framework, every name checked against the run it came from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.nextrun.capture import CaptureProposal, capture_files, propose_capture
from ascend_dump_gui.core.nextrun.capture_forms import SUFFIX
from ascend_dump_gui.core.nextrun.output import check_with_files, write_all
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.loading import LoadingBar
from ascend_dump_gui.ui.nextrun.parts import FilesView, FindingsList, ProposalDialog, diff_text
from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
from ascend_dump_gui.ui.workers import TaskRunner

FRAMEWORKS = ("acl", "tf1", "tf2", "torchair", "msprobe")


@dataclass
class CaptureOutcome:
    proposal: CaptureProposal
    text: str
    diff: str | None
    findings: list[Finding]
    files: list[tuple[Path, str]]   # the config and, for a script whose arguments override it, the script


def propose(request: NextRunRequest, framework: str | None, around: int, data: str, *, progress,
            cancel) -> CaptureOutcome:
    """Worker: the capture proposal (core), its text and the checker's findings on it."""
    proposal = propose_capture(request.run, request.golden, first_divergence=not request.ops, ops=request.ops,
                               around=around, steps=request.steps, ranks=request.ranks, data=data,
                               framework=framework, config=request.config, graph=request.graph)
    if proposal.doc is None:
        return CaptureOutcome(proposal, "", None, [], [])
    files = capture_files(proposal, None)
    text = files[0][1]
    found = check_with_files(proposal.doc, {}, product=request.product, dump_ops=proposal.dump_ops)
    # a script's msprobe capture changes the config.json it names (and the script where its arguments override it)
    origins = [proposal.doc.origin if proposal.text is not None else
               proposal.before.origin if proposal.before is not None else None]
    if len(files) > 1 and proposal.before is not None:
        origins.append(proposal.before.origin)
    diffs = [diff_text(jsontext.read_text(origin), after, origin.name)
             for origin, (_name, after) in zip(origins, files, strict=False) if origin is not None and origin.is_file()]
    return CaptureOutcome(proposal, text, "".join(diffs) if diffs else None, found, files)


class CaptureDialog(ProposalDialog):
    """Shows the capture config; *Save…* writes it as a new file (refused while a name is unknown) and
    ``configSaved(path)`` lets the window open it in Configure."""

    configSaved = Signal(object)

    def __init__(self, runner: TaskRunner, request: NextRunRequest, framework: str | None = None,
                 parent: QWidget | None = None) -> None:
        what = ", ".join(request.ops) if request.ops else tr("the first divergence")
        super().__init__(runner, request, name="capture", title=tr("Capture these next"),
                         intro=tr("The next capture dumps only {what} of {run}.").format(what=what, run=request.run),
                         frameworks=FRAMEWORKS, framework=framework, parent=parent)
        self.outcome: CaptureOutcome | None = None
        self.around = QSpinBox(objectName="capture_around", minimum=0, maximum=20)
        self.around.setToolTip(tr("Also capture the ops within this many producer levels upstream"))
        self.data = QComboBox(objectName="capture_data")
        self.data.addItem(tr("full tensors"), "tensor")
        self.data.addItem(tr("statistics"), "stats")
        for box in (self.framework, self.data):
            box.currentIndexChanged.connect(lambda _i: self.run())
        self.around.valueChanged.connect(lambda _v: self.run())
        self.notes = QLabel(wordWrap=True, objectName="capture_notes")
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.files = FilesView()
        self.findings = FindingsList()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.save_button = QPushButton(tr("Save and open in Configure…"), objectName="capture_save")
        self.save_button.setEnabled(False)
        self.save_button.clicked.connect(lambda: self.save())
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        options = QHBoxLayout()
        for label, widget in ((tr("Framework"), self.framework), (tr("Producers upstream"), self.around),
                              (tr("Dump"), self.data)):
            options.addWidget(QLabel(label))
            options.addWidget(widget)
        options.addStretch(1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.files)
        split.addWidget(self.findings)
        split.setSizes([380, 110])
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(options)
        layout.addWidget(LoadingBar(self.job))
        layout.addWidget(self.notes)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)
        self.resize(900, 620)

    def run(self) -> None:
        self.outcome = None
        self._fill(None)
        self.job.start(tr("write the capture config"), propose, self.request, self.framework.currentData(),
                       self.around.value(), self.data.currentData())

    def _failed(self, exc: BaseException) -> None:
        self.notes.setText(tr("No capture config: {why}").format(why=str(exc)))
        show_error(self, exc, tr("Writing the capture config"))

    def _shown(self, outcome: CaptureOutcome) -> None:
        self.outcome = outcome
        self._fill(outcome)

    def _fill(self, outcome: CaptureOutcome | None) -> None:
        proposal = outcome.proposal if outcome is not None else None
        lines: list[str] = []
        if proposal is None:
            lines.append(tr("Checking the names against the run…"))
        else:
            lines.append(tr("{framework}: capture {ops}").format(framework=proposal.framework,
                                                                 ops=", ".join(proposal.ops) or tr("nothing")))
            if proposal.unknown:
                lines.append(tr("Not in this run (nothing can be saved): {names}").format(
                    names=", ".join(proposal.unknown)))
            lines += [schema_text(item["why"]) for item in proposal.refused]
            lines += [schema_text(note) for note in proposal.notes]
        self.notes.setText("\n".join(lines))
        self.files.show_files(outcome.files if outcome is not None else [], outcome.diff if outcome else None)
        self.findings.show_findings(outcome.findings if outcome is not None else [])
        self.save_button.setEnabled(bool(proposal is not None and proposal.writable))

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the capture config to a new file the user names; never over an existing file."""
        if self.outcome is None or not self.outcome.proposal.writable:
            return None
        if path is None:
            suffix = SUFFIX[self.outcome.proposal.framework]
            path, _filter = QFileDialog.getSaveFileName(self, tr("Save the capture config"),
                                                        str(self.request.run.parent / f"capture{suffix}"))
            if not path:
                return None
        try:
            write_all(dict(capture_files(self.outcome.proposal, Path(path).absolute())))
        except (DumpError, OSError) as exc:
            show_error(self, exc, tr("Saving the capture config"))
            return None
        self.configSaved.emit(Path(path).absolute())
        self.accept()
        return Path(path).absolute()
