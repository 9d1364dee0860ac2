"""The Compare inputs: NPU and golden paths (folders or files), metrics and accuracy thresholds."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
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

from ascend_dump_gui.core.compare.metrics import METRIC_NAMES
from ascend_dump_gui.core.compare.msprobe_metrics import Tolerance, Tolerances
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

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.npu = PathRow("npu", tr("NPU dump folder or file"))
        self.golden = PathRow("golden", tr("Golden dump folder or file"))
        self.graph = PathRow("graph", tr("Optional: GE graph dump (ge_proto*Build*.txt) for fused ops and order"))
        self.npu.edited.connect(self._npu_edited)
        self.graph_used = QLabel()
        self.graph_used.setObjectName("graph_used")
        self.graph_used.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(tr("NPU")), 0, 0)
        grid.addWidget(self.npu, 0, 1)
        grid.addWidget(QLabel(tr("Golden")), 1, 0)
        grid.addWidget(self.golden, 1, 1)
        grid.addWidget(QLabel(tr("Graph")), 2, 0)
        grid.addWidget(self.graph, 2, 1)
        grid.addWidget(self.graph_used, 2, 2)
        metrics = QHBoxLayout()
        metrics.addWidget(QLabel(tr("Metrics")))
        metrics.addWidget(self.metrics_button)
        metrics.addStretch(1)
        grid.addLayout(metrics, 0, 2)
        grid.addLayout(thresholds, 1, 2)
        grid.setColumnStretch(1, 1)

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
