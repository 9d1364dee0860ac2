"""DumpTreeModel: a lazy Qt item model over core DumpNode folders; folders are listed in a worker."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon
from PySide6.QtWidgets import QApplication, QStyle

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.scan.tree import DumpNode
from ascend_dump_gui.ui.dump.folder_index import ALERT_KINDS, FolderIndex
from ascend_dump_gui.ui.dump.kinds import kind_names
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.workers import TaskRunner, Worker

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
NodeRole = Qt.ItemDataRole.UserRole + 1
"""data(index, NodeRole) gives the DumpNode behind a row."""
KindRole = Qt.ItemDataRole.UserRole + 2
"""data(index, KindRole) gives the record kind of a file ("" for folders)."""
COLUMN_COUNT = 4  # Name, Kind, Files, Alerts
ALERT_COLOUR = "#d7301f"


def _list(node: DumpNode, *, progress: ProgressFn,
          cancel: CancelToken) -> tuple[DumpNode, list[DumpNode], str | None]:
    """Worker body: list one folder (pure I/O; the GUI thread attaches the result).

    Returns (node, children, None), or (node, [], why) when the folder cannot be read."""
    progress(0, 0, tr("listing {folder}").format(folder=node.path))
    with gc_paused():
        try:
            kids = node.list_children()
        except DumpError as exc:
            return node, [], str(exc)
        for kid in kids:  # work out each file's kind here, not on the GUI thread while painting
            if cancel.cancelled:
                break
            kid.record()
    return node, kids, None


class DumpTreeModel(QAbstractItemModel):
    """Folders and dump files below a root. ``fetchMore`` lists a folder in a worker (``sync=True`` lists
    on the calling thread, for small trees and tests); rows appear when the listing arrives.
    After :meth:`set_index`, folders show how many records they hold and badges for overflow/exception."""

    listingStarted = Signal(str)   # folder path
    listingFinished = Signal(str)  # folder path
    listingFailed = Signal(str, str)  # folder path, message

    def __init__(self, root: DumpNode, parent=None, *, runner: TaskRunner | None = None,
                 sync: bool = False) -> None:
        super().__init__(parent)
        self._root = root
        self._runner = runner or TaskRunner(self)
        self._sync = sync
        self._loading: dict[int, Worker] = {}
        self._waiters: dict[int, list[Callable[[], None]]] = {}
        self._index: FolderIndex | None = None
        self._unlisted: dict[str, str] = {}  # folders whose listing failed: relative path -> reason
        self._alert_icon: QIcon | None = None
        self._unreadable_icon: QIcon | None = None
        self._unreadable = tr("unreadable")
        self._titles = (tr("Name"), tr("Kind"), tr("Files"), tr("Alerts"))
        self._kinds = kind_names()
        self._alert_texts = {"overflow": tr("{count} overflow"), "exception": tr("{count} exception")}

    # --- structure -------------------------------------------------------------------------------
    def node(self, index: Index) -> DumpNode:
        return index.internalPointer() if index.isValid() else self._root

    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        kids = self.node(parent).children
        if kids is None or not (0 <= row < len(kids)) or not (0 <= column < COLUMN_COUNT):
            return QModelIndex()
        return self.createIndex(row, column, kids[row])

    def parent(self, index: Index | None = None):  # noqa: D401 - QObject.parent() when called bare
        if index is None:
            return super().parent()
        if not index.isValid():
            return QModelIndex()
        up = index.internalPointer().parent
        if up is None or up is self._root:
            return QModelIndex()
        return self.createIndex(up.row, 0, up)

    def index_of(self, node: DumpNode, column: int = 0) -> QModelIndex:
        """The index of an attached node (invalid for the root)."""
        if node is self._root or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.row, column, node)

    def rowCount(self, parent: Index = ROOT) -> int:
        if parent.column() > 0:
            return 0
        return len(self.node(parent).children or ())

    def columnCount(self, parent: Index = ROOT) -> int:
        return COLUMN_COUNT

    def hasChildren(self, parent: Index = ROOT) -> bool:
        if parent.column() > 0:
            return False
        node = self.node(parent)
        return node.is_dir if node.children is None else bool(node.children)

    def canFetchMore(self, parent: Index) -> bool:
        node = self.node(parent)
        return node.is_dir and node.children is None and id(node) not in self._loading

    def fetchMore(self, parent: Index) -> None:
        node = self.node(parent)
        if not node.is_dir or node.children is not None or id(node) in self._loading:
            return  # Qt's model tester calls this unasked: stay idempotent
        if self._sync:
            self._listed(_list(node, progress=lambda *_: None, cancel=CancelToken()))
            return
        worker = Worker(_list, node)
        worker.signals.finished.connect(self._listed)
        self._loading[id(node)] = worker
        self.listingStarted.emit(str(node.path))
        self._runner.start(worker)

    def _listed(self, result: tuple[DumpNode, list[DumpNode], str | None]) -> None:
        node, kids, problem = result
        if problem is not None:
            self._unlisted[node.rel] = problem
            self.listingFailed.emit(str(node.path), problem)
        self._attach(node, kids)
        if problem is not None and self._owns(node) and node.parent is not None:
            self.dataChanged.emit(self.index_of(node), self.index_of(node, COLUMN_COUNT - 1))

    def _attach(self, node: DumpNode, kids: list[DumpNode]) -> None:
        self._loading.pop(id(node), None)
        if node.children is not None or not self._owns(node):
            return
        if kids:
            parent = self.index_of(node)
            self.beginInsertRows(parent, 0, len(kids) - 1)
            node.children = kids
            self.endInsertRows()
        else:
            node.children = []
        self.listingFinished.emit(str(node.path))
        for waiter in self._waiters.pop(id(node), []):
            waiter()

    def _owns(self, node: DumpNode) -> bool:
        while node.parent is not None:
            node = node.parent
        return node is self._root

    def cancel_listings(self) -> None:
        """Stop every listing still running (e.g. before the model is replaced)."""
        for worker in list(self._loading.values()):
            worker.cancel()

    # --- contents --------------------------------------------------------------------------------
    def rel_path(self, index: Index) -> str:
        """The path of a row relative to the root, with ``/`` (``""`` for the root)."""
        return self.node(index).rel

    def set_index(self, index: FolderIndex | None) -> None:
        """Use a finished scan for the Files and Alerts columns (refreshes every listed folder)."""
        self._index = index
        stack = [self._root]
        while stack:
            node = stack.pop()
            kids = node.children or []
            if kids:
                parent = self.index_of(node)
                self.dataChanged.emit(self.index(0, 2, parent), self.index(len(kids) - 1, 3, parent))
                stack.extend(k for k in kids if k.is_dir)

    def counts(self, index: Index) -> Counter:
        """Records below a folder by kind (empty before :meth:`set_index`)."""
        if self._index is None:
            return Counter()
        return self._index.count(self.rel_path(index))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        node: DumpNode = index.internalPointer()
        column = index.column()
        if role == NodeRole:
            return node
        if role == KindRole:
            return "" if node.is_dir else (node.kind or "")
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(node, index, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(node, index)
        if node.is_dir and self.unreadable(node) is not None:
            if role == Qt.ItemDataRole.DecorationRole and column == 0:
                if self._unreadable_icon is None:
                    style = QApplication.style()
                    self._unreadable_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
                return self._unreadable_icon
            if role == Qt.ItemDataRole.ForegroundRole and column == 2:
                return QBrush(QColor(ALERT_COLOUR))
            return None
        if node.is_dir and self._alerts(index):
            if role == Qt.ItemDataRole.DecorationRole and column == 0:
                if self._alert_icon is None:
                    self._alert_icon = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
                return self._alert_icon
            if role == Qt.ItemDataRole.ForegroundRole and column == 3:
                return QBrush(QColor(ALERT_COLOUR))
        return None

    def _alerts(self, index: Index) -> list[tuple[str, int]]:
        counts = self.counts(index)
        return [(kind, counts[kind]) for kind in ALERT_KINDS if counts[kind]]

    def _display(self, node: DumpNode, index: Index, column: int) -> str | None:
        if column == 0:
            return node.label(tr)
        if column == 1:
            kind = "folder" if node.is_dir and node.problem is None else (node.kind or "")
            return self._kinds.get(kind, kind)
        if node.is_dir and column == 2 and self.unreadable(node) is not None:
            return self._unreadable
        if not node.is_dir or self._index is None:
            return None
        if column == 2:
            return f"{sum(self.counts(index).values()):,}"
        return " · ".join(self._alert_texts[kind].format(count=n) for kind, n in self._alerts(index)) or None


    def unreadable(self, node: DumpNode) -> str | None:
        """Why a folder cannot be read (scan or listing), or None."""
        why = self._unlisted.get(node.rel)
        if why is None and self._index is not None:
            why = self._index.unreadable.get(node.rel)
        return why or node.problem

    def _tooltip(self, node: DumpNode, index: Index) -> str:
        if not node.is_dir:
            return str(node.path)
        why = self.unreadable(node)
        if why is not None:
            return f"{node.path}\n{why}"
        counts = self.counts(index)
        parts = ", ".join(f"{self._kinds.get(kind, kind)} {n:,}" for kind, n in sorted(counts.items()))
        return f"{node.path}\n{parts}" if parts else str(node.path)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[section] if 0 <= section < COLUMN_COUNT else None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def locate(self, rel_path: str, done: Callable[[QModelIndex], None]) -> None:
        """Find the row for ``rel_path``, listing the folders on the way (in workers); calls ``done`` with
        its index, or with an invalid index if it does not exist."""
        parts = [p for p in rel_path.split("/") if p]
        self._walk(self._root, parts, done)

    def _walk(self, node: DumpNode, parts: list[str], done: Callable[[QModelIndex], None]) -> None:
        if not parts:
            done(self.index_of(node))
            return
        if node.children is None:
            if id(node) not in self._loading:
                self.fetchMore(self.index_of(node))
            if node.children is None:  # listing in a worker: continue when it is attached
                if id(node) not in self._loading:
                    done(QModelIndex())
                    return
                self._waiters.setdefault(id(node), []).append(lambda: self._walk(node, parts, done))
                return
        match = next((k for k in node.children if k.name == parts[0]), None)
        if match is None:
            done(QModelIndex())
            return
        self._walk(match, parts[1:], done)
