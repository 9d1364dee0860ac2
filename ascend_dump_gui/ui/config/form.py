"""SchemaForm: the editor of one scenario, generated from its FieldSpecs and grouped by the seeds' categories."""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Generator, Iterable, Iterator, Mapping
from typing import Any

from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.sources import cite
from ascend_dump_gui.ui.config.editors import UNSET, Editor, TableEditor, display, make_editor
from ascend_dump_gui.ui.config.findings_view import severity_text
from ascend_dump_gui.ui.i18n import finding_text, tr, tr_schema
from ascend_dump_gui.ui.icons import icon, severity_icon

_INDEXED = re.compile(r"^(\w+)\[(\d+)\]\.(\w+)$")
_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def help_text(spec: FieldSpec) -> str:
    """Everything a user should know about one option, as plain text (tooltip and help pane)."""
    lines = [f"{tr_schema(spec.label)} ({spec.key})"]
    if spec.deprecated:
        lines.append(tr("Deprecated: {note}").format(note=tr_schema(spec.deprecated)))
    if spec.help:
        lines.append(tr_schema(spec.help))
    if spec.choices:
        lines.append(tr("Allowed: {choices}").format(choices=", ".join(str(c) for c in spec.choices)))
    if spec.kind is Kind.STEP:
        lines.append(tr("Grammar: steps and ranges separated by '|', e.g. 0|3-5|10"))
    if spec.kind is Kind.STR_LIST:
        lines.append(tr("Several names: separate them with commas or spaces"))
    if spec.kind is Kind.TABLE:
        lines.append(tr("Columns: {columns}").format(columns=", ".join(c.key for c in spec.columns)))
    if spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else f"{spec.minimum:g}"
        high = "" if spec.maximum is None else f"{spec.maximum:g}"
        lines.append(tr("Range: {low} … {high}").format(low=low, high=high))
    default = display(spec, spec.default)
    lines.append(tr("Default: {value}").format(value=default) if default else tr("Default: not set"))
    if spec.products:
        lines.append(tr("Products: {products}").format(products=", ".join(spec.products)))
    if spec.source:
        lines.append(tr("Source: {source}").format(source=cite(spec.source, tr_schema)))
    return "\n".join(lines)


def locate(scenario: Scenario, option: str) -> tuple[str, str | None, int] | None:
    """Where a finding's option lives in the form: (field key, table column or None, row), or None."""
    match = _INDEXED.match(option)
    if match and scenario.has(match[1]):
        return match[1], match[3], int(match[2])
    if scenario.has(option):
        return option, None, 0
    for spec in scenario.fields:
        if spec.kind is Kind.TABLE and any(c.key == option for c in spec.columns):
            return spec.key, option, 0
    return None


