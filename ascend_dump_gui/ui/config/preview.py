"""Live preview of the exported text (acl.json, Python snippet, shell exports) with colouring and Copy."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.ui.errors import error_text
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.icons import icon

# (pattern, colour name); later rules paint over earlier ones
_RULES: dict[str, list[tuple[str, str]]] = {
    "json": [(r"-?\b\d+(\.\d+)?([eE][+-]?\d+)?\b", "number"), (r"\b(true|false|null)\b", "keyword"),
             (r'"(\\.|[^"\\])*"', "string"), (r'"(\\.|[^"\\])*"(?=\s*:)', "key")],
    "python": [(r"\b\d+\b", "number"),
               (r"\b(import|from|as|True|False|None|def|return|if|else|for|in)\b", "keyword"),
               (r"(?<=\.)\w+(?=\s*=)", "key"), (r"'[^']*'|\"[^\"]*\"", "string"), (r"#.*$", "comment")],
    "shell": [(r"\b(export|unset)\b", "keyword"), (r"\b[A-Za-z_][A-Za-z0-9_]*(?==)", "key"),
              (r"'[^']*'|\"[^\"]*\"", "string"), (r"#.*$", "comment")],
}
_LIGHT = {"number": "#a0522d", "keyword": "#7b1fa2", "string": "#2e7d32", "key": "#1565c0", "comment": "#757575"}
_DARK = {"number": "#f0a868", "keyword": "#d7a6ff", "string": "#9ccc65", "key": "#7cc4ff", "comment": "#9e9e9e"}


def language_of(target: str) -> str:
    """The colouring used for an export target name."""
    if "python" in target:
        return "python"
    if target in ("shell", "env"):
        return "shell"
    return "json"


class Highlighter(QSyntaxHighlighter):
    """Regex colouring for JSON, Python and shell; colours follow the palette (dark or light)."""

    def __init__(self, document, language: str = "json") -> None:
        super().__init__(document)
        self._rules: list[tuple[re.Pattern[str], QTextCharFormat]] = []
        self.set_language(language)

    def set_language(self, language: str) -> None:
        base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
        colours = _DARK if base.lightness() < 128 else _LIGHT
        self._rules = []
        for pattern, kind in _RULES[language]:
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(colours[kind]))
            if kind == "keyword":
                fmt.setFontWeight(QFont.Weight.Bold)
            self._rules.append((re.compile(pattern), fmt))
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt override
        for pattern, fmt in self._rules:
            for match in pattern.finditer(text):
                self.setFormat(match.start(), match.end() - match.start(), fmt)


class PreviewPanel(QWidget):
    """A target picker, the read-only text and a Copy button; ``render(target)`` supplies the text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = QComboBox(objectName="preview_target")
        self.copy_button = QToolButton(objectName="preview_copy", text=tr("Copy"))
        self.copy_button.setIcon(icon("copy"))
        self.copy_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.copy_button.setToolTip(tr("Copy the text to the clipboard"))
        self.copy_button.clicked.connect(self.copy)
        self.text = QPlainTextEdit(objectName="preview_text", readOnly=True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.note = QLabel(objectName="preview_note", wordWrap=True)
        self.note.hide()
        self.highlighter = Highlighter(self.text.document())
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Show as")))
        top.addWidget(self.target, 1)
        top.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(self.text, 1)
        self._render: Callable[[str], str] | None = None
        self._notes: Callable[[str], str] | None = None
        self.target.currentIndexChanged.connect(lambda *_: self.refresh())

    def set_targets(self, targets: list[tuple[str, str]], render: Callable[[str], str], keep: bool = True,
                    notes: Callable[[str], str] | None = None) -> None:
        """``targets`` are (name, label) pairs, the first one is the default; ``render(name)`` returns the text
        or raises DumpError to explain; ``keep`` keeps the current choice when it is still offered; ``notes(name)``
        says what that form leaves out ("" for nothing)."""
        self._render, self._notes = render, notes
        current = self.current_target() if keep else ""
        self.target.blockSignals(True)
        self.target.clear()
        for name, label in targets:
            self.target.addItem(label, name)
        index = self.target.findData(current)
        self.target.setCurrentIndex(index if index >= 0 else 0)
        self.target.blockSignals(False)
        self.refresh()

    def current_target(self) -> str:
        return self.target.currentData() or ""

    def select(self, target: str) -> None:
        self.target.setCurrentIndex(max(self.target.findData(target), 0))

    def refresh(self) -> None:
        """Re-render the current target; a failure shows its sentence instead of the text."""
        target = self.current_target()
        if self._render is None or not target:
            return
        try:
            text = self._render(target)
            note = self._notes(target) if self._notes is not None else ""
        except (DumpError, ValueError) as exc:
            text, note = "", tr("Cannot show this form: {problem}").format(problem=error_text(exc))
        self.highlighter.set_language(language_of(target))
        if self.text.toPlainText() != text:
            self.text.setPlainText(text)
        self.note.setText(note)
        self.note.setVisible(bool(note))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())
