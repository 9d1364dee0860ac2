"""The findings list: severity icon, message, involved options and a Fix button per finding."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.ui.icons import icon, severity_icon

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
_ROLE = Qt.ItemDataRole.UserRole


class FindingsPanel(QWidget):
    """Shows findings; clicking one asks to focus its first option, its Fix button asks to apply the fix."""

    focusRequested = Signal(str)    # option name (may be "dump_list[0].layer" or an env var)
    fixRequested = Signal(object)   # the Finding whose fix to apply

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(objectName="findings_summary")
        self.tree = QTreeWidget(objectName="findings")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Finding", "Options", ""])
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.tree.itemClicked.connect(self._on_clicked)
        self.tree.itemActivated.connect(self._on_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree)
        self.findings: list[Finding] = []

    def set_findings(self, findings: Iterable[Finding]) -> None:
        """Replace the list (errors first, then warnings, then infos)."""
        self.findings = sorted(findings, key=lambda f: _ORDER[Severity(f.severity)])
        self.tree.clear()
        for finding in self.findings:
            self._add(finding)
        if not self.findings:
            item = QTreeWidgetItem(["No problems found."])
            item.setIcon(0, icon("ok"))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(item)
        self.summary.setText(self._summary())

    def item_for(self, rule: str) -> QTreeWidgetItem | None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item.data(0, _ROLE) is not None and item.data(0, _ROLE).rule == rule:
                return item
        return None

    def fix_button(self, rule: str) -> QToolButton | None:
        return self.tree.findChild(QToolButton, f"fix_{rule}")

    def _add(self, finding: Finding) -> None:
        item = QTreeWidgetItem([finding.message, ", ".join(finding.options)])
        item.setIcon(0, severity_icon(finding.severity))
        item.setData(0, _ROLE, finding)
        tip = [f"{Severity(finding.severity).value}: {finding.message}", f"Rule: {finding.rule}"]
        if finding.source:
            tip.append(f"Source: {finding.source}")
        if finding.fix:
            tip.append(f"Fix: {finding.fix.description}")
        item.setToolTip(0, "\n".join(tip))
        self.tree.addTopLevelItem(item)
        if finding.fix is not None and finding.fix.changes:
            button = QToolButton(objectName=f"fix_{finding.rule}", text="Fix")
            button.setIcon(icon("fix"))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setToolTip(finding.fix.description)
            button.clicked.connect(lambda *_, f=finding: self.fixRequested.emit(f))
            self.tree.setItemWidget(item, 2, button)

    def _summary(self) -> str:
        counts = {s: sum(Severity(f.severity) is s for f in self.findings) for s in Severity}
        if not self.findings:
            return "No problems found."
        parts = [f"{n} {s.value}{'s' if n != 1 else ''}" for s, n in counts.items() if n]
        return ", ".join(parts) + " (click one to go to the option)"

    def _on_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        finding = item.data(0, _ROLE)
        if finding is not None and finding.options:
            self.focusRequested.emit(finding.options[0])