class _Row:
    """The widgets of one option: label, editor, finding marker, parse problem, reset button."""

    def __init__(self, spec: FieldSpec, editor: Editor, key_colour: str) -> None:
        self.spec, self.editor = spec, editor
        self.label = QLabel(objectName=f"{spec.key}__label")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self._origin: tuple[str, str, bool] = ("", "", False)  # what show_origin was last given
        self._key_colour = key_colour
        self._label_html = ""
        self.restyle(key_colour)   # the tooltip too
        self.label.setBuddy(editor.input)
        editor.input.setToolTip(help_text(spec))
        self.marker = QLabel(objectName=f"{spec.key}__marker")
        self.marker.hide()
        self.problem = QLabel(objectName=f"{spec.key}__problem", wordWrap=True)
        self.problem.hide()
        self._note = ""                      # what the editor says about the text being typed
        self._reported: tuple[str, ...] = ()  # what the checker says about this field (shown texts)
        self.reset = QToolButton(objectName=f"{spec.key}__reset", autoRaise=True)
        self.reset.setIcon(icon("reset"))
        self.reset.setToolTip(tr("Leave this option out (use the default)"))
        self.field = QWidget()
        grid = QGridLayout(self.field)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(editor.widget, 0, 0)
        grid.addWidget(self.marker, 0, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.reset, 0, 2, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.problem, 1, 0, 1, 3)
        grid.setColumnStretch(0, 1)

    def show_set(self, is_set: bool) -> None:
        font = self.label.font()
        font.setBold(is_set)
        self.label.setFont(font)
        self.reset.setEnabled(is_set)

    @property
    def key_colour(self) -> str:
        return self._key_colour

    def restyle(self, key_colour: str) -> None:
        """Draw the option's key, and an undecided option, in ``key_colour`` (the palette's greyed text: again
        when the theme changes)."""
        self._key_colour = key_colour
        self._label_html = f"{tr_schema(self.spec.label)}<br><small style='color:{key_colour}'>{self.spec.key}</small>"
        origin, detail, undecided = self._origin
        self.show_origin(origin, detail, undecided=undecided)

    def show_origin(self, origin: str, detail: str = "", *, undecided: bool = False) -> None:
        """Under the option's name: where the imported script sets it ('' for none); ``detail`` in the tooltip.
        An ``undecided`` option (set only under a condition the import cannot decide) is drawn greyed, its
        condition under its name: the editor's value is not a value of the run."""
        self._origin = (origin, detail, undecided)
        grey = self._key_colour
        extra = f"<br><small style='color:{grey}'>{html.escape(origin)}</small>" if origin else ""
        self.label.setText((f"<span style='color:{grey}'>{self._label_html}</span>" if undecided else
                            self._label_html) + extra)
        self.label.setToolTip("\n\n".join(filter(None, (help_text(self.spec), detail))))
        self.editor.widget.setProperty("undecided", undecided)
        sheet = f"color: {grey}" if undecided else ""
        if self.editor.widget.styleSheet() != sheet:
            self.editor.widget.setStyleSheet(sheet)

    def show_problem(self, message: str) -> None:
        """Note a problem with the typed text under the field, unless a finding already says it."""
        self._note = message
        self.problem.setText(f"⚠ {message}")
        self._update_problem()

    def _update_problem(self) -> None:
        note = self._note
        shown = bool(note) and not any(note in text for text in self._reported)
        self.problem.setVisible(shown)
        self.editor.input.setProperty("invalid", bool(note))

    def show_findings(self, findings: list[Finding]) -> None:
        self._reported = tuple(finding_text(f) for f in findings)
        self._update_problem()  # the finding card and the marker now say it: no second copy under the field
        if not findings:
            self.marker.hide()
            self.editor.input.setProperty("severity", "")
            return
        worst = min(findings, key=lambda f: _RANK[Severity(f.severity)])
        self.marker.setPixmap(severity_icon(worst.severity).pixmap(16, 16))
        self.marker.setToolTip("\n".join(f"{severity_text(f.severity)}: {finding_text(f)}" for f in findings))
        self.marker.show()
        self.editor.input.setProperty("severity", Severity(worst.severity).value)


ROWS_PER_STEP = 6
"""A form made ahead in idle time adds this many option rows per piece (``ui.start.panels``)."""


