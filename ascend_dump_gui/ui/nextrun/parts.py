"""Pieces both next-run dialogs show: the files they would write (with a diff against the config they change) and
the checker's findings on the result."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QListWidget, QPlainTextEdit, QTabWidget, QWidget

from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.ui.config.findings_view import severity_text
from ascend_dump_gui.ui.config.script_apply import DiffHighlighter
from ascend_dump_gui.ui.i18n import finding_text, tr
from ascend_dump_gui.ui.loading import LatestTask
from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
from ascend_dump_gui.ui.workers import TaskRunner


def diff_text(before: str, after: str, name: str) -> str:
    """A unified diff of a config before and after (what saving would change)."""
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 f"{name} (now)", f"{name} (proposed)")
    return "".join(lines) or tr("(no change)")


class FilesView(QTabWidget):
    """One tab per file to write, then the diff of the config against what it is now."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nextrun_files")
        self._highlighters: list[DiffHighlighter] = []

    def show_files(self, files: Sequence[tuple[Path, str]], diff: str | None = None) -> None:
        self.clear()
        self._highlighters.clear()
        for path, text in files:
            self.addTab(self._text(text), path.name)
        if diff is not None:
            view = self._text(diff)
            self._highlighters.append(DiffHighlighter(view.document()))
            self.addTab(view, tr("Diff"))

    @staticmethod
    def _text(text: str) -> QPlainTextEdit:
        view = QPlainTextEdit(text, readOnly=True)
        view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        return view


class FindingsList(QListWidget):
    """The checker's findings on the proposed config, errors first (a capture must have none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nextrun_findings")
        self.setWordWrap(True)

    def show_findings(self, findings: Iterable[Finding]) -> None:
        self.clear()
        for finding in findings:
            self.addItem(f"{severity_text(finding.severity)}: {finding_text(finding)}")
        if not self.count():
            self.addItem(tr("The config checker finds nothing to report."))


class ProposalDialog(QDialog):
    """What both dialogs start with: the request, a job that proposes in a worker (its outcome to the subclass's
    ``_shown``, its failure to its ``_failed``), an intro naming the ops and run, and the framework picker."""

    def __init__(self, runner: TaskRunner, request: NextRunRequest, *, name: str, title: str, intro: str,
                 frameworks: Sequence[str], framework: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent, objectName=f"{name}_dialog")
        self.setWindowTitle(title)
        self.request = request
        self.outcome = None
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(self._failed)
        self.intro = QLabel(intro, wordWrap=True, objectName=f"{name}_intro")
        self.intro.setTextFormat(Qt.TextFormat.PlainText)   # op names come from dump files
        self.framework = QComboBox(objectName=f"{name}_framework")
        self.framework.addItem(tr("from the config or the run"), None)
        for each in frameworks:
            self.framework.addItem(each, each)
        if framework in frameworks:
            self.framework.setCurrentIndex(self.framework.findData(framework))
