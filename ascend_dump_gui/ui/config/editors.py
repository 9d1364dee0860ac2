"""The only place that maps a :class:`Kind` to an editor widget.

An :class:`Editor` reads and writes one option. ``get()`` returns the value, :data:`UNSET` when the
user left the field empty, or raises ``ValueError`` with a sentence when the text cannot be read
(a bad dump_step, broken JSON); the form shows that sentence next to the field and keeps the last
good value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config import step_grammar
from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.ui.i18n import schema_text, tr, tr_schema


class _Unset:
    """The value of a field the user did not set (the option is left out of the config)."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
_INT_LIMIT = 2**31 - 1
# which runtime validators judge dump_step, per scenario (core.config.step_grammar.DECIDING)
STEP_PATHS = {"acl_json": "acl", "tf1_session": "tf1", "tf2_npu_device": "tf2", "torchair": "torchair"}


@dataclass(frozen=True)
class Editor:
    widget: QWidget                  # what goes into the layout
    input: QWidget                   # what takes focus; its objectName is the option key
    get: Callable[[], Any]
    set: Callable[[Any], None]       # accepts UNSET: show the default
    changed: SignalInstance
    note: Callable[[Any], str] = lambda value: ""  # a non-blocking remark on a value (dump_step grammar)


def split_list(text: str) -> list[str]:
    """Items of a list typed as text: separated by commas, spaces or new lines."""
    return [item for item in re.split(r"[,\s]+", text) if item]


def display(spec: FieldSpec, value: Any) -> str:
    """A value as the user reads it in a text field or table cell."""
    if value is None or value is UNSET:
        return ""
    if spec.kind is Kind.STR_LIST and isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if spec.kind is Kind.MAPPING and isinstance(value, dict):
        return json.dumps(value, indent=2)
    if spec.kind is Kind.TABLE and isinstance(value, (list, tuple)):
        return json.dumps(list(value)) if value else ""
    if spec.kind is Kind.BOOL:
        return "true" if value else "false"
    return str(value)


def parse(spec: FieldSpec, text: str) -> Any:
    """Read a value of ``spec``'s kind from ``text``; empty text is :data:`UNSET`."""
    text = text.strip()
    if not text:
        return UNSET
    if spec.kind is Kind.STR_LIST:
        return split_list(text)
    if spec.kind is Kind.TABLE:
        return _json_rows(spec, text)
    if spec.kind in (Kind.INT, Kind.FLOAT):
        return _number(spec, text)
    if spec.kind is Kind.BOOL:
        if text.lower() not in {"true", "false", "on", "off", "1", "0"}:
            raise ValueError(tr("{key} is true or false").format(key=spec.key))
        return text.lower() in {"true", "on", "1"}
    if spec.kind is Kind.CHOICE:
        for choice in spec.choices:
            if str(choice) == text:
                return choice
        raise ValueError(tr("{key} is one of {choices}").format(key=spec.key, choices=", ".join(map(str, spec.choices))))
    if spec.kind is Kind.MAPPING:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(tr("not valid JSON: {error} (line {line}, column {column})").format(
                error=exc.msg, line=exc.lineno, column=exc.colno)) from None
        if not isinstance(value, dict):
            raise ValueError(tr("a JSON object {...} is expected"))
        return value
    return text


def _json_rows(spec: FieldSpec, text: str) -> list[dict[str, Any]]:
    example = _example_rows(spec)
    try:
        rows = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(tr("{key}: not valid JSON ({error}); expected {example}").format(
            key=spec.key, error=exc.msg, example=example)) from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError(tr("{key}: a JSON list of objects is expected, like {example}").format(
            key=spec.key, example=example))
    return rows


def _example_rows(spec: FieldSpec) -> str:
    """The JSON shape of a table's rows, e.g. ``[{"model_name": ..., "layer": ...}]``."""
    return "[{" + ", ".join(f'"{c.key}": ...' for c in spec.columns) + "}]"


def _number(spec: FieldSpec, text: str) -> int | float:
    try:
        value = int(text) if spec.kind is Kind.INT else float(text)
    except ValueError:
        message = tr("{key} must be a whole number") if spec.kind is Kind.INT else tr("{key} must be a number")
        raise ValueError(message.format(key=spec.key)) from None
    if spec.minimum is not None and value < spec.minimum:
        raise ValueError(tr("{key} must be at least {minimum}").format(key=spec.key, minimum=f"{spec.minimum:g}"))
    if spec.maximum is not None and value > spec.maximum:
        raise ValueError(tr("{key} must be at most {maximum}").format(key=spec.key, maximum=f"{spec.maximum:g}"))
    return value


