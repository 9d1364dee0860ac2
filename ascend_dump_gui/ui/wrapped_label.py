"""A word-wrapped label that always gets the height its text needs at its width (in any layout, also nested in a
form row, where Qt would otherwise give it the height of its size hint and cut the last lines)."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy


class WrappedLabel(QLabel):
    """A word-wrapped :class:`QLabel` whose minimum height follows its width (taken as at least ``narrowest``
    pixels, so a label not laid out yet does not ask for the height of one word per line)."""

    def __init__(self, text: str = "", *, narrowest: int = 0, **kwargs) -> None:
        super().__init__(text, **kwargs)
        self._narrowest = narrowest
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        super().setText(text)
        self._fit()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return False  # the minimum height says it: layouts never ask for the height at a width of one word

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        needed = self.heightForWidth(max(self.width(), self._narrowest)) if self.text() else 0
        if needed != self.minimumHeight():
            self.setMinimumHeight(max(needed, 0))
