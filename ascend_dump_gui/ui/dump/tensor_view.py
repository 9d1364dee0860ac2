"""The tensor view of one dump record: its tensors, a summary of the selected one, and its plots."""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.dump.sidefiles import load_golden
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.progress import CancelToken, ProgressFn
from ascend_dump_gui.core.tensor import TensorDisplay, prepare_display
from ascend_dump_gui.ui.dump.headers import dtype_name, shape_text
from ascend_dump_gui.ui.errors import show_error
from ascend_dump_gui.ui.i18n import tr
from ascend_dump_gui.ui.loading import LatestTask, LoadingBar
from ascend_dump_gui.ui.numbers import number_text
from ascend_dump_gui.ui.plots.tensor_plot import TensorPlot
from ascend_dump_gui.ui.workers import TaskRunner

SUMMARY_FIELDS = ("dtype", "format", "device shape", "original shape", "min", "max", "mean", "std",
                  "NaN", "+Inf", "-Inf")
"""Keys of :meth:`TensorView.summary` (the labels shown are translated)."""


def _summary_labels() -> dict[str, str]:
    return {"dtype": tr("dtype"), "format": tr("format"), "device shape": tr("device shape"),
            "original shape": tr("original shape"), "min": tr("min"), "max": tr("max"), "mean": tr("mean"),
            "std": tr("std")}


@dataclass(frozen=True)
class TensorEntry:
    """One row of the tensor list: a dump tensor or a whole golden .npy."""

    role: str
    index: int
    dtype: str
    format: str
    shape: tuple[int, ...]
    original_shape: tuple[int, ...] | None

    @property
    def name(self) -> str:
        return f"{self.role}:{self.index}"


def _entries(path: str, kind: str, *, progress: ProgressFn,
             cancel: CancelToken) -> tuple[str, list[TensorEntry] | None, str]:
    """Worker body: (path, the tensors of a dump (inputs then outputs) or golden .npy, "") or
    (path, None, why) when the file cannot be read."""
    del progress, cancel  # one header read: nothing to report
    try:
        if kind == "golden":
            arr = load_golden(path)
            return path, [TensorEntry("output", 0, str(arr.dtype), "ND", tuple(arr.shape), None)], ""
        dump: DumpFile = read_dump(path)
    except DumpError as exc:
        return path, None, str(exc)
    return path, [TensorEntry(t.role, t.index, dtype_name(t), t.format, tuple(t.shape),
                              None if t.original_shape is None else tuple(t.original_shape))
                  for t in (*dump.inputs, *dump.outputs)], ""


def _load(path: str, kind: str, role: str, index: int, device_layout: bool, *, progress: ProgressFn,
          cancel: CancelToken) -> tuple[tuple[str, str, int, bool], TensorDisplay]:
    """Worker body: read one tensor (restored to its original shape unless ``device_layout``) and
    prepare everything its plots need."""
    if kind == "golden":
        arr = load_golden(path)
    else:
        dump = read_dump(path)
        tensor: DumpTensor = (dump.inputs if role == "input" else dump.outputs)[index]
        arr = tensor.device_array() if device_layout else tensor.array()
    return (path, role, index, device_layout), prepare_display(arr, progress=progress, cancel=cancel)


def _number(value: float | None) -> str:
    return "—" if value is None else number_text(value)