def _bool(spec: FieldSpec) -> Editor:
    w = QCheckBox()

    def set_(value: Any) -> None:
        w.setChecked(bool(spec.default if value is UNSET else value))

    return Editor(w, w, w.isChecked, set_, w.toggled)


def _number_editor(spec: FieldSpec) -> Editor:
    """A spin box when there is a default to show, else a text field (empty means not set)."""
    return _text(spec) if spec.default is None else _spin(spec)


def _spin(spec: FieldSpec) -> Editor:
    is_int = spec.kind is Kind.INT
    w = QSpinBox() if is_int else QDoubleSpinBox(decimals=6)
    low = -_INT_LIMIT if spec.minimum is None else spec.minimum
    high = _INT_LIMIT if spec.maximum is None else spec.maximum
    w.setRange(int(low), int(high)) if is_int else w.setRange(float(low), float(high))

    def set_(value: Any) -> None:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
        w.setValue(value if fits else spec.default)

    return Editor(w, w, w.value, set_, w.valueChanged)


def _choice(spec: FieldSpec) -> Editor:
    w = QComboBox()
    for choice in spec.choices:
        w.addItem(str(choice), choice)
    w.setPlaceholderText(tr("(not set)"))

    def get() -> Any:
        return UNSET if w.currentIndex() < 0 else w.currentData()

    def set_(value: Any) -> None:
        value = spec.default if value is UNSET else value
        while w.count() > len(spec.choices):  # drop an earlier out-of-range entry
            w.removeItem(w.count() - 1)
        index = next((i for i, c in enumerate(spec.choices) if c == value and type(c) is type(value)), -1)
        if index < 0 and value is not None:
            w.addItem(tr("{value} (not allowed)").format(value=repr(value)), value)
            index = w.count() - 1
        w.setCurrentIndex(index)

    return Editor(w, w, get, set_, w.currentIndexChanged)


def _text(spec: FieldSpec) -> Editor:
    w = QLineEdit(clearButtonEnabled=True)
    w.setPlaceholderText(display(spec, spec.default) or tr("(not set)"))

    def set_(value: Any) -> None:
        w.setText(display(spec, value))

    return Editor(w, w, lambda: parse(spec, w.text()), set_, w.textChanged)


def _path(spec: FieldSpec) -> Editor:
    text = _text(spec)
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    browse = QToolButton(text="…", toolTip=tr("Choose a file or folder"))
    browse.setObjectName(f"{spec.key}__browse")

    def pick() -> None:
        if spec.points_to_file:
            path, _ = QFileDialog.getOpenFileName(box, tr_schema(spec.label), text.input.text())
        else:
            path = QFileDialog.getExistingDirectory(box, tr_schema(spec.label), text.input.text())
        if path:
            text.input.setText(path)

    browse.clicked.connect(pick)
    layout.addWidget(text.widget)
    layout.addWidget(browse)
    return Editor(box, text.input, text.get, text.set, text.changed)


