"""Offscreen screenshots of every mode, populated, at 1024x700 (the first hour of a new user): the demo in
Configure, Browse and Compare, its graph, an msprobe run with its bench in Graph, a ranks matrix, an msprobe
tree in Browse, and the Run in emulator
dialog with the mixed_precision model.

Run: python scripts/screenshots_tabs.py [--out docs/screenshots] [--dark] [--lang zh_CN]
Writes first-hour-{mode}{-dark}{-zh_CN}.png.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import _shots

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared population of tests/ui/populated.py


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from tests.ui.populated import demo_window, show_graph, show_msprobe, show_ranks

    app, suffix = _shots.start(out, dark, language)
    grab = _shots.Grabber(out, suffix)

    def wait(condition, timeout):
        end = time.monotonic() + timeout / 1000
        while not condition() and time.monotonic() < end:
            app.processEvents()
            time.sleep(0.01)

    def settle():
        for _ in range(30):
            app.processEvents()
            time.sleep(0.005)

    folder = Path(tempfile.mkdtemp(prefix="shots-first-hour-"))
    window = demo_window(folder, wait)
    window.resize(1024, 700)
    for name in ("configure", "browse", "compare"):
        window.tabs.setCurrentWidget(getattr(window, f"{name}_panel" if name != "configure" else "config_panel"))
        settle()
        grab(window, f"first-hour-{name}")
    show_graph(window, wait)
    settle()
    grab(window, "first-hour-graph")
    graph = window.graph_panel   # an msprobe run with its bench: the widest the Graph toolbar gets
    npu, bench = (Path(__file__).resolve().parents[1] / "tests" / "core" / "graph" / "data" / "msprobe" / f"{side}_mix"
                  for side in ("npu", "bench"))
    graph.open_msprobe(npu, bench=bench)
    wait(lambda: graph.msprobe is not None and graph.msprobe.bench is not None and not graph.busy, 30_000)
    settle()
    grab(window, "first-hour-graph-msprobe")
    show_ranks(window, folder, wait)
    settle()
    grab(window, "first-hour-ranks")
    show_msprobe(window, folder, wait)
    settle()
    grab(window, "first-hour-browse-msprobe")
    window.config_panel.new_config("acl_json", {"dump_path": "out", "dump_step": "10",
                                                "dump_list": [{"model_name": "mixed_precision"}]})
    dialog = window.run_emulator()
    settle()
    grab(dialog, "first-hour-run-emulator")
    dialog.reject()
    window.config_panel.undo_stack.setClean()
    wait(lambda: not window.runner.active, 30_000)
    window.close()
    QApplication.processEvents()
    return grab.written


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