class TensorView(QWidget):
    """Shows the tensors of the selected record; ``tensorShown(name)`` fires once a tensor is plotted."""

    tensorShown = Signal(str)
    tensorsListed = Signal(int)
    listFailed = Signal(str)  # why the record's tensors cannot be listed
    readProblem = Signal(str, str)  # path, reason: a file whose tensors cannot be listed or read

    def __init__(self, parent: QWidget | None = None, runner: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        self._path = ""
        self._kind = ""
        self._entries: list[TensorEntry] = []
        self._shown_entry: TensorEntry | None = None
        self.listing = LatestTask(self._runner, self)
        self.listing.finished.connect(self._listed)
        self.listing.failed.connect(self._failed)
        self.loading = LatestTask(self._runner, self)
        self.loading.finished.connect(self._loaded)
        self.loading.failed.connect(self._failed)
        self.loading.cancelled.connect(self._load_cancelled)
        self.tensors = QTreeWidget()
        self.tensors.setObjectName("tensor_list")
        self.tensors.setHeaderLabels([tr("Tensor"), tr("dtype"), tr("Format"), tr("Shape"), tr("Original shape")])
        self.tensors.setRootIsDecorated(False)
        self.tensors.setIndentation(0)
        self.tensors.currentItemChanged.connect(self._tensor_chosen)
        self.tensors.itemClicked.connect(self._tensor_clicked)
        self.device_layout = QCheckBox(tr("Device layout"))
        self.device_layout.setObjectName("device_layout")
        self.device_layout.setToolTip(tr("Show the raw device layout (e.g. NC1HWC0) instead of the original shape"))
        self.device_layout.toggled.connect(self._reload)
        self._summary: dict[str, QLabel] = {}
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        labels = _summary_labels()
        for name in SUMMARY_FIELDS:
            label = QLabel("—")
            label.setObjectName(f"summary_{name.replace(' ', '_')}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self._summary[name] = label
            form.addRow(labels.get(name, name), label)
        self.plot = TensorPlot(runner=self._runner)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.tensors, 1)
        left_layout.addWidget(self.device_layout)
        left_layout.addLayout(form)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.plot)
        split.setStretchFactor(1, 3)
        split.setSizes([400, 900])
        self.loading_bar = LoadingBar(self.loading)
        self.listing_bar = LoadingBar(self.listing)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.listing_bar)
        layout.addWidget(self.loading_bar)
        layout.addWidget(split, 1)

    def show_record(self, root: str, record: DumpRecord | None) -> None:
        """List the tensors of a tensor dump or golden .npy (other kinds clear the view). The view is
        cleared at once; results still arriving for the previous record are dropped."""
        self.listing.clear()
        self._clear_tensor()
        self.tensors.blockSignals(True)
        self.tensors.clear()
        self.tensors.blockSignals(False)
        self._entries = []
        if record is None or record.kind not in ("tensor", "golden", "exception"):
            self._path = self._kind = ""
            return
        self._path, self._kind = os.path.join(root, record.path), record.kind
        self.listing.start(os.path.basename(record.path), _entries, self._path, record.kind)

    def _clear_tensor(self, title: str = "") -> None:
        """Drop the shown tensor and any load in flight (the plot, summary and exports are emptied)."""
        self.loading.clear()
        self._shown_entry = None
        self.plot.set_display(None, title)
        self._fill_summary(None, None)

    def _load_cancelled(self) -> None:
        self._clear_tensor(tr("Loading cancelled: click the tensor to load it again."))

    def _tensor_clicked(self, *_args) -> None:
        if self.plot.display() is None and not self.loading.busy:
            self._reload()

    def _failed(self, exc: BaseException) -> None:
        self._clear_tensor(tr("The tensor could not be read."))
        self.readProblem.emit(self._path, str(exc))
        show_error(self, exc, tr("Reading the tensor"))

    def _listed(self, result: tuple[str, list[TensorEntry] | None, str]) -> None:
        path, entries, problem = result
        if entries is None:
            self.readProblem.emit(path, problem)
            self.listFailed.emit(tr("Cannot show the tensors of {path}:").format(path=path) + f"\n{problem}")
            return
        self.tensors.blockSignals(True)  # a second listing of the same file replaces the first
        self.tensors.clear()
        self.tensors.blockSignals(False)
        self._entries = entries
        for entry in entries:
            orig = "" if entry.original_shape is None else shape_text(entry.original_shape)
            QTreeWidgetItem(self.tensors, [entry.name, entry.dtype, entry.format, shape_text(entry.shape), orig])
        for col in range(5):
            self.tensors.resizeColumnToContents(col)
        self.tensorsListed.emit(len(entries))
        outputs = [k for k, e in enumerate(entries) if e.role == "output"]
        if entries:
            self.tensors.setCurrentItem(self.tensors.topLevelItem(outputs[0] if outputs else 0))

    def entries(self) -> list[TensorEntry]:
        return list(self._entries)

    def select_tensor(self, role: str, index: int) -> bool:
        """Show ``role:index`` (e.g. ``output``, 0); False if the record has no such tensor."""
        for row, entry in enumerate(self._entries):
            if (entry.role, entry.index) == (role, index):
                self.tensors.setCurrentItem(self.tensors.topLevelItem(row))
                return True
        return False

    def summary(self) -> dict[str, str]:
        """The summary texts as shown (for tests and copy)."""
        return {name: label.text() for name, label in self._summary.items()}

    def _tensor_chosen(self, *_args) -> None:
        self._reload()

    def _reload(self) -> None:
        row = self.tensors.indexOfTopLevelItem(self.tensors.currentItem()) if self.tensors.currentItem() else -1
        self._clear_tensor()
        if not (0 <= row < len(self._entries)):
            return
        entry = self._entries[row]
        device = self.device_layout.isChecked()
        self._shown_entry = entry
        self.loading.start(f"{os.path.basename(self._path)} {entry.name}", _load, self._path, self._kind,
                           entry.role, entry.index, device)

    def _loaded(self, result: tuple[tuple[str, str, int, bool], TensorDisplay]) -> None:
        key, display = result
        path, device, entry = key[0], key[3], self._shown_entry
        title = f"{os.path.basename(path)} — {entry.name}"
        if device:
            title = tr("{title} (device layout)").format(title=title)
        self.plot.set_display(display, title)
        self.plot.set_export_hint(os.path.dirname(path), f"{os.path.basename(path)}.{entry.role}_{entry.index}")
        self._fill_summary(entry, display)
        self.tensorShown.emit(entry.name)

    def _fill_summary(self, entry: TensorEntry | None, display: TensorDisplay | None) -> None:
        if entry is None or display is None:
            for label in self._summary.values():
                label.setText("—")
            return
        s = display.stats
        texts = {
            "dtype": entry.dtype, "format": entry.format, "device shape": shape_text(entry.shape),
            "original shape": "—" if entry.original_shape is None else shape_text(entry.original_shape),
            "min": _number(s.min), "max": _number(s.max), "mean": _number(s.mean), "std": _number(s.std),
            "NaN": f"{s.nan:,}", "+Inf": f"{s.pos_inf:,}", "-Inf": f"{s.neg_inf:,}",
        }
        for name, text in texts.items():
            self._summary[name].setText(text)