class ChoiceListEditor(QWidget):
    """A check box per allowed item of a STR_LIST with ``choices`` (dump_stats); order follows ``choices``."""

    changed = Signal()

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._spec = spec
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[str, QCheckBox] = {}
        for i, choice in enumerate(spec.choices):
            box = QCheckBox(str(choice), objectName=f"{spec.key}__{choice}")
            box.toggled.connect(lambda *_: self.changed.emit())
            layout.addWidget(box, i // 4, i % 4)
            self.boxes[str(choice)] = box

    def value(self) -> Any:
        chosen = [name for name, box in self.boxes.items() if box.isChecked()]
        return chosen or UNSET

    def set_value(self, value: Any) -> None:
        chosen = set() if value is UNSET or not isinstance(value, (list, tuple)) else {str(v) for v in value}
        for name, box in self.boxes.items():
            blocked = box.blockSignals(True)
            box.setChecked(name in chosen)
            box.blockSignals(blocked)


def _str_list(spec: FieldSpec) -> Editor:
    if not spec.choices:
        return _text(spec)
    w = ChoiceListEditor(spec)
    return Editor(w, w, w.value, w.set_value, w.changed)


def _mapping(spec: FieldSpec) -> Editor:
    w = QPlainTextEdit()
    w.setPlaceholderText(display(spec, spec.default) or '{"key": "value"}')
    w.setMaximumHeight(110)
    w.setTabChangesFocus(True)

    def set_(value: Any) -> None:
        w.setPlainText(display(spec, value))

    return Editor(w, w, lambda: parse(spec, w.toPlainText()), set_, w.textChanged)


def _cell_hint(spec: FieldSpec) -> str:
    if spec.kind is Kind.STR_LIST:
        return tr("Cell: names separated by commas or spaces.")
    if spec.kind is Kind.TABLE:
        return tr("Cell: a JSON list like {example}.").format(example=_example_rows(spec))
    return ""


class TableEditor(QWidget):
    """Rows of records (dump_list): one column per ``spec.columns`` field, cells typed as text."""

    changed = Signal()

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._spec = spec
        self.table = QTableWidget(0, len(spec.columns))
        self.table.setHorizontalHeaderLabels([c.key for c in spec.columns])
        for i, column in enumerate(spec.columns):
            header = self.table.horizontalHeaderItem(i)
            header.setToolTip("\n".join(filter(None, (tr_schema(column.label), tr_schema(column.help),
                                                       _cell_hint(column)))))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for i, column in enumerate(spec.columns):
            self.table.setColumnWidth(i, max(90, header.fontMetrics().horizontalAdvance(column.key) + 24))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setMinimumHeight(120)
        self.table.itemChanged.connect(lambda *_: self.changed.emit())
        add = QPushButton(tr("Add row"), objectName=f"{spec.key}__add")
        remove = QPushButton(tr("Remove row"), objectName=f"{spec.key}__remove")
        add.clicked.connect(self.add_row)
        remove.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add_row(self) -> None:
        self.table.insertRow(self.table.rowCount())
        self.table.setCurrentCell(self.table.rowCount() - 1, 0)
        self.changed.emit()

    def remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        if not rows and self.table.rowCount():
            rows = [self.table.rowCount() - 1]
        for row in rows:
            self.table.removeRow(row)
        self.changed.emit()

    def value(self) -> Any:
        """The rows as dicts holding only filled cells; ``ValueError`` names a cell that does not parse."""
        rows = []
        for r in range(self.table.rowCount()):
            row = {}
            for c, column in enumerate(self._spec.columns):
                item = self.table.item(r, c)
                try:
                    value = parse(column, item.text() if item else "")
                except ValueError as exc:
                    raise ValueError(tr("row {row}, {column}: {problem}").format(
                        row=r + 1, column=column.key, problem=exc)) from None
                if value is not UNSET:
                    row[column.key] = value
            rows.append(row)
        return rows

    def set_value(self, value: Any) -> None:
        rows = [r for r in value if isinstance(r, dict)] if isinstance(value, (list, tuple)) else []
        blocker = self.table.blockSignals(True)
        try:
            self.table.setRowCount(len(rows))
            for r, row in enumerate(rows):
                for c, column in enumerate(self._spec.columns):
                    self.table.setItem(r, c, QTableWidgetItem(display(column, row.get(column.key))))
        finally:
            self.table.blockSignals(blocker)

    def focus_cell(self, column_key: str, row: int = 0) -> None:
        """Select the cell of ``column_key`` in ``row`` (the first row when out of range)."""
        keys = [c.key for c in self._spec.columns]
        column = keys.index(column_key) if column_key in keys else 0
        if self.table.rowCount():
            self.table.setCurrentCell(min(row, self.table.rowCount() - 1), column)
        self.table.setFocus()


def _table(spec: FieldSpec) -> Editor:
    w = TableEditor(spec)
    w.table.setObjectName(f"{spec.key}__table")
    return Editor(w, w, w.value, w.set_value, w.changed)


def _step(spec: FieldSpec, scenario: str = "acl_json") -> Editor:
    """dump_step: any text is kept, and the runtime validators of ``scenario`` judge it as you type."""
    text = _text(spec)
    path = STEP_PATHS.get(scenario, "acl")

    def note(value: Any) -> str:
        problem = None if value is UNSET else step_grammar.problem(value, path)
        return schema_text(problem) if problem else ""

    return Editor(text.widget, text.input, text.get, text.set, text.changed, note)


EDITORS: dict[Kind, Callable[[FieldSpec], Editor]] = {
    Kind.BOOL: _bool,
    Kind.INT: _number_editor,
    Kind.FLOAT: _number_editor,
    Kind.STR: _text,
    Kind.CHOICE: _choice,
    Kind.PATH: _path,
    Kind.STEP: _step,
    Kind.STR_LIST: _str_list,
    Kind.TABLE: _table,
    Kind.MAPPING: _mapping,
}


def make_editor(spec: FieldSpec, scenario: str = "") -> Editor:
    """The editor for ``spec`` of ``scenario``; its input widget is named after the option key."""
    editor = _step(spec, scenario) if spec.kind is Kind.STEP else EDITORS[spec.kind](spec)
    editor.input.setObjectName(spec.key)
    return editor
