"""Offscreen screenshots of the Browse and Compare modes on real emulator trees: docs/screenshots/browse*.png
and compare*.png.

Run: python scripts/screenshots_browse_compare.py [--out docs/screenshots] [--dark] [--lang zh_CN]
(--lang writes *-zh_CN.png; Chinese needs a CJK font such as fonts-wqy-microhei or fonts-noto-cjk.)
The trees are emulated into a temporary folder: a convnet model dump (4-D tensors in device layouts) for
Browse, the float16-overflow model against its golden dump, and an injected memory overwrite caught by the
watcher scene for Compare.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import _shots

WATCHER = {"dump_list": [{"layer": ["dense_1/MatMul", "dense_1/Relu", "residual/Add"],
                          "watcher_nodes": ["dense/Relu"]}], "dump_mode": "output", "dump_scene": "watcher"}


def emulate_tree(base: Path, model: str, dump: dict, fault: str | None = None) -> tuple[Path, Path, Path, Path]:
    """(dump root, NPU step folder, golden step folder, Build graph) of one emulator run."""
    from ascend_dump_gui.core.emulator import emulate

    for sub in ("dump", "golden", "graphs"):
        (base / sub).mkdir(parents=True, exist_ok=True)
    config = base / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": str(base / "dump"), **dump}}))
    emulate(config, env={"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": str(base / "graphs")}, model=model, cwd=base,
            golden_dir=base / "golden", fault=fault)
    step = next(p for p in sorted((base / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return base / "dump", step, base / "golden" / "0", next((base / "graphs").rglob("*Build*.txt"))


def wait_until(app, condition, timeout: float = 60.0) -> None:
    """Run the event loop until ``condition()`` holds (a script, so spinning here is fine)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise SystemExit("timed out waiting for the window")
        app.processEvents()
        time.sleep(0.01)
    for _ in range(20):  # let layouts and plots settle
        app.processEvents()
        time.sleep(0.01)


def _open_step(window, app, root: Path, step: Path):
    """Open ``root`` in Browse and show the step folder ``step``; returns the Browse panel."""
    browse = window.browse_panel
    window.open_folder(root)
    wait_until(app, lambda: browse.index() is not None)
    rel = step.relative_to(root).as_posix()
    browse.select_folder(rel)
    wait_until(app, lambda: browse.shown_folder() == rel)
    return browse


def _browse(window, app, root: Path, step: Path, op: str, tab: str) -> None:
    browse = _open_step(window, app, root, step)
    browse.tree.expand(browse.tree.currentIndex())
    view = browse.record_view.tensor_view
    shown = []
    view.tensorShown.connect(shown.append)
    if not browse.select_op(op):
        raise SystemExit(f"no op {op!r} in {root}")
    wait_until(app, lambda: bool(shown) and not browse.ops.pending())
    view.plot.show_tab(tab)


def _browse_overflow(window, app, root: Path, step: Path) -> None:
    """An overflow dump: badges on the folders, the Opdebug record decoded as text."""
    browse = _open_step(window, app, root, step)
    opdebug = next(r for r in browse.ops.records() if r.kind == "overflow")
    texts = []
    browse.record_view.textShown.connect(texts.append)
    browse.select_record(opdebug.path)
    wait_until(app, lambda: bool(texts) and not browse.ops.pending())


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    """Write the Browse and Compare screenshots in ``language``; returns the files."""

    app, suffix = _shots.start(out, dark, language)
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    conv = emulate_tree(tmp / "convnet", "convnet", {"dump_list": [{"model_name": "convnet"}], "dump_mode": "all"})
    over = emulate_tree(tmp / "overflow", "overflow_fp16",
                        {"dump_list": [{"model_name": "overflow_fp16"}], "dump_mode": "all"})
    watch = emulate_tree(tmp / "watcher", "mlp", WATCHER, fault="overwrite")
    debug = emulate_tree(tmp / "opdebug", "overflow_fp16", {"dump_debug": "on"})
    grab = _shots.Grabber(out, suffix)
    window = _shots.main_window()
    _browse(window, app, conv[0], conv[1], "conv2conv2_relu", "heatmap")
    grab(window, "browse")
    window.browse_panel.record_view.tensor_view.plot.show_tab("values")
    app.processEvents()
    grab(window, "browse-values")
    _browse_overflow(window, app, debug[0], debug[1])
    grab(window, "browse-overflow")

    compare = window.compare_panel
    window.tabs.setCurrentWidget(compare)
    results = []
    compare.finished.connect(results.append)
    shown = []
    compare.rowShown.connect(shown.append)
    compare.set_inputs(over[1], over[2], over[3])
    compare.run()
    wait_until(app, lambda: bool(results) and bool(shown))
    grab(window, "compare")
    compare.plot.show_tab("histogram")
    compare.plot.set_log(True)
    compare.details.setCurrentIndex(1)
    app.processEvents()
    grab(window, "compare-overflows")

    results.clear()
    compare.set_inputs(watch[1], watch[2], watch[3])
    compare.run()
    wait_until(app, lambda: bool(results))
    compare.details.setCurrentWidget(compare.watcher_table)
    app.processEvents()
    grab(window, "compare-watcher")
    window.runner.cancel_all()
    window.runner.wait(10_000)
    window.close()
    return grab.written


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
