"""First start with nothing to open: prepare the demo in a worker, fill every mode with it, say how to open one's own."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolBar, QToolButton, QWidget

from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.icons import icon
from ascend_dump_gui.ui.session import Session, dismiss, dismissed
from ascend_dump_gui.ui.start.panels import in_pieces
from ascend_dump_gui.ui.workers import Worker
from ascend_dump_gui.ui.wrapped_label import WrappedLabel

if TYPE_CHECKING:
    from ascend_dump_gui.core.compare.engine import CompareResult
    from ascend_dump_gui.core.demo import Demo
    from ascend_dump_gui.ui.main_window import MainWindow


DEMO_MODES = ("configure", "browse", "compare")
"""The modes the demo fills (their panels are built before it does)."""


class DemoBanner(QToolBar):
    """A dismissible strip above the modes: this is a demo, and how to open one's own folder or config."""

    def __init__(self, window: MainWindow, restored: list[tuple[str, str]] | None = None,
                 demo_modes: list[str] | None = None) -> None:
        """``restored``: (mode, what) the last session filled; ``demo_modes``: the modes the demo filled."""
        super().__init__(window)
        self.setObjectName("demo_banner")
        self._restored, self._demo_modes = restored or [], demo_modes or []
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)  # not offered in the toolbar context menu
        self._window = window
        strip = QWidget()
        layout = QHBoxLayout(strip)
        layout.setContentsMargins(6, 2, 6, 2)
        badge = QLabel()
        badge.setPixmap(icon("info").pixmap(20, 20))
        self.text = WrappedLabel(objectName="demo_banner_text", narrowest=400)  # as many lines as the window's width needs
        self.text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_folder = QPushButton(objectName="demo_open_folder")
        self.open_folder.clicked.connect(lambda: self._trigger("action_open_folder"))
        self.open_config = QPushButton(objectName="demo_open_config")
        self.open_config.clicked.connect(lambda: self._trigger("action_open"))
        self.dismiss = QToolButton(objectName="demo_dismiss")
        self.dismiss.setAutoRaise(True)
        self.dismiss.clicked.connect(self._dismissed)
        layout.addWidget(badge)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.open_folder)
        layout.addWidget(self.open_config)
        layout.addWidget(self.dismiss)
        self.addWidget(strip)
        self._retranslate()

    def _retranslate(self) -> None:
        from ascend_dump_gui.core.demo import MODEL

        self.setWindowTitle(tr("Demo"))
        what = tr("This is a demo: an emulated run of the {model} model, its dump tree, float32 golden files and "
                  "the acl.json that made it.").format(model=MODEL)
        if self._restored:   # never "this is a demo" over folders of the user's last session
            names = {"browse": tr("Browse"), "compare": tr("Compare"), "configure": tr("Configure")}
            what = tr("Restored your last session ({restored}); the demo of the {model} model fills only {modes}.").format(
                restored="; ".join(f"{names[m]}: {w}" for m, w in self._restored), model=MODEL,
                modes=", ".join(names[m] for m in self._demo_modes) or tr("nothing"))
        how = tr("Open your own with File ▸ Open Dump Folder… or File ▸ Open Config or Script…, or drop a folder "
                 "or file on the window.")
        self.text.setText(f"{what}\n{how}")
        self.text.setToolTip(f"{what}\n{how}")
        self.open_folder.setText(tr("Open Dump Folder…"))
        self.open_config.setText(tr("Open Config…"))
        self.dismiss.setText(tr("Dismiss"))
        self.dismiss.setToolTip(tr("Hide this note (the demo stays open until you open something else)"))

    def _trigger(self, name: str) -> None:
        action = self._window.findChild(QAction, name)  # the menus are rebuilt on a language switch
        if action is not None:
            action.trigger()

    def _dismissed(self) -> None:
        dismiss("demo_banner", self._window.settings)  # not shown again at later starts
        self.close_banner()

    def close_banner(self) -> None:
        """Remove the banner from the window."""
        self._window.removeToolBar(self)
        self.deleteLater()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


def _prepare(folder: Path, rebuild: bool, **track) -> Demo:
    """Write (or reuse) the demo in ``folder`` (``track``: the worker's progress and cancel); the emulator is
    imported here, off the GUI thread."""
    from ascend_dump_gui.core.demo import make_demo

    return make_demo(folder, rebuild=rebuild, **track)


