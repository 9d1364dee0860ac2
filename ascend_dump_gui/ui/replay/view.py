"""ReplayView: replay one op (in a worker, cancellable) and show its verdict, metrics, budget and the
NPU-minus-replay error as a histogram and a heatmap."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.replay.result import ReplayResult
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.loading import Inputs, LatestTask, LoadingBar, ResultOwner
from ascend_dump_gui.ui.plots.heatmap import HeatmapView
from ascend_dump_gui.ui.plots.histogram_plot import error_histogram
from ascend_dump_gui.ui.replay.jobs import ReplayShown, RunContext, replay_one
from ascend_dump_gui.ui.start.panels import made_ahead
from ascend_dump_gui.ui.workers import TaskRunner

VERDICT_COLOURS = {"faithful": "#2e7d32", "reduced_precision": "#e65100", "kernel": "#c62828",
                   "unsupported": "#6d4c41"}


def verdict_text(verdict: str) -> str:
    return {"faithful": tr("faithful"), "reduced_precision": tr("reduced precision"), "kernel": tr("kernel"),
            "unsupported": tr("unsupported")}.get(verdict, verdict)


def _mode_text(mode: dict) -> str:
    """The run's precision mode and where it comes from, or that it is unknown."""
    if not mode.get("value"):
        return tr("unknown")
    sources = {"option": tr("option"), "config": tr("config"), "graph": tr("graph"),
               "product default": tr("product default")}
    return tr("{value} ({source})").format(value=mode["value"], source=sources.get(mode.get("source"), mode.get("source")))


def term_label(key: str) -> str:
    """A replay metric's or budget term's name for people (the JSON key when it has none)."""
    return {
        "CosineSimilarity": tr("cosine similarity"), "MaxAbsoluteError": tr("max absolute error"),
        "MaxRelativeError": tr("max relative error"), "RelativeNormError": tr("relative norm error"),
        "WorstBudgetRatio": tr("worst error / allowed error"), "ElementsOverBudget": tr("elements over the budget"),
        "Elements": tr("elements"), "output_dtype": tr("output dtype"),
        "output_unit_roundoff": tr("unit roundoff of the output dtype"),
        "output_roundings": tr("roundings to the output dtype"), "accumulation_dtype": tr("accumulation dtype"),
        "accumulation_unit_roundoff": tr("unit roundoff of the accumulation dtype"),
        "reduction_length": tr("reduction length K"), "gamma": tr("accumulation error bound γ(K)"),
        "intermediate_precision": tr("intermediate precision"), "safety_factor": tr("safety factor"),
        "lambda": tr("λ (transcendental error)"), "floor": tr("floor (smallest normal of the dtype)"),
        "note": tr("how the op computes"), "max_relative_error": tr("allowed relative norm error"),
        "cosine": tr("lowest cosine similarity within the budget"), "assumed_precision": tr("assumed precision"),
    }.get(key, key)


def _number(value) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, str):
        return schema_text(value)
    return "—" if value is None else str(value)


def ran_lower(r: ReplayResult) -> bool:
    """The op computed below its own dtype: a precision setting is its remedy (*Propose a fix*)."""
    lower = r.precision is not None and r.op_dtype is not None and r.precision != r.op_dtype
    return r.verdict == "reduced_precision" or (r.verdict == "faithful" and lower)


def _intro() -> str:
    return tr("Right-click a row (or pick an op in the graph) and choose Replay this op: the op is recomputed in "
              "float64 from its own dumped inputs and judged against the error budget of its dtype.")


