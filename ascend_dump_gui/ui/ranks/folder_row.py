"""A folder path box with a "Folder…" button (the trees the Ranks view compares are folders)."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLineEdit, QToolButton, QWidget

from ascend_dump_gui.ui.i18n import tr


class FolderRow(QWidget):
    """``path()`` / ``set_path()`` over a line edit named ``{name}_path``."""

    def __init__(self, name: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(objectName=f"{name}_path", placeholderText=placeholder)
        button = QToolButton(text=tr("Folder…"))
        button.clicked.connect(self._pick)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(button)

    def path(self) -> str:
        return self.edit.text().strip()

    def set_path(self, path: str) -> None:
        self.edit.setText(path)

    def _pick(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("Choose a folder"), self.path())
        if path:
            self.edit.setText(path)
