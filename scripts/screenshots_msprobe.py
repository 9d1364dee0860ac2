"""Screenshots of msprobe trees in the app: docs/screenshots/browse-msprobe*.png, compare-msprobe*.png and
configure-msprobe*.png, from emulator-written trees (an MLP with a fault at dense_1/MatMul).

Run: python scripts/screenshots_msprobe.py [--out docs/screenshots] [--dark] [--lang zh_CN]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _shots  # noqa: E402
from screenshots_browse_compare import wait_until  # noqa: E402


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree

    app, suffix = _shots.start(out, dark, language)
    tmp = Path(tempfile.mkdtemp(prefix="shots-msprobe-"))
    common = {"task": "tensor", "level": "mix", "ranks": (0, 1), "steps": (0, 1)}
    write_msprobe_tree(tmp / "npu", "mlp", MsprobeDumpSpec(**common, noise=1e-4, fault_op="dense_1/MatMul"))
    write_msprobe_tree(tmp / "bench", "mlp", MsprobeDumpSpec(**common))
    config = tmp / "config.json"
    config.write_text(json.dumps({"task": "tensor", "dump_path": str(tmp / "dump"), "rank": [0, "6-9"],
                                  "level": "L2", "async_dump": True,
                                  "tensor": {"scope": [], "list": [], "data_mode": ["all", "input"]}}))
    grab = _shots.Grabber(out, suffix)
    window = _shots.main_window()
    window.open_path(tmp / "npu")
    browser = window.browse_panel.msprobe
    wait_until(app, lambda: browser.tree is not None and browser.calls.topLevelItem(0) is not None)
    run_item = browser.calls.topLevelItem(0).child(0)
    wait_until(app, lambda: run_item.childCount() > 0)
    shown = []
    browser.tensorShown.connect(shown.append)
    it = QTreeWidgetItemIterator(run_item)
    while it.value() is not None and it.value().text(0) != "Torch.matmul.1.forward":
        it += 1
    it.value().setExpanded(True)
    it = QTreeWidgetItemIterator(run_item)
    while it.value() is not None:
        item = it.value()
        if item.text(0) == "output.0" and item.parent() and item.parent().text(0) == "Torch.matmul.1.forward":
            browser.calls.setCurrentItem(item)
            break
        it += 1
    wait_until(app, lambda: bool(shown))
    browser.plot.show_tab("heatmap")
    app.processEvents()
    grab(window, "browse-msprobe")

    compare = window.compare_panel
    window.tabs.setCurrentWidget(compare)
    compare.set_inputs(tmp / "npu", tmp / "bench")
    compare.run()
    view = compare.msprobe
    results, rows = [], []
    view.finished.connect(results.append)
    view.rowShown.connect(rows.append)
    wait_until(app, lambda: bool(results))
    view.go_to_first_divergence()
    wait_until(app, lambda: bool(rows))
    app.processEvents()
    grab(window, "compare-msprobe")

    window.open_path(config)
    app.processEvents()
    grab(window, "configure-msprobe")
    window.runner.cancel_all()
    window.runner.wait(10_000)
    window.close()
    return grab.written


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
