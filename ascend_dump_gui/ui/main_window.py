"""The main window: Configure / Browse / Compare modes, menus, status bar, drag and drop; wiring only."""

from __future__ import annotations

from collections.abc import Generator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMenuBar, QTabWidget, QVBoxLayout, QWidget

from ascend_dump_gui import __version__
from ascend_dump_gui.core.msprobe.matches import CallMatches
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import LANGUAGES, current_language, install_language, schema_text, tr, tr_schema
from ascend_dump_gui.ui.icons import icon
from ascend_dump_gui.ui.session import Session, save_session
from ascend_dump_gui.ui.settings import (
    THEMES,
    add_recent_file,
    app_settings,
    recent_files,
    save_language,
    save_theme,
    saved_theme,
)
from ascend_dump_gui.ui.start.first_paint import after_first_paint
from ascend_dump_gui.ui.start.panels import PanelBuilder, Plan, at_once, in_pieces, in_steps
from ascend_dump_gui.ui.start.parts import PROFILE, REPLAY, TENSOR_PLOT
from ascend_dump_gui.ui.start.preload import preload
from ascend_dump_gui.ui.status import StatusBar
from ascend_dump_gui.ui.workers import TaskRunner

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from ascend_dump_gui.ui.compare.panel import ComparePanel
    from ascend_dump_gui.ui.config.panel import ConfigPanel
    from ascend_dump_gui.ui.config.run_emulator import RunEmulatorDialog
    from ascend_dump_gui.ui.dump.panel import BrowsePanel
    from ascend_dump_gui.ui.graph.panel import GraphPanel
    from ascend_dump_gui.ui.nextrun.flow import NextRunFlow
    from ascend_dump_gui.ui.ranks.panel import RanksPanel

APP_NAME = "Ascend Dump GUI"
MODES = ("configure", "browse", "compare", "ranks", "graph")
"""The modes in tab order. Each panel is built in pieces after the window's first paint (the one shown first
first), or at once when used before: until then its tab holds a placeholder."""
_UI = "ascend_dump_gui.ui."
_CORE = "ascend_dump_gui.core."
PLANS = {
    "configure": Plan((_UI + "config.panel",), (_UI + "config.form:scenario_form:env",
                                                _UI + "config.form:scenario_form:acl_json")),
    "browse": Plan((_UI + "dump.panel",), after=(_UI + "dump.tensor_view", _UI + "msprobe.browser", *TENSOR_PLOT * 2,
                                                 ".record_view.tensor_view")),
    "compare": Plan((_UI + "compare.panel", _UI + "msprobe.compare_view"),  # its plots, and its msprobe view's
                    (TENSOR_PLOT + REPLAY) * 2 + PROFILE,   # (those taken by other views meanwhile made again)
                    after=(*TENSOR_PLOT, *REPLAY, ".msprobe_view")),
    "ranks": Plan((_UI + "ranks.panel",)),
    "graph": Plan((_UI + "graph.panel",)),
}
"""How each mode's panel is built in pieces (see ``ui.start.panels``)."""
DEMO_CONFIG = "demo"
"""What :meth:`MainWindow.configure_later` opens when given no file: the built-in demo config."""


DEFAULT_SIZE = QSize(1280, 820)
FRAME_ALLOWANCE = QSize(16, 48)
"""Room for the window manager's frame and title bar (unknown until the window is shown)."""


def initial_geometry(available: QRect) -> QRect:
    """Where a first start opens: :data:`DEFAULT_SIZE`, smaller on a smaller screen (frame included), centred
    in the screen's ``available`` geometry."""
    rect = QRect(QPoint(0, 0), DEFAULT_SIZE.boundedTo(available.size() - FRAME_ALLOWANCE))
    rect.moveCenter(available.center())
    return rect


