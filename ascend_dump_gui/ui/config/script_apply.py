""""Apply to script": the link to the script a config came from, the diff dialog, and the undoable write."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QGuiApplication,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.script.patch import ScriptApply, plan_apply, script_values, write_script
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.i18n import schema_text, tr

_LIGHT = {"+": "#2e7d32", "-": "#c62828", "@": "#1565c0"}
_DARK = {"+": "#9ccc65", "-": "#ef9a9a", "@": "#7cc4ff"}


class DiffHighlighter(QSyntaxHighlighter):
    """Added lines green, removed lines red, hunk headers blue (palette-aware)."""

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt override
        base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
        colours = _DARK if base.lightness() < 128 else _LIGHT
        colour = colours.get(text[:1]) if not text.startswith(("+++", "---")) else None
        if colour:
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(colour))
            self.setFormat(0, len(text), fmt)


class ScriptApplyDialog(QDialog):
    """Shows what "Apply to script" would change; Apply accepts, Cancel writes nothing."""

    def __init__(self, change: ScriptApply, parent: QWidget | None = None) -> None:
        super().__init__(parent, objectName="script_apply")
        self.setWindowTitle(tr("Apply to {name}").format(name=change.path.name))
        patch = change.patch
        if patch.has_changes:
            intro = tr("Only these lines of {name} change; comments, conditions and the rest of the file stay as "
                       "they are. Edit ▸ Undo puts the file back.").format(name=change.path.name)
        else:
            intro = tr("{name} already sets these values, or none of the changes can be written to it.").format(
                name=change.path.name)
        self.intro = QLabel(intro, objectName="script_apply_intro", wordWrap=True)
        self.diff = QPlainTextEdit(patch.diff(change.path.name), objectName="script_apply_diff", readOnly=True)
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.highlighter = DiffHighlighter(self.diff.document())
        self.left_out = QListWidget(objectName="script_apply_skipped", wordWrap=True)
        self.left_out.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.left_out.setResizeMode(QListWidget.ResizeMode.Adjust)
        for _key, why in (*patch.skipped, *patch.notes):
            self.left_out.addItem(schema_text(why))
        left_label = QLabel(tr("Not written, or worth knowing:"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = buttons.addButton(tr("Apply"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setObjectName("script_apply_ok")
        self.apply_button.setEnabled(patch.has_changes)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.diff, 3)
        layout.addWidget(left_label)
        layout.addWidget(self.left_out, 1)
        for widget in (left_label, self.left_out):
            widget.setVisible(bool(patch.skipped or patch.notes))
        layout.addWidget(buttons)
        self.resize(900, 600)


class ScriptWriteCommand(QUndoCommand):
    """Write the patched bytes (redo) or the original bytes (undo); a file changed by someone else is left alone
    and ``report`` gets the reason; ``on_done`` gets the bytes now in the file."""

    def __init__(self, change: ScriptApply, report: Callable[[str], None], on_done: Callable[[bytes], None]) -> None:
        super().__init__(tr("Apply to {name}").format(name=change.path.name))
        self.change, self.report, self.on_done = change, report, on_done

    def redo(self) -> None:
        self._write(self.change.after, self.change.before)

    def undo(self) -> None:
        self._write(self.change.before, self.change.after)

    def _write(self, data: bytes, expected: bytes) -> None:
        try:
            write_script(self.change.path, data, expected)
        except (DumpError, OSError) as exc:
            self.report(str(exc))
            return
        self.on_done(data)


class ScriptLink:
    """The training script a config was read from: Save never writes it; "Apply to script" previews a patch of
    the lines that set the options edited since it was read (or last applied) and writes it undoably."""

    def __init__(self, parent: QWidget, undo_stack: QUndoStack, on_change: Callable[[], None],
                 status: QStatusBar | None = None) -> None:
        self.parent, self.undo_stack, self.on_change, self.status = parent, undo_stack, on_change, status
        self.path: Path | None = None
        self.values: dict[str, Any] = {}   # what the script set when read or last applied
        self.scenario = ""
        self.dialog: ScriptApplyDialog | None = None   # open while "Apply to script" asks
        self.problem = ""                              # the last write that was refused, and why

    def attach(self, path: Path | None, doc: ConfigDoc, values: dict[str, Any] | None = None) -> None:
        """Follow ``path`` (None: the config has no script) as read into ``doc``."""
        self.path, self.scenario = path, doc.scenario
        self.values = dict(doc.values if values is None else values) if path is not None else {}

    def change(self, doc: ConfigDoc) -> ScriptApply:
        """What applying ``doc`` would write (DumpError when there is no script or it cannot be read)."""
        if self.path is None:
            raise DumpError(tr("This config was not read from a training script."))
        self.scenario = doc.scenario
        return plan_apply(self.path, doc, self.values)

    def ask(self, change: ScriptApply) -> bool:
        """Show the change; True when the user accepts it."""
        self.dialog = ScriptApplyDialog(change, self.parent)
        try:
            return self.dialog.exec() == ScriptApplyDialog.DialogCode.Accepted
        finally:
            self.dialog = None

    def write(self, change: ScriptApply) -> None:
        """Write an accepted change through the undo stack (Undo puts the original bytes back)."""
        self.undo_stack.push(ScriptWriteCommand(change, self._report, self._written))

    def _written(self, data: bytes) -> None:
        try:
            self.values = script_values(data.decode("utf-8-sig"), self.scenario, self.path)
        except (DumpError, UnicodeDecodeError):
            self.values = {}
        self.on_change()

    def _report(self, text: str) -> None:
        self.problem = text
        if self.status is not None:
            self.status.showMessage(text, 15000)
