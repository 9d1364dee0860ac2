"""A word-wrapped label that always gets the height its text needs at its width (in any layout, also nested in a
form row, where Qt would otherwise give it the height of its size hint and cut the last lines)."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy


class WrappedLabel(QLabel):
    """A word-wrapped :class:`QLabel` whose minimum height follows its width."""

    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(text, **kwargs)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        needed = self.heightForWidth(self.width()) if self.text() else 0
        if needed != self.minimumHeight():
            self.setMinimumHeight(max(needed, 0))
