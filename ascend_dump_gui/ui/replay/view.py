"""ReplayView: replay one op (in a worker, cancellable) and show its verdict, metrics, budget and the
NPU-minus-replay error as a histogram and a heatmap."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from ascend_dump_gui.core.replay.result import ReplayResult
from ascend_dump_gui.ui.i18n import schema_text, tr
from ascend_dump_gui.ui.loading import LatestTask, LoadingBar
from ascend_dump_gui.ui.plots.heatmap import HeatmapView
from ascend_dump_gui.ui.plots.histogram_plot import HistogramPlot
from ascend_dump_gui.ui.plots.style import ERROR
from ascend_dump_gui.ui.replay.jobs import ReplayShown, replay_one
from ascend_dump_gui.ui.workers import TaskRunner

VERDICT_COLOURS = {"faithful": "#2e7d32", "kernel": "#c62828", "unsupported": "#6d4c41"}


def verdict_text(verdict: str) -> str:
    return {"faithful": tr("faithful"), "kernel": tr("kernel"), "unsupported": tr("unsupported")}.get(verdict, verdict)


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


class ReplayView(QWidget):
    """``replayed(ReplayResult)`` fires when a replay ends."""

    replayed = Signal(object)

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replay_view")
        self.job = LatestTask(runner, self)
        self.job.finished.connect(self._shown)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(lambda: self.verdict.setText(tr("Replay cancelled.")))
        self.shown: ReplayShown | None = None
        self.verdict = QLabel(tr("Right-click a row (or pick an op in the graph) and choose Replay this op: the op "
                                 "is recomputed in float64 from its own dumped inputs and judged against the error "
                                 "budget of its dtype."))
        self.verdict.setObjectName("replay_verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)      # op names come from dump files
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("replay_metrics")
        self.table.setHorizontalHeaderLabels([tr("Metric or budget term"), tr("Value")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.histogram = HistogramPlot(colour=ERROR)
        self.histogram.setObjectName("replay_histogram")
        self.heatmap = HeatmapView(colormap="CET-D1")
        self.heatmap.setObjectName("replay_heatmap")
        self.heatmap.set_range_mode("symmetric")
        plots = QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(self.table)
        plots.addWidget(self.histogram)
        plots.addWidget(self.heatmap)
        plots.setSizes([300, 300, 360])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(LoadingBar(self.job))
        layout.addWidget(self.verdict)
        layout.addWidget(plots, 1)

    def start(self, run: str | Path, op: str, graph: str | Path | None = None) -> None:
        """Replay ``op`` of the run at ``run`` (graph: the GE graph dump with its attributes, if known)."""
        self.shown = None
        self.verdict.setText(tr("Replaying {op}…").format(op=op))
        self.table.setRowCount(0)
        self.histogram.set_histogram(None)
        self.job.start(tr("replay {op}").format(op=op), replay_one, Path(run), op, Path(graph) if graph else None)

    def cancel(self) -> None:
        self.job.cancel()

    def _failed(self, exc: BaseException) -> None:
        self.verdict.setText(tr("Replay failed: {why}").format(why=str(exc)))

    def _shown(self, shown: ReplayShown) -> None:
        self.shown = shown
        r = shown.result
        self.verdict.setText(tr("{op} ({type}): {verdict}. {reason}").format(
            op=r.op, type=r.op_type, verdict=verdict_text(r.verdict), reason=schema_text(r.reason)))
        self.verdict.setStyleSheet(f"color: {VERDICT_COLOURS.get(r.verdict, '')}; font-weight: bold")
        self._fill(r)
        main = r.main
        label = tr("NPU − replay ({tensor})").format(tensor=main.tensor) if main else ""
        self.histogram.set_histogram(shown.histogram, label)
        if shown.error is not None and shown.error.size:
            self.heatmap.set_array(shown.error if shown.error.ndim >= 2 else shown.error.reshape(1, -1))
        self.replayed.emit(r)

    def _fill(self, r: ReplayResult) -> None:
        main = r.main
        rows: list[tuple[str, str]] = [(tr("verdict"), verdict_text(r.verdict)), (tr("reference"), "float64")]
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
