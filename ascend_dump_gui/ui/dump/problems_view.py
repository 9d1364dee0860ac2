"""The Problems list of Browse (as in IDEs): every scan and read problem with its path and reason; activating
a row shows that path in the tree."""

from __future__ import annotations

import os

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableView, QWidget

from ascend_dump_gui.core.dump.records import Problem
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.path_menu import popup

Index = QModelIndex | QPersistentModelIndex


class ProblemsModel(QAbstractTableModel):
    """Rows: the scan's problems (the scan's own list, not copied: a 100k-problem scan costs nothing here),
    then the problems met while reading. Columns: found by, path relative to the root, reason."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._scan: list[Problem] = []
        self._read: list[tuple[str, str]] = []
        self.root = ""
        self._titles = (tr("Found by"), tr("Path"), tr("Reason"))
        self._sources = (tr("scan"), tr("read"))

    def set_problems(self, root: str, problems: list[Problem]) -> None:
        """The scan's problems under ``root`` (this replaces every problem listed before)."""
        self.beginResetModel()
        self.root, self._scan, self._read = root, problems, []
        self.endResetModel()

    def add(self, path: str, reason: str) -> None:
        """A problem met while reading (listing a folder, reading a tensor); the same one is listed once."""
        if (path, reason) in self._read:
            return
        row = self.rowCount()
        self.beginInsertRows(QModelIndex(), row, row)
        self._read.append((path, reason))
        self.endInsertRows()

    def _row(self, row: int) -> tuple[int, str, str]:
        if row < len(self._scan):
            problem = self._scan[row]
            return 0, problem.path, problem.message
        return 1, *self._read[row - len(self._scan)]

    def path_at(self, row: int) -> str:
        return self._row(row)[1]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        return 0 if parent.isValid() else len(self._scan) + len(self._read)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        source, path, reason = self._row(index.row())
        if index.column() == 0:
            return self._sources[source]
        return (path or ".") if index.column() == 1 else schema_text(reason)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[section] if 0 <= section < 3 else None
        return None


class ProblemsView(QTableView):
    """The problems table; ``pathChosen(rel_path)`` when a row is activated (double click or Enter)."""

    pathChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problems")
        self.problems = ProblemsModel(self)
        self.setModel(self.problems)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(22)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        self.setColumnWidth(0, 60)
        self.setColumnWidth(1, 260)
        self.setWordWrap(False)
        self.activated.connect(lambda index: self.pathChosen.emit(self.problems.path_at(index.row())))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)

    def menu_at(self, pos) -> QMenu | None:
        """The right-click menu of the row at viewport position ``pos`` (None off the rows)."""
        index = self.indexAt(pos)
        if not index.isValid():
            return None
        path = self.problems.path_at(index.row())
        full = os.path.join(self.problems.root, path)
        menu = QMenu(self)
        menu.addAction(tr("Show in tree"), lambda: self.pathChosen.emit(path))
        menu.addAction(tr("Copy path"), lambda: QGuiApplication.clipboard().setText(full))
        return menu

    def _menu(self, pos) -> None:
        popup(self.menu_at(pos), self.viewport().mapToGlobal(pos))
