"""The Compare inputs: NPU and golden paths (folders or files), metrics and accuracy thresholds."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QWidget,
)

from ascend_dump_gui.core.metrics.metrics import METRIC_NAMES
from ascend_dump_gui.core.metrics.msprobe_metrics import Tolerance, Tolerances
from ascend_dump_gui.ui.elided_label import ElidedLabel
from ascend_dump_gui.ui.i18n import tr


def threshold_specs() -> tuple[tuple[str, str, str, int, float], ...]:
    """(field, label, tooltip, decimals, maximum) of each threshold, in the current language."""
    return (
        ("cos_min", tr("cosine ≥"), tr("Warn below this cosine; fail when the max abs error is also too big"),
         4, 1.0),
        ("max_abs_max", tr("max abs ≤"), tr("Warn above this max absolute error"), 6, 1e6),
        ("cos_floor", tr("cosine floor"), tr("Fail below this cosine whatever the error"), 4, 1.0),
        ("max_abs_ceiling", tr("max abs ceiling"), tr("Fail above this max absolute error whatever the cosine"),
         4, 1e9),
    )


class PathRow(QWidget):
    """A path box with buttons to pick a folder or a file; ``edited`` when the user changed it."""

    edited = Signal()

    def __init__(self, name: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit()
        self.edit.setObjectName(f"{name}_path")
        self.edit.setPlaceholderText(placeholder)
        folder, file = QToolButton(), QToolButton()
        folder.setText(tr("Folder…"))
        file.setText(tr("File…"))
        folder.clicked.connect(self._pick_folder)
        file.clicked.connect(self._pick_file)
        self.edit.textEdited.connect(self.edited)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(folder)
        layout.addWidget(file)

    def path(self) -> str:
        return self.edit.text().strip()

    def set_path(self, path: str) -> None:
        self.edit.setText(path)

    def _pick_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("Choose a folder"), self.path())
        if path:
            self.edit.setText(path)
            self.edited.emit()

    def _pick_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Choose a dump or .npy file"), self.path())
        if path:
            self.edit.setText(path)
            self.edited.emit()


class CompareInputs(QWidget):
    """Where to read from and how to judge: NPU, golden, an optional graph, metrics, thresholds."""

    referenceNamed = Signal(str)  # what the second input is called now ("golden", "reference dump")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.npu = PathRow("npu", tr("NPU dump folder or file"))
        self.golden = PathRow("golden", tr("Golden dump folder or file"))
        self.graph = PathRow("graph", tr("Optional: GE graph dump (ge_proto*Build*.txt) for fused ops and order"))
        self.npu.edited.connect(self._npu_edited)
        self.graph_used = ElidedLabel()
        self.graph_used.setObjectName("graph_used")
        self.metrics_button = QToolButton()
        self.metrics_button.setObjectName("metrics_button")
        self.metrics_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.metrics_button)
        self._metric_actions = {}
        for name in METRIC_NAMES:
            action = menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(True)
            action.toggled.connect(self._update_metrics_text)
            self._metric_actions[name] = action
        self.metrics_button.setMenu(menu)
        self._update_metrics_text()
        self.spins: dict[str, QDoubleSpinBox] = {}
        thresholds = QHBoxLayout()
        default = Tolerance()
        for field, label, tip, decimals, maximum in threshold_specs():
            spin = QDoubleSpinBox()
            spin.setObjectName(f"threshold_{field}")
            spin.setDecimals(decimals)
            spin.setRange(0.0, maximum)
            spin.setSingleStep(10 ** -min(decimals, 3))
            spin.setValue(getattr(default, field))
            spin.setToolTip(tip)
            thresholds.addWidget(QLabel(label))
            thresholds.addWidget(spin)
            self.spins[field] = spin
        thresholds.addStretch(1)
        self._labels = (QLabel(tr("NPU")), QLabel(tr("Golden")), QLabel(tr("Graph")))
        self.reference_name = tr("golden")  # what the second input is called in plots and messages
        self.metrics_box = QWidget()
        metrics = QHBoxLayout(self.metrics_box)
        metrics.setContentsMargins(0, 0, 0, 0)
        metrics.addWidget(QLabel(tr("Metrics")))
        metrics.addWidget(self.metrics_button)
        metrics.addStretch(1)
        self.thresholds_box = QWidget()
        self.thresholds_box.setLayout(thresholds)
        thresholds.setContentsMargins(0, 0, 0, 0)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.narrow: bool | None = None
        self._arrange(narrow=False)

    def set_reference_kind(self, golden: bool) -> None:
        """Name the second input "Golden" (a golden dump) or "Reference" (another rank or step of the same run);
        ``referenceNamed`` tells the views that show it."""
        self.reference_name = tr("golden") if golden else tr("reference dump")
        self.referenceNamed.emit(self.reference_name)
        self._labels[1].setText(tr("Golden") if golden else tr("Reference"))
        self.golden.edit.setPlaceholderText(tr("Golden dump folder or file") if golden else
                                            tr("Reference dump folder or file (another rank or step)"))

    def _arrange(self, narrow: bool) -> None:
        """Wide: paths on the left, metrics, thresholds and the graph note on the right. Narrow: each path on
        its own full-width row, then the graph note, then metrics and thresholds on one row."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        grid = self._grid
        while grid.count():
            grid.takeAt(0)
        for column in range(4):
            grid.setColumnStretch(column, 0)
        for row, (label, path) in enumerate(zip(self._labels, (self.npu, self.golden, self.graph), strict=True)):
            grid.addWidget(label, row, 0)
            grid.addWidget(path, row, 1, 1, 1 if not narrow else 2)
        if narrow:
            grid.addWidget(self.graph_used, 3, 1, 1, 2)
            grid.addWidget(self.metrics_box, 4, 0, 1, 2)
            grid.addWidget(self.thresholds_box, 4, 2)
        else:
            grid.addWidget(self.metrics_box, 0, 2)
            grid.addWidget(self.thresholds_box, 1, 2)
            grid.addWidget(self.graph_used, 2, 2)
        grid.setColumnStretch(1, 1)

    def wide_enough(self, width: int) -> bool:
        """True when ``width`` leaves the paths at least 420 px beside metrics and thresholds."""
        side = max(self.metrics_box.sizeHint().width(), self.thresholds_box.sizeHint().width())
        return width >= 420 + side + 80

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._arrange(narrow=not self.wide_enough(event.size().width()))
        super().resizeEvent(event)

    def _npu_edited(self) -> None:
        """A graph dump chosen for the previous NPU dump would order another model's rows wrongly: drop it."""
        if self.graph.path():
            self.graph.set_path("")
            self.graph_used.setText(tr("Graph cleared: it was chosen for the previous NPU dump."))
            self.graph_used.setToolTip("")

    def show_graph_used(self, summary: dict) -> None:
        """Say which graph dump the last compare used (``summary["graph"]``/``["graph_source"]``), or none."""
        path = summary.get("graph")
        if not path:
            self.graph_used.setText(tr("No graph dump found next to the dump: order from timestamps"))
            self.graph_used.setToolTip(tr("Dump with DUMP_GE_GRAPH=2, or choose a ge_proto*_Build.txt file"))
            return
        sources = {"given": tr("chosen"), "in_dump_folder": tr("found in the dump folder"),
                   "found_near_dump": tr("found next to the dump")}
        source = sources.get(summary.get("graph_source") or "", tr("chosen"))
        self.graph_used.setText(tr("Graph used: {name} ({source})").format(name=Path(path).name, source=source))
        self.graph_used.setToolTip(str(path))

    def _update_metrics_text(self) -> None:
        chosen = self.metrics()
        self.metrics_button.setText(tr("all ten") if len(chosen) == len(METRIC_NAMES)
                                    else tr("{count} chosen").format(count=len(chosen)))

    def metrics(self) -> list[str]:
        """The ticked metric names, in msaccucmp's column order."""
        return [name for name, action in self._metric_actions.items() if action.isChecked()]

    def set_metrics(self, names: list[str]) -> None:
        for name, action in self._metric_actions.items():
            action.setChecked(name in names)

    def tolerances(self) -> Tolerances:
        """The thresholds as the engine's tolerances (the same for every dtype)."""
        return Tolerances(Tolerance(**{field: spin.value() for field, spin in self.spins.items()}))
