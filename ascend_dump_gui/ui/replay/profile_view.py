"""The run's error profile: per op in execution order its error against the golden and its own replay error,
on one chart (log scale): where error is born (replay error near the golden error) and where it is carried.

Nothing is left out unsaid: an infinite (or NaN) error is drawn at the top of the chart and marked, an error
below :data:`FLOOR` (an exact result has no logarithm) is drawn at it and marked; the legend sits above the data;
tick labels are the shortest unique tails of the op names, and the op under the mouse is named in full."""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ascend_dump_gui.core.replay.profile import ProfilePoint
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import Inputs, LatestTask, LoadingBar, ResultOwner
from ascend_dump_gui.ui.plots.steps import plot_widget
from ascend_dump_gui.ui.plots.style import ERROR, GOLDEN, log_error_plot
from ascend_dump_gui.ui.replay.jobs import replay_profile
from ascend_dump_gui.ui.replay.view import verdict_text
from ascend_dump_gui.ui.start.panels import made_ahead
from ascend_dump_gui.ui.workers import TaskRunner

FLOOR = 1e-8
"""Errors below this (0 included) are drawn at it, marked: an exact result has no logarithm."""

TICKS = 12
"""At most this many op names under the x-axis (the last op always has one)."""

TICK_CHARS = 22
"""A tick label longer than this keeps its tail ("…fc1/MatMul")."""

LEGEND_COLUMNS = 3
"""Legend entries side by side in the rows above the data."""


@dataclass(frozen=True)
class Series:
    """One error series as drawn: every value (infinite ones at ``top``, tiny ones at the floor) and which
    points were moved there."""

    xs: np.ndarray
    ys: np.ndarray
    infinite: np.ndarray   # bool per point: not finite, drawn at the top
    floored: np.ndarray    # bool per point: below FLOOR, drawn at it


def _values(points: Sequence[ProfilePoint], attr: str) -> tuple[np.ndarray, np.ndarray]:
    kept = [p for p in points if getattr(p, attr) is not None]
    return (np.asarray([p.index for p in kept], float), np.asarray([float(getattr(p, attr)) for p in kept], float))


def top_of(points: Sequence[ProfilePoint]) -> float:
    """Where infinite errors are drawn: a decade above every finite value shown (and above the floor)."""
    finite = [abs(v) for p in points for v in (p.golden_error, p.replay_error, p.budget)
              if v is not None and math.isfinite(v)]
    return 10 ** (math.ceil(math.log10(max([FLOOR, *finite]))) + 1)


def series(points: Sequence[ProfilePoint], attr: str, top: float) -> Series:
    xs, raw = _values(points, attr)
    infinite = ~np.isfinite(raw)
    floored = ~infinite & (raw < FLOOR)
    ys = np.where(infinite, top, np.where(floored, FLOOR, raw))
    return Series(xs, ys, infinite, floored)


def tick_labels(ops: Sequence[str]) -> list[str]:
    """The shortest tail of each ``/``-scoped op name that no other op of ``ops`` shares, elided from the left."""
    parts = [op.split("/") for op in ops]
    labels = []
    for k, words in enumerate(parts):
        depth = 1
        while depth < len(words) and any(j != k and other[-depth:] == words[-depth:]
                                         for j, other in enumerate(parts)):
            depth += 1
        label = "/".join(words[-depth:])
        labels.append(label if len(label) <= TICK_CHARS else "…" + label[-(TICK_CHARS - 1):])
    return labels


