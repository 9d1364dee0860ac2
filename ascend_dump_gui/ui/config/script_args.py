"""'Script arguments': the flags of an imported training script, editable, and where each setting comes from.

Changing a value asks (``argsChanged``) for the script to be evaluated again with the new command line, and changing
the environment field (``envChanged``: ``NAME=VALUE``, ``-u NAME``) with the environment variables that decide its
conditions; the panel only shows what the core found: each flag with its type, default and line, and each setting
with its value, the flag it comes from, the condition it is made under, and whether this run makes it (yes, no, or
undecided: a condition the run does not decide, such as an environment variable not given).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.script.flags import UNKNOWN, Flag
from ascend_dump_gui.core.config.script.variants import ScriptRun
from ascend_dump_gui.ui.i18n import tr

_SWITCHES = ("bool", "store_true", "store_false")
_VALUE = 1


def script_run(doc: ConfigDoc) -> ScriptRun | None:
    """The script behind ``doc`` when it was imported from a training script."""
    run = doc.facts.get("script")
    return run if isinstance(run, ScriptRun) else None


def comes_from(run: ScriptRun, where: dict[str, Any]) -> tuple[str, str]:
    """Where a setting's value comes from (its flags with their source and line) and its condition ('' if none)."""
    origin = []
    for name in where.get("flags", []):
        flag = run.flags.get(name)
        if flag is None:
            continue
        source = run.given.get(name) or tr("default {value}").format(value=_shown(flag.default))
        origin.append(tr("{option} ({source}, line {line})").format(option=flag.option, source=source,
                                                                     line=flag.line))
    return "; ".join(origin) or tr("the script"), " and ".join(where.get("conditions", []))


def field_origins(doc: ConfigDoc) -> dict[str, tuple[str, str]]:
    """Per option of ``doc``, where the script sets it: a short line (script line, flags) and the full text."""
    run = script_run(doc)
    if run is None:
        return {}
    out = {}
    for key, where in doc.facts.get("provenance", {}).items():
        source, condition = comes_from(run, where)
        options = ", ".join(run.flags[n].option for n in where.get("flags", []) if n in run.flags)
        short = tr("line {line}: {source}").format(line=where.get("line", "?"), source=options or tr("the script"))
        text = tr("line {line}: {source}").format(line=where.get("line", "?"), source=source)
        out[key] = (short, tr("{text}; when {condition}").format(text=text, condition=condition) if condition
                    else text)
    for key, undecided in doc.facts.get("undecided", {}).items():
        if key in out:
            continue   # set by this run already; the undecided line may change it (said in the settings list)
        text = tr("undecided: set to {value} only when {condition} (line {line})").format(
            value=_shown(undecided["value"]), condition=undecided["condition"], line=undecided["line"])
        out[key] = (text, text + "\n" + tr("The run does not decide this condition; decide it in Script arguments "
                                            "(environment variables) to see the setting as set or not."))
    return out


def undecided_keys(doc: ConfigDoc) -> set[str]:
    """Options of ``doc`` the script sets only under an undecided condition and that the run does not set."""
    return set(doc.facts.get("undecided", {})) - set(doc.values) - set(doc.facts.get("provenance", {}))


def undecided_variables(doc: ConfigDoc) -> list[str]:
    """Environment variables read by the conditions of ``doc``'s undecided settings, in order."""
    return list(dict.fromkeys(v for u in doc.facts.get("undecided", {}).values() for v in u.get("variables", ())))


def _shown(value: Any) -> str:
    if value is UNKNOWN:
        return "?"
    if isinstance(value, list):
        return ",".join(map(str, value))
    return "" if value is None else str(value)


