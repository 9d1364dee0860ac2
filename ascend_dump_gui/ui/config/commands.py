"""Undo/redo: every edit and fix replaces the (config, environment) pair, so one command type covers all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QUndoCommand

from ascend_dump_gui.core.config.model import ConfigDoc

_MERGEABLE = 1


@dataclass(frozen=True)
class State:
    """What the editor shows: the config being edited and the environment it will run under."""

    doc: ConfigDoc
    env: ConfigDoc


class StateCommand(QUndoCommand):
    """Switch between two states; consecutive commands with the same ``merge_key`` (typing) merge."""

    def __init__(self, apply: Callable[[State], None], before: State, after: State, text: str,
                 merge_key: str = "") -> None:
        super().__init__(text)
        self._apply, self.before, self.after, self.merge_key = apply, before, after, merge_key

    def id(self) -> int:
        return _MERGEABLE if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, StateCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        self.setObsolete(_values(self.after) == _values(self.before))
        return True

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)


def _values(state: State) -> tuple:
    return state.doc.values, state.env.values
