"""Offscreen screenshots of the Ranks view on an emulated 64-rank x 2-step tree: docs/screenshots/ranks*.png
(rank x step) and ranks-ops*.png (rank x op at step 0).

Run: python scripts/screenshot_ranks.py [--out docs/screenshots] [--dark] [--lang zh_CN]
Rank 37 drifts in dense_1/MatMul from step 0 on, rank 11 overflows at the last step; rank vs rank,
statistics first.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import _shots
from screenshots_browse_compare import wait_until


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks
    from ascend_dump_gui.ui.main_window import MainWindow

    app, suffix = _shots.start(out, dark, language)
    tmp = Path(tempfile.mkdtemp(prefix="shots-ranks-"))
    tree = emulate_ranks(tmp, ranks=64, steps=2, stats=True,
                         drift=Drift(37, 0, "dense_1/MatMul"), overflow_rank=11)
    window = MainWindow()
    window.resize(1500, 950)
    window.show()
    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    panel.set_inputs(tree.npu_root, tree.golden_root, mode="ranks")
    panel.run()
    wait_until(app, lambda: panel.result is not None and panel.run_button.isEnabled(), timeout=300)
    panel.table.scrollTo(panel.table.currentIndex(), panel.table.ScrollHint.PositionAtCenter)
    path = out / f"ranks{suffix}.png"
    window.grab().save(str(path))
    panel.show_ops_of(0)
    app.processEvents()
    ops_path = out / f"ranks-ops{suffix}.png"
    window.grab().save(str(ops_path))
    window.runner.wait(10_000)
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return [path, ops_path]


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