class ScriptArgsPanel(QWidget):
    """Flags (editable) and settings (with provenance) of one run of a training script."""

    argsChanged = Signal(str)   # the command line to evaluate the script with
    envChanged = Signal(str)    # the environment variables decided for the run (NAME=VALUE, -u NAME)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("script_args")
        self.run: ScriptRun | None = None
        self._filling = False
        self.args_line = QLineEdit(objectName="script_args_line", clearButtonEnabled=True)
        self.args_line.setPlaceholderText(tr("No arguments: the script's defaults"))
        self.args_line.setToolTip(tr("The command line this run is evaluated with (split like a shell)."))
        self.args_line.editingFinished.connect(self._line_edited)
        self.env_line = QLineEdit(objectName="script_env_line", clearButtonEnabled=True)
        self.env_line.setPlaceholderText(tr("No variables decided: conditions on them stay undecided"))
        self.env_line.setToolTip(tr("Environment variables the run sees, split like a shell: NAME=VALUE sets one, "
                                    "-u NAME leaves it unset. A condition on a variable not given is undecided."))
        self.env_line.editingFinished.connect(self._env_edited)
        self.flags = QTreeWidget(objectName="script_flags")
        self.flags.setHeaderLabels([tr("Flag"), tr("Value"), tr("Default"), tr("Type"), tr("Line")])
        self.flags.setRootIsDecorated(False)
        self.flags.itemChanged.connect(self._flag_edited)
        self.settings = QTreeWidget(objectName="script_settings")
        self.settings.setHeaderLabels([tr("Option"), tr("Value"), tr("Line"), tr("Comes from"), tr("Condition")])
        self.settings.setRootIsDecorated(False)
        for tree in (self.flags, self.settings):
            header = tree.header()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setStretchLastSection(False)
        self.note = QLabel(objectName="script_note", wordWrap=True)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.flags)
        split.addWidget(self.settings)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(tr("Arguments")))
        layout.addWidget(self.args_line)
        layout.addWidget(QLabel(tr("Environment variables")))
        layout.addWidget(self.env_line)
        layout.addWidget(split, 1)
        layout.addWidget(self.note)

    # showing -----------------------------------------------------------------------------------
    def set_doc(self, doc: ConfigDoc) -> None:
        """Show the flags and settings of ``doc``'s run (empty when it is not a training script)."""
        self.run = script_run(doc)
        self._filling = True
        try:
            self.flags.clear()
            self.settings.clear()
            if self.run is None:
                self.args_line.clear()
                self.env_line.clear()
                self.note.clear()
                return
            self.args_line.setText(self.run.script_args)
            self.env_line.setText(self.run.script_env)
            variables = undecided_variables(doc)
            self.env_line.setPlaceholderText(
                tr("Undecided: give {example}").format(example=" ".join(f"{v}=…" for v in variables)) if variables
                else tr("No variables decided: conditions on them stay undecided"))
            for flag in self.run.flags.values():
                self.flags.addTopLevelItem(self._flag_item(flag, self.run.values.get(flag.name, flag.default)))
            self._fill_settings(doc)
        finally:
            self._filling = False

    def _flag_item(self, flag: Flag, value: Any) -> QTreeWidgetItem:
        default = tr("not declared in this file") if flag.kind == "external" and flag.default is UNKNOWN \
            else _shown(flag.default)
        item = QTreeWidgetItem([flag.option, "", default, flag.kind, str(flag.line)])
        item.setData(0, Qt.ItemDataRole.UserRole, flag.name)
        item.setToolTip(0, flag.help or flag.option)
        flags = item.flags() | Qt.ItemFlag.ItemIsEditable
        if flag.kind in _SWITCHES or flag.kind == "bool_text" or \
                flag.kind in ("literal", "str2bool", "external") and (isinstance(value, bool) or value is None):
            item.setFlags((flags & ~Qt.ItemFlag.ItemIsEditable) | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(_VALUE, Qt.CheckState.Checked if value is True else Qt.CheckState.Unchecked)
            item.setData(_VALUE, Qt.ItemDataRole.UserRole, "switch")
        else:
            item.setFlags(flags & ~Qt.ItemFlag.ItemIsUserCheckable)
            item.setText(_VALUE, _shown(value))
        if self.run is not None and flag.name in self.run.given:
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
        return item

    def _fill_settings(self, doc: ConfigDoc) -> None:
        run = self.run
        assert run is not None
        dim = QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        for key, where in doc.facts.get("provenance", {}).items():
            self.settings.addTopLevelItem(self._setting_item(key, _shown(doc.values.get(key)), where))
        for key, undecided in doc.facts.get("undecided", {}).items():
            item = self._setting_item(key, tr("{value} (undecided)").format(value=_shown(undecided["value"])),
                                      undecided["where"])
            item.setData(1, Qt.ItemDataRole.UserRole, "undecided")
            for column in range(item.columnCount()):
                item.setForeground(column, dim)
            self.settings.addTopLevelItem(item)
        for where in doc.facts.get("inactive", []):
            item = self._setting_item(where["key"], tr("not in this run"), where)
            for column in range(item.columnCount()):
                item.setForeground(column, dim)
            self.settings.addTopLevelItem(item)
        given = len(run.given)
        note = tr("{count} flags; {given} given on the command line, the others at their defaults.").format(
            count=len(run.flags), given=given)
        undecided = doc.facts.get("undecided", {})
        if undecided:
            note += " " + tr("{count} settings are undecided: the run does not decide their conditions.").format(
                count=len(undecided))
        self.note.setText(note)

    def _setting_item(self, key: str, value: str, where: dict[str, Any]) -> QTreeWidgetItem:
        assert self.run is not None
        source, condition = comes_from(self.run, where)
        item = QTreeWidgetItem([key, value, str(where.get("line", "")), source, condition or tr("always")])
        item.setData(0, Qt.ItemDataRole.UserRole, key)
        item.setToolTip(4, condition)
        return item

    def show_option(self, option: str) -> bool:
        """Select the setting of ``option`` (the script line a finding is about); False when it has none."""
        key = option.split("[")[0]
        for index in range(self.settings.topLevelItemCount()):
            item = self.settings.topLevelItem(index)
            if item.data(0, Qt.ItemDataRole.UserRole) == key:
                self.settings.setCurrentItem(item)
                self.settings.scrollToItem(item)
                return True
        return False

    # editing -----------------------------------------------------------------------------------
    def _flag_edited(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or self.run is None or column != _VALUE:
            return
        values: dict[str, Any] = {}
        for index in range(self.flags.topLevelItemCount()):
            row = self.flags.topLevelItem(index)
            flag = self.run.flags[row.data(0, Qt.ItemDataRole.UserRole)]
            if row.data(_VALUE, Qt.ItemDataRole.UserRole) == "switch":
                values[flag.name] = row.checkState(_VALUE) == Qt.CheckState.Checked
                continue
            text = row.text(_VALUE)
            if text == _shown(flag.default) or text == "?":
                continue
            try:
                values[flag.name] = flag.convert(text)
            except (ValueError, TypeError) as exc:
                row.setToolTip(_VALUE, str(exc))
                self.note.setText(tr("{option}: {problem}").format(option=flag.option, problem=str(exc)))
                return
        self.argsChanged.emit(self.run.args_for(values))

    def _line_edited(self) -> None:
        if self.run is not None and self.args_line.text() != self.run.script_args:
            self.argsChanged.emit(self.args_line.text())

    def _env_edited(self) -> None:
        if self.run is not None and self.env_line.text() != self.run.script_env:
            self.envChanged.emit(self.env_line.text())
