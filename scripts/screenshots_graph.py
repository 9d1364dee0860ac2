"""Offscreen screenshots of the Graph mode: docs/screenshots/graph*.png.

Run: python scripts/screenshots_graph.py [--out docs/screenshots] [--dark] [--lang zh_CN]
graph.png: the demo's model (the float16-overflow MLP) after Compare, first divergence highlighted with the path
from the inputs, the original graph beside it; graph-resnet.png: the largest real GE graph dump in
../shared/real-world/graphs (ResNet-50 after fusion, 170 ops), searched for an original op name (skipped when
../shared is absent); graph-msprobe.png: an msprobe run (level mix) beside its bench, coloured by msprobe's
verdicts, at the first divergence; graph-msprobe-backward.png: its backward calls.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import _shots
from screenshots_browse_compare import emulate_tree, wait_until

RESNET = Path(__file__).resolve().parents[2] / "shared" / "real-world" / "graphs" / "ge_proto_00000062_Build.txt"
MSPROBE = Path(__file__).resolve().parents[1] / "tests" / "core" / "graph" / "data" / "msprobe"


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    """Write the Graph screenshots in ``language``; returns the files."""

    app, suffix = _shots.start(out, dark, language)
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    over = emulate_tree(tmp / "overflow", "overflow_fp16",
                        {"dump_list": [{"model_name": "overflow_fp16"}], "dump_mode": "all"})
    grab = _shots.Grabber(out, suffix)
    window = _shots.main_window()
    compare, panel = window.compare_panel, window.graph_panel
    results, coloured = [], []
    compare.finished.connect(results.append)
    panel.overlayShown.connect(lambda: coloured.append(1))
    compare.set_inputs(over[1], over[2], over[3])
    compare.run()
    wait_until(app, lambda: bool(results) and bool(coloured) and not panel.busy)
    window.tabs.setCurrentWidget(panel)
    wait_until(app, lambda: not panel.busy)
    panel.go_to_first_divergence()
    wait_until(app, lambda: not panel.busy)
    for side in (panel.npu_side, panel.original_side):
        side.canvas.fit_all()
    app.processEvents()
    grab(window, "graph")

    if RESNET.is_file():
        shown = []
        panel.graphShown.connect(lambda: shown.append(1))
        panel.open_graph(RESNET)
        wait_until(app, lambda: bool(shown) and not panel.busy)
        panel.search.setText("bn2a")
        wait_until(app, lambda: not panel.busy)
        canvas = panel.npu_side.canvas
        canvas.resetTransform()
        canvas.zoom_by(0.8)
        canvas.centerOn(canvas.boxes[canvas.selected_keys()[0]])
        app.processEvents()
        grab(window, "graph-resnet")
    shoot_msprobe(app, window, grab)
    window.runner.cancel_all()
    window.runner.wait(10_000)
    window.close()
    return grab.written


def shoot_msprobe(app, window, grab) -> None:
    """The msprobe pair (level mix): forward at the first divergence, then backward."""
    panel = window.graph_panel
    window.tabs.setCurrentWidget(panel)
    shown = []
    panel.graphShown.connect(lambda: shown.append(1))
    panel.open_msprobe(MSPROBE / "npu_mix", bench=MSPROBE / "bench_mix")
    wait_until(app, lambda: bool(shown) and not panel.busy)
    panel.go_to_first_divergence()
    wait_until(app, lambda: not panel.busy)
    for side in (panel.npu_side, panel.original_side):
        side.canvas.fit_all()
    app.processEvents()
    grab(window, "graph-msprobe")
    shown.clear()
    index = panel.direction.findData("backward")
    panel.direction.setCurrentIndex(index)
    panel.direction.activated.emit(index)
    wait_until(app, lambda: bool(shown) and not panel.busy)
    panel.npu_side.show_expanded(frozenset(panel.loaded.npu.groups) - {""})
    panel.original_side.show_expanded(frozenset(panel.loaded.original.groups) - {""})
    wait_until(app, lambda: not panel.busy)
    for side in (panel.npu_side, panel.original_side):
        side.canvas.fit_all()
    app.processEvents()
    grab(window, "graph-msprobe-backward")


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
