"""The one place errors reach the user: plain sentences for expected failures, tracebacks for bugs."""

from __future__ import annotations

import logging
import sys
import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from ascend_dump_gui.core.errors import DumpError, reason_text
from ascend_dump_gui.ui.i18n import schema_text, tr

if TYPE_CHECKING:
    from types import TracebackType

    from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger(__name__)


def error_box(parent: QWidget | None, exc: BaseException, action: str) -> QMessageBox:
    """Build (not show) the message box for ``exc`` raised while doing ``action`` (a translated phrase)."""
    # its type loads with the first error, not before the first paint
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Critical, tr("Error"), tr("{action} failed.").format(action=action),
                      parent=parent)
    box.setObjectName("error_box")
    if isinstance(exc, (DumpError, OSError)):
        box.setInformativeText(error_text(exc))
    else:
        log.error("Unexpected error during %s", action, exc_info=exc)
        box.setInformativeText(tr("Unexpected {kind}: {error}").format(kind=type(exc).__name__, error=exc))
        box.setDetailedText("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    return box


def error_text(exc: BaseException) -> str:
    """An expected failure's sentence in the UI language (a message built with ``msg`` is translated by its
    template; other texts are shown as they are)."""
    return schema_text(reason_text(exc))


def show_error(parent: QWidget | None, exc: BaseException, action: str) -> QMessageBox:
    """Show ``exc`` without blocking (the event loop and tests keep running); returns the box."""
    box = error_box(parent, exc, action)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def install_excepthook(parent: QWidget | None) -> None:
    """Last resort for exceptions escaping Qt slots: log them and show a traceback dialog.

    Called from ``ui.app`` only, never inside widgets (pytest-qt owns the hook in tests).
    """

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        exc.__traceback__ = tb
        show_error(parent, exc, tr("An operation"))

    sys.excepthook = hook
