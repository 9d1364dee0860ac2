"""A one-line label that never widens its window: long text is elided (…), shown whole in the tooltip and
copied whole from its right-click menu."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ascend_dump_gui.ui.i18n import tr


class ElidedLabel(QLabel):
    """Plain text on one line, elided at the end to the width it gets; the tooltip holds the whole text."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, minimum: int = 40) -> None:
        super().__init__(parent)
        self._minimum = minimum
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        copy = QAction(tr("Copy"), self)
        copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(self.text()))
        self.addAction(copy)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)  # shrinks to minimum
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        text = " ".join(text.split("\n"))
        super().setText(text)
        self.setToolTip(text if text else "")
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self._minimum, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(min(hint.width(), 480), hint.height())

    def elided(self) -> str:
        """The text as drawn at the current width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width()))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), self.elided())
        painter.end()
