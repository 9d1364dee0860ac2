"""View > Theme: System / Light / Dark changes the palette and the plots' backgrounds, and is kept for later
starts; "system" follows the system's colour scheme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from ascend_dump_gui.ui.settings import saved_theme
from ascend_dump_gui.ui.theme import apply_theme, dark_palette


def _lightness(colour) -> int:
    return colour.lightness()


@pytest.fixture
def themed(qapp):
    """Light again after the test."""
    yield
    apply_theme("light")
    apply_theme("system")
    QApplication.processEvents()


def test_switching_the_theme_changes_the_palette_and_the_plots(qtbot, window, themed):
    compare = window.compare_panel
    window.tabs.setCurrentWidget(compare)
    plot = compare.plot.values_plot
    heatmap_view = compare.plot.heatmap._graphics
    qtbot.wait(20)
    light_background = plot.backgroundBrush().color()
    assert _lightness(light_background) > 128
    window.findChild(QAction, "theme_dark").trigger()
    assert saved_theme(window.settings) == "dark"
    qtbot.waitUntil(lambda: _lightness(plot.backgroundBrush().color()) < 128)
    base = dark_palette().color(QPalette.ColorRole.Base)
    assert plot.backgroundBrush().color() == base and heatmap_view.backgroundBrush().color() == base
    assert _lightness(compare.palette().color(QPalette.ColorRole.Window)) < 128
    assert _lightness(window.graph_panel.npu_side.canvas.backgroundBrush().color()) < 128
    assert window.findChild(QAction, "theme_dark").isChecked()
    window.findChild(QAction, "theme_light").trigger()
    assert saved_theme(window.settings) == "light"
    qtbot.waitUntil(lambda: _lightness(plot.backgroundBrush().color()) > 128)
    assert _lightness(compare.palette().color(QPalette.ColorRole.Window)) > 128


def test_system_follows_the_systems_colour_scheme(qtbot, window, themed, monkeypatch):
    """The real scheme change where the platform takes one from the application; offscreen (which keeps its
    light scheme) the change is reported through the same signal with the system's answer replaced."""
    from ascend_dump_gui.ui import theme

    hints = QGuiApplication.styleHints()
    window.findChild(QAction, "theme_system").trigger()
    hints.setColorScheme(Qt.ColorScheme.Dark)
    try:
        if hints.colorScheme() != Qt.ColorScheme.Dark:   # offscreen
            monkeypatch.setattr(theme, "system_is_dark", lambda: True)
            hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        qtbot.waitUntil(lambda: _lightness(QApplication.palette().color(QPalette.ColorRole.Window)) < 128)
        window.findChild(QAction, "theme_light").trigger()   # a choice other than "system" stops following
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        qtbot.wait(20)
        assert _lightness(QApplication.palette().color(QPalette.ColorRole.Window)) > 128
    finally:
        hints.unsetColorScheme()


def test_configures_greyed_keys_and_undecided_options_follow_the_theme(qtbot, shown_panel, tmp_path, themed):
    from PySide6.QtWidgets import QLabel

    from ascend_dump_gui.ui.config.panel import ConfigPanel
    from tests.ui.config.test_config_script_args import ENV_SCRIPT

    panel, _runner = shown_panel(ConfigPanel)
    script = tmp_path / "train.py"
    script.write_text(ENV_SCRIPT)
    panel.open_config(script)
    undecided = panel.form.findChild(QLabel, "dump_debug_mode__label")
    decided = panel.form.findChild(QLabel, "precision_mode__label")
    editor = undecided.buddy()

    def greyed_in(colour: str) -> bool:
        sheets = editor.styleSheet() + editor.parentWidget().styleSheet()
        return (undecided.text().startswith(f"<span style='color:{colour}'>") and f"color: {colour}" in sheets
                and f"<small style='color:{colour}'>precision_mode</small>" in decided.text())

    light = panel.palette().color(QPalette.ColorRole.PlaceholderText).name()
    dark = dark_palette().color(QPalette.ColorRole.PlaceholderText).name()
    assert light != dark and greyed_in(light)
    apply_theme("dark")
    qtbot.waitUntil(lambda: greyed_in(dark))
    assert light not in undecided.text() + decided.text()
    apply_theme("light")
    light_again = QApplication.style().standardPalette().color(QPalette.ColorRole.PlaceholderText).name()
    qtbot.waitUntil(lambda: greyed_in(light_again))
