"""Every text a user can read in a widget tree: labels, buttons, tabs, menus and their actions, tooltips, combo
items, placeholders, group titles, the status bar, and the headers and cells of item views. Shared by the
translation-completeness test and the checks of single dialogs."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPushButton,
    QTabBar,
    QToolButton,
    QWidget,
)

MAX_ROWS = 60  # rows read per level of a view (the first ones: the rest repeat the same words with other data)
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    """How many columns ``model`` has under ``parent`` (a list model's columnCount is private in PySide6)."""
    return 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)


def _model_texts(model: QAbstractItemModel, parent: QModelIndex, depth: int) -> Iterator[tuple[str, str]]:
    """Headers, then the cells under ``parent`` (a view's root) and their children, a few levels deep."""
    if depth == 0:
        for orientation in (Qt.Orientation.Horizontal,):
            for column in range(_columns(model, parent)):
                for role in ROLES:
                    yield "header", str(model.headerData(column, orientation, role) or "")
    if depth > 3:
        return
    for row in range(min(model.rowCount(parent), MAX_ROWS)):
        for column in range(_columns(model, parent)):
            index = model.index(row, column, parent)
            for role in ROLES:
                value = model.data(index, role)
                if isinstance(value, str):
                    yield "cell", value
        first = model.index(row, 0, parent)
        if first.isValid() and model.rowCount(first) and not model.canFetchMore(first):
            yield from _model_texts(model, first, depth + 1)


def menu_texts(menu: QMenu, where: str = "menu") -> Iterator[tuple[str, str]]:
    """The texts of a menu's actions, tooltips included, and of its sub-menus."""
    yield where, menu.title()
    for action in menu.actions():
        if action.menu() is not None:
            yield from menu_texts(action.menu(), where)
        elif not action.isSeparator():
            yield where, action.text()
            if action.toolTip() != action.text().replace("&", ""):
                yield f"{where} tooltip", action.toolTip()


def shown_texts(root: QWidget, *, hidden: bool = False) -> Iterator[tuple[str, str]]:
    """``(kind, text)`` for every text ``root`` shows (only widgets visible in it unless ``hidden``)."""
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if widget is not root and not hidden and not widget.isVisibleTo(root):
            continue
        name = type(widget).__name__
        if widget.toolTip():
            yield f"{name} tooltip", widget.toolTip()
        if widget.isWindow() and widget.windowTitle():
            yield "title", widget.windowTitle()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield name, widget.text()
        if isinstance(widget, (QToolButton, QPushButton)) and widget.menu() is not None:
            yield from menu_texts(widget.menu(), f"{name} menu")
        if isinstance(widget, QLineEdit):
            yield "placeholder", widget.placeholderText()
        if isinstance(widget, QGroupBox):
            yield "group", widget.title()
        if isinstance(widget, QTabBar):
            for i in range(widget.count()):
                yield "tab", widget.tabText(i)
                yield "tab tooltip", widget.tabToolTip(i)
        if isinstance(widget, QComboBox):
            yield from (("combo item", widget.itemText(i)) for i in range(widget.count()))
        if isinstance(widget, QAbstractItemView) and widget.model() is not None and not isinstance(widget.parent(),
                                                                                                   QComboBox):
            yield from ((f"{name} {kind}", text) for kind, text in _model_texts(widget.model(), widget.rootIndex(), 0))
        for action in widget.actions():  # context-menu actions of a widget
            if action.menu() is not None:
                yield from menu_texts(action.menu(), f"{name} action menu")
            elif not action.isSeparator() and action.text():
                yield f"{name} action", action.text()
                if action.toolTip() != action.text().replace("&", ""):
                    yield f"{name} action tooltip", action.toolTip()
        if isinstance(widget, QMainWindow):
            yield "status bar", widget.statusBar().currentMessage()
            for action in widget.menuBar().actions():
                if action.menu() is not None:
                    yield from menu_texts(action.menu())
