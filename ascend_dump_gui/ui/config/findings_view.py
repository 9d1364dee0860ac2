"""The findings list: one card per finding with its severity icon, full message, options and a Fix button."""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.sources import cite
from ascend_dump_gui.ui.i18n import finding_text, fix_text, tr, tr_schema
from ascend_dump_gui.ui.icons import icon, severity_icon

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def severity_text(severity: Severity | str) -> str:
    """The shown name of a severity (the rule files and ``--json`` keep ``error``/``warning``/``info``)."""
    return {Severity.ERROR: tr("error"), Severity.WARNING: tr("warning"), Severity.INFO: tr("info")}[
        Severity(severity)]


def _count_text(severity: Severity, count: int) -> str:
    one = {Severity.ERROR: tr("{count} error"), Severity.WARNING: tr("{count} warning"),
           Severity.INFO: tr("{count} note")}
    many = {Severity.ERROR: tr("{count} errors"), Severity.WARNING: tr("{count} warnings"),
            Severity.INFO: tr("{count} notes")}
    return (one if count == 1 else many)[severity].format(count=count)


class FindingCard(QFrame):
    """One finding; a click anywhere but the Fix button asks to go to its first option."""

    clicked = Signal()

    def __init__(self, finding: Finding, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.finding = finding
        self.setObjectName(f"finding_{finding.rule}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        badge = QLabel()
        badge.setPixmap(severity_icon(finding.severity).pixmap(16, 16))
        badge.setToolTip(severity_text(finding.severity))
        message = QLabel(finding_text(finding), wordWrap=True, objectName="finding_message")
        message.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        where = ", ".join(finding.options) or tr("the whole config")
        parts = [where, finding.rule]
        if isinstance(finding.extra.get("line"), int):   # the script line it is about
            parts.insert(1, tr("line {line}").format(line=finding.extra["line"]))
        if finding.source:  # the document that states the rule, shown so the user can look it up
            parts.append(tr("Source: {source}").format(source=cite(finding.source, tr_schema)))
        detail = QLabel(f"<small>{html.escape(' · '.join(parts))}</small>", wordWrap=True,
                        objectName="finding_detail")
        detail.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.setToolTip(tr("Rule: {rule}").format(rule=finding.rule))
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addWidget(message)
        text.addWidget(detail)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(badge, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)
        self.fix_button: QToolButton | None = None
        if finding.fix is not None and finding.fix.changes:
            self.fix_button = QToolButton(objectName=f"fix_{finding.rule}", text=tr("Fix"))
            self.fix_button.setIcon(icon("fix"))
            self.fix_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            self.fix_button.setToolTip(fix_text(finding.fix))
            row.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignTop)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class FindingsPanel(QWidget):
    """Shows findings (errors first); ``focusRequested`` names an option, ``fixRequested`` carries a Finding."""

    focusRequested = Signal(str)
    fixRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary_icon = QLabel(objectName="findings_summary_icon")
        self.summary = QLabel(objectName="findings_summary")
        self._list = QWidget()
        self._list_layout = QVBoxLayout(self._list)
        self._list_layout.setContentsMargins(0, 0, 0, 0)
        self._list_layout.setSpacing(4)
        self.empty_note = QLabel(tr("Every edit is checked against the rules the Ascend runtime applies. Conflicts, "
                                    "options that would be silently ignored and surprises show up here, each "
                                    "with the document it comes from and, where one is obvious, a fix."),
                                 wordWrap=True, objectName="findings_empty_note")
        self.empty_note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._list_layout.addWidget(self.empty_note)
        self._list_layout.addStretch(1)
        self.scroll = QScrollArea(widgetResizable=True, objectName="findings")
        self.scroll.setWidget(self._list)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setMinimumHeight(120)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.summary_icon)
        top.addWidget(self.summary, 1)
        layout.addLayout(top)
        layout.addWidget(self.scroll, 1)
        self.findings: list[Finding] = []
        self.cards: list[FindingCard] = []

    def set_findings(self, findings: Iterable[Finding]) -> None:
        """Replace the cards."""
        self.findings = sorted(findings, key=lambda f: _ORDER[Severity(f.severity)])
        for card in self.cards:
            self._list_layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        self.cards = [self._card(f) for f in self.findings]
        for i, card in enumerate(self.cards):
            self._list_layout.insertWidget(i, card)
        self.empty_note.setVisible(not self.cards)
        self._show_summary()

    def item_for(self, rule: str) -> FindingCard | None:
        return next((c for c in self.cards if c.finding.rule == rule), None)

    def fix_button(self, rule: str) -> QToolButton | None:
        card = self.item_for(rule)
        return card.fix_button if card else None

    def _card(self, finding: Finding) -> FindingCard:
        card = FindingCard(finding)
        if finding.options:
            card.clicked.connect(lambda f=finding: self.focusRequested.emit(f.options[0]))
        if card.fix_button is not None:
            card.fix_button.clicked.connect(lambda *_, f=finding: self.fixRequested.emit(f))
        return card

    def _show_summary(self) -> None:
        if not self.findings:
            self.summary_icon.setPixmap(icon("ok").pixmap(16, 16))
            self.summary.setText(tr("No problems found."))
            return
        self.summary_icon.setPixmap(severity_icon(self.findings[0].severity).pixmap(16, 16))
        counts = {s: sum(Severity(f.severity) is s for f in self.findings) for s in Severity}
        parts = ", ".join(_count_text(s, n) for s, n in counts.items() if n)
        self.summary.setText(tr("{counts} — click one to go to the option").format(counts=parts))
