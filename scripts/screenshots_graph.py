"""Offscreen screenshots of the Graph mode: docs/screenshots/graph*.png.

Run: python scripts/screenshots_graph.py [--out docs/screenshots] [--dark] [--lang zh_CN]
graph.png: the demo's model (the float16-overflow MLP) after Compare, first divergence highlighted with the path
from the inputs, the original graph beside it; graph-resnet.png: the largest real GE graph dump in
../shared/real-world/graphs (ResNet-50 after fusion, 170 ops), searched for an original op name (skipped when
../shared is absent); graph-msprobe.png: an msprobe run (level mix) beside its bench, coloured by msprobe's
verdicts, at the first divergence; graph-msprobe-backward.png: its backward calls; graph-msprobe-ranks.png: two
ranks (two_rank, rank 1's second GELU output made 10x larger) with the rank x module map; graph-msprobe-pipeline.png:
a two-stage pipeline as one model.
"""

from __future__ import annotations

import json
import shutil
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

    pair = Path(tempfile.mkdtemp(prefix="shots-ranks-"))
    for side in ("npu", "bench"):
        shutil.copytree(MSPROBE / "real" / "two_rank", pair / side)
        for path in (pair / side).rglob("dump.json"):
            doc = json.loads(path.read_text())
            doc["task"] = "statistics"     # the copy has no tensor files: its statistics are compared
            if side == "npu" and path.parent.name == "rank1":
                out = doc["data"]["Functional.gelu.1.forward"]["output"][0]
                out["Max"], out["Norm"] = out["Max"] * 10, out["Norm"] * 10
            path.write_text(json.dumps(doc))
    shown.clear()
    index = panel.direction.findData("forward")
    panel.direction.setCurrentIndex(index)
    panel.open_msprobe(pair / "npu", bench=pair / "bench")
    wait_until(app, lambda: bool(shown) and not panel.busy)
    panel.show_rank_map()
    wait_until(app, lambda: not panel.busy and panel.rank_map.isVisible())
    model = panel.rank_map.model
    shown.clear()
    panel.rank_map.table.activated.emit(model.index(1, model.map.modules.index(model.map.first[1])))
    wait_until(app, lambda: bool(shown) and not panel.busy)
    panel.go_to_first_divergence()
    wait_until(app, lambda: not panel.busy)
    app.processEvents()
    grab(window, "graph-msprobe-ranks")

    shown.clear()
    panel.rank_map.hide()
    panel.open_msprobe(MSPROBE / "pipeline", "pipeline:step0")
    wait_until(app, lambda: bool(shown) and not panel.busy)
    panel.npu_side.show_expanded(frozenset(panel.loaded.npu.groups) - {""})
    wait_until(app, lambda: not panel.busy)
    panel.npu_side.canvas.fit_all()
    app.processEvents()
    grab(window, "graph-msprobe-pipeline")


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
