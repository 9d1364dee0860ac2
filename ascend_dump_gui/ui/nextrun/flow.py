"""The loop in the window: a finding (Compare, Replay, Ranks, Graph) -> *Propose a fix* / *Capture these next* ->
the saved config opened in Configure -> (a fix) run in the emulator -> Compare's before/after of the two runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.nextrun.sources import feeds_capture, feeds_fix
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.nextrun.capture_dialog import CaptureDialog
from ascend_dump_gui.ui.nextrun.fix_dialog import FixDialog
from ascend_dump_gui.ui.nextrun.requests import NextRunRequest
from ascend_dump_gui.ui.settings import demo_folder, save_emulator_model
from ascend_dump_gui.ui.workers import Worker


class NextRunFlow(QObject):
    """Opens the dialogs with Configure's config and product, and follows a fix through the emulator."""

    def __init__(self, window: Any) -> None:   # the MainWindow (which imports this module)
        super().__init__(window)
        self.window = window
        self.before: NextRunRequest | None = None   # the run a fix was proposed for, until its fixed run is compared

    def _context(self, feeds: Callable[[ConfigDoc], bool]) -> tuple[object | None, str | None]:
        """Configure's config when it (or another scenario of its script: a PyTorch script's torch_npu, torchair or
        msprobe document) is of a form the dialog writes (else None: the run decides), and its product."""
        if not self.window.built("configure"):
            return None, None
        panel = self.window.config_panel
        doc = panel.doc
        return (doc if feeds(doc) else None), panel.product_box.currentData()

    def propose_fix(self, request: NextRunRequest) -> FixDialog:
        config, product = self._context(feeds_fix)
        dialog = FixDialog(self.window.runner, request.with_config(config, product), parent=self.window)
        dialog.configSaved.connect(lambda path, run: self._fix_saved(request, path, run))
        dialog.run()
        dialog.open()
        return dialog

    def capture_next(self, request: NextRunRequest) -> CaptureDialog:
        config, product = self._context(feeds_capture)
        dialog = CaptureDialog(self.window.runner, request.with_config(config, product), parent=self.window)
        dialog.configSaved.connect(self._open)
        dialog.run()
        dialog.open()
        return dialog

    def from_graph(self, kind: str, request: Any) -> None:
        """The Graph's *Next run* on a selected op (a graph ReplayRequest): a GE op is the compare's run, an msprobe
        call its rank folder."""
        if request.run is None:
            compare = self.window.compare_panel
            (compare.request_fix if kind == "fix" else compare.request_capture)((request.op,))
            return
        asked = NextRunRequest(Path(request.run), None, (request.op,))
        self.propose_fix(asked) if kind == "fix" else self.capture_next(asked)

    def from_ranks(self, run: str, reference: str, rank: int | None, step: int | None) -> None:
        """Ranks' *Capture these next* on a cell: the run's first divergence, for that rank and step."""
        self.capture_next(NextRunRequest(Path(run), Path(reference) if reference else None,
                                         ranks=() if rank is None else (rank,), steps=() if step is None else (step,)))

    def _open(self, path: Path) -> bool:
        """The saved config in Configure (after asking about unsaved edits there)."""
        if not self.window.open_path(path):
            return False
        self.window.tabs.setCurrentWidget(self.window.config_panel)
        return True

    def _fix_saved(self, request: NextRunRequest, path: Path, run: bool) -> None:
        if self._open(path) and run:
            self.before = request
            self.window.run_emulator()

    def compared_after(self, npu: str, golden: str) -> bool:
        """An emulator run finished: when it ran a proposed fix, show it against the run before the fix (same
        golden) in Compare's before/after page, and compare."""
        before, self.before = self.before, None
        if before is None or before.golden is None:
            return False
        compare = self.window.compare_panel
        compare.set_inputs(before.run, before.golden, before.graph)
        compare.show_before_after(after=npu)
        self.window.tabs.setCurrentWidget(compare)
        compare.before_after.run()
        return True

    def open_loop_demo(self) -> Worker:
        """The demo's loop: its TF1 script (a mixed precision mode) in Configure and its run compared; the user goes
        on with Next run ▸ Propose a fix ▸ Save and run in emulator, and Compare shows before and after."""
        worker = Worker(_prepare_demo, demo_folder())
        worker.signals.finished.connect(self._show_loop)
        self.window.status.track(worker, tr("Preparing the demo"))
        return self.window.runner.start(worker)

    def _show_loop(self, demo: Any) -> None:
        from ascend_dump_gui.core.demo import LOOP_MODEL

        loop = demo.loop
        save_emulator_model(LOOP_MODEL)   # Run in emulator runs the loop's model
        if not self.window.open_path(loop.config_path):
            return
        compare = self.window.compare_panel
        compare.inputs.set_reference_kind(golden=True)
        compare.set_inputs(loop.dump_step_folder, loop.golden_folder, loop.graph)
        self.window.tabs.setCurrentWidget(compare)
        compare.run()
        self.window.status.showMessage(tr(
            "The loop demo: {model} under allow_mix_precision. Choose Next run ▸ Propose a fix, then Save and run in "
            "emulator: Compare then shows the run before and after the fix.").format(model=LOOP_MODEL), 60_000)


def _prepare_demo(folder: Path, *, progress: Any, cancel: Any) -> Any:
    """Worker: the demo (written or reused), with its loop run."""
    from ascend_dump_gui.core.demo import make_demo

    return make_demo(folder, progress=progress, cancel=cancel)
