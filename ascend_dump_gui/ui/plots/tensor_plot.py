"""TensorPlot: values, histogram, heatmap and value table of one tensor (or of an NPU/golden pair), with exports."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.atomic import write_bytes_atomic, write_text_atomic
from ascend_dump_gui.core.dump.naming import sanitize_part
from ascend_dump_gui.core.inert import terminal_text
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.tensor import PairDisplay, TensorDisplay, csv_text, display_values, npy_bytes, plane
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.numbers import number_text
from ascend_dump_gui.ui.plots.export import png_bytes, svg_bytes
from ascend_dump_gui.ui.plots.heatmap import HeatmapView
from ascend_dump_gui.ui.plots.histogram_plot import error_histogram
from ascend_dump_gui.ui.plots.plane_table import PlaneTableModel
from ascend_dump_gui.ui.plots.values_plot import values_plot
from ascend_dump_gui.ui.start.panels import made_ahead
from ascend_dump_gui.ui.workers import TaskRunner, Worker

TABS = ("values", "histogram", "heatmap", "table")
"""Keys of the tabs, for :meth:`TensorPlot.show_tab` (the tab texts are translated)."""


def value_text(display: TensorDisplay, flat: int) -> str:
    """Element ``flat`` of a tensor as shown in readouts (``.6g``; NaN, +Inf, -Inf spelled out)."""
    value = display.pyramid.values[flat]
    if display.values.dtype.kind in "iub":
        return str(value.item())
    return number_text(float(display_values(np.asarray(value))))


def left_out_text(display: TensorDisplay | None) -> str:
    """What a histogram of finite values leaves out, e.g. "Not counted: 3 NaN, 1 +Inf" ("" when nothing)."""
    if display is None:
        return ""
    s = display.stats
    kinds = [f"{count:,} {name}" for count, name in ((s.nan, "NaN"), (s.pos_inf, "+Inf"), (s.neg_inf, "-Inf"))
             if count]
    return tr("Not counted: {values}").format(values=", ".join(kinds)) if kinds else ""


def _save(path: str, make: Callable[[], bytes | str], *, progress: ProgressFn, cancel: CancelToken) -> str:
    """Worker body: build the file content and write it atomically."""
    progress(0, 1, tr("writing {path}").format(path=path))
    data = make()
    cancel.raise_if_cancelled()
    (write_text_atomic if isinstance(data, str) else write_bytes_atomic)(path, data)
    progress(1, 1, tr("wrote {path}").format(path=path))
    return path


class TensorPlot(QWidget):
    """Four views of a tensor. In pair mode (:meth:`set_pair`) the values tab overlays NPU and golden and
    the other tabs show the absolute error. ``exported(path)`` fires after each export is written."""

    exported = Signal(str)

    def __init__(self, parent: QWidget | None = None, runner: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self._display: TensorDisplay | None = None  # what histogram/heatmap/table/exports show
        self._pair: PairDisplay | None = None
        self._export_folder = ""  # where the export dialogs open: the shown file's folder, then the last used
        self._export_stem = ""
        self._last_export_folder = ""
        self._single_names = (tr("Values"), tr("Histogram"), tr("Heatmap"), tr("Table"))
        self._error_names = (tr("|Error| histogram"), tr("|Error| heatmap"), tr("|Error| table"))
        self._reference = tr("golden")  # what the second tensor of a pair is called
        self._title = ElidedLabel()
        self._title.setObjectName("plot_title")
        self._title.setTextFormat(Qt.TextFormat.PlainText)
        self.values_plot = made_ahead(values_plot)  # each plot made ahead in idle time, when it was
        self.histogram_plot = made_ahead(error_histogram)
        self.heatmap = made_ahead(HeatmapView)
        self.table_model = PlaneTableModel(self)
        self.heatmap.planeChanged.connect(self._plane_changed)
        self.values_plot.hovered.connect(self._values_hovered)
        self.heatmap.hovered.connect(self._cell_hovered)
        self.readout = ElidedLabel()
        self.readout.setObjectName("readout")
        table = QTableView()
        table.setObjectName("plane_table")
        table.setModel(self.table_model)
        values_page = QWidget()
        values_layout = QVBoxLayout(values_page)
        values_layout.setContentsMargins(0, 0, 0, 0)
        values_layout.setSpacing(2)
        values_layout.addWidget(self.values_plot.legend)
        values_layout.addWidget(self.values_plot, 1)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("plot_tabs")
        for widget in (values_page, self.histogram_plot, self.heatmap, table):
            self.tabs.addTab(widget, "")
        self._set_tab_names(self._single_names)
        self._log = QCheckBox(tr("Log counts"))
        self._log.setObjectName("log_counts")
        self._log.setToolTip(tr("Logarithmic count axis in the histogram"))
        self._log.toggled.connect(self.histogram_plot.set_log)
        reset = QPushButton(tr("Reset zoom"))
        reset.setObjectName("reset_zoom")
        reset.clicked.connect(self.values_plot.reset_view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(self._title, 1)
        bar.addWidget(self._log)
        bar.addWidget(reset)
        bar.addWidget(self._export_button())
        layout.addLayout(bar)
        layout.addWidget(self.readout)
        layout.addWidget(self.tabs, 1)

    def _export_button(self) -> QToolButton:
        button = QToolButton()
        button.setObjectName("export_button")
        button.setText(tr("Export"))
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        for text, suffix, method in ((tr("Plot as PNG…"), tr("PNG image (*.png)"), self.export_png),
                                     (tr("Plot as SVG…"), tr("SVG image (*.svg)"), self.export_svg),
                                     (tr("Slice as CSV…"), tr("CSV (*.csv)"), self.export_csv),
                                     (tr("Tensor as .npy…"), tr("NumPy array (*.npy)"), self.export_npy)):
            menu.addAction(text, lambda s=suffix, m=method: self._ask_and_export(s, m))
        button.setMenu(menu)
        return button

    def set_display(self, display: TensorDisplay | None, title: str = "") -> None:
        """Show one tensor (None clears every view). ``title`` (op names come from dump files) is shown with
        its control characters escaped, as plain text."""
        title = terminal_text(title)
        if display is None and self._display is None and self._pair is None:
            self._title.setText(title)  # already empty: clearing again costs no redraw
            return
        self._display, self._pair = display, None
        self._set_tab_names(self._single_names)
        self.values_plot.set_displays([] if display is None else [(title or tr("values"), display)])
        self._show(display, title, tr("value"))

    def set_pair(self, pair: PairDisplay | None, title: str = "", reference: str | None = None) -> None:
        """Overlay NPU and reference values; histogram, heatmap and table show |NPU − reference|. ``reference``:
        what the second tensor is called (default "golden"; another rank's dump or msprobe's bench is not)."""
        title = terminal_text(title)
        self._reference = reference or tr("golden")
        self._display, self._pair = (None, None) if pair is None else (pair.error, pair)
        self._set_tab_names((tr("NPU vs {reference}").format(reference=self._reference), *self._error_names))
        self.values_plot.set_displays([] if pair is None else [(tr("NPU"), pair.npu), (self._reference, pair.golden)])
        self._show(self._display, title, tr("|NPU − {reference}|").format(reference=self._reference))

    def _show(self, display: TensorDisplay | None, title: str, hist_label: str) -> None:
        self._title.setText(title)
        self.readout.setText(tr("Point at a value, a curve or a cell to read it.") if display is not None else "")
        self.histogram_plot.set_histogram(None if display is None else display.histogram, hist_label,
                                          left_out=left_out_text(display))
        self.heatmap.set_array(np.zeros((0, 0), np.float32) if display is None else display.values)

    # --- readout (linked between the values plot and the heatmap) ---------------------------------
    def readout_at(self, flat: int) -> str:
        """The readout for flat element ``flat``: its index, and NPU, reference and |error| in pair mode."""
        if self._display is None or not 0 <= flat < self._display.values.size:
            return ""
        shape = self._display.values.shape
        where = ", ".join(str(int(k)) for k in np.unravel_index(flat, shape)) if shape else ""
        parts = [tr("index [{where}] (flat {flat})").format(where=where, flat=flat)]
        if self._pair is not None:
            for name, display in ((tr("NPU"), self._pair.npu), (self._reference, self._pair.golden),
                                  (tr("|error|"), self._pair.error)):
                parts.append(f"{name} {value_text(display, flat)}")
        else:
            parts.append(f"{tr('value')} {value_text(self._display, flat)}")
        return " · ".join(parts)

    def _values_hovered(self, flat: int) -> None:
        self._show_readout(flat)
        self.heatmap.set_crosshair(*self._cell_of(flat))

    def _cell_hovered(self, row: int, col: int) -> None:
        flat = self._flat_of(row, col)
        self._show_readout(flat)
        self.values_plot.set_crosshair(flat)

    def _show_readout(self, flat: int) -> None:
        if flat >= 0:
            text = self.readout_at(flat)
            self.readout.setText(text)

    def _flat_of(self, row: int, col: int) -> int:
        """Flat index of cell (row, col) of the heatmap's slice; -1 for (-1, -1)."""
        if self._display is None or row < 0 or col < 0:
            return -1
        shape = self._display.values.shape
        if len(shape) < 2:
            return col if len(shape) == 1 else 0
        index = list(self.heatmap.index())
        rows_axis, cols_axis = self.heatmap.axes()
        index[rows_axis], index[cols_axis] = row, col
        return int(np.ravel_multi_index(index, shape))

    def _cell_of(self, flat: int) -> tuple[int, int]:
        """The heatmap cell of flat index ``flat``, or (-1, -1) when it is not in the shown slice."""
        if self._display is None or flat < 0:
            return -1, -1
        shape = self._display.values.shape
        if len(shape) < 2:
            return 0, (flat if len(shape) == 1 else 0)
        index = np.unravel_index(flat, shape)
        rows_axis, cols_axis = self.heatmap.axes()
        fixed = self.heatmap.index()
        if any(int(index[k]) != fixed[k] for k in range(len(shape)) if k not in (rows_axis, cols_axis)):
            return -1, -1
        return int(index[rows_axis]), int(index[cols_axis])

    def _set_tab_names(self, names: tuple[str, ...]) -> None:
        for k, name in enumerate(names):
            self.tabs.setTabText(k, name)

    def display(self) -> TensorDisplay | None:
        """The tensor behind the histogram, heatmap, table and exports (the error in pair mode)."""
        return self._display

    def show_tab(self, name: str) -> None:
        """Switch to one of :data:`TABS`."""
        self.tabs.setCurrentIndex(TABS.index(name))

    def set_log(self, log: bool) -> None:
        self._log.setChecked(log)

    def _plane_changed(self) -> None:
        self.table_model.set_plane(self.heatmap.current_plane())

    def source_plane(self) -> np.ndarray:
        """The slice shown in the heatmap, taken from the source tensor (its own dtype)."""
        if self._display is None:
            return np.zeros((0, 0))
        return plane(self._display.source, self.heatmap.axes(), self.heatmap.index())

    def _plot_target(self):
        current = TABS[self.tabs.currentIndex()]
        if current == "values":
            return self.values_plot.getPlotItem()
        if current == "histogram":
            return self.histogram_plot.getPlotItem()
        return self.heatmap.plot_item().scene()  # heatmap and table: the image with its colour bar

    def export_png(self, path: str) -> None:
        """Write the current plot as PNG (rendered on the GUI thread: plot-sized, fast)."""
        write_bytes_atomic(path, png_bytes(self._plot_target()))
        self.exported.emit(path)

    def export_svg(self, path: str) -> None:
        """Write the current plot as SVG."""
        write_bytes_atomic(path, svg_bytes(self._plot_target()))
        self.exported.emit(path)

    def export_csv(self, path: str) -> Worker:
        """Write the heatmap's slice as CSV in a worker."""
        p = self.source_plane()
        return self._start_save(path, lambda: csv_text(p))

    def export_npy(self, path: str) -> Worker:
        """Write the whole tensor (the error tensor in pair mode) as .npy in a worker."""
        source = np.zeros(0) if self._display is None else self._display.source
        return self._start_save(path, lambda: npy_bytes(source))

    def _start_save(self, path: str, make: Callable[[], bytes | str]) -> Worker:
        worker = Worker(_save, path, make)
        worker.signals.finished.connect(self._saved)
        worker.signals.failed.connect(self._save_failed)
        return self._runner.start(worker)

    def _saved(self, path: str) -> None:
        self.exported.emit(path)

    def _save_failed(self, exc: BaseException) -> None:
        show_error(self, exc, tr("Saving"))

    def set_export_hint(self, folder: str, stem: str) -> None:
        """The folder and file name (without suffix) the export dialogs propose for what is shown."""
        self._export_folder, self._export_stem = folder, sanitize_part(stem) if stem else ""

    def default_export_path(self, suffix: str) -> str:
        """The path an export dialog proposes: the last folder exported to (else the shown file's folder)
        and a name made from the tensor shown."""
        folder = self._last_export_folder or self._export_folder
        name = (self._export_stem or "tensor") + suffix
        return os.path.join(folder, name) if folder else name

    def _ask_and_export(self, file_filter: str, method: Callable[[str], object]) -> None:
        suffix = file_filter[file_filter.rfind("*") + 1:].rstrip(")") if "*" in file_filter else ""
        path, _ = QFileDialog.getSaveFileName(self, tr("Export"), self.default_export_path(suffix), file_filter)
        if not path:
            return
        self._last_export_folder = os.path.dirname(path)
        try:
            method(path)
        except OSError as exc:
            show_error(self, exc, tr("Saving {name}").format(name=Path(path).name))