def ticked(count: int) -> list[int]:
    """Positions (0-based) that get a tick label: evenly spaced, at most :data:`TICKS`, the last one always."""
    if count == 0:
        return []
    step = max(1, -(-count // TICKS))
    chosen = list(range(0, count, step))
    if chosen[-1] != count - 1:
        if len(chosen) >= TICKS or count - 1 - chosen[-1] < step / 2:
            chosen[-1] = count - 1
        else:
            chosen.append(count - 1)
    return chosen


class ProfilePlot(pg.PlotWidget):
    """The error profile's chart: its series, marks and legend, empty (made ahead in idle time, see
    ``ui.start.parts``; :class:`ErrorProfileView` fills it)."""

    def __init__(self, plot_item: pg.PlotItem | None = None) -> None:
        super().__init__(plotItem=plot_item, enableMenu=False)
        self.setObjectName("profile_plot")
        item = log_error_plot(self, tr("op (execution order)"), tr("relative error ‖·‖₂"))
        # the legend takes the title row above the data, its entries side by side: it never covers a point
        self.legend = pg.LegendItem(colCount=LEGEND_COLUMNS, offset=(0, 0), frame=False)
        self.legend.setParentItem(item)
        self.legend.anchor((0.5, 0), (0.5, 0), offset=(0, 2))
        self.golden_curve = item.plot([], [], pen=pg.mkPen(GOLDEN, width=1.5), symbol="o", symbolSize=5,
                                      symbolBrush=GOLDEN)
        self.replay_curve = item.plot([], [], pen=None, symbol="t", symbolSize=8, symbolBrush=ERROR)
        self.budget_curve = item.plot([], [], pen=pg.mkPen("#9e9e9e", width=1, style=Qt.PenStyle.DashLine))
        self.infinite_marks = pg.ScatterPlotItem(symbol="t1", size=12, pen=pg.mkPen(ERROR, width=1.5), brush=None)
        self.floor_marks = pg.ScatterPlotItem(symbol="o", size=11, pen=pg.mkPen("#616161", width=1.2), brush=None)
        for marks in (self.infinite_marks, self.floor_marks):
            item.addItem(marks)
        self.top_line = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(ERROR, width=1, style=Qt.PenStyle.DotLine))
        self.top_line.hide()
        item.addItem(self.top_line, ignoreBounds=True)

    def set_legend(self, reference: str, infinite: bool = False, floored: bool = False) -> None:
        """The legend: the three series (the first against ``reference``), and the two marks when the chart has
        such points (made again only when its entries change: each entry is a few graphics items laid out
        anew)."""
        entries = [(self.golden_curve, tr("NPU vs {reference}").format(reference=reference)),
                   (self.replay_curve, tr("NPU vs its own replay")), (self.budget_curve, tr("replay budget"))]
        if infinite:
            entries.append((self.infinite_marks, tr("∞ or NaN (at the top)")))
        if floored:
            entries.append((self.floor_marks, tr("0 or under 1e-8 (at 1e-8)")))
        if [(sample.item, label.text) for sample, label in self.legend.items] == entries:
            return
        self.legend.clear()
        for item, text in entries:
            self.legend.addItem(item, text)
        self.legend.updateSize()   # the title row is the legend's height: the data start below it
        self.getPlotItem().layout.setRowFixedHeight(0, self.legend.boundingRect().height() + 4)


def profile_plot() -> Generator[None, None, ProfilePlot]:
    """A :class:`ProfilePlot` made in steps (``ui.plots.steps``; made ahead in idle time), the last one its
    legend as an empty chart shows it (compared with golden)."""
    plot = yield from plot_widget(lambda item: ProfilePlot(plot_item=item))
    yield
    plot.set_legend(tr("golden"))
    return plot


class ErrorProfileView(ResultOwner, QWidget):
    """``profiled(list[ProfilePoint])`` fires when every op has been replayed. It holds the :class:`Inputs` of
    the compare it profiles (``shown_for``) and clears itself when they change."""

    profiled = Signal(object)

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("error_profile")
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(lambda exc: self.note.setText(tr("Replay failed: {why}").format(why=str(exc))))
        self.points: list[ProfilePoint] = []
        self._run: tuple[Path, Path | None, list] | None = None
        self._reference = tr("golden")
        self.button = QPushButton(tr("Replay every op"))
        self.button.setObjectName("profile_run")
        self.button.setEnabled(False)
        self.button.clicked.connect(self.run)
        self.note = QLabel(objectName="profile_note", wordWrap=True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)   # op names come from dump files
        self.readout = ElidedLabel(minimum=120)
        self.readout.setObjectName("profile_readout")
        self.plot = made_ahead(profile_plot)
        plot = self.plot
        self.legend, self.top_line = plot.legend, plot.top_line
        self.golden_curve, self.replay_curve, self.budget_curve = plot.golden_curve, plot.replay_curve, plot.budget_curve
        self.infinite_marks, self.floor_marks = plot.infinite_marks, plot.floor_marks
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)
        bar = QHBoxLayout()
        bar.addWidget(self.button)
        bar.addWidget(self.note, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(LoadingBar(self.job))
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.readout)
        self._draw([])

    def legend_texts(self) -> list[str]:
        return [label.text for _sample, label in self.legend.items]

    def set_reference(self, name: str) -> None:
        """Call the compare's second input ``name`` in the legend (another rank's dump is not golden)."""
        self._reference = name
        self.plot.set_legend(name, bool(self.infinite_marks.data.size), bool(self.floor_marks.data.size))

    def set_run(self, run: str | Path | None, graph: str | Path | None, rows: list,
                inputs: Inputs | None = None) -> None:
        """The run a profile would replay (None: nothing to replay), the compare rows for golden errors, and the
        compare's ``inputs``; the previous profile goes."""
        self.clear()
        self._run = None if run is None else (Path(run), Path(graph) if graph else None, list(rows))
        self.shown_for = inputs if run is not None else None
        self.button.setEnabled(run is not None)

    def clear(self) -> None:
        """No profile and nothing to replay: the note, chart and axis of an earlier run go."""
        self.job.clear()
        self._run = None
        self.shown_for = None
        self.button.setEnabled(False)
        self.note.setText(tr("Run a compare, then replay every op to see where error is born and where it is "
                             "only carried."))
        self._draw([])

    def clear_stale(self) -> None:
        self.clear()

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
        top = top_of(points)
        drawn = [(curve, series(points, attr, top)) for curve, attr in (
            (self.golden_curve, "golden_error"), (self.replay_curve, "replay_error"), (self.budget_curve, "budget"))]
        for curve, s in drawn:
            curve.setData(s.xs, s.ys)
        marked = [s for _curve, s in drawn[:2]]
        inf_x = np.concatenate([s.xs[s.infinite] for s in marked])
        low_x = np.concatenate([s.xs[s.floored] for s in marked])
        self.infinite_marks.setData(inf_x, np.full(inf_x.size, np.log10(top)))
        self.floor_marks.setData(low_x, np.full(low_x.size, np.log10(FLOOR)))
        self.top_line.setPos(np.log10(top))
        self.top_line.setVisible(bool(inf_x.size))
        self.plot.set_legend(self._reference, bool(inf_x.size), bool(low_x.size))
        item = self.plot.getPlotItem()
        positions = ticked(len(points))
        labels = tick_labels([p.op for p in points])
        item.getAxis("bottom").setTicks([[(points[k].index, labels[k]) for k in positions]] if points else None)
        if points:
            item.setXRange(points[0].index - 0.5, points[-1].index + 0.5, padding=0.02)
            item.enableAutoRange(axis="y")
        else:   # no axis of an earlier run stays
            item.setXRange(0, 1, padding=0)
            item.setYRange(np.log10(FLOOR), 0, padding=0)
        self.readout.setText(tr("Hover an op to read its full name and errors.") if points else "")

    def point_text(self, k: int) -> str:
        """The full name, type, verdict and errors of the ``k``-th point (the hover readout)."""
        p = self.points[k]

        def number(value: float | None) -> str:
            return "—" if value is None else f"{value:.4g}"

        return tr("{op} ({type}): {verdict} · vs {reference} {golden} · vs replay {replay} · budget {budget}").format(
            op=p.op, type=p.op_type, verdict=verdict_text(p.verdict), reference=self._reference,
            golden=number(p.golden_error), replay=number(p.replay_error), budget=number(p.budget))

    def _mouse_moved(self, pos) -> None:
        if not self.points:
            return
        item = self.plot.getPlotItem()
        if not item.vb.sceneBoundingRect().contains(pos):
            return
        x = item.vb.mapSceneToView(pos).x()
        k = int(np.argmin([abs(p.index - x) for p in self.points]))
        text = self.point_text(k)
        self.readout.setText(text)
        self.plot.setToolTip(text)