class MainWindow(QMainWindow):
    """Assembles the panels, menus and status bar, and connects them through signals."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or app_settings()
        self.setWindowIcon(icon("app"))
        self.runner = TaskRunner(self)
        self.dump_folder: Path | None = None  # the folder last opened in Browse
        self.setAcceptDrops(True)
        self._configure_with: Path | str | None = None  # what Configure opens once built (None: a new acl.json)
        self._demo: Path | None = None  # the demo's folder, whose config Configure shows when given nothing
        self._unplaced: dict[str, QWidget] = {}  # panels made by the builder, put in their tabs on its next turn
        self.builder = PanelBuilder(self, PLANS, self._panel, self._make_unplaced)
        self._shown = False   # the first mode's panel has painted
        self._after_content: list = []
        self._build()
        screen = self.screen()
        if screen is not None:
            self.setGeometry(initial_geometry(screen.availableGeometry()))
        self._restore_state()
        self._update_title()
        after_first_paint(self, self._start_building)

    def _build(self) -> None:
        """Status bar, a placeholder per mode, and menus in the current language (again after a language
        switch)."""
        self.status = StatusBar(self.runner)
        self.setStatusBar(self.status)
        old_stack = getattr(self, "undo_stack", None)
        self.undo_stack = QUndoStack(self)  # Configure's edits: the Edit menu shows them before Configure is built
        if old_stack is not None:
            old_stack.deleteLater()
        self._panels: dict[str, QWidget] = {}
        for panel in self._unplaced.values():   # made in the old language
            panel.deleteLater()
        self._unplaced.clear()
        self._graph_compare = None  # a finished compare for the Graph mode, until that mode is shown
        self._graph_seen = False
        self.matches = CallMatches()  # msprobe calls matched by hand (Graph), used by every compare of the session
        self.builder.reset()
        self.tabs = QTabWidget(objectName="modes", documentMode=True)
        for name in MODES:
            self.tabs.addTab(self._placeholder(name), *self._tab_label(name))
        self.tabs.currentChanged.connect(self._mode_shown)
        self.setCentralWidget(self.tabs)
        self.setMenuBar(QMenuBar())
        self._build_menus()

    @staticmethod
    def _tab_label(name: str):
        return {"configure": (icon("configure"), tr("Configure")), "browse": (icon("browse"), tr("Browse")),
                "compare": (icon("compare"), tr("Compare")), "ranks": (icon("compare"), tr("Ranks")),
                "graph": (icon("graph"), tr("Graph"))}[name]

    def _placeholder(self, name: str) -> QWidget:
        """What mode ``name``'s tab shows until its panel is built."""
        placeholder = QWidget(objectName=f"{name}_placeholder")
        label = QLabel(tr("Opening {mode}…").format(mode=self._tab_label(name)[1]), placeholder)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setEnabled(False)
        QVBoxLayout(placeholder).addWidget(label)
        return placeholder

    def _start_building(self) -> None:
        """After the first paint: the mode shown first, then the others, built in pieces between events; once
        the first is built, what later modes need is preloaded (off the GUI thread)."""
        mode = MODES[self.tabs.currentIndex()]
        self.builder.want(mode)
        self.when_built((mode,), lambda: after_first_paint(self._panels[mode], self._content_shown))

    def _content_shown(self) -> None:
        """The first mode has painted: what later modes need is preloaded, what waited for it runs."""
        preload()
        self._shown = True
        waiting, self._after_content = self._after_content, []
        for fn in waiting:
            fn()

    def after_content(self, fn) -> None:
        """Call ``fn`` once the mode the window opens in has painted its panel (at once if it has)."""
        if self._shown:
            fn()
        else:
            self._after_content.append(fn)

    def when_built(self, modes: tuple[str, ...], fn) -> None:
        """Call ``fn`` once the panels of ``modes`` are built (those built first; not before the first paint)."""
        self.builder.when_built(modes, fn)

    def _mode_shown(self, index: int) -> None:
        """A mode not built yet shows its placeholder and is built next, in pieces."""
        if not 0 <= index < len(MODES):
            return
        if not self.built(MODES[index]):
            self.builder.want(MODES[index])
        elif MODES[index] == "graph":
            self._graph_shown()

    def _make_unplaced(self, name: str) -> Generator[int, None, None]:
        """Make mode ``name``'s panel, not yet in its tab (:meth:`_panel` puts it there): the builder makes it (in
        steps, one per turn, when its ``_make_`` method makes it in steps) and puts it in place on turns of their
        own. When :meth:`_panel` cannot wait it makes the panel at once, and ``builder.built`` drops these steps
        unfinished; were they resumed anyway, the panel they make is dropped."""
        if name in self._panels or name in self._unplaced:
            return
        panel = yield from in_steps(getattr(self, f"_make_{name}"), ())
        if name in self._panels or name in self._unplaced:
            panel.deleteLater()
        else:
            self._unplaced[name] = panel

    def _panel(self, name: str) -> QWidget:
        """The panel of mode ``name``, built (at once, if its pieces are not all made yet) and put in its tab on
        first use."""
        panel = self._panels.get(name)
        if panel is not None:
            return panel
        panel = self._unplaced.pop(name, None)
        if panel is None:
            panel = at_once(in_steps(getattr(self, f"_make_{name}"), ()))
        self._panels[name] = panel
        self.builder.built(name, panel)
        index = MODES.index(name)
        current = self.tabs.currentIndex()
        placeholder = self.tabs.widget(index)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, panel, *self._tab_label(name))
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(False)
        placeholder.deleteLater()
        if name == "graph" and current == index:
            self._graph_shown()
        if name == "configure":
            self._update_title()
            self._open_in_configure()
        return panel

    def built(self, name: str) -> bool:
        """True once mode ``name`` (one of :data:`MODES`) has its panel."""
        return name in self._panels

    @property
    def next_run(self) -> NextRunFlow:
        """The loop from a finding to the next run (made on first use: it imports the fix and capture core)."""
        flow = getattr(self, "_next_run", None)
        if flow is None:
            from ascend_dump_gui.ui.nextrun.flow import NextRunFlow

            flow = self._next_run = NextRunFlow(self)
        return flow

    @property
    def config_panel(self) -> ConfigPanel:
        return self._panel("configure")

    @property
    def browse_panel(self) -> BrowsePanel:
        return self._panel("browse")

    @property
    def compare_panel(self) -> ComparePanel:
        return self._panel("compare")

    @property
    def ranks_panel(self) -> RanksPanel:
        return self._panel("ranks")

    @property
    def graph_panel(self) -> GraphPanel:
        """The Graph mode's panel, following each compare from now on (one built in the background does not)."""
        panel = self._panel("graph")
        if not self._graph_seen:
            self._graph_shown()
        return panel

    def _make_configure(self) -> Generator[None, None, ConfigPanel]:
        from ascend_dump_gui.ui.config.panel import config_panel

        panel = yield from config_panel(self.runner, self.status, undo_stack=self.undo_stack)
        panel.restore_layout(self.settings)
        panel.stateChanged.connect(self._update_title)
        panel.fileOpened.connect(self._remember)
        return panel

    def configure_later(self, path: str | Path | None = None, *, demo: Path | None = None) -> None:
        """Show Configure with ``path`` (a config, script or env file; else, or when it cannot be opened, the
        demo config: that of the demo in folder ``demo`` if given, else a watcher sample), opened once the panel
        is built: after the window's first paint, or when first used."""
        self._configure_with = Path(path) if path is not None else DEMO_CONFIG
        self._demo = demo
        self.tabs.blockSignals(True)  # the placeholder stays until then
        self.tabs.setCurrentIndex(MODES.index("configure"))
        self.tabs.blockSignals(False)
        if self.built("configure"):
            self._open_in_configure()

    def _open_in_configure(self) -> None:
        """Open what :meth:`configure_later` asked for in the built Configure panel."""
        wanted, self._configure_with = self._configure_with, None
        if wanted is None or wanted != DEMO_CONFIG and self.open_path(wanted):
            return
        if self._demo is None:
            self.config_panel.load_demo()
            return
        from ascend_dump_gui.core.config.formats.importers import parse_text
        from ascend_dump_gui.core.demo import CONFIG_NAME, config_text

        self.config_panel.load_doc(parse_text(config_text(), kind="acl_json"), self._demo / CONFIG_NAME)

    def _make_browse(self) -> BrowsePanel:
        from ascend_dump_gui.ui.dump.panel import BrowsePanel

        panel = BrowsePanel(self.runner)
        panel.opActivated.connect(lambda op: self._forward("compare", "select_op", op))  # kept when switching
        panel.opActivated.connect(lambda op: self._forward("graph", "select_op", op))
        panel.compareRequested.connect(lambda *paths: self._compare_with_golden(*paths))
        panel.compareRequested.connect(lambda *_: self.tabs.setCurrentWidget(self.compare_panel))
        panel.graphRequested.connect(self.show_msprobe_in_graph)
        return panel

    def _compare_with_golden(self, *paths) -> None:
        self.compare_panel.inputs.set_reference_kind(golden=True)
        self.compare_panel.compare_with(*paths)

    def _make_compare(self) -> Generator[None, None, ComparePanel]:
        from ascend_dump_gui.ui.compare.panel import compare_panel

        panel = yield from compare_panel(self.runner)
        panel.matches = self.matches
        panel.opActivated.connect(self.show_op_in_browse)
        panel.finished.connect(self._show_compare_in_graph)
        panel.cleared.connect(self._compare_cleared)
        panel.rowSelected.connect(self._compare_row_selected)
        panel.graphRequested.connect(lambda npu, run, bench: self.show_msprobe_in_graph(npu, run, "", bench))
        panel.run_context = self._run_context
        panel.fixRequested.connect(lambda request: self.next_run.propose_fix(request))
        panel.captureRequested.connect(lambda request: self.next_run.capture_next(request))
        return panel

    def _run_context(self):
        """Configure's config and product, as the replay takes them for the run's precision mode (None before
        Configure is built)."""
        if not self.built("configure"):
            return None
        from ascend_dump_gui.ui.replay.jobs import RunContext

        return RunContext(self.config_panel.doc, self.config_panel.product_box.currentData())

    def _make_ranks(self) -> RanksPanel:
        from ascend_dump_gui.ui.ranks.panel import RanksPanel

        panel = RanksPanel(self.runner)
        panel.compareRequested.connect(self.compare_run)
        panel.browseRequested.connect(self.open_folder)
        panel.captureRequested.connect(lambda *cell: self.next_run.from_ranks(*cell))
        return panel

    def _make_graph(self) -> GraphPanel:
        from ascend_dump_gui.ui.graph.panel import GraphPanel

        panel = GraphPanel(self.runner)
        panel.matches = self.matches
        panel.opSelected.connect(self._graph_op_selected)
        panel.replayRequested.connect(self._replay_from_graph)
        panel.nextRunRequested.connect(lambda kind, request: self.next_run.from_graph(kind, request))
        return panel

    def _graph_shown(self) -> None:
        """The Graph mode is on screen (or asked for): from now on it follows each compare (its graph is opened
        only then, not while the mode is built in the background)."""
        self._graph_seen = True
        if self._graph_compare is not None:
            result, self._graph_compare = self._graph_compare, None
            self._colour_graph(self._panels["graph"], result)

    def _forward(self, name: str, method: str, *args) -> None:
        """Call ``method`` of mode ``name``'s panel if it is built (one not built yet has nothing to select)."""
        if name in self._panels:
            getattr(self._panels[name], method)(*args)

    # public slots ---------------------------------------------------------------------------
    def open_path(self, path: str | Path) -> bool:
        """A folder opens in Browse; a config, script or env file opens in Configure."""
        path = Path(path)
        if path.is_dir():
            self.open_folder(path)
            return True
        if not self.config_panel.maybe_discard():
            return False
        try:
            self.config_panel.open_config(path)
        except Exception as exc:  # noqa: BLE001 - shown to the user, expected failures in plain words
            show_error(self, exc, tr("Opening {name}").format(name=path.name))
            return False
        self.tabs.setCurrentWidget(self.config_panel)
        return True

    def open_folder(self, path: str | Path) -> None:
        """Show a dump folder in the Browse mode (the Browse panel implements ``open_folder``)."""
        self.browse_panel.open_folder(path)
        self.tabs.setCurrentWidget(self.browse_panel)
        self.dump_folder = Path(path)
        self._remember(Path(path))

    def open_folder_later(self, path: str | Path) -> None:
        """Show the Browse mode at once and open ``path`` in it after the window's first paint."""
        self.tabs.blockSignals(True)  # the placeholder stays until then
        self.tabs.setCurrentIndex(MODES.index("browse"))
        self.tabs.blockSignals(False)
        self.dump_folder = Path(path)
        self._remember(Path(path))
        self.when_built(("browse",), lambda: self.open_folder(path))

    def show_op_in_browse(self, op_name: str) -> None:
        """Switch to Browse with ``op_name`` selected (Compare's "Show in Browse")."""
        self.tabs.setCurrentWidget(self.browse_panel)
        self.browse_panel.select_op(op_name)

    def compare_run(self, npu: str, reference: str) -> None:
        """Compare one run with its reference in the Compare mode (the Ranks view's "Open in Compare")."""
        self.compare_panel.set_inputs(npu, reference)
        self.compare_panel.inputs.set_reference_kind(golden=self.ranks_panel.mode.currentData() == "golden")
        self.tabs.setCurrentWidget(self.compare_panel)
        self.compare_panel.run()
    def _show_compare_in_graph(self, result) -> None:
        """Colour the Graph mode from a finished compare (kept for the Graph mode until it is first shown)."""
        if self._graph_seen:
            self._colour_graph(self.graph_panel, result)
        else:
            self._graph_compare = result

    def _compare_cleared(self) -> None:
        """Compare's result went (new run, changed inputs): the Graph keeps no colours of it."""
        self._graph_compare = None
        self._forward("graph", "set_compare", None, ())

    def _colour_graph(self, graph: GraphPanel, result) -> None:
        """Colour ``graph`` from a compare result; open the graph it used when another one is shown."""
        graph.set_compare(result, self.compare_panel.model.statuses())
        used = result.summary.get("graph")
        if used and (graph.path is None or Path(used) != graph.path):
            graph.open_graph(used)

    def _compare_row_selected(self, tensor: str) -> None:
        """A row picked in Compare (``op:output:0``; "" when none): its op in the graph."""
        if tensor:
            self._forward("graph", "select_op", tensor.rsplit(":", 2)[0] if tensor.count(":") >= 2 else tensor)

    def _replay_from_graph(self, request) -> None:
        """Graph's "Replay this op" (a ReplayRequest): the replay shows in Compare."""
        self.tabs.setCurrentWidget(self.compare_panel)
        if request.run is not None:
            self.compare_panel.replay_call(request.run, request.op)
        else:
            self.compare_panel.replay_op(request.op)

    def show_msprobe_in_graph(self, path: str, run: str, call: str = "", bench: str = "") -> None:
        """An msprobe run (Browse's or Compare's "Show in Graph") in the Graph mode, with its bench when given and
        ``call`` selected once shown."""
        graph = self.graph_panel
        graph.open_msprobe(path, run or None, bench=bench or None)
        if call:
            graph.select_op(call)
        self.tabs.setCurrentWidget(graph)

    def _graph_op_selected(self, op_name: str) -> None:
        """An op picked in the graph: its row in Compare, its file in Browse (the mode stays Graph)."""
        self._forward("compare", "select_op", op_name)
        self._forward("browse", "select_op", op_name)

    def new_config(self, scenario: str) -> None:
        if self.config_panel.maybe_discard():
            self.config_panel.new_config(scenario)
            self.tabs.setCurrentWidget(self.config_panel)

    # menus ----------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(tr("&File"))
        self.new_menu = file_menu.addMenu(tr("&New Config"))
        self.new_menu.aboutToShow.connect(self._fill_new_menu)
        # the scenarios' rules are imported once the first mode has painted, a module per turn of the event loop
        self.after_content(lambda: in_pieces(self, (_CORE + "config.scenarios",), (), self._fill_new_menu))
        self._action(file_menu, "open", tr("&Open Config or Script…"), self._open_file_dialog,
                     QKeySequence.StandardKey.Open)
        self._action(file_menu, "open_folder", tr("Open Dump &Folder…"), self._open_folder_dialog, "Ctrl+Shift+O")
        self.recent_menu = file_menu.addMenu(tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        self._action(file_menu, "save", tr("&Save"), self._save, QKeySequence.StandardKey.Save)
        self._action(file_menu, "save_as", tr("Save &As…"), self._save_as, QKeySequence.StandardKey.SaveAs)
        self.export_menu = file_menu.addMenu(tr("&Export"))
        self.export_menu.aboutToShow.connect(self._fill_export)
        self.apply_script_action = self._action(file_menu, "apply_to_script", tr("Apply to Scrip&t…"),
                                                lambda: self._guard(tr("Applying to script"),
                                                                    self.config_panel.apply_to_script))
        file_menu.addSeparator()
        self._action(file_menu, "quit", tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)

        edit_menu = self.menuBar().addMenu(tr("&Edit"))
        self.undo_action = self.undo_stack.createUndoAction(edit_menu, tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(edit_menu, tr("&Redo"))
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        self._action(edit_menu, "find_option", tr("&Find Option"), self._find_option, QKeySequence.StandardKey.Find)

        view_menu = self.menuBar().addMenu(tr("&View"))
        self.language_menu = view_menu.addMenu(tr("&Language"))
        chosen = QActionGroup(self.language_menu)
        for code, name in LANGUAGES.items():  # each language under its own name
            action = self.language_menu.addAction(name, lambda *_, c=code: self.set_language(c))
            action.setObjectName(f"language_{code}")
            action.setCheckable(True)
            action.setChecked(code == current_language())
            chosen.addAction(action)
        self.theme_menu = view_menu.addMenu(tr("&Theme"))
        themes = QActionGroup(self.theme_menu)
        names = {"system": tr("&System"), "light": tr("&Light"), "dark": tr("&Dark")}
        for theme in THEMES:
            action = self.theme_menu.addAction(names[theme], lambda *_, t=theme: self.set_theme(t))
            action.setObjectName(f"theme_{theme}")
            action.setCheckable(True)
            action.setChecked(theme == saved_theme(self.settings))
            themes.addAction(action)

        tools_menu = self.menuBar().addMenu(tr("&Tools"))
        self.emulate_action = self._action(tools_menu, "run_in_emulator", tr("Run in &Emulator…"),
                                           self.run_emulator, "Ctrl+R")
        self._action(tools_menu, "loop_demo", tr("Demo: &Fix and Verify"), lambda: self.next_run.open_loop_demo())

        help_menu = self.menuBar().addMenu(tr("&Help"))
        self._action(help_menu, "scenarios_and_options", tr("&Scenarios and Options"), self.show_scenario_docs,
                     QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, "about", tr("&About"), self.show_about)

    def _fill_new_menu(self) -> None:
        """File > New Config: one entry per scenario (once)."""
        if self.new_menu.actions():
            return
        from ascend_dump_gui.core.config.scenarios import SCENARIOS

        for name, scenario in SCENARIOS.items():
            action = self.new_menu.addAction(tr_schema(scenario.title), lambda n=name: self.new_config(n))
            action.setObjectName(f"new_{name}")
            action.setStatusTip(tr_schema(scenario.summary))

    def _find_option(self) -> None:
        self.tabs.setCurrentWidget(self.config_panel)
        self.config_panel.focus_search()

    def _action(self, menu: QMenu, name: str, text: str, slot, shortcut=None) -> QAction:
        action = menu.addAction(text, slot)
        action.setObjectName(f"action_{name}")  # the same in every language
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = recent_files(self.settings)
        for path in paths:
            self.recent_menu.addAction(path, lambda p=path: self.open_path(p))
        if not paths:
            self.recent_menu.addAction(tr("(nothing yet)")).setEnabled(False)

    def _fill_export(self) -> None:
        self.export_menu.clear()
        self.config_panel.fill_export_menu(self.export_menu, self._export)

    # file actions ---------------------------------------------------------------------------
    def _open_file_dialog(self) -> None:
        # the dialogs' types load when one opens, not before the first paint (5 ms)
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, tr("Open config, training script or env file"), self._start_dir(),
            tr("Configs and scripts (*.json *.py *.sh *.env *.txt)") + ";;" + tr("All files (*)"))
        if path:
            self.open_path(path)

    def _open_folder_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path = QFileDialog.getExistingDirectory(self, tr("Open dump folder"), self._start_dir())
        if path:
            self.open_folder(path)

    def _save(self) -> None:
        self._guard(tr("Saving"), self.config_panel.save)

    def _save_as(self) -> None:
        self._guard(tr("Saving"), self.config_panel.save_as)

    def _export(self, target: str) -> None:
        self._guard(tr("Exporting"), lambda: self.config_panel.export_dialog(target))

    def _guard(self, action: str, fn) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - shown to the user
            show_error(self, exc, action)

    def _start_dir(self) -> str:
        recent = recent_files(self.settings)
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())

    def _remember(self, path: Path) -> None:
        add_recent_file(path, self.settings)

    # tools and help -------------------------------------------------------------------------
    def run_emulator(self) -> RunEmulatorDialog:
        """Open the 'Run in emulator' dialog for the current config; a finished run opens in Browse."""
        from ascend_dump_gui.ui.config.run_emulator import RunEmulatorDialog

        dialog = RunEmulatorDialog(self.config_panel.run_inputs(), self.runner, self.status, self)
        dialog.treeReady.connect(self.open_folder)
        dialog.compareReady.connect(lambda *args: self.next_run.compared_after(*args) or self.compare_panel.offer(*args))
        dialog.runFinished.connect(self._report_run)
        dialog.open()
        return dialog

    def _report_run(self, result) -> None:
        """Say what a run wrote, per folder; warnings (why nothing was dumped, names not in the graph …) get a box."""
        from ascend_dump_gui.core.emulator.explain import written_counts

        counts = written_counts(result.written, result.roots)
        parts = ", ".join(f"{artifact} {count}" for artifact, count in counts.items() if count)
        dumped = any(counts.get(a) for a in ("dump_data", "overflow_dump", "exception_dump", "msprobe_dump"))
        text = (tr("Emulator run wrote {count} files ({parts}).") if dumped or not result.written else
                tr("Emulator run wrote {count} files ({parts}) and no dump files: see the warnings."))
        self.status.showMessage(text.format(count=len(result.written), parts=parts or "0"), 15000)
        if result.warnings:
            from PySide6.QtWidgets import QMessageBox

            box = QMessageBox(QMessageBox.Icon.Warning, tr("Emulator run"), tr("The run finished with warnings."),
                              parent=self)
            box.setObjectName("run_warnings")
            box.setInformativeText("\n\n".join(schema_text(w) for w in result.warnings))
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()

    def show_scenario_docs(self) -> QDialog:
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser

        from ascend_dump_gui.ui.config.docs import scenario_docs_html

        dialog = QDialog(self, objectName="scenario_docs")
        dialog.setWindowTitle(tr("Scenarios and options"))
        browser = QTextBrowser(objectName="scenario_docs_text")
        from ascend_dump_gui.core.config.scenarios import SCENARIOS

        browser.setHtml(scenario_docs_html(SCENARIOS.values()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(browser)
        layout.addWidget(buttons)
        dialog.resize(760, 640)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        text = tr("Build Ascend NPU dump configs with live conflict checking, browse operator dumps and find "
                  "the first operator that goes wrong.")
        twin = tr("The command line twin is {command}.").format(command="<code>ascend-dump</code>")
        QMessageBox.about(self, tr("About {app}").format(app=APP_NAME),
                          f"<h3>{APP_NAME} {__version__}</h3><p>{text}</p><p>{twin}</p>")

    # language -------------------------------------------------------------------------------
    def set_language(self, language: str) -> bool:
        """Switch to ``language`` now and for later starts: the status bar, panels and menus are rebuilt in
        it, keeping the open config (unsaved changes stay unsaved; undo history starts afresh), the
        environment, the working directory, the open dump folder (its index handed over) and its selected file, Compare's inputs (its
        result handed over, not computed again; the selected op kept) and the mode. Refused while work runs."""
        if language not in LANGUAGES:
            return False
        if self.runner.active:
            self.status.showMessage(tr("Wait for the running task to finish (or cancel it), then switch the "
                                       "language."), 10000)
            self._check_language(current_language())
            return False
        save_language(language, self.settings)
        if language == current_language():
            return True
        install_language(language)
        mode, configured = self.tabs.currentIndex(), self.built("configure")
        config = self.config_panel.snapshot() if configured else None
        browsed = self.built("browse")
        record = self.browse_panel.current_record() if browsed else None
        index = self.browse_panel.index() if browsed else None  # handed over: the folder is not scanned again
        compare = self._compare_state() if self.built("compare") else None
        graph_compare = self._graph_compare
        if configured:
            self.config_panel.save_layout(self.settings)
        self._build()
        self._graph_compare = graph_compare
        if config is not None:
            self.config_panel.restore(config)
        if browsed and self.dump_folder is not None:
            browse = self.browse_panel
            browse.open_folder(self.dump_folder, index=index)
            if record is not None:  # selected again once the new panel has indexed the folder
                browse.indexReady.connect(partial(browse.select_record, record.path),
                                          Qt.ConnectionType.SingleShotConnection)
        if compare is not None:
            self._restore_compare(compare)
        self.tabs.setCurrentIndex(mode)
        self._panel(MODES[mode])  # when the index did not change, no signal builds it
        self._update_title()
        return True

    def _compare_state(self) -> dict:
        """Compare's inputs, whether it has a result and the op of the selected row (kept over a rebuild)."""
        panel, inputs = self.compare_panel, self.compare_panel.inputs
        row = panel.current_row()
        return {"paths": (inputs.npu.path(), inputs.golden.path(), inputs.graph.path()),
                "metrics": inputs.metrics(), "thresholds": {k: s.value() for k, s in inputs.spins.items()},
                "table": panel.model.table() if panel.result() is not None else None,
                "op": row.op_name if row is not None else None}

    def _restore_compare(self, state: dict) -> None:
        """Fill the rebuilt Compare panel from :meth:`_compare_state`; its result is shown again as it was."""
        panel, inputs = self.compare_panel, self.compare_panel.inputs
        panel.set_inputs(*state["paths"])
        inputs.set_metrics(state["metrics"])
        for key, value in state["thresholds"].items():
            inputs.spins[key].setValue(value)
        if state["table"] is not None:  # handed over, not computed again
            panel.show_table(state["table"])
            if state["op"]:
                panel.select_op(state["op"])

    def set_theme(self, theme: str) -> None:
        """Use ``theme`` (one of ``settings.THEMES``) now and for later starts."""
        from ascend_dump_gui.ui.theme import apply_theme

        save_theme(theme, self.settings)
        apply_theme(theme)

    def _check_language(self, language: str) -> None:
        for action in self.language_menu.actions():
            action.setChecked(action.objectName() == f"language_{language}")

    # window state ---------------------------------------------------------------------------
    def _update_title(self) -> None:
        """The open config's name and whether it has unsaved changes (the app's name alone until Configure is
        built); the app's name is not translated."""
        panel = self._panels.get("configure")
        self.setWindowTitle(f"{panel.title()}[*] — {APP_NAME}" if panel is not None else APP_NAME)
        self.setWindowModified(panel is not None and panel.is_dirty)
        self.apply_script_action.setEnabled(panel is not None and panel.script is not None)

    def _restore_state(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)

    def session(self) -> Session:
        """What this window leaves for the next start: the Browse folder and Compare's paths."""
        inputs = self.compare_panel.inputs if self.built("compare") else None
        paths = (inputs.npu.path(), inputs.golden.path(), inputs.graph.path()) if inputs is not None else ("", "", "")
        return Session(str(self.dump_folder) if self.dump_folder is not None else "", paths)

    def apply_session(self, session: Session) -> bool:
        """Open a saved session's Browse folder and fill Compare's paths; True if anything was."""
        if session.browse_folder:
            self.browse_panel.open_folder(session.browse_folder)
            self.dump_folder = Path(session.browse_folder)
        npu, golden, graph = session.compare
        if npu and golden:
            self.compare_panel.set_inputs(npu, golden, graph or None)
        return bool(session.browse_folder or (npu and golden))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        configured = self.built("configure")
        if configured and not self.config_panel.maybe_discard():
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        save_session(self.session(), self.settings)
        if configured:
            self.config_panel.save_layout(self.settings)
        self.settings.sync()
        self.runner.cancel_all()
        self.runner.wait(5000)
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            from ascend_dump_gui.ui.graph.panel import opens as graph_opens  # loaded with the Graph mode

            event.acceptProposedAction()
            if self.built("graph") and self.tabs.currentWidget() is self.graph_panel and graph_opens(paths[0]):
                self.graph_panel.open_graph(paths[0])   # an msprobe folder or a graph file dropped on the Graph mode
            else:
                self.open_path(paths[0])
