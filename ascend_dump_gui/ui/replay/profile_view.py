"""The run's error profile: per op in execution order its error against the golden and its own replay error,
on one chart (log scale): where error is born (replay error near the golden error) and where it is carried."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ascend_dump_gui.core.replay.profile import ProfilePoint
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import LatestTask, LoadingBar
from ascend_dump_gui.ui.plots.style import ERROR, GOLDEN, apply_palette, show_grid
from ascend_dump_gui.ui.replay.jobs import replay_profile
from ascend_dump_gui.ui.workers import TaskRunner

FLOOR = 1e-8
"""Errors below this are drawn at it (an exact result has no logarithm)."""


def _series(points: Sequence[ProfilePoint], attr: str) -> tuple[np.ndarray, np.ndarray]:
    xs = [p.index for p in points if getattr(p, attr) is not None]
    ys = [max(float(getattr(p, attr)), FLOOR) for p in points if getattr(p, attr) is not None]
    return np.asarray(xs, float), np.asarray(ys, float)


class ErrorProfileView(QWidget):
    """``profiled(list[ProfilePoint])`` fires when every op has been replayed."""

    profiled = Signal(object)

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("error_profile")
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(lambda exc: self.note.setText(tr("Replay failed: {why}").format(why=str(exc))))
        self.points: list[ProfilePoint] = []
        self._run: tuple[Path, Path | None, list] | None = None
        self.button = QPushButton(tr("Replay every op"))
        self.button.setObjectName("profile_run")
        self.button.setEnabled(False)
        self.button.clicked.connect(self.run)
        self.note = QLabel(tr("Run a compare, then replay every op to see where error is born and where it is "
                              "only carried."))
        self.note.setObjectName("profile_note")
        self.note.setWordWrap(True)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("profile_plot")
        apply_palette(self.plot)
        item = self.plot.getPlotItem()
        item.setLogMode(x=False, y=True)
        show_grid(item, self.plot)
        item.setLabel("bottom", tr("op (execution order)"))
        item.setLabel("left", tr("relative error ‖·‖₂"))
        item.getAxis("left").enableAutoSIPrefix(False)
        item.addLegend(offset=(10, 10))
        self.golden_curve = item.plot([], [], pen=pg.mkPen(GOLDEN, width=1.5), symbol="o", symbolSize=5,
                                      symbolBrush=GOLDEN, name=tr("NPU vs {reference}").format(reference=tr("golden")))
        self.legend = item.legend
        self.replay_curve = item.plot([], [], pen=None, symbol="t", symbolSize=8, symbolBrush=ERROR,
                                      name=tr("NPU vs its own replay"))
        self.budget_curve = item.plot([], [], pen=pg.mkPen("#9e9e9e", width=1, style=pg.QtCore.Qt.PenStyle.DashLine),
                                      name=tr("replay budget"))
        bar = QHBoxLayout()
        bar.addWidget(self.button)
        bar.addWidget(self.note, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(LoadingBar(self.job))
        layout.addWidget(self.plot, 1)

    def set_reference(self, name: str) -> None:
        """Call the compare's second input ``name`` in the legend (another rank's dump is not golden)."""
        self.legend.getLabel(self.golden_curve).setText(tr("NPU vs {reference}").format(reference=name))

    def set_run(self, run: str | Path | None, graph: str | Path | None, rows: list) -> None:
        """The run a profile would replay (None: nothing to replay) and the compare rows for golden errors."""
        self.job.cancel()
        self._run = None if run is None else (Path(run), Path(graph) if graph else None, list(rows))
        self.button.setEnabled(run is not None)
        self._draw([])

    def run(self) -> None:
        if self._run is None:
            return
        run, graph, rows = self._run
        self.job.start(tr("replay every op"), replay_profile, run, graph, rows)

    def _shown(self, points: list[ProfilePoint]) -> None:
        self._draw(points)
        counts = {v: sum(p.verdict == v for p in points)
                  for v in ("faithful", "reduced_precision", "kernel", "unsupported")}
        born = [p.op for p in points if p.verdict == "kernel"]
        self.note.setText(tr("{ops} ops: {faithful} faithful, {reduced_precision} reduced precision, {kernel} kernel, "
                             "{unsupported} unsupported.").format(
            ops=len(points), **counts) + (" " + tr("Error born in: {ops}").format(ops=", ".join(born[:5]))
                                          if born else ""))
        self.profiled.emit(points)

    def _draw(self, points: list[ProfilePoint]) -> None:
        self.points = points
        self.golden_curve.setData(*_series(points, "golden_error"))
        self.replay_curve.setData(*_series(points, "replay_error"))
        self.budget_curve.setData(*_series(points, "budget"))
        ticks = [(p.index, p.op.rsplit("/", 1)[-1][:18]) for p in points]
        step = max(1, -(-len(ticks) // 12))
        self.plot.getPlotItem().getAxis("bottom").setTicks([ticks[::step]] if ticks else None)