class ReplayView(ResultOwner, QWidget):
    """``replayed(ReplayResult)`` fires when a replay ends. It holds the :class:`Inputs` of the compare it
    replayed for (``shown_for``) and clears itself when they change."""

    replayed = Signal(object)
    fixRequested = Signal(str)   # the op whose replay shows a precision below its dtype
    context: Callable[[], RunContext | None] | None = None
    """What Configure says about the run (its config's precision mode, its product), asked at each replay."""

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replay_view")
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(lambda: self.verdict.setText(tr("Replay cancelled.")))
        self.shown: ReplayShown | None = None
        self.verdict = QLabel(_intro())
        self.verdict.setObjectName("replay_verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)      # op names come from dump files
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("replay_metrics")
        self.table.setHorizontalHeaderLabels([tr("Metric or budget term"), tr("Value")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.histogram = made_ahead(error_histogram)
        self.histogram.setObjectName("replay_histogram")
        self.heatmap = made_ahead(HeatmapView)
        self.heatmap.set_colormap("CET-D1")
        self.heatmap.setObjectName("replay_heatmap")
        self.heatmap.set_range_mode("symmetric")
        plots = QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(self.table)
        plots.addWidget(self.histogram)
        plots.addWidget(self.heatmap)
        plots.setSizes([300, 300, 360])
        self.no_plot = QLabel(objectName="replay_no_plot", wordWrap=True)   # why there is no error to plot
        self.no_plot.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_plot.setTextFormat(Qt.TextFormat.PlainText)
        self.pages = QStackedWidget()
        self.pages.addWidget(plots)
        self.pages.addWidget(self.no_plot)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.fix_button = QPushButton(tr("Propose a fix…"), objectName="replay_fix")
        self.fix_button.setToolTip(tr("The setting of your framework that keeps this op in its own dtype"))
        self.fix_button.hide()
        self.fix_button.clicked.connect(lambda: self.shown and self.fixRequested.emit(self.shown.result.op))
        verdict_bar = QHBoxLayout()
        verdict_bar.addWidget(self.verdict, 1)
        verdict_bar.addWidget(self.fix_button)
        layout.addWidget(LoadingBar(self.job))
        layout.addLayout(verdict_bar)
        layout.addWidget(self.pages, 1)

    def start(self, run: str | Path, op: str, graph: str | Path | None = None, inputs: Inputs | None = None, *,
              golden_dtypes: list[str] | None = None, bench: object = None) -> None:
        """Replay ``op`` of the run at ``run`` (graph: the GE graph dump with its attributes, if known; the op's own
        dtype from ``golden_dtypes`` or the ``bench`` msprobe run, when known) for the compare of ``inputs`` (the
        view clears itself when they change)."""
        self._empty(tr("Replaying {op}…").format(op=op))
        self.shown_for = inputs
        self.job.start(tr("replay {op}").format(op=op), replay_one, Path(run), op, Path(graph) if graph else None,
                       golden_dtypes=golden_dtypes, bench=bench, context=self.context() if self.context else None)

    def clear(self, text: str = "") -> None:
        """Nothing replayed: a running replay stops, the verdict, metrics and plots go."""
        self.job.clear()
        self.shown_for = None
        self._empty(text or _intro())

    def clear_stale(self) -> None:
        self.clear(tr("The compare changed: the replay shown was of the previous one. Replay an op again."))

    def _empty(self, text: str) -> None:
        self.shown = None
        self.fix_button.hide()
        self.verdict.setText(text)
        self.verdict.setStyleSheet("")
        self.table.setRowCount(0)
        self.histogram.set_histogram(None)
        self.heatmap.clear()
        self.pages.setCurrentIndex(0)

    def cancel(self) -> None:
        self.job.cancel()

    def _failed(self, exc: BaseException) -> None:
        self.verdict.setText(tr("Replay failed: {why}").format(why=str(exc)))

    def _shown(self, shown: ReplayShown) -> None:
        self.shown = shown
        r = shown.result
        self.verdict.setText(tr("{op} ({type}): {verdict} at {precision}. {reason}").format(
            op=r.op, type=r.op_type, verdict=verdict_text(r.verdict), precision=r.precision or "—",
            reason=schema_text(r.reason)))
        self.verdict.setStyleSheet(f"color: {VERDICT_COLOURS.get(r.verdict, '')}; font-weight: bold")
        self.fix_button.setVisible(ran_lower(r))
        self._fill(r)
        main = r.main   # the axis says what is counted; the tensor is named in full in the tooltip (no cut label)
        self.histogram.set_histogram(shown.histogram, tr("NPU − replay") if main else "")
        self.histogram.setToolTip(tr("NPU − replay of {tensor}").format(tensor=main.tensor) if main else "")
        if shown.error is not None and shown.error.size:
            self.heatmap.set_array(shown.error if shown.error.ndim >= 2 else shown.error.reshape(1, -1))
            self.pages.setCurrentIndex(0)
        else:
            self.heatmap.clear()
            self.no_plot.setText(self._no_plot_text(r))
            self.pages.setCurrentIndex(1)
        self.replayed.emit(r)

    @staticmethod
    def _no_plot_text(r: ReplayResult) -> str:
        """Why there is no NPU − replay error to draw."""
        if r.verdict == "unsupported":
            return tr("No error to plot: the op was not recomputed ({reason}). Nothing here says whether the "
                      "kernel is right.").format(reason=r.reason)
        return tr("No error to plot: the replay kept no error tensor for the deciding output.")

    def _fill(self, r: ReplayResult) -> None:
        main = r.main
        rows: list[tuple[str, str]] = [(tr("verdict"), verdict_text(r.verdict)), (tr("reference"), "float64"),
                                       (tr("precision"), r.precision or "—"),
                                       (tr("op dtype"), f"{r.op_dtype or '—'} ({r.op_dtype_source or '—'})"),
                                       (tr("precision mode"), _mode_text(r.precision_mode))]
        if main is not None:
            rows += [(term_label(k), _number(v)) for k, v in main.metrics.items()]
            rows += [(tr("budget: {key}").format(key=term_label(k)), _number(v)) for k, v in main.budget.items()
                     if k not in ("rule",)]
        rows += [(tr("input {tensor}").format(tensor=i["tensor"]), f"{i.get('dtype')} {i.get('shape')}")
                 for i in r.inputs]
        self.table.setRowCount(len(rows))
        for k, (name, value) in enumerate(rows):
            for c, text in enumerate((name, value)):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(k, c, item)
        self.table.resizeColumnToContents(0)