class DemoLoader(QObject):
    """Prepares the demo off the GUI thread, then opens it in Browse, Compare and Configure.

    A mode the user already filled in the meantime is left alone. ``ready(Demo)`` fires once Browse has
    indexed the tree and Compare has finished; ``failed(exception)`` when the demo could not be written.
    """

    ready = Signal(object)
    failed = Signal(object)

    def __init__(self, window: MainWindow, folder: Path, *, rebuild: bool = False) -> None:
        super().__init__(window)
        self.setObjectName("demo_loader")
        self._window, self._folder, self._rebuild = window, Path(folder), rebuild
        self._session = Session()
        self.demo: Demo | None = None
        self.banner: DemoBanner | None = None
        self.done = False
        self._waiting: set[str] = set()
        self._divergent_op: str | None = None

    def start(self, session: Session | None = None) -> Worker:
        """Start preparing the demo; its progress shows in the status bar. ``session``: what was restored before
        (the demo fills only the modes it left empty, and its banner says so)."""
        self._session = session or Session()
        worker = Worker(_prepare, self._folder, self._rebuild)
        worker.signals.finished.connect(lambda demo: self._window.when_built(DEMO_MODES, lambda: self._prepared(demo)))
        worker.signals.failed.connect(self._failed)
        worker.signals.cancelled.connect(lambda: self._finish(None))
        self._window.status.track(worker, tr("Preparing the demo"))
        return self._window.runner.start(worker)

    def _failed(self, exc: BaseException) -> None:
        self._window.status.showMessage(tr("The demo could not be prepared: {reason}").format(reason=exc), 30000)
        config = self._window.config_panel
        if config.path is not None and config.path.parent == self._folder and not config.is_dirty:
            config.load_demo()  # the demo's config file is not there: the sample, unsaved
        self.failed.emit(exc)
        self._finish(None)

    def _prepared(self, demo: Demo) -> None:
        self.demo = demo
        window = self._window
        browse, compare, config = window.browse_panel, window.compare_panel, window.config_panel
        demo_modes = []
        if browse.folder is None:
            demo_modes.append("browse")
            self._waiting.add("browse")
            browse.indexReady.connect(self._indexed, Qt.ConnectionType.SingleShotConnection)
            browse.open_folder(demo.dump_root)
            window.dump_folder = demo.dump_root
        if not (compare.inputs.npu.path() or compare.inputs.golden.path()):
            demo_modes.append("compare")
            compare.set_inputs(demo.dump_step_folder, demo.golden_folder, demo.graph)
            compare.finished.connect(self._compared, Qt.ConnectionType.SingleShotConnection)
            if compare.run() is not None:
                self._waiting.add("compare")
        if config.path is not None and config.path.expanduser().absolute() == demo.config_path and not config.is_dirty:
            demo_modes.append("configure")  # shown from the start
        elif config.path is None and not config.is_dirty:
            demo_modes.append("configure")
            from ascend_dump_gui.ui.config import files  # not before the window's first paint

            config.load_doc(files.load(demo.config_path), demo.config_path)
        restored = self._restored(demo_modes)
        if restored:
            window.status.showMessage(tr("Restored your last session: {what}").format(
                what="; ".join(w for _, w in restored)), 15000)
        if not dismissed("demo_banner", window.settings):
            self.banner = DemoBanner(window, restored, demo_modes)
            window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.banner)
        if not restored:
            window.status.showMessage(tr("Demo ready: {folder}").format(folder=demo.folder), 15000)
        self._settle()

    def _restored(self, demo_modes: list[str]) -> list[tuple[str, str]]:
        """(mode, what) of the last session still shown (the demo did not fill that mode)."""
        out = []
        if self._session.browse_folder and "browse" not in demo_modes:
            out.append(("browse", Path(self._session.browse_folder).name))
        npu, golden, _ = self._session.compare
        if npu and golden and "compare" not in demo_modes:
            from ascend_dump_gui.ui.compare.names import input_name

            out.append(("compare", tr("{npu} vs {golden}").format(npu=input_name(npu), golden=input_name(golden))))
        return out

    def _indexed(self) -> None:
        self._waiting.discard("browse")
        self._settle()

    def _compared(self, result: CompareResult) -> None:
        self._waiting.discard("compare")
        if result.first_divergence is not None:
            self._divergent_op = result.first_divergence.op_name
        in_pieces(self._window, (), (), self._settle)   # Browse selects the op on a turn of its own, not Compare's

    def _settle(self) -> None:
        """Once both are in, show the first diverging op in Browse too, then report."""
        if self._waiting or self.done:
            return
        browse = self._window.browse_panel
        if (self._divergent_op is not None and self._window.dump_folder == self.demo.dump_root
                and browse.select_op(self._divergent_op)):
            browse.recordsShown.connect(self._browse_listed)
            QTimer.singleShot(0, self, self._check_browse)  # a folder already listed is selected at once
            return
        self._finish(self.demo)

    def _browse_listed(self, _count: int) -> None:
        QTimer.singleShot(0, self, self._check_browse)  # the panel selects the record after reporting rows

    def _check_browse(self) -> None:
        """Finish once Browse shows the op, or has listed its folder (the root and busy states wait)."""
        browse = self._window.browse_panel
        record = browse.current_record()
        if self.done or ((record is None or record.op_name not in self._wanted_names()) and not browse.shown_folder()):
            return
        browse.recordsShown.disconnect(self._browse_listed)
        self._finish(self.demo)

    def _wanted_names(self) -> set[str]:
        from ascend_dump_gui.core.dump.naming import sanitize_part

        return {self._divergent_op, sanitize_part(self._divergent_op)}

    def _finish(self, demo: Demo | None) -> None:
        if self.done:
            return
        self.done = True
        if demo is not None:
            self.ready.emit(demo)
