"""'Where will files land': one row per output kind, its folder and what decided it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.ui.i18n import tr


class WherePanel(QWidget):
    """Shows resolved artifact paths; the working-directory field is what relative paths resolve against."""

    cwdChanged = Signal(str)

    def __init__(self, cwd: str | Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cwd_edit = QLineEdit(str(cwd), objectName="where_cwd")
        self.cwd_edit.setToolTip(tr("The training process's working directory: relative paths start here."))
        self.cwd_edit.editingFinished.connect(lambda: self.cwdChanged.emit(self.cwd_edit.text()))
        browse = QToolButton(text="…", objectName="where_cwd_browse", toolTip=tr("Choose the working directory"))
        browse.clicked.connect(self._pick)
        self.tree = QTreeWidget(objectName="where")
        self.tree.setHeaderLabels([tr("Output"), tr("Folder"), tr("Decided by")])
        self.tree.setRootIsDecorated(False)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.note = QLabel(objectName="where_note", wordWrap=True)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Working directory")))
        top.addWidget(self.cwd_edit, 1)
        top.addWidget(browse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.note)

    @property
    def cwd(self) -> str:
        return self.cwd_edit.text()

    def set_cwd(self, cwd: str | Path) -> None:
        self.cwd_edit.setText(str(cwd))

    def set_artifacts(self, artifacts: Iterable[Any]) -> None:
        """Rows from ``core.config.paths.resolve_paths`` (objects with artifact, path, decided_by)."""
        self.tree.clear()
        for artifact in artifacts:
            decided = {"cwd": tr("working directory"), "default": tr("default")}.get(artifact.decided_by,
                                                                                 artifact.decided_by)
            item = QTreeWidgetItem([artifact.artifact, str(artifact.path), decided])
            item.setToolTip(1, str(artifact.path))
            self.tree.addTopLevelItem(item)

    def rows(self) -> dict[str, tuple[str, str]]:
        """artifact -> (path, decided_by) as shown (tests and screenshots read this)."""
        return {self.tree.topLevelItem(i).text(0): (self.tree.topLevelItem(i).text(1),
                                                     self.tree.topLevelItem(i).text(2))
                for i in range(self.tree.topLevelItemCount())}

    def _pick(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, tr("Working directory"), self.cwd)
        if folder:
            self.set_cwd(folder)
            self.cwdChanged.emit(folder)
