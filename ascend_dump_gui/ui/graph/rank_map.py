"""RankMapView: the rank x module heatmap of two msprobe trees (which module diverges on which rank), coloured
as the Graph view colours modules; activating a cell asks to show that module of that run."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from ascend_dump_gui.core.graph.msprobe_model import module_label
from ascend_dump_gui.core.graph.overlay import FIRST_DIVERGENCE
from ascend_dump_gui.core.graph.rank_modules import RankModuleMap
from ascend_dump_gui.ui.graph.items import FILL, TEXT, status_names
from ascend_dump_gui.ui.i18n import tr

_Index = QModelIndex | QPersistentModelIndex
FIRST_MARK = "◆"


class RankMapModel(QAbstractTableModel):
    """Rows: runs; columns: modules; a cell's background is the module's status on that run."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.map: RankModuleMap | None = None

    def set_map(self, value: RankModuleMap | None) -> None:
        self.beginResetModel()
        self.map = value
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if self.map is None or parent.isValid() else len(self.map.runs)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if self.map is None or parent.isValid() else len(self.map.modules)

    def cell(self, index: _Index) -> tuple[str, str]:
        return self.map.runs[index.row()], self.map.modules[index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if self.map is None or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Vertical:
            return self.map.runs[section]
        module = self.map.modules[section]
        return module if role == Qt.ItemDataRole.ToolTipRole else module_label(module, None)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self.map is None or not index.isValid():
            return None
        run, module = self.cell(index)
        status = self.map.status(run, module)
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(FILL[status])) if status is not None else None
        if role == Qt.ItemDataRole.ForegroundRole and status in TEXT:
            return QBrush(QColor(TEXT[status]))
        if role == Qt.ItemDataRole.DisplayRole:
            return FIRST_MARK if self.map.first == (run, module) else ""
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            shown = status_names()[status] if status is not None else tr("no such module on this run")
            text = f"{run} · {module}: {shown}"
            if self.map.first == (run, module):
                text += "\n" + tr("the tree's first divergence is in this module")
            return text
        return None


class RankMapView(QWidget):
    """The heatmap with a caption; ``cellActivated(run, module)`` on a double-click or Enter."""

    cellActivated = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("graph_rank_map")
        self.caption = QLabel()
        self.caption.setObjectName("graph_rank_map_caption")
        self.model = RankMapModel(self)
        self.table = QTableView()
        self.table.setObjectName("graph_rank_map_table")
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setDefaultSectionSize(36)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.activated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)

    def set_map(self, value: RankModuleMap | None) -> None:
        self.model.set_map(value)
        if value is None:
            self.caption.setText("")
            return
        failing = {run for (run, _), s in value.cells.items() if s == FIRST_DIVERGENCE}
        self.caption.setText(tr("Ranks x modules ({direction}, msprobe {mode} mode): {runs} runs, {modules} "
                                "modules; {failing} runs diverge. Double-click a cell to show it.").format(
            direction=value.direction, mode=value.mode, runs=len(value.runs), modules=len(value.modules),
            failing=len(failing)))

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.cellActivated.emit(*self.model.cell(index))
