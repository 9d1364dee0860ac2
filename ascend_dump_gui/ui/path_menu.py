"""The right-click menu of a file or folder: Copy path, Show in folder, Compare with…"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from ascend_dump_gui.ui.i18n import tr


def show_in_folder(path: str) -> bool:
    """Open the folder holding ``path`` (``path`` itself when it is a folder) in the desktop's file manager."""
    folder = path if os.path.isdir(path) else os.path.dirname(path)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(folder))


def path_menu(parent: QWidget, path: str, compare: Callable[[str], None] | None = None) -> QMenu:
    """A menu for the absolute ``path``; ``compare(path)`` backs "Compare with…" (left out when None)."""
    menu = QMenu(parent)
    menu.setObjectName("path_menu")
    menu.addAction(tr("Copy path"), lambda: QGuiApplication.clipboard().setText(path))
    menu.addAction(tr("Show in folder"), lambda: show_in_folder(path))
    if compare is not None:
        menu.addAction(tr("Compare with…"), lambda: compare(path))
    return menu


def popup(menu: QMenu | None, global_pos) -> None:
    """Show ``menu`` at ``global_pos`` and delete it once closed (nothing when None)."""
    if menu is not None:
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(global_pos)