class SchemaForm(QWidget):
    """Widgets for every option of ``scenario``; it shows values and reports edits, the panel owns the doc."""

    edited = Signal(str, object)  # option key, new value (UNSET: leave the option out)

    def __init__(self, scenario: Scenario, parent: QWidget | None = None, *, in_steps: bool = False) -> None:
        """``in_steps``: the rows are added by iterating :attr:`steps` (a few per step); else at once."""
        super().__init__(parent)
        self.scenario = scenario
        self.setObjectName(f"form_{scenario.name}")
        self._rows: dict[str, _Row] = {}
        self._shown: dict[str, Any] = {}
        self._groups: dict[str, tuple[QGroupBox, QFormLayout]] = {}
        self.steps = self._build()
        if not in_steps:
            for _ in self.steps:
                pass

    def _build(self) -> Iterator[None]:
        """The rows, :data:`ROWS_PER_STEP` per step, then the rest of the form."""
        key_colour = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        content = QWidget()
        self._content_layout = QVBoxLayout(content)
        for k, spec in enumerate(self.scenario.fields, 1):
            self._add_row(spec, key_colour)
            if k % ROWS_PER_STEP == 0:
                yield
        self._content_layout.addStretch(1)
        self.scroll = QScrollArea(widgetResizable=True)
        self.scroll.setWidget(content)
        self.help_pane = QLabel(objectName="help_pane", wordWrap=True)
        self.help_pane.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.help_pane.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.help_pane.setFrameShape(QLabel.Shape.StyledPanel)
        self.help_pane.setText(tr("Select a field to see what it does."))
        self.group_nav = QComboBox(objectName="group_nav")
        self.group_nav.setPlaceholderText(tr("Go to group…"))
        self.group_nav.setToolTip(tr("Scroll the form to a group of options"))
        for group, (box, _form) in self._groups.items():
            self.group_nav.addItem(box.title(), group)
        self.group_nav.setCurrentIndex(-1)
        self.group_nav.activated.connect(self._on_group_picked)
        self.group_nav.setVisible(len(self._groups) > 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.group_nav, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.help_pane)
        QApplication.instance().focusChanged.connect(self._on_focus)
        self.show_values({})

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new palette (View ▸ Theme): the keys and the undecided options greyed in its colour."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            key_colour = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
            for row in self._rows.values():
                if row.key_colour != key_colour:
                    row.restyle(key_colour)

    # building -------------------------------------------------------------------------------
    def _add_row(self, spec: FieldSpec, key_colour: str) -> None:
        group = spec.group or "Options"
        if group not in self._groups:
            title = tr_schema(spec.group) if spec.group else tr("Options")
            box = QGroupBox(title, objectName=f"group_{len(self._groups)}")
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow: the field under its label
            self._content_layout.addWidget(box)
            self._groups[group] = (box, form)
        row = _Row(spec, make_editor(spec, self.scenario.name), key_colour)
        self._groups[group][1].addRow(row.label, row.field)
        row.editor.changed.connect(lambda *_, key=spec.key: self._on_changed(key))
        row.reset.clicked.connect(lambda *_, key=spec.key: self.edited.emit(key, UNSET))
        self._rows[spec.key] = row

    # public ---------------------------------------------------------------------------------
    def editor(self, key: str) -> Editor:
        return self._rows[key].editor

    @property
    def groups(self) -> list[str]:
        return list(self._groups)

    def show_values(self, values: Mapping[str, Any]) -> None:
        """Show the set options in ``values`` (others show their default); fields whose value did not
        change since the form last saw it keep what the user is typing."""
        for key, row in self._rows.items():
            wanted = values.get(key, UNSET)
            row.show_set(key in values)
            if key in self._shown and _same(self._shown[key], wanted):
                continue
            with QSignalBlocker(row.editor.input), QSignalBlocker(row.editor.widget):
                row.editor.set(wanted)
            row.show_problem(row.editor.note(wanted))
            self._shown[key] = wanted

    def set_findings(self, findings: Iterable[Finding]) -> None:
        """Put severity markers next to the fields each finding involves."""
        per_key: dict[str, list[Finding]] = {}
        for finding in findings:
            for option in finding.options:
                where = locate(self.scenario, option)
                if where and finding not in per_key.setdefault(where[0], []):
                    per_key[where[0]].append(finding)
        for key, row in self._rows.items():
            row.show_findings(per_key.get(key, []))

    def set_origins(self, origins: Mapping[str, tuple[str, str]], undecided: Collection[str] = ()) -> None:
        """Show under each option where the imported training script sets it: (short line, full description);
        the ``undecided`` options greyed."""
        for key, row in self._rows.items():
            row.show_origin(*origins.get(key, ("", "")), undecided=key in undecided)

    def marker_text(self, key: str) -> str:
        """The tooltip of ``key``'s finding marker ('' when it has none)."""
        marker = self._rows[key].marker
        return marker.toolTip() if not marker.isHidden() else ""

    def problem_text(self, key: str) -> str:
        problem = self._rows[key].problem
        return problem.text() if not problem.isHidden() else ""

    def set_filter(self, text: str = "", only_keys: Iterable[str] | None = None) -> int:
        """Show fields whose key, label or help contains ``text`` (and, if given, are in ``only_keys``).

        Returns how many fields are visible.
        """
        needle = text.strip().lower()
        allowed = None if only_keys is None else set(only_keys)
        visible = 0
        for group, (box, form) in self._groups.items():
            shown_here = 0
            for key, row in self._rows.items():
                if (row.spec.group or "Options") != group:
                    continue
                spec = row.spec  # the English and the shown (translated) words both match
                haystack = f"{key} {spec.label} {spec.help} {tr_schema(spec.label)} {tr_schema(spec.help)}".lower()
                show = needle in haystack and (allowed is None or key in allowed)
                form.setRowVisible(row.field, show)
                shown_here += show
            box.setVisible(shown_here > 0)
            self._offer_group(group, shown_here > 0)
            visible += shown_here
        return visible

    def offered_groups(self) -> list[str]:
        """The groups the navigator lets the user pick (those the filters leave visible)."""
        model = self.group_nav.model()
        return [self.group_nav.itemData(i) for i in range(self.group_nav.count())
                if model.item(i).isEnabled()]

    def scroll_to_group(self, group: str) -> bool:
        """Scroll so the title of ``group`` is at the top of the view; False when it is hidden or unknown."""
        if group not in self._groups or self._groups[group][0].isHidden():
            return False
        box = self._groups[group][0]
        self.scroll.widget().layout().activate()
        self.scroll.verticalScrollBar().setValue(box.mapTo(self.scroll.widget(), box.rect().topLeft()).y())
        return True

    def is_visible_field(self, key: str) -> bool:
        row = self._rows[key]
        return not row.field.isHidden() and not row.field.parentWidget().isHidden()

    def focus_field(self, option: str) -> bool:
        """Scroll to the field of ``option`` (a key, a table column or ``list[i].column``) and focus it."""
        where = locate(self.scenario, option)
        if where is None:
            return False
        key, column, index = where
        row = self._rows[key]
        self.scroll.ensureWidgetVisible(row.field, 0, self.scroll.viewport().height() // 3)
        if isinstance(row.editor.input, TableEditor):
            row.editor.input.focus_cell(column or "", index)
        else:
            row.editor.input.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_help(key)
        return True

    # reacting -------------------------------------------------------------------------------
    def _offer_group(self, group: str, offered: bool) -> None:
        index = self.group_nav.findData(group)
        self.group_nav.model().item(index).setEnabled(offered)

    def _on_group_picked(self, index: int) -> None:
        self.scroll_to_group(self.group_nav.itemData(index))
        self.group_nav.setCurrentIndex(-1)  # back to "Go to group…": picking the same group again works

    def _on_changed(self, key: str) -> None:
        row = self._rows[key]
        try:
            value = row.editor.get()
        except ValueError as exc:
            row.show_problem(str(exc))
            return
        row.show_problem(row.editor.note(value))
        self._shown[key] = value
        self.edited.emit(key, value)

    def _on_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        widget = new
        while widget is not None and widget is not self:
            if widget.objectName() in self._rows and self._rows[widget.objectName()].editor.input is widget:
                self._show_help(widget.objectName())
                return
            widget = widget.parentWidget()

    def _show_help(self, key: str) -> None:
        self.help_pane.setText(help_text(self._rows[key].spec))


def _same(a: Any, b: Any) -> bool:
    return a is b if a is UNSET or b is UNSET else a == b


def scenario_form(scenario: str) -> Generator[None, None, SchemaForm]:
    """The form of scenario ``scenario`` (a key of ``SCENARIOS``), made in steps (``ui.start.panels``'s
    :func:`made_ahead` makes them all at once when none was made ahead)."""
    form = SchemaForm(SCENARIOS[scenario], in_steps=True)
    yield from form.steps
    return form
